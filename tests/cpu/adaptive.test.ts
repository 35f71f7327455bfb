import { describe, expect, it } from 'vitest';
import { ADAPTIVE_MIN_STEP, ADAPTIVE_START, adaptiveStep, afterMatch, LADDER_STRENGTHS, newAdaptive } from '../../src/cpu/presets/adaptive';
import { getDodgePreset } from '../../src/cpu/presets';
import { strengthCpu } from '../../src/cpu/presets/strength';

describe('adaptive difficulty', () => {
  it('starts at Normal, and Normal is the built-in CPU at that strength', () => {
    expect(newAdaptive()).toEqual({ strength: ADAPTIVE_START, matches: 0, target: 0.5 });
    expect(ADAPTIVE_START).toBe(LADDER_STRENGTHS.normal);
    for (const pair of ['easy', 'normal', 'hard', 'lunatic'] as const) {
      const { name, label, description, ...values } = getDodgePreset(pair);
      const { name: _n, label: _l, description: _d, ...scale } = strengthCpu(LADDER_STRENGTHS[pair]);
      expect(values, pair).toEqual(scale);
    }
  });

  it('is monotone: a better result never gives a weaker next opponent', () => {
    for (const target of [0.3, 0.5, 0.7])
      for (let k = 0; k < 12; k++)
        for (const s of [0, 0.2, 0.5, 0.9, 1]) {
          const st = { strength: s, matches: k, target };
          const [lost, drew, won] = [0, 0.5, 1].map((w) => afterMatch(st, w).strength);
          expect(lost).toBeLessThanOrEqual(drew!);
          expect(drew).toBeLessThanOrEqual(won!);
          if (s > 0 && s < 1) expect(won).toBeGreaterThan(lost!);
        }
  });

  it('steps shrink as matches accumulate, to a floor; strength stays in 0..1; results are checked', () => {
    for (let k = 1; k < 40; k++) expect(adaptiveStep(k)).toBeLessThanOrEqual(adaptiveStep(k - 1));
    expect(adaptiveStep(1000)).toBe(ADAPTIVE_MIN_STEP);
    let st = newAdaptive(0.95);
    for (let k = 0; k < 10; k++) st = afterMatch(st, 1);
    expect(st.strength).toBe(1);
    expect(st.matches).toBe(10);
    expect(() => afterMatch(st, 0.3)).toThrow(/0, 0.5 or 1/);
    expect(() => newAdaptive(0.5, 0.95)).toThrow(/target/);
  });

  it('is deterministic and follows a player who keeps winning or losing', () => {
    const run = (results: number[]) => results.reduce((st, w) => afterMatch(st, w), newAdaptive(0.4));
    expect(run([1, 0, 1, 1])).toEqual(run([1, 0, 1, 1]));
    expect(run([1, 1, 1, 1, 1]).strength).toBeGreaterThan(0.4 + 0.2);
    expect(run([0, 0, 0, 0, 0]).strength).toBeLessThan(0.4 - 0.2);
  });
});
