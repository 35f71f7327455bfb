// Input-only human-likeness metrics (seed 004 §2.3.3: the AI pressed 1-frame movement keys about
// 60× as often as people did; its raters disliked restless direction changes). Both count events
// at frames from..to−1 but look at the frames around the window, so a window never invents a
// press or a change at its edges.
import { Input, inputDirX, inputDirY } from '../sim/input';

const DIR_KEYS = [Input.UP, Input.DOWN, Input.LEFT, Input.RIGHT] as const;

/**
 * Movement-key presses that last exactly one frame: a direction key down on frame i and up on
 * i−1 and i+1, for i in [from, to). Each of the four direction keys counts on its own (a 1-frame
 * diagonal tap is 2); shot, focus and charge never count. Before and after the log counts as up.
 */
export function oneFramePresses(inputs: ArrayLike<number>, from = 0, to = inputs.length): number {
  const n = inputs.length;
  let count = 0;
  for (const key of DIR_KEYS) {
    for (let i = Math.max(0, from); i < Math.min(n, to); i++) {
      if ((inputs[i]! & key) === 0) continue;
      const before = i > 0 && (inputs[i - 1]! & key) !== 0;
      const after = i + 1 < n && (inputs[i + 1]! & key) !== 0;
      if (!before && !after) count++;
    }
  }
  return count;
}

/** The 9-way movement a frame's bits ask for (opposite keys cancel): 0 stay, else 1..8. */
export function moveCode(bits: number): number {
  const c = (inputDirX(bits) + 1) * 3 + (inputDirY(bits) + 1);
  return c === 4 ? 0 : c < 4 ? c + 1 : c;
}

/**
 * Frames i in [from, to), i ≥ 1, whose 9-way movement (stay or one of 8 directions) differs from
 * frame i−1's: starting, stopping and turning all count; frame 0 has nothing to change from.
 */
export function directionChanges(inputs: ArrayLike<number>, from = 0, to = inputs.length): number {
  let count = 0;
  for (let i = Math.max(1, from); i < Math.min(inputs.length, to); i++) if (moveCode(inputs[i]!) !== moveCode(inputs[i - 1]!)) count++;
  return count;
}
