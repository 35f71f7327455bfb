// Adaptive difficulty: between matches the strength (strength.ts) moves toward where the player
// wins `target` of the time, by stochastic approximation (Robbins & Monro 1951): after a match the
// strength rises by step·(won − target), so a win makes the next CPU stronger and a loss weaker, and
// the step shrinks as matches accumulate (it settles) but never below a floor (a player who improves
// is followed). Pure and deterministic: the same results give the same strengths, and each match's
// replay stores the CPU and stage it played (their full values) with this state.
import { clampStrength, strengthCpu, strengthStage } from './strength';
import type { DodgePreset } from './schema';
import type { StagePreset } from '../../sim/stage-preset';
import strengths from './builtin/ladder-strengths.json';

/** Where the built-in difficulties sit on the strength scale (written by scripts/place-ladder.ts). */
export const LADDER_STRENGTHS: Readonly<Record<'easy' | 'normal' | 'hard' | 'lunatic', number>> = strengths;
/** An adaptive run starts where Normal is. */
export const ADAPTIVE_START = strengths.normal;

export interface AdaptiveState {
  /** Strength of the next match, 0..1 (two decimals). */
  strength: number;
  /** Matches played so far under this state. */
  matches: number;
  /** The player's win rate the strength is steered to (0.2..0.8). */
  target: number;
}

/** First step (strength units per unit of surprise); with the decay it is ±0.15 after a first match at 50 %. */
export const ADAPTIVE_STEP = 0.3;
/** How fast the step shrinks: step_k = ADAPTIVE_STEP / (1 + ADAPTIVE_DECAY·k). */
export const ADAPTIVE_DECAY = 0.7;
/** The step never falls below this, so a player who gets better is followed. */
export const ADAPTIVE_MIN_STEP = 0.04;
export const ADAPTIVE_TARGETS = [0.3, 0.4, 0.5, 0.6, 0.7] as const;

/** A fresh adaptive run starting at `strength` (the Normal difficulty's by default). */
export function newAdaptive(strength = ADAPTIVE_START, target = 0.5): AdaptiveState {
  if (!(target >= 0.2 && target <= 0.8)) throw new RangeError(`adaptive target must be from 0.2 to 0.8, got ${target}`);
  return { strength: clampStrength(strength), matches: 0, target };
}

/** The step after `matches` matches. */
export function adaptiveStep(matches: number): number {
  return Math.max(ADAPTIVE_MIN_STEP, ADAPTIVE_STEP / (1 + ADAPTIVE_DECAY * matches));
}

/**
 * The state after a match the player won (1), drew (0.5) or lost (0). Monotone: a better result
 * never gives a weaker next opponent.
 */
export function afterMatch(st: AdaptiveState, won: number): AdaptiveState {
  if (!(won === 0 || won === 0.5 || won === 1)) throw new RangeError(`a match result is 0, 0.5 or 1, got ${won}`);
  const next = st.strength + adaptiveStep(st.matches) * (won - st.target);
  return { strength: clampStrength(next), matches: st.matches + 1, target: st.target };
}

/** The CPU and stage presets of the next match. */
export function adaptivePresets(st: AdaptiveState): { cpu: DodgePreset; stage: StagePreset } {
  return { cpu: strengthCpu(st.strength), stage: strengthStage(st.strength) };
}
