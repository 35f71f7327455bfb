// What a replay of an Adaptive match carries in its header's `extra.adaptive`: the adaptive state
// the match was played at (src/cpu/presets/adaptive.ts), the player's result and the state after it
// (null for a match left before its end, which does not count). The CPU preset and the stage values
// are stored in full elsewhere in the replay, so playback needs nothing from here; the lists show it.
import type { JsonObject } from './json';

export interface AdaptiveStateTag {
  /** 0..1, two decimals. */
  strength: number;
  matches: number;
  /** The player's aimed win rate. */
  target: number;
}

export interface AdaptiveTag extends AdaptiveStateTag {
  /** The player's result: won 1, draw 0.5, lost 0; null while unfinished. */
  result: 0 | 0.5 | 1 | null;
  /** The state after the match (what the next match plays); null when the match did not count. */
  next: AdaptiveStateTag | null;
}

function stateOf(v: unknown): AdaptiveStateTag | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return null;
  const { strength, matches, target } = v as Record<string, unknown>;
  if (typeof strength !== 'number' || !(strength >= 0 && strength <= 1)) return null;
  if (typeof matches !== 'number' || !Number.isSafeInteger(matches) || matches < 0) return null;
  if (typeof target !== 'number' || !(target > 0 && target < 1)) return null;
  return { strength, matches, target };
}

/** The adaptive tag of a replay's `extra` (null when it has none or it is malformed). */
export function readAdaptiveTag(extra: unknown): AdaptiveTag | null {
  if (typeof extra !== 'object' || extra === null || Array.isArray(extra)) return null;
  const a = (extra as Record<string, unknown>).adaptive;
  const st = stateOf(a);
  if (!st) return null;
  const o = a as Record<string, unknown>;
  const result = o.result === 0 || o.result === 0.5 || o.result === 1 ? o.result : null;
  const next = stateOf(o.next);
  return { ...st, result, next: result === null ? null : next };
}

/** `extra.adaptive` as stored. */
export function adaptiveTagJson(t: AdaptiveTag): JsonObject {
  const st = (s: AdaptiveStateTag): JsonObject => ({ strength: s.strength, matches: s.matches, target: s.target });
  return { ...st(t), result: t.result, next: t.next ? st(t.next) : null };
}

/** A strength as people read it: 0.42 → 42 (of 100). */
export function strengthPercent(s: number): number {
  return Math.round(s * 100);
}
