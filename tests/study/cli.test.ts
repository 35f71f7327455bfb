import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/study';
import { lastJson, runMain } from '../cli/tool-run';
import { studyBuildInput } from '../../src/cli/study-build';
import { writePackage } from '../../src/cli/study-site';
import { encodeReplay } from '../../src/replay';
import { buildPackage } from '../../src/study/build';
import { recordStandIn } from '../../src/cli/study-stand-in';
import { parseKeyFile } from '../../src/study/key';
import { parseManifest } from '../../src/study/manifest';
import { checkStudy } from '../../src/study/schema';
import { twoPlayerStudy } from './two-player-study';

const tool = (args: string[]) => runMain(main, args);
const dir = mkdtempSync(join(tmpdir(), 'twf-study-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const errLines = (s: string) => s.split('\n').filter((l) => l.trim() !== '');

describe('study tool', () => {
  it('template paper prints the paper study; --out writes it', async () => {
    const r = await tool(['template', 'paper', '--json']);
    expect(r.status).toBe(0);
    const j = lastJson(r.stdout) as { study: { sets: unknown[]; players: { id: string }[] } };
    expect(j.study.sets).toHaveLength(8);
    expect(j.study.players.map((p) => p.id)).toEqual(['base', 'imap', 'imap-multi', 'expert', 'beginner']);
    // What raters read is in the file, for the researcher to edit there.
    for (const f of ['consent', 'debrief', 'contact', 'setOrder', 'attention', 'prolific', 'recording']) expect(j.study).toHaveProperty(f);
    expect((j.study as unknown as { consent: { minutes: number; text: { en: string } } }).consent.text.en).toMatch(/agree/);
    const out = join(dir, 'paper.json');
    expect((await tool(['template', 'paper', '--out', out])).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync('studies/paper.json', 'utf8'));
  });

  it('simulate then analyze (CSV): Table 3 near the paper, figures and report written', async () => {
    const answers = join(dir, 'answers.csv');
    const s = await tool(['simulate', 'studies/paper.json', '--raters', '30', '--seed', '1', '--out', answers, '--json']);
    expect(s.status).toBe(0);
    expect(lastJson(s.stdout)).toMatchObject({ raters: 30, trials: 240 });
    const out = join(dir, 'report');
    const a = await tool(['analyze', answers, '--out', out, '--json']);
    expect(a.status).toBe(0);
    const j = lastJson(a.stdout) as { participants: number; players: { id: string; mean: number; paper: number }[]; files: string[] };
    expect(j.participants).toBe(30);
    for (const p of j.players) expect(Math.abs(p.mean - p.paper)).toBeLessThan(0.4);
    for (const f of ['fig7.svg', 'table2.svg', 'report.html', 'analysis.json']) expect(existsSync(join(out, f))).toBe(true);
    const text = await tool(['analyze', answers]);
    expect(text.stdout).toContain('Table 3 — absolute human-likeness');
    expect(text.stdout).toMatch(/Human \(skilled\)\s+120\s+\d\.\d\d/);
  });

  it('bad input: exit 2 and one error line naming the file and field', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify([
        {
          studyId: 's',
          pid: 'p',
          group: 'A',
          lang: 'en',
          startedAt: 't',
          finishedAt: null,
          demographics: { experience: 'none', playsGames: true, ageBand: '' },
          trials: [
            {
              set: 1,
              order: 'AB',
              first: 'aaaaaa',
              second: 'bbbbbb',
              absFirst: 9,
              absSecond: 1,
              relative: 1,
              reasonFirst: '',
              reasonSecond: '',
              reasonRelative: '',
              rtMs: 0,
            },
          ],
        },
      ]),
    );
    const cases: [string[], RegExp][] = [
      [['analyze', bad, '--key', join(dir, 'key.json')], /^error: .*bad\.json: \[0\]\.trials\[0\]\.absFirst: /],
      [['analyze', join(dir, 'answers.csv'), '--key', join(dir, 'nope.json')], /^error: .*nope\.json: /],
      [['template', 'nope'], /^error: unknown template 'nope' \(templates: paper\)/],
      [['frobnicate'], /^error: unknown command 'frobnicate'/],
      [[], /^error: missing command \(commands: template, record, stand-in, build, import-jatos, serve, analyze, simulate; see --help\)/],
      [['simulate', 'studies/paper.json'], /^error: --out FILE is required/],
      [['build', 'studies/paper.json', '--out', join(dir, 'v'), '--video', '--video-fps', '45'], /^error: --video-fps 45: give 60 or 30/],
      [['build', 'studies/paper.json', '--out', join(dir, 'v'), '--video-fps', '30'], /^error: --video-fps needs --video/],
    ];
    const badStudy = join(dir, 'bad-study.json');
    writeFileSync(badStudy, readFileSync('studies/paper.json', 'utf8').replace('"cpu:imap"', '"imap"'));
    cases.push([['record', badStudy], /^error: .*bad-study\.json: players\[1\]\.source: must be 'cpu:PRESET'/]);
    for (const [args, re] of cases) {
      const r = await tool(args);
      expect({ args, status: r.status }).toEqual({ args, status: 2 });
      expect(errLines(r.stderr)).toHaveLength(1);
      expect(r.stderr).toMatch(re);
    }
  });

  it("analyze of a built package puts each shown clip's metrics beside its rating", async () => {
    const pkgDir = join(dir, 'pkg');
    const studyPath = join(dir, 'two.json');
    const study = twoPlayerStudy({ seconds: 4, start: 1 });
    writeFileSync(studyPath, JSON.stringify(study));
    for (const [who, spec] of [
      ['calm', 'idle'],
      ['busy', 'random:9'],
    ] as const) {
      for (const v of ['a', 'b'])
        writeFileSync(join(dir, `${who}-${v}.twrp`), encodeReplay(recordStandIn(study, who, v, spec, '2026-01-01T00:00:00Z')));
    }
    // Stand-ins (CPU-played) for human players: refused unless asked for, then marked in the key.
    expect(() => studyBuildInput(study, studyPath, join(dir, 'no-cpu-clips'))).toThrow(/is CPU-played/);
    const pkg = buildPackage(studyBuildInput(study, studyPath, join(dir, 'no-cpu-clips'), { standIns: true }));
    writePackage(pkg, pkgDir);
    const keyFile = parseKeyFile(readFileSync(join(pkgDir, 'key.json'), 'utf8'), 'key.json');
    expect(keyFile.fingerprint).toBe(pkg.fingerprint);
    expect(Object.values(keyFile.clips).every((e) => e.standIn === true)).toBe(true);
    expect(parseManifest(JSON.parse(readFileSync(join(pkgDir, 'site', 'manifest.json'), 'utf8'))).fingerprint).toBe(pkg.fingerprint);
    const answers = join(pkgDir, 'answers.json');
    expect(
      (await tool(['simulate', studyPath, '--raters', '8', '--seed', '2', '--key', join(pkgDir, 'key.json'), '--out', answers])).status,
    ).toBe(0);
    const a = await tool(['analyze', answers, '--study', studyPath, '--json']);
    expect(a.status).toBe(0);
    expect(a.stderr).toContain('warning: 4 clip(s) of human players are CPU-played stand-ins (calm, busy)');
    expect((await tool(['analyze', answers, '--study', studyPath])).stdout).toMatch(/^WARNING: 4 clip\(s\) of human players are/m);
    const j = lastJson(a.stdout) as {
      clips: { player: string; metrics: { frames: number; dir_changes_per_s: number } | null }[];
      correlations: Record<string, { n: number }>;
      players: { label: string }[];
    };
    expect(j.players.map((p) => p.label)).toEqual(['Calm', 'Busy']);
    expect(j.clips).toHaveLength(4);
    for (const c of j.clips) expect(c.metrics!.frames).toBe(240);
    const turns = (who: string) => j.clips.filter((c) => c.player === who).map((c) => c.metrics!.dir_changes_per_s);
    expect(Math.min(...turns('busy'))).toBeGreaterThan(Math.max(...turns('calm')));
    expect(j.correlations.dir_changes_per_s!.n).toBe(4);

    // The same study id with the players swapped is another package: its key refuses these answers.
    const swapped = checkStudy({ ...study, sets: study.sets.map((st) => ({ ...st, a: st.b, b: st.a })) }, 'swapped.json');
    const pkg2 = buildPackage(studyBuildInput(swapped, studyPath, join(dir, 'no-cpu-clips'), { standIns: true }));
    expect(pkg2.manifest.clips.map((c) => c.id)).toEqual(pkg.manifest.clips.map((c) => c.id));
    expect(pkg2.fingerprint).not.toBe(pkg.fingerprint);
    const pkg2Dir = join(dir, 'pkg2');
    writePackage(pkg2, pkg2Dir);
    const wrong = await tool(['analyze', answers, '--key', join(pkg2Dir, 'key.json')]);
    expect(wrong.status).toBe(2);
    expect(errLines(wrong.stderr)).toHaveLength(1);
    expect(wrong.stderr).toContain(
      `answers.json: participant 'sim001': the answers come from package ${pkg.fingerprint}, the key is of package ${pkg2.fingerprint}`,
    );
    // Answers from an older page (no fingerprint) against a key that has one.
    const old = join(dir, 'old-answers.json');
    writeFileSync(
      old,
      JSON.stringify(
        (JSON.parse(readFileSync(answers, 'utf8')) as object[]).map((p) => ({ ...p, fingerprint: undefined, playback: undefined })),
      ),
    );
    const older = await tool(['analyze', old, '--key', join(pkgDir, 'key.json')]);
    expect(older.status).toBe(2);
    expect(older.stderr).toMatch(
      /old-answers\.json: participant 'sim001': the answers carry no package fingerprint, so they come from an older package/,
    );
  });

  it('analyze lists slowed playback and failed attention checks, and --exclude-failed-attention drops those raters', async () => {
    const studyPath = join(dir, 'attn.json');
    const attention = [
      {
        afterSet: 4,
        prompt: { en: 'Choose "Agree"', ja: '「同意」を選んでください' },
        options: { en: ['No', 'Agree'], ja: ['いいえ', '同意'] },
        answer: 1,
      },
    ];
    writeFileSync(studyPath, JSON.stringify({ ...JSON.parse(readFileSync('studies/paper.json', 'utf8')), attention }));
    const sim = join(dir, 'attn', 'answers.json');
    mkdirSync(join(dir, 'attn'), { recursive: true });
    expect((await tool(['simulate', studyPath, '--raters', '60', '--seed', '3', '--out', sim])).status).toBe(0);
    const ps = JSON.parse(readFileSync(sim, 'utf8')) as { pid: string; attention: { correct: boolean }[]; playback: { fps: number }[] }[];
    const failed = ps.filter((p) => p.attention.some((x) => !x.correct)).map((p) => p.pid);
    const slowRaters = ps.filter((p) => p.playback.some((x) => x.fps < 54)).map((p) => p.pid);
    expect(failed.length).toBeGreaterThan(0);
    expect(slowRaters.length).toBeGreaterThan(0);
    const a = await tool(['analyze', sim, '--json']);
    expect(a.status).toBe(0);
    const j = lastJson(a.stdout) as {
      participants: number;
      attention: { checked: number; failed: { pid: string }[]; excluded: number };
      slowed: { count: number; participants: number; entries: { pid: string; fps: number }[] };
    };
    expect(j.participants).toBe(60);
    expect(j.attention.checked).toBe(60);
    expect(j.attention.failed.map((x) => x.pid)).toEqual(failed);
    expect(j.slowed.participants).toBe(slowRaters.length);
    expect(j.slowed.count).toBe(ps.flatMap((p) => p.playback).filter((x) => x.fps < 54).length);
    expect(j.slowed.entries.every((e) => e.fps < 54)).toBe(true);
    const text = await tool(['analyze', sim]);
    expect(text.stdout).toMatch(new RegExp(`Attention checks: 60 participants answered one, ${failed.length} failed \\(${failed[0]} 1/1`));
    expect(text.stdout).toMatch(
      new RegExp(`Slowed playback \\(fps < 54 or rate ≠ 1\\): ${j.slowed.count} clip/practice plays of ${slowRaters.length} `),
    );
    const ex = await tool(['analyze', sim, '--exclude-failed-attention', '--json']);
    const k = lastJson(ex.stdout) as { participants: number; attention: { excluded: number } };
    expect([k.participants, k.attention.excluded]).toEqual([60 - failed.length, failed.length]);
    expect(ex.stderr).toContain(`${failed.length} participant(s) excluded for failed attention checks`);
  });
});
