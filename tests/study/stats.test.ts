import { describe, expect, it } from 'vitest';
import { describe as desc, dexp, mannWhitney, normalCdf, ranks, spearman, t975, wilcoxonSignedRank } from '../../src/study/stats';

describe('study statistics', () => {
  it('dexp and the normal CDF match known values', () => {
    for (const x of [-20, -3.5, -1, -0.1, 0, 0.5, 1, Math.LN10, 10, 50]) expect(dexp(x) / Math.exp(x)).toBeCloseTo(1, 12);
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959964)).toBeCloseTo(0.975, 6);
    expect(normalCdf(-1)).toBeCloseTo(0.158655254, 6);
  });

  it('mid-ranks share ties', () => {
    expect(ranks([10, 20, 20, 5])).toEqual({ ranks: [2, 3.5, 3.5, 1], tieTerm: 6 });
  });

  it('Wilcoxon signed-rank, exact: Hollander & Wolfe\u2019s depression data (W = 5, p = 0.0390625)', () => {
    const x = [1.83, 0.5, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.3];
    const y = [0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29];
    const r = wilcoxonSignedRank(x.map((v, i) => v - y[i]!));
    expect(r).toMatchObject({ n: 9, wPlus: 40, wMinus: 5, w: 5, exact: true });
    expect(r.p).toBeCloseTo(0.0390625, 10);
  });

  it('Wilcoxon signed-rank, normal approximation with ties and zeros (scipy: W = 36, p = 4.8086e-5)', () => {
    const d = [1, 2, 2, 3, -1, 4, 5, -2, 3, 3, 1, 2, 6, -1, 2, 3, 4, 1, 2, 3, 2, 1, 3, 4, -2, 1, 2, 3, 1, 2, 0, 0];
    const r = wilcoxonSignedRank(d);
    expect(r).toMatchObject({ n: 30, w: 36, exact: false });
    expect(r.p! / 4.8085751858086116e-5).toBeCloseTo(1, 3);
    expect(wilcoxonSignedRank([0, 0]).p).toBeNull();
  });

  it('Mann–Whitney U (scipy asymptotic, continuity corrected: U = 14, p = 0.10895)', () => {
    const r = mannWhitney([1, 2, 3, 3, 4, 5, 2], [3, 4, 4, 5, 5, 2, 5, 4]);
    expect(r.u).toBe(14);
    expect(r.p!).toBeCloseTo(0.10895497730634533, 4);
  });

  it('Spearman rho (scipy: 0.828571) and null for constant data', () => {
    expect(spearman([1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5])).toBeCloseTo(0.8285714285714287, 10);
    expect(spearman([1, 2, 3], [4, 4, 4])).toBeNull();
  });

  it('mean, SD and the t-based 95 % CI', () => {
    const d = desc([2, 4, 4, 4, 5, 5, 7, 9]);
    expect(d.mean).toBe(5);
    expect(d.sd).toBeCloseTo(2.138089935, 8);
    expect(d.ci95![1] - 5).toBeCloseTo((2.365 * 2.138089935) / Math.sqrt(8), 6);
    expect(t975(40)).toBeCloseTo(2.021075, 3);
    expect(desc([])).toEqual({ n: 0, mean: null, sd: null, ci95: null });
  });
});
