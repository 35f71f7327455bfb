// The likelihood of a decision under the model's jitter (changeProbability), the logarithm it is
// summed as, and the grid of delays × margins it is summed over. Part of the fit to recorded people
// (./fit.ts; docs/reference-players.md, "Fitting to recorded people").

/** Candidate perception delays, frames. */
export const FIT_DELAYS: readonly number[] = Array.from({ length: 41 }, (_, d) => d);
/** The first pass's comfort margins (units); the second refines between the best one's neighbours. */
export const COARSE_MARGINS: readonly number[] = [4, 6, 9, 13, 18, 24, 32, 44, 60, 80];
/** The first pass rates every COARSE_DELAY_STEP-th delay; the second every delay within FINE_DELAYS of the best. */
export const COARSE_DELAY_STEP = 2;
export const FINE_DELAYS = 4;

/** Points of the midpoint rule over a move's own jitter in changeProbability. */
const JITTER_POINTS = 12;

/**
 * P(the model's new move is `mv`, given that it changed from `held`): every rating gets an
 * independent uniform jitter in ±noise (reference-controller.ts) and the best jittered move is
 * taken, so this is P(mv wins) / (1 − P(held wins)).
 */
export function changeProbability(score: ArrayLike<number>, held: number, mv: number, noise: number): number {
  if (noise <= 0) {
    let best = held === 0 ? 1 : 0;
    for (let m = 0; m < 9; m++) if (m !== held && score[m]! > score[best]!) best = m;
    return best === mv ? 1 : 0;
  }
  const pHeld = winProbability(score, held, noise);
  return pHeld >= 1 ? 0 : Math.min(1, winProbability(score, mv, noise) / (1 - pHeld));
}

/** P(move j has the best jittered rating of the 9). */
function winProbability(score: ArrayLike<number>, j: number, noise: number): number {
  const w = 2 * noise;
  let sum = 0;
  for (let k = 0; k < JITTER_POINTS; k++) {
    const e = -noise + (w * (k + 0.5)) / JITTER_POINTS;
    let prod = 1;
    for (let m = 0; m < 9 && prod > 0; m++) {
      if (m === j) continue;
      const z = (score[j]! - score[m]! + e + noise) / w;
      if (z <= 0) prod = 0;
      else if (z < 1) prod *= z;
    }
    sum += prod;
  }
  return sum / JITTER_POINTS;
}

const LN2 = 0.6931471805599453;

/** Natural logarithm of x > 0: halving into [1, 2), then the atanh series (pure layers avoid Math.log). */
export function ln(x: number): number {
  let e = 0;
  while (x >= 2) {
    x /= 2;
    e++;
  }
  while (x < 1) {
    x *= 2;
    e--;
  }
  const t = (x - 1) / (x + 1);
  const t2 = t * t;
  let term = t;
  let sum = 0;
  for (let k = 1; k < 30; k += 2) {
    sum += term / k;
    term *= t2;
  }
  return 2 * sum + e * LN2;
}

/** The likelihood of one pass over the grid delays × margins (delay-major). */
export interface Grid {
  delays: readonly number[];
  margins: readonly number[];
  /** Sum over decisions of ln P(new move). */
  loglik: Float64Array;
  /** Decisions whose new move is the best rated one (other than the held one). */
  exact: Float64Array;
  /** Sum of P(new move). */
  prob: Float64Array;
}

export function grid(delays: readonly number[], margins: readonly number[]): Grid {
  const n = delays.length * margins.length;
  return { delays, margins, loglik: new Float64Array(n), exact: new Float64Array(n), prob: new Float64Array(n) };
}

export function argmax(a: Float64Array): number {
  let b = 0;
  for (let j = 1; j < a.length; j++) if (a[j]! > a[b]!) b = j;
  return b;
}

/** The second pass's margins: the best coarse margin, its coarse neighbours and the points halfway. */
export function fineMargins(best: number): number[] {
  const k = COARSE_MARGINS.indexOf(best);
  const lo = COARSE_MARGINS[Math.max(0, k - 1)]!;
  const hi = COARSE_MARGINS[Math.min(COARSE_MARGINS.length - 1, k + 1)]!;
  return [...new Set([lo, Math.round((lo + best) / 2), best, Math.round((best + hi) / 2), hi])];
}
