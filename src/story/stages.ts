// Story mode's stage list (issue 24): for a player character, six stages — the five other roster
// characters in a fixed order, then the player's rival again as the final boss (config.finalBoss).
// The CPU preset and stage preset grow stage by stage from the chosen difficulty (docs/story.md).
// Pure: the scenes and Node tests share it.
import { ROSTER, getCharacter } from '../sim/characters';
import { DIFFICULTIES, stageConfig, type Difficulty, type MatchConfig } from '../sim/config';
import { getStagePreset } from '../sim/stage-preset';

export const STORY_STAGES = 6;

/**
 * Each character's rival, the final stage's boss: pairs whose motifs answer each other (dew and the
 * blade that scatters leaves, moths drawn to amber's lamp, the two birds of the sky and the water).
 */
export const RIVALS: Readonly<Record<string, string>> = {
  asagi: 'kurenai',
  kurenai: 'asagi',
  shion: 'kohaku',
  kohaku: 'shion',
  ruri: 'midori',
  midori: 'ruri',
};

/**
 * Built-in preset (CPU and stage alike) per stage, by difficulty. Each step holds two stages; a run
 * starts one step below the chosen difficulty and ends one step above it (Easy: never above Normal;
 * Lunatic: capped at Lunatic). Why: docs/story.md.
 */
export const STORY_LADDER: Readonly<Record<Difficulty, readonly Difficulty[]>> = {
  easy: ['easy', 'easy', 'easy', 'easy', 'normal', 'normal'],
  normal: ['easy', 'easy', 'normal', 'normal', 'hard', 'hard'],
  hard: ['normal', 'normal', 'hard', 'hard', 'lunatic', 'lunatic'],
  lunatic: ['hard', 'hard', 'lunatic', 'lunatic', 'lunatic', 'lunatic'],
};

/** Seconds per stage: 120 for stages 1–5, 180 for the boss (its phase needs the time). */
export const STAGE_SECONDS = 120;
export const FINAL_SECONDS = 180;
/** Lives of both sides: 3, the final 4 (the boss phase starts at half, 2). */
export const STAGE_LIVES = 3;
export const FINAL_LIVES = 4;

export interface StoryStage {
  /** 1-based. */
  number: number;
  opponent: string;
  /** Built-in CPU preset name of the opponent (cpu:NAME). */
  cpu: Difficulty;
  /** Built-in stage preset name. */
  stage: Difficulty;
  /** Seconds. */
  timeLimit: number;
  lives: number;
  finalBoss: boolean;
}

export function isStoryDifficulty(d: string): d is Difficulty {
  return (DIFFICULTIES as readonly string[]).includes(d);
}

function checkCharacter(character: string): void {
  if (!ROSTER.includes(character)) throw new Error(`story: '${character}' is not a roster character (${ROSTER.join(', ')})`);
}

/** The opponents in order: the roster after `character`, wrapping round, then its rival. */
export function storyOpponents(character: string): string[] {
  checkCharacter(character);
  const i = ROSTER.indexOf(character);
  const others = ROSTER.map((_, k) => ROSTER[(i + 1 + k) % ROSTER.length]!).filter((id) => id !== character);
  return [...others, RIVALS[character]!];
}

/** The six stages of a run. Throws for a character not in the roster or an unknown difficulty. */
export function storyStages(character: string, difficulty: string): StoryStage[] {
  if (!isStoryDifficulty(difficulty)) throw new Error(`story: unknown difficulty '${difficulty}' (${DIFFICULTIES.join(', ')})`);
  const ladder = STORY_LADDER[difficulty];
  return storyOpponents(character).map((opponent, k) => {
    const final = k === STORY_STAGES - 1;
    return {
      number: k + 1,
      opponent,
      cpu: ladder[k]!,
      stage: ladder[k]!,
      timeLimit: final ? FINAL_SECONDS : STAGE_SECONDS,
      lives: final ? FINAL_LIVES : STAGE_LIVES,
      finalBoss: final,
    };
  });
}

/** The match config of a stage: open stages, versus, the player as P1. */
export function stageMatchConfig(st: StoryStage, player: string, seed: number): Partial<MatchConfig> & { seed: number } {
  checkCharacter(player);
  getCharacter(st.opponent);
  return {
    seed,
    mode: 'versus',
    stages: 'open',
    ...stageConfig({ ...getStagePreset(st.stage), lives: st.lives, timeLimit: st.timeLimit }),
    p1Character: player,
    p2Character: st.opponent,
    finalBoss: st.finalBoss,
  };
}
