// How hard the stage's own enemies are: the match's stage preset (config stage* values) and the
// level that rises with time.
import type { Difficulty, MatchConfig } from './config';
import { STAGE_PRESETS, type StagePreset } from './stage-preset';

export interface DifficultyParams {
  /** Multiplies bullet speeds. */
  speed: number;
  /** Multiplies bullet counts per volley. */
  density: number;
  /** Multiplies the time between waves. */
  interval: number;
  /** Volley growth per level above 1. */
  densityRamp: number;
  /** Bullet speed growth per level above 1. */
  speedRamp: number;
}

function paramsOfPreset(p: StagePreset): DifficultyParams {
  return { speed: p.speed, density: p.density, interval: p.interval, densityRamp: p.densityRamp, speedRamp: p.speedRamp };
}

/** The built-in stage presets' parameters. */
export const DIFFICULTY_PARAMS = Object.fromEntries(STAGE_PRESETS.map((p) => [p.name, paramsOfPreset(p)])) as Record<
  Difficulty,
  DifficultyParams
>;

/** The parameters a match config plays. */
export function difficultyOf(c: MatchConfig): DifficultyParams {
  return {
    speed: c.stageSpeed,
    density: c.stageDensity,
    interval: c.stageInterval,
    densityRamp: c.stageDensityRamp,
    speedRamp: c.stageSpeedRamp,
  };
}

/** Frames per difficulty level of the built-ins: the stage gets harder every 20 seconds. */
export const FRAMES_PER_LEVEL = 1200;
export const MAX_LEVEL = 10;

/** The level ramp of a config (stageFramesPerLevel, stageMaxLevel). */
export interface LevelRamp {
  stageFramesPerLevel: number;
  stageMaxLevel: number;
  /** The level at frame 0 (Practice can start higher; default 1). */
  startLevel?: number;
}

const BUILTIN_RAMP: LevelRamp = { stageFramesPerLevel: FRAMES_PER_LEVEL, stageMaxLevel: MAX_LEVEL };

/** The level at `frame`: startLevel (1), rising by one every stageFramesPerLevel frames, capped at stageMaxLevel. */
export function levelAt(frame: number, ramp: LevelRamp = BUILTIN_RAMP): number {
  return Math.min(ramp.stageMaxLevel, (ramp.startLevel ?? 1) + Math.floor(frame / ramp.stageFramesPerLevel));
}

export function countScale(level: number, d: DifficultyParams): number {
  return d.density * (1 + d.densityRamp * (level - 1));
}

export function speedScale(level: number, d: DifficultyParams): number {
  return d.speed * (1 + d.speedRamp * (level - 1));
}
