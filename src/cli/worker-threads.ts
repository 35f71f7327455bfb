// Jobs on worker threads of this machine, for the Node tools: each thread loads a module through
// tsx (its loader does not carry over to worker threads: the thread registers it, then imports the
// module) and answers every job it is sent; the main thread hands the next job to whichever thread
// is free and puts the results back in job order.
import { parentPort, Worker } from 'node:worker_threads';

// Runs in the thread: registers tsx, then loads the module given in workerData.
const BOOT =
  `const { workerData } = require('node:worker_threads');` +
  `import('tsx/esm/api').then((m) => { m.register(); return import(workerData.url); });`;

export interface ThreadOptions<J> {
  /** More for the thread's workerData (the module's URL goes in `url`). */
  workerData?: Record<string, unknown>;
  /** After each result: how many are done. */
  onResult?: (done: number) => void;
  /** The error when job `id` failed in its thread with `error` (default: "job ID failed: …"). */
  failure?: (job: J, id: number, error: string) => string;
}

/** Runs `jobs` on `threads` threads of `moduleUrl` (which calls serveJobs); results in job order. */
export async function runOnThreads<J, R>(jobs: readonly J[], threads: number, moduleUrl: string, o: ThreadOptions<J> = {}): Promise<R[]> {
  const results: R[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from(
      { length: Math.min(threads, jobs.length) },
      () =>
        new Promise<void>((resolve, reject) => {
          const w = new Worker(BOOT, { eval: true, execArgv: [], workerData: { ...o.workerData, url: moduleUrl } });
          const feed = () => {
            if (next >= jobs.length) {
              void w.terminate().then(() => resolve());
              return;
            }
            const id = next++;
            w.postMessage({ id, job: jobs[id] });
          };
          w.on('message', (m: { id: number; result?: R; error?: string }) => {
            if (m.error !== undefined) {
              void w.terminate();
              reject(new Error(o.failure ? o.failure(jobs[m.id]!, m.id, m.error) : `job ${m.id} failed: ${m.error}`));
              return;
            }
            results[m.id] = m.result!;
            o.onResult?.(++done);
            feed();
          });
          w.on('error', reject);
          w.once('online', feed);
        }),
    ),
  );
  return results;
}

/** In a thread started by runOnThreads: answers every job with `run`'s result, or the error (named by `describe`). */
export function serveJobs<J, R>(run: (job: J) => R, describe?: (job: J) => string): void {
  parentPort!.on('message', (msg: { id: number; job: J }) => {
    try {
      parentPort!.postMessage({ id: msg.id, result: run(msg.job) });
    } catch (e) {
      const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
      parentPort!.postMessage({ id: msg.id, error: describe ? `${describe(msg.job)}: ${why}` : why });
    }
  });
}
