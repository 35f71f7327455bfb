import { describe, expect, it } from 'vitest';
import { clampStrength, strengthCpu, strengthName, strengthStage } from '../../src/cpu/presets/strength';
import { parseDodgePreset } from '../../src/cpu/presets';
import { parseStagePreset } from '../../src/sim/stage-preset';

const grid = Array.from({ length: 101 }, (_, i) => i / 100);

describe('the strength scale', () => {
  it('every CPU value gets stronger (or stays) as the strength rises', () => {
    // +1: larger is stronger; −1: smaller is stronger.
    const stronger: [string, (s: number) => number, 1 | -1][] = [
      ['depth', (s) => strengthCpu(s).depth, 1],
      ['reactionFrames', (s) => strengthCpu(s).reactionFrames, -1],
      ['slip', (s) => strengthCpu(s).slip, -1],
      ['lure', (s) => strengthCpu(s).lure, 1],
      ['switchPenalty', (s) => strengthCpu(s).switchPenalty, -1],
      ['framesPerStep', (s) => strengthCpu(s).framesPerStep, -1],
      ['cpu.clearBelow', (s) => strengthCpu(s).cpu.clearBelow, -1],
      ['cpu.shootShare', (s) => strengthCpu(s).cpu.shootShare, 1],
      ['cpu.blunder', (s) => strengthCpu(s).cpu.blunder, -1],
      ['cpu sends attacks', (s) => (strengthCpu(s).cpu.attackAt > 0 ? 1 : 0), 1],
      ['stage speed', (s) => strengthStage(s).speed, 1],
      ['stage density', (s) => strengthStage(s).density, 1],
      ['stage interval', (s) => strengthStage(s).interval, -1],
      ['stage framesPerLevel', (s) => strengthStage(s).framesPerLevel, -1],
      ['stage maxLevel', (s) => strengthStage(s).maxLevel, 1],
    ];
    for (const [name, f, dir] of stronger)
      for (let i = 1; i < grid.length; i++)
        expect(dir * (f(grid[i]!) - f(grid[i - 1]!)), `${name} at ${grid[i]}`).toBeGreaterThanOrEqual(0);
    // and it is a scale, not a constant: the ends differ in every listed value but the fixed ones.
    expect(strengthCpu(0).reactionFrames).toBeGreaterThan(strengthCpu(1).reactionFrames);
    expect(strengthCpu(0).cpu.blunder).toBeGreaterThan(0);
    expect(strengthCpu(1).cpu.blunder).toBe(0);
  });

  it('gives valid presets that survive a JSON round trip, named by the strength', () => {
    for (const s of [0, 0.16, 0.5, 1]) {
      const c = strengthCpu(s);
      expect(parseDodgePreset(JSON.parse(JSON.stringify(c)))).toEqual(c);
      expect(parseStagePreset(JSON.parse(JSON.stringify(strengthStage(s))))).toEqual(strengthStage(s));
    }
    expect(strengthName(0.164)).toBe('strength-16');
    expect(clampStrength(1.7)).toBe(1);
    expect(clampStrength(-2)).toBe(0);
    expect(() => clampStrength(Number.NaN)).toThrow(/strength must be a number/);
  });
});
