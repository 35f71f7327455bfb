// Statistics for the study analysis: descriptive (simple-statistics), t-based 95 % CI, the Wilcoxon
// signed-rank test (exact for small n without ties, normal approximation with tie and continuity
// correction otherwise), the Mann–Whitney U test (normal approximation) for order effects, and
// Spearman's rank correlation. Pure: exp and the normal CDF are computed here with + − × ÷ only.
import { mean as ssMean, sampleCorrelation, sampleStandardDeviation } from 'simple-statistics';
import { dpowi } from '../geom/dmath';

const LN2 = Math.LN2;

/** e^x by range reduction (x = k·ln2 + r, |r| ≤ ln2/2) and a Taylor series; relative error < 1e-15. */
export function dexp(x: number): number {
  if (x > 709) return Infinity;
  if (x < -745) return 0;
  const k = Math.round(x / LN2);
  const r = x - k * LN2;
  let term = 1;
  let sum = 1;
  for (let i = 1; i < 30; i++) {
    term *= r / i;
    sum += term;
    if (Math.abs(term) < 1e-17 * Math.abs(sum)) break;
  }
  return k >= 0 ? sum * dpowi(2, k) : sum / dpowi(2, -k);
}

/** erfc(x) (Numerical Recipes' Chebyshev fit, fractional error < 1.2e-7). */
export function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const ans =
    t *
    dexp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? ans : 2 - ans;
}

/** Standard normal CDF. */
export function normalCdf(z: number): number {
  return 0.5 * erfc(-z / Math.SQRT2);
}

/** Two-sided p of a standard normal statistic. */
export function twoSidedP(z: number): number {
  return Math.min(1, erfc(Math.abs(z) / Math.SQRT2));
}

/** t(0.975, df) for df 1..30; beyond, the Cornish–Fisher expansion around z = 1.959964. */
const T975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function t975(df: number): number {
  if (df < 1) return NaN;
  if (df <= 30) return T975[Math.floor(df) - 1]!;
  const z = 1.959963984540054;
  const z3 = z * z * z;
  const z5 = z3 * z * z;
  return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df);
}

export interface Describe {
  n: number;
  mean: number | null;
  sd: number | null;
  /** 95 % CI of the mean (t distribution); null below n = 2. */
  ci95: [number, number] | null;
}

export function describe(xs: readonly number[]): Describe {
  const n = xs.length;
  if (n === 0) return { n, mean: null, sd: null, ci95: null };
  const m = ssMean(xs as number[]);
  if (n < 2) return { n, mean: m, sd: null, ci95: null };
  const sd = sampleStandardDeviation(xs as number[]);
  const h = (t975(n - 1) * sd) / Math.sqrt(n);
  return { n, mean: m, sd, ci95: [m - h, m + h] };
}

/** Mid-ranks (1-based) of xs, ties sharing their mean rank; also Σ(t³ − t) over tie groups. */
export function ranks(xs: readonly number[]): { ranks: number[]; tieTerm: number } {
  const idx = xs.map((_, i) => i).sort((a, b) => xs[a]! - xs[b]!);
  const r = new Array<number>(xs.length);
  let tieTerm = 0;
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && xs[idx[j + 1]!] === xs[idx[i]!]) j++;
    const mid = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) r[idx[k]!] = mid;
    const t = j - i + 1;
    tieTerm += t * t * t - t;
    i = j + 1;
  }
  return { ranks: r, tieTerm };
}

export interface SignedRank {
  /** Pairs with a non-zero difference (zeros are dropped, Wilcoxon's method). */
  n: number;
  /** Sum of the ranks of positive differences. */
  wPlus: number;
  wMinus: number;
  /** min(W+, W−). */
  w: number;
  /** Normal statistic (null when exact). */
  z: number | null;
  /** Two-sided p. */
  p: number | null;
  exact: boolean;
}

/** Number of subsets of {1..n} with each rank sum (the exact null distribution of W+). */
function signedRankCounts(n: number): Float64Array {
  const max = (n * (n + 1)) / 2;
  const c = new Float64Array(max + 1);
  c[0] = 1;
  for (let k = 1; k <= n; k++) for (let s = max; s >= k; s--) c[s]! += c[s - k]!;
  return c;
}

/**
 * Wilcoxon signed-rank test of paired differences d (x − y). Exact two-sided p when n ≤ 25 and the
 * |d| have no ties; otherwise the normal approximation with tie correction and continuity correction.
 */
export function wilcoxonSignedRank(d: readonly number[]): SignedRank {
  const nz = d.filter((x) => x !== 0);
  const n = nz.length;
  if (n === 0) return { n, wPlus: 0, wMinus: 0, w: 0, z: null, p: null, exact: false };
  const { ranks: r, tieTerm } = ranks(nz.map(Math.abs));
  let wPlus = 0;
  nz.forEach((x, i) => {
    if (x > 0) wPlus += r[i]!;
  });
  const total = (n * (n + 1)) / 2;
  const wMinus = total - wPlus;
  const w = Math.min(wPlus, wMinus);
  if (n <= 25 && tieTerm === 0) {
    const c = signedRankCounts(n);
    let tail = 0;
    for (let s = 0; s <= w; s++) tail += c[s]!;
    const p = Math.min(1, (2 * tail) / dpowi(2, n));
    return { n, wPlus, wMinus, w, z: null, p, exact: true };
  }
  const mu = total / 2;
  const sigma = Math.sqrt((n * (n + 1) * (2 * n + 1)) / 24 - tieTerm / 48);
  if (sigma === 0) return { n, wPlus, wMinus, w, z: 0, p: 1, exact: false };
  const z = (wPlus - mu - 0.5 * Math.sign(wPlus - mu)) / sigma;
  return { n, wPlus, wMinus, w, z, p: twoSidedP(z), exact: false };
}

export interface RankSum {
  n1: number;
  n2: number;
  /** U of the first sample. */
  u: number;
  z: number | null;
  p: number | null;
}

/** Mann–Whitney U test (normal approximation, tie and continuity corrected), two-sided. */
export function mannWhitney(x: readonly number[], y: readonly number[]): RankSum {
  const n1 = x.length;
  const n2 = y.length;
  if (n1 === 0 || n2 === 0) return { n1, n2, u: 0, z: null, p: null };
  const { ranks: r, tieTerm } = ranks([...x, ...y]);
  let r1 = 0;
  for (let i = 0; i < n1; i++) r1 += r[i]!;
  const u = r1 - (n1 * (n1 + 1)) / 2;
  const n = n1 + n2;
  const mu = (n1 * n2) / 2;
  const sigma = Math.sqrt(((n1 * n2) / 12) * (n + 1 - tieTerm / (n * (n - 1))));
  if (sigma === 0) return { n1, n2, u, z: 0, p: 1 };
  const z = (u - mu - 0.5 * Math.sign(u - mu)) / sigma;
  return { n1, n2, u, z, p: twoSidedP(z) };
}

/** Spearman's rho (Pearson correlation of mid-ranks); null below 3 pairs or with a constant side. */
export function spearman(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length || x.length < 3) return null;
  const rx = ranks(x).ranks;
  const ry = ranks(y).ranks;
  if (rx.every((v) => v === rx[0]) || ry.every((v) => v === ry[0])) return null;
  return sampleCorrelation(rx, ry);
}
