import { describe, expect, it } from 'vitest';
import { ADAPTIVE_START, adaptivePresets, afterMatch, newAdaptive } from '../../src/cpu/presets/adaptive';
import { readAdaptiveTag } from '../../src/replay/adaptive-tag';
import {
  adaptiveLabel,
  adaptiveNote,
  adaptiveResultLine,
  adaptiveSetup,
  aimWords,
  playerResult,
  settleAdaptive,
  withOutcome,
} from '../../src/scenes/adaptive-match';
import { createMatch } from '../../src/sim';
import { stageConfig } from '../../src/sim/config';

describe('Adaptive in the game', () => {
  const st = { strength: 0.42, matches: 3, target: 0.5 };

  it("plays the state's CPU and stage presets, P1 a person, the state in the setup and the replay tag", () => {
    const setup = adaptiveSetup(st, { seed: 7, stages: 'open' });
    const { cpu, stage } = adaptivePresets(st);
    expect(setup.p1).toBe('human');
    expect(setup.p2).toBe(`cpu:${cpu.name}`);
    expect(setup.p2).toBe('cpu:strength-42');
    expect(setup.cpuPresets).toEqual([cpu]);
    expect(setup.config).toEqual({ seed: 7, mode: 'versus', stages: 'open', ...stageConfig(stage) });
    expect(setup.adaptive).toEqual(st);
    expect(readAdaptiveTag(setup.extra)).toEqual({ ...st, result: null, next: null });
    // The config is a valid match config (a custom stage preset given in full).
    expect(createMatch(setup.config).config.stageSpeed).toBe(stage.speed);
    expect(adaptiveSetup(st, { seed: 1, stages: 'maze', maze: 'gen:5' }).config).toMatchObject({ stages: 'maze', maze: 'gen:5' });
    expect(adaptiveSetup(st, { seed: 1, stages: 'open', maze: 'pillars' }).config.maze).toBeUndefined();
  });

  it("counts the player's result: win 1, draw 0.5, loss 0, moved by afterMatch", () => {
    expect([0, null, 1].map(playerResult)).toEqual([1, 0.5, 0]);
    const setup = adaptiveSetup(st, { seed: 7, stages: 'open' });
    for (const [winner, won] of [
      [0, 1],
      [null, 0.5],
      [1, 0],
    ] as const) {
      const o = settleAdaptive(setup, winner)!;
      expect(o).toEqual({ before: st, after: afterMatch(st, won), won });
      // The replay saved after the end carries the state before and after.
      const tag = readAdaptiveTag(withOutcome(setup, o).extra);
      expect(tag).toEqual({ ...st, result: won, next: afterMatch(st, won) });
    }
    expect(settleAdaptive({ config: { seed: 1 }, p1: 'human', p2: 'cpu:normal' }, 0)).toBeNull();
    expect(withOutcome(setup, null)).toBe(setup);
    // Other extra fields stay.
    expect(withOutcome({ ...setup, extra: { ...setup.extra, note: 'x' } }, settleAdaptive(setup, 0)).extra!.note).toBe('x');
  });

  it('says what it does in plain words', () => {
    expect(adaptiveLabel(st)).toBe('Adaptive 42');
    expect(aimWords(0.5)).toBe('about half the time');
    expect(aimWords(0.3)).toBe('about 3 matches in 10');
    expect(aimWords(0.7)).toBe('about 7 matches in 10');
    const start = Math.round(ADAPTIVE_START * 100);
    expect(adaptiveNote(st)).toBe(
      `The CPU adjusts after each match so you win about half the time. Now: strength 42 of 100 (Normal is ${start}).`,
    );
    expect(adaptiveNote(newAdaptive(ADAPTIVE_START, 0.7))).toContain('about 7 matches in 10');
    const line = (won: 0 | 0.5 | 1, s = st) => adaptiveResultLine({ before: s, after: afterMatch(s, won), won });
    const up = Math.round(afterMatch(st, 1).strength * 100);
    const down = Math.round(afterMatch(st, 0).strength * 100);
    expect(line(1)).toBe(`Adaptive: strength 42 → ${up} (you won, so the next match is harder)`);
    expect(line(0)).toBe(`Adaptive: strength 42 → ${down} (you lost, so the next match is easier)`);
    expect(line(0.5)).toBe('Adaptive: strength 42 → 42 (a draw, no change)');
    expect(line(1, { strength: 1, matches: 9, target: 0.5 })).toBe('Adaptive: strength 100 → 100 (you won, already the strongest)');
    expect(line(0, { strength: 0, matches: 9, target: 0.5 })).toBe('Adaptive: strength 0 → 0 (you lost, already the gentlest)');
  });
});
