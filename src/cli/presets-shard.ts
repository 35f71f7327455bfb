// `--shard i/N` and `presets merge`: the runners that write one slice of a run's jobs to a part file
// and that hand a command the merged parts' results instead of running anything
// (src/preset-eval/queue/shard.ts has the format and the checks).
import { writeFileSync } from 'node:fs';
import { encodeExact } from '../preset-eval/queue/codec';
import { jobsDigest, type PoolResult } from '../preset-eval/queue/pool-job';
import { PART_FORMAT, PART_VERSION, shardIndices, type PartFile, type Shard } from '../preset-eval/queue/shard';
import { SIM_VERSION } from '../sim/config';
import { UsageError } from './common';
import { outcome, type JobRunner } from './presets-pool';

/** Ends a sharded command once its part file is written (there is no report to build from a slice). */
export class ShardWritten extends Error {
  constructor(
    readonly summary: { shard: string; jobs: number; of: number; file: string },
    readonly seconds: number,
  ) {
    super(`wrote shard ${summary.shard}: ${summary.jobs} of ${summary.of} jobs to ${summary.file}`);
    this.name = 'ShardWritten';
  }
}

/** Runs slice `shard` of the run's jobs on `inner` and writes them to `file`; `argv` is the run's command line. */
export function shardRunner(shard: Shard, file: string, argv: string[], inner: JobRunner): JobRunner {
  return {
    async run(jobs, label) {
      const t0 = process.hrtime.bigint();
      const idx = shardIndices(jobs.length, shard);
      const { results, stats } = await inner.run(
        idx.map((i) => jobs[i]!),
        `${label} ${shard.index}/${shard.count}`,
      );
      const part: PartFile = {
        format: PART_FORMAT,
        version: PART_VERSION,
        argv,
        sim: SIM_VERSION,
        shard: [shard.index, shard.count],
        jobs: jobs.length,
        digest: jobsDigest(jobs),
        seconds: stats.seconds,
        workers: stats.workers,
        results: idx.map((i, k) => [i, results[k]!]),
      };
      writeFileSync(file, `${encodeExact(part)}\n`);
      const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
      throw new ShardWritten({ shard: `${shard.index}/${shard.count}`, jobs: idx.length, of: jobs.length, file }, seconds);
    },
    close: () => inner.close(),
  };
}

/** Hands the command the merged results, once its jobs are checked to be the ones the parts ran. */
export function mergedRunner(results: PoolResult[], parts: readonly PartFile[]): JobRunner {
  let used = false;
  return {
    async run(jobs) {
      const t0 = process.hrtime.bigint();
      if (used) throw new UsageError('merge: this command runs its jobs in rounds; it cannot be sharded');
      used = true;
      if (parts[0]!.sim !== SIM_VERSION)
        throw new UsageError(`merge: the parts were played at SIM_VERSION ${parts[0]!.sim}, this checkout is ${SIM_VERSION}`);
      if (jobs.length !== results.length || jobsDigest(jobs) !== parts[0]!.digest)
        throw new UsageError(
          'merge: the parts ran other jobs than their command line gives here (a preset or replay file changed or moved?)',
        );
      const o = outcome<(typeof jobs)[number]>(
        results,
        parts.reduce((s, p) => s + p.workers, 0),
        t0,
      );
      // The parts ran side by side: the run took as long as the longest.
      const seconds = Math.max(...parts.map((p) => p.seconds));
      return { results: o.results, stats: { ...o.stats, seconds, jobsPerSecond: results.length / seconds } };
    },
    close: async () => {},
  };
}
