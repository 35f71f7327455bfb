// eval:planner's report (src/cli/eval-planner.ts): the paper's facts per run, and the report ends with
// where we differ from the paper and why, including the start-HP-1 and max-HP-7 runs.
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/eval-planner';
import { lastJson, runMain } from '../../cli/tool-run';

describe('npm run eval:planner (src/cli/eval-planner.ts)', { timeout: 120_000 }, () => {
  it('ends with the "where we differ and why" list, which covers every run whose facts differ', async () => {
    const r = await runMain(main, ['--random', '2', '--routes', '1']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const head = lines.indexOf('Where we differ from the paper and why:');
    expect(head).toBeGreaterThan(0);
    // Nothing after the list but its items (and their "why" lines).
    for (const l of lines.slice(head + 1)) expect(l, l).toMatch(/^ {2}- | {6}why: /);
    const list = lines.slice(head + 1).join('\n');
    // Every run with a fact that differs is named in the list, with the reason from its fixture.
    const json = lastJson((await runMain(main, ['--random', '2', '--routes', '1', '--json'])).stdout);
    const traces = json.traces as { scenario: string; mode: string; facts: { ok: boolean }[]; why: string[] }[];
    for (const t of traces) {
      if (t.facts.every((f) => f.ok)) continue;
      expect(list, `${t.scenario} ${t.mode}`).toContain(`${t.scenario}, ${t.mode}:`);
      expect(t.why.length, `${t.scenario} ${t.mode} has no "why" in its fixture`).toBeGreaterThan(0);
    }
    expect(list).toContain('start HP 1 of 5');
    expect(list).toContain('max HP 7');
    // The seeded random routes run in each of the paper's HP settings.
    expect(Object.keys(json.random_routes_by_setting as object).sort()).toEqual(['hp1', 'hp5', 'hp7']);
  });
});
