// What the replay library keeps per replay for its lists (pure: no DOM, no IndexedDB), and the
// sorting, filtering and formatting of those lists. Runs in Node for the unit tests.
import type { ReplayHeader } from '../replay';
import { readAdaptiveTag, strengthPercent } from '../replay/adaptive-tag';
import type { SideSummary } from './trace';
import { CHARACTERS, NEUTRAL } from '../sim/characters';

/**
 * Whether the library holds the replay's per-frame trace: `stored`; `pending` (kept from an older
 * library, built when this build can re-simulate it); `unavailable` (made by another sim version
 * before traces were kept, or it does not re-simulate).
 */
export type TraceState = 'stored' | 'pending' | 'unavailable';

export type ClipField = 'left' | 'right' | 'both';
export type ClipFormat = 'webm' | 'mp4';

/** List metadata of one stored replay, taken from its header when it is saved or imported. */
export interface ReplayMeta {
  /** ISO 8601 date of the recording. */
  date: string;
  mode: 'versus' | 'practice';
  stages: string;
  difficulty: string;
  seed: number;
  simVersion: number;
  gameVersion: string;
  /** Display names per side, as recorded. */
  players: string[];
  /** Controller specs per side ('human', 'cpu:normal', …). */
  controllers: string[];
  /** Human (true) or CPU (false) per side. */
  human: boolean[];
  /** Winner side, null for a draw or practice; undefined-free: `finished` says whether the match ended. */
  winner: number | null;
  reason: 'lives' | 'time' | null;
  /** False for a partial replay (the match was left before its end). */
  finished: boolean;
  frames: number;
  /** An Adaptive match: the CPU's strength it was played at, 0..100 (header extra.adaptive); absent otherwise. */
  adaptive?: number;
  /** Each side's character id (config p1Character, p2Character); absent when every side flew the neutral ship. */
  characters?: string[];
}

/** One replay in the library (without its bytes). */
export interface LibraryEntry {
  id: string;
  /** The user's name for it ('' = none; lists then show the players). */
  name: string;
  tags: string[];
  /** When it was stored (ISO). */
  savedAt: string;
  /** Size of the replay file in bytes. */
  size: number;
  meta: ReplayMeta;
  /** Clips stored next to it. */
  clipCount: number;
  trace: TraceState;
  /**
   * Hits and metrics per side from the stored trace (null without one). Absent in list rows
   * (`ReplayLibrary.list`): it is read per replay (`get`), since only a replay of another sim version needs it.
   */
  summary?: SideSummary[] | null;
}

/** A video clip cut from a replay (without its blob). */
export interface ClipInfo {
  id: string;
  replayId: string;
  format: ClipFormat;
  /** Codec inside the container ('vp9', 'avc', 'av1'). */
  codec: string;
  mimeType: string;
  startFrame: number;
  endFrame: number;
  field: ClipField;
  width: number;
  height: number;
  fps: number;
  size: number;
  createdAt: string;
  /** Rendered with names and human/CPU hidden. */
  survey: boolean;
}

export function metaFromHeader(h: ReplayHeader): ReplayMeta {
  const cfg = h.config as unknown as Record<string, unknown>;
  return {
    date: h.date,
    mode: h.config.mode,
    stages: typeof cfg.stages === 'string' ? cfg.stages : '?',
    difficulty: typeof cfg.difficulty === 'string' ? cfg.difficulty : '?',
    seed: h.config.seed,
    simVersion: h.simVersion,
    gameVersion: h.gameVersion,
    players: h.sides.map((s) => s.name),
    controllers: h.sides.map((s) => s.controller),
    human: h.sides.map((s) => s.human),
    winner: h.result ? h.result.winner : null,
    reason: h.result ? h.result.reason : null,
    finished: h.result !== null,
    frames: h.frames,
    ...adaptiveOf(h.extra),
    ...charactersOf(cfg, h.sides.length),
  };
}

function charactersOf(cfg: Record<string, unknown>, sides: number): Pick<ReplayMeta, 'characters'> {
  const ids = [cfg.p1Character, cfg.p2Character].slice(0, sides).map((c) => (typeof c === 'string' ? c : NEUTRAL));
  return ids.some((c) => c !== NEUTRAL) ? { characters: ids } : {};
}

/** The characters of a replay for a list, "Kurenai/Ruri" ('' when all flew the neutral ship). */
export function formatCharacters(m: Pick<ReplayMeta, 'characters'>): string {
  if (!m.characters) return '';
  return m.characters.map((id) => CHARACTERS.find((c) => c.id === id)?.name ?? id).join('/');
}

function adaptiveOf(extra: unknown): Pick<ReplayMeta, 'adaptive'> {
  const t = readAdaptiveTag(extra);
  return t ? { adaptive: strengthPercent(t.strength) } : {};
}

export type SortKey = 'date' | 'duration' | 'name';
export const SORT_KEYS: readonly SortKey[] = ['date', 'duration', 'name'];

export interface ListQuery {
  sort?: SortKey;
  /** Default: newest / longest first for date and duration, A→Z for name. */
  descending?: boolean;
  mode?: 'versus' | 'practice' | null;
  tag?: string | null;
  /** Case-insensitive substring of the name, players, controllers, tags, stages or date. */
  text?: string;
}

/**
 * A side's name as people would write it: a CPU recorded under its spec ('cpu:normal') is
 * "CPU Normal" (an Adaptive match's "CPU Adaptive 42"); the one person of a match against CPUs,
 * recorded as "Player N", is "You"; other names stay as recorded.
 */
export function playerLabel(m: Pick<ReplayMeta, 'players' | 'controllers' | 'human' | 'adaptive'>, side: number): string {
  const name = m.players?.[side] ?? '';
  const spec = m.controllers?.[side] ?? '';
  const human = m.human ?? [];
  // An Adaptive match's CPU: "CPU Adaptive 42" (its preset's name, strength-42, says less).
  if (typeof m.adaptive === 'number' && !human[side] && /^cpu:/.test(spec)) return `CPU Adaptive ${m.adaptive}`;
  const cpu = /^cpu:([a-z0-9-]+)$/i.exec(name === spec || name === '' ? spec : name);
  if (!human[side] && cpu)
    return `CPU ${cpu[1]!
      .split('-')
      .map((w) => (w === 'imap' ? 'I-Map' : w.charAt(0).toUpperCase() + w.slice(1)))
      .join(' ')}`;
  const people = human.filter(Boolean).length;
  if (human[side] && people === 1 && /^Player \d$/.test(name)) return 'You';
  return name || (human[side] ? `Player ${side + 1}` : spec);
}

/** The name a list shows: the user's name, else the sides, "You vs CPU Normal". */
export function displayName(e: Pick<LibraryEntry, 'name' | 'meta'>): string {
  return e.name || e.meta.players.map((_, i) => playerLabel(e.meta, i)).join(' vs ');
}

/** What sorting and searching need of an entry, computed once per entry object (lists of thousands re-sort often). */
interface EntryKeys {
  time: number;
  name: string;
  hay: string;
}
const keyCache = new WeakMap<LibraryEntry, EntryKeys>();
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function keysOf(e: LibraryEntry): EntryKeys {
  let k = keyCache.get(e);
  if (!k) {
    const adaptive = e.meta.adaptive !== undefined ? `adaptive ${e.meta.adaptive}` : '';
    const hay = [
      e.name,
      ...e.meta.players,
      ...e.meta.controllers,
      ...e.tags,
      e.meta.stages,
      e.meta.difficulty,
      e.meta.mode,
      e.meta.date,
      adaptive,
      formatCharacters(e.meta),
    ]
      .join('\n')
      .toLowerCase();
    k = { time: Date.parse(e.meta.date), name: displayName(e), hay };
    keyCache.set(e, k);
  }
  return k;
}

/**
 * Filters and sorts entries (a new array; the input is not changed). Ties fall back to date, then
 * id. Entries are treated as unchanging: a changed entry must be a new object (the keys are cached).
 */
export function queryEntries(entries: readonly LibraryEntry[], q: ListQuery = {}): LibraryEntry[] {
  const sort = q.sort ?? 'date';
  const desc = q.descending ?? sort !== 'name';
  const words = (q.text ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  const rows = entries
    .filter((e) => (!q.mode || e.meta.mode === q.mode) && (!q.tag || e.tags.includes(q.tag)))
    .map((e) => ({ e, k: keysOf(e) }))
    .filter(({ k }) => words.every((w) => k.hay.includes(w)));
  const key = (a: EntryKeys, b: EntryKeys): number => {
    if (sort === 'name') return collator.compare(a.name, b.name);
    return sort === 'duration' ? 0 : a.time - b.time;
  };
  rows.sort((a, b) => {
    const k = sort === 'duration' ? a.e.meta.frames - b.e.meta.frames : key(a.k, b.k);
    if (k !== 0) return desc ? -k : k;
    const d = b.k.time - a.k.time;
    return d !== 0 ? d : a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0;
  });
  return rows.map((r) => r.e);
}

/** Every tag used in the library, sorted. */
export function allTags(entries: readonly LibraryEntry[]): string[] {
  return [...new Set(entries.flatMap((e) => e.tags))].sort();
}

export const MAX_TAG_LENGTH = 32;
export const MAX_NAME_LENGTH = 80;

/** A tag as stored: trimmed, lower case, inner spaces as '-'. Throws a plain Error for an empty or long tag. */
export function normalizeTag(raw: string): string {
  const t = raw.trim().toLowerCase().replace(/\s+/g, '-');
  if (!t) throw new Error('a tag cannot be empty');
  if (t.length > MAX_TAG_LENGTH) throw new Error(`a tag is at most ${MAX_TAG_LENGTH} characters, '${t.slice(0, 40)}…' has ${t.length}`);
  if (/[,\u0000-\u001f]/.test(t)) throw new Error(`a tag cannot contain commas or control characters: '${t}'`);
  return t;
}

/** A user name as stored: trimmed, at most MAX_NAME_LENGTH characters ('' clears it). */
export function normalizeName(raw: string): string {
  const t = raw.replace(/[\u0000-\u001f]/g, ' ').trim();
  if (t.length > MAX_NAME_LENGTH) throw new Error(`a name is at most ${MAX_NAME_LENGTH} characters, this one has ${t.length}`);
  return t;
}

/** m:ss for a frame count: the one rounding rule of the replay screens (src/playback/format-time.ts). */
export { formatFrames } from '../playback/format-time';

/** "2025-06-01 12:34" in the viewer's local time (or the raw string when it does not parse). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/** A file-name-safe stem for downloads: "twinfield-2025-06-01-1234-alice-vs-cpu-normal". */
export function fileStem(e: Pick<LibraryEntry, 'name' | 'meta'>): string {
  const d = formatDate(e.meta.date)
    .replace(/[: ]/g, '-')
    .replace(/-(\d\d)-(\d\d)$/, '-$1$2');
  const slug = displayName(e)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return `twinfield-${d}${slug ? `-${slug}` : ''}`;
}
