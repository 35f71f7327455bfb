import { describe, expect, it } from 'vitest';
import { CpuController } from '../../src/cpu/cpu-controller';
import { BLUNDER_FRAMES } from '../../src/cpu/cpu-lapses';
import { getDodgePreset, parseDodgePreset, type DodgePreset } from '../../src/cpu/presets';
import { Input, moveBits } from '../../src/sim/input';
import { createMatch, step } from '../../src/sim/match';

// A cheap search (the novice's depth 2) keeps the test fast; the charge key on, so attacks could be sent.
const base = parseDodgePreset({ ...getDodgePreset('novice'), name: 'plain', cpu: { ...getDodgePreset('novice').cpu, charge: true } });
const withCpu = (o: Partial<DodgePreset['cpu']>, name = 'lapsing'): DodgePreset =>
  parseDodgePreset({ ...base, name, cpu: { ...base.cpu, ...o } });

/** The first side's inputs against an idle opponent on the Normal stage (infinite lives). */
function inputs(p: DodgePreset, frames: number, seed = 4): { bits: number[]; blundering: boolean[] } {
  const s = createMatch({ seed, mode: 'versus', infiniteLives: true });
  const c = new CpuController(p);
  const bits: number[] = [];
  const blundering: boolean[] = [];
  for (let f = 0; f < frames; f++) {
    const x = c.decide(s, 0);
    bits.push(x);
    blundering.push(c.blundering);
    step(s, x, 0);
  }
  return { bits, blundering };
}

describe('CPU lapses (what makes an easy CPU look easy)', () => {
  it('shootShare: the shot key is held about that share of the time, in spells', () => {
    const { bits } = inputs(withCpu({ shootShare: 0.4 }), 5400);
    const share = bits.filter((b) => b & Input.SHOT).length / bits.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.55);
    let changes = 0;
    for (let f = 1; f < bits.length; f++) if ((bits[f]! & Input.SHOT) !== (bits[f - 1]! & Input.SHOT)) changes++;
    expect(changes).toBeLessThan(45); // spells of seconds, not flicker
  });

  it('blunder: visible mistakes of BLUNDER_FRAMES frames holding one direction, about `blunder` a second', () => {
    const { bits, blundering } = inputs(withCpu({ blunder: 0.5 }), 3600);
    let starts = 0;
    for (let f = 1; f < bits.length; f++) {
      if (blundering[f] && !blundering[f - 1]) {
        starts++;
        // During the mistake the held move never changes, and it is a move (drifting), not standing.
        const move = moveBits(bits[f]!);
        for (let g = f; g < f + BLUNDER_FRAMES - 1 && g < bits.length; g++) expect(moveBits(bits[g]!)).toBe(move);
      }
    }
    // 60 s at 0.5 per second of non-blundering time: ≈ 30 × (1 − share of time in mistakes) ≈ 15–30.
    expect(starts).toBeGreaterThan(10);
    expect(starts).toBeLessThan(35);
  });

  it('presets without lapses play exactly as before (their own stream is never drawn)', () => {
    const plain = inputs(base, 1200).bits;
    const explicit = inputs(withCpu({ shootShare: 1, blunder: 0 }, 'plain'), 1200).bits;
    expect(explicit).toEqual(plain);
    expect(plain.every((b) => b & Input.SHOT)).toBe(true);
    // …and a preset with lapses does play differently (the comparison above could not pass by accident).
    expect(inputs(withCpu({ blunder: 0.5 }, 'plain'), 1200).bits).not.toEqual(plain);
  });

  it('attackAt 0 never charges an attack across (level 2 or 3), whatever the gauge', () => {
    const p = withCpu({ attackAt: 0 });
    const s = createMatch({ seed: 2, mode: 'versus', infiniteLives: true });
    const c = new CpuController(p);
    let sent = 0;
    for (let f = 0; f < 5400; f++) {
      s.sides[0]!.gauge = 300; // always full
      step(s, c.decide(s, 0), 0);
      for (const e of s.events) if (e.type === 'charge-attack' && e.side === 0 && e.level >= 2) sent++;
    }
    expect(sent).toBe(0);
  });
});
