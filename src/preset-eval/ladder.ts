// The ladder against the novice reference (issue 14): the frozen `novice` CPU preset plays each
// built-in difficulty pair (its stage preset and CPU preset) over many seeds; the pair's win rate is
// the novice's loss rate. Targets: Easy ≤ 35 %, Normal 45–60 %, Hard ≥ 70 %, Lunatic ≥ 85 %, and on
// Easy the novice survives ≥ 90 s on average.
import type { DodgePreset } from '../cpu/presets';
import type { StagePreset } from '../sim/stage-preset';
import type { EvalJob, JobResult } from './jobs';
import { meanCI, wilson, type Interval } from './stats';
import { ladderOrdered } from './suite';

export interface Rung {
  pair: string;
  stage: StagePreset;
  cpu: DodgePreset;
}

export interface RungTarget {
  /** Win rate of the pair's CPU against the novice. */
  minWin: number;
  maxWin: number;
  /** Mean survival of the novice, seconds (0: no target). */
  minNoviceSurvival: number;
}

export const NOVICE_TARGETS: Record<string, RungTarget> = {
  easy: { minWin: 0, maxWin: 0.35, minNoviceSurvival: 90 },
  normal: { minWin: 0.45, maxWin: 0.6, minNoviceSurvival: 0 },
  hard: { minWin: 0.7, maxWin: 1, minNoviceSurvival: 0 },
  lunatic: { minWin: 0.85, maxWin: 1, minNoviceSurvival: 0 },
};

/** The novice (evaluated side) against each rung's CPU on the rung's stage, seeds 0..seeds−1. */
export function ladderJobs(novice: DodgePreset, rungs: readonly Rung[], seeds: number, firstSeed = 0): EvalJob[] {
  const jobs: EvalJob[] = [];
  for (const r of rungs)
    for (let s = 0; s < seeds; s++) jobs.push({ kind: 'versus', seed: firstSeed + s, cpu: novice, opponent: r.cpu, stage: r.stage });
  return jobs;
}

export interface RungResult {
  pair: string;
  stage: string;
  cpu: string;
  /** The pair's CPU's win rate against the novice (draws count half). */
  win_rate: Interval;
  novice_survival_s: Interval;
  /** Match length, seconds. */
  match_s: Interval;
  /** The novice's and the CPU's hits per minute of match. */
  novice_hits_per_min: Interval;
  target: RungTarget | null;
  meets: boolean | null;
}

export interface LadderResult {
  rungs: RungResult[];
  /** Win rates rise from rung to rung; `separated`: their 95 % CIs do not overlap either. */
  ordered: boolean;
  separated: boolean;
  /** Every rung with a target meets it. */
  meetsTargets: boolean;
}

/** `targets`: the novice's by default; pass {} for another reference (no targets apply). */
export function ladderResult(
  rungs: readonly Rung[],
  results: readonly JobResult[],
  targets: Record<string, RungTarget> = NOVICE_TARGETS,
): LadderResult {
  const out: RungResult[] = rungs.map((r) => {
    const rs = results.filter((x) => x.stage === r.stage.name && x.opponent === r.cpu.name);
    const win = wilson(
      rs.reduce((s, x) => s + (1 - (x.won ?? 0)), 0),
      rs.length,
    );
    const surv = meanCI(rs.map((x) => x.survival));
    const target = targets[r.pair] ?? null;
    const meets = target ? win.value >= target.minWin && win.value <= target.maxWin && surv.value >= target.minNoviceSurvival : null;
    return {
      pair: r.pair,
      stage: r.stage.name,
      cpu: r.cpu.name,
      win_rate: win,
      novice_survival_s: surv,
      match_s: meanCI(rs.map((x) => x.frames / 60)),
      novice_hits_per_min: meanCI(rs.map((x) => (x.frames > 0 ? (x.hits * 3600) / x.frames : 0))),
      target,
      meets,
    };
  });
  const { ordered, separated } = ladderOrdered(out.map((r) => r.win_rate));
  return { rungs: out, ordered, separated, meetsTargets: out.every((r) => r.meets !== false) };
}
