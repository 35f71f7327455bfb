// What the human-likeness metrics read: one side's per-frame input bits, and where available the
// per-frame clearance to the nearest bullet and the frames the side was hit.

export interface InputLog {
  /** Input bits of one side, one entry per 60 Hz frame. */
  inputs: ArrayLike<number>;
  /** Per frame: surface distance from the ship to the nearest bullet (NaN when there is none). */
  clearance?: ArrayLike<number>;
  /** Frames at which the side was hit. */
  hitFrames?: ArrayLike<number>;
  /** Frames per second (default 60). */
  fps?: number;
}
