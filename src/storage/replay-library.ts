// The replay library in the browser: IndexedDB (through `idb`) holding every recorded match, its
// user name and tags, its per-frame trace, and the video clips cut from it. Every write is one
// transaction, so a failed save or import changes nothing; quota errors come back as LibraryError
// with quota=true.
//
// Stores (database 'twinfield-replays'):
//   replays    key id: StoredReplay, the list row only (metadata, name, tags, SHA-256 content key,
//              trace state) — indexes 'contentKey', 'trace'. The Replays screen reads this store alone.
//   bytes      key id: the replay file (ArrayBuffer), read only to play or export
//   clips      key id: ClipInfo + blob — index 'replayId'
//   traces     key id: ReplayTrace (since version 2)
//   summaries  key id: SideSummary[] from the trace (since version 3; read for one replay at a time)
// Versions: 1 = replays, bytes, clips with a length + CRC-32 content key. 2 = content keys are
// SHA-256 of the file, `traces` store, `summary`/`trace` fields. 3 = `summary` moves out of the
// list rows into `summaries` (a 5,000-replay list reads less), index 'trace' (the background
// trace builder finds pending replays without reading the list). `upgrade` steps from any older
// version one version at a time, so a database of any age opens (tests/storage/library.test.ts
// opens version-1 and version-2 databases holding data).
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';
import { decodeReplay, REPLAY_EXTENSION, ReplayError, type Replay } from '../replay';
import { SIM_VERSION } from '../sim/config';
import {
  BUNDLE_EXTENSION,
  BundleWriter,
  decodeBundleEntry,
  ImportError,
  isBundle,
  judgeImport,
  MAX_IMPORT_BYTES,
  plainReason,
  readBundleEntries,
  type BundleEntry,
  type ImportItem,
  type RejectedFile,
} from './bundle';
import { blobSink, type BundleSink } from './download';
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
export const DB_VERSION = 3;

/** A list row as stored. `summary` is only in rows written before version 3 (the upgrade moves it). */
type StoredReplay = Omit<LibraryEntry, 'clipCount' | 'summary'> & { contentKey: string; summary?: SideSummary[] | null };
export type StoredClip = ClipInfo & { blob: Blob };

interface LibrarySchema extends DBSchema {
  replays: { key: string; value: StoredReplay; indexes: { contentKey: string; trace: string } };
  bytes: { key: string; value: ArrayBuffer };
  clips: { key: string; value: StoredClip; indexes: { replayId: string } };
  traces: { key: string; value: ReplayTrace };
  summaries: { key: string; value: SideSummary[] };
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
async function upgradeTo2(tx: UpgradeTx): Promise<void> {
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

/**
 * Version 2 → 3: each row's trace summary moves to the `summaries` store (a row keeps only what
 * the list shows); the `trace` index is created by the caller. Nothing is dropped: a row without
 * a summary (no trace) simply gets no `summaries` record.
 */
async function upgradeTo3(tx: UpgradeTx): Promise<void> {
  const replays = tx.objectStore('replays');
  const summaries = tx.objectStore('summaries');
  for (let cur = await replays.openCursor(); cur; cur = await cur.continue()) {
    const { summary, ...rec } = cur.value;
    if (summary) await summaries.put(summary, rec.id);
    if (rec.trace === undefined) rec.trace = 'pending';
    await cur.update(rec);
  }
}

/** Lets the page draw and take input between slices of a long job (import, export). */
function yieldToPage(): Promise<void> {
  const s = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return s?.yield ? s.yield() : new Promise((r) => setTimeout(r, 0));
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
  /** Stopped by the caller's signal: what `added` lists is stored, the rest was not written. */
  cancelled?: boolean;
  /** A storage failure after some batches were stored (they stay; the failed batch and the rest were not written). */
  failed?: LibraryError;
  /** With `failed` or `cancelled`: valid replays of the files that were not written. */
  notWritten?: number;
}

/** How far a long import or export has got (for a progress line). */
export interface LibraryProgress {
  /** checking: reading and validating the files; saving: writing replays; exporting: writing the bundle. */
  phase: 'checking' | 'saving' | 'exporting';
  done: number;
  total: number;
  added: number;
  duplicates: number;
  rejected: number;
}

export interface JobOptions {
  onProgress?: (p: LibraryProgress) => void;
  /** Aborting stops the job between batches: whole batches are stored, never part of one. */
  signal?: AbortSignal;
}

/** Replays per transaction in an import: each batch is stored whole or not at all. */
export const IMPORT_BATCH = 50;
/** Replays read per transaction when exporting. */
const EXPORT_BATCH = 200;
/** A long job runs this long between two yields to the page (ms). */
const SLICE_MS = 25;

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

const NO_TRACE: ReturnType<typeof buildTrace> = { trace: null, state: 'unavailable', summary: null };

/** A replay ready to be written: its content key and trace computed outside any transaction. */
interface Prepared {
  it: WriteItem;
  key: string;
  t: ReturnType<typeof buildTrace>;
}

function prepare(it: WriteItem, key = contentKey(it.bytes)): Prepared {
  return { it, key, t: buildTrace(it) };
}

/** Tells a long loop when to yield to the page: after SLICE_MS of work. */
class Slicer {
  private since = performance.now();

  /** Yields when the slice is used up; true when it did (a good moment to report progress). */
  async tick(): Promise<boolean> {
    if (performance.now() - this.since < SLICE_MS) return false;
    await yieldToPage();
    this.since = performance.now();
    return true;
  }
}

/** Clips per replay, from the clips' replayId index keys alone. */
async function clipCounts(idx: { index(name: 'replayId'): { openKeyCursor(): Promise<unknown> } }): Promise<Map<string, number>> {
  const m = new Map<string, number>();
  type Cur = { key: string; continue(): Promise<Cur | null> } | null;
  for (let cur = (await idx.index('replayId').openKeyCursor()) as Cur; cur; cur = await cur.continue())
    m.set(cur.key, (m.get(cur.key) ?? 0) + 1);
  return m;
}

/** Ids newest first (the list's default order), for "export all". */
function sortedIds(recs: readonly StoredReplay[]): string[] {
  return recs
    .map((r) => ({ id: r.id, t: Date.parse(r.meta.date) }))
    .sort((a, b) => b.t - a.t || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((r) => r.id);
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
          // One step per version, oldest first. Stores and indexes are made now; the data steps run
          // in order after. A failed step aborts the whole upgrade (the database stays at its old
          // version with its data).
          if (oldVersion < 1) createV1(db);
          if (oldVersion < 2) db.createObjectStore('traces');
          if (oldVersion < 3) {
            db.createObjectStore('summaries');
            tx.objectStore('replays').createIndex('trace', 'trace');
          }
          (async () => {
            if (oldVersion >= 1 && oldVersion < 2) await upgradeTo2(tx);
            if (oldVersion >= 1 && oldVersion < 3) await upgradeTo3(tx);
          })().catch(() => {
            try {
              tx.abort();
            } catch {
              // Already finished or aborted.
            }
          });
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
    const item = { bytes, header, replay, name: normalizeName(opts.name ?? ''), tags: (opts.tags ?? []).map(normalizeTag) };
    const res = await this.writeBatch([prepare(item)], 'save the replay');
    return res.added[0] ?? (await this.findByContent(bytes))!;
  }

  private async findByContent(bytes: Uint8Array): Promise<LibraryEntry | undefined> {
    const r = await this.db.getFromIndex('replays', 'contentKey', contentKey(bytes));
    return r ? this.entry(r) : undefined;
  }

  private async entry(r: StoredReplay): Promise<LibraryEntry> {
    const { contentKey: _k, summary: _s, ...rest } = r;
    const [clipCount, summary] = await Promise.all([this.db.countFromIndex('clips', 'replayId', r.id), this.db.get('summaries', r.id)]);
    return { ...rest, clipCount, summary: summary ?? null };
  }

  /** Writes prepared replays in one transaction (all or none), skipping those already stored. */
  private async writeBatch(batch: Prepared[], action: string): Promise<{ added: LibraryEntry[]; duplicates: number }> {
    const now = new Date().toISOString();
    const added: LibraryEntry[] = [];
    let duplicates = 0;
    let undo: (() => void) | null = null;
    try {
      const tx = this.db.transaction(['replays', 'bytes', 'traces', 'summaries'], 'readwrite');
      undo = () => rollBack(tx);
      const replays = tx.objectStore('replays');
      const seen = new Set<string>();
      for (const p of batch) {
        // Checked again here: another tab may have stored the same file since it was prepared.
        if (seen.has(p.key) || (await replays.index('contentKey').getKey(p.key)) !== undefined) {
          duplicates++;
          continue;
        }
        seen.add(p.key);
        const rec: StoredReplay = {
          id: newId(),
          name: p.it.name,
          tags: p.it.tags,
          savedAt: now,
          size: p.it.bytes.length,
          meta: metaFromHeader(p.it.header),
          contentKey: p.key,
          trace: p.t.state,
        };
        await replays.add(rec);
        await tx.objectStore('bytes').add(toArrayBuffer(p.it.bytes), rec.id);
        if (p.t.trace) await tx.objectStore('traces').put(p.t.trace, rec.id);
        if (p.t.summary) await tx.objectStore('summaries').put(p.t.summary, rec.id);
        const { contentKey: _k, ...entry } = rec;
        added.push({ ...entry, clipCount: 0, summary: p.t.summary });
      }
      await tx.done;
    } catch (e) {
      undo?.();
      throw storageError(e, action);
    }
    return { added, duplicates };
  }

  /** Content keys of `keys` already in the library (one read-only transaction). */
  private async storedKeys(keys: readonly string[]): Promise<Set<string>> {
    const tx = this.db.transaction('replays', 'readonly');
    const idx = tx.store.index('contentKey');
    const got = await Promise.all(keys.map((k) => idx.getKey(k)));
    await tx.done;
    return new Set(keys.filter((_, i) => got[i] !== undefined));
  }

  /**
   * Imports files (single .twrp replays and .twrb bundles). Each file is judged on its own: the
   * bad ones come back in `rejected` with a plain-language reason. The valid replays are written
   * in batches of IMPORT_BATCH, one transaction each, so a batch is stored whole or not at all;
   * the work runs in slices with the page drawing in between, reporting `onProgress`, and stops
   * between batches when `signal` aborts (`cancelled`: the batches stored so far stay). A storage
   * failure before anything was stored throws LibraryError (nothing changed); after some batches,
   * it comes back in `failed` with what was stored. An empty file list throws ImportError.
   */
  async importFiles(files: readonly { name: string; bytes: Uint8Array }[], opts: JobOptions = {}): Promise<ImportResult> {
    this.guard();
    if (files.length === 0) throw new ImportError(['no files to import']);
    const items: ImportItem[] = [];
    const rejected: RejectedFile[] = [];
    const added: LibraryEntry[] = [];
    let duplicates = 0;
    const report = (phase: LibraryProgress['phase'], done: number, total: number) =>
      opts.onProgress?.({ phase, done, total, added: added.length, duplicates, rejected: rejected.length });
    const slicer = new Slicer();
    for (let i = 0; i < files.length; i++) {
      if (opts.signal?.aborted) return { added, duplicates, rejected, cancelled: true };
      const f = files[i]!;
      if (isBundle(f.bytes) && f.bytes.length <= MAX_IMPORT_BYTES) {
        // A bundle of thousands is checked entry by entry between yields (judgeImport would do it in one go).
        try {
          const raw = readBundleEntries(f.bytes, f.name);
          if (raw.length === 0) throw new Error(`${f.name}: the bundle holds no replays`);
          const got: ImportItem[] = [];
          for (let k = 0; k < raw.length; k++) {
            if (opts.signal?.aborted) return { added, duplicates, rejected, cancelled: true };
            got.push(decodeBundleEntry(raw[k]!, k, raw.length, f.name));
            if (await slicer.tick()) report('checking', k + 1, raw.length);
          }
          items.push(...got);
        } catch (e) {
          const detail = (e as Error).message;
          rejected.push({ file: f.name, reason: plainReason(detail), detail });
        }
      } else {
        const j = judgeImport([f]);
        items.push(...j.items);
        rejected.push(...j.rejected);
      }
      if (await slicer.tick()) report('checking', i + 1, files.length);
    }
    report('checking', files.length, files.length);
    if (items.length === 0) return { added, duplicates, rejected };
    this.askPersist();
    const action = `import ${files.length === 1 ? files[0]!.name : `${items.length} replays`}`;
    for (let start = 0; start < items.length; start += IMPORT_BATCH) {
      const chunk = items.slice(start, start + IMPORT_BATCH);
      let stored: Set<string>;
      try {
        stored = await this.storedKeys(chunk.map((it) => contentKey(it.bytes)));
      } catch (e) {
        return this.importFailed(storageError(e, action), { added, duplicates, rejected }, items.length);
      }
      const batch: Prepared[] = [];
      const cancelled = (): ImportResult => ({
        added,
        duplicates,
        rejected,
        cancelled: true,
        notWritten: items.length - added.length - duplicates,
      });
      for (const it of chunk) {
        if (opts.signal?.aborted) return cancelled();
        const key = contentKey(it.bytes);
        // A file already stored costs no re-simulation; writeBatch counts it as a duplicate.
        batch.push(stored.has(key) ? { it, key, t: NO_TRACE } : prepare(it, key));
        if (await slicer.tick()) report('saving', start + batch.length, items.length);
      }
      if (opts.signal?.aborted) return cancelled();
      try {
        const res = await this.writeBatch(batch, action);
        added.push(...res.added);
        duplicates += res.duplicates;
      } catch (e) {
        return this.importFailed(e as LibraryError, { added, duplicates, rejected }, items.length);
      }
      report('saving', Math.min(items.length, start + IMPORT_BATCH), items.length);
    }
    return { added, duplicates, rejected };
  }

  private importFailed(e: LibraryError, got: ImportResult, total: number): ImportResult {
    if (got.added.length === 0 && got.duplicates === 0) throw e;
    return { ...got, failed: e, notWritten: total - got.added.length - got.duplicates };
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
    // The 'trace' index finds them without reading the list (a library of thousands opens as fast).
    const pending = await this.db.getAllKeysFromIndex('replays', 'trace', 'pending');
    for (const id of pending) {
      if (this.closed) break;
      const b = await this.db.get('bytes', id);
      let t: Prepared['t'] = NO_TRACE;
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
        const tx = this.db.transaction(['replays', 'traces', 'summaries'], 'readwrite');
        undo = () => rollBack(tx);
        const cur = await tx.objectStore('replays').get(id);
        if (cur) {
          cur.trace = t.state;
          await tx.objectStore('replays').put(cur);
          if (t.trace) await tx.objectStore('traces').put(t.trace, id);
          if (t.summary) await tx.objectStore('summaries').put(t.summary, id);
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

  /**
   * Entries (without bytes), filtered and sorted. Reads the list rows only: no replay is decoded,
   * and `summary` is left out (`get` has it).
   */
  async list(q: ListQuery = {}): Promise<LibraryEntry[]> {
    return queryEntries(await this.rows(), q);
  }

  /** Every entry as stored, in no particular order (the Replays screen sorts them itself). */
  async rows(): Promise<LibraryEntry[]> {
    this.guard();
    try {
      const tx = this.db.transaction(['replays', 'clips'], 'readonly');
      const [recs, clipsByReplay] = await Promise.all([tx.objectStore('replays').getAll(), clipCounts(tx.objectStore('clips'))]);
      const entries = recs.map(({ contentKey: _k, summary: _s, ...r }) => ({ ...r, clipCount: clipsByReplay.get(r.id) ?? 0 }));
      return entries;
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

  /** One entry with its trace summary (null when it has no trace). */
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
      const tx = this.db.transaction(['replays', 'bytes', 'clips', 'traces', 'summaries'], 'readwrite');
      const clipIds = await tx.objectStore('clips').index('replayId').getAllKeys(id);
      await Promise.all([
        tx.objectStore('replays').delete(id),
        tx.objectStore('bytes').delete(id),
        tx.objectStore('traces').delete(id),
        tx.objectStore('summaries').delete(id),
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

  /**
   * Streams every replay (or those of `ids`, in that order) with its name and tags into a bundle
   * through `sink`: EXPORT_BATCH replays are read per transaction and written as one piece, so
   * neither the library nor the file is ever held in one buffer. Stops between batches when
   * `signal` aborts (returns `cancelled`; the sink is then abandoned, not finished).
   */
  async exportBundle(sink: BundleSink, ids?: readonly string[], opts: JobOptions = {}): Promise<{ count: number; cancelled: boolean }> {
    this.guard();
    let order: readonly string[];
    try {
      order = ids ?? sortedIds(await this.db.getAll('replays'));
    } catch (e) {
      throw storageError(e, 'read the replay library');
    }
    if (order.length === 0) throw new LibraryError('Nothing to export: the library is empty.');
    const w = new BundleWriter();
    const slicer = new Slicer();
    for (let start = 0; start < order.length; start += EXPORT_BATCH) {
      if (opts.signal?.aborted) return { count: w.count, cancelled: true };
      let batch: BundleEntry[];
      try {
        const tx = this.db.transaction(['replays', 'bytes'], 'readonly');
        const slice = order.slice(start, start + EXPORT_BATCH);
        const got = await Promise.all(slice.map((id) => Promise.all([tx.objectStore('replays').get(id), tx.objectStore('bytes').get(id)])));
        await tx.done;
        // A replay deleted (in another tab) since the list was read is left out.
        batch = got.filter(([r, b]) => r && b).map(([r, b]) => ({ name: r!.name, tags: r!.tags, bytes: new Uint8Array(b!) }));
      } catch (e) {
        throw storageError(e, 'read the replays to export');
      }
      await sink.write(w.entries(batch));
      opts.onProgress?.({ phase: 'exporting', done: start + batch.length, total: order.length, added: 0, duplicates: 0, rejected: 0 });
      await slicer.tick();
    }
    await sink.finish(w.head());
    return { count: w.count, cancelled: false };
  }

  /** The name "export all" gives its file: twinfield-replays-YYYY-MM-DD.twrb (local date). */
  static bundleFileName(d = new Date()): string {
    const p = (n: number) => String(n).padStart(2, '0');
    return `twinfield-replays-${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}${BUNDLE_EXTENSION}`;
  }

  /**
   * Every replay (or those of `ids`) in one bundle, as a Blob built from the streamed pieces
   * (`exportBundle` into a `blobSink`). `bytes` reads the Blob back for callers that want them
   * (tests); the Replays screen uses the Blob or a file on disk instead.
   */
  async exportAll(ids?: string[]): Promise<{ filename: string; blob: Blob; bytes: Uint8Array; count: number }> {
    const sink = blobSink();
    const { count } = await this.exportBundle(sink, ids);
    const blob = sink.blob();
    return { filename: ReplayLibrary.bundleFileName(), blob, bytes: new Uint8Array(await blob.arrayBuffer()), count };
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
