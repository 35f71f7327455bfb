// What the rater page stores in JATOS and `study import-jatos` reads back (the contract between them):
//  - result data: one JSON line per step, appended with jatos.appendResultData, each
//    `{"twinfield":1,"kind":"record","record":<ParticipantRecord>}` followed by "\n"; the last record
//    line of a participant is their latest state;
//  - result files: replays uploaded with jatos.uploadResultFile as `practice-<pid>.twrp` (the rater's
//    practice play) or `recording-<player>-<variant>.twrp` (a remote recording).
// JATOS refuses an uploaded file whose name has a character of IOUtils.REGEX_ILLEGAL_IN_FILENAME
// (spaces, / \ : * ? " < > | , ` ~ ! $ % & ^ and a few more), so names are made safe here. Pure.
import type { ParticipantRecord } from '../flow';
import { JATOS_ILLEGAL_IN_FILENAME } from './jas-schema';

export const LINE_VERSION = 1;

export interface RecordLine {
  twinfield: typeof LINE_VERSION;
  kind: 'record';
  record: ParticipantRecord;
}

/** The result-data line of a record, newline included (what the page appends). */
export function recordLine(record: ParticipantRecord): string {
  const line: RecordLine = { twinfield: LINE_VERSION, kind: 'record', record };
  return `${JSON.stringify(line)}\n`;
}

/** A name part JATOS accepts in an uploaded file name: other characters become '_'. */
export function safeNamePart(s: string): string {
  return [...s].map((ch) => (JATOS_ILLEGAL_IN_FILENAME.test(ch) ? '_' : ch)).join('');
}

/** The practice play's upload name; rounds after the first get `-N`. */
export function practiceFileName(pid: string, round = 1): string {
  return `practice-${safeNamePart(pid)}${round > 1 ? `-${round}` : ''}.twrp`;
}

export function recordingFileName(player: string, variant: string): string {
  return `recording-${safeNamePart(player)}-${safeNamePart(variant)}.twrp`;
}

/** True when JATOS accepts `name` for jatos.uploadResultFile (Publix.uploadResultFile: IOUtils.checkFilename). */
export function isJatosFileName(name: string): boolean {
  return name.length > 0 && !JATOS_ILLEGAL_IN_FILENAME.test(name);
}
