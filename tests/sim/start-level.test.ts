// Practice's start level (issue 25): the stage starts at that level and rises from there.
import { describe, expect, it } from 'vitest';
import { createMatch, levelAt, step } from '../../src/sim';
import { makeConfig } from '../../src/sim/config';

describe('start level', () => {
  it('starts the level ramp higher and keeps its cap', () => {
    const c = makeConfig({ seed: 1, mode: 'practice', difficulty: 'normal', startLevel: 4 });
    expect(levelAt(0, c)).toBe(4);
    expect(levelAt(c.stageFramesPerLevel, c)).toBe(5);
    expect(levelAt(100 * c.stageFramesPerLevel, c)).toBe(c.stageMaxLevel);
    expect(levelAt(0, makeConfig({ seed: 1 }))).toBe(1);
  });

  it('the first wave comes at the start level', () => {
    const s = createMatch({ seed: 3, mode: 'practice', difficulty: 'normal', startLevel: 5 });
    const levels: number[] = [];
    for (let f = 0; f < 200 && levels.length === 0; f++) {
      step(s, 0, 0);
      for (const e of s.events) if (e.type === 'wave') levels.push(e.level);
    }
    expect(levels[0]).toBe(5);
  });

  it('is refused beyond the level cap, naming the field', () => {
    expect(() => makeConfig({ seed: 1, difficulty: 'normal', startLevel: 99 })).toThrow(/config\.startLevel: .*level cap 7/);
    expect(() => makeConfig({ seed: 1, startLevel: 0 })).toThrow(/config\.startLevel/);
  });
});
