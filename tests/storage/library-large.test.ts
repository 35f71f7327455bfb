// The replay library at scale (issue 26), in Node on fake-indexeddb: the version 2 → 3 upgrade of
// a database holding data, imports in batches with progress and cancel, a storage failure in the
// middle of an import, "export all" streamed in pieces, and an old page meeting a newer database.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it } from 'vitest';
import { libraryReplay } from '../../scripts/make-replay-library';
import { decodeReplay, encodeReplay } from '../../src/replay';
import { decodeBundle, encodeBundle } from '../../src/storage/bundle';
import { blobSink } from '../../src/storage/download';
import {
  contentKey,
  DB_VERSION,
  IMPORT_BATCH,
  LibraryError,
  ReplayLibrary,
  type ImportResult,
  type LibraryProgress,
} from '../../src/storage/replay-library';
import { metaFromHeader } from '../../src/storage/replay-meta';
import { summarizeTrace, traceReplay } from '../../src/storage/trace';

let dbNo = 0;
const freshName = () => `lib-large-${++dbNo}`;
const files = (from: number, n: number) =>
  Array.from({ length: n }, (_, k) => ({ name: `r${from + k}.twrp`, bytes: libraryReplay(from + k).bytes }));

/** Counts of every store, to check that nothing was half-written. */
async function storeCounts(name: string): Promise<Record<string, number>> {
  const raw = await openDB(name);
  const out: Record<string, number> = {};
  for (const s of raw.objectStoreNames) out[s] = await raw.count(s);
  raw.close();
  return out;
}

/** Writes a database exactly as version 2 of the library did: the trace summary inside each list row. */
async function makeV2(name: string, items: { id: string; bytes: Uint8Array; name: string; tags: string[]; trace: boolean }[]) {
  const db = await openDB(name, 2, {
    upgrade(d) {
      const r = d.createObjectStore('replays', { keyPath: 'id' });
      r.createIndex('contentKey', 'contentKey');
      d.createObjectStore('bytes');
      const c = d.createObjectStore('clips', { keyPath: 'id' });
      c.createIndex('replayId', 'replayId');
      d.createObjectStore('traces');
    },
  });
  for (const it of items) {
    const replay = decodeReplay(it.bytes);
    const { inputs: _i, checksums: _c, ...header } = replay;
    const trace = it.trace ? traceReplay(replay) : null;
    await db.put('replays', {
      id: it.id,
      name: it.name,
      tags: it.tags,
      savedAt: '2026-01-02T00:00:00Z',
      size: it.bytes.length,
      meta: metaFromHeader(header),
      contentKey: contentKey(it.bytes),
      trace: trace ? 'stored' : 'pending',
      summary: trace ? summarizeTrace(trace) : null,
    });
    await db.put('bytes', it.bytes.slice().buffer, it.id);
    if (trace) await db.put('traces', trace, it.id);
  }
  db.close();
}

describe('replay library at scale', () => {
  it('upgrades a version-2 database: summaries move out of the list rows, nothing is lost, pending traces get built', async () => {
    const name = freshName();
    const [a, b, c] = [0, 1, 2].map((i) => libraryReplay(i).bytes);
    await makeV2(name, [
      { id: 'a', bytes: a!, name: 'Alpha', tags: ['survey'], trace: true },
      { id: 'b', bytes: b!, name: '', tags: [], trace: true },
      { id: 'c', bytes: c!, name: 'Pending', tags: ['x'], trace: false },
    ]);
    const v2 = await openDB(name, 2);
    const before = await v2.getAll('replays');
    v2.close();
    const lib = await ReplayLibrary.openWith({ name });
    expect(await lib.backfill).toBe(1); // 'c' was pending; found through the new 'trace' index
    const raw = await openDB(name);
    expect(raw.version).toBe(DB_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['bytes', 'clips', 'replays', 'summaries', 'traces']);
    for (const r of await raw.getAll('replays')) expect('summary' in r, r.id).toBe(false);
    raw.close();
    const rows = (await lib.list()).sort((x, y) => x.id.localeCompare(y.id));
    expect(rows.map((e) => [e.id, e.name, e.tags, e.trace])).toEqual([
      ['a', 'Alpha', ['survey'], 'stored'],
      ['b', '', [], 'stored'],
      ['c', 'Pending', ['x'], 'stored'],
    ]);
    for (const old of before) {
      const e = (await lib.get(old.id))!;
      expect(e.meta).toEqual(old.meta);
      if (old.summary) expect(e.summary).toEqual(old.summary);
      expect(e.summary).not.toBeNull();
    }
    expect(await lib.bytes('a')).toEqual(a);
    expect(await storeCounts(name)).toEqual({ bytes: 3, clips: 0, replays: 3, summaries: 3, traces: 3 });
    lib.close();
  });

  it('imports in batches with progress; cancel keeps whole batches only, and the rest imports afterwards', async () => {
    const name = freshName();
    const lib = await ReplayLibrary.openWith({ name });
    const batch = files(100, IMPORT_BATCH * 2 + 20);
    const seen: LibraryProgress[] = [];
    const ac = new AbortController();
    const res = await lib.importFiles(batch, {
      signal: ac.signal,
      onProgress: (p) => {
        seen.push(p);
        // Cancel once the first batch is stored (the second is then being prepared).
        if (p.phase === 'saving' && p.added >= IMPORT_BATCH) ac.abort();
      },
    });
    expect(res.cancelled).toBe(true);
    expect(res.notWritten).toBe(batch.length - res.added.length);
    expect(res.added.length % IMPORT_BATCH).toBe(0);
    expect(res.added.length).toBeGreaterThanOrEqual(IMPORT_BATCH);
    expect(res.added.length).toBeLessThan(batch.length);
    expect(seen.some((p) => p.phase === 'checking')).toBe(true);
    expect(seen.at(-1)!.phase).toBe('saving');
    const n = res.added.length;
    // Nothing half-written: every stored replay has its file, trace and summary, and no store has more.
    expect(await storeCounts(name)).toEqual({ bytes: n, clips: 0, replays: n, summaries: n, traces: n });
    const again = await lib.importFiles(batch);
    expect([again.added.length, again.duplicates, again.cancelled]).toEqual([batch.length - n, n, undefined]);
    expect(await lib.count()).toBe(batch.length);
    lib.close();
  });

  it('a full storage in the second batch keeps the first batch and says what happened', async () => {
    const name = freshName();
    const lib = await ReplayLibrary.openWith({ name });
    const kept = await lib.save(libraryReplay(400).bytes, { name: 'kept' });
    const proto = (globalThis as unknown as { IDBObjectStore: { prototype: { add: (...a: unknown[]) => unknown } } }).IDBObjectStore
      .prototype;
    const orig = proto.add;
    let calls = 0;
    proto.add = function (this: { name: string }, ...args: unknown[]) {
      // A file of the second batch (the first batch's IMPORT_BATCH went in).
      if (this.name === 'bytes' && ++calls === IMPORT_BATCH + 3)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return orig.apply(this, args);
    };
    let res: ImportResult;
    try {
      res = await lib.importFiles(files(500, IMPORT_BATCH * 2));
    } finally {
      proto.add = orig;
    }
    expect(res.added).toHaveLength(IMPORT_BATCH);
    expect(res.failed).toBeInstanceOf(LibraryError);
    expect(res.failed!.quota).toBe(true);
    expect(res.notWritten).toBe(IMPORT_BATCH);
    expect(await storeCounts(name)).toMatchObject({ bytes: IMPORT_BATCH + 1, replays: IMPORT_BATCH + 1, traces: IMPORT_BATCH + 1 });
    expect((await lib.get(kept.id))!.name).toBe('kept');
    lib.close();
  });

  it('streams "export all" in pieces: the same bytes as one encodeBundle, readable again', async () => {
    const lib = await ReplayLibrary.openWith({ name: freshName() });
    const input = files(700, 450);
    await lib.importFiles(input);
    const pieces: number[] = [];
    const sink = blobSink();
    const progress: number[] = [];
    const r = await lib.exportBundle(
      {
        write: (p) => {
          pieces.push(p.length);
          return sink.write(p);
        },
        finish: (h) => sink.finish(h),
      },
      undefined,
      { onProgress: (p) => progress.push(p.done) },
    );
    expect(r).toEqual({ count: 450, cancelled: false });
    expect(pieces.length).toBe(3); // 200 + 200 + 50: never the whole file in one buffer
    expect(progress).toEqual([200, 400, 450]);
    const bytes = new Uint8Array(await sink.blob().arrayBuffer());
    const list = await lib.list();
    const same = encodeBundle(await Promise.all(list.map(async (e) => ({ name: e.name, tags: e.tags, bytes: await lib.bytes(e.id) }))));
    expect(Buffer.from(bytes).equals(Buffer.from(same))).toBe(true);
    expect(decodeBundle(bytes, 'all.twrb')).toHaveLength(450);
    // Cancelled between batches: the sink is never finished.
    const ac = new AbortController();
    let finished = false;
    const c = await lib.exportBundle({ write: async () => ac.abort(), finish: async () => void (finished = true) }, undefined, {
      signal: ac.signal,
    });
    expect([c.cancelled, c.count, finished]).toEqual([true, 200, false]);
    lib.close();
  });

  it('an older page meeting a database a newer version upgraded gets a plain message, and the data stays', async () => {
    const name = freshName();
    const lib = await ReplayLibrary.openWith({ name });
    await lib.save(encodeReplay(decodeReplay(libraryReplay(3).bytes)));
    lib.close();
    const newer = await openDB(name, DB_VERSION + 1);
    newer.close();
    const err = await ReplayLibrary.openWith({ name }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LibraryError);
    expect((err as Error).message).toMatch(/upgraded by a newer version of Twinfield .*Nothing is lost; reload this page/);
    expect(await storeCounts(name)).toMatchObject({ replays: 1, bytes: 1 });
  });
});
