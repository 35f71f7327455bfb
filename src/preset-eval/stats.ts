// Confidence intervals for the preset evaluation: win rates (Wilson score interval) and means
// (Student t). 95 % throughout.

export interface Interval {
  /** Point estimate. */
  value: number;
  lo: number;
  hi: number;
  /** Samples behind it. */
  n: number;
}

const Z95 = 1.959963984540054;
/** Two-sided 95 % t quantiles for 1..30 degrees of freedom. */
const T95 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086,
  2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];

export function t95(df: number): number {
  if (df < 1) return Infinity;
  return df <= 30 ? T95[df - 1]! : Z95 + 2.4 / df; // within 0.002 of the true quantile above 30
}

/**
 * Wilson score interval of a proportion: `successes` of `n` trials (a draw may count 0.5). Stays
 * inside [0, 1] and is sensible at 0 and n successes, unlike the normal approximation.
 */
export function wilson(successes: number, n: number): Interval {
  if (n <= 0) return { value: NaN, lo: 0, hi: 1, n: 0 };
  const p = successes / n;
  const z2 = Z95 * Z95;
  const den = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / den;
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / den;
  return { value: p, lo: Math.max(0, centre - half), hi: Math.min(1, centre + half), n };
}

/**
 * A rate measured per seed (1 win, 0.5 draw, 0 loss) as a proportion: its mean with the Wilson
 * interval, which stays inside [0, 1] where a t interval of 0/1 samples would not.
 */
export function proportionCI(xs: readonly number[]): Interval {
  let s = 0;
  for (const x of xs) {
    if (!(x >= 0 && x <= 1)) throw new RangeError(`proportionCI: a sample is ${x}, not in 0..1`);
    s += x;
  }
  return wilson(s, xs.length);
}

/** Mean with a 95 % t interval (lo = hi = mean for a single sample). */
export function meanCI(xs: readonly number[]): Interval {
  const n = xs.length;
  if (n === 0) return { value: NaN, lo: NaN, hi: NaN, n: 0 };
  let s = 0;
  for (const x of xs) s += x;
  const m = s / n;
  if (n === 1) return { value: m, lo: m, hi: m, n };
  let ss = 0;
  for (const x of xs) ss += (x - m) * (x - m);
  const half = t95(n - 1) * Math.sqrt(ss / (n - 1) / n);
  return { value: m, lo: m - half, hi: m + half, n };
}

/** Whether two intervals share any point. */
export function overlaps(a: Interval, b: Interval): boolean {
  return a.lo <= b.hi && b.lo <= a.hi;
}
