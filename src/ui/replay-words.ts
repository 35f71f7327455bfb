// The replay library's words in the player's language, for the Replays and Playback screens: results,
// imports, progress and replays of other sim versions are said here only. Names, errors and tag
// refusals are also said by the storage modules (src/storage/replay-meta.ts, replay-library.ts,
// bundle.ts), which need them in English for file names, search and the Node tools; these say the same
// through the catalogue (tests/ui/replay-words.test.ts holds the English equal).
import { CHARACTERS } from '../sim/characters';
import { ReplayError } from '../replay/errors';
import { ImportError } from '../storage/bundle';
import { BLOCKED_MESSAGE, describeError, LibraryError, type LibraryProgress, VERSION_CHANGE_MESSAGE } from '../storage/replay-library';
import { MAX_NAME_LENGTH, MAX_TAG_LENGTH, type LibraryEntry, type ReplayMeta } from '../storage/replay-meta';
import { characterName } from '../i18n/character-words';
import { EN } from '../i18n/en';
import { language, t, tn, type Key } from '../i18n/i18n';
import { cpuPresetLabel } from '../i18n/preset-words';

/** Width of a string as a list column counts it: CJK and full-width characters take two. */
export function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += wide(ch) ? 2 : 1;
  return w;
}

function wide(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  return (
    (c >= 0x1100 && c <= 0x115f) ||
    (c >= 0x2e80 && c <= 0xa4cf) ||
    (c >= 0xac00 && c <= 0xd7a3) ||
    (c >= 0xf900 && c <= 0xfaff) ||
    (c >= 0xfe30 && c <= 0xfe4f) ||
    (c >= 0xff00 && c <= 0xff60) ||
    (c >= 0xffe0 && c <= 0xffe6)
  );
}

/** Cuts `s` to `n` columns with an ellipsis (CJK counted double, so Japanese fits the same space). */
export function fitColumns(s: string, n: number): string {
  if (textWidth(s) <= n) return s;
  let out = '';
  let w = 0;
  for (const ch of s) {
    const cw = wide(ch) ? 2 : 1;
    if (w + cw > n - 1) break;
    out += ch;
    w += cw;
  }
  return `${out}…`;
}

function has(table: object, k: string): boolean {
  return Object.hasOwn(table, k);
}

/** 'versus' / 'practice' in words (a filter, a row). */
export function modeWord(mode: string): string {
  return has(EN.replays.modes, mode) ? t(`replays.modes.${mode}` as Key) : mode;
}

/** The stage set ('open', 'maze', 'drill') in words. */
export function stagesWord(stages: string): string {
  return has(EN.replays.stages, stages) ? t(`replays.stages.${stages}` as Key) : stages;
}

/** "P1 wins (K.O.)", "draw (time)", "unfinished", … */
export function resultWords(m: ReplayMeta): string {
  if (!m.finished) return t('replays.result.unfinished');
  const how = m.reason === 'time' ? t('replays.result.time') : t('replays.result.ko');
  if (m.mode === 'practice') return m.reason === 'time' ? t('replays.result.survived') : t('replays.result.gameOver');
  return m.winner === null ? t('replays.result.draw', { how }) : t('replays.result.wins', { n: m.winner + 1, how });
}

/** "human vs CPU" */
export function whoWords(m: ReplayMeta): string {
  return m.human.map((h) => (h ? t('replays.who.human') : t('replays.who.cpu'))).join(t('replays.who.vs'));
}

/** "Kurenai/Ruri" in the player's language (replay-meta formatCharacters). */
export function charactersWords(m: Pick<ReplayMeta, 'characters'>): string {
  if (!m.characters) return '';
  return m.characters
    .map((id) => {
      const c = CHARACTERS.find((x) => x.id === id);
      return c ? characterName(c) : id;
    })
    .join('/');
}

/** A side's name (replay-meta playerLabel): "CPU Normal", "CPU Adaptive 42", "You", or as recorded. */
export function playerWords(m: Pick<ReplayMeta, 'players' | 'controllers' | 'human' | 'adaptive'>, side: number): string {
  const name = m.players?.[side] ?? '';
  const spec = m.controllers?.[side] ?? '';
  const human = m.human ?? [];
  if (typeof m.adaptive === 'number' && !human[side] && /^cpu:/.test(spec)) return t('replays.player.adaptive', { strength: m.adaptive });
  const cpu = /^cpu:([a-z0-9-]+)$/i.exec(name === spec || name === '' ? spec : name);
  if (!human[side] && cpu) {
    const id = cpu[1]!;
    const label = id
      .split('-')
      .map((w) => (w === 'imap' ? 'I-Map' : w.charAt(0).toUpperCase() + w.slice(1)))
      .join(' ');
    // English keeps the spec's own words ("CPU Imap Multi"); Japanese names a built-in as the menus do.
    const named = language() !== 'en' && has(EN.common.cpuPresets, id) ? cpuPresetLabel({ name: id, label }) : label;
    return t('replays.player.cpu', { name: named });
  }
  const people = human.filter(Boolean).length;
  if (human[side] && people === 1 && /^Player \d$/.test(name)) return t('replays.player.you');
  if (name) return /^Player \d$/.test(name) ? t('replays.player.numbered', { n: name.slice(7) }) : name;
  return human[side] ? t('replays.player.numbered', { n: side + 1 }) : spec;
}

/** The name a list shows (replay-meta displayName): the user's name, else "You vs CPU Normal". */
export function displayWords(e: Pick<LibraryEntry, 'name' | 'meta'>): string {
  return e.name || e.meta.players.map((_, i) => playerWords(e.meta, i)).join(t('replays.who.vs'));
}

const REASON_KEYS = Object.entries(EN.replays.reasons) as [keyof typeof EN.replays.reasons, string][];

/** A refused file's plain reason (bundle.ts plainReason, English) in the player's language. */
export function reasonWords(reason: string): string {
  const k = REASON_KEYS.find(([, en]) => en === reason)?.[0];
  return k ? t(`replays.reasons.${k}`) : reason;
}

/**
 * What the Replays screen says after an import: how many were added, already there, and each refused
 * file with its plain reason. `kind` is 'ok' when everything went in, 'warn' when some files were
 * refused or the import stopped, 'error' when nothing was added.
 */
export function importWords(
  added: number,
  duplicates: number,
  rejected: readonly { file: string; reason: string }[],
  stop: { cancelled?: boolean; failed?: { message: string; quota: boolean }; notWritten?: number } = {},
): { text: string; kind: 'ok' | 'warn' | 'error' } {
  const parts: string[] = [];
  const dup = duplicates ? t('replays.import.dup', { n: duplicates }) : '';
  parts.push(tn(stop.cancelled ? 'replays.import.cancelled' : 'replays.import.done', added, { dup }));
  if (stop.failed?.quota)
    parts.push(stop.notWritten === undefined ? t('replays.import.quotaAll') : t('replays.import.quota', { n: stop.notWritten }));
  else if (stop.failed) parts.push(t('replays.import.stopped', { why: libraryMessage(stop.failed.message) }));
  if (rejected.length) {
    const shown = rejected.slice(0, 3);
    parts.push(tn('replays.import.rejected', rejected.length));
    for (const r of shown) parts.push(t('replays.import.file', { file: r.file, reason: reasonWords(r.reason) }));
    if (rejected.length > shown.length) parts.push(t('replays.import.more', { n: rejected.length - shown.length }));
  }
  const kind = stop.failed || rejected.length > 0 ? (added + duplicates > 0 ? 'warn' : 'error') : 'ok';
  return { text: parts.join('\n'), kind };
}

/** The progress panel's line: "300 / 1000 replays saved · 280 added · 12 already in the library · 8 refused". */
export function progressWords(p: LibraryProgress): string {
  const what = p.phase === 'checking' ? 'checked' : p.phase === 'saving' ? 'saved' : 'written';
  const parts = [t(`replays.progress.${what}`, { done: p.done, total: p.total })];
  if (p.phase !== 'exporting') {
    if (p.added) parts.push(t('replays.progress.added', { n: p.added }));
    if (p.duplicates) parts.push(t('replays.progress.duplicates', { n: p.duplicates }));
    if (p.rejected) parts.push(t('replays.progress.refused', { n: p.rejected }));
  }
  return parts.join(' · ');
}

/** For a replay of another sim version: why it cannot play and what its trace still gives. */
export function versionWords(e: Pick<LibraryEntry, 'meta' | 'summary' | 'trace'>, simVersion: number): string | null {
  if (e.meta.simVersion === simVersion) return null;
  const head = t('replays.version.head', { made: e.meta.simVersion, now: simVersion });
  if (!e.summary) return t('replays.version.noTrace', { head });
  const sides = e.summary.map((s, i) => {
    const m = s.metrics;
    return tn('replays.version.side', s.hits, {
      who: playerWords(e.meta, i),
      moving: m.moving_fraction === null ? '—' : `${Math.round(m.moving_fraction * 100)}%`,
      turns: m.dir_changes_per_s?.toFixed(2) ?? '—',
      clearance: m.mean_clearance === null ? '—' : m.mean_clearance.toFixed(1),
    });
  });
  return t('replays.version.trace', { head, sides: sides.join('; ') });
}

/** A library message (LibraryError, storage-error.ts) in the player's language; unknown ones keep their words. */
function libraryMessage(msg: string): string {
  if (language() === 'en') return msg;
  if (msg === VERSION_CHANGE_MESSAGE) return t('replays.errors.versionChange');
  if (msg === BLOCKED_MESSAGE) return t('replays.errors.blocked');
  if (/quota exceeded/.test(msg)) return t('replays.errors.quota');
  if (/upgraded by a newer version/.test(msg)) return t('replays.errors.newerLibrary');
  const na = /storage is not available \((.*)\)\. Private/.exec(msg);
  if (na) return t('replays.errors.unavailable', { detail: na[1]! });
  if (msg === 'Nothing to export: the library is empty.') return t('replays.errors.libraryEmpty');
  if (/^The clip is no longer in the library/.test(msg)) return t('replays.errors.clipGone');
  if (/^The replay .* is no longer in the library/.test(msg)) return t('replays.errors.gone');
  if (/^Could not .*: (the|its) replay is no longer in the library/.test(msg)) return t('replays.errors.goneAction');
  return t('replays.errors.other', { detail: msg });
}

/**
 * An error as the player reads it (replay-library describeError): in English exactly that; in
 * another language the framing sentence translated, a decoder's technical detail kept inside it.
 */
export function errorWords(e: unknown): string {
  if (language() === 'en') return describeError(e);
  if (e instanceof ImportError) return t('replays.errors.nothingImported', { detail: e.problems.join(' · ') });
  if (e instanceof ReplayError) return t('replays.errors.notValid', { detail: e.message });
  if (e instanceof LibraryError) return libraryMessage(e.message);
  return describeError(e);
}

/** Why a typed tag is refused (replay-meta normalizeTag), or null when it is fine. */
export function tagProblem(raw: string): string | null {
  const tag = raw.trim().toLowerCase().replace(/\s+/g, '-');
  if (!tag) return t('replays.prompt.tagEmpty');
  if (tag.length > MAX_TAG_LENGTH) return t('replays.prompt.tagLong', { max: MAX_TAG_LENGTH, tag: tag.slice(0, 40), n: tag.length });
  if (/[,\u0000-\u001f]/.test(tag)) return t('replays.prompt.tagChars', { tag });
  return null;
}

/** Why a typed name is refused (replay-meta normalizeName), or null. */
export function nameProblem(raw: string): string | null {
  const n = raw.replace(/[\u0000-\u001f]/g, ' ').trim();
  return n.length > MAX_NAME_LENGTH ? t('replays.prompt.nameLong', { max: MAX_NAME_LENGTH, n: n.length }) : null;
}
