// bench:planner's own arguments (the figures themselves are printed, never asserted).
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/bench-planner';
import { runMain } from '../../cli/tool-run';

const run = (args: string[]) => runMain(main, args);

describe('npm run bench:planner (src/cli/bench-planner.ts)', () => {
  it('refuses a bad --game-mazes, --game-seeds or --game-frames before any work: exit 2, one error: line', async () => {
    for (const [args, says] of [
      [['--game', '--game-mazes', 'pillars,nowhere'], /^error: --game-mazes: must be one of .*got 'nowhere'$/],
      [['--game', '--game-seeds', '0'], /^error: option --game-seeds: 0 is below the limit 1$/],
      [['--game', '--game-frames', '0'], /^error: option --game-frames: 0 is below the limit 1$/],
    ] as const) {
      const r = await run([...args]);
      expect(r.status, args.join(' ')).toBe(2);
      const lines = r.stderr.split('\n').filter((l) => l.startsWith('error:'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(says);
      expect(r.stdout).toBe('');
    }
  });
});
