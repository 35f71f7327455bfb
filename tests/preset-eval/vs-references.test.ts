// The preset editor's "vs references" figure: the matches it plays (each reference, seeds 0..n−1,
// the CPU on side seed % 2), deterministic results, and the readout it makes of them.
import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { getDodgePreset } from '../../src/cpu/presets';
import {
  REFERENCE_SPECS,
  runVsReference,
  type VsReferenceResult,
  vsReferenceJobs,
  vsReferenceRates,
  vsReferencesText,
} from '../../src/preset-eval/vs-references';
import { getStagePreset } from '../../src/sim/stage-preset';

const cpu = getDodgePreset('normal');
const stage = getStagePreset('normal');

describe('vs references: the matches', () => {
  it('measures against the three reference players, weakest first', () => {
    expect(REFERENCE_SPECS).toEqual(['human:newcomer', 'human:casual', 'human:skilled']);
    for (const spec of REFERENCE_SPECS) expect(createController(spec).spec).toBe(spec);
  });

  it('plays every reference on seeds 0..n−1 with the edited presets', () => {
    const jobs = vsReferenceJobs(cpu, stage, { seeds: 3, seconds: 30 });
    expect(jobs.map((j) => `${j.reference}#${j.seed}`)).toEqual(REFERENCE_SPECS.flatMap((s) => [0, 1, 2].map((i) => `${s}#${i}`)));
    expect(jobs.every((j) => j.cpu === cpu && j.stage === stage && j.seconds === 30)).toBe(true);
    expect(vsReferenceJobs(cpu, stage)).toHaveLength(REFERENCE_SPECS.length * 4);
    expect(() => vsReferenceJobs(cpu, stage, { seeds: 0 })).toThrow(/seeds/);
    expect(() => vsReferenceJobs(cpu, stage, { seconds: 1.5 })).toThrow(/seconds/);
  });

  it('is deterministic: the same job gives the same result', () => {
    const job = { seed: 1, cpu, stage, reference: 'human:casual', seconds: 20 };
    const a = runVsReference(job);
    expect(runVsReference(structuredClone(job))).toEqual(a);
    expect(a).toMatchObject({ reference: 'human:casual', seed: 1, side: 1 });
    expect(a.frames).toBeLessThanOrEqual(20 * 60);
    expect([0, 0.5, 1]).toContain(a.won);
  });

  it('the CPU plays side seed % 2 and the result is the CPU side’s', () => {
    // Against a player who presses nothing the CPU wins by the time limit, whichever side it plays.
    for (const seed of [0, 1, 2, 3]) {
      const r = runVsReference({ seed, cpu, stage, reference: 'idle', seconds: 20 });
      expect(r.side).toBe(seed % 2);
      expect(r.won).toBe(1);
    }
  });
});

describe('vs references: the readout', () => {
  const specs = REFERENCE_SPECS;
  const res = (reference: string, won: number[]): VsReferenceResult[] =>
    won.map((w, seed) => ({ reference, seed, side: seed % 2, won: w, frames: 600 }));
  const all = [...res('human:newcomer', [1, 1, 1, 0]), ...res('human:casual', [1, 0, 0.5, 0.5]), ...res('human:skilled', [0, 0, 1, 0])];

  it('shows progress until every match is in', () => {
    expect(vsReferencesText({ specs, seeds: 4, results: [] })).toBe('vs references: computing 0/12…');
    expect(vsReferencesText({ specs, seeds: 4, results: all.slice(0, 5) })).toBe('vs references: computing 5/12…');
    expect(vsReferenceRates({ specs, seeds: 4, results: all.slice(0, 5) })).toEqual([0.75, null, null]);
  });

  it('then the CPU’s win rate against each reference, draws counting half', () => {
    const p = { specs, seeds: 4, results: all };
    expect(vsReferenceRates(p)).toEqual([0.75, 0.5, 0.25]);
    expect(vsReferencesText(p)).toBe('vs references: newcomer 75 % · casual 50 % · skilled 25 % (CPU wins, 4 seeds)');
    expect(vsReferencesText(p, 'column')).toBe('vs references (CPU wins, 4 seeds)\nnewcomer 75 %\ncasual 50 %\nskilled 25 %');
    expect(vsReferencesText({ specs: ['cpu:novice'], seeds: 1, seconds: 20, results: res('cpu:novice', [0.5]) })).toBe(
      'vs references: novice 50 % (CPU wins, 1 seed, 20 s matches)',
    );
    expect(vsReferencesText({ ...p, error: 'not computed (no workers)' })).toBe('vs references: not computed (no workers)');
  });
});
