import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const run = (args: string[]) => spawnSync('npx', ['tsx', 'src/cli/plan.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run plan (src/cli/plan.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-cli-'));

  it('prints the §3.5 plan as one JSON object on the last line', () => {
    const r = run(['fixtures/planner/paper-3.5.json', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out).toMatchObject({ feasible: true, reward: 2, time: 8, finalHp: 1, mode: 'restricted' });
    expect(out.actions.map((a: { at: string; do: string }) => `${a.do}:${a.at}`).join(' ')).toBe('move:c attack:c heal:c move:e move:d heal:d attack:d move:f');
    expect(typeof out.ms).toBe('number');
  });

  it('exits 2 with one error: line naming the file and field for a bad instance', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ graph: { nodes: ['a', 'b'], edges: [['a', 'b', 0]] }, start: 'a', goal: 'b', maxHp: 2 }));
    const r = run([bad]);
    expect(r.status).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${bad}: graph.edges[0][2]: time must be a positive number`);
  });

  it('exits 2 on malformed JSON', () => {
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{"maxHp": 3,');
    const r = run([bad]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: .*broken\.json: malformed JSON/m);
  });
});
