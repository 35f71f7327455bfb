// bench:planner's own arguments (the figures themselves are printed, never asserted).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const run = (args: string[]) => spawnSync('npx', ['tsx', 'src/cli/bench-planner.ts', ...args], { encoding: 'utf8', timeout: 60_000 });

describe('npm run bench:planner (src/cli/bench-planner.ts)', () => {
  it('refuses a bad --game-mazes, --game-seeds or --game-frames before any work: exit 2, one error: line', () => {
    for (const [args, says] of [
      [['--game', '--game-mazes', 'pillars,nowhere'], /^error: --game-mazes: must be one of .*got 'nowhere'$/],
      [['--game', '--game-seeds', '0'], /^error: --game-seeds must be ≥ 1, got 0$/],
      [['--game', '--game-frames', '0'], /^error: --game-frames must be ≥ 1, got 0$/],
    ] as const) {
      const r = run([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(r.stdout).toBe('');
    }
  });
});
