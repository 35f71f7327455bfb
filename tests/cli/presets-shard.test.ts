// `--shard i/N --out PART` and `presets merge PART...`: the parts of a run merge into the report of
// the one-machine run, byte for byte; parts that do not make up one run exactly are refused.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { main as presets } from '../../src/cli/presets';
import { runMain } from './tool-run';

const run = (args: string[]) => runMain(presets, args);
const lastLine = (stdout: string) => stdout.trim().split('\n').pop()!;
const dir = mkdtempSync(join(tmpdir(), 'presets-shard-'));
const part = (name: string) => join(dir, name);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function expectError(args: string[], re: RegExp) {
  const r = await run(args);
  expect(r.status).toBe(2);
  expect(r.stderr.trim().split('\n')).toHaveLength(1);
  expect(r.stderr.trim()).toMatch(re);
}

const ADAPTIVE = ['adaptive', '--runs', '3', '--matches', '2', '--players', 'newcomer', '--workers', '0'];

describe('presets --shard and merge', { timeout: 300_000 }, () => {
  it('three shards of adaptive merge into the one-machine JSON byte for byte (and the same text)', async () => {
    const local = await run([...ADAPTIVE, '--json']);
    expect(local.status, local.stderr).toBe(0);
    for (const i of [1, 2, 3]) {
      const r = await run([...ADAPTIVE, '--shard', `${i}/3`, '--out', part(`a${i}.json`), '--json']);
      expect(r.status, r.stderr).toBe(0);
      expect(JSON.parse(lastLine(r.stdout))).toEqual({ shard: `${i}/3`, jobs: 1, of: 3, file: part(`a${i}.json`) });
    }
    // The part file keeps the run's command line without where it ran.
    expect(JSON.parse(readFileSync(part('a2.json'), 'utf8')).argv).toEqual([
      'adaptive',
      '--players',
      'newcomer',
      '--runs',
      '3',
      '--matches',
      '2',
    ]);
    const merged = await run(['merge', part('a3.json'), part('a1.json'), part('a2.json'), '--json']);
    expect(merged.status, merged.stderr).toBe(0);
    expect(lastLine(merged.stdout)).toBe(lastLine(local.stdout));
    const text = await run(['merge', part('a1.json'), part('a2.json'), part('a3.json')]);
    expect(text.stdout).toMatch(/^newcomer +│ \d+ % \[\d+–\d+\] s 0\.\d\d/m);
  });

  it('eval: two shards of an odd number of jobs merge into the local JSON', async () => {
    const args = ['eval', 'novice', '--stage', 'easy', '--seeds', '3', '--opponents', '', '--drill-seconds', '4'];
    const local = await run([...args, '--workers', '0', '--json']);
    for (const i of [1, 2]) expect((await run([...args, '--shard', `${i}/2`, '--out', part(`e${i}.json`)])).status).toBe(0);
    const merged = await run(['merge', part('e1.json'), part('e2.json'), '--json']);
    expect(merged.status, merged.stderr).toBe(0);
    expect(lastLine(merged.stdout)).toBe(lastLine(local.stdout));
  });

  it('parts that are not one whole run are refused with one error line', async () => {
    await expectError(['merge', part('a1.json'), part('a3.json')], /^error: missing shard\(s\) 2\/3$/);
    await expectError(['merge', part('a1.json'), part('a1.json'), part('a2.json')], /^error: .*a1\.json: shard 1\/3 again/);
    await expectError(['merge', part('a1.json'), part('e1.json')], /^error: .*e1\.json: from another run than/);
    writeFileSync(part('junk.json'), '{"format":"x"}');
    await expectError(['merge', part('junk.json')], /^error: .*junk\.json: not a presets part file \(format/);
    const tampered = JSON.parse(readFileSync(part('a1.json'), 'utf8'));
    tampered.results = [];
    writeFileSync(part('t1.json'), JSON.stringify(tampered));
    await expectError(
      ['merge', part('t1.json'), part('a2.json'), part('a3.json')],
      /^error: .*t1\.json: not a presets part file \(results/,
    );
    // A part whose command line gives other jobs here (the digest of the jobs differs).
    const other = JSON.parse(readFileSync(part('e1.json'), 'utf8'));
    const other2 = JSON.parse(readFileSync(part('e2.json'), 'utf8'));
    for (const p of [other, other2]) p.argv[p.argv.indexOf('--drill-seconds') + 1] = '5';
    writeFileSync(part('o1.json'), JSON.stringify(other));
    writeFileSync(part('o2.json'), JSON.stringify(other2));
    await expectError(
      ['merge', part('o1.json'), part('o2.json')],
      /^error: merge: the parts ran other jobs than their command line gives here/,
    );
    // Parts played by other rules (another SIM_VERSION) are not mixed into this checkout's report.
    const old = [1, 2].map((i) => JSON.parse(readFileSync(part(`e${i}.json`), 'utf8')));
    old.forEach((p, i) => writeFileSync(part(`s${i + 1}.json`), JSON.stringify({ ...p, sim: p.sim - 1 })));
    await expectError(
      ['merge', part('s1.json'), part('s2.json')],
      /^error: merge: the parts were played at SIM_VERSION \d+, this checkout is/,
    );
    await expectError(['merge'], /^error: merge needs the part files/);
  });

  it('bad --shard, --out and --queue combinations exit 2 with one error line', async () => {
    await expectError([...ADAPTIVE, '--shard', '1/3'], /^error: --shard needs --out FILE/);
    await expectError([...ADAPTIVE, '--shard', '4/3', '--out', part('x.json')], /^error: --shard: '4\/3' is not i\/N/);
    await expectError([...ADAPTIVE, '--out', part('x.json')], /^error: --out goes with --shard i\/N here/);
    await expectError(['calibrate', 'easy', '--shard', '1/2'], /^error: option --shard does nothing with 'calibrate'/);
    await expectError(
      ['eval', 'easy', '--queue', 'redis://h:1', '--workers', '2'],
      /^error: options --(workers|queue) and --(workers|queue) do not go/,
    );
    await expectError(['eval', 'easy', '--queue', 'http://h:1'], /^error: --queue: 'http:\/\/h:1' is not redis:\/\/HOST:PORT/);
    await expectError(['worker'], /^error: worker needs --queue redis:\/\/HOST:PORT/);
  });
});
