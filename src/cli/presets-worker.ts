// Worker thread of `npm run presets`: runs the evaluation jobs it is sent (src/preset-eval/jobs.ts).
import { parentPort } from 'node:worker_threads';
import { runJob, type EvalJob } from '../preset-eval/jobs';
import { runAdaptiveJob, type AdaptiveJob } from '../preset-eval/adaptive-run';

parentPort!.on('message', (msg: { id: number; job: EvalJob | AdaptiveJob }) => {
  try {
    const job = msg.job;
    parentPort!.postMessage({ id: msg.id, result: job.kind === 'adaptive' ? runAdaptiveJob(job) : runJob(job) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
