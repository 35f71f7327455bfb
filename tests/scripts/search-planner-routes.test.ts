// scripts/search-planner-routes.ts refuses a --write it could not carry out before searching (the
// search takes minutes), and checks the fixtures before writing any of them.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../scripts/search-planner-routes';
import { FIXTURE_OF, SETTING_NAMES } from '../../src/cli/eval-planner-facts';
import { errLines, runMain } from '../cli/tool-run';

const refused = async (args: string[], re: RegExp) => {
  const r = await runMain(main, args);
  expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(2);
  expect(errLines(r.stderr)).toEqual([expect.stringMatching(re)]);
};

describe('search-planner-routes --write', () => {
  it('is refused before the search when it could not write', async () => {
    // 10^6 candidates would take hours: each refusal comes before any of them is run.
    const big = ['--candidates', '1000000'];
    await refused([...big, '--ties', 'early', '--write'], /^error: --write needs the default tie-break \(hurt\) among --ties$/);
    await refused([...big, '--fixtures', 'x'], /^error: option --fixtures does nothing without --write$/);
    await refused([...big, '--write', '--fixtures', '/nonexistent'], /^error: .*\/nonexistent\/grid10-hp5\.json: cannot read file/);
    const dir = mkdtempSync(join(tmpdir(), 'routes-'));
    for (const s of SETTING_NAMES) writeFileSync(join(dir, FIXTURE_OF[s]), readFileSync(join('fixtures/planner', FIXTURE_OF[s])));
    writeFileSync(join(dir, FIXTURE_OF.hp1), '{"instance": {}, "instance": {}}');
    await refused([...big, '--write', '--fixtures', dir], /grid10-hp1\.json:1:\d+: duplicate key "instance"/);
    // Nothing was written: the other fixtures are as they were.
    expect(readFileSync(join(dir, FIXTURE_OF.hp5), 'utf8')).toBe(readFileSync(join('fixtures/planner', FIXTURE_OF.hp5), 'utf8'));
  });
});
