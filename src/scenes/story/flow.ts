// The story run in play: the pure run (src/story) plus what the scenes need around it — the match
// setup of the current stage, the outcome read from the match's result, and the test overrides of
// the e2e build (story-test-hook.ts). One run at a time, kept in this module while the scenes come
// and go (match, result, story screens).
import type { JsonObject } from '../../replay/json';
import { afterMatch, currentStage, newRun, stageMatchConfig, type StageTally, type StoryRun } from '../../story';
import { freshSeed, type MatchSetup } from '../match-setup';
import type { ResultData } from '../result-scene';

/** The story's scenes: its screens (the match hands its result here: MatchSetup.resultScene) and its in-match score. */
export const STORY_SCENE = 'story';
export const STORY_HUD_SCENE = 'story-hud';

/** e2e only: who plays each side and how long, so a browser test can finish a stage quickly. */
export interface StoryTestOverrides {
  p1?: string;
  p2?: string;
  seed?: number;
  lives?: number;
  /** Frames. */
  timeLimit?: number;
}

export const story = {
  run: null as StoryRun | null,
  /** The tally of the stage just won (shown on the tally screen). */
  lastTally: null as StageTally | null,
  /** The difficulty and character last chosen on the start screen. */
  choice: { difficulty: 'normal', character: 'asagi' },
  test: null as StoryTestOverrides | null,
  /** Why the last match's replay was not saved (shown on the next screen), or null. */
  saveError: null as string | null,
};

export function beginRun(character: string, difficulty: string): StoryRun {
  story.choice = { difficulty, character };
  story.run = newRun(character, difficulty);
  story.lastTally = null;
  return story.run;
}

/** The replay tag of a story match (extra.story). */
export function storyTag(run: StoryRun): JsonObject {
  return { stage: currentStage(run).number, character: run.character, difficulty: run.difficulty };
}

/** The match of the run's current stage: the player is P1 (a person), the opponent the stage's CPU. */
export function stageSetup(run: StoryRun): MatchSetup {
  const st = currentStage(run);
  const t = story.test;
  const config = stageMatchConfig(st, run.character, t?.seed ?? freshSeed());
  if (t?.lives !== undefined) config.lives = t.lives;
  if (t?.timeLimit !== undefined) config.timeLimit = t.timeLimit;
  return { config, p1: t?.p1 ?? 'human', p2: t?.p2 ?? `cpu:${st.cpu}`, extra: { story: storyTag(run) }, resultScene: STORY_SCENE };
}

/** Whether a result screen's data is of the running story's current stage. */
export function isStoryResult(d: ResultData | undefined): d is ResultData {
  const tag = d?.setup?.extra?.story as JsonObject | undefined;
  const run = story.run;
  return !!tag && !!run && run.phase === 'playing' && tag.stage === currentStage(run).number && tag.character === run.character;
}

/** Applies a finished match (its result data and saved replay id) to the run. */
export function settleStage(d: ResultData, replayId: string | undefined): StoryRun {
  const run = story.run!;
  const me = d.sides[0]!;
  const r = afterMatch(run, {
    winner: d.winner,
    frames: d.frames,
    matchScore: me.score,
    hits: me.hits,
    livesLeft: me.lives,
    timeLimit: d.setup.config.timeLimit,
    replayId,
  });
  story.run = r.run;
  story.lastTally = r.tally;
  return r.run;
}
