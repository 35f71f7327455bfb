// The match config of a study's clips and practice play, and the clip's frames. Pure (the game's
// "Record for a study" and the rater page use it as well as the Node tools).
import type { MatchConfig } from '../sim/config';
import { drillFrames } from '../sim/drill';
import type { Study } from './schema';

export const FPS = 60;

/** The match config of every clip of `variant` (and of the practice play): the study's drill, single field. */
export function drillConfig(
  study: { drill: Pick<Study['drill'], 'name' | 'seed'> },
  variant: string,
): Partial<MatchConfig> & { seed: number } {
  // Infinite lives: a clip always lasts its full length; hits are still counted and drawn. The time
  // limit is the drill's length, so the HUD clock counts down the drill.
  return {
    seed: study.drill.seed,
    mode: 'practice',
    stages: 'drill',
    difficulty: 'easy',
    drill: study.drill.name,
    drillVariant: variant,
    infiniteLives: true,
    timeLimit: drillFrames(study.drill.name),
  };
}

/** First frame, length and end frame of every clip. */
export function clipFrames(study: Pick<Study, 'clip'>): { start: number; frames: number; end: number } {
  const start = Math.round(study.clip.start * FPS);
  const frames = Math.round(study.clip.seconds * FPS);
  return { start, frames, end: start + frames };
}

/** What a replay recorded for a study carries in `extra.study` (the game's Record for a study, and study record). */
export interface StudyTag {
  id: string;
  player?: string;
  drill: string;
  variant: string;
}
