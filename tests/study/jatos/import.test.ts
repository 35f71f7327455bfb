// `study import-jatos`: a JATOS results archive built here the way JATOS lays it out (fixtures.ts
// names the JATOS source) -> answers that checkAnswers accepts and replays byte for byte; every bad
// input's message names the archive, the entry and the line.
import { unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { checkAnswers, parseAnswersJson } from '../../../src/study/answers';
import { formatImportSummary, importJatosResults, jatosImportFiles } from '../../../src/study/jatos/import';
import { isJatosFileName, practiceFileName, recordingFileName, recordLine } from '../../../src/study/jatos/lines';
import { stepsFor } from '../../../src/study/flow';
import { dataText, FINGERPRINT, miniManifest, participantRecords, replayBytes, resultsZip } from './fixtures';

const enc = (s: string) => new TextEncoder().encode(s);
const m = miniManifest();
const STEPS = stepsFor(m, 'A').length;

/** Three participants: p1 finished (practice uploaded), p2 unfinished over a reload (two component results), p3 finished (a recording). */
function study() {
  const p1 = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z');
  const p2 = participantRecords(m, 'p2', 'B', '2026-11-27T09:05:00.000Z', 10);
  const p3 = participantRecords(m, 'p3', 'B', '2026-11-27T09:10:00.000Z');
  const files = {
    practice1: replayBytes(1),
    practice2: replayBytes(2),
    recA: replayBytes(3),
    recB: replayBytes(4),
  };
  const zip = resultsZip([
    { id: 1, components: [{ id: 1, data: dataText(p1), files: { 'practice-p1.twrp': files.practice1 } }] },
    {
      id: 2,
      state: 'DATA_RETRIEVED',
      components: [
        { id: 2, data: dataText(p2.slice(0, 5)), state: 'RELOADED' },
        { id: 3, data: dataText(p2.slice(5)), files: { 'practice-p2.twrp': files.practice2 }, state: 'STARTED' },
      ],
    },
    {
      id: 3,
      components: [{ id: 4, data: dataText(p3), files: { 'recording-alice-a.twrp': files.recA, 'practice-p1.twrp': files.practice1 } }],
    },
    { id: 4, components: [{ id: 5, data: null, files: { 'recording-alice-a.twrp': files.recB } }] },
  ]);
  return { p1, p2, p3, files, zip };
}

describe('importJatosResults', () => {
  it("reads every result into each participant's latest answers and the uploaded replays", () => {
    const s = study();
    const r = importJatosResults([{ name: 'jatos_results.zip', bytes: s.zip }]);
    expect(checkAnswers(r.answers, 'answers.json')).toHaveLength(3);
    expect(r.answers.map((a) => a.pid)).toEqual(['p1', 'p2', 'p3']);
    // The last record of each participant, whole (fields checkAnswers does not know are kept too).
    expect(r.answers[0]).toEqual(s.p1.at(-1)!.answer);
    expect(r.answers[1]).toEqual(s.p2.at(-1)!.answer);
    expect(r.answers[2]).toEqual(s.p3.at(-1)!.answer);
    expect(r.answers[0]!.fingerprint).toBe(FINGERPRINT);
    expect(r.answers[0]!.trials).toHaveLength(2);
    expect(r.answers[0]!.finishedAt).not.toBeNull();
    // The unfinished participant is kept, marked by finishedAt null.
    expect(r.answers[1]!.finishedAt).toBeNull();
    expect(r.answers[1]!.trials).toHaveLength(1);

    // Replays: names kept, a name taken by other bytes renamed, the same bytes twice kept once.
    const byName = new Map(r.files.map((f) => [f.name, f]));
    expect([...byName.keys()].sort()).toEqual([
      'practice-p1.twrp',
      'practice-p2.twrp',
      'recording-alice-a-sr4.twrp',
      'recording-alice-a.twrp',
    ]);
    expect(byName.get('practice-p1.twrp')!.bytes).toEqual(s.files.practice1);
    expect(byName.get('practice-p2.twrp')!.bytes).toEqual(s.files.practice2);
    expect(byName.get('recording-alice-a.twrp')!.bytes).toEqual(s.files.recA);
    expect(byName.get('recording-alice-a-sr4.twrp')).toMatchObject({
      uploaded: 'recording-alice-a.twrp',
      studyResult: 4,
      componentResult: 5,
    });
    expect(byName.get('recording-alice-a-sr4.twrp')!.bytes).toEqual(s.files.recB);

    expect(r.summary).toMatchObject({
      archives: 1,
      studyResults: 4,
      componentResults: 5,
      dataFiles: 4,
      records: s.p1.length + s.p2.length + s.p3.length,
      participants: 3,
      finished: 2,
      unfinished: 1,
      files: { practice: 2, recording: 2, other: 0, renamed: 1, duplicates: 1 },
      states: { FINISHED: 3, DATA_RETRIEVED: 1 },
      studyId: m.studyId,
      fingerprint: FINGERPRINT,
    });
    expect(r.warnings).toEqual([]);
    const text = formatImportSummary(r).join('\n');
    expect(text).toContain('3 participant(s), 2 finished, 1 unfinished');
    expect(text).toContain('1 renamed');
  });

  it('gives OUT/answers.json (read back by parseAnswersJson) and OUT/replays/ byte for byte', () => {
    const s = study();
    const r = importJatosResults([{ name: 'r.zip', bytes: s.zip }], { studyId: m.studyId, fingerprint: FINGERPRINT });
    const out = jatosImportFiles(r);
    expect([...out.keys()].sort()).toEqual([
      'answers.json',
      'replays/practice-p1.twrp',
      'replays/practice-p2.twrp',
      'replays/recording-alice-a-sr4.twrp',
      'replays/recording-alice-a.twrp',
    ]);
    const back = parseAnswersJson(new TextDecoder().decode(out.get('answers.json')), 'answers.json');
    expect(back.map((p) => [p.pid, p.trials.length, p.finishedAt === null])).toEqual([
      ['p1', 2, false],
      ['p2', 1, true],
      ['p3', 2, false],
    ]);
    expect(out.get('replays/practice-p1.twrp')).toEqual(s.files.practice1);
    expect(out.get('replays/recording-alice-a-sr4.twrp')).toEqual(s.files.recB);
  });

  it('reads the "Data" and "Files" ZIP exports together (no metadata.json), and the comp_result_ spelling of the docs', () => {
    const p1 = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z');
    const data = zipSync({ 'study_result_1/comp_result_1/data.txt': enc(dataText(p1)) });
    const files = zipSync({ 'study_result_1/comp-result_1/files/practice-p1.twrp': replayBytes(1) });
    const r = importJatosResults([
      { name: 'data.zip', bytes: data },
      { name: 'files.zip', bytes: files },
    ]);
    expect(r.answers).toHaveLength(1);
    expect(r.files.map((f) => f.name)).toEqual(['practice-p1.twrp']);
    expect(r.summary.states).toEqual({});
  });

  it('keeps the record with the most progress when a stale tab writes an older state later', () => {
    const p1 = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z');
    const zip = resultsZip([{ id: 1, components: [{ id: 1, data: dataText(p1) + recordLine(p1[3]!) }] }]);
    const r = importJatosResults([{ name: 'r.zip', bytes: zip }]);
    expect(r.answers[0]).toEqual(p1.at(-1)!.answer);
  });

  it('says what it saw that is not an error: other line kinds, stray entries, other files, two runs of one pid', () => {
    const a = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z', 3);
    const b = participantRecords(m, 'p1', 'A', '2026-11-28T09:00:00.000Z', 3);
    const zip = zipSync({
      'study_result_1/comp-result_1/data.txt': enc(`${dataText(a)}\n\n{"twinfield":1,"kind":"note","text":"hi"}\n`),
      'study_result_2/comp-result_2/data.txt': enc(dataText(b)),
      'study_result_2/comp-result_2/files/notes.txt': enc('x'),
      'README.txt': enc('hello'),
      '__MACOSX/._x': enc(''),
    });
    const r = importJatosResults([{ name: 'r.zip', bytes: zip }]);
    expect(r.answers).toHaveLength(2);
    expect(r.summary.otherLines).toBe(1);
    expect(r.summary.files.other).toBe(1);
    expect(r.warnings.join('\n')).toMatch(/1 line\(s\) of kind 'note'/);
    expect(r.warnings.join('\n')).toMatch(/r\.zip: 1 entry not in JATOS's layout, not read: README\.txt/);
    expect(r.warnings.join('\n')).toMatch(/notes\.txt/);
    expect(r.warnings.join('\n')).toMatch(/participant 'p1' has 2 runs/);
  });
});

describe('importJatosResults refuses bad input, naming the entry and line', () => {
  const p1 = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z', 4);
  const lines = dataText(p1);
  const one = (data: string, extra: Record<string, Uint8Array> = {}) =>
    zipSync({ 'study_result_5/comp-result_9/data.txt': enc(data), ...extra });
  const run =
    (bytes: Uint8Array, opts = {}) =>
    () =>
      importJatosResults([{ name: 'res.zip', bytes }], opts);

  it.each([
    ['no archive', () => importJatosResults([]), /no results archive given/],
    ['a file that is not a zip', run(enc('id,answer\n1,2\n')), /^res\.zip: not a ZIP archive/],
    ['a broken zip', run(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0, 0, 0, 1, 2, 3])), /^res\.zip: not a readable ZIP archive/],
    ['an empty zip', run(zipSync({})), /^res\.zip: the ZIP archive is empty/],
    ['a zip of something else', run(zipSync({ 'site/index.html': enc('x') })), /^res\.zip: no JATOS results in it/],
    [
      'a "Files" export alone',
      run(zipSync({ 'study_result_1/comp-result_1/files/practice-p1.twrp': replayBytes(1) })),
      /^res\.zip: no result data \(no data\.txt\)/,
    ],
    ['data with no records', run(one('\n\n')), /no participant records in 1 data\.txt file\(s\) \(0 line\(s\)\)/],
    [
      'a line that is not JSON',
      run(one(`${lines}{"twinfield":1,"kind":"rec`)),
      new RegExp(`^res\\.zip: study_result_5/comp-result_9/data\\.txt:${p1.length + 1}: not JSON`),
    ],
    [
      'lines run together (no newline)',
      run(one(lines.replace(/\n/g, ''))),
      /data\.txt:1: not JSON .*two lines run together: each appended line must end with a newline/,
    ],
    ['a JSON line that is not ours', run(one('{"trial":1}\n')), /data\.txt:1: not a Twinfield result line/],
    [
      'a record that is not an object',
      run(one('{"twinfield":1,"kind":"record","record":3}\n')),
      /data\.txt:1: record: must be the participant record/,
    ],
    [
      'a record without progress',
      run(one(`${JSON.stringify({ twinfield: 1, kind: 'record', record: { answer: p1[0]!.answer } })}\n`)),
      /data\.txt:1: record\.progress/,
    ],
    [
      'an answer with a bad field',
      run(
        one(
          recordLine({
            ...p1[0]!,
            answer: { ...p1[0]!.answer, demographics: { ...p1[0]!.answer.demographics, experience: 'lots' as 'none' } },
          }),
        ),
      ),
      /data\.txt:1: record\.answer\.demographics\.experience/,
    ],
    [
      'a record of another study (given)',
      run(one(lines), { studyId: 'cother0001' }),
      /data\.txt:1: a record of study 'cstudy0001', not of study 'cother0001'/,
    ],
    [
      'a record of another study (mixed)',
      run(one(lines + recordLine(participantRecords(miniManifest('cother0001'), 'q', 'A', '2026-11-27T10:00:00.000Z', 0)[0]!))),
      new RegExp(`data\\.txt:${p1.length + 1}: a record of study 'cother0001', not of study 'cstudy0001' \\(the first record read\\)`),
    ],
    [
      'a record of another package',
      run(
        one(
          lines +
            recordLine(participantRecords(miniManifest('cstudy0001', 'ffffffffffffffff'), 'q', 'A', '2026-11-27T10:00:00.000Z', 0)[0]!),
        ),
      ),
      /a record given with package ffffffffffffffff, not 0123456789abcdef .*rebuilt/,
    ],
    [
      'data that is not UTF-8',
      run(zipSync({ 'study_result_1/comp-result_1/data.txt': new Uint8Array([0xff, 0xfe, 0x00]) })),
      /data\.txt: not UTF-8/,
    ],
    [
      'a replay that does not decode',
      run(one(lines, { 'study_result_5/comp-result_9/files/practice-p1.twrp': enc('not a replay') })),
      /^res\.zip: study_result_5\/comp-result_9\/files\/practice-p1\.twrp: not a Twinfield replay/,
    ],
    [
      'a folder among the uploaded files',
      run(one(lines, { 'study_result_5/comp-result_9/files/sub/x.twrp': replayBytes(1) })),
      /files\/sub\/x\.twrp: not an uploaded result file name JATOS makes/,
    ],
    ['metadata.json that is not JSON', run(one(lines, { 'metadata.json': enc('{') })), /^res\.zip: metadata\.json: not JSON/],
    [
      "metadata.json that is not JATOS's",
      run(one(lines, { 'metadata.json': enc('{"data":[{"studyId":"x"}]}') })),
      /metadata\.json: data\[0\]\.studyId/,
    ],
  ])('%s', (_, f, message) => {
    expect(f).toThrow(message);
  });

  it('refuses an archive whose metadata lists data or files it does not hold', () => {
    const full = resultsZip([{ id: 1, components: [{ id: 2, data: lines, files: { 'practice-p1.twrp': replayBytes(1) } }] }]);
    const entries = Object.fromEntries(Object.entries(unzipAll(full)).filter(([n]) => !n.endsWith('data.txt')));
    expect(() => importJatosResults([{ name: 'r.zip', bytes: zipSync(entries) }])).toThrow(
      /^r\.zip: metadata\.json lists study result 1, component result 2 with \d+ bytes of data, but the archive has no data\.txt for it/,
    );
    const noFile = Object.fromEntries(Object.entries(unzipAll(full)).filter(([n]) => !n.includes('/files/')));
    expect(() => importJatosResults([{ name: 'r.zip', bytes: zipSync(noFile) }])).toThrow(
      /component result 2 with the file 'practice-p1\.twrp', but the archive does not have it/,
    );
  });
});

const unzipAll = (bytes: Uint8Array): Record<string, Uint8Array> => unzipSync(bytes);

describe('lines', () => {
  it('writes one JSON line per record, read back as a record', () => {
    const rec = participantRecords(m, 'p1', 'A', '2026-11-27T09:00:00.000Z', 2).at(-1)!;
    const line = recordLine(rec);
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ twinfield: 1, kind: 'record', record: rec });
    expect(STEPS).toBeGreaterThan(5);
  });

  it('names uploads so JATOS takes them', () => {
    expect(practiceFileName('5f3a9c')).toBe('practice-5f3a9c.twrp');
    expect(practiceFileName('a b/c:d')).toBe('practice-a_b_c_d.twrp');
    expect(recordingFileName('alice', 'b')).toBe('recording-alice-b.twrp');
    expect(isJatosFileName(practiceFileName('x y?'))).toBe(true);
    expect(isJatosFileName('a b.twrp')).toBe(false);
  });
});
