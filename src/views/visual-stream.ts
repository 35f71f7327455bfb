// Visual-only randomness (particles, shake): its own seeded stream per field, never read by the sim,
// so drawing can never change the game (Taisei's rand_visual).
import { matchStream, type Rng } from '../sim/rng';

/** Each field's visual-effects stream. */
export function matchStreamForView(seed: number, side: number): Rng {
  return matchStream(seed, `visual${side}`);
}
