// The presets tool and preset files in the other tools: every tool that takes a preset name takes
// a .json file too; bad input exits 2 with one error line naming the file and field.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getReferencePlayer } from '../../src/controllers/reference';
import { getDodgePreset, parseDodgePreset } from '../../src/cpu/presets';
import { main as evalDodge } from '../../src/cli/eval-dodge';
import { main as match } from '../../src/cli/match';
import { main as presets } from '../../src/cli/presets';
import { main as replay } from '../../src/cli/replay';
import type { ToolMain } from '../../src/cli/common';
import { getStagePreset } from '../../src/sim/stage-preset';
import { runMain, type ToolRun } from './tool-run';

// The tools run in-process (main(argv, io)); entry.test.ts covers the entry-script path.
const TOOLS: Record<string, ToolMain> = { presets, match, replay, 'eval-dodge': evalDodge };
const run = (script: string, args: string[]) => runMain(TOOLS[script]!, args);
const lastJson = (stdout: string) => JSON.parse(stdout.trim().split('\n').pop()!);
const dir = mkdtempSync(join(tmpdir(), 'presets-'));
const cpuFile = join(dir, 'my-cpu.json');
writeFileSync(cpuFile, JSON.stringify({ ...getDodgePreset('hard'), name: 'my-cpu', label: 'My CPU', reactionFrames: 40 }));
const stageFile = join(dir, 'my-stage.json');
writeFileSync(
  stageFile,
  JSON.stringify({ ...getStagePreset('easy'), name: 'my-stage', label: 'My stage', density: 0.3, lives: 2, timeLimit: 20 }),
);
const refFile = join(dir, 'my-ref.json');
writeFileSync(refFile, JSON.stringify({ ...getReferencePlayer('newcomer'), name: 'my-ref', label: 'My reference', delayFrames: 20 }));
const brokenRef = join(dir, 'broken-ref.json');
writeFileSync(brokenRef, JSON.stringify({ ...getReferencePlayer('newcomer'), delayFrames: 600 }));
const broken = join(dir, 'broken.json');
writeFileSync(broken, JSON.stringify({ ...getDodgePreset('hard'), depth: 99 }));

async function expectError(pending: Promise<ToolRun>, re: RegExp) {
  const r = await pending;
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr).toMatch(re);
}

// eval and calibrate play real matches (on worker threads); on the shared 2-core machine that can take a while.
const SLOW = { timeout: 300_000 };

describe('presets tool', () => {
  it('list and fields print the built-ins and the schema as JSON', SLOW, async () => {
    const l = lastJson((await run('presets', ['list', '--json'])).stdout);
    expect(l.cpu.map((p: { name: string }) => p.name)).toContain('novice');
    expect(l.pairs.map((p: { name: string }) => p.name)).toEqual(['easy', 'normal', 'hard', 'lunatic']);
    const f = lastJson((await run('presets', ['fields', '--json'])).stdout);
    expect(f.stage.find((x: { path: string }) => x.path === 'density')).toMatchObject({ min: 0.1, max: 3 });
  });

  it('eval takes a preset file and reports CIs, metrics and the seeds per second (worker threads)', SLOW, async () => {
    const r = await run('presets', [
      'eval',
      cpuFile,
      'novice',
      '--stage',
      stageFile,
      '--seeds',
      '2',
      '--opponents',
      'easy',
      '--drill-seconds',
      '5',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/eval: 8\/8/);
    const o = lastJson(r.stdout);
    expect(o.presets.map((p: { preset: string }) => p.preset)).toEqual(['my-cpu', 'novice']);
    const st = o.presets[0].stages[0];
    expect(st.stage).toBe('my-stage');
    expect(st.drill_hits_per_min.n).toBe(2);
    expect(st.versus[0]).toMatchObject({ opponent: 'easy' });
    expect(st.versus[0].win_rate.lo).toBeLessThanOrEqual(st.versus[0].win_rate.value);
    expect(st.versus[0].survival_s.value).toBeLessThanOrEqual(20);
    expect(o.presets[0].human_likeness.frames).toBeGreaterThan(600);
    // The JSON report has no timing (so runs on other runners compare); the throughput goes to stderr.
    expect(o).not.toHaveProperty('seconds');
    const workers = Math.min(availableParallelism(), 8);
    expect(r.stderr).toMatch(new RegExp(`^8 runs \\(2 seeds\\) on ${workers} worker\\(s\\) in [\\d.]+ s: [\\d.]+ seeds/s`, 'm'));
  });

  it('calibrate writes a valid preset with the value found and its CI', SLOW, async () => {
    const out = join(dir, 'cal.json');
    const r = await run('presets', [
      'calibrate',
      'easy',
      '--param',
      'reactionFrames',
      '--min',
      '0',
      '--max',
      '8',
      '--target',
      'hits_per_min=0',
      '--stage',
      'easy',
      '--drill-seconds',
      '4',
      '--seeds',
      '2',
      '--max-seeds',
      '2',
      '--workers',
      '0',
      '--out',
      out,
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const o = lastJson(r.stdout);
    const p = parseDodgePreset(JSON.parse(readFileSync(out, 'utf8')));
    expect(p.reactionFrames).toBe(o.value);
    expect(o.value).toBeGreaterThanOrEqual(0);
    expect(o.value).toBeLessThanOrEqual(8);
    expect(p.description).toMatch(/Calibrated reactionFrames = \d+: hits_per_min [\d.]+ \(95 % CI/);
    expect(o.trace.length).toBeGreaterThanOrEqual(2);
  });

  it('bad input exits 2 with one error line naming what and where', SLOW, async () => {
    await expectError(run('presets', ['eval', broken]), /^error: .*broken\.json\.depth: /);
    await expectError(run('presets', ['eval', 'nobody']), /^error: preset: unknown preset 'nobody'/);
    await expectError(run('presets', ['eval', 'easy', '--stage', join(dir, 'missing.json')]), /^error: .*missing\.json: cannot read file/);
    await expectError(run('presets', ['frobnicate']), /^error: unknown command 'frobnicate'/);
    // A mistyped command is named as such, not blamed on an option meant for another command.
    await expectError(run('presets', ['evl', '--seeds', '5']), /^error: unknown command 'evl' \(commands: list, fields, eval/);
    await expectError(
      run('presets', ['calibrate', 'easy', '--param', 'focus', '--target', 'win_rate=0.5']),
      /^error: --param focus: not a numeric preset field/,
    );
    await expectError(
      run('presets', ['calibrate', 'easy', '--param', 'slip', '--target', 'fun=1']),
      /^error: --target: unknown metric 'fun'/,
    );
    await expectError(run('presets', ['ladder', '--seeds', '0']), /^error: option --seeds: 0 is below/);
    await expectError(run('presets', ['ladder', '--seeds', '2', '--seeds', '3']), /^error: .*--seeds.*(twice|more than once|once)/);
    await expectError(run('presets', ['eval', 'easy', '--workers', '65']), /^error: option --workers: 65 is above/);
  });
});

describe('presets adaptive', () => {
  it('plays runs of matches under Adaptive difficulty and prints the win rate and strength per match', SLOW, async () => {
    const r = await run('presets', ['adaptive', '--runs', '2', '--matches', '2', '--players', 'newcomer', '--workers', '0', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const o = lastJson(r.stdout);
    expect(o).toMatchObject({ runs: 2, matches: 2, target: 0.5, band: [0.35, 0.65] });
    const c = o.curves[0];
    expect(c.player).toBe('newcomer');
    expect(c.points.map((p: { match: number }) => p.match)).toEqual([0, 1]);
    // Every run starts where Normal sits; the second match is played where the first result moved it.
    expect(c.points[0].strength).toBe(o.start);
    expect(c.points[1].strength).not.toBe(o.start);
    const text = await run('presets', ['adaptive', '--runs', '1', '--matches', '1', '--players', 'newcomer', '--workers', '0']);
    expect(text.stdout).toMatch(/^newcomer +│ \d+ % \[\d+–\d+\] s 0\.\d\d/m);
    expect(text.stdout).toMatch(/every player settled within 5 matches: (yes|NO)/);
  });

  it('bad options exit 2 with one error line', SLOW, async () => {
    await expectError(run('presets', ['adaptive', '--win-target', '0.95']), /^error: option --win-target: 0.95 is above/);
    await expectError(run('presets', ['adaptive', '--players', 'nobody']), /^error: --players: unknown player 'nobody'/);
    await expectError(run('presets', ['ladder', '--runs', '3']), /^error: .*--runs/);
  });
});

describe('presets ladder', () => {
  it('plays the reference players against the pairs on worker threads and prints the matrix and targets', SLOW, async () => {
    const r = await run('presets', ['ladder', '--seeds', '1', '--pairs', 'easy', '--players', 'newcomer']);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/ladder: 1\/1/);
    const lines = r.stdout.split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^player +│ Easy$/));
    expect(lines).toContainEqual(expect.stringMatching(/^newcomer │ CPU \d+ % \[\d+–\d+\] · surv ≥?\d+ s · KO \d\/\d$/));
    expect(lines).toContainEqual(expect.stringMatching(/^ +│ won \d\/\d · 90 s \d+ % · lost\/min [\d.]+\/[\d.]+$/));
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}newcomer on Easy: median survival ≥ 90 s, player win ≥ 30 %: \d+ s, \d+ % — (met|NOT met)$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^1 match on 1 worker\(s\) in [\d.]+ s$/));
  });

  it('--json: a reference file and the novice (--reference is --players), one cell each', SLOW, async () => {
    const r = await run('presets', [
      'ladder',
      '--seeds',
      '1',
      '--pairs',
      'easy',
      '--players',
      `${refFile},cpu:novice`,
      '--workers',
      '0',
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    const o = lastJson(r.stdout);
    expect(o.players).toEqual(['my-ref', 'novice']);
    expect(o.rows.map((x: { kind: string }) => x.kind)).toEqual(['reference', 'cpu']);
    expect(o.rows[0].cells[0]).toMatchObject({ player: 'my-ref', pair: 'easy', matches: 1 });
    // A changed reference has no targets; the novice has its old ones.
    expect(o.targets.map((t: { text: string }) => t.text)).toEqual(['novice on Easy: CPU win ≤ 35 %, mean survival ≥ 90 s']);
    expect(o.matches).toBe(2);
    const alias = lastJson(
      (await run('presets', ['ladder', '--seeds', '1', '--pairs', 'easy', '--reference', 'novice', '--workers', '0', '--json'])).stdout,
    );
    expect(alias.players).toEqual(['novice']);
    expect(alias.rows[0].cells[0]).toEqual(o.rows[1].cells[0]);
  });

  it('bad players exit 2 with one error line', SLOW, async () => {
    await expectError(
      run('presets', ['ladder', '--players', 'nobody']),
      /^error: --players: unknown player 'nobody' \(reference players: newcomer, casual, skilled; /,
    );
    await expectError(run('presets', ['ladder', '--reference', 'nobody']), /^error: --reference: unknown player 'nobody'/);
    await expectError(run('presets', ['ladder', '--players', brokenRef]), /^error: .*broken-ref\.json\.delayFrames: /);
    await expectError(run('presets', ['ladder', '--players', 'human:nobody']), /^error: reference: unknown reference player 'nobody'/);
    await expectError(run('presets', ['ladder', '--players', 'newcomer,newcomer']), /^error: --players: two players named 'newcomer'/);
    await expectError(
      run('presets', ['ladder', '--players', 'newcomer', '--reference', 'novice']),
      /^error: options --reference and --players do not go together/,
    );
    await expectError(run('presets', ['ladder', '--pairs', 'nightmare']), /^error: --pairs: unknown pair 'nightmare'/);
  });
});

describe('preset files in the other tools', () => {
  it('match: --p1 cpu:FILE.json and --difficulty FILE.json; the replay keeps the full values', SLOW, async () => {
    const rec = join(dir, 'm.tfr');
    const r = await run('match', [
      '--seed',
      '4',
      '--frames',
      '600',
      '--p1',
      `cpu:${cpuFile}`,
      '--p2',
      'cpu:easy',
      '--difficulty',
      stageFile,
      '--record',
      rec,
      '--json',
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(lastJson(r.stdout)).toMatchObject({ p1: 'cpu:my-cpu', frames: 600 });
    const v = await run('replay', ['info', rec, '--json']);
    const info = JSON.stringify(lastJson(v.stdout));
    expect(info).toContain('my-stage');
    expect(info).toContain('"stageDensity":0.3');
    // Verifies anywhere: the preset files are not needed (here: deleted first).
    writeFileSync(`${stageFile}.bak`, readFileSync(stageFile));
    writeFileSync(stageFile, '{ broken');
    const ver = await run('replay', ['verify', rec, '--json']);
    writeFileSync(stageFile, readFileSync(`${stageFile}.bak`));
    expect(ver.status, ver.stderr).toBe(0);
    expect(lastJson(ver.stdout)).toMatchObject({ ok: true, frames: 600 });
    await expectError(run('match', ['--p1', `cpu:${broken}`]), /^error: controller 'cpu:.*broken\.json': .*broken\.json\.depth: /);
    await expectError(run('match', ['--difficulty', broken]), /^error: .*broken\.json\.(name|speed|unknown|depth)/);
    // human:FILE.json: a reference player from a file.
    const h = await run('match', ['--seed', '1', '--frames', '60', '--p1', `human:${refFile}`, '--p2', 'idle', '--json']);
    expect(h.status, h.stderr).toBe(0);
    expect(lastJson(h.stdout)).toMatchObject({ p1: 'human:my-ref', frames: 60 });
    await expectError(
      run('match', ['--p1', `human:${brokenRef}`]),
      /^error: controller 'human:.*broken-ref\.json': .*broken-ref\.json\.delayFrames: /,
    );
  });

  it('eval:dodge and dodge take a preset file', SLOW, async () => {
    const e = await run('eval-dodge', ['--presets', `${cpuFile},easy`, '--seeds', '1', '--frames', '60', '--suites', 'enemy', '--json']);
    expect(e.status, e.stderr).toBe(0);
    expect(Object.keys(lastJson(e.stdout).presets ?? lastJson(e.stdout))).toEqual(expect.arrayContaining(['my-cpu']));
  });
});
