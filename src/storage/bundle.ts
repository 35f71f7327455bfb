// The "export all" file: many replays with their library names and tags in one file, and the
// validation of every file an import brings (single replays and bundles). Pure: runs in Node.
//
// Bundle format (version 1, little-endian), suggested extension .twrb:
//    0  4  magic 'TWRB'
//    4  2  version (1)
//    6  2  flags, must be 0
//    8  4  N = number of replays (at most MAX_BUNDLE_ENTRIES)
//   12  4  CRC-32 (IEEE) of every byte after byte 16
//   16  …  N entries: u32 J, J bytes of UTF-8 JSON {"name": string, "tags": [string]},
//                     u32 R, R bytes of a replay file (.twrp, validated with decodeReplay)
// Nothing may follow the last entry.
import { parseJsonBytes } from '../json/parse-json-text';
import { decodeReplay, MAX_REPLAY_BYTES, ReplayError, type ReplayHeader } from '../replay';
import { crc32 } from '../replay/crc32';
import { MAX_NAME_LENGTH, MAX_TAG_LENGTH, normalizeName, normalizeTag } from './replay-meta';

export const BUNDLE_MAGIC = 'TWRB';
export const BUNDLE_VERSION = 1;
export const BUNDLE_EXTENSION = '.twrb';
export const MAX_BUNDLE_ENTRIES = 10000;
/** Refuse larger import files before reading them (a bundle of 10,000 replays of 32 KB is ~330 MB; this is generous). */
export const MAX_IMPORT_BYTES = 512 * 1024 * 1024;
const HEAD = 16;
const MAX_ENTRY_JSON = 64 * 1024;

/** What is wrong with an import: every problem found, each naming the file and where in it. */
export class ImportError extends Error {
  readonly userFacing = true;
  constructor(readonly problems: string[]) {
    super(problems.length === 1 ? problems[0]! : `${problems.length} problems: ${problems[0]} (and ${problems.length - 1} more)`);
    this.name = 'ImportError';
  }
}

export interface BundleEntry {
  name: string;
  tags: string[];
  bytes: Uint8Array;
}

/** One replay ready to be written to the library. */
export interface ImportItem extends BundleEntry {
  header: ReplayHeader;
  /** Where it came from, for messages: "all.twrb, replay 3 of 5" or "m.twrp". */
  source: string;
}

const enc = new TextEncoder();

export function encodeBundle(entries: readonly BundleEntry[]): Uint8Array {
  if (entries.length > MAX_BUNDLE_ENTRIES) throw new Error(`a bundle holds at most ${MAX_BUNDLE_ENTRIES} replays, got ${entries.length}`);
  const w = new BundleWriter();
  const body = w.entries(entries);
  const out = new Uint8Array(HEAD + body.length);
  out.set(body, HEAD);
  out.set(w.head(), 0);
  return out;
}

/**
 * Writes a bundle a piece at a time, never the whole file in one buffer: `entries` encodes a batch
 * of entries (and runs the CRC over it); `head` gives the 16 bytes that go before them, known only
 * once every entry is written. `encodeBundle` gives the same bytes in one piece.
 */
export class BundleWriter {
  private crc = 0;
  private n = 0;

  get count(): number {
    return this.n;
  }

  entries(batch: readonly BundleEntry[]): Uint8Array {
    if (this.n + batch.length > MAX_BUNDLE_ENTRIES)
      throw new Error(`a bundle holds at most ${MAX_BUNDLE_ENTRIES} replays, got ${this.n + batch.length}`);
    const metas = batch.map((e) => enc.encode(JSON.stringify({ name: e.name, tags: e.tags })));
    const out = new Uint8Array(batch.reduce((n, e, i) => n + 8 + metas[i]!.length + e.bytes.length, 0));
    const dv = new DataView(out.buffer);
    let p = 0;
    batch.forEach((e, i) => {
      const m = metas[i]!;
      dv.setUint32(p, m.length, true);
      out.set(m, p + 4);
      p += 4 + m.length;
      dv.setUint32(p, e.bytes.length, true);
      out.set(e.bytes, p + 4);
      p += 4 + e.bytes.length;
    });
    this.crc = crc32(out, this.crc);
    this.n += batch.length;
    return out;
  }

  head(): Uint8Array {
    const out = new Uint8Array(HEAD);
    const dv = new DataView(out.buffer);
    for (let k = 0; k < 4; k++) out[k] = BUNDLE_MAGIC.charCodeAt(k);
    dv.setUint16(4, BUNDLE_VERSION, true);
    dv.setUint16(6, 0, true);
    dv.setUint32(8, this.n, true);
    dv.setUint32(12, this.crc, true);
    return out;
  }
}

export function isBundle(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!) === BUNDLE_MAGIC;
}

function entryMeta(raw: unknown, where: string): { name: string; tags: string[] } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new Error(`${where}: entry data must be an object`);
  const o = raw as Record<string, unknown>;
  for (const k of Object.keys(o)) if (k !== 'name' && k !== 'tags') throw new Error(`${where}: unknown field '${k}'`);
  if (typeof o.name !== 'string') throw new Error(`${where}: name must be a string`);
  if (o.name.length > MAX_NAME_LENGTH) throw new Error(`${where}: name longer than ${MAX_NAME_LENGTH} characters`);
  if (!Array.isArray(o.tags) || o.tags.length > 64) throw new Error(`${where}: tags must be a list of at most 64 tags`);
  const tags = o.tags.map((t, i) => {
    if (typeof t !== 'string' || t.length > MAX_TAG_LENGTH * 2) throw new Error(`${where}: tags[${i}] must be a short string`);
    try {
      return normalizeTag(t);
    } catch (e) {
      throw new Error(`${where}: tags[${i}]: ${(e as Error).message}`);
    }
  });
  return { name: normalizeName(o.name), tags: [...new Set(tags)] };
}

/** A bundle entry as stored, its replay not decoded yet: `offset` is where its replay starts in the file. */
export interface RawBundleEntry extends BundleEntry {
  offset: number;
}

/**
 * Reads a bundle's structure and entry data (names, tags), not the replays in it (see decodeBundle).
 * Throws Error naming the file, the entry and the byte offset of the first problem. Each entry's
 * bytes are a copy (what the library stores) unless `copy` is false: then they are views into
 * `bytes`, so a reader that only decodes them holds the file once, not twice.
 */
export function readBundleEntries(bytes: Uint8Array, file = 'bundle', copy = true): RawBundleEntry[] {
  const n = bytes.length;
  const at = (p: number, msg: string): never => {
    throw new Error(`${file}: byte ${p}: ${msg}`);
  };
  if (!isBundle(bytes)) at(0, `not a Twinfield replay bundle (wrong magic, expected '${BUNDLE_MAGIC}')`);
  if (n < HEAD) at(n, `truncated: ${n} bytes, shorter than the ${HEAD}-byte bundle header`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint16(4, true);
  if (version === 0 || version > BUNDLE_VERSION)
    at(4, `bundle version ${version} is not one this build reads (1${version > BUNDLE_VERSION ? '; update the game' : ''})`);
  const flags = dv.getUint16(6, true);
  if (flags !== 0) at(6, `unknown flags 0x${flags.toString(16)}`);
  const count = dv.getUint32(8, true);
  if (count > MAX_BUNDLE_ENTRIES) at(8, `announces ${count} replays, the limit is ${MAX_BUNDLE_ENTRIES}`);
  const crc = dv.getUint32(12, true);
  if (crc32(bytes.subarray(HEAD)) !== crc) at(12, 'CRC mismatch: the file is corrupt or was changed');
  const entries: RawBundleEntry[] = [];
  let p = HEAD;
  for (let i = 0; i < count; i++) {
    const where = `replay ${i + 1} of ${count}`;
    if (p + 4 > n) at(p, `truncated in ${where}`);
    const j = dv.getUint32(p, true);
    if (j > MAX_ENTRY_JSON || p + 4 + j > n) at(p, `${where}: entry data length ${j} runs past the end or the limit`);
    // The project's JSON checks: invalid UTF-8 and duplicate keys are named with their byte.
    const raw = parseJsonBytes(
      bytes.subarray(p + 4, p + 4 + j),
      p + 4,
      (offset, reason) => new Error(`${file}: byte ${offset}: ${where}: entry data: ${reason}`),
    );
    let meta: { name: string; tags: string[] };
    try {
      meta = entryMeta(raw, `${where}`);
    } catch (e) {
      return at(p + 4, (e as Error).message);
    }
    p += 4 + j;
    if (p + 4 > n) at(p, `truncated in ${where}`);
    const r = dv.getUint32(p, true);
    if (r > MAX_REPLAY_BYTES || p + 4 + r > n) at(p, `${where}: replay length ${r} runs past the end or the limit`);
    entries.push({ ...meta, bytes: copy ? bytes.slice(p + 4, p + 4 + r) : bytes.subarray(p + 4, p + 4 + r), offset: p + 4 });
    p += 4 + r;
  }
  if (p !== n) at(p, `${n - p} unexpected byte(s) after the last replay`);
  return entries;
}

/**
 * Reads a bundle and validates every replay in it (decodeReplay). Throws Error naming the file,
 * the entry and the byte offset of the first problem.
 */
export function decodeBundle(bytes: Uint8Array, file = 'bundle'): ImportItem[] {
  const entries = readBundleEntries(bytes, file);
  return entries.map((e, i) => decodeBundleEntry(e, i, entries.length, file));
}

/** Validates entry `i` of `count` of a bundle read by readBundleEntries (what decodeBundle does for each). */
export function decodeBundleEntry({ offset, ...meta }: RawBundleEntry, i: number, count: number, file = 'bundle'): ImportItem {
  const where = `replay ${i + 1} of ${count}`;
  try {
    const { inputs: _i, checksums: _c, ...header } = decodeReplay(meta.bytes);
    return { ...meta, header, source: `${file}, ${where}` };
  } catch (e) {
    throw new Error(`${file}: byte ${offset}: ${where}: ${e instanceof ReplayError ? e.message : String(e)}`);
  }
}

/** A file of an import that was not imported, with why in plain words and the technical detail. */
export interface RejectedFile {
  file: string;
  /** A sentence for the player: "this is not a Twinfield replay file". */
  reason: string;
  /** What the decoder said, with where (byte offset, header field). */
  detail: string;
}

/** Plain-language reason for a decoder message (ReplayError or bundle error text). */
export function plainReason(message: string): string {
  const m = message.toLowerCase();
  if (m.includes('empty file')) return 'the file is empty';
  if (m.includes('wrong magic') || m.includes('not a replay (expected bytes)')) return 'this is not a Twinfield replay file';
  if (m.includes('newer than this build') || m.includes('update the game'))
    return 'it was made by a newer version of the game; update the game to open it';
  if (m.includes('too large')) return 'the file is too large to be a replay';
  if (m.includes('truncated') || m.includes('runs past the end') || m.includes('shorter than'))
    return 'the file is incomplete (cut short while downloading or copying?)';
  if (m.includes('crc') || m.includes('corrupt') || m.includes('unexpected byte'))
    return 'the file is damaged: its contents do not match its checksum';
  if (m.includes('header.')) return 'the file says things about the match that cannot be right, so it cannot be trusted';
  return 'the file could not be read as a replay';
}

/** The outcome of judging an import: each file alone. */
export interface JudgedImport {
  /** Replays from every valid file (bundles contribute all of theirs). */
  items: ImportItem[];
  /** Every file that was refused, in the order given. */
  rejected: RejectedFile[];
}

/**
 * Judges every file of an import on its own (single replays and bundles, told apart by their
 * magic): the valid ones give their replays, each bad one is listed with a plain-language reason
 * and the technical detail. A bundle is one file: any bad entry refuses that bundle (its CRC
 * covers it whole, so a bad entry means the file was damaged or forged).
 */
export function judgeImport(files: readonly { name: string; bytes: Uint8Array }[]): JudgedImport {
  const items: ImportItem[] = [];
  const rejected: RejectedFile[] = [];
  const reject = (file: string, detail: string) => rejected.push({ file, reason: plainReason(detail), detail });
  for (const f of files) {
    if (f.bytes.length > MAX_IMPORT_BYTES) {
      reject(f.name, `${f.name}: too large (${f.bytes.length} bytes, the limit is ${MAX_IMPORT_BYTES})`);
      continue;
    }
    if (isBundle(f.bytes)) {
      try {
        const got = decodeBundle(f.bytes, f.name);
        if (got.length === 0) reject(f.name, `${f.name}: the bundle holds no replays`);
        items.push(...got);
      } catch (e) {
        reject(f.name, (e as Error).message);
      }
      continue;
    }
    try {
      const { inputs: _i, checksums: _c, ...header } = decodeReplay(f.bytes);
      items.push({ name: '', tags: [], bytes: f.bytes.slice(), header, source: f.name });
    } catch (e) {
      reject(f.name, `${f.name}: ${e instanceof ReplayError ? e.message : String(e)}`);
    }
  }
  return { items, rejected };
}

/**
 * All or nothing (the study tools' strict import): returns the replays only when every file is
 * valid, else throws ImportError listing each bad file and what is wrong in it.
 */
export function parseImport(files: readonly { name: string; bytes: Uint8Array }[]): ImportItem[] {
  if (files.length === 0) throw new ImportError(['no files to import']);
  const { items, rejected } = judgeImport(files);
  if (rejected.length) throw new ImportError(rejected.map((r) => r.detail));
  if (items.length === 0) throw new ImportError([`${files.map((f) => f.name).join(', ')}: no replays inside`]);
  return items;
}
