// The replay library in the browser: IndexedDB (through `idb`) holding every recorded match, its
// user name and tags, and the video clips cut from it. Every write is one transaction, so a
// failed save or import changes nothing; quota errors come back as LibraryError with quota=true.
//
// Stores (database 'twinfield-replays', version 1):
//   replays  key id: StoredReplay (list metadata, name, tags, content key) — index 'contentKey'
//   bytes    key id: the replay file (ArrayBuffer), read only to play or export
//   clips    key id: ClipInfo + blob — index 'replayId'
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { decodeReplay, REPLAY_EXTENSION, ReplayError } from '../replay';
import { crc32 } from '../replay/crc32';
import { BUNDLE_EXTENSION, encodeBundle, ImportError, parseImport } from './bundle';
import { fileStem, metaFromHeader, normalizeName, normalizeTag, queryEntries, type ClipInfo, type LibraryEntry, type ListQuery } from './replay-meta';
import { LibraryError, storageError } from './storage-error';

export { ImportError } from './bundle';
export { LibraryError } from './storage-error';

const DB_NAME = 'twinfield-replays';
const DB_VERSION = 1;

type StoredReplay = Omit<LibraryEntry, 'clipCount'> & { contentKey: string };
export type StoredClip = ClipInfo & { blob: Blob };

interface LibrarySchema extends DBSchema {
  replays: { key: string; value: StoredReplay; indexes: { contentKey: string } };
  bytes: { key: string; value: ArrayBuffer };
  clips: { key: string; value: StoredClip; indexes: { replayId: string } };
}

function newId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const a = new Uint32Array(4);
  c!.getRandomValues(a);
  return [...a].map((x) => x.toString(16).padStart(8, '0')).join('');
}

/** Identifies equal files, so importing a replay twice does not list it twice. */
function contentKey(bytes: Uint8Array): string {
  return `${bytes.length.toString(16)}-${crc32(bytes).toString(16).padStart(8, '0')}`;
}

/**
 * Ends a failed read-write transaction without committing anything it wrote. (A transaction is
 * committed when its requests finish, so an error thrown between requests would otherwise keep
 * the writes made before it.) Its `done` promise rejects then; that is expected, not reported.
 */
function rollBack(tx: { abort(): void; done: Promise<void> }): void {
  tx.done.catch(() => {});
  try {
    tx.abort();
  } catch {
    // Already aborted by the browser (a failed request) or finished.
  }
}

function toArrayBuffer(b: Uint8Array): ArrayBuffer {
  return b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
}

export interface ImportResult {
  added: LibraryEntry[];
  /** Files or bundle entries already in the library (not added twice). */
  duplicates: number;
}

export class ReplayLibrary {
  private constructor(private readonly db: IDBPDatabase<LibrarySchema>) {}

  private static opening: Promise<ReplayLibrary> | null = null;

  /** The library of this page (opened once). Throws LibraryError when IndexedDB is unavailable. */
  static open(): Promise<ReplayLibrary> {
    if (!this.opening) {
      this.opening = openDB<LibrarySchema>(DB_NAME, DB_VERSION, {
        upgrade(db) {
          const r = db.createObjectStore('replays', { keyPath: 'id' });
          r.createIndex('contentKey', 'contentKey');
          db.createObjectStore('bytes');
          const c = db.createObjectStore('clips', { keyPath: 'id' });
          c.createIndex('replayId', 'replayId');
        },
      })
        .then((db) => new ReplayLibrary(db))
        .catch((e: unknown) => {
          this.opening = null;
          throw storageError(e, 'open the replay library');
        });
    }
    return this.opening;
  }

  /**
   * Saves one replay file (validated with decodeReplay first: a bad file throws ReplayError and
   * nothing is written). Returns the new entry (or the existing one for the same file).
   */
  async save(bytes: Uint8Array, opts: { name?: string; tags?: string[] } = {}): Promise<LibraryEntry> {
    const { inputs: _i, checksums: _c, ...header } = decodeReplay(bytes);
    const res = await this.writeItems([{ bytes, header, name: normalizeName(opts.name ?? ''), tags: (opts.tags ?? []).map(normalizeTag) }], 'save the replay');
    return res.added[0] ?? (await this.findByContent(bytes))!;
  }

  private async findByContent(bytes: Uint8Array): Promise<LibraryEntry | undefined> {
    const r = await this.db.getFromIndex('replays', 'contentKey', contentKey(bytes));
    return r ? this.entry(r) : undefined;
  }

  private async entry(r: StoredReplay): Promise<LibraryEntry> {
    const { contentKey: _k, ...rest } = r;
    return { ...rest, clipCount: await this.db.countFromIndex('clips', 'replayId', r.id) };
  }

  private async writeItems(items: { bytes: Uint8Array; header: Parameters<typeof metaFromHeader>[0]; name: string; tags: string[] }[], action: string): Promise<ImportResult> {
    const now = new Date().toISOString();
    const added: LibraryEntry[] = [];
    let duplicates = 0;
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction(['replays', 'bytes'], 'readwrite');
      undo = () => rollBack(tx);
      const replays = tx.objectStore('replays');
      const seen = new Set<string>();
      for (const it of items) {
        const key = contentKey(it.bytes);
        if (seen.has(key) || (await replays.index('contentKey').getKey(key)) !== undefined) {
          duplicates++;
          continue;
        }
        seen.add(key);
        const rec: StoredReplay = { id: newId(), name: it.name, tags: it.tags, savedAt: now, size: it.bytes.length, meta: metaFromHeader(it.header), contentKey: key };
        await replays.add(rec);
        await tx.objectStore('bytes').add(toArrayBuffer(it.bytes), rec.id);
        const { contentKey: _k, ...entry } = rec;
        added.push({ ...entry, clipCount: 0 });
      }
      await tx.done;
    } catch (e) {
      undo?.();
      throw storageError(e, action);
    }
    return { added, duplicates };
  }

  /**
   * Imports files (single .twrp replays and .twrb bundles). Every file is validated before
   * anything is written, and all are written in one transaction: a bad file throws ImportError
   * (naming each bad file and what is wrong) and the library stays exactly as it was.
   */
  async importFiles(files: readonly { name: string; bytes: Uint8Array }[]): Promise<ImportResult> {
    const items = parseImport(files);
    return this.writeItems(items, `import ${files.length === 1 ? files[0]!.name : `${files.length} files`}`);
  }

  /** Entries (without bytes), filtered and sorted. */
  async list(q: ListQuery = {}): Promise<LibraryEntry[]> {
    try {
      const tx = this.db.transaction(['replays', 'clips'], 'readonly');
      const recs = await tx.objectStore('replays').getAll();
      const clipsByReplay = new Map<string, number>();
      for (let cur = await tx.objectStore('clips').index('replayId').openKeyCursor(); cur; cur = await cur.continue()) {
        clipsByReplay.set(cur.key, (clipsByReplay.get(cur.key) ?? 0) + 1);
      }
      const entries = recs.map(({ contentKey: _k, ...r }) => ({ ...r, clipCount: clipsByReplay.get(r.id) ?? 0 }));
      return queryEntries(entries, q);
    } catch (e) {
      throw storageError(e, 'read the replay library');
    }
  }

  async count(): Promise<number> {
    try {
      return await this.db.count('replays');
    } catch (e) {
      throw storageError(e, 'read the replay library');
    }
  }

  async get(id: string): Promise<LibraryEntry | undefined> {
    const r = await this.db.get('replays', id);
    return r ? this.entry(r) : undefined;
  }

  /** The replay file of an entry. Throws LibraryError when it is gone. */
  async bytes(id: string): Promise<Uint8Array> {
    let b: ArrayBuffer | undefined;
    try {
      b = await this.db.get('bytes', id);
    } catch (e) {
      throw storageError(e, 'read the replay');
    }
    if (!b) throw new LibraryError(`The replay ${id} is no longer in the library (deleted in another tab?).`);
    return new Uint8Array(b);
  }

  private async update(id: string, action: string, f: (r: StoredReplay) => void): Promise<LibraryEntry> {
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction('replays', 'readwrite');
      undo = () => rollBack(tx);
      const r = await tx.store.get(id);
      if (!r) throw new LibraryError(`Could not ${action}: the replay is no longer in the library.`);
      f(r);
      await tx.store.put(r);
      await tx.done;
      return this.entry(r);
    } catch (e) {
      undo?.();
      throw storageError(e, action);
    }
  }

  rename(id: string, name: string): Promise<LibraryEntry> {
    const n = normalizeName(name);
    return this.update(id, 'rename the replay', (r) => {
      r.name = n;
    });
  }

  tag(id: string, tag: string): Promise<LibraryEntry> {
    const t = normalizeTag(tag);
    return this.update(id, `tag the replay '${t}'`, (r) => {
      if (!r.tags.includes(t)) r.tags = [...r.tags, t].sort();
    });
  }

  untag(id: string, tag: string): Promise<LibraryEntry> {
    const t = normalizeTag(tag);
    return this.update(id, `remove the tag '${t}'`, (r) => {
      r.tags = r.tags.filter((x) => x !== t);
    });
  }

  /** Deletes a replay and its clips. */
  async delete(id: string): Promise<void> {
    try {
      const tx = this.db.transaction(['replays', 'bytes', 'clips'], 'readwrite');
      const clipIds = await tx.objectStore('clips').index('replayId').getAllKeys(id);
      await Promise.all([tx.objectStore('replays').delete(id), tx.objectStore('bytes').delete(id), ...clipIds.map((c) => tx.objectStore('clips').delete(c))]);
      await tx.done;
    } catch (e) {
      throw storageError(e, 'delete the replay');
    }
  }

  /** One replay as a download: its file, named after the entry. */
  async exportOne(id: string): Promise<{ filename: string; blob: Blob; bytes: Uint8Array }> {
    const e = await this.get(id);
    if (!e) throw new LibraryError('Could not export: the replay is no longer in the library.');
    const bytes = await this.bytes(id);
    return { filename: fileStem(e) + REPLAY_EXTENSION, blob: new Blob([toArrayBuffer(bytes)], { type: 'application/octet-stream' }), bytes };
  }

  /** Every replay (or those of `ids`) in one bundle file with names and tags. */
  async exportAll(ids?: string[]): Promise<{ filename: string; blob: Blob; bytes: Uint8Array; count: number }> {
    const entries = ids ? (await this.list()).filter((e) => ids.includes(e.id)) : await this.list();
    if (entries.length === 0) throw new LibraryError('Nothing to export: the library is empty.');
    const parts = await Promise.all(entries.map(async (e) => ({ name: e.name, tags: e.tags, bytes: await this.bytes(e.id) })));
    const bytes = encodeBundle(parts);
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return { filename: `twinfield-replays-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}${BUNDLE_EXTENSION}`, blob: new Blob([toArrayBuffer(bytes)], { type: 'application/octet-stream' }), bytes, count: entries.length };
  }

  // ── clips ──

  async addClip(info: Omit<ClipInfo, 'id' | 'createdAt' | 'size'>, blob: Blob): Promise<ClipInfo> {
    const clip: StoredClip = { ...info, id: newId(), createdAt: new Date().toISOString(), size: blob.size, blob };
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction(['replays', 'clips'], 'readwrite');
      undo = () => rollBack(tx);
      if (!(await tx.objectStore('replays').getKey(info.replayId))) throw new LibraryError('Could not store the clip: its replay is no longer in the library.');
      await tx.objectStore('clips').add(clip);
      await tx.done;
    } catch (e) {
      undo?.();
      throw storageError(e, 'store the clip');
    }
    const { blob: _b, ...rest } = clip;
    return rest;
  }

  async clips(replayId: string): Promise<ClipInfo[]> {
    try {
      const all = await this.db.getAllFromIndex('clips', 'replayId', replayId);
      return all.map(({ blob: _b, ...c }) => c).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    } catch (e) {
      throw storageError(e, 'read the clips');
    }
  }

  async clipBlob(id: string): Promise<{ info: ClipInfo; blob: Blob }> {
    const c = await this.db.get('clips', id);
    if (!c) throw new LibraryError('The clip is no longer in the library.');
    const { blob, ...info } = c;
    return { info, blob };
  }

  async deleteClip(id: string): Promise<void> {
    try {
      await this.db.delete('clips', id);
    } catch (e) {
      throw storageError(e, 'delete the clip');
    }
  }
}

/** A readable sentence for any error a library operation may throw. */
export function describeError(e: unknown): string {
  if (e instanceof ImportError) return `Import refused, nothing was added: ${e.problems.join(' · ')}`;
  if (e instanceof ReplayError) return `Not a valid replay: ${e.message}`;
  if (e instanceof LibraryError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
