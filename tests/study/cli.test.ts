import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/study';
import { lastJson, runMain } from '../cli/tool-run';
import { studyBuildInput } from '../../src/cli/study-build';
import { writePackage } from '../../src/cli/study-site';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { buildPackage } from '../../src/study/build';
import { drillConfig } from '../../src/study/drill-config';
import { checkStudy } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';

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
      [[], /^error: missing command \(commands: template, record, build, analyze, simulate; see --help\)/],
      [['simulate', 'studies/paper.json'], /^error: --out FILE is required/],
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
    const study = checkStudy(
      {
        ...paperStudyInput(),
        players: [
          { id: 'calm', label: 'Calm', source: 'human', replays: ['calm-a.twrp', 'calm-b.twrp'] },
          { id: 'busy', label: 'Busy', source: 'human', replays: ['busy-a.twrp', 'busy-b.twrp'] },
        ],
        sets: [
          { a: 'calm', b: 'busy', variants: ['a', 'b'] },
          { a: 'busy', b: 'calm', variants: ['a', 'b'] },
        ],
        groups: [
          { id: 'A', orders: ['AB', 'AB'] },
          { id: 'B', orders: ['BA', 'BA'] },
        ],
        clip: { seconds: 4, start: 1 },
      },
      'two.json',
    );
    writeFileSync(studyPath, JSON.stringify(study));
    for (const [who, spec] of [
      ['calm', 'idle'],
      ['busy', 'random:9'],
    ] as const) {
      for (const v of ['a', 'b']) {
        const r = new MatchRunner(createMatch(drillConfig(study, v)), [createController(spec)]);
        r.runUntil(400);
        writeFileSync(join(dir, `${who}-${v}.twrp`), encodeReplay(replayFromRunner(r, { date: '2026-01-01T00:00:00Z' })));
      }
    }
    const pkg = buildPackage(studyBuildInput(study, studyPath, join(dir, 'no-cpu-clips')));
    writePackage(pkg, pkgDir);
    writeFileSync(join(pkgDir, 'key.json'), JSON.stringify(pkg.key));
    const answers = join(pkgDir, 'answers.json');
    expect(
      (await tool(['simulate', studyPath, '--raters', '8', '--seed', '2', '--key', join(pkgDir, 'key.json'), '--out', answers])).status,
    ).toBe(0);
    const a = await tool(['analyze', answers, '--study', studyPath, '--json']);
    expect(a.status).toBe(0);
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
  });
});
