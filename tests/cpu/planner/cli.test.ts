import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/plan';
import { runMain } from '../../cli/tool-run';

const run = (args: string[]) => runMain(main, args);

describe('npm run plan (src/cli/plan.ts)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'planner-cli-'));

  it('prints the §3.5 plan as one JSON object on the last line', async () => {
    const r = await run(['fixtures/planner/paper-3.5.json', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out).toMatchObject({ feasible: true, reward: 2, time: 8, finalHp: 1, mode: 'restricted' });
    expect(out.actions.map((a: { at: string; do: string }) => `${a.do}:${a.at}`).join(' ')).toBe(
      'move:c attack:c heal:c move:e move:d heal:d attack:d move:f',
    );
    expect(typeof out.ms).toBe('number');
  });

  it('exits 2 with one error: line naming the file and field for a bad instance', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ graph: { nodes: ['a', 'b'], edges: [['a', 'b', 0]] }, start: 'a', goal: 'b', maxHp: 2 }));
    const r = await run([bad]);
    expect(r.status).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`${bad}: graph.edges[0][2]: time must be a positive number`);
  });

  it('exits 2 on malformed JSON, naming the line and column', async () => {
    const bad = join(dir, 'broken.json');
    writeFileSync(bad, '{\n  "maxHp": 3,\n  "start": "a"\n  "goal": "b"\n}\n');
    const r = await run([bad]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      `error: ${bad}:4:3: malformed JSON (expected ',' or '}' after a property value, found '"')`,
    ]);
  });

  it('exits 2 on malformed JSON nested 100000 deep (no stack overflow), naming the line and column', async () => {
    const deep = join(dir, 'deep.json');
    writeFileSync(deep, `${'['.repeat(100_000)}1,`);
    const r = await run([deep]);
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n').filter((l) => l.startsWith('error:'))).toEqual([
      `error: ${deep}:1:100003: malformed JSON (expected a value, found the end of the text)`,
    ]);
  });

  it('an instance too large for exact mode exits 2 saying it is a size limit of the mode; other modes answer', async () => {
    const big = join(dir, 'big.json');
    const cells: string[] = [];
    for (let y = 0; y < 10; y++) for (let x = 0; x < 10; x++) if (x + y > 2 && !(x === 9 && y === 0)) cells.push(`${x},${y}`);
    const rows = ['.........G', ...Array<string>(8).fill('..........'), 'P.........'];
    writeFileSync(big, JSON.stringify({ maze: rows, maxHp: 5, enemies: cells.slice(0, 31).map((at) => ({ at })), healAt: 'anywhere' }));
    const r = await run([big, '--json']);
    expect(r.status).toBe(2);
    const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^error: .*big\.json: exact mode: instance too large \(more than 30 attackable enemies: 31\); use --mode unrestricted$/,
    );
    const u = await run([big, '--mode', 'unrestricted', '--json']);
    expect(u.status).toBe(0);
    expect(JSON.parse(u.stdout.trim().split('\n').pop()!)).toMatchObject({ feasible: true, mode: 'unrestricted' });
  });
});
