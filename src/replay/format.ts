// The replay file format (version 1). A replay is everything that determines a match — sim
// version, config (with the seed), both sides' per-frame inputs — plus a state checksum every
// CHECKSUM_INTERVAL frames and the final hash, so a desync is caught at the frame it happens.
//
// Layout (little-endian):
//   0  4   magic 'TWRP'
//   4  2   format version (FORMAT_VERSION)
//   6  2   flags, must be 0
//   8  4   H: byte length of the header (UTF-8 JSON)
//  12  4   B: byte length of the body
//  16  4   CRC-32 of bytes [0, 16) followed by [20, 20 + H + B)
//  20  H   header JSON: sim, game, date, config, sides, frames, result, finalHash, extra
//  20+H B  body: per side a varint byte count and that many bytes of run-length inputs
//              (inputs.ts), then floor(frames / 60) checksums of 8 bytes each
// Nothing may follow the body. See docs/replays.md.
import { parseJsonBytes } from '../json/parse-json-text';
import { ConfigError, MAX_TIME_LIMIT, makeConfig, SIM_VERSION, type MatchConfig } from '../sim/config';
import { CHECKSUM_INTERVAL, type Checksum } from '../sim/runner';
import { ByteReader, ByteWriter } from './bytes';
import { crc32 } from './crc32';
import { ReplayError } from './errors';
import { decodeInputs, encodeInputs } from './inputs';
import { checkJson, isPlainObject, type JsonObject, type JsonValue } from './json';

export const REPLAY_MAGIC = 'TWRP';
export const FORMAT_VERSION = 1;
/** Fixed part before the header JSON. */
export const PREAMBLE_BYTES = 20;
/** Larger inputs are refused before anything else is looked at. */
export const MAX_REPLAY_BYTES = 8 * 1024 * 1024;
export const MAX_HEADER_BYTES = 1024 * 1024;
/** Four hours at 60 Hz: the longest replay, and the largest time limit a config takes. */
export const MAX_FRAMES = MAX_TIME_LIMIT;
export const MAX_NAME_LENGTH = 64;
export const MAX_CONTROLLER_LENGTH = 1024;
/** Suggested file name extension. */
export const REPLAY_EXTENSION = '.twrp';

export interface ReplaySide {
  /** Controller spec that played the side ('human', 'cpu:normal', 'random:7', …). */
  controller: string;
  /** True when a person played it (a replay of a person is a person too). */
  human: boolean;
  /** Display name. */
  name: string;
  /** The CPU's complete preset values (any JSON), or null. */
  preset: JsonValue;
}

export interface ReplayResult {
  /** Winning side (0 or 1), or null for a draw and in practice. */
  winner: number | null;
  reason: 'lives' | 'time';
}

export interface Replay {
  /** SIM_VERSION of the build that recorded it; only that sim version can re-simulate it. */
  simVersion: number;
  /** package.json version of the build that recorded it (informational). */
  gameVersion: string;
  /** When it was recorded, an ISO 8601 string from the caller's clock. */
  date: string;
  /**
   * The full match config; `config.seed` is the seed. Fully checked only when simVersion is this
   * build's SIM_VERSION (other versions cannot be played here; see checkPlayable).
   */
  config: MatchConfig;
  /** One entry per side (2 in versus, 1 in practice). */
  sides: ReplaySide[];
  /** Duration: frames played (the length of each inputs array). */
  frames: number;
  /** How the match ended, or null when it was left before the end. */
  result: ReplayResult | null;
  /** Per side, one 7-bit input mask per frame. */
  inputs: Uint8Array[];
  /** hashState after frames 60, 120, … ≤ frames (floor(frames / 60) entries). */
  checksums: Checksum[];
  /** hashState after the last frame. */
  finalHash: string;
  /** Free-form JSON for the library and later tools (mode labels, survey ids, …). */
  extra: JsonObject;
}

const HEADER_KEYS = ['sim', 'game', 'date', 'config', 'sides', 'frames', 'result', 'finalHash', 'extra'] as const;
const SIDE_KEYS = ['controller', 'human', 'name', 'preset'] as const;
const RESULT_KEYS = ['winner', 'reason'] as const;
const CONFIG_DEFAULTS = makeConfig({ seed: 0 });
const CONFIG_KEYS = Object.keys(CONFIG_DEFAULTS) as (keyof MatchConfig)[];
const HASH_RE = /^[0-9a-f]{16}$/;
const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

function fail(path: string, message: string): never {
  throw new ReplayError(message, path);
}

function exactKeys(o: unknown, keys: readonly string[], path: string): Record<string, unknown> {
  if (!isPlainObject(o)) fail(path, 'must be an object');
  for (const k of Object.keys(o)) if (!keys.includes(k)) fail(`${path}.${k}`, `unknown field (known: ${keys.join(', ')})`);
  for (const k of keys) if (!(k in o)) fail(`${path}.${k}`, 'missing');
  return o;
}

function intIn(v: unknown, lo: number, hi: number, path: string): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < lo || v > hi)
    fail(path, `must be a whole number from ${lo} to ${hi}, got ${short(v)}`);
  return v;
}

function str(v: unknown, max: number, path: string, nonEmpty = true): string {
  if (typeof v !== 'string') fail(path, `must be a string, got ${short(v)}`);
  if (v.length > max) fail(path, `longer than ${max} characters`);
  if (nonEmpty && v.length === 0) fail(path, 'must not be empty');
  return v;
}

function short(v: unknown): string {
  let s: string;
  try {
    s = JSON.stringify(v) ?? String(v);
  } catch {
    s = typeof v;
  }
  return s.length > 40 ? `${s.slice(0, 37)}…` : s;
}

function checkDate(v: unknown, path: string): string {
  const s = str(v, 40, path);
  const m = ISO_RE.exec(s);
  const bad = (): never => fail(path, `must be an ISO 8601 date-time like 2025-01-31T12:00:00Z, got ${short(s)}`);
  if (!m) bad();
  const [mo, d, h, mi, se, oh, om] = [m![2], m![3], m![4], m![5], m![6] ?? '0', m![7] ?? '0', m![8] ?? '0'].map(Number) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > 31 || h! > 23 || mi! > 59 || se! > 60 || oh! > 23 || om! > 59) bad();
  return s;
}

/**
 * A replay of another sim version cannot be re-simulated here, but its metadata should still
 * list: its config is only checked to be flat JSON with a valid seed and mode.
 */
function checkForeignConfig(v: unknown): MatchConfig {
  if (!isPlainObject(v)) fail('header.config', 'must be an object');
  for (const k of Object.keys(v)) {
    const t = typeof v[k];
    if (t !== 'string' && t !== 'number' && t !== 'boolean')
      fail(`header.config.${k}`, `must be a string, number or boolean, got ${short(v[k])}`);
  }
  intIn(v.seed, 0, 0xffffffff, 'header.config.seed');
  if (v.mode !== 'versus' && v.mode !== 'practice') fail('header.config.mode', `must be versus or practice, got ${short(v.mode)}`);
  return v as unknown as MatchConfig;
}

function checkConfig(v: unknown): MatchConfig {
  const o = exactKeys(v, CONFIG_KEYS, 'header.config');
  // Same primitive type as the default first, so makeConfig's messages can print any value.
  for (const k of CONFIG_KEYS)
    if (typeof o[k] !== typeof CONFIG_DEFAULTS[k]) fail(`header.config.${k}`, `must be a ${typeof CONFIG_DEFAULTS[k]}, got ${short(o[k])}`);
  try {
    return makeConfig(o as unknown as MatchConfig);
  } catch (e) {
    if (e instanceof ConfigError) fail(`header.config.${e.field}`, e.message.replace(/^config\.\w+: /, ''));
    // Whatever else a config check may throw, the decoder's promise is ReplayError only.
    fail('header.config', `invalid (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** The metadata part of a replay (everything but the inputs and checksums). */
export type ReplayHeader = Omit<Replay, 'inputs' | 'checksums'>;
type Header = ReplayHeader;

/** Checks a parsed header object field by field; throws ReplayError naming the first bad field. */
function checkHeader(h: unknown): Header {
  const o = exactKeys(h, HEADER_KEYS, 'header');
  const simVersion = intIn(o.sim, 1, 0xffff, 'header.sim');
  const gameVersion = str(o.game, 32, 'header.game');
  const date = checkDate(o.date, 'header.date');
  const config = simVersion === SIM_VERSION ? checkConfig(o.config) : checkForeignConfig(o.config);
  const nSides = config.mode === 'versus' ? 2 : 1;
  if (!Array.isArray(o.sides)) fail('header.sides', 'must be an array');
  if (o.sides.length !== nSides) fail('header.sides', `a ${config.mode} match has ${nSides} side(s), got ${o.sides.length}`);
  const sides = o.sides.map((raw, i): ReplaySide => {
    const p = `header.sides[${i}]`;
    const s = exactKeys(raw, SIDE_KEYS, p);
    if (typeof s.human !== 'boolean') fail(`${p}.human`, 'must be true or false');
    checkJson(s.preset, `${p}.preset`);
    return {
      controller: str(s.controller, MAX_CONTROLLER_LENGTH, `${p}.controller`),
      human: s.human,
      name: str(s.name, MAX_NAME_LENGTH, `${p}.name`, false),
      preset: s.preset,
    };
  });
  const frames = intIn(o.frames, 0, MAX_FRAMES, 'header.frames');
  let result: ReplayResult | null = null;
  if (o.result !== null) {
    const r = exactKeys(o.result, RESULT_KEYS, 'header.result');
    if (r.winner !== null) intIn(r.winner, 0, nSides - 1, 'header.result.winner');
    if (r.reason !== 'lives' && r.reason !== 'time') fail('header.result.reason', `must be 'lives' or 'time', got ${short(r.reason)}`);
    result = { winner: r.winner as number | null, reason: r.reason };
  }
  if (typeof o.finalHash !== 'string' || !HASH_RE.test(o.finalHash))
    fail('header.finalHash', `must be 16 lowercase hex digits, got ${short(o.finalHash)}`);
  if (!isPlainObject(o.extra)) fail('header.extra', 'must be an object');
  checkJson(o.extra, 'header.extra');
  return { simVersion, gameVersion, date, config, sides, frames, result, finalHash: o.finalHash, extra: o.extra as JsonObject };
}

const encoder = new TextEncoder();

function writeHash(w: ByteWriter, hex: string): void {
  for (let k = 0; k < 16; k += 2) w.u8(parseInt(hex.slice(k, k + 2), 16));
}

function hex8(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/**
 * Encodes a replay. Checks it exactly as decodeReplay would (and throws ReplayError naming the
 * field), so whatever this returns decodes again to an equal replay.
 */
export function encodeReplay(r: Replay): Uint8Array {
  for (let i = 0; i < (r.sides?.length ?? 0); i++) checkJson(r.sides[i]?.preset, `header.sides[${i}].preset`);
  checkJson(r.extra, 'header.extra');
  const headerObj = {
    sim: r.simVersion,
    game: r.gameVersion,
    date: r.date,
    config: r.config,
    sides: r.sides?.map((s) => ({ controller: s.controller, human: s.human, name: s.name, preset: s.preset })),
    frames: r.frames,
    result: r.result ? { winner: r.result.winner, reason: r.result.reason } : r.result,
    finalHash: r.finalHash,
    extra: r.extra,
  };
  const json = JSON.stringify(headerObj);
  const header = checkHeader(JSON.parse(json));
  const text = encoder.encode(json);
  if (text.length > MAX_HEADER_BYTES) throw new ReplayError(`header is ${text.length} bytes, the limit is ${MAX_HEADER_BYTES}`);
  const frames = header.frames;
  if (!Array.isArray(r.inputs) || r.inputs.length !== header.sides.length)
    throw new ReplayError(`inputs: need ${header.sides.length} side(s)`);
  const nChecks = Math.floor(frames / CHECKSUM_INTERVAL);
  if (!Array.isArray(r.checksums) || r.checksums.length !== nChecks)
    throw new ReplayError(`checksums: ${frames} frames need ${nChecks} checksums, got ${r.checksums?.length}`);
  r.checksums.forEach((c, i) => {
    if (c.frame !== (i + 1) * CHECKSUM_INTERVAL)
      throw new ReplayError(`checksums[${i}].frame must be ${(i + 1) * CHECKSUM_INTERVAL}, got ${short(c.frame)}`);
    if (typeof c.hash !== 'string' || !HASH_RE.test(c.hash)) throw new ReplayError(`checksums[${i}].hash must be 16 lowercase hex digits`);
  });

  const w = new ByteWriter();
  for (let k = 0; k < 4; k++) w.u8(REPLAY_MAGIC.charCodeAt(k));
  w.u16(FORMAT_VERSION);
  w.u16(0);
  w.u32(text.length);
  w.u32(0); // body length, patched below
  w.u32(0); // CRC, patched below
  w.bytes(text);
  const bodyStart = w.length;
  const side = new ByteWriter();
  r.inputs.forEach((inp, i) => {
    if (inp.length !== frames) throw new ReplayError(`inputs[${i}] has ${inp.length} frames, the replay has ${frames}`);
    side.length = 0;
    encodeInputs(inp, side);
    w.varint(side.length);
    w.bytes(side.view());
  });
  for (const c of r.checksums) writeHash(w, c.hash);
  const total = w.length;
  if (total > MAX_REPLAY_BYTES) throw new ReplayError(`encoded replay is ${total} bytes, the limit is ${MAX_REPLAY_BYTES}`);
  w.patchU32(12, total - bodyStart);
  w.patchU32(16, crc32(w.view(PREAMBLE_BYTES), crc32(w.view(0, 16))));
  return w.finish();
}

/** Reads only the fixed preamble and the header: metadata without decoding the inputs. */
export function decodeReplayHeader(data: Uint8Array | ArrayBuffer): Header {
  return decodeParts(data, false).header;
}

/**
 * Decodes and fully validates a replay. Anything wrong — not a replay, truncated, corrupt,
 * newer format, oversized, inconsistent, out-of-range fields — throws ReplayError saying what
 * and where (byte offset or header field); no other exception escapes.
 */
export function decodeReplay(data: Uint8Array | ArrayBuffer): Replay {
  const { header, inputs, checksums } = decodeParts(data, true);
  return { ...header, inputs: inputs!, checksums: checksums! };
}

/** The header JSON (UTF-8 checked to the byte, duplicate keys refused); errors name the byte of the file. */
function parseHeaderJson(bytes: Uint8Array, h: number): unknown {
  return parseJsonBytes(
    bytes.subarray(PREAMBLE_BYTES, PREAMBLE_BYTES + h),
    PREAMBLE_BYTES,
    (offset, reason) => new ReplayError(`header: ${reason}`, `byte ${offset}`),
  );
}

/** Checks the fixed preamble (magic, versions, lengths, CRC); returns the bytes and the header length. */
function readPreamble(data: Uint8Array | ArrayBuffer): { bytes: Uint8Array; h: number } {
  let bytes: Uint8Array;
  // Typed-array views and ArrayBuffers from any realm (iframes, workers, Node's Buffer).
  if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else if (Object.prototype.toString.call(data) === '[object ArrayBuffer]') bytes = new Uint8Array(data);
  else throw new ReplayError('not a replay (expected bytes)');
  const n = bytes.length;
  if (n > MAX_REPLAY_BYTES) throw new ReplayError(`too large to be a replay (${n} bytes, the limit is ${MAX_REPLAY_BYTES})`);
  for (let k = 0; k < 4; k++) {
    if (k >= n) throw new ReplayError(n === 0 ? 'empty file, not a replay' : `truncated: ${n} byte(s), shorter than the magic`);
    if (bytes[k] !== REPLAY_MAGIC.charCodeAt(k))
      throw new ReplayError(`not a Twinfield replay (wrong magic, expected '${REPLAY_MAGIC}')`, 'byte 0');
  }
  if (n < PREAMBLE_BYTES) throw new ReplayError(`truncated: ${n} bytes, shorter than the ${PREAMBLE_BYTES}-byte preamble`);
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = dv.getUint16(4, true);
  if (version === 0) throw new ReplayError('format version 0 is invalid', 'byte 4');
  if (version > FORMAT_VERSION)
    throw new ReplayError(`format version ${version} is newer than this build reads (up to ${FORMAT_VERSION}); update the game`, 'byte 4');
  const flags = dv.getUint16(6, true);
  if (flags !== 0) throw new ReplayError(`unknown flags 0x${flags.toString(16)}`, 'byte 6');
  const h = dv.getUint32(8, true);
  const b = dv.getUint32(12, true);
  if (h > MAX_HEADER_BYTES) throw new ReplayError(`header length ${h} exceeds the limit of ${MAX_HEADER_BYTES}`, 'byte 8');
  const expected = PREAMBLE_BYTES + h + b;
  if (expected > n) throw new ReplayError(`truncated: the preamble announces ${expected} bytes, the data has ${n}`, 'byte 8');
  if (expected < n) throw new ReplayError(`${n - expected} unexpected byte(s) after the end of the replay`, `byte ${expected}`);
  const crc = dv.getUint32(16, true);
  const actual = crc32(bytes.subarray(PREAMBLE_BYTES), crc32(bytes.subarray(0, 16)));
  if (crc !== actual) throw new ReplayError(`corrupt: CRC-32 is ${hex8(actual)}, the file says ${hex8(crc)}`, 'byte 16');
  return { bytes, h };
}

/**
 * What can be read of a replay of another sim version that this build does not decode (its header
 * has a field this build does not know, lacks one, or shapes one differently): the header's fields
 * as they are in the file. The preamble, CRC and header JSON get every check decodeReplay makes.
 */
export interface ForeignHeader {
  /** The sim version that recorded it (never this build's SIM_VERSION). */
  simVersion: number;
  /** Every header field as found (any JSON, nested at most MAX_JSON_DEPTH deep). */
  fields: JsonObject;
}

/**
 * The header of a replay of another sim version, read as far as it goes (for `replay info`), or null
 * when the data is not that: a replay of this sim version or a header without a valid sim version
 * (decodeReplay's error is then the one to report). Throws ReplayError for what decodeReplay would
 * refuse in any version: a bad preamble, a CRC mismatch, invalid UTF-8, malformed JSON, a duplicate key.
 */
export function readForeignHeader(data: Uint8Array | ArrayBuffer): ForeignHeader | null {
  const { bytes, h } = readPreamble(data);
  const parsed = parseHeaderJson(bytes, h);
  if (!isPlainObject(parsed)) return null;
  const sim = parsed.sim;
  if (typeof sim !== 'number' || !Number.isInteger(sim) || sim < 1 || sim > 0xffff || sim === SIM_VERSION) return null;
  try {
    // Depth counted from header.sides[i].preset, which may itself be MAX_JSON_DEPTH deep.
    checkJson(parsed, 'header', -3);
  } catch {
    return null;
  }
  return { simVersion: sim, fields: parsed as JsonObject };
}

function decodeParts(data: Uint8Array | ArrayBuffer, body: boolean): { header: Header; inputs?: Uint8Array[]; checksums?: Checksum[] } {
  const { bytes, h } = readPreamble(data);
  const n = bytes.length;
  const header = checkHeader(parseHeaderJson(bytes, h));
  if (!body) return { header };

  const r = new ByteReader(bytes, PREAMBLE_BYTES + h, n, 'body');
  const inputs = header.sides.map((_, i) => {
    const what = `inputs of side ${i + 1}`;
    const at = r.pos;
    const len = r.varint(`${what}, byte count`);
    if (len > r.left) throw new ReplayError(`${what}: byte count ${len} exceeds the ${r.left} byte(s) left`, `byte ${at}`);
    const sub = new ByteReader(bytes, r.pos, r.pos + len, what);
    r.pos += len;
    return decodeInputs(sub, header.frames, what);
  });
  const nChecks = Math.floor(header.frames / CHECKSUM_INTERVAL);
  if (r.left !== nChecks * 8)
    throw new ReplayError(`checksums take ${r.left} byte(s), ${header.frames} frames need ${nChecks} × 8`, `byte ${r.pos}`);
  const checksums: Checksum[] = [];
  for (let i = 0; i < nChecks; i++) {
    const hi = r.u32be('a checksum');
    const lo = r.u32be('a checksum');
    checksums.push({ frame: (i + 1) * CHECKSUM_INTERVAL, hash: hex8(hi) + hex8(lo) });
  }
  return { header, inputs, checksums };
}
