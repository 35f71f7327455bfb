// replay verify / info on a .twrb bundle (issue 17): each entry is verified or described.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main as match } from '../../src/cli/match';
import { main as replay } from '../../src/cli/replay';
import { decodeReplay, encodeReplay } from '../../src/replay/format';
import { encodeBundle } from '../../src/storage/bundle';
import { errLines, lastJson, runMain } from './tool-run';

describe('replay verify/info on bundles', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'replay-bundle-'));
  const a = join(dir, 'a.twrp');
  const b = join(dir, 'b.twrp');
  const bundle = join(dir, 'all.twrb');
  const badBundle = join(dir, 'bad.twrb');

  beforeAll(async () => {
    expect((await runMain(match, ['--seed', '5', '--frames', '240', '--p1', 'random:1', '--record', a])).status).toBe(0);
    expect((await runMain(match, ['--mode', 'practice', '--seed', '6', '--frames', '120', '--p1', 'random:2', '--record', b])).status).toBe(
      0,
    );
    writeFileSync(
      bundle,
      encodeBundle([
        { name: 'first', tags: [], bytes: readFileSync(a) },
        { name: 'second', tags: ['t'], bytes: readFileSync(b) },
      ]),
    );
    // A desync in the second entry: its recorded checksum no longer matches.
    const r = decodeReplay(readFileSync(b));
    r.checksums[0] = {
      frame: r.checksums[0]!.frame,
      hash: r.checksums[0]!.hash === '0000000000000000' ? '0000000000000001' : '0000000000000000',
    };
    writeFileSync(
      badBundle,
      encodeBundle([
        { name: 'first', tags: [], bytes: readFileSync(a) },
        { name: 'broken', tags: [], bytes: encodeReplay(r) },
      ]),
    );
  });

  it('verify takes each replay of the bundle; exit 1 names the one that does not verify', async () => {
    const ok = await runMain(replay, ['verify', bundle, '--json']);
    expect(ok.status, ok.stderr).toBe(0);
    const out = lastJson(ok.stdout) as { ok: boolean; bundle: boolean; replays: { ok: boolean; frames: number }[] };
    expect(out).toMatchObject({ ok: true, bundle: true });
    expect(out.replays.map((x) => [x.ok, x.frames])).toEqual([
      [true, 240],
      [true, 120],
    ]);
    const text = await runMain(replay, ['verify', badBundle]);
    expect(text.status).toBe(1);
    expect(text.stdout).toMatch(/bad\.twrb, replay 1 of 2 "first": OK/);
    expect(text.stdout).toMatch(/bad\.twrb, replay 2 of 2 "broken": DESYNC at frame/);
    expect(text.stdout).toMatch(/bundle of 2 replays, 1 verify, 1 do not/);
  });

  it('info describes each entry; a damaged bundle is one error naming it as a bundle', async () => {
    const r = await runMain(replay, ['info', bundle, '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = lastJson(r.stdout) as { bundle: boolean; replays: { seed: number; frames: number; sides: unknown[] }[] };
    expect(out.replays.map((x) => [x.seed, x.frames, x.sides.length])).toEqual([
      [5, 240, 2],
      [6, 120, 1],
    ]);
    const text = await runMain(replay, ['info', bundle]);
    expect(text.stdout).toMatch(/^.*all\.twrb: Twinfield replay bundle of 2 replays$/m);
    expect(text.stdout).toMatch(/replay 2 of 2 "second": Twinfield replay/);
    const cut = join(dir, 'cut.twrb');
    writeFileSync(cut, readFileSync(bundle).subarray(0, 60));
    const bad = await runMain(replay, ['info', cut]);
    expect(bad.status).toBe(2);
    expect(errLines(bad.stderr)).toEqual([expect.stringMatching(/^error: .*cut\.twrb: byte \d+: .*\(a replay bundle, \.twrb\)$/)]);
  });
});
