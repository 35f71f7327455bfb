// `presets … --queue redis://…` and `presets worker`: a real redis-server (Debian's package; .ci/run
// installs it) on a free port of 127.0.0.1 with a temp dir, two worker processes (tsx, as `npm run`),
// and the submitting side in-process. The report must be the one-machine run's byte for byte, a
// worker killed mid-job must have its job taken up by the other, and a failing job must name itself.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as presets } from '../../src/cli/presets';
import { QUEUE_NAME, redisOptions } from '../../src/cli/presets-queue';
import { runMain } from './tool-run';

const lastLine = (stdout: string) => stdout.trim().split('\n').pop()!;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** Resolves when `re` (or a test on the text) finds something in what the child wrote to `stream` (rejects if it exits first). */
function waitFor<T = RegExpMatchArray>(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  re: RegExp | ((text: string) => T | null),
  log: { text: string },
): Promise<T> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = typeof re === 'function' ? re(log.text) : (log.text.match(re) as T | null);
      if (m) {
        child[stream]!.off('data', check);
        child.off('exit', gone);
        resolve(m);
      }
    };
    const gone = () => reject(new Error(`exited before ${re}: ${log.text}`));
    child[stream]!.on('data', check);
    child.once('exit', gone);
    check();
  });
}

interface Proc {
  child: ChildProcess;
  err: { text: string };
}

const procs: Proc[] = [];
let redis: ChildProcess | null = null;
let dir = '';
let url = '';

/** A `presets worker` process in its own process group (so a kill takes its sandboxed processors too). */
async function startWorker(): Promise<Proc> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/cli/presets.ts', 'worker', '--queue', url, '--concurrency', '1', '--lock-seconds', '2'],
    { cwd: process.cwd(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const p: Proc = { child, err: { text: '' } };
  child.stderr!.on('data', (d: Buffer) => {
    p.err.text += d.toString();
  });
  procs.push(p);
  await waitFor(child, 'stderr', /processor\(s\) on twinfield-presets/, p.err);
  return p;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', () => r()));
}

beforeAll(async () => {
  // Not skipped when missing: the test says what to install.
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error)
    throw new Error('redis-server is not installed: apt-get install -y redis-server (Debian; .ci/run installs it when missing)');
  dir = mkdtempSync(join(tmpdir(), 'presets-queue-'));
  const port = await freePort();
  redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { text: '' };
  redis.stdout!.on('data', (d: Buffer) => {
    log.text += d.toString();
  });
  await waitFor(redis, 'stdout', /Ready to accept connections/, log);
  url = `redis://127.0.0.1:${port}`;
}, 30_000);

afterAll(async () => {
  for (const p of procs) {
    if (p.child.exitCode === null && p.child.signalCode === null) process.kill(-p.child.pid!, 'SIGKILL');
    await exited(p.child);
  }
  if (redis) {
    redis.kill('SIGKILL');
    await exited(redis);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const EVAL = ['eval', 'novice', 'easy', '--stage', 'easy', '--seeds', '2', '--opponents', 'easy', '--drill-seconds', '5', '--json'];
const LADDER = ['ladder', '--seeds', '3', '--pairs', 'easy', '--players', 'newcomer', '--json'];

describe('presets on a BullMQ queue', { timeout: 240_000 }, () => {
  let w1: Proc;
  let w2: Proc;

  it('eval on two worker processes gives the one-machine JSON byte for byte, with progress here', async () => {
    [w1, w2] = await Promise.all([startWorker(), startWorker()]);
    const local = await runMain(presets, [...EVAL, '--workers', '0']);
    expect(local.status, local.stderr).toBe(0);
    const queued = await runMain(presets, [...EVAL, '--queue', url]);
    expect(queued.status, queued.stderr).toBe(0);
    expect(lastLine(queued.stdout)).toBe(lastLine(local.stdout));
    expect(queued.stderr).toMatch(/^eval: 8\/8$/m);
    expect(queued.stderr).toMatch(/^8 runs \(2 seeds\) on 2 worker\(s\) in [\d.]+ s/m);
    // Each worker ran some of the jobs, and logs them by seed and preset.
    // (Their logs come through a pipe, after the results came through Redis: waited for.)
    for (const w of [w1, w2]) await waitFor(w.child, 'stderr', /done [0-9a-f]{16}-\d+ in/, w.err);
    expect(w1.err.text + w2.err.text).toMatch(/started [0-9a-f]{16}-\d+ \(versus seed 1: preset easy vs easy on stage easy\)/);
  });

  it('a worker killed mid-job has its job run by the other; the report is still the local one', async () => {
    const local = await runMain(presets, [...LADDER, '--workers', '0']);
    expect(local.status, local.stderr).toBe(0);
    const w1Before = w1.err.text.length;
    const pending = runMain(presets, [...LADDER, '--queue', url]);
    const log = { text: '' };
    const onData = (d: Buffer) => {
      log.text += d.toString();
    };
    w1.child.stderr!.on('data', onData);
    log.text = w1.err.text.slice(w1Before);
    // A job it started and has not finished (a short one may be done before we look).
    const unfinished = (text: string) =>
      [...text.matchAll(/started ([0-9a-f]{16}-\d+)/g)].map((m) => m[1]!).filter((id) => !text.includes(`done ${id} `));
    const id = await waitFor(w1.child, 'stderr', (t) => unfinished(t)[0] ?? null, log);
    process.kill(-w1.child.pid!, 'SIGKILL');
    await exited(w1.child);
    w1.child.stderr!.off('data', onData);
    // Killed mid-job: the job's lock runs out and the other worker takes it up.
    if (!unfinished(log.text).includes(id)) throw new Error(`the job finished before the kill: ${log.text}`);
    const queued = await pending;
    expect(queued.status, queued.stderr).toBe(0);
    expect(lastLine(queued.stdout)).toBe(lastLine(local.stdout));
    await waitFor(w2.child, 'stderr', new RegExp(`done ${id} in`), w2.err);
  });

  it('a job that keeps failing stops the run with one error line naming its seed and preset', async () => {
    w2.child.kill('SIGTERM');
    await exited(w2.child);
    expect(w2.err.text).toMatch(/stopped after \d+ job\(s\), 0 failed/);
    // A worker whose processor throws on the drill of seed 1 (in-process, as a stand-in for a bug).
    const bad = new Worker(
      QUEUE_NAME,
      async (job) => {
        if (job.data.what.startsWith('drill seed 1:')) throw new Error('boom');
        return '{}';
      },
      { connection: redisOptions(url) },
    );
    try {
      const r = await runMain(presets, ['eval', 'novice', '--stage', 'easy', '--seeds', '2', '--opponents', '', '--queue', url]);
      expect(r.status).toBe(1);
      const errors = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
      expect(errors).toEqual([
        expect.stringMatching(/job 1 \(drill seed 1: preset novice on stage easy \(60 s\)\) failed after 3 tries: boom/),
      ]);
    } finally {
      await bad.close();
    }
  });

  it('an address where no Redis listens is refused at once, naming it (not its password)', async () => {
    const port = await freePort();
    const r = await runMain(presets, ['eval', 'novice', '--seeds', '1', '--queue', `redis://:pw@127.0.0.1:${port}`]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(`error: --queue redis://:***@127.0.0.1:${port}: cannot reach Redis (ECONNREFUSED)`);
  });
});
