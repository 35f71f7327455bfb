// Nothing acknowledged is lost: the server process killed with SIGKILL in the middle of a stream of
// writes keeps every write it answered (a real child process on a real socket), a full database
// refuses new writes with 507 and keeps everything earlier, and one refused write in a group commit
// leaves the others of its batch stored.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStudyServer } from '../../src/server/app';
import { GroupCommit } from '../../src/server/commit';
import { openDb } from '../../src/server/db';
import type { ParticipantRecord } from '../../src/study/flow';
import { makePackage, recordsThroughStudy } from './fixture';
import { startServerProcess, type Child } from './spawn';

const dirs: string[] = [];
const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function api(base: string, method: string, path: string, body?: unknown) {
  const r = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, json: (await r.json()) as Record<string, unknown> };
}

describe('study server durability', () => {
  it('keeps every acknowledged write when killed with SIGKILL mid-stream, and carries on after a restart', async () => {
    const pkg = makePackage({ setOrder: 'latin' });
    dirs.push(pkg.dir);
    const first = await startServerProcess(pkg.dir, ['--rate-limit', '0']);
    children.push(first);
    const raters = 24;
    const recs = new Map<string, ParticipantRecord[]>();
    const acked = new Map<string, Set<number>>();
    let ackCount = 0;
    let killed = false;
    const killAt = 150;
    const rater = async (i: number) => {
      const pid = `k${i}`;
      const j = await api(first.url, 'POST', '/api/participants', { pid, lang: 'en', group: null, prolific: null });
      expect(j.status).toBe(201);
      acked.set(pid, new Set([0]));
      const list = recordsThroughStudy(pkg.manifest, j.json.record as unknown as ParticipantRecord, i);
      recs.set(pid, list);
      for (const rec of list) {
        const r = await api(first.url, 'PUT', `/api/participants/${pid}`, { record: rec });
        expect(r.json).toEqual({ progress: rec.progress });
        acked.get(pid)!.add(rec.progress);
        if (++ackCount === killAt && !killed) {
          killed = true;
          // Killed while the other raters' requests are in flight.
          first.proc.kill('SIGKILL');
        }
      }
    };
    const settled = await Promise.allSettled(Array.from({ length: raters }, (_, i) => rater(i)));
    expect(await first.exited).toBe('SIGKILL');
    expect(killed).toBe(true);
    // Some requests were cut off by the kill (they were never acknowledged).
    expect(settled.some((s) => s.status === 'rejected')).toBe(true);
    expect(ackCount).toBeGreaterThanOrEqual(killAt);

    const db = openDb(join(pkg.dir, 'study.sqlite'), { readonly: true });
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    const second = await startServerProcess(pkg.dir, ['--rate-limit', '0']);
    children.push(second);
    for (const [pid, seen] of acked) {
      const r = await api(second.url, 'GET', `/api/participants/${pid}`);
      expect(r.status, pid).toBe(200);
      const rec = r.json.record as unknown as ParticipantRecord;
      // Stored progress is at least the last acknowledged one (a write committed just before the
      // kill may be further on without having been answered).
      expect(rec.progress, pid).toBeGreaterThanOrEqual(Math.max(...seen));
      expect(rec).toEqual(recs.get(pid)![rec.progress - 1] ?? rec);
    }
    const check = openDb(join(pkg.dir, 'study.sqlite'), { readonly: true });
    const log = check.prepare('SELECT pid, progress FROM steps').all() as { pid: string; progress: number }[];
    check.close();
    const stored = new Set(log.map((x) => `${x.pid}/${x.progress}`));
    for (const [pid, seen] of acked) for (const p of seen) expect(stored.has(`${pid}/${p}`), `${pid} step ${p}`).toBe(true);
    // The raters carry on where the server says they are.
    const pid = 'k0';
    const now = ((await api(second.url, 'GET', `/api/participants/${pid}`)).json.record as unknown as ParticipantRecord).progress;
    const next = recs.get(pid)![now];
    if (next)
      expect((await api(second.url, 'PUT', `/api/participants/${pid}`, { record: next })).json).toEqual({ progress: next.progress });
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('answers 507 in plain words when the database is full, and keeps everything earlier', async () => {
    const pkg = makePackage();
    dirs.push(pkg.dir);
    const s = await createStudyServer({ out: pkg.dir, maxPageCount: 30, rateLimit: 0 });
    const last = new Map<string, ParticipantRecord>();
    let full: { statusCode: number; body: string } | null = null;
    outer: for (let i = 0; i < 100; i++) {
      const pid = `f${i}`;
      const j = await s.app.inject({ method: 'POST', url: '/api/participants', payload: { pid, lang: 'en', group: null, prolific: null } });
      if (j.statusCode !== 201) {
        full = j;
        break;
      }
      last.set(pid, j.json().record);
      for (const rec of recordsThroughStudy(pkg.manifest, j.json().record, i)) {
        const r = await s.app.inject({ method: 'PUT', url: `/api/participants/${pid}`, payload: { record: rec } });
        if (r.statusCode !== 200) {
          full = r;
          break outer;
        }
        last.set(pid, rec);
      }
    }
    expect(full?.statusCode).toBe(507);
    expect(JSON.parse(full!.body).error).toMatch(/disk \(or database size limit\) is full\. Nothing earlier was lost/);
    expect(last.size).toBeGreaterThan(1);
    for (const [pid, rec] of last) {
      const r = await s.app.inject({ url: `/api/participants/${pid}` });
      expect(r.json().record, pid).toEqual(rec);
    }
    // Reads still work; once there is room again, so do writes.
    expect((await s.app.inject({ url: '/api/info' })).statusCode).toBe(200);
    s.ctx.db.pragma('max_page_count = 100000');
    const again = await s.app.inject({
      method: 'POST',
      url: '/api/participants',
      payload: { pid: 'after', lang: 'en', group: null, prolific: null },
    });
    expect(again.statusCode).toBe(201);
    expect(s.ctx.db.pragma('integrity_check', { simple: true })).toBe('ok');
    await s.close();
  });

  it('commits a batch of writes once, and a refused write in it alone is rolled back', async () => {
    const db = openDb(':memory:');
    db.exec('CREATE TABLE t (x INTEGER PRIMARY KEY)');
    const gc = new GroupCommit(db);
    const ins = db.prepare('INSERT INTO t VALUES (?)');
    const results = await Promise.allSettled([
      gc.run(() => ins.run(1)),
      gc.run(() => {
        ins.run(2);
        throw new Error('refused');
      }),
      gc.run(() => ins.run(3).changes),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.prepare('SELECT x FROM t ORDER BY x').pluck().all()).toEqual([1, 3]);
    expect(gc.stats).toMatchObject({ commits: 1, writes: 3 });
    db.close();
  });
});
