// One difficulty scale for people: a strength s from 0 (the gentlest opponent and stage) to 1 (the
// strongest), every CPU and stage value a fixed, rising function of s. The built-in difficulties
// are points on it, placed where the reference players meet their targets (scripts/place-ladder.ts,
// docs/presets.md); the Adaptive difficulty moves along it between matches (adaptive.ts).
import { parseStagePreset, type StagePreset } from '../../sim/stage-preset';
import { parseDodgePreset, type DodgePreset } from './schema';

/** Values are snapped to these steps so presets read cleanly and round-trip through JSON. */
const snap = (v: number, step: number) => Math.round(v / step) * step;
const fix = (v: number, step: number) => Number(snap(v, step).toFixed(4));
const lerp = (a: number, b: number, s: number) => a + (b - a) * s;

/** Strengths are written with two decimals (names like 'strength-42'). */
export function clampStrength(s: number): number {
  if (!Number.isFinite(s)) throw new RangeError(`strength must be a number from 0 to 1, got ${s}`);
  return Math.min(1, Math.max(0, Math.round(s * 100) / 100));
}

export const strengthName = (s: number) => `strength-${Math.round(clampStrength(s) * 100)}`;

/**
 * The CPU at strength s. Reaction delay falls from 1.17 s to 0.13 s, the lookahead deepens from 2
 * to 5 steps, slips and visible mistakes (blunders) fade out, it shoots more, lines up under
 * enemies harder, and sends attacks across only from 0.25 on. Its top is
 * human-beatable on purpose: the superhuman end of the CPU (Lunatic before issue 22) is not on it.
 */
export function strengthCpu(s0: number, name = strengthName(s0)): DodgePreset {
  const s = clampStrength(s0);
  const weak = (1 - s) * (1 - s);
  return parseDodgePreset(
    {
      name,
      label: `Strength ${Math.round(s * 100)}`,
      description: `The CPU at strength ${s.toFixed(2)} of the difficulty scale (0 gentlest, 1 strongest).`,
      depth: s < 0.2 ? 2 : s < 0.45 ? 3 : s < 0.7 ? 4 : 5,
      framesPerStep: s < 0.2 ? 6 : 5,
      reactionFrames: Math.round(lerp(70, 20, s)),
      influenceMap: true,
      focus: false,
      switchPenalty: Math.round(lerp(20, 8, s)),
      w: 0.003,
      lure: Math.round(lerp(2, 12, s)),
      slip: fix(0.4 * weak, 0.01),
      cpu: {
        shoot: true,
        charge: true,
        clearBelow: fix(lerp(-60, -250, s), 10),
        attackAt: s < 0.25 ? 0 : 3,
        shootShare: fix(lerp(0.4, 1, s), 0.01),
        blunder: fix(0.8 * weak, 0.01),
      },
    },
    name,
  );
}

/** The stage at strength s: slower, thinner, sparser and slower-ramping below, the old Hard stage at 1. */
export function strengthStage(s0: number, name = strengthName(s0)): StagePreset {
  const s = clampStrength(s0);
  return parseStagePreset(
    {
      name,
      label: `Strength ${Math.round(s * 100)}`,
      description: `The stage at strength ${s.toFixed(2)} of the difficulty scale.`,
      speed: fix(lerp(0.6, 1.15, s), 0.05),
      density: fix(lerp(0.3, 1.35, s), 0.05),
      interval: fix(lerp(1.8, 0.85, s), 0.05),
      framesPerLevel: fix(lerp(2400, 1200, s), 60),
      maxLevel: Math.round(lerp(6, 10, s)),
      densityRamp: 0.1,
      speedRamp: fix(lerp(0.02, 0.03, s), 0.005),
      lives: 5,
      timeLimit: 180,
    },
    name,
  );
}
