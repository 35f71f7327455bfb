// The two JATOS commands end to end: `study build --jatos` writes an archive JATOS accepts (its .jas
// checked against the schema, every site file inside) and `study import-jatos` turns a results
// export into answers `study analyze` reads.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/study';
import { recordStandIn } from '../../../src/cli/study-stand-in';
import { encodeReplay } from '../../../src/replay';
import { checkAnswers } from '../../../src/study/answers';
import { parseJas } from '../../../src/study/jatos/jas-schema';
import { checkStudy } from '../../../src/study/schema';
import { paperStudyInput } from '../../../src/study/template';
import { lastJson, runMain } from '../../cli/tool-run';
import { dataText, miniManifest, participantRecords, replayBytes, resultsZip } from './fixtures';

const tool = (args: string[]) => runMain(main, args);
const dir = mkdtempSync(join(tmpdir(), 'twf-jatos-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('study build --jatos', () => {
  it('writes a .jzip holding a valid .jas and the whole site, with the Prolific completion as its end redirect', async () => {
    const studyPath = join(dir, 'two.json');
    const study = checkStudy(
      {
        ...paperStudyInput(),
        players: [
          { id: 'calm', label: 'Calm', source: 'human', replays: ['calm-a.twrp'] },
          { id: 'busy', label: 'Busy', source: 'human', replays: ['busy-a.twrp'] },
        ],
        sets: [{ a: 'calm', b: 'busy', variants: ['a', 'a'] }],
        groups: [
          { id: 'A', orders: ['AB'] },
          { id: 'B', orders: ['BA'] },
        ],
        attention: [],
        clip: { seconds: 2, start: 1 },
        prolific: { completionCode: 'C1A2B3' },
      },
      'two.json',
    );
    writeFileSync(studyPath, JSON.stringify(study));
    for (const [who, spec] of [
      ['calm', 'idle'],
      ['busy', 'random:3'],
    ] as const)
      writeFileSync(join(dir, `${who}-a.twrp`), encodeReplay(recordStandIn(study, who, 'a', spec, '2026-01-01T00:00:00Z')));
    // A page stand-in (a real build runs Vite): study build takes an earlier page with --page-from.
    const page = join(dir, 'page');
    mkdirSync(join(page, 'assets'), { recursive: true });
    writeFileSync(join(page, 'index.html'), '<!doctype html><title>study</title><script src="assets/main.js"></script>');
    writeFileSync(join(page, 'assets', 'main.js'), 'console.log(1)');
    const out = join(dir, 'pkg');
    const r = await tool(['build', studyPath, '--out', out, '--page-from', page, '--stand-ins', '--jatos', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const j = lastJson(r.stdout) as { jzip: string; fingerprint: string; studyId: string };
    const entries = unzipSync(new Uint8Array(readFileSync(j.jzip)));
    const names = Object.keys(entries);
    const jasName = names.find((n) => n.endsWith('.jas'))!;
    const jas = parseJas(JSON.parse(new TextDecoder().decode(entries[jasName])), jasName);
    expect(jas.data.endRedirectUrl).toBe('https://app.prolific.com/submissions/complete?cc=C1A2B3');
    const dirName = jas.data.dirName;
    expect(jas.data.componentList[0]!.htmlFilePath).toBe('index.html');
    for (const f of ['index.html', 'assets/main.js', 'manifest.json']) expect(names).toContain(`${dirName}/${f}`);
    expect(names.filter((n) => n.startsWith(`${dirName}/clips/`))).toHaveLength(2);
    expect(new TextDecoder().decode(entries[`${dirName}/manifest.json`])).toContain(j.fingerprint);
  });
});

describe('study import-jatos', () => {
  it('writes answers.json (finished and unfinished runs) and the uploaded replays', async () => {
    const m = miniManifest();
    const done = participantRecords(m, 'p1', 'A', '2026-11-27T10:00:00.000Z');
    const half = participantRecords(m, 'p2', 'B', '2026-11-27T10:05:00.000Z', 5);
    const practice = replayBytes(4);
    const zip = resultsZip([
      { id: 1, components: [{ id: 11, data: dataText(done), files: { 'practice-p1.twrp': practice } }] },
      { id: 2, state: 'DATA_RETRIEVED', components: [{ id: 12, data: dataText(half) }] },
    ]);
    const zipPath = join(dir, 'results.zip');
    writeFileSync(zipPath, zip);
    const out = join(dir, 'imported');
    const r = await tool(['import-jatos', zipPath, '--out', out, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const answers = checkAnswers(JSON.parse(readFileSync(join(out, 'answers.json'), 'utf8')), 'answers.json');
    expect(answers.map((a) => [a.pid, a.finishedAt !== null])).toEqual([
      ['p1', true],
      ['p2', false],
    ]);
    expect(new Uint8Array(readFileSync(join(out, 'replays', 'practice-p1.twrp')))).toEqual(practice);
    expect(r.stdout).toMatch(/2 participants?/);
  });

  it('says what is wrong with a file that is not a results export, and with no --out', async () => {
    const bad = join(dir, 'not.zip');
    writeFileSync(bad, 'hello');
    const r = await tool(['import-jatos', bad, '--out', join(dir, 'x')]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/not\.zip/);
    const n = await tool(['import-jatos', bad]);
    expect(n.status).toBe(2);
    expect(n.stderr).toMatch(/--out DIR is required/);
  });
});
