// A match is fully determined by (sim version, config, both sides' per-frame inputs).
import { CHASE_METHODS, type ChaseMethod } from '../world/chase/group';
import { DEFAULT_LIVES, DEFAULT_TIME_LIMIT, FPS } from './constants';
import { findStagePreset, StagePresetSchema, type StagePreset } from './stage-preset';
import { mazeSpecError, DEFAULT_MAZE } from './maze-rotation';
import { DEFAULT_DRILL, DEFAULT_DRILL_VARIANT, drillSpecError } from './drill';
import { CHARACTERS, characterIndex, NEUTRAL } from './characters';

/**
 * Bump whenever a rule change would alter the outcome of an existing replay (the list: docs/sim.md,
 * Sim versions). 9: characters (p1Character, p2Character, each side's own ship, shot, charge and
 * attacks; the neutral ship plays as every ship did in 8), the story's final boss phase and Practice's
 * start level.
 */
export const SIM_VERSION = 9;

/**
 * Largest time limit, in frames: 4 hours, the longest match a replay holds (MAX_FRAMES). A check on
 * input only (no rule reads it): a limit beyond it could never be reached.
 */
export const MAX_TIME_LIMIT = 4 * 60 * 60 * FPS;

export const DIFFICULTIES = ['easy', 'normal', 'hard', 'lunatic'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];
export const MODES = ['versus', 'practice'] as const;
export type Mode = (typeof MODES)[number];
export const STAGE_SETS = ['open', 'maze', 'drill'] as const;
export type StageSet = (typeof STAGE_SETS)[number];

export interface MatchConfig {
  seed: number;
  mode: Mode;
  stages: StageSet;
  /**
   * The stage preset's name (a built-in: easy, normal, hard, lunatic, or a custom one). Its values
   * are the stage* fields below, always stored in full (a replay needs no preset file).
   */
  difficulty: string;
  /** Stage preset values (src/sim/stage-preset.ts): bullet speed multiplier. */
  stageSpeed: number;
  /** Bullets per volley multiplier. */
  stageDensity: number;
  /** Time between waves multiplier. */
  stageInterval: number;
  /** Frames per level. */
  stageFramesPerLevel: number;
  /** Level cap. */
  stageMaxLevel: number;
  /** Volley growth per level. */
  stageDensityRamp: number;
  /** Bullet speed growth per level. */
  stageSpeedRamp: number;
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
  /**
   * Drill stages (src/sim/drill.ts): the survey drill's name and variant. A drill is single-field
   * (mode practice), ignores the stage preset and ends when its script does. Ignored by other stages.
   */
  drill: string;
  drillVariant: string;
  /**
   * Each side's character (src/sim/characters: speeds, hitbox, shot, charge, attacks). 'neutral' is
   * the study's ship, and the default; drills always play it.
   */
  p1Character: string;
  p2Character: string;
  /**
   * Story mode's last stage: side 2 is a boss. Once it is down to half its lives (rounded up) it
   * enters its boss phase: its gauge fills, then gains a level every BOSS_PHASE_GAUGE_FRAMES.
   */
  finalBoss: boolean;
  /**
   * The stage's level at the first frame (Practice lets a player start where the patterns are
   * harder); 1 in every other mode. At most stageMaxLevel.
   */
  startLevel: number;
}

export class ConfigError extends Error {
  readonly userFacing = true;
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`config.${field}: ${reason}`);
    this.name = 'ConfigError';
  }
}

/** Config stage* key of each stage preset value. */
const STAGE_KEYS = {
  speed: 'stageSpeed',
  density: 'stageDensity',
  interval: 'stageInterval',
  framesPerLevel: 'stageFramesPerLevel',
  maxLevel: 'stageMaxLevel',
  densityRamp: 'stageDensityRamp',
  speedRamp: 'stageSpeedRamp',
} as const satisfies Partial<Record<keyof StagePreset, keyof MatchConfig>>;

/** The config fields that play a stage preset: its name, values, lives and time limit. */
export function stageConfig(p: StagePreset): Partial<MatchConfig> {
  const c: Partial<MatchConfig> = { difficulty: p.name, lives: p.lives, timeLimit: p.timeLimit * FPS };
  for (const [k, ck] of Object.entries(STAGE_KEYS)) (c as Record<string, unknown>)[ck] = p[k as keyof typeof STAGE_KEYS];
  return c;
}

/** The stage preset a config plays (label = name; lives and time limit from the config). */
export function stagePresetOf(c: MatchConfig): StagePreset {
  return {
    name: c.difficulty,
    label: c.difficulty,
    description: '',
    speed: c.stageSpeed,
    density: c.stageDensity,
    interval: c.stageInterval,
    framesPerLevel: c.stageFramesPerLevel,
    maxLevel: c.stageMaxLevel,
    densityRamp: c.stageDensityRamp,
    speedRamp: c.stageSpeedRamp,
    lives: c.lives,
    timeLimit: Math.round(c.timeLimit / FPS),
  };
}

/**
 * Fills defaults and checks every field; throws ConfigError naming the bad field. A built-in
 * `difficulty` fills the stage* values, lives and time limit it does not give; a custom one must
 * give all stage* values (use stageConfig(preset)).
 */
export function makeConfig(partial: Partial<MatchConfig> & { seed: number }): MatchConfig {
  const difficulty = partial.difficulty ?? 'normal';
  const builtin = typeof difficulty === 'string' ? findStagePreset(difficulty) : undefined;
  const stage = {} as Record<string, number>;
  for (const [k, ck] of Object.entries(STAGE_KEYS)) {
    const v = partial[ck] ?? builtin?.[k as keyof typeof STAGE_KEYS];
    if (v === undefined)
      throw new ConfigError(
        'difficulty',
        `'${String(difficulty)}' is not a built-in stage preset (${DIFFICULTIES.join(', ')}), and the config does not give its ${ck}`,
      );
    const r = StagePresetSchema.shape[k as keyof typeof STAGE_KEYS].safeParse(v);
    if (!r.success) throw new ConfigError(ck, `${r.error.issues[0]!.message}, got ${String(v)}`);
    stage[ck] = v;
  }
  const c: MatchConfig = {
    seed: partial.seed,
    mode: partial.mode ?? 'versus',
    stages: partial.stages ?? 'open',
    difficulty,
    ...(stage as Pick<MatchConfig, (typeof STAGE_KEYS)[keyof typeof STAGE_KEYS]>),
    lives: partial.lives ?? builtin?.lives ?? DEFAULT_LIVES,
    timeLimit: partial.timeLimit ?? (builtin ? builtin.timeLimit * FPS : DEFAULT_TIME_LIMIT),
    infiniteLives: partial.infiniteLives ?? false,
    maze: partial.maze ?? DEFAULT_MAZE,
    chaseMethod: partial.chaseMethod ?? 'wave+',
    drill: partial.drill ?? DEFAULT_DRILL,
    drillVariant: partial.drillVariant ?? DEFAULT_DRILL_VARIANT,
    p1Character: partial.p1Character ?? NEUTRAL,
    p2Character: partial.p2Character ?? NEUTRAL,
    finalBoss: partial.finalBoss ?? false,
    startLevel: partial.startLevel ?? 1,
  };
  if (!Number.isInteger(c.seed) || c.seed < 0 || c.seed > 0xffffffff)
    throw new ConfigError('seed', `must be a whole number from 0 to 4294967295, got ${String(c.seed)}`);
  if (!MODES.includes(c.mode)) throw new ConfigError('mode', `must be one of ${MODES.join(', ')}, got '${String(c.mode)}'`);
  if (!STAGE_SETS.includes(c.stages)) throw new ConfigError('stages', `must be one of ${STAGE_SETS.join(', ')}, got '${String(c.stages)}'`);
  if (typeof c.difficulty !== 'string' || !/^[a-z][a-z0-9-]{0,39}$/.test(c.difficulty))
    throw new ConfigError(
      'difficulty',
      `must be a stage preset name (${DIFFICULTIES.join(', ')} or lower-case letters, digits and dashes), got '${String(c.difficulty)}'`,
    );
  if (!Number.isInteger(c.lives) || c.lives < 1 || c.lives > 99)
    throw new ConfigError('lives', `must be a whole number from 1 to 99, got ${String(c.lives)}`);
  if (!Number.isInteger(c.timeLimit) || c.timeLimit < 0 || c.timeLimit > MAX_TIME_LIMIT)
    throw new ConfigError(
      'timeLimit',
      `must be a whole number of frames from 0 to ${MAX_TIME_LIMIT} (4 hours), got ${String(c.timeLimit)}`,
    );
  if (typeof c.infiniteLives !== 'boolean') throw new ConfigError('infiniteLives', 'must be true or false');
  const mazeError = mazeSpecError(c.maze);
  if (mazeError) throw new ConfigError('maze', mazeError);
  if (!CHASE_METHODS.includes(c.chaseMethod))
    throw new ConfigError('chaseMethod', `must be one of ${CHASE_METHODS.join(', ')}, got '${String(c.chaseMethod)}'`);
  const drillError = drillSpecError(c.drill, c.drillVariant);
  if (drillError) throw new ConfigError(drillError.field, drillError.reason);
  if (c.stages === 'drill' && c.mode !== 'practice')
    throw new ConfigError('mode', `a drill stage is single-field: mode must be practice, got '${c.mode}'`);
  for (const k of ['p1Character', 'p2Character'] as const) {
    if (typeof c[k] !== 'string' || characterIndex(c[k]) < 0)
      throw new ConfigError(k, `must be a character (${CHARACTERS.map((x) => x.id).join(', ')}), got '${String(c[k])}'`);
    // The study's clips show one neutral ship: a drill never plays a character (issue 24).
    if (c.stages === 'drill' && c[k] !== NEUTRAL) throw new ConfigError(k, `a drill plays the neutral ship, got '${c[k]}'`);
  }
  if (typeof c.finalBoss !== 'boolean') throw new ConfigError('finalBoss', 'must be true or false');
  if (!Number.isInteger(c.startLevel) || c.startLevel < 1 || c.startLevel > c.stageMaxLevel)
    throw new ConfigError(
      'startLevel',
      `must be a whole number from 1 to the stage's level cap ${c.stageMaxLevel}, got ${String(c.startLevel)}`,
    );
  if (c.finalBoss && c.mode !== 'versus') throw new ConfigError('finalBoss', 'a final boss needs a versus match');
  return c;
}
