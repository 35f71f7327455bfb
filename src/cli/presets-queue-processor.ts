// The sandboxed processor of `presets worker`: BullMQ runs it in child processes (presets-queue.ts
// starts them with tsx's loader), one job at a time each. Errors name the job's seed and presets.
import { hostname } from 'node:os';
import type { SandboxedJob } from 'bullmq';
import { decodeExact, encodeExact } from '../preset-eval/queue/codec';
import { runPoolJob, type PoolJob } from '../preset-eval/queue/pool-job';
import { SIM_VERSION } from '../sim/config';
import type { QueueJobData, QueueJobReturn } from './presets-queue';

export default async function processJob(job: SandboxedJob<QueueJobData>): Promise<string> {
  if (job.data.sim !== SIM_VERSION)
    throw new Error(`${job.data.what}: submitted at SIM_VERSION ${job.data.sim}, this worker runs ${SIM_VERSION} (update it)`);
  const j = decodeExact<PoolJob>(job.data.job);
  try {
    return encodeExact({ by: `${hostname()}:${process.ppid}`, result: runPoolJob(j) } satisfies QueueJobReturn);
  } catch (e) {
    throw new Error(`${job.data.what}: ${e instanceof Error ? e.message : String(e)}`);
  }
}
