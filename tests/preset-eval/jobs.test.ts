// Evaluation jobs run real matches deterministically and report the evaluated side; the ladder
// and suite summaries read them correctly.
import { describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { runJob, type JobResult } from '../../src/preset-eval/jobs';
import { ladderOrdered, summarize, suiteJobs } from '../../src/preset-eval/suite';
import { wilson } from '../../src/preset-eval/stats';
import { getStagePreset, parseStagePreset } from '../../src/sim/stage-preset';

describe('evaluation jobs', () => {
  it('a drill is deterministic and measures the CPU (hits, metrics over its frames)', () => {
    const job = { kind: 'drill' as const, seed: 3, cpu: getDodgePreset('easy'), stage: getStagePreset('lunatic'), seconds: 20 };
    const a = runJob(job);
    expect(runJob(job)).toEqual(a);
    expect(a).toMatchObject({ kind: 'drill', frames: 1200, won: null, opponent: null, side: 0, stage: 'lunatic', cpu: 'easy' });
    expect(a.metrics.frames).toBe(1200);
    expect(a.metrics.hits_per_min).toBeCloseTo(a.hits * 3, 9);
    expect(a.survival).toBe(20);
  });

  it('a versus match ends with a result for the evaluated side, which alternates by seed', () => {
    // One life and a short time limit keep it quick; the custom stage preset plays as given.
    const stage = parseStagePreset({ ...getStagePreset('lunatic'), name: 'short', label: 'Short', lives: 1, timeLimit: 30 });
    for (const seed of [0, 1]) {
      const r = runJob({ kind: 'versus', seed, cpu: getDodgePreset('novice'), opponent: getDodgePreset('lunatic'), stage });
      expect(r.side).toBe(seed % 2);
      expect(r.frames).toBeLessThanOrEqual(1800);
      expect([0, 0.5, 1]).toContain(r.won);
      if (r.won === 0) expect(r.survival).toBeCloseTo(r.frames / 60, 9);
      expect(r.hits).toBeLessThanOrEqual(1);
    }
  });

  it('the suite has a drill and one match per opponent for every seed and stage', () => {
    const jobs = suiteJobs(getDodgePreset('hard'), {
      stages: [getStagePreset('easy'), getStagePreset('hard')],
      opponents: [getDodgePreset('normal'), getDodgePreset('novice')],
      seeds: 3,
      drillSeconds: 10,
    });
    expect(jobs).toHaveLength(2 * 3 * 3);
    expect(jobs.filter((j) => j.kind === 'drill')).toHaveLength(6);
  });
});

const fake = (o: Partial<JobResult>): JobResult => ({
  kind: 'versus',
  seed: 0,
  cpu: 'novice',
  stage: 'easy',
  opponent: 'easy',
  side: 0,
  frames: 3600,
  won: 0,
  hits: 2,
  survival: 60,
  metrics: {
    frames: 3600,
    one_frame_per_min: 1,
    dir_changes_per_s: 1,
    moving_fraction: 0.5,
    mean_clearance: 20,
    min_clearance: 3,
    hits_per_min: 2,
  },
  ...o,
});

describe('summaries', () => {
  it('summarize: win rate counts draws half; drills give hits/min', () => {
    const rs = [
      fake({ cpu: 'x', won: 1 }),
      fake({ cpu: 'x', won: 0.5 }),
      fake({ cpu: 'x', won: 0 }),
      fake({ cpu: 'x', won: 1 }),
      fake({ cpu: 'x', kind: 'drill', opponent: null, won: null, hits: 3, frames: 1800 }),
    ];
    const s = summarize('x', rs);
    expect(s.stages).toHaveLength(1);
    expect(s.stages[0]!.versus[0]!.win_rate.value).toBe(2.5 / 4);
    expect(s.stages[0]!.drill_hits_per_min!.value).toBe(6);
    expect(s.human_likeness.frames).toBe(5 * 3600);
    expect(s.human_likeness.hits_per_min).toBe(2);
  });

  it('ladderOrdered: order, and separation only when the CIs are apart', () => {
    expect(ladderOrdered([wilson(2, 40), wilson(20, 40), wilson(39, 40)])).toEqual({ ordered: true, separated: true });
    expect(ladderOrdered([wilson(18, 40), wilson(22, 40)])).toEqual({ ordered: true, separated: false });
    expect(ladderOrdered([wilson(22, 40), wilson(18, 40)])).toEqual({ ordered: false, separated: false });
  });
});
