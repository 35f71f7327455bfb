// Worker thread of `npm run presets`: runs the jobs it is sent (src/preset-eval/queue/pool-job.ts).
import { describeJob, runPoolJob } from '../preset-eval/queue/pool-job';
import { serveJobs } from './worker-threads';

serveJobs(runPoolJob, describeJob);
