// The job runners of `npm run presets`: every run that uses the worker pool (eval, ladder, calibrate,
// adaptive) hands its jobs to a JobRunner and gets the results back in job order. Here: worker threads
// on this machine, one per core, with progress on stderr; presets-queue.ts has the Redis queue and
// presets-shard.ts the static shards. Jobs and results are the one interface of
// src/preset-eval/queue/pool-job.ts, so the report cannot tell which runner made it.
import { availableParallelism } from 'node:os';
import { runPoolJob, type PoolJob, type PoolResult, type ResultOf } from '../preset-eval/queue/pool-job';
import { progress } from './common';
import { runOnThreads } from './worker-threads';

const WORKER_URL = new URL('./presets-worker.ts', import.meta.url).href;

export interface PoolStats {
  jobs: number;
  /** Worker threads, or on the queue the worker processes that ran jobs. */
  workers: number;
  /** Wall time of the run (a merge: the longest part's). */
  seconds: number;
  jobsPerSecond: number;
}

export interface RunOutcome<J extends PoolJob> {
  results: ResultOf<J>[];
  stats: PoolStats;
}

/** Runs lists of jobs; `label` names the progress line. */
export interface JobRunner {
  run<J extends PoolJob>(jobs: readonly J[], label: string): Promise<RunOutcome<J>>;
  /** Frees what the runner holds (connections); the tool calls it when the command ends. */
  close(): Promise<void>;
}

/** Worker threads on this machine: `workers` of them (default: every core), 0 = this thread. */
export function localRunner(workers?: number, warn?: (line: string) => void): JobRunner {
  return {
    run: (jobs, label) => runJobs(jobs, label, workers, warn),
    close: async () => {},
  };
}

export function outcome<J extends PoolJob>(results: PoolResult[], workers: number, t0: bigint): RunOutcome<J> {
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return {
    results: results as ResultOf<J>[],
    stats: { jobs: results.length, workers, seconds, jobsPerSecond: results.length / seconds },
  };
}

/**
 * Runs every job (results in job order) on `workers` threads (default: every core); 0 runs them
 * on this thread. `label` names the progress line, written through `warn` when given (a tool's stderr).
 */
export async function runJobs<J extends PoolJob>(
  jobs: readonly J[],
  label: string,
  workers = availableParallelism(),
  warn?: (line: string) => void,
): Promise<RunOutcome<J>> {
  const t0 = process.hrtime.bigint();
  const n = Math.min(workers, jobs.length);
  let done = 0;
  const results: PoolResult[] =
    n <= 0
      ? jobs.map((j) => {
          const r = runPoolJob(j);
          progress(label, ++done, jobs.length, warn);
          return r;
        })
      : await runOnThreads<J, PoolResult>(jobs, n, WORKER_URL, { onResult: (k) => progress(label, k, jobs.length, warn) });
  return outcome<J>(results, Math.max(n, 0), t0);
}
