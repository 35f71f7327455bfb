// Worker thread of `npm run presets`: runs the jobs it is sent (src/preset-eval/queue/pool-job.ts).
import { parentPort } from 'node:worker_threads';
import { describeJob, runPoolJob, type PoolJob } from '../preset-eval/queue/pool-job';

parentPort!.on('message', (msg: { id: number; job: PoolJob }) => {
  try {
    parentPort!.postMessage({ id: msg.id, result: runPoolJob(msg.job) });
  } catch (e) {
    const why = e instanceof Error ? (e.stack ?? e.message) : String(e);
    parentPort!.postMessage({ id: msg.id, error: `${describeJob(msg.job)}: ${why}` });
  }
});
