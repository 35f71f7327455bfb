import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const run = (args: string[]) => spawnSync('npx', ['tsx', 'src/cli/chase.ts', ...args], { encoding: 'utf8', cwd: process.cwd() });

describe('chase tool', () => {
  it('exits 2 with error: and line:column on a bad maze', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chase-'));
    const file = join(dir, 'bad.maze');
    writeFileSync(file, '#####\n#P.A#\n#.x.#\n#####\n');
    const r = run([file, '--method', 'wave']);
    expect(r.status).toBe(2);
    const lines = r.stderr.trim().split('\n').filter((l) => !l.startsWith('npm warn'));
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/^error: .*bad\.maze:3:3: unknown character 'x'/);
    const ragged = join(dir, 'ragged.maze');
    writeFileSync(ragged, '#####\n#P.A#\n###\n');
    const r2 = run([ragged]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^error: .*ragged\.maze:3:4: ragged row/m);
  });

  it('prints the issue JSON shape', () => {
    const r = run(['mazes/pillars.maze', '--method', 'flow', '--json']);
    expect(r.status).toBe(0);
    const last = r.stdout.trim().split('\n').pop()!;
    const out = JSON.parse(last) as { chasers: Record<string, unknown>[] };
    expect(out.chasers.map((c) => c.id)).toEqual(['A', 'B', 'C']);
    for (const c of out.chasers) expect(Object.keys(c).sort()).toEqual(['caught', 'geodesic', 'id', 'path_length', 'steps']);
    expect(out.chasers.every((c) => c.caught === true)).toBe(true);
  });
});
