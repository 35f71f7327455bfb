import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main as matchMain } from '../../src/cli/match';
import { main as metricsMain } from '../../src/cli/metrics';
import { runMain } from '../cli/tool-run';
import { oneFramePresses } from '../../src/metrics/index';
import { decodeReplay, encodeReplay } from '../../src/replay/format';
import { encodeBundle } from '../../src/storage/bundle';

// node --import tsx runs the same script as `npm run -s <name>`, twice as fast to start.
/** The tools run in-process (tests/cli/entry.test.ts runs each once as its own process). */
const MAINS = { match: matchMain, metrics: metricsMain };
const tool = (name: keyof typeof MAINS, args: string[]) => runMain(MAINS[name], args);
const toolAsync = tool;
const last = (out: string) => JSON.parse(out.trim().split('\n').pop()!) as Out;
const errorLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn'));

const METRICS = ['minutes', 'one_frame_per_min', 'dir_changes_per_s', 'moving_fraction', 'mean_clearance', 'min_clearance', 'hits_per_min'];
type Side = Record<string, number | string | boolean | null>;
interface Out {
  replays: { file: string; entry?: number; title?: string; sides: Record<string, Side> }[];
  groups: { human: Side | null; cpu: Side | null };
  controllers: Record<string, Side>;
}

// The tools run in-process; a busy shared machine may still be slow.
describe('metrics tool', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'metrics-cli-'));
  const file = join(dir, 'm.twrp');
  const FRAMES = 1200;

  beforeAll(async () => {
    const m = await tool('match', [
      '--seed',
      '1',
      '--frames',
      String(FRAMES),
      '--p1',
      'cpu:imap-multi',
      '--p2',
      'random:3',
      '--record',
      file,
    ]);
    expect(m.status, m.stderr).toBe(0);
  }, 180_000);

  it('prints per side who played and the metrics; imap-multi never taps a key for one frame, random:3 does', async () => {
    const r = await tool('metrics', [file, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = last(r.stdout);
    expect(out.replays.length).toBe(1);
    expect(out.replays[0]!.file).toBe(file);
    const { p1, p2 } = out.replays[0]!.sides as { p1: Side; p2: Side };
    for (const s of [p1, p2]) for (const k of ['human', 'controller', ...METRICS]) expect(s).toHaveProperty(k);
    expect(p1).toMatchObject({ human: false, controller: 'cpu:imap-multi', preset: 'imap-multi' });
    expect(p1.minutes).toBeCloseTo(FRAMES / 3600, 3);
    expect(p2).toMatchObject({ human: false, controller: 'random:3', preset: null });
    expect(p1.one_frame_per_min).toBe(0);
    // random:3's count is what the recorded inputs say, and it is not 0
    const inputs = decodeReplay(readFileSync(file)).inputs;
    const taps = oneFramePresses(inputs[1]!);
    expect(taps).toBeGreaterThan(0);
    expect(p2.one_frame_per_min).toBeCloseTo(taps / (FRAMES / 3600), 2);
    expect(oneFramePresses(inputs[0]!)).toBe(0);
    for (const s of [p1, p2]) {
      expect(s.moving_fraction as number).toBeGreaterThan(0);
      expect(s.moving_fraction as number).toBeLessThanOrEqual(1);
      expect(s.mean_clearance as number).toBeGreaterThanOrEqual(s.min_clearance as number);
    }
    expect(out.groups.human).toBeNull();
    expect(out.groups.cpu).toMatchObject({ sides: 2 });

    const text = await tool('metrics', [file]);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/p1 +CPU cpu:imap-multi/);
    expect(text.stdout).toMatch(/p2 +CPU random:3/);
  });

  it('groups sides by human / CPU across files, and --side and --from/--to choose what is measured', async () => {
    // The same match with side 2 marked as a person's: the human group is exactly that side.
    const r = decodeReplay(readFileSync(file));
    r.sides[1] = { controller: 'human', human: true, name: 'Alice', preset: null };
    const human = join(dir, 'human.twrp');
    writeFileSync(human, encodeReplay(r));
    // The library's "export all" bundle of the same two replays.
    const bundle = join(dir, 'all.twrb');
    writeFileSync(
      bundle,
      encodeBundle([
        { name: 'cpu match', tags: [], bytes: readFileSync(file) },
        { name: 'alice', tags: ['survey'], bytes: readFileSync(human) },
      ]),
    );
    const [both, text, bundled, window, after] = await Promise.all([
      toolAsync('metrics', [file, human, '--json']),
      toolAsync('metrics', [file, human]),
      toolAsync('metrics', [bundle, '--json']),
      toolAsync('metrics', [file, '--side', 'p2', '--from', '5', '--to', '15', '--json']),
      toolAsync('metrics', [file, '--from', '100', '--json']),
    ]);
    expect(both.status, both.stderr).toBe(0);
    const out = last(both.stdout);
    expect(out.replays.map((x) => x.file)).toEqual([file, human]);
    const alice = out.replays[1]!.sides.p2!;
    expect(alice).toMatchObject({ human: true, controller: 'human', name: 'Alice' });
    expect(out.groups.human).toEqual({ sides: 1, ...Object.fromEntries(METRICS.map((k) => [k, alice[k]])) });
    expect(out.groups.cpu!.sides).toBe(3);
    expect(out.controllers['cpu:imap-multi']!.sides).toBe(2);
    expect(out.controllers['cpu:imap-multi']!.one_frame_per_min).toBe(0);
    expect(text.stdout).toMatch(/pooled over 2 replays/);

    // The bundle measures the same.
    const fromBundle = last(bundled.stdout);
    expect(fromBundle.replays.map((x) => [x.file, x.entry, x.title])).toEqual([
      [bundle, 1, 'cpu match'],
      [bundle, 2, 'alice'],
    ]);
    expect(fromBundle.replays.map((x) => x.sides)).toEqual(out.replays.map((x) => x.sides));
    expect(fromBundle.groups).toEqual(out.groups);

    const p2 = last(window.stdout);
    expect(Object.keys(p2.replays[0]!.sides)).toEqual(['p2']);
    expect(p2.replays[0]!.sides.p2!.minutes).toBeCloseTo(10 / 60, 3);
    // A window past the end measures nothing: exit 2 with the reason (issue 16).
    expect(after.status).toBe(2);
    expect(errorLines(after.stderr)).toEqual([
      expect.stringMatching(/^error: nothing to measure: the window starts at 100 s \(--from\), past the end of the replay \(20\.00 s\)$/),
    ]);
  });

  it('bad files and arguments exit 2 with one error line naming the file', async () => {
    const junk = join(dir, 'junk.twrp');
    writeFileSync(junk, 'hello, not a replay');
    const cut = join(dir, 'cut.twrp');
    writeFileSync(cut, readFileSync(file).subarray(0, 100));
    const r = decodeReplay(readFileSync(file));
    r.checksums[3] = { frame: 240, hash: r.checksums[3]!.hash === '0000000000000000' ? '0000000000000001' : '0000000000000000' };
    const desync = join(dir, 'desync.twrp');
    writeFileSync(desync, encodeReplay(r));
    const badBundle = join(dir, 'bad.twrb');
    const bb = encodeBundle([{ name: 'x', tags: [], bytes: readFileSync(file) }]);
    bb[40] = bb[40]! ^ 0xff;
    writeFileSync(badBundle, bb);
    const cases: [string[], RegExp][] = [
      [[badBundle], /^error: .*bad\.twrb: byte 12: CRC mismatch/],
      [[junk], /^error: .*junk\.twrp: byte 0: not a Twinfield replay/],
      [[file, cut], /^error: .*cut\.twrp: byte 8: truncated/],
      [[join(dir, 'missing.twrp')], /^error: .*missing\.twrp: cannot read file/],
      [[desync], /^error: .*desync\.twrp: does not re-simulate: .*frame 240/],
      [[file, '--side', 'p3'], /^error: option --side/],
      [[file, '--from', '10', '--to', '5'], /^error: option --to/],
      [[], /^error: missing argument/],
    ];
    const results = await Promise.all(cases.map(([args]) => toolAsync('metrics', [...args, '--json'])));
    for (const [k, [args, re]] of cases.entries()) {
      const res = results[k]!;
      expect(res.status, args.join(' ')).toBe(2);
      expect(res.stdout).toBe('');
      const lines = errorLines(res.stderr);
      expect(lines.length, res.stderr).toBe(1);
      expect(lines[0]).toMatch(re);
    }
  });
});
