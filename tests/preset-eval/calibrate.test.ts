// Calibration on synthetic monotone functions with seeded noise: it finds the root within the noise,
// spends more seeds near the answer, and reports targets out of reach.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { calibrate, snap } from '../../src/preset-eval/calibrate';
import { proportionCI } from '../../src/preset-eval/stats';

/** Per-seed samples of f(x) + noise; seed k's noise is the same at every x (common random numbers) plus a part that is not. */
function noisy(f: (x: number) => number, sd: number) {
  const calls: { x: number; count: number }[] = [];
  const measure = async (x: number, from: number, count: number) => {
    calls.push({ x, count });
    return Array.from({ length: count }, (_, k) => {
      const r = seedrandom(`${from + k}:${x}`);
      const g = (r() + r() + r() + r() - 2) * Math.sqrt(3); // ~N(0, 1)
      return f(x) + sd * g;
    });
  };
  return { measure, calls };
}

describe('calibrate', () => {
  it('finds where a rising noisy line hits the target', async () => {
    const { measure, calls } = noisy((x) => 0.1 * x, 0.5);
    const r = await calibrate({ lo: 0, hi: 100, step: 1, target: 2, seeds: 8, maxSeeds: 128, measure });
    expect(r.reachable).toBe(true);
    expect(r.direction).toBe(1);
    expect(Math.abs(r.value - 20)).toBeLessThanOrEqual(3);
    expect(r.estimate.lo).toBeLessThanOrEqual(2.3);
    expect(r.estimate.hi).toBeGreaterThanOrEqual(1.7);
    // More seeds near the answer than at the far ends of the range.
    const seedsAt = (x: number) => calls.filter((c) => c.x === x).reduce((s, c) => s + c.count, 0);
    expect(seedsAt(r.value)).toBeGreaterThan(seedsAt(100));
    expect(r.seedsRun).toBe(calls.reduce((s, c) => s + c.count, 0));
  });

  it('finds the root of a falling curve on a fractional grid', async () => {
    const { measure } = noisy((x) => 1 - x * x, 0.05);
    const r = await calibrate({ lo: 0, hi: 1, step: 0.01, target: 0.5, seeds: 10, maxSeeds: 80, measure });
    expect(r.direction).toBe(-1);
    expect(Math.abs(r.value - Math.SQRT1_2)).toBeLessThanOrEqual(0.05);
    expect(r.value * 100).toBeCloseTo(Math.round(r.value * 100), 9);
  });

  it('reports a target out of reach and keeps the nearer end', async () => {
    const { measure } = noisy((x) => x / 10, 0.01);
    const r = await calibrate({ lo: 0, hi: 10, step: 1, target: 5, seeds: 4, maxSeeds: 8, measure });
    expect(r.reachable).toBe(false);
    expect(r.value).toBe(10);
  });

  it('calibrates a win rate (0/1 per seed) with intervals that stay inside 0..1', async () => {
    // P(win) falls linearly from 1 at x = 0 to 0 at x = 40; the target 0.75 is at x = 10.
    const measure = async (x: number, from: number, count: number) =>
      Array.from({ length: count }, (_, k) => (seedrandom(`w${from + k}:${x}`)() < 1 - x / 40 ? 1 : 0));
    const r = await calibrate({ lo: 0, hi: 40, step: 1, target: 0.75, seeds: 20, maxSeeds: 160, measure, interval: proportionCI });
    expect(r.direction).toBe(-1);
    expect(Math.abs(r.value - 10)).toBeLessThanOrEqual(4);
    for (const m of r.trace) {
      expect(m.lo).toBeGreaterThanOrEqual(0);
      expect(m.hi).toBeLessThanOrEqual(1);
    }
    // x = 0 wins every seed: a t interval would collapse to [1, 1], the Wilson interval does not.
    expect(r.trace[0]!.value).toBe(1);
    expect(r.trace[0]!.lo).toBeLessThan(1);
  });

  it('snaps to the grid within the range', () => {
    expect(snap(0.30000000000000004, 0, 1, 0.1)).toBe(0.3);
    expect(snap(7.6, 0, 7, 1)).toBe(7);
    expect(snap(-3, -120, 0, 10)).toBe(0);
  });
});
