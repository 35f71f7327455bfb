// `presets fit-reference`: fits a reference to recorded play and writes it; bad input exits 2 with
// one error line and writes nothing (the tool runs in-process).
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getReferencePlayer, parseReferencePlayer, ReferenceController } from '../../src/controllers/reference';
import { main as presets } from '../../src/cli/presets';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { encodeBundle } from '../../src/storage/bundle';
import { createMatch, MatchRunner, type Controller } from '../../src/sim';
import { errLines, lastJson, runMain } from './tool-run';

const dir = mkdtempSync(join(tmpdir(), 'fit-reference-'));

/** A 30 s practice match of a reference player; `human` marks the side as a person's, as a person's recording is. */
function recordTo(file: string, human: boolean): string {
  const ref = new ReferenceController({ ...getReferencePlayer('skilled'), name: 'someone', delayFrames: 18 });
  const c: Controller = human ? { spec: 'human', human: true, decide: (s, side) => ref.decide(s, side) } : ref;
  const s = createMatch({ seed: 5, mode: 'practice', difficulty: 'hard', infiniteLives: true, timeLimit: 30 * 60 });
  const runner = new MatchRunner(s, [c]);
  while (runner.tick());
  const path = join(dir, file);
  writeFileSync(path, encodeReplay(replayFromRunner(runner, { date: '2026-01-01T00:00:00.000Z' })));
  return path;
}

const person = recordTo('person.twrp', true);
const model = recordTo('model.twrp', false);

describe('presets fit-reference', { timeout: 60_000 }, () => {
  it('fits the human sides by default and writes a reference that parses; --json gives the estimates', async () => {
    const out = join(dir, 'My Player.json');
    const r = await runMain(presets, ['fit-reference', person, '--out', out, '--base', 'skilled', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const o = lastJson(r.stdout);
    const written = parseReferencePlayer(JSON.parse(readFileSync(out, 'utf8')), out);
    expect(written).toEqual(o.player);
    expect(written.name).toBe('my-player');
    expect(written.attention).toBe(getReferencePlayer('skilled').attention);
    expect(Object.keys(o.fields as object)).toEqual([
      'delayFrames',
      'margin',
      'decisionFrames',
      'minHoldFrames',
      'focusCrowd',
      'shootShare',
    ]);
    expect(o.measured).toMatchObject({ replays: 1, sides: 1, seconds: 30 });
    expect(written.description).toMatch(/direction changes\/s, mean clearance/);
    // Without --json: the table and where it went.
    const t = await runMain(presets, ['fit-reference', model, '--side', 'p1', '--name', 'cpu-fit', '--out', join(dir, 'cpu.json')]);
    expect(t.status, t.stderr).toBe(0);
    expect(t.stdout).toMatch(/^fitted cpu-fit to 1 side of 1 replay/);
    expect(t.stdout).toMatch(/\n {2}delayFrames +\d+ +14 /);
    expect(t.stdout).toMatch(/wrote .*cpu\.json/);
  });

  it('takes a .twrb bundle; --side all fits every side', async () => {
    const bundle = join(dir, 'all.twrb');
    const entry = (name: string, path: string) => ({ name, tags: [], bytes: new Uint8Array(readFileSync(path)) });
    writeFileSync(bundle, encodeBundle([entry('person', person), entry('model', model)]));
    const human = await runMain(presets, ['fit-reference', bundle, '--out', join(dir, 'b1.json'), '--json']);
    expect(human.status, human.stderr).toBe(0);
    expect(lastJson(human.stdout).measured).toMatchObject({ replays: 1, sides: 1 });
    const all = await runMain(presets, ['fit-reference', bundle, '--side', 'all', '--out', join(dir, 'b2.json'), '--json']);
    expect(all.status, all.stderr).toBe(0);
    expect(lastJson(all.stdout).measured).toMatchObject({ replays: 2, sides: 2, seconds: 60 });
  });

  it('bad input: exit 2, one error line, nothing written', async () => {
    const out = join(dir, 'never.json');
    const cases: [string[], RegExp][] = [
      [['fit-reference', join(dir, 'missing.twrp'), '--out', out], /^error: .*missing\.twrp: cannot read file \(no such file\)$/],
      [['fit-reference', model, '--out', out], /^error: no human side in the replay .*; pass --side p1, p2 or all/],
      [['fit-reference', person, '--out', join(dir, 'no-such-dir', 'x.json')], /^error: option --out: .*no such directory/],
      [['fit-reference', person], /^error: fit-reference needs --out FILE/],
      [['fit-reference', person, '--out', out, '--side', 'p2'], /^error: no side p2 in the replay/],
      [['fit-reference', person, '--out', out, '--name', 'Bad Name'], /^error: option --name: 'Bad Name' must be/],
      [['fit-reference', person, '--out', out, '--base', 'pro'], /^error: .*unknown reference player 'pro'/],
      [['list', '--base', 'casual'], /^error: option --base does nothing with 'list'/],
    ];
    for (const [args, re] of cases) {
      const r = await runMain(presets, args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(errLines(r.stderr)).toEqual([expect.stringMatching(re)]);
      expect(r.stdout).toBe('');
    }
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dir, 'no-such-dir'))).toBe(false);
  });
});
