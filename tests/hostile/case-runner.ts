// Runs a tool's main(argv, io) on a reusable worker thread (case-worker.ts) under enforced budgets:
// a case that runs past its time, past the worker's heap limit or past the process's resident-memory
// budget is ended by terminating the worker, and reported as an overrun (a synchronous runaway cannot
// hang the suite). Shared by the hostile-input suites (tools.test.ts, limits.test.ts).
import { Worker } from 'node:worker_threads';
import type { CaseReply, CaseRequest } from './case-worker';

/** Per case: a hang guard, far above what any case needs. */
export const TIME_BUDGET_MS = 30_000;
/** Resident memory of the whole process (this thread and the worker) while a case runs. */
export const RSS_BUDGET = 1.5 * 1024 ** 3;
/** The worker's V8 heap (the resident budget also covers buffers outside it). */
export const HEAP_LIMIT_MB = 1024;
/** How often resident memory is sampled while a case runs. */
export const SAMPLE_MS = 5;

const WORKER_URL = new URL('./case-worker.ts', import.meta.url).href;
// tsx's loader does not carry over to worker threads: the worker registers it, then loads the entry.
const BOOT = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(WORKER_URL)}); });`;

export const stats = { cases: 0, processes: 0, worstMs: 0, worstCase: '', peakRss: 0 };

/** What ended a case that did not reply: the budget it broke. */
export type Overrun = { overrun: string };

/**
 * Runs cases on one reusable worker thread under enforced budgets. A case that breaks one is
 * ended by terminating the worker; the next case starts a fresh one.
 */
export class CaseRunner {
  private worker: Promise<Worker> | null = null;
  private id = 0;

  constructor(
    /** `preload`: load the tools at start. `record`: count in the printed figures (not the runaways that prove the budgets). */
    private readonly limits: { heapMb: number; rss: number; ms: number; preload?: boolean; record?: boolean } = {
      heapMb: HEAP_LIMIT_MB,
      rss: RSS_BUDGET,
      ms: TIME_BUDGET_MS,
      preload: true,
      record: true,
    },
  ) {}

  private peak(rss: number): void {
    if (this.limits.record) stats.peakRss = Math.max(stats.peakRss, rss);
  }

  private start(): Promise<Worker> {
    const w = new Worker(BOOT, {
      eval: true,
      execArgv: [],
      workerData: { preload: this.limits.preload === true },
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32 },
    });
    return new Promise((resolve, reject) => {
      w.once('message', () => resolve(w));
      w.once('error', reject);
    });
  }

  /** Runs one case; `ms` is its time from the message to the reply (a fresh worker's start-up not included). */
  async run(tool: CaseRequest['tool'], args: string[]): Promise<(CaseReply | Overrun) & { ms: number }> {
    this.worker ??= this.start();
    const w = await this.worker;
    const id = ++this.id;
    const t0 = performance.now();
    return new Promise((resolve) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      let sampler: ReturnType<typeof setInterval> | undefined;
      let settled = false;
      const done = (r: CaseReply | Overrun) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(sampler);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        this.peak(process.memoryUsage.rss());
        if ('overrun' in r) {
          this.worker = null;
          void w.terminate();
        }
        resolve({ ...r, ms: performance.now() - t0 });
      };
      const sample = () => {
        const rss = process.memoryUsage.rss();
        this.peak(rss);
        if (rss > this.limits.rss) done({ overrun: `resident memory ${mib(rss)} MiB, over the budget of ${mib(this.limits.rss)} MiB` });
      };
      const onMessage = (m: CaseReply) => {
        if (m.id === id) done(m);
      };
      const onError = (e: Error & { code?: string }) =>
        done({
          overrun:
            e.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `heap over the limit of ${this.limits.heapMb} MiB` : `worker failed: ${e.message}`,
        });
      const onExit = (code: number) => done({ overrun: `worker exited (${code})` });
      w.on('message', onMessage);
      w.on('error', onError);
      w.on('exit', onExit);
      timer = setTimeout(() => done({ overrun: `still running after ${this.limits.ms} ms` }), this.limits.ms);
      sampler = setInterval(sample, SAMPLE_MS);
      sample();
      w.postMessage({ id, tool, args } as CaseRequest);
    });
  }

  async close(): Promise<void> {
    if (this.worker) await (await this.worker).terminate();
    this.worker = null;
  }
}

export const mib = (bytes: number) => (bytes / 1024 ** 2).toFixed(0);
