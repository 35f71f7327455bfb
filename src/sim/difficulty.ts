// How hard the stage's own enemies are: the chosen difficulty and the level that rises with time.
import type { Difficulty } from './config';

export interface DifficultyParams {
  /** Multiplies bullet speeds. */
  speed: number;
  /** Multiplies bullet counts per volley. */
  density: number;
  /** Multiplies the time between waves. */
  interval: number;
}

export const DIFFICULTY_PARAMS: Record<Difficulty, DifficultyParams> = {
  easy: { speed: 0.8, density: 0.6, interval: 1.3 },
  normal: { speed: 1, density: 1, interval: 1 },
  hard: { speed: 1.15, density: 1.35, interval: 0.85 },
  lunatic: { speed: 1.3, density: 1.75, interval: 0.7 },
};

/** Frames per difficulty level: the stage gets harder every 20 seconds. */
export const FRAMES_PER_LEVEL = 1200;
export const MAX_LEVEL = 10;

export function levelAt(frame: number): number {
  return Math.min(MAX_LEVEL, 1 + Math.floor(frame / FRAMES_PER_LEVEL));
}

export function countScale(level: number, d: DifficultyParams): number {
  return d.density * (1 + 0.1 * (level - 1));
}

export function speedScale(level: number, d: DifficultyParams): number {
  return d.speed * (1 + 0.03 * (level - 1));
}
