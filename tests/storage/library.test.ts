// The replay library's transactions, upgrades and rollback, in Node on fake-indexeddb.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { replayLogs } from '../../src/metrics/replay-logs';
import { humanLikeness } from '../../src/metrics/human-likeness';
import { decodeReplay, encodeReplay, replayFromRunner } from '../../src/replay';
import { crc32 } from '../../src/replay/crc32';
import { SIM_VERSION } from '../../src/sim/config';
import { createMatch, MatchRunner } from '../../src/sim';
import { encodeBundle } from '../../src/storage/bundle';
import {
  BLOCKED_MESSAGE,
  contentKey,
  DB_VERSION,
  LibraryError,
  ReplayLibrary,
  VERSION_CHANGE_MESSAGE,
} from '../../src/storage/replay-library';
import { metaFromHeader } from '../../src/storage/replay-meta';
import { sha256Hex } from '../../src/json/sha256';

function replayBytes(seed: number, frames = 400): Uint8Array {
  const s = createMatch({ seed, timeLimit: frames });
  const r = new MatchRunner(s, [createController(`random:${seed}`), createController('scripted')]);
  r.runUntil(frames);
  return encodeReplay(replayFromRunner(r, { date: '2025-06-01T00:00:00Z' }));
}

/** A replay as an older build (another sim version) wrote it: it decodes but cannot re-simulate. */
function oldVersionBytes(seed: number): Uint8Array {
  const r = decodeReplay(replayBytes(seed, 200));
  return encodeReplay({ ...r, simVersion: SIM_VERSION - 1 || SIM_VERSION + 1, date: '2024-01-01T00:00:00Z' });
}

let dbNo = 0;
const freshName = () => `lib-test-${++dbNo}`;

/** Writes a database exactly as version 1 of the library did (its schema and record shape). */
async function makeV1(
  name: string,
  files: { id: string; bytes: Uint8Array; name: string; tags: string[] }[],
  clipFor?: string,
): Promise<void> {
  const db = await openDB(name, 1, {
    upgrade(d) {
      const r = d.createObjectStore('replays', { keyPath: 'id' });
      r.createIndex('contentKey', 'contentKey');
      d.createObjectStore('bytes');
      const c = d.createObjectStore('clips', { keyPath: 'id' });
      c.createIndex('replayId', 'replayId');
    },
  });
  for (const f of files) {
    const { inputs: _i, checksums: _c, ...header } = decodeReplay(f.bytes);
    const key = `${f.bytes.length.toString(16)}-${crc32(f.bytes).toString(16).padStart(8, '0')}`;
    await db.put('replays', {
      id: f.id,
      name: f.name,
      tags: f.tags,
      savedAt: '2025-06-02T00:00:00Z',
      size: f.bytes.length,
      meta: metaFromHeader(header),
      contentKey: key,
    });
    await db.put('bytes', f.bytes.slice().buffer, f.id);
  }
  if (clipFor) {
    await db.put('clips', {
      id: 'clip-1',
      replayId: clipFor,
      format: 'webm',
      codec: 'vp9',
      mimeType: 'video/webm',
      startFrame: 0,
      endFrame: 120,
      field: 'both',
      width: 960,
      height: 540,
      fps: 60,
      size: 3,
      createdAt: '2025-06-02T00:00:00Z',
      survey: false,
      blob: new Blob([new Uint8Array([1, 2, 3])]),
    });
  }
  db.close();
}

describe('SHA-256', () => {
  it('matches Node crypto on lengths around the block boundaries', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 120, 1000, 70_000]) {
      const d = new Uint8Array(n).map((_, i) => (i * 131 + n) & 255);
      expect(sha256Hex(d), `length ${n}`).toBe(createHash('sha256').update(d).digest('hex'));
    }
  });

  it('tells apart files of equal length and equal CRC-32 (the old key could not)', () => {
    // Birthday search for a CRC-32 collision between two 16-byte strings.
    const seen = new Map<number, Uint8Array>();
    let a: Uint8Array | null = null;
    let b: Uint8Array | null = null;
    let x = 12345;
    for (let i = 0; i < 400_000 && !a; i++) {
      const m = new Uint8Array(16);
      for (let k = 0; k < 16; k++) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        m[k] = x >>> 24;
      }
      const c = crc32(m);
      const prev = seen.get(c);
      if (prev?.some((v, k) => v !== m[k])) [a, b] = [prev, m];
      else seen.set(c, m);
    }
    expect(a && b).toBeTruthy();
    expect(crc32(a!)).toBe(crc32(b!));
    expect(contentKey(a!)).not.toBe(contentKey(b!));
  });
});

describe('replay library (IndexedDB)', () => {
  const one = replayBytes(1);
  const two = replayBytes(2);

  it('upgrades a v1 database holding data: every replay, name, tag and clip stays; keys become SHA-256; traces are built', async () => {
    const name = freshName();
    const old = oldVersionBytes(3);
    await makeV1(
      name,
      [
        { id: 'r1', bytes: one, name: 'First', tags: ['survey'] },
        { id: 'r2', bytes: two, name: '', tags: [] },
        { id: 'r3', bytes: old, name: 'Old one', tags: ['study'] },
      ],
      'r1',
    );
    const t0 = performance.now();
    const lib = await ReplayLibrary.openWith({ name });
    const tOpen = performance.now() - t0;
    const built = await lib.backfill;
    const tTraces = performance.now() - t0;
    console.log(`v1 -> v${DB_VERSION} upgrade of 3 replays + 1 clip: open ${tOpen.toFixed(1)} ms, with traces ${tTraces.toFixed(1)} ms`);
    expect(built).toBe(2);
    expect(await lib.ensureTraces()).toBe(0);

    const raw = await openDB(name);
    expect(raw.version).toBe(DB_VERSION);
    expect([...raw.objectStoreNames].sort()).toEqual(['bytes', 'clips', 'replays', 'summaries', 'traces']);
    expect((await raw.get('replays', 'r1')).contentKey).toBe(`sha256:${createHash('sha256').update(one).digest('hex')}`);
    raw.close();

    const list = (await lib.list()).sort((a, b) => a.id.localeCompare(b.id));
    expect(list.map((e) => [e.id, e.name, e.tags, e.clipCount, e.trace])).toEqual([
      ['r1', 'First', ['survey'], 1, 'stored'],
      ['r2', '', [], 0, 'stored'],
      ['r3', 'Old one', ['study'], 0, 'unavailable'],
    ]);
    expect(await lib.bytes('r1')).toEqual(one);
    expect(await lib.bytes('r3')).toEqual(old);
    // The old-version replay keeps its metadata, and says which version made it.
    const r3 = (await lib.get('r3'))!;
    expect(r3.meta.simVersion).not.toBe(SIM_VERSION);
    expect(r3.meta.frames).toBe(200);
    expect(r3.summary).toBeNull();
    // The list rows carry no summary (read per replay); the trace's metrics are the re-simulation's
    // (positions stored as float32).
    expect(list.every((e) => e.summary === undefined)).toBe(true);
    const logs = replayLogs(decodeReplay(one));
    const r1 = (await lib.get('r1'))!;
    expect(r1.summary!.map((s) => s.hits)).toEqual(logs.map((l) => l.hitFrames!.length));
    logs.forEach((l, i) => {
      const want = humanLikeness(l);
      const got = r1.summary![i]!.metrics;
      expect(got.frames).toBe(want.frames);
      expect(got.dir_changes_per_s).toBe(want.dir_changes_per_s);
      expect(got.moving_fraction).toBeCloseTo(want.moving_fraction!, 9);
      expect(got.mean_clearance ?? 0).toBeCloseTo(want.mean_clearance ?? 0, 3);
    });
    const trace = await lib.trace('r1');
    expect(trace!.sides[0]!.x.length).toBe(401);
    // Duplicates are found by the new key: importing the same bytes adds nothing.
    const res = await lib.importFiles([{ name: 'again.twrp', bytes: one }]);
    expect([res.added.length, res.duplicates]).toEqual([0, 1]);
    lib.close();
  });

  it('keeps a replay listed with its metrics after SIM_VERSION changes (from the stored trace alone)', async () => {
    const name = freshName();
    const lib = await ReplayLibrary.openWith({ name });
    const e = await lib.save(one, { name: 'study' });
    expect(e.trace).toBe('stored');
    const hits = e.summary!.map((s) => s.hits);
    lib.close();
    // Simulate the next build: the stored record is what it lists, no re-simulation involved.
    const raw = await openDB(name);
    const rec = await raw.get('replays', e.id);
    rec.meta.simVersion = SIM_VERSION + 1;
    await raw.put('replays', rec);
    raw.close();
    const lib2 = await ReplayLibrary.openWith({ name });
    await lib2.backfill;
    const again = await lib2.get(e.id);
    expect(again!.meta.simVersion).toBe(SIM_VERSION + 1);
    expect(again!.summary!.map((s) => s.hits)).toEqual(hits);
    expect((await lib2.trace(e.id))!.sides).toHaveLength(2);
    lib2.close();
  });

  it('asks the browser to persist storage once, on the first save, never on open', async () => {
    let asked = 0;
    const lib = await ReplayLibrary.openWith({
      name: freshName(),
      persist: async () => {
        asked++;
        return true;
      },
    });
    expect(asked).toBe(0);
    await lib.save(one);
    await lib.save(two);
    await lib.importFiles([{ name: 'x.twrp', bytes: replayBytes(5, 120) }]);
    expect(asked).toBe(1);
    lib.close();
  });

  it('judges each file of an import alone: valid ones are added, bad ones listed with a plain reason', async () => {
    const lib = await ReplayLibrary.openWith({ name: freshName() });
    const res = await lib.importFiles([
      { name: 'good.twrp', bytes: one },
      { name: 'cut.twrp', bytes: two.subarray(0, 60) },
      { name: 'notes.txt', bytes: new TextEncoder().encode('hello') },
      { name: 'all.twrb', bytes: encodeBundle([{ name: 'B', tags: ['x'], bytes: two }]) },
    ]);
    expect(res.added.map((e) => e.name)).toEqual(['', 'B']);
    expect(res.rejected.map((r) => [r.file, r.reason])).toEqual([
      ['cut.twrp', 'the file is incomplete (cut short while downloading or copying?)'],
      ['notes.txt', 'this is not a Twinfield replay file'],
    ]);
    expect(res.rejected[0]!.detail).toMatch(/^cut\.twrp: byte 8: truncated/);
    expect(await lib.count()).toBe(2);
    const bad = await lib.importFiles([{ name: 'bad.twrp', bytes: new Uint8Array(0) }]);
    expect([bad.added.length, bad.rejected[0]!.reason]).toEqual([0, 'the file is empty']);
    lib.close();
  });

  it('rolls back a write that fails half-way: a full storage leaves nothing of the batch', async () => {
    const lib = await ReplayLibrary.openWith({ name: freshName() });
    await lib.save(one, { name: 'kept' });
    const proto = (globalThis as unknown as { IDBObjectStore: { prototype: { add: (...a: unknown[]) => unknown } } }).IDBObjectStore
      .prototype;
    const orig = proto.add;
    let calls = 0;
    proto.add = function (this: { name: string }, ...args: unknown[]) {
      // The second replay's bytes: after the first replay and its bytes and the second record.
      if (this.name === 'bytes' && ++calls === 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return orig.apply(this, args);
    };
    let err: unknown;
    try {
      await lib.importFiles([
        { name: 'a.twrp', bytes: two },
        { name: 'b.twrp', bytes: replayBytes(7, 150) },
      ]);
    } catch (e) {
      err = e;
    } finally {
      proto.add = orig;
    }
    expect(err).toBeInstanceOf(LibraryError);
    expect((err as LibraryError).quota).toBe(true);
    expect((err as Error).message).toMatch(/storage for this page is full.*Nothing was changed/);
    const list = await lib.list();
    expect(list.map((e) => e.name)).toEqual(['kept']);
    // Nothing of the failed batch is left in any store.
    const raw = await openDB((lib as unknown as { opts: { name: string } }).opts.name);
    expect(await raw.count('bytes')).toBe(1);
    expect(await raw.count('traces')).toBe(1);
    raw.close();
    // And the same import works once there is room.
    expect((await lib.importFiles([{ name: 'a.twrp', bytes: two }])).added).toHaveLength(1);
    lib.close();
  });

  it('a delete removes the replay, its bytes, its trace and its clips in one transaction', async () => {
    const name = freshName();
    const lib = await ReplayLibrary.openWith({ name });
    const e = await lib.save(one);
    await lib.addClip(
      {
        replayId: e.id,
        format: 'webm',
        codec: 'vp9',
        mimeType: 'video/webm',
        startFrame: 0,
        endFrame: 60,
        field: 'left',
        width: 384,
        height: 448,
        fps: 60,
        survey: false,
      },
      new Blob([new Uint8Array(10)]),
    );
    expect((await lib.get(e.id))!.clipCount).toBe(1);
    await lib.delete(e.id);
    const raw = await openDB(name);
    expect(await Promise.all(['replays', 'bytes', 'clips', 'traces'].map((s) => raw.count(s)))).toEqual([0, 0, 0, 0]);
    raw.close();
    lib.close();
  });

  it('steps aside when another tab opens a newer version, and says so', async () => {
    const name = freshName();
    const notices: string[] = [];
    const lib = await ReplayLibrary.openWith({ name, onVersionChange: (m) => notices.push(m) });
    await lib.save(one);
    const newer = await openDB(name, DB_VERSION + 1);
    expect(notices).toEqual([VERSION_CHANGE_MESSAGE]);
    await expect(lib.list()).rejects.toThrow(VERSION_CHANGE_MESSAGE);
    expect(await newer.count('replays')).toBe(1);
    newer.close();
  });

  it('reports a blocked upgrade (an old tab holds version 1 open) and opens once that tab lets go', async () => {
    const name = freshName();
    await makeV1(name, [{ id: 'r1', bytes: one, name: 'x', tags: [] }]);
    const oldTab = await openDB(name, 1); // ignores versionchange, as an old page without a handler would
    const notices: string[] = [];
    const opening = ReplayLibrary.openWith({ name, onBlocked: (m) => notices.push(m) });
    await new Promise((r) => setTimeout(r, 50));
    expect(notices).toEqual([BLOCKED_MESSAGE]);
    oldTab.close();
    const lib = await opening;
    expect((await lib.list()).map((e) => e.name)).toEqual(['x']);
    lib.close();
  });
});
