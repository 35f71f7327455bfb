// Calibration: the value of one numeric parameter at which a noisy measurement hits a target.
// The measurement is assumed monotone in the parameter (its direction is found from the two ends).
// Noisy bisection: the midpoint is measured on seeds 0..n−1 (the same seeds at every value, so
// differences between values are not swamped by seed noise); when its 95 % CI contains the target,
// more seeds are added there (doubling up to maxSeeds) before deciding, so the seeds go where the
// answer is. It stops when the bracket is one step wide, or the CI at maxSeeds still contains the target.
import { meanCI, type Interval } from './stats';

export interface CalibrateOptions {
  /** Parameter range and the grid the answer is snapped to (ints: step 1). */
  lo: number;
  hi: number;
  step: number;
  target: number;
  /** Seeds of the first measurement at each value. */
  seeds: number;
  /** Most seeds measured at one value. */
  maxSeeds: number;
  /** Per-seed samples of the metric at `value`, for seeds `from`..`from + count − 1`. */
  measure: (value: number, from: number, count: number) => Promise<number[]>;
  /** The 95 % interval of the samples at one value (default: mean with a t interval; win rates: proportionCI). */
  interval?: (samples: readonly number[]) => Interval;
  /** Called after each measurement (progress). */
  onMeasure?: (m: Measurement) => void;
}

export interface Measurement extends Interval {
  param: number;
}

export interface CalibrateResult {
  /** The calibrated value (on the grid). */
  value: number;
  /** The metric at `value`: mean and 95 % CI over its seeds. */
  estimate: Measurement;
  /** Whether the target lies between the metric at the two ends of the range. */
  reachable: boolean;
  /** +1: the metric rises with the parameter, −1: falls. */
  direction: 1 | -1;
  /** Every measurement, in order. */
  trace: Measurement[];
  /** Seeds run in total. */
  seedsRun: number;
}

export function snap(v: number, lo: number, hi: number, step: number): number {
  const k = Math.round((v - lo) / step);
  const x = lo + k * step;
  // Round to the step's decimals so 0.1 + 0.2 style sums print cleanly.
  const frac = /\.(\d+)$/.exec(String(step));
  const dec = Math.min(12, (frac ? frac[1]!.length : 0) + 1);
  return Math.min(hi, Math.max(lo, Number(x.toFixed(dec))));
}

export async function calibrate(o: CalibrateOptions): Promise<CalibrateResult> {
  if (!(o.hi > o.lo)) throw new RangeError('calibrate: hi must be above lo');
  const samples = new Map<number, number[]>();
  const trace: Measurement[] = [];
  let seedsRun = 0;
  const measureTo = async (v: number, n: number): Promise<Measurement> => {
    const have = samples.get(v) ?? [];
    if (have.length < n) {
      const more = await o.measure(v, have.length, n - have.length);
      seedsRun += more.length;
      have.push(...more);
      samples.set(v, have);
    }
    const m = { param: v, ...(o.interval ?? meanCI)(have) };
    trace.push(m);
    o.onMeasure?.(m);
    return m;
  };
  let a = snap(o.lo, o.lo, o.hi, o.step);
  let b = snap(o.hi, o.lo, o.hi, o.step);
  let fa = await measureTo(a, o.seeds);
  let fb = await measureTo(b, o.seeds);
  const direction: 1 | -1 = fb.value >= fa.value ? 1 : -1;
  const above = (m: Interval) => (m.value - o.target) * direction; // > 0: the answer is below m's param
  const reachable = above(fa) <= 0 && above(fb) >= 0;
  if (!reachable) {
    const best = Math.abs(fa.value - o.target) <= Math.abs(fb.value - o.target) ? fa : fb;
    return { value: best.param, estimate: best, reachable, direction, trace, seedsRun };
  }
  let best = Math.abs(fa.value - o.target) <= Math.abs(fb.value - o.target) ? fa : fb;
  while (b - a > o.step * 1.0000001) {
    const mid = snap((a + b) / 2, o.lo, o.hi, o.step);
    if (mid === a || mid === b) break;
    let n = o.seeds;
    let m = await measureTo(mid, n);
    // The CI straddles the target: more seeds here before deciding which way to go.
    while (m.lo <= o.target && o.target <= m.hi && n < o.maxSeeds) {
      n = Math.min(o.maxSeeds, n * 2);
      m = await measureTo(mid, n);
    }
    if (Math.abs(m.value - o.target) < Math.abs(best.value - o.target) || (m.lo <= o.target && o.target <= m.hi)) best = m;
    if (m.lo <= o.target && o.target <= m.hi) break; // indistinguishable from the target at maxSeeds
    if (above(m) > 0) {
      b = mid;
      fb = m;
    } else {
      a = mid;
      fa = m;
    }
    best = [best, fa, fb].reduce((x, y) => (Math.abs(y.value - o.target) < Math.abs(x.value - o.target) ? y : x));
  }
  return { value: best.param, estimate: best, reachable, direction, trace, seedsRun };
}
