import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/dodge';
import { runMain } from '../../cli/tool-run';

function run(args: string[]) {
  return runMain(main, args);
}

describe('dodge tool', () => {
  it('prints the first move, path value and best path as JSON', async () => {
    const r = await run(['fixtures/dodge/aimed-stream.json', '--preset', 'imap-multi', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out.preset).toBe('imap-multi');
    expect(typeof out.move).toBe('string');
    expect(typeof out.value).toBe('number');
    expect(out.path).toHaveLength(5);
    expect(out.alive).toBe(true);
  });

  it('exits 2 with an error line naming the bad field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dodge-cli-'));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ ship: { x: 10, y: 20 }, bullets: [{ x: 1, y: 2, vx: 0, vy: 1, r: 3 }] }));
    const r = await run([bad, '--preset', 'imap']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: .*bad\.json: bullets\[0\]\.age: /m);
    const p = await run(['fixtures/dodge/aimed-stream.json', '--preset', 'nope']);
    expect(p.status).toBe(2);
    expect(p.stderr).toMatch(/^error: preset: unknown preset 'nope'/m);
    const m = await run([join(dir, 'missing.json')]);
    expect(m.status).toBe(2);
    expect(m.stderr).toMatch(/^error: .*missing\.json: cannot read file/m);
  });
});
