// What `replay info` shows of a replay: the lines and the JSON object, from a decoded replay or from
// the header of a replay of another sim version that this build does not decode (ForeignHeader).
// Every field is read as untrusted: a value of the wrong type or out of this build's range shows as
// '?' (with the value when it is short), and text from the file has its control characters escaped,
// so a name like "\e[2J" cannot clear the screen. Pure: the CLI adds the file name and size.
import { escapeControls } from '../json/utf8';
import { MAX_TIME_LIMIT, SIM_VERSION } from '../sim/config';
import { MAX_FRAMES, type ForeignHeader, type Replay } from './format';
import { isPlainObject, type JsonObject, type JsonValue } from './json';
import { readAdaptiveTag, strengthPercent, type AdaptiveTag } from './adaptive-tag';

/** The header fields this build knows, in file order. */
const KNOWN = ['sim', 'game', 'date', 'config', 'sides', 'frames', 'result', 'finalHash', 'extra'] as const;
/** Longest text shown for one value (names, presets); the JSON output keeps everything. */
const SHOWN_CHARS = 80;
const EXTRA_CHARS = 200;
/** A replay has one or two sides; a foreign header may list any number, shown only this far. */
const MAX_SIDES_SHOWN = 2;
/** Unknown field names listed, lines and JSON alike (a foreign header may have thousands). */
const MAX_UNKNOWN_SHOWN = 20;

export interface ReplayInfo {
  /** The lines after the title line (`FILE: Twinfield replay, N bytes (sim S, game G)`). */
  lines: string[];
  /** The sim and game version for the title line (game '?' when unreadable). */
  simVersion: number;
  gameVersion: string;
  /** The --json object (without the file name and size). */
  json: Record<string, unknown>;
}

/** Text from a file as it can be printed: control characters escaped, at most `max` characters. */
export function shown(s: string, max = SHOWN_CHARS): string {
  const t = escapeControls(s);
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A value of unknown type as short text: strings escaped, anything else as JSON. */
function raw(v: unknown): string {
  // Values come from parsed JSON or a decoded replay: JSON.stringify cannot throw on them.
  return shown(JSON.stringify(v) ?? String(v), 40);
}

const isInt = (v: unknown, lo: number, hi: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;

/** m:ss.ss of a frame count (in range: at most MAX_FRAMES). */
export function clock(frames: number): string {
  const s = frames / 60;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(2).padStart(5, '0')}`;
}

/** A config field as text, or '?' when it is missing or not a string, number or boolean. */
function field(v: unknown): string {
  if (typeof v === 'string') return shown(v, 40);
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : '?';
}

function livesText(c: Record<string, unknown>): string {
  const v = c.lives;
  const n = isInt(v, 1, 99) ? `${v} lives` : v === undefined ? '? lives' : `? lives (${raw(v)}, not 1..99)`;
  return `${n}${c.infiniteLives === true ? ' (infinite)' : ''}`;
}

function timeLimitText(v: unknown): string {
  if (v === 0) return 'none';
  if (isInt(v, 1, MAX_TIME_LIMIT)) return clock(v);
  return v === undefined ? '?' : `? (${raw(v)} frames, not 0..${MAX_TIME_LIMIT})`;
}

interface SideView {
  name: string | null;
  human: boolean | null;
  controller: string | null;
  preset: JsonValue | null;
}

function sideOf(v: unknown): SideView {
  const o = isPlainObject(v) ? v : {};
  return {
    name: typeof o.name === 'string' ? o.name : null,
    human: typeof o.human === 'boolean' ? o.human : null,
    controller: typeof o.controller === 'string' ? o.controller : null,
    preset: o.preset === undefined ? null : (o.preset as JsonValue),
  };
}

/** "Adaptive 42 → 47 (won), aim win 50 %, match 4" (a left match: "did not count"). */
function adaptiveText(t: AdaptiveTag): string {
  const head = `Adaptive ${strengthPercent(t.strength)}`;
  const aim = `aim win ${strengthPercent(t.target)} %, match ${t.matches + 1}`;
  if (t.result === null || !t.next) return `${head}, ${aim} (left before the end: did not count)`;
  const how = t.result === 1 ? 'won' : t.result === 0 ? 'lost' : 'draw';
  return `${head} → ${strengthPercent(t.next.strength)} (${how}), ${aim}`;
}

function resultText(v: unknown, sides: SideView[] | null): string {
  if (v === null) return 'not finished';
  if (!isPlainObject(v)) return '?';
  const reason = typeof v.reason === 'string' ? shown(v.reason, 20) : '?';
  if (v.winner === null) return `draw (${reason})`;
  if (!isInt(v.winner, 0, 1)) return `? (${raw(v.winner)})`;
  const name = sides?.[v.winner]?.name;
  return `${name != null ? shown(name) : '?'} (side ${v.winner + 1}) wins (${reason})`;
}

/** The lines and JSON of `replay info` for a decoded replay or a foreign header. */
export function replayInfo(source: Replay | ForeignHeader): ReplayInfo {
  const decoded = 'inputs' in source;
  const f: Record<string, unknown> = decoded
    ? {
        sim: source.simVersion,
        game: source.gameVersion,
        date: source.date,
        config: source.config,
        sides: source.sides,
        frames: source.frames,
        result: source.result,
        finalHash: source.finalHash,
        extra: source.extra,
      }
    : source.fields;
  const simVersion = source.simVersion;
  const foreign = simVersion !== SIM_VERSION;
  const unknown = Object.keys(f).filter((k) => !(KNOWN as readonly string[]).includes(k));
  const missing = KNOWN.filter((k) => !(k in f));
  const game = typeof f.game === 'string' ? f.game : null;
  const date = typeof f.date === 'string' ? f.date : null;
  const config = isPlainObject(f.config) ? f.config : null;
  const c = config ?? {};
  const sideCount = Array.isArray(f.sides) ? f.sides.length : null;
  const sides = Array.isArray(f.sides) ? f.sides.slice(0, MAX_SIDES_SHOWN).map(sideOf) : null;
  const frames = isInt(f.frames, 0, MAX_FRAMES) ? f.frames : null;
  const finalHash = typeof f.finalHash === 'string' && /^[0-9a-f]{16}$/.test(f.finalHash) ? f.finalHash : null;
  const extra = isPlainObject(f.extra) ? (f.extra as JsonObject) : null;
  const checksums = decoded ? source.checksums.length : null;

  const lines: string[] = [];
  if (foreign)
    lines.push(
      `note      made by sim version ${simVersion}; this build is sim version ${SIM_VERSION}, so it cannot re-simulate or ` +
        `play it (fields it does not know show '?')`,
    );
  lines.push(`date      ${date !== null ? shown(date, 40) : '?'}`);
  lines.push(
    `match     ${field(c.mode)}, ${field(c.stages)} stages, ${field(c.difficulty)}, seed ${field(c.seed)}, ` +
      `${livesText(c)}, time limit ${timeLimitText(c.timeLimit)}`,
  );
  if (sides === null) lines.push('sides     ?');
  sides?.forEach((s, i) => {
    const who = s.human === null ? '?' : s.human ? 'human' : 'CPU';
    const preset = s.preset !== null ? `, preset ${shown(JSON.stringify(s.preset))}` : '';
    const name = s.name !== null ? shown(s.name) : '?';
    const controller = s.controller !== null ? shown(s.controller) : '?';
    lines.push(`side ${i + 1}    ${name} — ${who}, controller ${controller}${preset}`);
  });
  if (sideCount !== null && sideCount > MAX_SIDES_SHOWN)
    lines.push(`sides     ? (${sideCount} listed, a replay has 1 or 2; the first ${MAX_SIDES_SHOWN} shown)`);
  lines.push(
    `duration  ${frames !== null ? `${frames} frames (${clock(frames)})` : f.frames === undefined ? '?' : `? (${raw(f.frames)})`}`,
  );
  lines.push(`result    ${'result' in f ? resultText(f.result, sides) : '?'}`);
  const adaptive = readAdaptiveTag(extra);
  if (adaptive) lines.push(`adaptive  ${adaptiveText(adaptive)}`);
  lines.push(`hash      ${finalHash ?? '?'} (final), ${checksums ?? '?'} checksums`);
  if (extra && Object.keys(extra).length) lines.push(`extra     ${shown(JSON.stringify(extra), EXTRA_CHARS)}`);
  const unknownShown = unknown.slice(0, MAX_UNKNOWN_SHOWN);
  const more = unknown.length - unknownShown.length;
  if (unknown.length)
    lines.push(
      `unknown   ${unknownShown.map((k) => shown(k, 40)).join(', ')}${more ? ` and ${more} more` : ''} (fields this build does not know)`,
    );
  if (foreign && missing.length) lines.push(`missing   ${missing.join(', ')}`);

  const json: Record<string, unknown> = {
    sim_version: simVersion,
    playable: !foreign,
    game_version: game,
    date,
    seed: isInt(c.seed, 0, 0xffffffff) ? c.seed : null,
    config,
    frames,
    seconds: frames !== null ? frames / 60 : null,
    result: 'result' in f && (f.result === null || isPlainObject(f.result)) ? f.result : null,
    final_hash: finalHash,
    checksums,
    sides: sides?.map((s) => ({ name: s.name, human: s.human, controller: s.controller, preset: s.preset })) ?? null,
    side_count: sideCount,
    extra,
    unknown_fields: unknownShown,
    unknown_field_count: unknown.length,
  };
  return { lines, simVersion, gameVersion: game !== null ? shown(game, 32) : '?', json };
}
