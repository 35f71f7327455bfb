// The Adaptive difficulty's state (src/cpu/presets/adaptive.ts: strength, matches, aim), kept in this
// browser (localStorage) as versioned JSON so it survives a reload. A saved value that is missing,
// damaged or from another version falls back to a fresh state; only this key is ever touched.
import { ADAPTIVE_TARGETS, newAdaptive, type AdaptiveState } from '../cpu/presets/adaptive';

export const ADAPTIVE_KEY = 'twinfield.adaptive';
/** Bump when the saved shape changes; an older value is then replaced by a fresh state. */
export const ADAPTIVE_STORE_VERSION = 1;

interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function store(): KeyValueStore | null {
  try {
    return (globalThis as { localStorage?: KeyValueStore }).localStorage ?? null;
  } catch {
    return null; // storage blocked (some private windows throw on access)
  }
}

/** The text saved for `st`: `{"v":1,"strength":0.42,"matches":3,"target":0.5}`. */
export function formatAdaptive(st: AdaptiveState): string {
  return JSON.stringify({ v: ADAPTIVE_STORE_VERSION, strength: st.strength, matches: st.matches, target: st.target });
}

/**
 * The state in a saved text, or null when it is absent, not JSON, of another version, or has a field
 * out of range (strength 0..1, matches a whole number ≥ 0, target one of ADAPTIVE_TARGETS).
 */
export function parseAdaptive(text: string | null | undefined): AdaptiveState | null {
  if (typeof text !== 'string' || text === '') return null;
  let o: unknown;
  try {
    o = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return null;
  const { v, strength, matches, target } = o as Record<string, unknown>;
  if (v !== ADAPTIVE_STORE_VERSION) return null;
  if (typeof strength !== 'number' || !(strength >= 0 && strength <= 1)) return null;
  if (typeof matches !== 'number' || !Number.isSafeInteger(matches) || matches < 0) return null;
  if (typeof target !== 'number' || !(ADAPTIVE_TARGETS as readonly number[]).includes(target)) return null;
  // newAdaptive rounds the strength to two decimals as the model does.
  return { ...newAdaptive(strength, target), matches };
}

/** The saved state, or a fresh one (Normal's strength, aim 50 %) when there is none or it is unusable. */
export function loadAdaptive(): AdaptiveState {
  let text: string | null = null;
  try {
    text = store()?.getItem(ADAPTIVE_KEY) ?? null;
  } catch {
    // unreadable storage: a fresh state
  }
  return parseAdaptive(text) ?? newAdaptive();
}

/** Keeps `st` for the next visit; false when the browser would not store it (the game goes on). */
export function saveAdaptive(st: AdaptiveState): boolean {
  try {
    const s = store();
    if (!s) return false;
    s.setItem(ADAPTIVE_KEY, formatAdaptive(st));
    return true;
  } catch {
    return false;
  }
}

/** Drops the saved state (the test hook's fresh title); the next load is a fresh state. */
export function forgetAdaptive(): void {
  try {
    store()?.removeItem(ADAPTIVE_KEY);
  } catch {
    // nothing saved to forget
  }
}
