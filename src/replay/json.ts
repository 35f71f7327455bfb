// Strict JSON checks for the free-form parts of a replay (CPU presets, extra metadata): plain
// objects, arrays, strings, finite numbers, booleans and null, nested at most MAX_JSON_DEPTH deep.
import { ReplayError } from './errors';

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export const MAX_JSON_DEPTH = 32;

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Throws ReplayError naming `path` unless `v` is JSON exactly as JSON.stringify would keep it. */
export function checkJson(v: unknown, path: string, depth = 0): asserts v is JsonValue {
  if (depth > MAX_JSON_DEPTH) throw new ReplayError(`nested deeper than ${MAX_JSON_DEPTH} levels (or cyclic)`, path);
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new ReplayError(`${String(v)} is not a JSON number`, path);
    return;
  }
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) checkJson(v[i], `${path}[${i}]`, depth + 1);
    return;
  }
  if (isPlainObject(v)) {
    for (const k of Object.keys(v)) checkJson(v[k], `${path}.${k}`, depth + 1);
    return;
  }
  throw new ReplayError(
    `${v === undefined ? 'undefined' : typeof v === 'object' ? 'a non-plain object' : `a ${typeof v}`} is not JSON`,
    path,
  );
}
