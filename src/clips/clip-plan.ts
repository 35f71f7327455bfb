// What a clip covers: its frame range (default 30 s from the current frame), which part of the
// screen (one field or both) and the file name. Pure: unit-tested in Node.
import { fieldRects, GAME_H, GAME_W } from '../views/layout';
import { formatFrames } from '../playback/format-time';
import type { ClipField, ClipFormat } from '../storage/replay-meta';
import { t } from '../i18n/i18n';

export const CLIP_FPS = 60;
export const DEFAULT_CLIP_SECONDS = 30;
/** Longest clip one export makes (10 minutes). */
export const MAX_CLIP_FRAMES = 10 * 60 * CLIP_FPS;

export class ClipError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'ClipError';
  }
}

export interface ClipRange {
  /** First sim frame shown (the state after `start` steps). */
  start: number;
  /** Exclusive end: the clip shows frames start … end − 1. */
  end: number;
}

/**
 * Checks a clip range against a replay of `lastFrame` playable frames (states 0 … lastFrame−1 can
 * be shown: `end` ≤ lastFrame + 1). `end` defaults to 30 s after `start`, cut at the replay's end.
 */
export function clipRange(start: number, end: number | undefined, lastFrame: number): ClipRange {
  const limit = lastFrame + 1;
  if (!Number.isInteger(start) || start < 0) throw new ClipError(`clip start must be a whole frame number ≥ 0, got ${start}`);
  if (limit <= 1) throw new ClipError('the replay has no frames to show');
  if (start >= limit) throw new ClipError(`clip start ${fmt(start)} is after the end of the replay (${fmt(lastFrame)})`);
  const e = end ?? Math.min(limit, start + DEFAULT_CLIP_SECONDS * CLIP_FPS);
  if (!Number.isInteger(e)) throw new ClipError(`clip end must be a whole frame number, got ${e}`);
  if (e <= start) throw new ClipError(`clip end ${fmt(e)} must be after its start ${fmt(start)}`);
  if (e > limit) throw new ClipError(`clip end ${fmt(e)} is after the end of the replay (${fmt(lastFrame)})`);
  if (e - start > MAX_CLIP_FRAMES)
    throw new ClipError(`a clip is at most ${MAX_CLIP_FRAMES / CLIP_FPS / 60} minutes; ${fmt(start)}–${fmt(e)} is longer`);
  return { start, end: e };
}

/** Seconds with two decimals and the frame: "12.50 s (frame 750)". */
function fmt(frame: number): string {
  return `${(frame / CLIP_FPS).toFixed(2)} s (frame ${frame})`;
}

/** Parses "12.5" (seconds) or "750f" (frames) from a text field; throws ClipError naming the field. */
export function parseTime(text: string, what: string): number {
  const s = text.trim();
  const frames = /^(\d+)\s*f$/i.exec(s);
  if (frames) return Number(frames[1]);
  const mmss = /^(\d+):(\d{1,2}(?:\.\d+)?)$/.exec(s);
  if (mmss) return Math.round((Number(mmss[1]) * 60 + Number(mmss[2])) * CLIP_FPS);
  if (/^\d+(\.\d+)?$/.test(s)) return Math.round(Number(s) * CLIP_FPS);
  throw new ClipError(t('playback.clip.notATime', { what, text }));
}

export interface CropRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * The part of the game canvas (GAME_W × GAME_H pixels) a clip of `field` shows. 'left'/'right'
 * are one field (the practice field for either); 'both' is the whole screen. Sizes are even, as
 * the encoders need.
 */
export function clipRect(field: ClipField, sides: number, scale = 1): CropRect {
  const rects = fieldRects(sides);
  const even = (n: number) => Math.floor(n / 2) * 2;
  if (field === 'both') return { x: 0, y: 0, w: even(GAME_W * scale), h: even(GAME_H * scale) };
  if (field === 'right' && sides < 2) throw new ClipError('a practice replay has one field: choose left or both');
  const r = rects[field === 'right' ? 1 : 0]!;
  return { x: Math.round(r.x * scale), y: Math.round(r.y * scale), w: even(r.w * scale), h: even(r.h * scale) };
}

export function clipFileName(stem: string, range: ClipRange, field: ClipField, format: ClipFormat): string {
  const s = (f: number) => (f / CLIP_FPS).toFixed(1).replace('.', '_');
  return `${stem}-clip-${s(range.start)}s-${s(range.end)}s-${field}.${format}`;
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function shortHash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * A survey clip's file name: `clip-<8 hex digits>.<format>`, a hash of the replay (`replayKey`,
 * e.g. its size and CRC), the range and the field. A survey is blind, so the name carries no
 * date, player, side or controller, yet different clips get different names.
 */
export function surveyClipFileName(replayKey: string, range: ClipRange, field: ClipField, format: ClipFormat): string {
  return `clip-${shortHash(`${replayKey}|${range.start}|${range.end}|${field}`)}.${format}`;
}

/** The file name of a clip: the neutral survey name, or one with the replay's date and players. */
export function clipName(
  o: { stem: string; replayKey: string },
  range: ClipRange,
  field: ClipField,
  format: ClipFormat,
  survey: boolean,
): string {
  return survey ? surveyClipFileName(o.replayKey, range, field, format) : clipFileName(o.stem, range, field, format);
}

/**
 * Which speed class an export is in: the whole screen or one field (a third of the pixels to
 * render, read and encode), at the canvas's render scale (2× draws four times the pixels).
 */
export type RateClass = 'both' | 'field' | 'both@2x' | 'field@2x';

export function rateClass(field: ClipField, scale = 1): RateClass {
  const c = field === 'both' ? 'both' : 'field';
  return scale > 1 ? `${c}@2x` : c;
}

/**
 * Export speed (frames/s) assumed before any export of a class has run in this browser: about
 * half the slowest export measured in headless Chromium with software WebGL under load
 * (docs/replays.md), so the first estimate errs long. After an export, the dialog remembers the
 * speed it measured.
 */
export const FIRST_GUESS_RATES: Readonly<Record<RateClass, number>> = { both: 5, field: 16, 'both@2x': 2.5, 'field@2x': 7 };

/** The time an export of `frames` should take at `rate` frames/s, as the dialog says it. */
export function estimateExport(frames: number, rate: number, measured: boolean): { seconds: number; text: string } {
  const r = Math.max(0.1, rate);
  const seconds = Math.ceil(frames / r);
  const how = t(measured ? 'playback.clip.measured' : 'playback.clip.firstGuess');
  const shown = r < 10 ? r.toFixed(1) : String(Math.round(r));
  return { seconds, text: t('playback.clip.estimate', { time: formatFrames(seconds * CLIP_FPS), frames, rate: shown, how }) };
}

/** What is left of an export running at `rate` frames/s, as its progress line says it. */
export function remainingText(done: number, total: number, rate: number): string {
  const left = Math.max(0, total - done);
  return t('playback.clip.left', { time: formatFrames(Math.ceil(left / Math.max(0.1, rate)) * CLIP_FPS) });
}

/** The remembered speed after an export: the new measurement weighted with the old one. */
export function nextRate(old: number | null, frames: number, seconds: number): number {
  const now = frames / Math.max(0.001, seconds);
  return old === null ? now : 0.5 * old + 0.5 * now;
}
