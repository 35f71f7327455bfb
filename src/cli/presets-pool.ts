// Runs preset-evaluation jobs on worker threads, one per core, with progress on stderr.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { EvalJob, JobResult } from '../preset-eval/jobs';
import type { AdaptiveJob, AdaptiveRun } from '../preset-eval/adaptive-run';
import { runAdaptiveJob } from '../preset-eval/adaptive-run';
import { runJob } from '../preset-eval/jobs';
import { progress } from './common';

const WORKER_URL = new URL('./presets-worker.ts', import.meta.url).href;
// tsx's loader does not carry over to worker threads: each worker registers it, then loads the entry.
const BOOT = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

export interface PoolStats {
  jobs: number;
  workers: number;
  seconds: number;
  jobsPerSecond: number;
}

/**
 * Runs every job (results in job order) on `workers` threads (default: every core); 0 runs them
 * on this thread. `label` names the progress line, written through `warn` when given (a tool's stderr).
 */
export async function runJobs(
  jobs: readonly EvalJob[],
  label: string,
  workers?: number,
  warn?: (line: string) => void,
): Promise<{ results: JobResult[]; stats: PoolStats }>;
export async function runJobs(
  jobs: readonly AdaptiveJob[],
  label: string,
  workers?: number,
  warn?: (line: string) => void,
): Promise<{ results: AdaptiveRun[]; stats: PoolStats }>;
export async function runJobs(
  jobs: readonly (EvalJob | AdaptiveJob)[],
  label: string,
  workers = availableParallelism(),
  warn?: (line: string) => void,
): Promise<{ results: (JobResult | AdaptiveRun)[]; stats: PoolStats }> {
  const t0 = process.hrtime.bigint();
  const results: (JobResult | AdaptiveRun)[] = new Array(jobs.length);
  let done = 0;
  const n = Math.min(workers, jobs.length);
  if (n <= 0) {
    jobs.forEach((j, i) => {
      results[i] = j.kind === 'adaptive' ? runAdaptiveJob(j) : runJob(j);
      progress(label, ++done, jobs.length, warn);
    });
  } else {
    let next = 0;
    await Promise.all(
      Array.from(
        { length: n },
        () =>
          new Promise<void>((resolve, reject) => {
            const w = new Worker(BOOT, { eval: true, execArgv: [] });
            const feed = () => {
              if (next >= jobs.length) {
                void w.terminate().then(() => resolve());
                return;
              }
              const id = next++;
              w.postMessage({ id, job: jobs[id] });
            };
            w.on('message', (m: { id: number; result?: JobResult | AdaptiveRun; error?: string }) => {
              if (m.error !== undefined) {
                void w.terminate();
                reject(new Error(`job ${m.id} failed: ${m.error}`));
                return;
              }
              results[m.id] = m.result!;
              progress(label, ++done, jobs.length, warn);
              feed();
            });
            w.on('error', reject);
            w.once('online', feed);
          }),
      ),
    );
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { results, stats: { jobs: jobs.length, workers: n, seconds, jobsPerSecond: jobs.length / seconds } };
}
