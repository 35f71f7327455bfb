import { describe, expect, it } from 'vitest';
import { kaplanMeierMedian } from '../../src/preset-eval/survival';

describe('Kaplan–Meier median survival', () => {
  it('without censoring it is the lower median of the deaths', () => {
    expect(kaplanMeierMedian([10, 20, 30, 40], [true, true, true, true])).toEqual({ value: 20, atLeast: false });
    expect(kaplanMeierMedian([30, 10, 20], [true, true, true])).toEqual({ value: 20, atLeast: false });
  });

  it('a player alive at the end survived at least that long: censoring lifts the median', () => {
    // Plain median of [50, 60, 70, 180, 180] counts the two early KO wins (50, 60) as deaths: 70.
    // With them censored: deaths at 70 only among those at risk → S(70) = 2/3, never ≤ 0.5.
    expect(kaplanMeierMedian([50, 60, 70, 180, 180], [false, false, true, false, false])).toEqual({ value: 180, atLeast: true });
    // Known value: times 1..6, deaths at 1, 3, 4, 6, censored at 2 and 5.
    // S(1) = 5/6, S(3) = 5/6·3/4 = 0.625, S(4) = 0.625·2/3 ≈ 0.417 ≤ 0.5 → median 4.
    expect(kaplanMeierMedian([1, 2, 3, 4, 5, 6], [true, false, true, true, false, true])).toEqual({ value: 4, atLeast: false });
  });

  it('ties: deaths at a time count before censorings at it; empty input is NaN', () => {
    expect(kaplanMeierMedian([5, 5, 9], [true, false, true]).value).toBe(9);
    expect(kaplanMeierMedian([], []).value).toBeNaN();
  });
});
