// The replay library in the browser: IndexedDB (through `idb`) holding every recorded match, its
// user name and tags, its per-frame trace, and the video clips cut from it. Every write is one
// transaction, so a failed save or import changes nothing; quota errors come back as LibraryError
// with quota=true.
//
// Stores (database 'twinfield-replays'):
//   replays  key id: StoredReplay (list metadata, name, tags, SHA-256 content key, trace summary)
//            — index 'contentKey'
//   bytes    key id: the replay file (ArrayBuffer), read only to play or export
//   clips    key id: ClipInfo + blob — index 'replayId'
//   traces   key id: ReplayTrace (since version 2)
// Versions: 1 = replays, bytes, clips with a length + CRC-32 content key. 2 = content keys are
// SHA-256 of the file, `traces` store, `summary`/`trace` fields. `upgrade` steps from any older
// version one version at a time, so a database of any age opens (tests/storage/library.test.ts
// opens a version-1 database holding data).
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { decodeReplay, REPLAY_EXTENSION, ReplayError, type Replay } from '../replay';
import { SIM_VERSION } from '../sim/config';
import { BUNDLE_EXTENSION, encodeBundle, ImportError, judgeImport, type ImportItem, type RejectedFile } from './bundle';
import {
  fileStem,
  metaFromHeader,
  normalizeName,
  normalizeTag,
  queryEntries,
  type ClipInfo,
  type LibraryEntry,
  type ListQuery,
  type TraceState,
} from './replay-meta';
import { sha256Hex } from '../json/sha256';
import { LibraryError, storageError } from './storage-error';
import { summarizeTrace, traceReplay, type ReplayTrace, type SideSummary } from './trace';

export { ImportError, type RejectedFile } from './bundle';
export { LibraryError } from './storage-error';

export const DB_NAME = 'twinfield-replays';
export const DB_VERSION = 2;

type StoredReplay = Omit<LibraryEntry, 'clipCount'> & { contentKey: string };
export type StoredClip = ClipInfo & { blob: Blob };

interface LibrarySchema extends DBSchema {
  replays: { key: string; value: StoredReplay; indexes: { contentKey: string } };
  bytes: { key: string; value: ArrayBuffer };
  clips: { key: string; value: StoredClip; indexes: { replayId: string } };
  traces: { key: string; value: ReplayTrace };
}

type UpgradeTx = IDBPTransaction<LibrarySchema, StoreNames<LibrarySchema>[], 'versionchange'>;

function newId(): string {
  const c = globalThis.crypto as Crypto | undefined;
  if (c?.randomUUID) return c.randomUUID();
  const a = new Uint32Array(4);
  c!.getRandomValues(a);
  return [...a].map((x) => x.toString(16).padStart(8, '0')).join('');
}

/** Identifies equal files (SHA-256), so importing a replay twice does not list it twice. */
export function contentKey(bytes: Uint8Array): string {
  return `sha256:${sha256Hex(bytes)}`;
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

/** Version 0 → 1: the first schema. */
function createV1(db: IDBPDatabase<LibrarySchema>): void {
  const r = db.createObjectStore('replays', { keyPath: 'id' });
  r.createIndex('contentKey', 'contentKey');
  db.createObjectStore('bytes');
  const c = db.createObjectStore('clips', { keyPath: 'id' });
  c.createIndex('replayId', 'replayId');
}

/**
 * Version 1 → 2: every stored replay is re-keyed by the SHA-256 of its file (hashed here,
 * synchronously, inside the upgrade transaction) and marked `pending` for a trace, which `open`
 * then builds for the replays this build can re-simulate; the `traces` store is created.
 */
async function upgradeTo2(db: IDBPDatabase<LibrarySchema>, tx: UpgradeTx): Promise<void> {
  db.createObjectStore('traces');
  const replays = tx.objectStore('replays');
  const bytes = tx.objectStore('bytes');
  for (let cur = await replays.openCursor(); cur; cur = await cur.continue()) {
    const rec = cur.value;
    const b = await bytes.get(rec.id);
    rec.contentKey = b ? contentKey(new Uint8Array(b)) : `missing:${rec.id}`;
    rec.trace = 'pending';
    rec.summary = null;
    await cur.update(rec);
  }
}

/** Where the library tells the page about other tabs (a newer version waiting, or open). */
export interface LibraryNotices {
  /** This page's open library keeps another tab from upgrading it; the library has closed itself. */
  onVersionChange?: (message: string) => void;
  /** Opening waits: another tab holds an older version open. */
  onBlocked?: (message: string) => void;
}

export interface LibraryOptions extends LibraryNotices {
  /** Database name (tests use their own). */
  name?: string;
  /** Asks the browser to keep the data (navigator.storage.persist); called once, on the first save. */
  persist?: () => Promise<boolean>;
}

export const VERSION_CHANGE_MESSAGE =
  'The replay library was upgraded by a newer version of Twinfield open in another tab. Nothing is lost; reload this page to ' +
  'keep using the library.';
export const BLOCKED_MESSAGE =
  'The replay library is being upgraded, but another tab with an older version of Twinfield is open. Close or reload that tab; ' +
  'the library opens as soon as it does.';

function defaultPersist(): Promise<boolean> {
  const s = (globalThis as { navigator?: { storage?: { persisted?: () => Promise<boolean>; persist?: () => Promise<boolean> } } }).navigator
    ?.storage;
  if (!s?.persist) return Promise.resolve(false);
  return (s.persisted ? s.persisted() : Promise.resolve(false)).then((already) => already || s.persist!());
}

export interface ImportResult {
  added: LibraryEntry[];
  /** Files or bundle entries already in the library (not added twice). */
  duplicates: number;
  /** Files that were not imported, each with its reason. */
  rejected: RejectedFile[];
}

interface WriteItem {
  bytes: Uint8Array;
  header: ImportItem['header'];
  name: string;
  tags: string[];
  /** The decoded replay when it is at hand (saves), to build the trace without decoding again. */
  replay?: Replay;
}

/** The trace of a replay if this build can re-simulate it; `unavailable` otherwise. */
function buildTrace(it: WriteItem): { trace: ReplayTrace | null; state: TraceState; summary: SideSummary[] | null } {
  if (it.header.simVersion !== SIM_VERSION) return { trace: null, state: 'unavailable', summary: null };
  try {
    const trace = traceReplay(it.replay ?? decodeReplay(it.bytes));
    return { trace, state: 'stored', summary: summarizeTrace(trace) };
  } catch (e) {
    if (e instanceof ReplayError) return { trace: null, state: 'unavailable', summary: null };
    throw e;
  }
}

export class ReplayLibrary {
  private closed = false;
  private persistAsked = false;
  private tracing: Promise<number> = Promise.resolve(0);
  /** Resolves when the traces of replays stored by older versions of the library are built. */
  readonly backfill: Promise<number>;

  private constructor(
    private readonly db: IDBPDatabase<LibrarySchema>,
    private readonly opts: LibraryOptions,
  ) {
    this.backfill = this.ensureTraces().catch(() => 0);
  }

  private static opening: Promise<ReplayLibrary> | null = null;
  /** The page's notices (set by the scenes that show messages); used by `open()`. */
  static notices: LibraryNotices = {};

  /** The library of this page (opened once). Throws LibraryError when IndexedDB is unavailable. */
  static open(): Promise<ReplayLibrary> {
    if (!ReplayLibrary.opening) {
      ReplayLibrary.opening = ReplayLibrary.openWith({
        onBlocked: (m) => ReplayLibrary.notices.onBlocked?.(m),
        onVersionChange: (m) => {
          ReplayLibrary.opening = null;
          ReplayLibrary.notices.onVersionChange?.(m);
        },
      }).catch((e: unknown) => {
        ReplayLibrary.opening = null;
        throw e;
      });
    }
    return ReplayLibrary.opening;
  }

  /** Opens (and upgrades) a library database; not cached. */
  static async openWith(opts: LibraryOptions = {}): Promise<ReplayLibrary> {
    let lib: ReplayLibrary | null = null;
    try {
      const db = await openDB<LibrarySchema>(opts.name ?? DB_NAME, DB_VERSION, {
        upgrade(db, oldVersion, _newVersion, tx) {
          // One step per version, oldest first; a failed step aborts the whole upgrade (the
          // database stays at its old version with its data).
          if (oldVersion < 1) createV1(db);
          if (oldVersion < 2) {
            upgradeTo2(db, tx).catch(() => {
              try {
                tx.abort();
              } catch {
                // Already finished or aborted.
              }
            });
          }
        },
        blocked() {
          opts.onBlocked?.(BLOCKED_MESSAGE);
        },
        blocking() {
          // Another tab opens a newer version: let it, and say why this page's library stopped.
          if (lib) lib.closed = true;
          db.close();
          opts.onVersionChange?.(VERSION_CHANGE_MESSAGE);
        },
      });
      lib = new ReplayLibrary(db, opts);
      return lib;
    } catch (e) {
      throw storageError(e, 'open the replay library');
    }
  }

  /** Closes the database (tests; a page keeps it open). */
  close(): void {
    this.closed = true;
    this.db.close();
  }

  private guard(): void {
    if (this.closed) throw new LibraryError(VERSION_CHANGE_MESSAGE);
  }

  private askPersist(): void {
    if (this.persistAsked) return;
    this.persistAsked = true;
    (this.opts.persist ?? defaultPersist)().catch(() => false);
  }

  /**
   * Saves one replay file (validated with decodeReplay first: a bad file throws ReplayError and
   * nothing is written) with its trace. Returns the new entry (or the existing one for the same file).
   */
  async save(bytes: Uint8Array, opts: { name?: string; tags?: string[] } = {}): Promise<LibraryEntry> {
    this.guard();
    const replay = decodeReplay(bytes);
    const { inputs: _i, checksums: _c, ...header } = replay;
    this.askPersist();
    const res = await this.writeItems(
      [{ bytes, header, replay, name: normalizeName(opts.name ?? ''), tags: (opts.tags ?? []).map(normalizeTag) }],
      'save the replay',
    );
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

  private async writeItems(items: WriteItem[], action: string): Promise<{ added: LibraryEntry[]; duplicates: number }> {
    const now = new Date().toISOString();
    const added: LibraryEntry[] = [];
    let duplicates = 0;
    // Keys and traces are computed before the transaction: it must not wait on anything else.
    const prepared = items.map((it) => ({ it, key: contentKey(it.bytes) }));
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction(['replays', 'bytes', 'traces'], 'readwrite');
      undo = () => rollBack(tx);
      const replays = tx.objectStore('replays');
      const fresh: typeof prepared = [];
      const seen = new Set<string>();
      for (const p of prepared) {
        if (seen.has(p.key) || (await replays.index('contentKey').getKey(p.key)) !== undefined) duplicates++;
        else fresh.push(p);
        seen.add(p.key);
      }
      for (const { it, key } of fresh) {
        // Synchronous re-simulation between requests keeps the transaction active.
        const t = buildTrace(it);
        const rec: StoredReplay = {
          id: newId(),
          name: it.name,
          tags: it.tags,
          savedAt: now,
          size: it.bytes.length,
          meta: metaFromHeader(it.header),
          contentKey: key,
          trace: t.state,
          summary: t.summary,
        };
        await replays.add(rec);
        await tx.objectStore('bytes').add(toArrayBuffer(it.bytes), rec.id);
        if (t.trace) await tx.objectStore('traces').put(t.trace, rec.id);
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
   * Imports files (single .twrp replays and .twrb bundles). Each file is judged on its own: the
   * valid ones are written (all in one transaction, so a storage failure writes none of them) and
   * the bad ones come back in `rejected` with a plain-language reason. Throws only for a storage
   * failure (LibraryError) or an empty file list (ImportError).
   */
  async importFiles(files: readonly { name: string; bytes: Uint8Array }[]): Promise<ImportResult> {
    this.guard();
    if (files.length === 0) throw new ImportError(['no files to import']);
    const { items, rejected } = judgeImport(files);
    if (items.length === 0) return { added: [], duplicates: 0, rejected };
    this.askPersist();
    const res = await this.writeItems(items, `import ${files.length === 1 ? files[0]!.name : `${items.length} replays`}`);
    return { ...res, rejected };
  }

  /**
   * Builds the trace of every stored replay that has none yet and that this build can
   * re-simulate (replays kept from before version 2 of the database). One transaction per
   * replay. Returns how many were built. Runs one at a time (a call waits for the one before).
   */
  ensureTraces(): Promise<number> {
    const next = this.tracing.catch(() => 0).then(() => this.buildPendingTraces());
    this.tracing = next;
    return next;
  }

  private async buildPendingTraces(): Promise<number> {
    let built = 0;
    const pending = (await this.db.getAll('replays')).filter((r) => r.trace === 'pending' || r.trace === undefined);
    for (const rec of pending) {
      if (this.closed) break;
      const b = await this.db.get('bytes', rec.id);
      let t: ReturnType<typeof buildTrace> = { trace: null, state: 'unavailable', summary: null };
      if (b) {
        try {
          const replay = decodeReplay(b);
          const { inputs: _i, checksums: _c, ...header } = replay;
          t = buildTrace({ bytes: new Uint8Array(b), header, replay, name: '', tags: [] });
        } catch {
          // Undecodable: stays listed, without a trace.
        }
      }
      let undo: (() => void) | null = null;
      try {
        const tx = this.db.transaction(['replays', 'traces'], 'readwrite');
        undo = () => rollBack(tx);
        const cur = await tx.objectStore('replays').get(rec.id);
        if (cur) {
          cur.trace = t.state;
          cur.summary = t.summary;
          await tx.objectStore('replays').put(cur);
          if (t.trace) await tx.objectStore('traces').put(t.trace, rec.id);
          built += t.trace ? 1 : 0;
        }
        await tx.done;
      } catch {
        undo?.();
      }
    }
    return built;
  }

  /** The stored per-frame trace of a replay (undefined when it has none). */
  async trace(id: string): Promise<ReplayTrace | undefined> {
    this.guard();
    try {
      return await this.db.get('traces', id);
    } catch (e) {
      throw storageError(e, 'read the replay trace');
    }
  }

  /** Entries (without bytes), filtered and sorted. */
  async list(q: ListQuery = {}): Promise<LibraryEntry[]> {
    this.guard();
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
    this.guard();
    try {
      return await this.db.count('replays');
    } catch (e) {
      throw storageError(e, 'read the replay library');
    }
  }

  async get(id: string): Promise<LibraryEntry | undefined> {
    this.guard();
    const r = await this.db.get('replays', id);
    return r ? this.entry(r) : undefined;
  }

  /** The replay file of an entry. Throws LibraryError when it is gone. */
  async bytes(id: string): Promise<Uint8Array> {
    this.guard();
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
    this.guard();
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
      this.guard();
      const tx = this.db.transaction(['replays', 'bytes', 'clips', 'traces'], 'readwrite');
      const clipIds = await tx.objectStore('clips').index('replayId').getAllKeys(id);
      await Promise.all([
        tx.objectStore('replays').delete(id),
        tx.objectStore('bytes').delete(id),
        tx.objectStore('traces').delete(id),
        ...clipIds.map((c) => tx.objectStore('clips').delete(c)),
      ]);
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
    return {
      filename: fileStem(e) + REPLAY_EXTENSION,
      blob: new Blob([toArrayBuffer(bytes)], { type: 'application/octet-stream' }),
      bytes,
    };
  }

  /** Every replay (or those of `ids`) in one bundle file with names and tags. */
  async exportAll(ids?: string[]): Promise<{ filename: string; blob: Blob; bytes: Uint8Array; count: number }> {
    const entries = ids ? (await this.list()).filter((e) => ids.includes(e.id)) : await this.list();
    if (entries.length === 0) throw new LibraryError('Nothing to export: the library is empty.');
    const parts = await Promise.all(entries.map(async (e) => ({ name: e.name, tags: e.tags, bytes: await this.bytes(e.id) })));
    const bytes = encodeBundle(parts);
    const d = new Date();
    const p = (n: number) => String(n).padStart(2, '0');
    return {
      filename: `twinfield-replays-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}${BUNDLE_EXTENSION}`,
      blob: new Blob([toArrayBuffer(bytes)], { type: 'application/octet-stream' }),
      bytes,
      count: entries.length,
    };
  }

  // ── clips ──

  async addClip(info: Omit<ClipInfo, 'id' | 'createdAt' | 'size'>, blob: Blob): Promise<ClipInfo> {
    this.guard();
    const clip: StoredClip = { ...info, id: newId(), createdAt: new Date().toISOString(), size: blob.size, blob };
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction(['replays', 'clips'], 'readwrite');
      undo = () => rollBack(tx);
      if (!(await tx.objectStore('replays').getKey(info.replayId)))
        throw new LibraryError('Could not store the clip: its replay is no longer in the library.');
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
  if (e instanceof ImportError) return `Nothing was imported: ${e.problems.join(' · ')}`;
  if (e instanceof ReplayError) return `Not a valid replay: ${e.message}`;
  if (e instanceof LibraryError) return e.message;
  if (e instanceof Error) return e.message;
  return String(e);
}
