import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main as matchMain } from '../../src/cli/match';
import { main as replayMain } from '../../src/cli/replay';
import { runMain } from '../cli/tool-run';
import { decodeReplay, encodeReplay } from '../../src/replay';

/** The tools run in-process (tests/cli/entry.test.ts runs each once as its own process). */
const MAINS = { match: matchMain, replay: replayMain };
const tool = (name: keyof typeof MAINS, args: string[]) => runMain(MAINS[name], args);
const toolAsync = tool;
const last = (out: string) => JSON.parse(out.trim().split('\n').pop()!) as Record<string, unknown>;
const errorLines = (stderr: string) =>
  stderr
    .trim()
    .split('\n')
    .filter((l) => l && !l.startsWith('npm warn'));

describe('replay tools', () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
  const file = join(dir, 'm.twrp');

  it('match --record writes a replay that verifies, and replay:FILE controllers reproduce the final hash', async () => {
    const args = ['--seed', '9', '--difficulty', 'hard', '--time-limit', '1800'];
    const m = await tool('match', [...args, '--p1', 'random:4', '--p2', 'scripted', '--record', file, '--json']);
    expect(m.status, m.stderr).toBe(0);
    const played = last(m.stdout);

    const v = await tool('replay', ['verify', file, '--json']);
    expect(v.status, v.stderr).toBe(0);
    expect(last(v.stdout)).toMatchObject({ ok: true, frames: played.frames, first_bad_frame: null });

    const again = await tool('match', [...args, '--p1', `replay:${file}`, '--p2', `replay:${file}`, '--json']);
    expect(again.status, again.stderr).toBe(0);
    expect(last(again.stdout)).toMatchObject({ hash: played.hash, frames: played.frames, winner: played.winner });

    const info = await tool('replay', ['info', file, '--json']);
    expect(info.status, info.stderr).toBe(0);
    const i = last(info.stdout);
    expect(i).toMatchObject({ seed: 9, frames: played.frames, final_hash: played.hash });
    expect((i.sides as { controller: string; human: boolean }[]).map((s) => [s.controller, s.human])).toEqual([
      ['random:4', false],
      ['scripted', false],
    ]);
    const text = await tool('replay', ['info', file]);
    expect(text.stdout).toMatch(/side 2 +scripted — CPU/);
  });

  it('reports the first bad checksum frame and exits 1', async () => {
    const r = decodeReplay(readFileSync(file));
    r.checksums[3] = { frame: 240, hash: r.checksums[3]!.hash === '0000000000000000' ? '0000000000000001' : '0000000000000000' };
    const bad = join(dir, 'bad.twrp');
    writeFileSync(bad, encodeReplay(r));
    const v = await tool('replay', ['verify', bad, '--json']);
    expect(v.status).toBe(1);
    expect(last(v.stdout)).toMatchObject({ ok: false, first_bad_frame: 240 });
  });

  it('bad files exit 2 with one error line naming the file', async () => {
    const junk = join(dir, 'junk.twrp');
    writeFileSync(junk, 'hello, not a replay');
    const cut = join(dir, 'cut.twrp');
    writeFileSync(cut, readFileSync(file).subarray(0, 100));
    const cases: [string[], RegExp][] = [
      [['verify', join(dir, 'missing.twrp')], /^error: .*missing\.twrp: cannot read file \(no such file\)$/],
      [['info', junk], /^error: .*junk\.twrp: byte 0: not a Twinfield replay \(wrong magic/],
      [['verify', cut], /^error: .*cut\.twrp: byte 8: truncated/],
      [['verify', dir], /^error: .*: is a directory/],
      [['frobnicate', file], /^error: unknown command 'frobnicate'/],
      [['bench', cut], /^error: .*cut\.twrp: byte 8: truncated/],
    ];
    const [m, ...runs] = await Promise.all([
      toolAsync('match', ['--p1', `replay:${junk}`, '--frames', '10']),
      ...cases.map(([args]) => toolAsync('replay', args)),
    ]);
    cases.forEach(([args, re], k) => {
      const r = runs[k]!;
      expect(r.status, args.join(' ')).toBe(2);
      const lines = errorLines(r.stderr);
      expect(lines.length).toBe(1);
      expect(lines[0]).toMatch(re);
    });
    expect(m.status).toBe(2);
    expect(errorLines(m.stderr)[0]).toMatch(/^error: controller 'replay:.*junk\.twrp': .*junk\.twrp: byte 0: not a Twinfield replay/);
  });

  it('bench FILE measures that replay: size per minute, verify speed, seeks bounded by the keyframe interval', async () => {
    const b = await tool('replay', ['bench', file, '--runs', '1', '--seeks', '5', '--json']);
    expect(b.status, b.stderr).toBe(0);
    const r = last(b.stdout);
    const frames = decodeReplay(readFileSync(file)).frames;
    expect(r).toMatchObject({ file, frames, bytes: readFileSync(file).length, runs: 1, seeks: 5 });
    expect(r.bytes_per_minute).toBe(Math.round(readFileSync(file).length / (frames / 3600)));
    expect(r.seek_max_steps as number).toBeLessThan(r.keyframe_interval as number);
  });
});
