// Worker thread of `npm run presets`: runs the evaluation jobs it is sent (src/preset-eval/jobs.ts).
import { parentPort } from 'node:worker_threads';
import { runJob, type EvalJob } from '../preset-eval/jobs';

parentPort!.on('message', (msg: { id: number; job: EvalJob }) => {
  try {
    parentPort!.postMessage({ id: msg.id, result: runJob(msg.job) });
  } catch (e) {
    parentPort!.postMessage({ id: msg.id, error: e instanceof Error ? (e.stack ?? e.message) : String(e) });
  }
});
