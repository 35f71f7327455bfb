// "Time moving" from where the ship really went, not from the keys: pushing into a field edge or a
// maze wall asks to move but does not move, and that must not count.
import { SHIP_SPEED } from '../sim/constants';

/**
 * A step longer than this is a reset (a cleared maze puts the ship back at the next maze's start),
 * not movement: the ship covers at most SHIP_SPEED per frame, sliding along walls included.
 */
export const MAX_MOVE_STEP = 2 * SHIP_SPEED;

/**
 * Frames i in [from, to) in which the ship changed position: (x[i], y[i]) → (x[i+1], y[i+1])
 * differ, by at most MAX_MOVE_STEP. `x` and `y` hold the position before frame 0 and after every frame.
 */
export function movingFrames(x: ArrayLike<number>, y: ArrayLike<number>, from = 0, to = x.length - 1): number {
  const end = Math.min(to, x.length - 1, y.length - 1);
  let moving = 0;
  for (let i = Math.max(0, from); i < end; i++) {
    const dx = x[i + 1]! - x[i]!;
    const dy = y[i + 1]! - y[i]!;
    const d2 = dx * dx + dy * dy;
    if (d2 > 0 && d2 <= MAX_MOVE_STEP * MAX_MOVE_STEP) moving++;
  }
  return moving;
}
