// `--queue redis://HOST:PORT`: the jobs of a presets run go to a BullMQ queue on Redis, and
// `presets worker --queue …` on any number of machines runs them, one sandboxed processor (a child
// process, presets-queue-processor.ts) per core. Job ids are the run's digest and the job's index,
// so a job that is retried (its processor or its whole worker died) is still one result, and the
// results come back by index: the report is the one-machine run's.
import { Socket } from 'node:net';
import { availableParallelism, hostname } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Queue, QueueEvents, Worker, type Job, type RedisOptions } from 'bullmq';
import { decodeExact, encodeExact } from '../preset-eval/queue/codec';
import { describeJob, jobsDigest, type PoolResult } from '../preset-eval/queue/pool-job';
import { SIM_VERSION } from '../sim/config';
import { progress, UsageError } from './common';
import { outcome, type JobRunner } from './presets-pool';

export const QUEUE_NAME = 'twinfield-presets';
/** Tries per job: a processor or worker that dies (or a job that throws) gets two more. */
export const ATTEMPTS = 3;

/** What a queue job carries: the job as exact JSON, its index in the run, and what it is (for logs). */
export interface QueueJobData {
  index: number;
  /** The submitter's SIM_VERSION: a worker on other rules refuses the job instead of mixing results. */
  sim: number;
  job: string;
  what: string;
}

/** What a processor returns: who ran the job and its result (encodeExact of `{ by, result }`). */
export interface QueueJobReturn {
  by: string;
  result: PoolResult;
}

/** The connection options of `redis://[USER:PASSWORD@]HOST[:PORT][/DB]`; a UsageError when it is not one. */
export function redisOptions(url: string): RedisOptions {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`--queue: '${url}' is not a URL (redis://HOST:PORT)`);
  }
  if (u.protocol !== 'redis:' || u.hostname === '') throw new UsageError(`--queue: '${url}' is not redis://HOST:PORT`);
  const db = u.pathname.replace(/^\//, '');
  if (db !== '' && !/^[0-9]{1,2}$/.test(db)) throw new UsageError(`--queue: '${url}': the database must be a number`);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port === '' ? 6379 : Number(u.port),
    db: db === '' ? 0 : Number(db),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    // BullMQ's workers block on Redis; they need ioredis to wait instead of failing a command.
    maxRetriesPerRequest: null,
  };
}

/** The URL for messages and logs: the password (if any) left out. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.href.replace(/\/$/, '');
  } catch {
    return url;
  }
}

/** Fails at once, naming the address, when nothing listens there (ioredis would retry for ever). */
async function reachable(url: string, o: RedisOptions): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const s = new Socket();
    const fail = (why: string) => {
      s.destroy();
      reject(new UsageError(`--queue ${shownUrl(url)}: cannot reach Redis (${why})`));
    };
    s.setTimeout(5000, () => fail('no answer in 5 s'));
    s.once('error', (e: NodeJS.ErrnoException) => fail(e.code ?? e.message));
    s.connect(o.port!, o.host!, () => {
      s.destroy();
      resolve();
    });
  });
}

/** The submitting side: each run's jobs go to the queue; results, progress and failures come back. */
export function queueRunner(url: string, warn: (line: string) => void): JobRunner {
  const connection = redisOptions(url);
  let queue: Queue | null = null;
  let events: QueueEvents | null = null;
  const open = async () => {
    if (queue && events) return { queue, events };
    await reachable(url, connection);
    queue = new Queue(QUEUE_NAME, { connection });
    events = new QueueEvents(QUEUE_NAME, { connection });
    await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
    return { queue, events };
  };
  return {
    async run(jobs, label) {
      const t0 = process.hrtime.bigint();
      const { queue: q, events: ev } = await open();
      const digest = jobsDigest(jobs).slice(0, 16);
      const ids = jobs.map((_, i) => `${digest}-${i}`);
      // Left over by an interrupted identical run: a completed job is reused (same job, same result),
      // a failed one is tried again.
      const states = await Promise.all(ids.map((id) => q.getJobState(id)));
      await Promise.all(ids.filter((_, i) => states[i] === 'failed').map((id) => q.remove(id)));
      const added: Job[] = await q.addBulk(
        jobs.map((job, index) => ({
          name: label,
          data: { index, sim: SIM_VERSION, job: encodeExact(job), what: describeJob(job) } satisfies QueueJobData,
          opts: { jobId: ids[index], attempts: ATTEMPTS, backoff: { type: 'fixed', delay: 500 } },
        })),
      );
      const results: PoolResult[] = new Array(jobs.length);
      const by = new Set<string>();
      let done = 0;
      try {
        await Promise.all(
          added.map(async (j, i) => {
            let rv: unknown;
            try {
              rv = await j.waitUntilFinished(ev);
            } catch (e) {
              const why = e instanceof Error ? e.message : String(e);
              throw new Error(`${label}: job ${i} (${describeJob(jobs[i]!)}) failed after ${ATTEMPTS} tries: ${why}`);
            }
            const r = decodeExact<QueueJobReturn>(String(rv));
            results[i] = r.result;
            by.add(r.by);
            progress(label, ++done, jobs.length, warn);
          }),
        );
      } finally {
        // The run's jobs leave Redis with it (an active one cannot be removed; it is reused by a rerun).
        await Promise.all(ids.map((id) => q.remove(id).catch(() => 0)));
      }
      return outcome(results, by.size, t0);
    },
    async close() {
      await events?.close();
      await queue?.close();
    },
  };
}

export interface QueueWorkerOptions {
  /** Sandboxed processors (child processes); default one per core. */
  concurrency?: number;
  /** How long a job's lock lasts without renewal: a dead worker's jobs are taken up again after it. */
  lockSeconds: number;
  warn: (line: string) => void;
  /** Resolves when the worker should stop (default: SIGINT or SIGTERM). */
  stop?: Promise<unknown>;
}

const PROCESSOR = fileURLToPath(new URL('./presets-queue-processor.ts', import.meta.url));

/** The processors are child processes started with this node's flags: they need tsx's loader too. */
function childExecArgv(): string[] {
  return process.execArgv.some((a) => a.includes('tsx')) ? process.execArgv : [...process.execArgv, '--import', 'tsx'];
}

/** `presets worker`: runs the queue's jobs until stopped; returns how many it completed and failed. */
export async function runQueueWorker(url: string, o: QueueWorkerOptions): Promise<{ completed: number; failed: number }> {
  const connection = redisOptions(url);
  await reachable(url, connection);
  const concurrency = o.concurrency ?? availableParallelism();
  const lockDuration = Math.round(o.lockSeconds * 1000);
  const worker = new Worker(QUEUE_NAME, PROCESSOR, {
    connection,
    concurrency,
    lockDuration,
    // A dead worker's job is found stalled within one more lock period and put back to wait.
    stalledInterval: lockDuration,
    maxStalledCount: ATTEMPTS - 1,
    useWorkerThreads: false,
    workerForkOptions: { execArgv: childExecArgv() },
  });
  const me = `${hostname()}:${process.pid}`;
  let completed = 0;
  let failed = 0;
  const started = new Map<string, bigint>();
  const took = (id: string | undefined) => {
    const t = id === undefined ? undefined : started.get(id);
    return t === undefined ? '' : ` in ${(Number(process.hrtime.bigint() - t) / 1e9).toFixed(1)} s`;
  };
  worker.on('active', (job: Job<QueueJobData>) => {
    started.set(job.id!, process.hrtime.bigint());
    o.warn(`worker ${me}: started ${job.id} (${job.data.what}), try ${job.attemptsMade + 1}`);
  });
  worker.on('completed', (job: Job<QueueJobData>) => {
    completed++;
    o.warn(`worker ${me}: done ${job.id}${took(job.id)}`);
  });
  worker.on('failed', (job: Job<QueueJobData> | undefined, e: Error) => {
    failed++;
    o.warn(`worker ${me}: failed ${job?.id ?? '?'} (${job?.data.what ?? '?'})${took(job?.id)}: ${e.message}`);
  });
  worker.on('error', (e: Error) => o.warn(`worker ${me}: ${e.message}`));
  await worker.waitUntilReady();
  o.warn(`worker ${me}: ${concurrency} processor(s) on ${QUEUE_NAME} at ${shownUrl(url)}; stop with Ctrl-C`);
  await (o.stop ??
    new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
    }));
  // Lets running jobs finish (a second signal kills the process; its jobs are retried elsewhere).
  await worker.close();
  o.warn(`worker ${me}: stopped after ${completed} job(s), ${failed} failed`);
  return { completed, failed };
}
