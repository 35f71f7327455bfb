// The sim surface the match scene needs, in one import.
import { matchStream, type Rng } from '../sim/rng';
export { createMatch, FPS, MatchRunner, type MatchState } from '../sim';

/** Each field's visual-effects stream (never read by the sim). */
export function matchStreamForView(seed: number, side: number): Rng {
  return matchStream(seed, `visual${side}`);
}
