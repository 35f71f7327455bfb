import { describe, expect, it } from 'vitest';
import { SHOT_SPELL, ShotSpells } from '../../src/cpu/shot-spells';
import { Rng } from '../../src/sim/rng';

describe('shot spells', () => {
  it('hold the key `share` of the time, in spells around SHOT_SPELL frames', () => {
    for (const share of [0.3, 0.6, 0.9]) {
      const rng = new Rng(`spells:${share}`);
      const spells = new ShotSpells(share);
      let held = 0;
      let runs = 0;
      let prev = false;
      const frames = 600_000;
      for (let f = 0; f < frames; f++) {
        const h = spells.held(() => rng);
        if (h) held++;
        if (h && !prev) runs++;
        prev = h;
      }
      expect(held / frames, `share ${share}`).toBeCloseTo(share, 1.5);
      expect(held / runs).toBeGreaterThan(0.85 * SHOT_SPELL);
      expect(held / runs).toBeLessThan(1.15 * SHOT_SPELL);
    }
  });

  it('never draws at the ends: always held at 1, never at 0', () => {
    const never = () => {
      throw new Error('drew');
    };
    const all = new ShotSpells(1);
    const none = new ShotSpells(0);
    for (let f = 0; f < 100; f++) {
      expect(all.held(never)).toBe(true);
      expect(none.held(never)).toBe(false);
    }
  });
});
