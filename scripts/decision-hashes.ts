// Decision hashes of CPU-vs-CPU matches: per seed the final state hash (hashState) and a hash of
// every frame's input bits of both sides, plus one combined hash. Equal hashes before and after a
// change to src/cpu mean every decision is unchanged (issue 26: speed work must not change play).
// Run: `npx tsx scripts/decision-hashes.ts --help`.
import { writeFileSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isMainThread, workerData } from 'node:worker_threads';
import { runOnThreads, serveJobs } from '../src/cli/worker-threads';
import { createController } from '../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../src/sim';
import { Hasher } from '../src/sim/hash';
import { defineTool, runIfEntry, UsageError } from '../src/cli/common';
import { MATCH_OPTIONS, matchSetup, type MatchSetup } from './match-options';

export interface HashJob extends MatchSetup {
  seed: number;
}

export interface SeedHashes {
  seed: number;
  /** Frames played (the cap, or fewer when the match ended). */
  frames: number;
  /** hashState of the final state. */
  state: string;
  /** Hash of both sides' input bits, frame by frame. */
  inputs: string;
  /** CPU time of this match on its thread (ms; process-wide when several threads run). */
  cpuMs: number;
}

/** Plays one match and hashes what it decided. */
export function hashMatch(job: HashJob): SeedHashes {
  const t0 = process.cpuUsage();
  const state = createMatch({ seed: job.seed, stages: job.stages, difficulty: job.difficulty });
  const runner = new MatchRunner(state, [createController(job.p1), createController(job.p2)]);
  runner.runUntil(job.frames);
  const h = new Hasher();
  const a = runner.inputs(0);
  const b = runner.inputs(1);
  h.int(a.length);
  for (let f = 0; f < a.length; f++) h.int(a[f]! | (b[f]! << 8));
  const t = process.cpuUsage(t0);
  return { seed: job.seed, frames: state.frame, state: hashState(state), inputs: h.hex(), cpuMs: (t.user + t.system) / 1000 };
}

/** One hash over every seed's state and input hashes, in seed order. */
export function combinedHash(rows: readonly SeedHashes[]): string {
  const h = new Hasher();
  for (const r of rows) {
    h.int(r.seed);
    h.int(r.frames);
    h.str(r.state);
    h.str(r.inputs);
  }
  return h.hex();
}

/** Runs the jobs on `workers` threads (0: on this one); results in job order. */
export async function runHashJobs(jobs: readonly HashJob[], workers: number): Promise<SeedHashes[]> {
  if (workers <= 0) return jobs.map(hashMatch);
  return runOnThreads<HashJob, SeedHashes>(jobs, workers, import.meta.url, {
    workerData: { decisionHashes: true },
    failure: (job, _id, error) => `seed ${job.seed} failed: ${error}`,
  });
}

if (!isMainThread && (workerData as { decisionHashes?: boolean } | null)?.decisionHashes) serveJobs(hashMatch);

export interface HashReport {
  p1: string;
  p2: string;
  stages: string;
  difficulty: string;
  frames: number;
  combined: string;
  seeds: Omit<SeedHashes, 'cpuMs'>[];
}

export const main = defineTool(
  {
    name: 'decision-hashes',
    usage: 'npx tsx scripts/decision-hashes.ts [--seeds N] [--first S] [--frames F] [--out FILE] [--check FILE] [--json]',
    summary:
      'Plays N seeds of a CPU-vs-CPU match (default Hard vs Hard, open stages, normal stage preset) and prints per seed the final ' +
      'state hash and the hash of both sides’ input bits, then one combined hash and the CPU time. --out writes the hashes as JSON; ' +
      '--check compares with such a file (exit 1 when any seed differs).',
    options: [
      { name: 'seeds', kind: 'int', help: 'how many seeds', default: 100, min: 1, max: 100000 },
      { name: 'first', kind: 'int', help: 'first seed', default: 1, min: 0, max: 0xffffffff },
      ...MATCH_OPTIONS,
      { name: 'workers', kind: 'int', help: 'worker threads (0: this thread; default every core)', min: 0, max: 64 },
      {
        name: 'warmup',
        kind: 'int',
        help: 'matches played first on this thread, not counted (seeds 1000000…; needs --workers 0): CPU time of compiled code',
        default: 0,
        min: 0,
        max: 1000,
      },
      { name: 'out', kind: 'string', help: 'write the hashes as JSON to this file' },
      { name: 'check', kind: 'string', help: 'compare with a JSON file written by --out' },
    ],
    positional: [0, 0],
  },
  async ({ opts }, json, io) => {
    const setup = matchSetup(opts);
    const jobs: HashJob[] = Array.from({ length: opts.seeds }, (_, i) => ({ ...setup, seed: opts.first + i }));
    if (opts.warmup > 0) {
      if (opts.workers !== 0) throw new UsageError('--warmup needs --workers 0: the warm-up matches run on this thread');
      for (let i = 0; i < opts.warmup; i++) hashMatch({ ...jobs[0]!, seed: 1_000_000 + i });
    }
    const t0 = process.cpuUsage();
    const w0 = process.hrtime.bigint();
    const rows = await runHashJobs(jobs, opts.workers ?? availableParallelism());
    const cpu = process.cpuUsage(t0);
    const wallS = Number(process.hrtime.bigint() - w0) / 1e9;
    const report: HashReport = {
      p1: opts.p1,
      p2: opts.p2,
      stages: opts.stages,
      difficulty: opts.difficulty,
      frames: opts.frames,
      combined: combinedHash(rows),
      seeds: rows.map(({ cpuMs: _, ...r }) => r),
    };
    const cpuS = (cpu.user + cpu.system) / 1e6;
    const matchCpuS = rows.reduce((s, r) => s + r.cpuMs, 0) / 1000;
    const sorted = rows.map((r) => r.cpuMs).sort((a, b) => a - b);
    const medianMatchCpuMs = sorted[sorted.length >> 1]!;
    if (!json) {
      for (const r of rows) io.log(`seed ${r.seed}: ${r.frames} frames, state ${r.state}, inputs ${r.inputs}, ${r.cpuMs.toFixed(0)} ms`);
      io.log(`combined ${report.combined} (${rows.length} seeds, ${opts.p1} vs ${opts.p2}, ${opts.stages}/${opts.difficulty})`);
      io.log(
        `cpu ${cpuS.toFixed(2)} s process, ${matchCpuS.toFixed(2)} s in matches ` +
          `(median ${medianMatchCpuMs.toFixed(0)} ms a match); wall ${wallS.toFixed(2)} s`,
      );
    }
    if (opts.out !== undefined) writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`);
    let differs: number[] = [];
    if (opts.check !== undefined) {
      const base = JSON.parse(readFileSync(opts.check, 'utf8')) as HashReport;
      const bySeed = new Map(base.seeds.map((s) => [s.seed, s]));
      differs = report.seeds
        .filter((r) => {
          const b = bySeed.get(r.seed);
          return !b || b.frames !== r.frames || b.state !== r.state || b.inputs !== r.inputs;
        })
        .map((r) => r.seed);
      if (!json) io.log(differs.length ? `DIFFERS from ${opts.check}: seeds ${differs.join(', ')}` : `same as ${opts.check}`);
      if (differs.length) io.exitCode = 1;
    }
    return { ...report, cpuSeconds: cpuS, matchCpuSeconds: matchCpuS, medianMatchCpuMs, wallSeconds: wallS, differs };
  },
);

if (isMainThread) await runIfEntry(import.meta.url, main);
