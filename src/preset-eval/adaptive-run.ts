// One player's run of matches under Adaptive difficulty (src/cpu/presets/adaptive.ts): match k is
// played at the strength the first k results led to, on seed `seed·1000 + k`, the player on side
// k % 2. A run is one job (its matches depend on each other); runs go to worker threads in parallel.
import { CpuController } from '../cpu/cpu-controller';
import { adaptivePresets, afterMatch, newAdaptive } from '../cpu/presets/adaptive';
import { makeConfig, stageConfig } from '../sim/config';
import { createMatch } from '../sim/match';
import { playerController, playMatch, wonBy, type LadderPlayer } from './jobs';
import { wilson, type Interval } from './stats';

export interface AdaptiveJob {
  kind: 'adaptive';
  /** The run's number: its matches use seeds seed·1000 + k. */
  seed: number;
  player: LadderPlayer;
  /** Strength of the first match and the player's target win rate. */
  start: number;
  target: number;
  matches: number;
}

export interface AdaptiveMatch {
  strength: number;
  /** The player's result: 1 won, 0.5 draw, 0 lost. */
  won: number;
  seconds: number;
}

export interface AdaptiveRun {
  kind: 'adaptive';
  seed: number;
  player: string;
  matches: AdaptiveMatch[];
  /** Strength after the last match. */
  final: number;
}

export function runAdaptiveJob(job: AdaptiveJob): AdaptiveRun {
  let st = newAdaptive(job.start, job.target);
  const matches: AdaptiveMatch[] = [];
  for (let k = 0; k < job.matches; k++) {
    const { cpu, stage } = adaptivePresets(st);
    const seed = job.seed * 1000 + k;
    const side = k % 2;
    const state = createMatch(makeConfig({ seed, mode: 'versus', ...stageConfig(stage) }));
    const me = playerController(job.player);
    const them = new CpuController(cpu);
    playMatch(state, side === 0 ? [me, them] : [them, me], side, false);
    const won = wonBy(state, side);
    matches.push({ strength: st.strength, won, seconds: state.frame / 60 });
    st = afterMatch(st, won);
  }
  const name = job.player.kind === 'reference' ? job.player.reference.name : job.player.cpu.name;
  return { kind: 'adaptive', seed: job.seed, player: name, matches, final: st.strength };
}

export interface CurvePoint {
  /** Match index (0 = first match). */
  match: number;
  /** Mean strength played at this match over the runs. */
  strength: number;
  /** The player's win rate at this match over the runs (draws half), Wilson 95 % CI. */
  win: Interval;
}

export interface AdaptiveCurve {
  player: string;
  points: CurvePoint[];
  /** First match from which every later point's win rate lies in [lo, hi] (null: never). */
  settledFrom: number | null;
  /** Win rate over every match from `from` on, pooled. */
  pooledFrom: Interval;
}

/** The win rate per match index over a player's runs, and from which match it stays in the band. */
export function adaptiveCurve(player: string, runs: readonly AdaptiveRun[], band: [number, number], from: number): AdaptiveCurve {
  const n = Math.min(...runs.map((r) => r.matches.length));
  const points: CurvePoint[] = [];
  for (let k = 0; k < n; k++) {
    const ms = runs.map((r) => r.matches[k]!);
    points.push({
      match: k,
      strength: ms.reduce((s, m) => s + m.strength, 0) / ms.length,
      win: wilson(
        ms.reduce((s, m) => s + m.won, 0),
        ms.length,
      ),
    });
  }
  let settledFrom: number | null = null;
  for (let k = n - 1; k >= 0; k--) {
    const v = points[k]!.win.value;
    if (v < band[0] || v > band[1]) break;
    settledFrom = k;
  }
  const late = runs.flatMap((r) => r.matches.slice(from));
  return {
    player,
    points,
    settledFrom,
    pooledFrom: wilson(
      late.reduce((s, m) => s + m.won, 0),
      late.length,
    ),
  };
}
