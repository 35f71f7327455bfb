// Answer files: JSON (an array of participants, the contract read by `study analyze`) and CSV (one
// row per answered set, the participant's fields repeated, nested names flattened with '_'; then the
// package fingerprint, order row, both clips' and the practice's playback, attention and Prolific ids).
// The CSV is safe to open in a spreadsheet: a cell that begins with = + - @, a tab or a carriage
// return gets a leading apostrophe so it is never run as a formula (OWASP "CSV injection").
import { ANSWER_CSV_COLUMNS, answersToCsv as contractCsv, csvCell } from '../answers';
import type { ParticipantAnswer } from '../flow';

/** The CSV's columns: the answer contract's, as `study analyze` reads them back (src/study/answers.ts). */
export const CSV_COLUMNS = ANSWER_CSV_COLUMNS;

export { csvCell };

/** The page's answers as CSV: the contract's writer (src/study/answers.ts). */
export function answersToCsv(ps: readonly ParticipantAnswer[]): string {
  return contractCsv(ps);
}

export function answersToJson(ps: readonly ParticipantAnswer[]): string {
  return `${JSON.stringify(ps, null, 2)}\n`;
}

/** A file name for an export: study, who (a pid or 'all') and the format. Safe on every OS. */
export function exportName(studyId: string, who: string, ext: 'csv' | 'json'): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);
  return `answers-${safe(studyId)}-${safe(who)}.${ext}`;
}

/** Offers `data` as a file download (the browser's own save). */
export function download(data: string | Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data as string | Uint8Array<ArrayBuffer>], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
