// A minimal study manifest, participant records made the way the rater page makes them (newRecord,
// advance) and JATOS results archives built the way JATOS lays them out:
//   metadata.json
//   study_result_<S>/comp-result_<C>/data.txt
//   study_result_<S>/comp-result_<C>/files/<name>
// (JATOS/JATOS modules/gui/app/services/gui/ResultStreamer.java writeResults / writeComponentResults /
// addFilesToZip, modules/common/app/utils/common/IOUtils.java getResultsPathForZip, JsonUtils.java
// studyResultMetadata / componentResultMetadata; www.jatos.org/JATOS-Results-Archive.html).
import { zipSync } from 'fflate';
import { encodeReplay } from '../../../src/replay';
import { type Manifest, MANIFEST_FORMAT, MANIFEST_VERSION, parseManifest } from '../../../src/study/manifest';
import { advance, newRecord, type ParticipantRecord, stepsFor } from '../../../src/study/flow';
import { recordLine } from '../../../src/study/jatos/lines';
import { practiceReplay } from '../page/fixtures';

export const FINGERPRINT = '0123456789abcdef';

/** A two-set, two-group study (manifest version 2), validated by parseManifest. */
export function miniManifest(studyId = 'cstudy0001', fingerprint = FINGERPRINT): Manifest {
  const clips = ['caaaaaa', 'cbbbbbb', 'ccccccc', 'cdddddd'];
  return parseManifest({
    format: MANIFEST_FORMAT,
    version: MANIFEST_VERSION,
    studyId,
    title: { en: 'Mini study', ja: 'ミニ' },
    languages: ['en', 'ja'],
    clipFrames: 60,
    clips: clips.map((id) => ({ id, file: `clips/${id}.twrp`, start: 0, end: 60 })),
    groups: [
      {
        id: 'A',
        sets: [
          { set: 1, order: 'AB', first: clips[0], second: clips[1] },
          { set: 2, order: 'AB', first: clips[2], second: clips[3] },
        ],
      },
      {
        id: 'B',
        sets: [
          { set: 1, order: 'BA', first: clips[1], second: clips[0] },
          { set: 2, order: 'BA', first: clips[3], second: clips[2] },
        ],
      },
    ],
    questions: {
      absolute: { points: 5, prompt: {}, anchors: {} },
      relative: { points: 5, prompt: {}, anchors: {} },
      reason: { prompt: {} },
    },
    practice: { seconds: 10, config: { seed: 5, mode: 'practice' } },
    answers: { postUrl: null, jatos: true },
    fingerprint,
    consent: { text: { en: 'ok' }, minutes: 10 },
    debrief: { en: 'Thanks' },
    contact: 'study@example.org',
    setOrder: 'fixed',
    attention: [],
    prolific: null,
    recording: { practice: true, configs: {} },
  });
}

/**
 * The records a participant's page writes, one per step done (the first is the new record), up to
 * `steps` steps (default: all, finished). Ratings: abs 2 / 4, relative 5.
 */
export function participantRecords(m: Manifest, pid: string, group: string, startedAt: string, steps?: number): ParticipantRecord[] {
  const all = stepsFor(m, group);
  let rec = newRecord(m, pid, group, 'balanced', 'en', startedAt);
  const out = [rec];
  const n = steps ?? all.length;
  for (let i = 0; i < n; i++) {
    const step = all[rec.progress]!;
    const answer: Parameters<typeof advance>[2] = {};
    if (step.kind === 'demographics') answer.demographics = { experience: '1-5', playsGames: true, ageBand: '20-29' };
    if (step.kind === 'rate')
      answer.rating =
        step.which === 'first'
          ? { abs: 2, reason: `first of ${step.set.set}`, rtMs: 1000 }
          : { abs: 4, reason: 'second', rtMs: 1200, relative: 5, reasonRelative: 'more human' };
    if (step.kind === 'end' || rec.progress === all.length - 2) answer.finishedAt = '2026-11-27T10:30:00.000Z';
    rec = advance(rec, all, answer);
    out.push(rec);
  }
  return out;
}

export function dataText(records: ParticipantRecord[]): string {
  return records.map(recordLine).join('');
}

/** A real replay's bytes (decodeReplay accepts them); `seed` makes different bytes. */
export function replayBytes(seed: number): Uint8Array {
  return encodeReplay(practiceReplay(seed, `random:${seed}`, 90, true, 'rater'));
}

export interface FakeComponentResult {
  id: number;
  /** data.txt content; null: no data.txt entry (JATOS writes none when the data is null). */
  data: string | null;
  files?: Record<string, Uint8Array>;
  state?: string;
}

export interface FakeStudyResult {
  id: number;
  state?: string;
  components: FakeComponentResult[];
}

/** A JATOS results archive: metadata.json (unless `metadata` is false), data.txt and files/ per component result. */
export function resultsZip(results: FakeStudyResult[], o: { metadata?: boolean; studyUuid?: string } = {}): Uint8Array {
  const enc = new TextEncoder();
  const entries: Record<string, Uint8Array> = {};
  for (const sr of results)
    for (const cr of sr.components) {
      const dir = `study_result_${sr.id}/comp-result_${cr.id}`;
      for (const [name, bytes] of Object.entries(cr.files ?? {})) entries[`${dir}/files/${name}`] = bytes;
      if (cr.data !== null) entries[`${dir}/data.txt`] = enc.encode(cr.data);
    }
  if (o.metadata !== false) {
    const metadata = {
      data: [
        {
          studyId: 7,
          studyUuid: o.studyUuid ?? '00000000-0000-5000-8000-000000000000',
          studyTitle: 'Mini study',
          studyResults: results.map((sr) => ({
            id: sr.id,
            uuid: `sr-${sr.id}`,
            studyCode: 'abc',
            startDate: 1_780_000_000_000,
            endDate: null,
            duration: null,
            lastSeenDate: 1_780_000_100_000,
            studyState: sr.state ?? 'FINISHED',
            workerId: sr.id + 10,
            workerType: 'GeneralSingle',
            batchId: 1,
            batchUuid: 'b',
            batchTitle: 'Default',
            groupId: null,
            isQuotaReached: false,
            componentResults: sr.components.map((cr) => ({
              id: cr.id,
              componentId: 3,
              componentUuid: 'c',
              startDate: 1_780_000_000_000,
              endDate: null,
              duration: null,
              componentState: cr.state ?? 'FINISHED',
              path: `/study_result_${sr.id}/comp-result_${cr.id}`,
              data: { size: cr.data === null ? 0 : enc.encode(cr.data).length, sizeHumanReadable: '1 kB' },
              files: Object.entries(cr.files ?? {}).map(([filename, b]) => ({ filename, size: b.length, sizeHumanReadable: '1 kB' })),
              isQuotaReached: false,
            })),
          })),
        },
      ],
    };
    entries['metadata.json'] = enc.encode(JSON.stringify(metadata));
  }
  return zipSync(entries);
}
