// A match is fully determined by (sim version, config, both sides' per-frame inputs).
import { CHASE_METHODS, type ChaseMethod } from '../world/chase/group';
import { DEFAULT_LIVES, DEFAULT_TIME_LIMIT } from './constants';
import { mazeSpecError, DEFAULT_MAZE } from './maze-rotation';

/** Bump whenever a rule change would alter the outcome of an existing replay. */
export const SIM_VERSION = 3;

export const DIFFICULTIES = ['easy', 'normal', 'hard', 'lunatic'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const MODES = ['versus', 'practice'] as const;
export type Mode = (typeof MODES)[number];
export const STAGE_SETS = ['open', 'maze'] as const;
export type StageSet = (typeof STAGE_SETS)[number];

export interface MatchConfig {
  seed: number;
  mode: Mode;
  stages: StageSet;
  difficulty: Difficulty;
  lives: number;
  /** Frames; 0 means no limit. */
  timeLimit: number;
  /** Hits are counted but never end the match (practice drills, benchmarks). */
  infiniteLives: boolean;
  /**
   * Maze stages: where the maze rotation starts — a catalog name ('pillars', src/maze/catalog.ts) or
   * 'gen:SEED' for the seeded generator. Ignored by open stages.
   */
  maze: string;
  /** Maze stages: how chasers hunt (wave, wave+, lee, flow, crash; docs/chasers.md). */
  chaseMethod: ChaseMethod;
}

export class ConfigError extends Error {
  readonly userFacing = true;
  constructor(readonly field: string, reason: string) {
    super(`config.${field}: ${reason}`);
    this.name = 'ConfigError';
  }
}

/** Fills defaults and checks every field; throws ConfigError naming the bad field. */
export function makeConfig(partial: Partial<MatchConfig> & { seed: number }): MatchConfig {
  const c: MatchConfig = {
    seed: partial.seed,
    mode: partial.mode ?? 'versus',
    stages: partial.stages ?? 'open',
    difficulty: partial.difficulty ?? 'normal',
    lives: partial.lives ?? DEFAULT_LIVES,
    timeLimit: partial.timeLimit ?? DEFAULT_TIME_LIMIT,
    infiniteLives: partial.infiniteLives ?? false,
    maze: partial.maze ?? DEFAULT_MAZE,
    chaseMethod: partial.chaseMethod ?? 'wave+',
  };
  if (!Number.isInteger(c.seed) || c.seed < 0 || c.seed > 0xffffffff) throw new ConfigError('seed', `must be a whole number from 0 to 4294967295, got ${String(c.seed)}`);
  if (!MODES.includes(c.mode)) throw new ConfigError('mode', `must be one of ${MODES.join(', ')}, got '${String(c.mode)}'`);
  if (!STAGE_SETS.includes(c.stages)) throw new ConfigError('stages', `must be one of ${STAGE_SETS.join(', ')}, got '${String(c.stages)}'`);
  if (!DIFFICULTIES.includes(c.difficulty)) throw new ConfigError('difficulty', `must be one of ${DIFFICULTIES.join(', ')}, got '${String(c.difficulty)}'`);
  if (!Number.isInteger(c.lives) || c.lives < 1 || c.lives > 99) throw new ConfigError('lives', `must be a whole number from 1 to 99, got ${String(c.lives)}`);
  if (!Number.isInteger(c.timeLimit) || c.timeLimit < 0) throw new ConfigError('timeLimit', `must be a whole number of frames ≥ 0, got ${String(c.timeLimit)}`);
  if (typeof c.infiniteLives !== 'boolean') throw new ConfigError('infiniteLives', 'must be true or false');
  const mazeError = mazeSpecError(c.maze);
  if (mazeError) throw new ConfigError('maze', mazeError);
  if (!CHASE_METHODS.includes(c.chaseMethod)) throw new ConfigError('chaseMethod', `must be one of ${CHASE_METHODS.join(', ')}, got '${String(c.chaseMethod)}'`);
  return c;
}
