import { describe, expect, it } from 'vitest';
import { DODGE_PRESETS, DodgePresetSchema, dodgeParamsOf, getDodgePreset, parseDodgePreset, PresetError } from '../../src/presets/dodge';

describe('dodge presets', () => {
  it('has the paper players and the four difficulties, all valid', () => {
    const names = DODGE_PRESETS.map((p) => p.name);
    expect(names).toEqual(['base', 'imap', 'imap-multi', 'easy', 'normal', 'hard', 'lunatic']);
    for (const p of DODGE_PRESETS) expect(DodgePresetSchema.safeParse(p).success).toBe(true);
  });

  it('encodes the paper (table 1, A.5): depth 5, reaction 0.4 s, w = 0.003', () => {
    const base = getDodgePreset('Base');
    const imap = getDodgePreset('I-Map');
    const multi = getDodgePreset('I-Map+multi-frame');
    for (const p of [base, imap, multi]) {
      expect(p.depth).toBe(5);
      expect(p.reactionFrames).toBe(24);
      expect(p.w).toBe(0.003);
      expect(p.switchPenalty).toBe(0);
      expect(p.slip).toBe(0);
    }
    expect(base.influenceMap).toBe(false);
    expect(imap.influenceMap).toBe(true);
    expect(imap.framesPerStep).toBe(1);
    expect(multi.framesPerStep).toBe(5);
  });

  it('difficulties get quicker and steadier from Easy to Lunatic', () => {
    const [e, n, h, l] = ['easy', 'normal', 'hard', 'lunatic'].map(getDodgePreset);
    expect(e!.reactionFrames).toBeGreaterThan(n!.reactionFrames);
    expect(n!.reactionFrames).toBeGreaterThan(h!.reactionFrames);
    expect(h!.reactionFrames).toBeGreaterThan(l!.reactionFrames);
    expect(e!.slip).toBeGreaterThan(n!.slip);
    expect(e!.depth).toBeLessThanOrEqual(h!.depth);
    expect(l!.focus).toBe(true);
  });

  it('looks names up by id or label, and names the field for unknown ones', () => {
    expect(getDodgePreset('IMAP-MULTI').name).toBe('imap-multi');
    expect(() => getDodgePreset('godlike')).toThrow(/preset: unknown preset 'godlike'/);
  });

  it('rejects invalid data with an error naming the field', () => {
    const good = { ...getDodgePreset('normal') };
    expect(() => parseDodgePreset({ ...good, depth: 0 }, 'x')).toThrow(/^x\.depth: /);
    expect(() => parseDodgePreset({ ...good, depth: 2.5 })).toThrow(/preset\.depth: /);
    expect(() => parseDodgePreset({ ...good, w: 1 })).toThrow(/preset\.w: /);
    expect(() => parseDodgePreset({ ...good, slip: -0.1 })).toThrow(/preset\.slip: /);
    expect(() => parseDodgePreset({ ...good, cpu: { shoot: true } })).toThrow(/preset\.cpu\.charge: /);
    expect(() => parseDodgePreset({ ...good, speed: 3 })).toThrow(/preset\.speed: /);
    const { depth: _d, ...missing } = good;
    expect(() => parseDodgePreset(missing)).toThrow(/preset\.depth: /);
    try {
      parseDodgePreset({ ...good, framesPerStep: 'five' });
    } catch (e) {
      expect(e).toBeInstanceOf(PresetError);
      expect((e as PresetError).userFacing).toBe(true);
    }
  });

  it('maps onto the search parameters', () => {
    const p = dodgeParamsOf(getDodgePreset('hard'));
    expect(p.depth).toBe(getDodgePreset('hard').depth);
    expect(Object.keys(p).sort()).toEqual(['depth', 'focus', 'framesPerStep', 'influenceMap', 'lure', 'reactionFrames', 'switchPenalty', 'w']);
  });
});
