// `study import-jatos RESULTS.zip`: JATOS's results export -> answers and replays for `analyze`.
//
// The export (a "JATOS Results Archive", `.zip` since JATOS 3.9.7, `.jrzip` from 3.8.1; or the
// "Data" and "Files" ZIP exports, which hold parts of it) is laid out as
//   metadata.json                                  (results archive only)
//   study_result_<S>/comp-result_<C>/data.txt      the component result's data
//   study_result_<S>/comp-result_<C>/files/<name>  its uploaded result files
// Sources: JATOS/JATOS modules/gui/app/services/gui/ResultStreamer.java (writeResults,
// writeComponentResults, addFilesToZip), modules/common/app/utils/common/IOUtils.java
// (getResultsPathForZip: `study_result_` + id + `/comp-result_` + id), JsonUtils.java
// (studyResultMetadata, componentResultMetadata); www.jatos.org/JATOS-Results-Archive.html (whose
// drawing spells the folder `comp_result_`; both spellings are read here).
//
// The rater page appends one line per step to the result data (lines.ts); the last record of a
// participant run (studyId, pid, startedAt — the key `mergeParticipants` uses) is its latest state,
// and unfinished runs are kept (finishedAt null). Uploaded files go to replays/ under their own
// names; a name taken by different bytes gets `-sr<S>` (then `-cr<C>`, then a number) before the
// extension. Anything that does not fit — not a zip, no data, a line that is not JSON or not a
// record, a record of another study or package, a replay that does not decode — is an error naming
// the archive, the entry and the line; nothing is dropped silently. Pure (the CLI reads and writes).
import { unzipSync } from 'fflate';
import { z } from 'zod';
import { decodeReplay } from '../../replay';
import { checkAnswers, ParticipantSchema } from '../answers';
import type { ParticipantAnswer } from '../flow';
import { LINE_VERSION } from './lines';

export class JatosImportError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'JatosImportError';
  }
}

/** One export file as read from disk. */
export interface ResultsArchive {
  /** How to name it in messages (the path given). */
  name: string;
  bytes: Uint8Array;
}

export interface ImportOptions {
  /** The study the answers must belong to (manifest.studyId); default: that of the first record. */
  studyId?: string;
  /** The package they must have been given with (manifest.fingerprint); default: that of the first record. */
  fingerprint?: string;
}

export interface ImportedFile {
  /** Name in OUT/replays/ (the uploaded name unless it collided). */
  name: string;
  /** The name it was uploaded with. */
  uploaded: string;
  kind: 'practice' | 'recording' | 'other';
  archive: string;
  entry: string;
  studyResult: number;
  componentResult: number;
  bytes: Uint8Array;
}

export interface ImportSummary {
  archives: number;
  studyResults: number;
  componentResults: number;
  /** data.txt files read, and the lines in them that were not blank. */
  dataFiles: number;
  lines: number;
  records: number;
  /** Twinfield lines of another kind than 'record' (counted, not used). */
  otherLines: number;
  participants: number;
  finished: number;
  unfinished: number;
  files: { practice: number; recording: number; other: number; renamed: number; duplicates: number };
  /** Study result states from metadata.json (FINISHED, DATA_RETRIEVED, ...), when the archive has one. */
  states: Record<string, number>;
  studyId: string;
  fingerprint: string;
}

export interface ImportResult {
  /** The participants' latest answers (ParticipantAnswer, as `checkAnswers` reads them), by startedAt then pid. */
  answers: ParticipantAnswer[];
  files: ImportedFile[];
  summary: ImportSummary;
  /** Things worth a look that are not errors (odd entries, other line kinds, participants with two runs). */
  warnings: string[];
}

// metadata.json (JsonUtils.studyResultMetadata / componentResultMetadata): only what is used here.
const MetadataSchema = z.object({
  apiVersion: z.string().optional(),
  data: z.array(
    z.object({
      studyId: z.number(),
      studyUuid: z.string(),
      studyTitle: z.string(),
      studyResults: z.array(
        z.object({
          id: z.number().int(),
          studyState: z.string().nullish(),
          workerType: z.string().nullish(),
          componentResults: z.array(
            z.object({
              id: z.number().int(),
              path: z.string().nullish(),
              data: z.object({ size: z.number() }).nullish(),
              files: z.array(z.object({ filename: z.string() })).nullish(),
            }),
          ),
        }),
      ),
    }),
  ),
});

const ENTRY = /^(?:(.*)\/)?study[_-]result_(\d+)\/comp[_-]result_(\d+)\/(.*)$/;
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$)/;

function path(p: readonly PropertyKey[]): string {
  let out = '';
  for (const k of p) out += typeof k === 'number' ? `[${k}]` : `${out ? '.' : ''}${String(k)}`;
  return out || '(top level)';
}

interface CompResult {
  archive: string;
  sr: number;
  cr: number;
  dir: string;
  data: { entry: string; bytes: Uint8Array } | null;
  files: { entry: string; name: string; bytes: Uint8Array }[];
}

function unzip(a: ResultsArchive): Record<string, Uint8Array> {
  if (a.bytes.length < 4 || a.bytes[0] !== 0x50 || a.bytes[1] !== 0x4b)
    throw new JatosImportError(`${a.name}: not a ZIP archive (export "JATOS Results Archive" in JATOS's Results page)`);
  try {
    return unzipSync(a.bytes);
  } catch (e) {
    throw new JatosImportError(`${a.name}: not a readable ZIP archive (${e instanceof Error ? e.message : String(e)})`);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const decoder = new TextDecoder('utf-8', { fatal: true });

/** Reads JATOS results exports (one or more zips) into answers and uploaded replays; throws JatosImportError. */
export function importJatosResults(archives: readonly ResultsArchive[], opts: ImportOptions = {}): ImportResult {
  if (archives.length === 0) throw new JatosImportError('no results archive given');
  const warnings: string[] = [];
  const comps = new Map<string, CompResult>();
  const states: Record<string, number> = {};
  const studyResults = new Set<number>();

  for (const a of archives) {
    const entries = unzip(a);
    const names = Object.keys(entries);
    if (names.length === 0) throw new JatosImportError(`${a.name}: the ZIP archive is empty`);
    const odd: string[] = [];
    let meta: z.infer<typeof MetadataSchema> | null = null;
    let found = 0;
    for (const name of names) {
      const bytes = entries[name]!;
      if (name.endsWith('/') || JUNK.test(name)) continue;
      if (/(^|\/)metadata\.json$/.test(name)) {
        let v: unknown;
        try {
          v = JSON.parse(decoder.decode(bytes));
        } catch (e) {
          throw new JatosImportError(`${a.name}: ${name}: not JSON (${e instanceof Error ? e.message : String(e)})`);
        }
        const r = MetadataSchema.safeParse(v);
        if (!r.success) {
          const i = r.error.issues[0]!;
          throw new JatosImportError(`${a.name}: ${name}: ${path(i.path)}: ${i.message} (not JATOS's results metadata)`);
        }
        meta = r.data;
        continue;
      }
      const m = ENTRY.exec(name);
      if (!m) {
        odd.push(name);
        continue;
      }
      found++;
      const sr = Number(m[2]);
      const cr = Number(m[3]);
      const rest = m[4]!;
      const dir = name.slice(0, name.length - rest.length - 1);
      const key = `${a.name}\u0000${sr}\u0000${cr}`;
      let c = comps.get(key);
      if (!c) {
        c = { archive: a.name, sr, cr, dir, data: null, files: [] };
        comps.set(key, c);
      }
      studyResults.add(sr);
      if (rest === 'data.txt') c.data = { entry: name, bytes };
      else if (rest.startsWith('files/') && rest.length > 'files/'.length) {
        const file = rest.slice('files/'.length);
        if (file.includes('/') || file.startsWith('.'))
          throw new JatosImportError(`${a.name}: ${name}: not an uploaded result file name JATOS makes (a folder or a hidden file)`);
        c.files.push({ entry: name, name: file, bytes });
      } else odd.push(name);
    }
    if (odd.length)
      warnings.push(
        `${a.name}: ${odd.length} entr${odd.length === 1 ? 'y' : 'ies'} not in JATOS's layout, not read: ` +
          `${odd.slice(0, 5).join(', ')}${odd.length > 5 ? ', …' : ''}`,
      );
    if (found === 0 && !meta)
      throw new JatosImportError(
        `${a.name}: no JATOS results in it (expected study_result_<id>/comp-result_<id>/data.txt and files/ entries, and metadata.json)`,
      );
    if (meta) {
      // Everything the metadata lists must be in this archive (a results archive holds data and files).
      for (const st of meta.data)
        for (const sr of st.studyResults) {
          studyResults.add(sr.id);
          const state = sr.studyState ?? 'unknown';
          states[state] = (states[state] ?? 0) + 1;
          for (const cr of sr.componentResults) {
            const c = comps.get(`${a.name}\u0000${sr.id}\u0000${cr.id}`);
            const where = `${a.name}: metadata.json lists study result ${sr.id}, component result ${cr.id}`;
            if ((cr.data?.size ?? 0) > 0 && !c?.data)
              throw new JatosImportError(`${where} with ${cr.data!.size} bytes of data, but the archive has no data.txt for it`);
            for (const f of cr.files ?? [])
              if (!c?.files.some((x) => x.name === f.filename))
                throw new JatosImportError(`${where} with the file '${f.filename}', but the archive does not have it`);
          }
        }
    }
  }

  const ordered = [...comps.values()].sort((x, y) => x.sr - y.sr || x.cr - y.cr || (x.archive < y.archive ? -1 : 1));

  // ---- result data: the records ----
  let studyId = opts.studyId ?? null;
  let fingerprint = opts.fingerprint ?? null;
  const best = new Map<string, { answer: ParticipantAnswer; progress: number }>();
  let dataFiles = 0;
  let lines = 0;
  let records = 0;
  const otherKinds = new Map<string, number>();
  for (const c of ordered) {
    if (!c.data) continue;
    dataFiles++;
    let text: string;
    try {
      text = decoder.decode(c.data.bytes);
    } catch {
      throw new JatosImportError(`${c.archive}: ${c.data.entry}: not UTF-8 text`);
    }
    const rows = text.split(/\r?\n/);
    rows.forEach((row, i) => {
      if (row.trim() === '') return;
      lines++;
      const at = `${c.archive}: ${c.data!.entry}:${i + 1}`;
      let v: unknown;
      try {
        v = JSON.parse(row);
      } catch (e) {
        const runTogether = /\}\s*\{"twinfield"/.test(row) ? ' (two lines run together: each appended line must end with a newline)' : '';
        throw new JatosImportError(
          `${at}: not JSON (${e instanceof Error ? e.message : String(e)})${runTogether}; the rater page writes one JSON object per line`,
        );
      }
      if (typeof v !== 'object' || v === null || Array.isArray(v) || (v as { twinfield?: unknown }).twinfield !== LINE_VERSION)
        throw new JatosImportError(`${at}: not a Twinfield result line (a JSON object with "twinfield": ${LINE_VERSION})`);
      const line = v as { kind?: unknown; record?: unknown };
      if (line.kind !== 'record') {
        const k = String(line.kind);
        otherKinds.set(k, (otherKinds.get(k) ?? 0) + 1);
        return;
      }
      const rec = line.record as { answer?: unknown; progress?: unknown } | undefined;
      if (typeof rec !== 'object' || rec === null || Array.isArray(rec))
        throw new JatosImportError(`${at}: record: must be the participant record (an object)`);
      if (typeof rec.progress !== 'number' || !Number.isInteger(rec.progress) || rec.progress < 0)
        throw new JatosImportError(`${at}: record.progress: must be a whole number of steps done`);
      const r = ParticipantSchema.safeParse(rec.answer);
      if (!r.success) {
        const iss = r.error.issues[0]!;
        throw new JatosImportError(`${at}: record.answer${iss.path.length ? `.${path(iss.path)}` : ''}: ${iss.message}`);
      }
      const answer = rec.answer as ParticipantAnswer;
      if (typeof answer.fingerprint !== 'string' || answer.fingerprint === '')
        throw new JatosImportError(`${at}: record.answer.fingerprint: missing (the package's fingerprint)`);
      if (studyId === null) studyId = answer.studyId;
      else if (answer.studyId !== studyId)
        throw new JatosImportError(
          `${at}: a record of study '${answer.studyId}', not of study '${studyId}'` +
            `${opts.studyId ? ' (the package given)' : ' (the first record read)'}; ` +
            "export only this study's results from JATOS",
        );
      if (fingerprint === null) fingerprint = answer.fingerprint;
      else if (answer.fingerprint !== fingerprint)
        throw new JatosImportError(
          `${at}: a record given with package ${answer.fingerprint}, not ${fingerprint}` +
            `${opts.fingerprint ? ' (the package given)' : ' (that of the first record read)'}: ` +
            'the study was rebuilt between participants; ' +
            'export the results of each package separately (filter them by date in JATOS) and analyse each with its own key',
        );
      records++;
      const key = `${answer.studyId}\u0000${answer.pid}\u0000${answer.startedAt}`;
      const old = best.get(key);
      // The latest record wins; a later line with less progress (a stale tab) does not undo steps.
      if (!old || rec.progress >= old.progress) best.set(key, { answer, progress: rec.progress });
    });
  }
  for (const [k, n] of otherKinds) warnings.push(`${n} line(s) of kind '${k}' (not 'record') read and not used`);
  if (best.size === 0) {
    const where = archives.map((a) => a.name).join(', ');
    throw new JatosImportError(
      dataFiles === 0
        ? `${where}: no result data (no data.txt): export "JATOS Results Archive" (or "Data" as ZIP) of the study's results in JATOS`
        : `${where}: no participant records in ${dataFiles} data.txt file(s) (${lines} line(s))`,
    );
  }

  const answers = [...best.values()]
    .map((b) => b.answer)
    .sort((x, y) => (x.startedAt < y.startedAt ? -1 : x.startedAt > y.startedAt ? 1 : x.pid < y.pid ? -1 : x.pid > y.pid ? 1 : 0));
  const runs = new Map<string, number>();
  for (const a of answers) runs.set(a.pid, (runs.get(a.pid) ?? 0) + 1);
  for (const [pid, n] of runs)
    if (n > 1) warnings.push(`participant '${pid}' has ${n} runs (different startedAt); each is kept as its own participant`);
  try {
    checkAnswers(answers, 'answers.json');
  } catch (e) {
    throw new JatosImportError(`the imported answers do not check: ${(e as Error).message}`);
  }

  // ---- result files: the replays ----
  const files: ImportedFile[] = [];
  const byName = new Map<string, ImportedFile>();
  let renamed = 0;
  let duplicates = 0;
  for (const c of ordered)
    for (const f of c.files.sort((x, y) => (x.name < y.name ? -1 : 1))) {
      const kind = /^practice-.+\.twrp$/.test(f.name) ? 'practice' : /^recording-.+\.twrp$/.test(f.name) ? 'recording' : 'other';
      if (/\.twrp$/i.test(f.name)) {
        try {
          decodeReplay(f.bytes);
        } catch (e) {
          throw new JatosImportError(`${c.archive}: ${f.entry}: not a Twinfield replay (${e instanceof Error ? e.message : String(e)})`);
        }
      }
      const taken = byName.get(f.name);
      if (taken && sameBytes(taken.bytes, f.bytes)) {
        duplicates++;
        continue;
      }
      let name = f.name;
      if (taken) {
        const dot = f.name.lastIndexOf('.');
        const stem = dot > 0 ? f.name.slice(0, dot) : f.name;
        const ext = dot > 0 ? f.name.slice(dot) : '';
        const tries = [`${stem}-sr${c.sr}${ext}`, `${stem}-sr${c.sr}-cr${c.cr}${ext}`];
        for (let n = 2; tries.length < 1000; n++) tries.push(`${stem}-sr${c.sr}-cr${c.cr}-${n}${ext}`);
        const free = tries.find((t) => {
          const o = byName.get(t);
          return !o || sameBytes(o.bytes, f.bytes);
        })!;
        if (byName.has(free)) {
          duplicates++;
          continue;
        }
        name = free;
        renamed++;
      }
      const file: ImportedFile = {
        name,
        uploaded: f.name,
        kind,
        archive: c.archive,
        entry: f.entry,
        studyResult: c.sr,
        componentResult: c.cr,
        bytes: f.bytes,
      };
      byName.set(name, file);
      files.push(file);
    }
  const other = files.filter((f) => f.kind === 'other');
  if (other.length)
    warnings.push(
      `${other.length} uploaded file(s) not named practice-*.twrp or recording-*.twrp, kept in replays/: ${other
        .slice(0, 5)
        .map((f) => f.name)
        .join(', ')}`,
    );

  const finished = answers.filter((a) => a.finishedAt !== null).length;
  return {
    answers,
    files,
    warnings,
    summary: {
      archives: archives.length,
      studyResults: studyResults.size,
      componentResults: comps.size,
      dataFiles,
      lines,
      records,
      otherLines: [...otherKinds.values()].reduce((s, n) => s + n, 0),
      participants: answers.length,
      finished,
      unfinished: answers.length - finished,
      files: {
        practice: files.filter((f) => f.kind === 'practice').length,
        recording: files.filter((f) => f.kind === 'recording').length,
        other: other.length,
        renamed,
        duplicates,
      },
      states,
      studyId: studyId!,
      fingerprint: fingerprint!,
    },
  };
}

/** What to write into OUT: `answers.json` (the array `analyze` reads) and `replays/<name>` per uploaded file. */
export function jatosImportFiles(r: ImportResult): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  out.set('answers.json', new TextEncoder().encode(`${JSON.stringify(r.answers, null, 2)}\n`));
  for (const f of r.files) out.set(`replays/${f.name}`, f.bytes);
  return out;
}

/** The import's summary as lines for the terminal. */
export function formatImportSummary(r: ImportResult): string[] {
  const s = r.summary;
  const st = Object.entries(s.states)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  return [
    `read ${s.archives} archive(s): ${s.studyResults} study result(s)${st ? ` (${st})` : ''}, ${s.componentResults} component result(s), ` +
      `${s.dataFiles} data file(s), ${s.lines} line(s), ${s.records} record(s)`,
    `study ${s.studyId}, package ${s.fingerprint}: ${s.participants} participant(s), ${s.finished} finished, ${s.unfinished} unfinished`,
    `uploaded files: ${s.files.practice} practice, ${s.files.recording} recording, ${s.files.other} other` +
      `${s.files.renamed ? `, ${s.files.renamed} renamed (name taken)` : ''}` +
      `${s.files.duplicates ? `, ${s.files.duplicates} duplicate(s) kept once` : ''}`,
    ...r.warnings.map((w) => `warning: ${w}`),
  ];
}
