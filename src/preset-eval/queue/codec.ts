// Results as JSON text that comes back exactly: JSON would turn NaN and ±Infinity into null and −0
// into 0 (a summary over them would then differ from the one-machine run), so those are tagged.
const TAG = '$num';

function replacer(_key: string, v: unknown): unknown {
  if (typeof v !== 'number') return v;
  if (Number.isNaN(v)) return { [TAG]: 'NaN' };
  if (v === Infinity) return { [TAG]: 'Infinity' };
  if (v === -Infinity) return { [TAG]: '-Infinity' };
  if (Object.is(v, -0)) return { [TAG]: '-0' };
  return v;
}

function reviver(_key: string, v: unknown): unknown {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length !== 1 || keys[0] !== TAG) return v;
  const s = o[TAG];
  if (s === 'NaN') return Number.NaN;
  if (s === 'Infinity') return Infinity;
  if (s === '-Infinity') return -Infinity;
  if (s === '-0') return -0;
  return v;
}

/** JSON text of `value` with NaN, ±Infinity and −0 kept. */
export function encodeExact(value: unknown): string {
  return JSON.stringify(value, replacer);
}

/** The value `encodeExact` wrote. */
export function decodeExact<T = unknown>(text: string): T {
  return JSON.parse(text, reviver) as T;
}

/** The same conversion on a value already parsed from JSON (a shard file read as a whole). */
export function reviveExact<T = unknown>(value: unknown): T {
  return decodeExact<T>(JSON.stringify(value));
}
