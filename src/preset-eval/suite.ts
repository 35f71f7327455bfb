// The evaluation suite of a CPU preset and its summary: on each stage preset, a practice drill
// (hits/min) and versus matches against reference opponents (win rate, survival, hits/min), with
// 95 % CIs over the seeds, and the human-likeness metrics of all its play pooled.
import type { DodgePreset } from '../cpu/presets';
import { pooledHumanLikeness, type HumanLikeness } from '../metrics';
import type { StagePreset } from '../sim/stage-preset';
import type { EvalJob, JobResult } from './jobs';
import { meanCI, overlaps, wilson, type Interval } from './stats';

export interface SuiteOptions {
  stages: readonly StagePreset[];
  opponents: readonly DodgePreset[];
  seeds: number;
  /** Drill length in seconds (0: no drill). */
  drillSeconds: number;
}

/** Every job of the suite for one preset: seeds 0..seeds−1 of each drill and each versus pairing. */
export function suiteJobs(cpu: DodgePreset, o: SuiteOptions): EvalJob[] {
  const jobs: EvalJob[] = [];
  for (const stage of o.stages) {
    for (let seed = 0; seed < o.seeds; seed++) {
      if (o.drillSeconds > 0) jobs.push({ kind: 'drill', seed, cpu, stage, seconds: o.drillSeconds });
      for (const opponent of o.opponents) jobs.push({ kind: 'versus', seed, cpu, opponent, stage });
    }
  }
  return jobs;
}

export interface VersusSummary {
  opponent: string;
  win_rate: Interval;
  survival_s: Interval;
  hits_per_min: Interval;
}

export interface StageSummary {
  stage: string;
  drill_hits_per_min: Interval | null;
  versus: VersusSummary[];
}

export interface PresetSummary {
  preset: string;
  stages: StageSummary[];
  /** Human-likeness of all its play (drills and matches), pooled over the time played. */
  human_likeness: HumanLikeness;
}

const perMin = (r: JobResult) => (r.frames > 0 ? (r.hits * 3600) / r.frames : 0);

/** Win rate (a draw counts half) with its Wilson interval. */
export function winRate(rs: readonly JobResult[]): Interval {
  return wilson(
    rs.reduce((s, r) => s + (r.won ?? 0), 0),
    rs.length,
  );
}

export function versusSummary(opponent: string, rs: readonly JobResult[]): VersusSummary {
  return { opponent, win_rate: winRate(rs), survival_s: meanCI(rs.map((r) => r.survival)), hits_per_min: meanCI(rs.map(perMin)) };
}

/** Summarises one preset's results (any order) by stage and opponent. */
export function summarize(
  preset: string,
  results: readonly JobResult[],
  logs: Parameters<typeof pooledHumanLikeness>[0] = [],
): PresetSummary {
  const mine = results.filter((r) => r.cpu === preset);
  const stages: StageSummary[] = [];
  for (const stage of [...new Set(mine.map((r) => r.stage))]) {
    const rs = mine.filter((r) => r.stage === stage);
    const drills = rs.filter((r) => r.kind === 'drill');
    const opps = [...new Set(rs.filter((r) => r.kind === 'versus').map((r) => r.opponent!))];
    stages.push({
      stage,
      drill_hits_per_min: drills.length ? meanCI(drills.map(perMin)) : null,
      versus: opps.map((op) =>
        versusSummary(
          op,
          rs.filter((r) => r.kind === 'versus' && r.opponent === op),
        ),
      ),
    });
  }
  return { preset, stages, human_likeness: logs.length ? pooledHumanLikeness(logs) : pooledMetrics(mine) };
}

/** Pools per-job metrics weighted by their frames (what pooledHumanLikeness does with the logs). */
export function pooledMetrics(rs: readonly JobResult[]): HumanLikeness {
  const frames = rs.reduce((s, r) => s + r.metrics.frames, 0);
  const avg = (k: keyof HumanLikeness, weight: (r: JobResult) => number): number | null => {
    let s = 0;
    let w = 0;
    for (const r of rs) {
      const v = r.metrics[k];
      if (v === null) continue;
      s += v * weight(r);
      w += weight(r);
    }
    return w > 0 ? s / w : null;
  };
  const byFrames = (r: JobResult) => r.metrics.frames;
  const mins = rs.map((r) => r.metrics.min_clearance).filter((v): v is number => v !== null);
  return {
    frames,
    one_frame_per_min: avg('one_frame_per_min', byFrames),
    dir_changes_per_s: avg('dir_changes_per_s', byFrames),
    moving_fraction: avg('moving_fraction', byFrames),
    mean_clearance: avg('mean_clearance', byFrames),
    min_clearance: mins.length ? Math.min(...mins) : null,
    hits_per_min: avg('hits_per_min', byFrames),
  };
}

/** Ladder check: each rung's win rate strictly above the previous one's, CIs apart. */
export function ladderOrdered(rates: readonly Interval[]): { ordered: boolean; separated: boolean } {
  let ordered = true;
  let separated = true;
  for (let i = 1; i < rates.length; i++) {
    if (!(rates[i]!.value > rates[i - 1]!.value)) ordered = false;
    if (overlaps(rates[i]!, rates[i - 1]!) || !(rates[i]!.lo > rates[i - 1]!.hi)) separated = false;
  }
  return { ordered, separated: ordered && separated };
}
