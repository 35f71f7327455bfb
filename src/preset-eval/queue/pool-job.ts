// The one job interface of every `presets` run that uses the worker pool (eval, ladder, calibrate,
// adaptive, balance): a job is plain JSON, `runPoolJob` runs any kind, `describeJob` names
// it in errors. Every backend (worker threads, the Redis queue, static shards) goes through these,
// so a new kind of job is added here once and runs everywhere.
import { sha256Hex } from '../../json/sha256';
import { runAdaptiveJob, type AdaptiveJob, type AdaptiveRun } from '../adaptive-run';
import { runBalanceJob, type BalanceJob, type BalanceMatch } from '../balance';
import { runJob, type EvalJob, type JobResult, type LadderJob, type LadderMatch } from '../jobs';

export type PoolJob = EvalJob | AdaptiveJob | BalanceJob;
export type PoolResult = JobResult | AdaptiveRun | BalanceMatch;

/** The result type of a list of jobs of one kind (a mixed eval list gives JobResult). */
export type ResultOf<J extends PoolJob> = [J] extends [AdaptiveJob]
  ? AdaptiveRun
  : [J] extends [BalanceJob]
    ? BalanceMatch
    : [J] extends [LadderJob]
      ? LadderMatch
      : JobResult;

/** Runs one job of any kind to its end. Deterministic: the same job gives the same result anywhere. */
export function runPoolJob(job: PoolJob): PoolResult {
  if (job.kind === 'adaptive') return runAdaptiveJob(job);
  if (job.kind === 'balance') return runBalanceJob(job);
  return runJob(job);
}

/** The job's seed and presets, for error messages ("ladder seed 3: newcomer vs pair easy (stage easy)"). */
export function describeJob(job: PoolJob): string {
  switch (job.kind) {
    case 'versus':
      return `versus seed ${job.seed}: preset ${job.cpu.name} vs ${job.opponent.name} on stage ${job.stage.name}`;
    case 'drill':
      return `drill seed ${job.seed}: preset ${job.cpu.name} on stage ${job.stage.name} (${job.seconds} s)`;
    case 'ladder': {
      const p = job.player.kind === 'reference' ? job.player.reference.name : job.player.cpu.name;
      return `ladder seed ${job.seed}: ${p} vs pair ${job.pair} (preset ${job.opponent.name}, stage ${job.stage.name})`;
    }
    case 'balance':
      return `balance seed ${job.seed}: ${job.p1} vs ${job.p2} (preset ${job.cpu.name}, stage ${job.stage.name})`;
    default: {
      const p = job.player.kind === 'reference' ? job.player.reference.name : job.player.cpu.name;
      return `adaptive run seed ${job.seed}: ${p}, ${job.matches} matches from strength ${job.start}`;
    }
  }
}

/**
 * A digest of a list of jobs (their full JSON, presets included): the same list gives the same
 * digest on every machine, so queue job ids and shard files name exactly the work they hold.
 */
export function jobsDigest(jobs: readonly PoolJob[]): string {
  return sha256Hex(JSON.stringify(jobs));
}
