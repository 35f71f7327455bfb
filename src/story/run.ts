// A story run as plain data: where it stands, the running score, continues, and what each match
// did to it. The scenes hold one and replace it with what these functions return.
import { FPS } from '../sim/constants';
import { stageTally, type StageTally } from './score';
import { storyStages, STORY_STAGES, type StoryStage } from './stages';

export type RunPhase = 'playing' | 'lost' | 'cleared' | 'over';

export interface StoryRun {
  character: string;
  difficulty: string;
  stages: readonly StoryStage[];
  /** 0-based index of the stage being played (or lost, or last cleared). */
  index: number;
  /** Running total: cleared stages' match scores and bonuses since the last continue. */
  score: number;
  continues: number;
  /** playing: a stage is up next or running; lost: waiting for Continue / Give up; cleared: saw the ending; over: gave up. */
  phase: RunPhase;
  tallies: readonly StageTally[];
  /** Library ids of the replays saved of this run's matches. */
  replayIds: readonly string[];
}

/** What a finished match gives the run (P1 is the player). */
export interface MatchOutcome {
  winner: number | null;
  frames: number;
  /** The player's side. */
  matchScore: number;
  hits: number;
  livesLeft: number;
  /** The match's time limit in frames (default: the stage's); the time bonus counts what was left of it. */
  timeLimit?: number;
  replayId?: string;
}

export interface StoryResult {
  difficulty: string;
  character: string;
  /** 1-based stage reached. */
  stage: number;
  cleared: boolean;
  score: number;
  continues: number;
  replayIds: string[];
}

export function newRun(character: string, difficulty: string): StoryRun {
  return {
    character,
    difficulty,
    stages: storyStages(character, difficulty),
    index: 0,
    score: 0,
    continues: 0,
    phase: 'playing',
    tallies: [],
    replayIds: [],
  };
}

export function currentStage(run: StoryRun): StoryStage {
  return run.stages[run.index]!;
}

/**
 * The run after a match of its current stage. A win (a draw is not one) adds the match score and the
 * stage bonus and moves on (or clears the story after the last stage); a loss waits for continueRun
 * or giveUp. Returns the tally of a won stage.
 */
export function afterMatch(run: StoryRun, o: MatchOutcome): { run: StoryRun; tally: StageTally | null } {
  if (run.phase !== 'playing') throw new Error(`story: a match ended while the run is ${run.phase}`);
  const replayIds = o.replayId ? [...run.replayIds, o.replayId] : run.replayIds;
  if (o.winner !== 0) return { run: { ...run, phase: 'lost', replayIds }, tally: null };
  const st = currentStage(run);
  const tally = stageTally({
    stage: st.number,
    matchScore: o.matchScore,
    livesLeft: o.livesLeft,
    hits: o.hits,
    framesLeft: (o.timeLimit ?? st.timeLimit * FPS) - o.frames,
  });
  const last = run.index === STORY_STAGES - 1;
  return {
    run: {
      ...run,
      score: run.score + o.matchScore + tally.bonus,
      index: last ? run.index : run.index + 1,
      phase: last ? 'cleared' : 'playing',
      tallies: [...run.tallies, tally],
      replayIds,
    },
    tally,
  };
}

/** Continue after a loss: the same stage again, the score back to 0, one more continue counted. */
export function continueRun(run: StoryRun): StoryRun {
  if (run.phase !== 'lost') throw new Error('story: continue only after a loss');
  return { ...run, score: 0, continues: run.continues + 1, phase: 'playing' };
}

export function giveUp(run: StoryRun): StoryRun {
  if (run.phase !== 'lost') throw new Error('story: give up only after a loss');
  return { ...run, phase: 'over' };
}

/** The run's result for the high-score table. */
export function storyResult(run: StoryRun): StoryResult {
  return {
    difficulty: run.difficulty,
    character: run.character,
    stage: run.index + 1,
    cleared: run.phase === 'cleared',
    score: run.score,
    continues: run.continues,
    replayIds: [...run.replayIds],
  };
}
