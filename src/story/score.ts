// Story score: the sim scores play itself (kills × chain, grazes 20, bullets cleared 10, charge
// attacks 1000 / 3000); a cleared stage adds a bonus for how it was cleared, times the stage number,
// so later stages are worth more. Every number is in docs/story.md.
import { FPS } from '../sim/constants';

/** Every cleared stage. */
export const CLEAR_BONUS = 1000;
/** Per life left at the end. */
export const LIFE_BONUS = 1000;
/** Cleared without being hit. */
export const NO_HIT_BONUS = 5000;
/** Per whole second left of the time limit (0 when it ran out). */
export const TIME_BONUS = 10;

export interface StageTally {
  stage: number;
  /** The match's own score (the sim's). */
  match: number;
  clear: number;
  lives: number;
  noHit: number;
  time: number;
  /** Sum of clear, lives, noHit and time, times the stage number. */
  bonus: number;
}

/** The bonus of a won stage. `framesLeft`: time limit minus frames played (≤ 0: none). */
export function stageTally(o: { stage: number; matchScore: number; livesLeft: number; hits: number; framesLeft: number }): StageTally {
  const m = o.stage;
  const clear = CLEAR_BONUS * m;
  const lives = LIFE_BONUS * Math.max(0, o.livesLeft) * m;
  const noHit = o.hits === 0 ? NO_HIT_BONUS * m : 0;
  const time = TIME_BONUS * Math.max(0, Math.floor(o.framesLeft / FPS)) * m;
  return { stage: o.stage, match: o.matchScore, clear, lives, noHit, time, bonus: clear + lives + noHit + time };
}
