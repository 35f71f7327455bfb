// Input-only human-likeness metrics (seed 004 §2.3.3: the AI pressed 1-frame movement keys about
// 60× as often as people did; its raters disliked restless direction changes).
import { Input, inputDirX, inputDirY } from '../sim/input';

const DIR_KEYS = [Input.UP, Input.DOWN, Input.LEFT, Input.RIGHT] as const;

/**
 * Movement-key presses that last exactly one frame: a key down on frame i and up on i−1 and i+1
 * (each of the four direction keys counted on its own; outside the log counts as up).
 */
export function oneFramePresses(inputs: ArrayLike<number>): number {
  const n = inputs.length;
  let count = 0;
  for (const key of DIR_KEYS) {
    for (let i = 0; i < n; i++) {
      if ((inputs[i]! & key) === 0) continue;
      const before = i > 0 && (inputs[i - 1]! & key) !== 0;
      const after = i + 1 < n && (inputs[i + 1]! & key) !== 0;
      if (!before && !after) count++;
    }
  }
  return count;
}

/** The 9-way movement a frame's bits produce (opposite keys cancel): 0 stay, else 1..8. */
export function moveCode(bits: number): number {
  const c = (inputDirX(bits) + 1) * 3 + (inputDirY(bits) + 1);
  return c === 4 ? 0 : c < 4 ? c + 1 : c;
}

/** Frames whose movement (stay or one of 8 directions) differs from the previous frame's. */
export function directionChanges(inputs: ArrayLike<number>): number {
  let count = 0;
  for (let i = 1; i < inputs.length; i++) if (moveCode(inputs[i]!) !== moveCode(inputs[i - 1]!)) count++;
  return count;
}

/** Fraction of frames in which the ship is asked to move (0 for an empty log). */
export function movingFraction(inputs: ArrayLike<number>): number {
  const n = inputs.length;
  return n === 0 ? 0 : movingFrames(inputs) / n;
}

/** Frames in which the ship is asked to move. */
export function movingFrames(inputs: ArrayLike<number>): number {
  let moving = 0;
  for (let i = 0; i < inputs.length; i++) if (moveCode(inputs[i]!) !== 0) moving++;
  return moving;
}
