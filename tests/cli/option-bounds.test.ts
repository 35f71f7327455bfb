// Options that drive time or memory carry their bounds in the tool's spec (src/cli/common.ts): a value
// outside them is refused before any work, with the option, the value and the limit.
import { describe, expect, it } from 'vitest';
import { main as benchDodge } from '../../src/cli/bench-dodge';
import { main as benchSim } from '../../src/cli/bench-sim';
import { main as replay } from '../../src/cli/replay';
import { errLines, runMain } from './tool-run';

describe('option bounds', () => {
  const cases: [string, typeof benchSim, string[], RegExp][] = [
    ['bench:sim --frames', benchSim, ['--frames', '1000000000'], /^error: option --frames: 1000000000 is above the limit 864000$/],
    ['bench:sim --runs 0', benchSim, ['--runs', '0'], /^error: option --runs: 0 is below the limit 1$/],
    ['bench:dodge --scenes', benchDodge, ['--scenes', '100000'], /^error: option --scenes: 100000 is above the limit 200$/],
    ['replay bench --seeks', replay, ['bench', '--seeks', '1000000000'], /^error: option --seeks: 1000000000 is above the limit 100000$/],
  ];
  for (const [name, tool, args, re] of cases) {
    it(`${name}: exit 2, one error line`, async () => {
      const r = await runMain(tool, args);
      expect(r.status).toBe(2);
      expect(errLines(r.stderr)).toHaveLength(1);
      expect(errLines(r.stderr)[0]).toMatch(re);
    });
  }
});
