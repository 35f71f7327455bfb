// A bounded load test of the study server: starts `study serve` on 127.0.0.1 with a fresh package,
// runs N simulated raters at once (each joins, then PUTs its record after every step of the study),
// stops the server, and checks the database against what the server acknowledged: no lost or
// duplicated writes, groups balanced, Latin-square rows balanced. Prints latency percentiles and
// requests per second.  npm run -s ... : npx tsx scripts/load-study-server.ts [--participants N] [--json]
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { defineTool, runIfEntry } from '../src/cli/common';
import { openDb } from '../src/server/db';
import type { ParticipantRecord } from '../src/study/flow';
import { drillReplay, makePackage, recordsThroughStudy } from '../tests/server/fixture';
import { startServerProcess } from '../tests/server/spawn';

export interface LoadResult {
  participants: number;
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  thinkMs: number;
  /** Upload of a whole 40 s drill recording (decode, re-simulate, store), ms: median and slowest. */
  replayUploadMs: { n: number; median: number; max: number };
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  groups: Record<string, number>;
  rows: Record<string, Record<number, number>>;
  /** Everything wrong found (empty: passed). */
  problems: string[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * `n` raters at once; each waits `thinkMs` (± half, seeded) before each step's PUT (0: back to back,
 * the worst case: latency is then mostly queueing, about n / throughput).
 */
export async function runLoad(n: number, thinkMs = 0, log: (s: string) => void = () => {}, replays = 5): Promise<LoadResult> {
  const pkg = makePackage({ setOrder: 'latin' });
  const server = await startServerProcess(pkg.dir, ['--rate-limit', '0']);
  const lat: number[] = [];
  const acked = new Map<string, Set<number>>();
  const last = new Map<string, ParticipantRecord>();
  const problems: string[] = [];
  const call = async (method: string, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> => {
    const t = performance.now();
    const r = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const json = (await r.json()) as Record<string, unknown>;
    lat.push(performance.now() - t);
    return { status: r.status, json };
  };
  const rater = async (i: number) => {
    const pid = `load${i}`;
    const j = await call('POST', '/api/participants', { pid, lang: 'en', group: null, prolific: null });
    if (j.status !== 201) throw new Error(`join ${pid}: ${j.status} ${JSON.stringify(j.json)}`);
    const seen = new Set<number>([0]);
    acked.set(pid, seen);
    let k = i + 1;
    for (const rec of recordsThroughStudy(pkg.manifest, j.json.record as unknown as ParticipantRecord, i)) {
      k = (Math.imul(k, 1103515245) + 12345) >>> 0;
      if (thinkMs > 0) await new Promise((done) => setTimeout(done, thinkMs * (0.5 + (k % 1000) / 1000)));
      const r = await call('PUT', `/api/participants/${pid}`, { record: rec });
      if (r.status !== 200 || r.json.progress !== rec.progress)
        throw new Error(`PUT ${pid} step ${rec.progress}: ${r.status} ${JSON.stringify(r.json)}`);
      seen.add(rec.progress);
      last.set(pid, rec);
    }
  };
  const t0 = performance.now();
  let seconds = 0;
  const upMs: number[] = [];
  try {
    const results = await Promise.allSettled(Array.from({ length: n }, (_, i) => rater(i)));
    for (const r of results) if (r.status === 'rejected') problems.push(String(r.reason));
    seconds = (performance.now() - t0) / 1000;
    // Then whole drill recordings one at a time, on the idle server: the time is the re-simulation's.
    for (let i = 0; i < replays; i++) {
      const bytes = drillReplay(i % 2 ? 'b' : 'a', 2400, { rng: i });
      const t = performance.now();
      const r = await fetch(`${server.url}/api/replays?kind=recording&player=load&variant=${i % 2 ? 'b' : 'a'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/octet-stream', 'x-record-token': server.recordToken },
        body: Buffer.from(bytes),
      });
      upMs.push(performance.now() - t);
      if (r.status !== 201) problems.push(`recording ${i}: ${r.status} ${await r.text()}`);
    }
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
  }
  const db = openDb(join(pkg.dir, 'study.sqlite'), { readonly: true });
  const groups: Record<string, number> = {};
  const rows: Record<string, Record<number, number>> = {};
  try {
    const ps = db
      .prepare<[], { pid: string; group_id: string; order_row: number; record: string; progress: number }>('SELECT * FROM participants')
      .all();
    if (ps.length !== n) problems.push(`${ps.length} participants stored, ${n} joined`);
    const steps = db
      .prepare<[], { pid: string; progress: number; n: number }>('SELECT pid, progress, COUNT(*) AS n FROM steps GROUP BY pid, progress')
      .all();
    const stored = new Map<string, Set<number>>();
    for (const s of steps) {
      if (s.n !== 1) problems.push(`${s.pid} step ${s.progress} stored ${s.n} times`);
      if (!stored.has(s.pid)) stored.set(s.pid, new Set());
      stored.get(s.pid)!.add(s.progress);
    }
    for (const [pid, seen] of acked) {
      const got = stored.get(pid) ?? new Set();
      for (const p of seen) if (!got.has(p)) problems.push(`${pid}: acknowledged step ${p} is not in the step log`);
      for (const p of got) if (!seen.has(p)) problems.push(`${pid}: step ${p} is stored but was never acknowledged`);
    }
    for (const p of ps) {
      groups[p.group_id] = (groups[p.group_id] ?? 0) + 1;
      rows[p.group_id] ??= {};
      rows[p.group_id]![p.order_row] = (rows[p.group_id]![p.order_row] ?? 0) + 1;
      const want = last.get(p.pid);
      if (want && p.record !== JSON.stringify(want)) problems.push(`${p.pid}: the stored record is not the last acknowledged one`);
    }
    const counts = Object.values(groups);
    if (Math.max(...counts) - Math.min(...counts) > 1) problems.push(`groups unbalanced: ${JSON.stringify(groups)}`);
    for (const [g, r] of Object.entries(rows)) {
      const c = Object.values(r);
      if (Math.max(...c) - Math.min(...c) > 1) problems.push(`group ${g}: Latin-square rows unbalanced: ${JSON.stringify(r)}`);
    }
  } finally {
    db.close();
  }
  rmSync(pkg.dir, { recursive: true, force: true });
  const sorted = lat.slice().sort((a, b) => a - b);
  const res: LoadResult = {
    participants: n,
    thinkMs,
    requests: lat.length,
    seconds,
    requestsPerSecond: lat.length / seconds,
    replayUploadMs: { n: upMs.length, median: upMs.sort((a, b) => a - b)[Math.floor(upMs.length / 2)] ?? 0, max: upMs.at(-1) ?? 0 },
    latencyMs: { p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99), max: sorted[sorted.length - 1] ?? 0 },
    groups,
    rows,
    problems,
  };
  const ms = (x: number) => x.toFixed(1);
  const l = res.latencyMs;
  log(
    `${n} participants${thinkMs ? ` (think ${thinkMs} ms)` : ''}, ${res.requests} requests in ${seconds.toFixed(2)} s ` +
      `(${res.requestsPerSecond.toFixed(0)} requests/s); latency ms p50 ${ms(l.p50)}, p95 ${ms(l.p95)}, p99 ${ms(l.p99)}, max ${ms(l.max)}`,
  );
  if (upMs.length)
    log(
      `${upMs.length} whole drill recordings (2400 frames) uploaded and re-simulated: median ${ms(res.replayUploadMs.median)} ms, ` +
        `slowest ${ms(res.replayUploadMs.max)} ms`,
    );
  log(`groups ${JSON.stringify(groups)}; Latin rows per group ${JSON.stringify(rows)}`);
  log(
    problems.length
      ? `${problems.length} problems:\n  ${problems.slice(0, 20).join('\n  ')}`
      : 'no lost or duplicated writes; groups and rows balanced',
  );
  return res;
}

export const main = defineTool(
  {
    name: 'load-study-server',
    usage: 'npx tsx scripts/load-study-server.ts [--participants N] [--think MS] [--replays K] [--json]',
    summary: 'Simulated raters against a real study server on 127.0.0.1; checks every acknowledged write and prints latency.',
    options: [
      { name: 'participants', kind: 'int', help: 'raters at once', default: 200, min: 1, max: 5000 },
      { name: 'replays', kind: 'int', help: 'whole drill recordings to upload after the raters', default: 10, min: 0, max: 1000 },
      {
        name: 'think',
        kind: 'int',
        help: 'ms each rater waits before each step (±50 %; 0: back to back)',
        default: 0,
        min: 0,
        max: 60_000,
      },
    ],
    positional: [0, 0],
  },
  async ({ opts }, json, out) => {
    const r = await runLoad(opts.participants, opts.think, json ? () => {} : (s) => out.log(s), opts.replays);
    if (r.problems.length) out.exitCode = 1;
    return r;
  },
);

await runIfEntry(import.meta.url, main);
