import { describe, expect, it } from 'vitest';
import { meanCI, overlaps, proportionCI, t95, wilson } from '../../src/preset-eval/stats';

describe('confidence intervals', () => {
  it('Wilson: the textbook values, inside [0, 1] at 0 and n successes, narrower with more trials', () => {
    const w = wilson(10, 40);
    expect(w.value).toBe(0.25);
    expect(w.lo).toBeCloseTo(0.1419, 3);
    expect(w.hi).toBeCloseTo(0.4019, 3);
    expect(wilson(0, 20).lo).toBe(0);
    expect(wilson(0, 20).hi).toBeGreaterThan(0.1);
    expect(wilson(20, 20).hi).toBe(1);
    expect(wilson(50, 200).hi - wilson(50, 200).lo).toBeLessThan(w.hi - w.lo);
  });

  it('mean: t interval (n = 5 uses t = 2.776), a point for one sample', () => {
    const m = meanCI([1, 2, 3, 4, 5]);
    expect(m.value).toBe(3);
    expect(m.hi - 3).toBeCloseTo((2.776 * Math.sqrt(2.5)) / Math.sqrt(5), 9);
    expect(meanCI([4])).toMatchObject({ value: 4, lo: 4, hi: 4, n: 1 });
    expect(t95(1000)).toBeCloseTo(1.962, 2);
  });

  it('overlap', () => {
    expect(overlaps(wilson(5, 40), wilson(35, 40))).toBe(false);
    expect(overlaps(wilson(18, 40), wilson(22, 40))).toBe(true);
  });

  it('treats per-seed results (win 1, draw 0.5, loss 0) as a proportion and refuses other values', () => {
    expect(proportionCI([1, 1, 0.5, 0])).toEqual(wilson(2.5, 4));
    expect(proportionCI([1, 1, 1]).hi).toBe(1);
    expect(() => proportionCI([1, 2])).toThrow(/a sample is 2, not in 0..1/);
  });
});
