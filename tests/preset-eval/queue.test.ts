// The pure parts of the job queue: exact JSON of results, the slices of --shard, job descriptions
// and digests.
import { describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { decodeExact, encodeExact } from '../../src/preset-eval/queue/codec';
import { describeJob, jobsDigest, type PoolJob } from '../../src/preset-eval/queue/pool-job';
import { parseShard, shardIndices } from '../../src/preset-eval/queue/shard';
import { getStagePreset } from '../../src/sim/stage-preset';

describe('exact JSON', () => {
  it('keeps NaN, ±Infinity and −0, which plain JSON loses', () => {
    const v = { a: Number.NaN, b: [Infinity, -Infinity, -0, 0, 1.5], c: null, d: { $num: 'NaN', x: 1 } };
    const back = decodeExact<typeof v>(encodeExact(v));
    expect(back.a).toBeNaN();
    expect(back.b.map((x) => Object.is(x, -0))).toEqual([false, false, true, false, false]);
    expect(back.b.slice(0, 2)).toEqual([Infinity, -Infinity]);
    expect(back.d).toEqual({ $num: 'NaN', x: 1 });
    expect(JSON.parse(JSON.stringify(v)).a).toBeNull();
  });
});

describe('shards', () => {
  it('i/N slices are round-robin, disjoint and cover every job', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const bad of ['0/3', '4/3', '1/0', 'a/b', '1/3/4', ' 1/3', '1/100000']) expect(parseShard(bad)).toBeNull();
    for (const total of [0, 1, 7, 10])
      for (const n of [1, 2, 3, 11]) {
        const all = Array.from({ length: n }, (_, i) => shardIndices(total, { index: i + 1, count: n })).flat();
        expect(all.sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
      }
    expect(shardIndices(7, { index: 2, count: 3 })).toEqual([1, 4]);
  });
});

describe('pool jobs', () => {
  const cpu = getDodgePreset('novice');
  const stage = getStagePreset('easy');
  const jobs: PoolJob[] = [
    { kind: 'drill', seed: 4, cpu, stage, seconds: 5 },
    { kind: 'versus', seed: 5, cpu, opponent: getDodgePreset('easy'), stage },
  ];
  it('describes a job by its seed and presets', () => {
    expect(describeJob(jobs[0]!)).toBe('drill seed 4: preset novice on stage easy (5 s)');
    expect(describeJob(jobs[1]!)).toBe('versus seed 5: preset novice vs easy on stage easy');
  });
  it('the digest follows the jobs (presets included), not the objects', () => {
    expect(jobsDigest(structuredClone(jobs))).toBe(jobsDigest(jobs));
    expect(jobsDigest([jobs[0]!, { ...jobs[1]!, cpu: { ...cpu, slip: 0.5 } } as PoolJob])).not.toBe(jobsDigest(jobs));
  });
});
