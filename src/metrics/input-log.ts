// What the human-likeness metrics read: one side's per-frame input bits and, where available, the
// ship's positions, the per-frame clearance to the nearest bullet and the frames the side was hit.
// docs/metrics.md defines every metric on these arrays.

export interface InputLog {
  /** Input bits of one side, one entry per 60 Hz frame. */
  inputs: ArrayLike<number>;
  /**
   * Ship position before frame 0 and after each frame (inputs.length + 1 entries each), so frame i
   * moved the ship from (x[i], y[i]) to (x[i+1], y[i+1]). Without them "time moving" is unknown.
   */
  x?: ArrayLike<number>;
  y?: ArrayLike<number>;
  /** Per frame, after it: surface distance from the ship to the nearest bullet (NaN when there is none). */
  clearance?: ArrayLike<number>;
  /** Frames at which the side was hit (0-based frame index, ascending). */
  hitFrames?: ArrayLike<number>;
  /** Frames per second (default 60). */
  fps?: number;
}

/** A window of frames [from, to) of a log; clipped to the log. */
export interface FrameRange {
  from: number;
  to: number;
}

/** The range clipped to [0, n): from ≤ to always. */
export function clipRange(n: number, range?: FrameRange): FrameRange {
  const from = Math.max(0, Math.min(n, Math.floor(range?.from ?? 0)));
  const to = Math.max(from, Math.min(n, Math.floor(range?.to ?? n)));
  return { from, to };
}
