import { describe, expect, it } from 'vitest';
import { getDodgePreset } from '../../src/cpu/presets';
import { bulletCounts } from '../../src/preset-eval/bullets';
import { getStagePreset, parseStagePreset } from '../../src/sim/stage-preset';

describe('bullet counts of a stage preset', () => {
  it('a denser stage preset puts more bullets in the field at level 1; level 2 is counted apart', () => {
    // A 10 s level keeps the test short.
    const short = (name: string, density: number) => parseStagePreset({ ...getStagePreset(name), framesPerLevel: 600, density });
    const novice = getDodgePreset('novice');
    const thin = [0, 1, 2].map((s) => bulletCounts(short('easy', 0.3), novice, null, s));
    const dense = [0, 1, 2].map((s) => bulletCounts(short('easy', 2.5), novice, null, s));
    const sum = (xs: { level1Mean: number }[]) => xs.reduce((a, c) => a + c.level1Mean, 0);
    expect(sum(dense)).toBeGreaterThan(1.5 * sum(thin));
    for (const c of [...thin, ...dense]) {
      expect(c.level1Peak).toBeGreaterThanOrEqual(c.level1Mean);
      expect(c.level2Peak).toBeGreaterThan(0);
    }
    expect(bulletCounts(short('easy', 1), novice, null, 4)).toEqual(bulletCounts(short('easy', 1), novice, null, 4));
  });
});
