// Rater answers: the contract between the rater page (writes them) and `study analyze` (reads them).
// JSON: an array of participants, each with its trials. CSV: one row per trial with the participant's
// fields repeated and nested names flattened with '_' (demographics_experience, ...). A CSV cell the
// page escaped against formula injection (a leading ' before = + - @, tab or CR) is unescaped here.
// Since manifest v2 a participant also carries the package fingerprint, the Latin square row, the
// attention checks' answers, how every clip and the practice actually played (frames, wall time, fps,
// rate, window size) and Prolific's ids; answers from an older page have none of these and still
// parse (fingerprint null, the lists empty). The CSV carries the practice's playback and each
// answered set's two clips' playback on the set's row; the JSON carries every entry.
// Pure; every error names the file and the field (or CSV line and column).
import { z } from 'zod';
import { fieldPath, jsonErrorWhere } from './schema';

export const EXPERIENCE = ['none', '1-5', '6+'] as const;
export type Experience = (typeof EXPERIENCE)[number];

const score = z.number().int().min(1).max(5);

export const TrialSchema = z.object({
  /** 1-based set number, as in the manifest. */
  set: z.number().int().positive(),
  order: z.enum(['AB', 'BA']),
  first: z.string().min(1),
  second: z.string().min(1),
  absFirst: score,
  absSecond: score,
  /** The second clip against the first (1: much less human-like … 5: much more). */
  relative: score,
  reasonFirst: z.string(),
  reasonSecond: z.string(),
  reasonRelative: z.string(),
  rtMs: z.number().min(0),
});
export type Trial = z.infer<typeof TrialSchema>;

/** How one clip (or the practice) played on the rater's screen (src/study/page/flow.ts, Playback). */
export const PlaybackSchema = z.object({
  kind: z.enum(['practice', 'clip']),
  set: z.number().int().positive().nullable(),
  which: z.enum(['first', 'second']).nullable(),
  clip: z.string().nullable(),
  frames: z.number().int().min(0),
  wallMs: z.number().min(0),
  fps: z.number().min(0),
  rate: z.number().positive(),
  width: z.number().min(0),
  height: z.number().min(0),
  dpr: z.number().min(0),
});
export type PlaybackEntry = z.infer<typeof PlaybackSchema>;

export const AttentionSchema = z.object({
  check: z.number().int().min(0),
  afterSet: z.number().int().min(1),
  answer: z.number().int().min(0),
  correct: z.boolean(),
});
export type AttentionResult = z.infer<typeof AttentionSchema>;

export const ProlificIdsSchema = z.object({ pid: z.string(), studyId: z.string(), sessionId: z.string() });

export const ParticipantSchema = z.object({
  studyId: z.string().min(1),
  /** The package's fingerprint; null in answers from a page older than fingerprints. */
  fingerprint: z
    .string()
    .regex(/^[0-9a-f]{16}$/, 'must be 16 hex digits')
    .nullable()
    .default(null),
  pid: z.string().min(1),
  group: z.string().min(1),
  orderRow: z.number().int().min(0).default(0),
  lang: z.string().min(1),
  startedAt: z.string().min(1),
  finishedAt: z.string().min(1).nullable(),
  demographics: z.object({ experience: z.enum(EXPERIENCE), playsGames: z.boolean(), ageBand: z.string() }),
  trials: z.array(TrialSchema),
  attention: z.array(AttentionSchema).default([]),
  playback: z.array(PlaybackSchema).default([]),
  prolific: ProlificIdsSchema.nullable().default(null),
});
export type Participant = z.infer<typeof ParticipantSchema>;
/** A participant as written (the fields added with manifest v2 may be missing in older data). */
export type ParticipantInput = z.input<typeof ParticipantSchema>;

export const AnswersSchema = z.array(ParticipantSchema);

/** The columns an answers CSV must have (the page's first format); the others are read when present. */
export const REQUIRED_CSV_COLUMNS = [
  'studyId',
  'pid',
  'group',
  'lang',
  'startedAt',
  'finishedAt',
  'demographics_experience',
  'demographics_playsGames',
  'demographics_ageBand',
  'set',
  'order',
  'first',
  'second',
  'absFirst',
  'absSecond',
  'relative',
  'reasonFirst',
  'reasonSecond',
  'reasonRelative',
  'rtMs',
] as const;

const PLAYBACK_FIELDS = ['frames', 'wallMs', 'fps', 'rate', 'width', 'height', 'dpr'] as const;
const playbackColumns = <P extends string>(prefix: P) => PLAYBACK_FIELDS.map((f) => `${prefix}_${f}` as const);

/** The CSV's columns: the first format's, then (since manifest v2) the package, order, playback, attention and Prolific ones. */
export const ANSWER_CSV_COLUMNS = [
  ...REQUIRED_CSV_COLUMNS,
  'fingerprint',
  'orderRow',
  ...playbackColumns('playFirst'),
  ...playbackColumns('playSecond'),
  ...playbackColumns('practice'),
  'attention',
  'prolific_pid',
  'prolific_studyId',
  'prolific_sessionId',
] as const;
type CsvColumn = (typeof ANSWER_CSV_COLUMNS)[number];

/** The attention cell: `check@afterSet:answer=ok|fail` per check, ';'-separated (e.g. `0@4:2=ok;1@8:0=fail`). */
export function attentionCell(a: readonly AttentionResult[]): string {
  return a.map((x) => `${x.check}@${x.afterSet}:${x.answer}=${x.correct ? 'ok' : 'fail'}`).join(';');
}

export class AnswersError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'AnswersError';
  }
}

/** Checks parsed JSON answers; throws AnswersError `PATH: [3].trials[2].absFirst: reason`. */
export function checkAnswers(v: unknown, path: string): Participant[] {
  const r = AnswersSchema.safeParse(v);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new AnswersError(`${path}: ${fieldPath(i.path)}: ${i.message}`);
  }
  return r.data;
}

export function parseAnswersJson(text: string, path: string): Participant[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw new AnswersError(`${path}${jsonErrorWhere(text, e)}: not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  // One participant object is accepted as a one-element file (a single download).
  return checkAnswers(Array.isArray(v) ? v : [v], path);
}

/** RFC 4180 rows: quoted cells may hold commas, quotes ("") and line breaks; CRLF or LF. */
export function parseCsvRows(text: string, path: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let i = 0;
  if (text.charCodeAt(0) === 0xfeff) i = 1; // BOM
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"') {
      if (cell !== '') throw new AnswersError(`${path}:${line}: a quote inside an unquoted cell`);
      quoted = true;
    } else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      line++;
    } else cell += ch;
  }
  if (quoted) throw new AnswersError(`${path}:${line}: a quoted cell is not closed`);
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => !(r.length === 1 && r[0] === ''));
}

/** Undoes the page's formula-injection escape: a leading ' before = + - @, tab or CR. */
export function unescapeCell(s: string): string {
  return /^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s;
}

/** Parses an answers CSV (one row per trial) back into participants, in order of first appearance. */
export function parseAnswersCsv(text: string, path: string): Participant[] {
  const rows = parseCsvRows(text, path);
  if (rows.length === 0) throw new AnswersError(`${path}: empty CSV (no header)`);
  const header = rows[0]!.map((h) => h.trim());
  const col = new Map(header.map((h, i) => [h, i]));
  for (const c of REQUIRED_CSV_COLUMNS) if (!col.has(c)) throw new AnswersError(`${path}:1: missing column '${c}'`);
  const byKey = new Map<string, Record<string, unknown>>();
  const out: Record<string, unknown>[] = [];
  for (let r = 1; r < rows.length; r++) {
    const cells = rows[r]!;
    const lineNo = r + 1;
    const get = (c: CsvColumn) => (col.has(c) ? unescapeCell(cells[col.get(c)!] ?? '') : '');
    const num = (c: CsvColumn): number => {
      const s = get(c).trim();
      const n = s === '' ? NaN : Number(s);
      if (!Number.isFinite(n)) throw new AnswersError(`${path}:${lineNo}: column ${c}: must be a number, got '${s}'`);
      return n;
    };
    const bool = (c: CsvColumn): boolean => {
      const s = get(c).trim().toLowerCase();
      if (s === 'true') return true;
      if (s === 'false') return false;
      throw new AnswersError(`${path}:${lineNo}: column ${c}: must be true or false, got '${s}'`);
    };
    /** One playback entry from its 7 columns (all empty: none). */
    const playbackOf = (
      prefix: 'playFirst' | 'playSecond' | 'practice',
      set: number | null,
      which: 'first' | 'second' | null,
      clip: string | null,
    ): PlaybackEntry | null => {
      const cols = PLAYBACK_FIELDS.map((f) => `${prefix}_${f}` as CsvColumn);
      if (cols.every((c) => get(c).trim() === '')) return null;
      const v = Object.fromEntries(PLAYBACK_FIELDS.map((f, i) => [f, num(cols[i]!)]));
      const r = PlaybackSchema.safeParse({ kind: prefix === 'practice' ? 'practice' : 'clip', set, which, clip, ...v });
      if (!r.success) {
        const i = r.error.issues[0]!;
        throw new AnswersError(`${path}:${lineNo}: column ${prefix}_${fieldPath(i.path)}: ${i.message}`);
      }
      return r.data;
    };
    const parseAttention = (cell: string): AttentionResult[] =>
      cell
        .split(';')
        .filter((x) => x.trim() !== '')
        .map((x) => {
          const m = /^\s*(\d+)@(\d+):(\d+)=(ok|fail)\s*$/.exec(x);
          if (!m)
            throw new AnswersError(`${path}:${lineNo}: column attention: '${x}' is not check@afterSet:answer=ok|fail (e.g. 0@4:2=ok)`);
          return { check: Number(m[1]), afterSet: Number(m[2]), answer: Number(m[3]), correct: m[4] === 'ok' };
        });
    const key = `${get('studyId')}\u0000${get('pid')}\u0000${get('startedAt')}`;
    let p = byKey.get(key);
    if (!p) {
      const fin = get('finishedAt');
      const fp = get('fingerprint').trim();
      const row = get('orderRow').trim();
      const prolific = get('prolific_pid') || get('prolific_studyId') || get('prolific_sessionId');
      const practice = playbackOf('practice', null, null, null);
      p = {
        studyId: get('studyId'),
        fingerprint: fp === '' ? null : fp,
        pid: get('pid'),
        group: get('group'),
        orderRow: row === '' ? 0 : num('orderRow'),
        lang: get('lang'),
        startedAt: get('startedAt'),
        finishedAt: fin === '' ? null : fin,
        demographics: {
          experience: get('demographics_experience'),
          playsGames: bool('demographics_playsGames'),
          ageBand: get('demographics_ageBand'),
        },
        trials: [],
        attention: parseAttention(get('attention')),
        playback: practice ? [practice] : [],
        prolific: prolific ? { pid: get('prolific_pid'), studyId: get('prolific_studyId'), sessionId: get('prolific_sessionId') } : null,
      };
      byKey.set(key, p);
      out.push(p);
    }
    const trial = {
      set: num('set'),
      order: get('order'),
      first: get('first'),
      second: get('second'),
      absFirst: num('absFirst'),
      absSecond: num('absSecond'),
      relative: num('relative'),
      reasonFirst: get('reasonFirst'),
      reasonSecond: get('reasonSecond'),
      reasonRelative: get('reasonRelative'),
      rtMs: num('rtMs'),
    };
    const t = TrialSchema.safeParse(trial);
    if (!t.success) {
      const i = t.error.issues[0]!;
      throw new AnswersError(`${path}:${lineNo}: column ${fieldPath(i.path)}: ${i.message}`);
    }
    (p.trials as unknown[]).push(t.data);
    for (const which of ['first', 'second'] as const) {
      const e = playbackOf(
        which === 'first' ? 'playFirst' : 'playSecond',
        t.data.set,
        which,
        which === 'first' ? t.data.first : t.data.second,
      );
      if (e) (p.playback as unknown[]).push(e);
    }
  }
  const r = AnswersSchema.safeParse(out);
  if (!r.success) {
    const i = r.error.issues[0]!;
    const pi = typeof i.path[0] === 'number' ? i.path[0] : 0;
    throw new AnswersError(`${path}: participant ${String(out[pi]?.pid ?? pi)}: ${fieldPath(i.path.slice(1))}: ${i.message}`);
  }
  return r.data;
}

/** JSON or CSV by content (a JSON file starts with [ or {). */
export function parseAnswers(text: string, path: string): Participant[] {
  const t = text.replace(/^\uFEFF/, '').trimStart();
  return t.startsWith('[') || t.startsWith('{') ? parseAnswersJson(t, path) : parseAnswersCsv(text, path);
}

/**
 * Merges participants from several files. The same participant run (studyId, pid, startedAt) found
 * twice (a CSV and a JSON export of it, or a machine exported twice) is kept once, the copy with more
 * trials; nothing answered is dropped.
 */
export function mergeParticipants(lists: readonly Participant[][]): Participant[] {
  const m = new Map<string, Participant>();
  for (const l of lists) {
    for (const p of l) {
      const k = `${p.studyId}\u0000${p.pid}\u0000${p.startedAt}`;
      const old = m.get(k);
      if (!old || p.trials.length > old.trials.length) m.set(k, p);
    }
  }
  return [...m.values()];
}

/** One CSV cell: formula-safe (a leading = + - @, tab or CR gets an apostrophe), quoted when needed. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Answers as CSV, one row per answered set (the rater page's export, read back by parseAnswersCsv). */
export function answersToCsv(ps: readonly ParticipantInput[]): string {
  const cell = csvCell;
  const lines = [ANSWER_CSV_COLUMNS.join(',')];
  const play = (prefix: string, e: PlaybackEntry | undefined): Record<string, unknown> =>
    Object.fromEntries(PLAYBACK_FIELDS.map((f) => [`${prefix}_${f}`, e ? e[f] : '']));
  for (const p of ps) {
    const pb = p.playback ?? [];
    const practice = pb.find((e) => e.kind === 'practice');
    // The last playback of a clip (a clip restarted after a reload plays again).
    const clipPlay = (set: number, which: 'first' | 'second') =>
      pb.filter((e) => e.kind === 'clip' && e.set === set && e.which === which).at(-1);
    for (const t of p.trials) {
      const row: Record<string, unknown> = {
        studyId: p.studyId,
        fingerprint: p.fingerprint ?? '',
        pid: p.pid,
        group: p.group,
        orderRow: p.orderRow ?? 0,
        lang: p.lang,
        startedAt: p.startedAt,
        finishedAt: p.finishedAt,
        demographics_experience: p.demographics.experience,
        demographics_playsGames: p.demographics.playsGames,
        demographics_ageBand: p.demographics.ageBand,
        ...t,
        ...play('playFirst', clipPlay(t.set, 'first')),
        ...play('playSecond', clipPlay(t.set, 'second')),
        ...play('practice', practice),
        attention: attentionCell(p.attention ?? []),
        prolific_pid: p.prolific?.pid ?? '',
        prolific_studyId: p.prolific?.studyId ?? '',
        prolific_sessionId: p.prolific?.sessionId ?? '',
      };
      lines.push(ANSWER_CSV_COLUMNS.map((c) => cell(row[c])).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}
