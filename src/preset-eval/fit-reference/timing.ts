// The hands' timing of recorded play, from the inputs alone: the 9-way move, the runs of it (press
// lengths and change intervals), the decision rhythm and the shot share they give. Part of the fit
// to recorded people (./fit.ts; docs/reference-players.md, "Fitting to recorded people").
import { Input, inputDirX, inputDirY, MOVE_BITS } from '../../sim/input';
import type { FitSource } from './types';

/** The low percentile of press lengths and of change intervals the timing estimates start from. */
export const LOW_PERCENTILE = 0.05;
/** Decision gaps are decisionFrames × U(GAP_LOW, GAP_HIGH) (reference-controller.ts). */
export const GAP_LOW = 0.75;
export const GAP_HIGH = 1.25;
/** Fewest intervals in the single-gap block for its mean; below it the estimate is the low percentile / GAP_LOW. */
const MIN_BLOCK = 20;

/** The 9-way move (index into MOVE_BITS) that input bits ask for; opposite keys cancel. */
export function moveIndex(bits: number): number {
  const dx = inputDirX(bits);
  const dy = inputDirY(bits);
  for (let m = 0; m < 9; m++) if (inputDirX(MOVE_BITS[m]!) === dx && inputDirY(MOVE_BITS[m]!) === dy) return m;
  return 0;
}

/** The q-quantile (0..1) of a list, the nearest rank below; NaN for an empty list. */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.floor(q * (s.length - 1))))]!;
}

/**
 * The mean decision gap from the intervals between direction changes. The model's gaps are
 * D·U(0.75, 1.25), so the shortest intervals (single gaps) fill the block [0.75·D, 1.25·D] and sums
 * of two gaps start at 1.5·D: the low percentile L finds the block's lower edge (≈ 0.75·D), and
 * the estimate is the mean of the intervals in [L, L·1.25/0.75] (the block, whose mean is D), or
 * L/0.75 when the block holds fewer than MIN_BLOCK intervals.
 */
export function decisionFramesFrom(intervals: readonly number[]): { value: number; low: number; block: number } {
  const low = quantile(intervals, LOW_PERCENTILE);
  if (!Number.isFinite(low)) return { value: Number.NaN, low, block: 0 };
  const hi = (low * GAP_HIGH) / GAP_LOW;
  let sum = 0;
  let n = 0;
  for (const v of intervals)
    if (v >= low && v <= hi) {
      sum += v;
      n++;
    }
  return { value: n >= MIN_BLOCK ? sum / n : low / GAP_LOW, low, block: n };
}

/**
 * The shootShare that makes the reference controller hold the shot key a share `measured` of the
 * frames: the same number, since its spells held and let go alternate with means in that
 * proportion (src/cpu/shot-spells.ts).
 */
export function shootShareFor(measured: number): number {
  return measured > 0 ? Math.min(1, measured) : 0;
}

/** Runs of one side's 9-way move: the intervals between changes and the presses among them. */
export class Hands {
  readonly presses: number[] = [];
  readonly intervals: number[] = [];
  frames = 0;
  focusFrames = 0;
  shotFrames = 0;
  sides = 0;
  replays = 0;

  add({ replay: r, sides }: FitSource): void {
    for (const side of sides) {
      const inputs = r.inputs[side]!;
      // The first run starts with the match, not with a change; the last one ends with it.
      let start = -1;
      for (let i = 0; i < r.frames; i++) {
        const bits = inputs[i]!;
        if (bits & Input.FOCUS) this.focusFrames++;
        if (bits & Input.SHOT) this.shotFrames++;
        if (i === 0) continue;
        const prev = moveIndex(inputs[i - 1]!);
        if (moveIndex(bits) === prev) continue;
        if (start >= 0) {
          this.intervals.push(i - start);
          if (prev !== 0) this.presses.push(i - start);
        }
        start = i;
      }
      this.frames += r.frames;
      this.sides++;
    }
    this.replays++;
  }
}
