import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/match';
import { runMain } from './tool-run';

const tool = (args: string[]) => runMain(main, args);

describe('match tool', () => {
  it('same arguments give the same hash; --json ends stdout with one object', async () => {
    const args = ['--seed', '9', '--frames', '900', '--p1', 'random:2', '--p2', 'cpu:easy', '--json'];
    const a = (await tool(args)).stdout.trim().split('\n').pop()!;
    const b = (await tool(args)).stdout.trim().split('\n').pop()!;
    const out = JSON.parse(a);
    expect(out).toMatchObject({ frames: 900, winner: null, finished: false, p1: 'random:2', p2: 'cpu:easy' });
    expect(out.hash).toMatch(/^[0-9a-f]{16}$/);
    expect(JSON.parse(b).hash).toBe(out.hash);
  });

  it('bad arguments exit 2 with one error line', async () => {
    for (const [args, re] of [
      [['--p1', 'nobody'], /^error: unknown controller 'nobody'/],
      [['--seed', 'x'], /^error: option --seed: 'x' is not a whole number/],
      [['--difficulty', 'extreme'], /^error: stage preset: unknown 'extreme'/],
      [['--bogus'], /^error: unknown option --bogus/],
      [['--mode', 'practice', '--p2', 'bad'], /^error: --p2 bad: practice mode has one side and no opponent/],
      [['--mode', 'practice', '--p2', 'scripted'], /^error: --p2 scripted: practice mode/],
      [['--p2', 'bad'], /^error: unknown controller 'bad'/],
    ] as const) {
      const r = await tool([...args]);
      expect(r.status).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(re);
    }
  });

  it('practice plays one side: no --p2 needed, none reported', async () => {
    const r = await tool(['--mode', 'practice', '--seed', '3', '--frames', '120', '--p1', 'random:1', '--json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').pop()!);
    expect(out).toMatchObject({ frames: 120, p1: 'random:1', p2: null });
    expect(out.sides).toHaveLength(1);
  });
});
