// Answer files: JSON (an array of participants, the contract read by `study analyze`) and CSV (one
// row per answered set, the participant's fields repeated, nested names flattened with '_').
// The CSV is safe to open in a spreadsheet: a cell that begins with = + - @, a tab or a carriage
// return gets a leading apostrophe so it is never run as a formula (OWASP "CSV injection").
import { ANSWER_CSV_COLUMNS } from '../answers';
import type { ParticipantAnswer } from './flow';

/** The CSV's columns: the answer contract's, as `study analyze` reads them back (src/study/answers.ts). */
export const CSV_COLUMNS = ANSWER_CSV_COLUMNS;

/** One CSV cell: formula-safe, quoted when it holds a comma, quote or line break. */
export function csvCell(v: unknown): string {
  let s = v === null || v === undefined ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function answersToCsv(ps: readonly ParticipantAnswer[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const p of ps) {
    for (const t of p.trials) {
      const row: Record<(typeof CSV_COLUMNS)[number], unknown> = {
        studyId: p.studyId,
        pid: p.pid,
        group: p.group,
        lang: p.lang,
        startedAt: p.startedAt,
        finishedAt: p.finishedAt,
        demographics_experience: p.demographics.experience,
        demographics_playsGames: p.demographics.playsGames,
        demographics_ageBand: p.demographics.ageBand,
        ...t,
      };
      lines.push(CSV_COLUMNS.map((c) => csvCell(row[c])).join(','));
    }
  }
  return `${lines.join('\r\n')}\r\n`;
}

export function answersToJson(ps: readonly ParticipantAnswer[]): string {
  return `${JSON.stringify(ps, null, 2)}\n`;
}

/** A file name for an export: study, who (a pid or 'all') and the format. Safe on every OS. */
export function exportName(studyId: string, who: string, ext: 'csv' | 'json'): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `answers-${safe(studyId)}-${safe(who)}.${ext}`;
}
