import { describe, expect, it } from 'vitest';
import { CHARACTERS, getCharacter, ROSTER } from '../../src/sim/characters';
import { characterLabel, moveList, RANDOM, resolvePick, SHOT_WORDS, statBars } from '../../src/views/character-stats';

const roster = ROSTER.map(getCharacter);

describe('what the character select shows', () => {
  it('bars follow the stats across the roster: the fastest has the longest speed bar, a quicker charge a longer bar', () => {
    for (const [i, label, of] of [
      [0, 'Speed', (c: (typeof roster)[0]) => c.speed],
      [1, 'Focus', (c: (typeof roster)[0]) => c.focusSpeed],
      [2, 'Hitbox', (c: (typeof roster)[0]) => c.hitRadius],
      [3, 'Charge', (c: (typeof roster)[0]) => -c.chargeFrames],
    ] as const) {
      const bars = roster.map((c) => statBars(c, roster)[i]!);
      expect(bars.every((b) => b.label === label && b.fill >= 0.2 && b.fill <= 1)).toBe(true);
      const best = roster.reduce((a, b) => (of(b) > of(a) ? b : a));
      const worst = roster.reduce((a, b) => (of(b) < of(a) ? b : a));
      expect(statBars(best, roster)[i]!.fill).toBe(1);
      expect(statBars(worst, roster)[i]!.fill).toBeCloseTo(0.2, 9);
      // Ordered like the stat itself.
      for (const a of roster)
        for (const b of roster) if (of(a) > of(b)) expect(statBars(a, roster)[i]!.fill).toBeGreaterThan(statBars(b, roster)[i]!.fill);
    }
  });

  it('a roster where everyone is equal gets middling bars, not a division by zero', () => {
    const one = [roster[0]!, roster[0]!];
    expect(statBars(roster[0]!, one).map((b) => b.fill)).toEqual([0.6, 0.6, 0.6, 0.6]);
  });

  it('names the shot kind and the four named attacks', () => {
    for (const c of roster) {
      const moves = moveList(c);
      expect(moves.map((m) => m.label)).toEqual(['Shot', 'Charge', 'EX', 'Spell', 'Boss']);
      expect(moves.map((m) => m.name)).toEqual([SHOT_WORDS[c.shot.kind], c.charge.name, c.ex.name, c.spell.name, c.boss.name]);
    }
  });

  it('Random resolves to a roster id through the given random source; a roster pick stays', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 60; k++) seen.add(resolvePick(RANDOM, ROSTER, () => k / 60));
    expect([...seen].sort()).toEqual([...ROSTER].sort());
    expect(resolvePick(RANDOM, ROSTER, () => 0.9999999)).toBe(ROSTER[ROSTER.length - 1]);
    expect(resolvePick('ruri', ROSTER, () => 0)).toBe('ruri');
  });

  it('labels a character by name; the neutral ship and no character have none', () => {
    expect(characterLabel('kohaku')).toBe('Kohaku');
    expect(characterLabel('neutral')).toBe('');
    expect(characterLabel(undefined)).toBe('');
    expect(characterLabel('nobody')).toBe('nobody');
    expect(CHARACTERS[0]!.id).toBe('neutral');
  });
});
