import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PLANNER,
  DIFFICULTY_PRESETS,
  DODGE_PRESETS,
  dodgeParamsOf,
  getDodgePreset,
  parseDodgePreset,
  PresetError,
} from '../../src/cpu/presets';
import { LADDER_STRENGTHS } from '../../src/cpu/presets/adaptive';
import { strengthCpu } from '../../src/cpu/presets/strength';

/** Every key of a resolved preset, nested ones as 'cpu.shoot'. */
const KEYS = [
  'name',
  'label',
  'description',
  'depth',
  'framesPerStep',
  'reactionFrames',
  'influenceMap',
  'focus',
  'switchPenalty',
  'w',
  'lure',
  'slip',
  'cpu.shoot',
  'cpu.charge',
  'cpu.clearBelow',
  'cpu.attackAt',
  'cpu.shootShare',
  'cpu.blunder',
  'planner.mode',
  'planner.objective',
].sort();

function keysOf(o: object, prefix = ''): string[] {
  return Object.entries(o).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('dodge presets', () => {
  it('has the paper players and the four difficulties', () => {
    expect(DODGE_PRESETS.map((p) => p.name)).toEqual(['base', 'imap', 'imap-multi', 'easy', 'normal', 'hard', 'lunatic', 'novice']);
  });

  it('every preset is resolved: all values present, planner included, and a stored copy reads back equal', () => {
    for (const p of DODGE_PRESETS) {
      expect(keysOf(p).sort()).toEqual(KEYS);
      for (const k of KEYS)
        expect(
          k.split('.').reduce((o: any, f) => o[f], p),
          `${p.name}.${k}`,
        ).not.toBeUndefined();
      // What a replay stores is JSON of the controller's preset: it must parse back to the same preset.
      const stored: unknown = JSON.parse(JSON.stringify(p));
      expect(parseDodgePreset(stored)).toEqual(p);
    }
  });

  it('fills the defaults in when the data leaves them out (planner mode/objective, charge policy)', () => {
    const { planner: _p, ...noPlanner } = getDodgePreset('normal');
    const cpu = { shoot: true, charge: true };
    const r = parseDodgePreset({ ...noPlanner, cpu });
    expect(r.planner).toEqual({ mode: 'exact', objective: 'kills' });
    expect(r.planner).toEqual(DEFAULT_PLANNER);
    expect(r.cpu).toEqual({ shoot: true, charge: true, clearBelow: -120, attackAt: 3, shootShare: 1, blunder: 0 });
    expect(parseDodgePreset({ ...noPlanner, planner: { mode: 'restricted' } }).planner).toEqual({ mode: 'restricted', objective: 'kills' });
    expect(parseDodgePreset({ ...noPlanner, planner: { objective: 'shortest' } }).planner).toEqual({
      mode: 'exact',
      objective: 'shortest',
    });
  });

  it('encodes the paper (table 1, A.5): depth 5, reaction 0.4 s, w = 0.003, nothing added', () => {
    const base = getDodgePreset('Base');
    const imap = getDodgePreset('I-Map');
    const multi = getDodgePreset('I-Map+multi-frame');
    for (const p of [base, imap, multi]) {
      expect(p.depth).toBe(5);
      expect(p.reactionFrames).toBe(24);
      expect(p.w).toBe(0.003);
      expect(p.focus).toBe(false);
      expect(p.switchPenalty).toBe(0);
      expect(p.lure).toBe(0);
      expect(p.slip).toBe(0);
      expect(p.cpu.charge).toBe(false);
    }
    expect(base.influenceMap).toBe(false);
    expect(imap.influenceMap).toBe(true);
    expect(base.framesPerStep).toBe(1);
    expect(imap.framesPerStep).toBe(1);
    expect(multi.framesPerStep).toBe(5);
  });

  it('difficulties are graded on the paper parameters from Easy to Lunatic', () => {
    // The built-ins are points on the strength scale (src/cpu/presets/strength.ts) placed by
    // scripts/place-ladder.ts, so their values move; what holds whatever the placement: each is the
    // scale's CPU at its strength, and from Easy to Lunatic every value is as strong or stronger.
    const ladder = DIFFICULTY_PRESETS.map(getDodgePreset);
    for (const pair of DIFFICULTY_PRESETS) {
      const { name, label: _l, description: _d, ...values } = getDodgePreset(pair);
      const { name: _sn, label: _sl, description: _sd, ...scale } = strengthCpu(LADDER_STRENGTHS[pair]);
      expect(name).toBe(pair);
      expect(values, pair).toEqual(scale);
    }
    for (let k = 1; k < DIFFICULTY_PRESETS.length; k++)
      expect(LADDER_STRENGTHS[DIFFICULTY_PRESETS[k]!]).toBeGreaterThanOrEqual(LADDER_STRENGTHS[DIFFICULTY_PRESETS[k - 1]!]);
    // Quicker reactions, deeper or equal lookahead, shorter or equal held moves, a lighter hand, a
    // stronger pull under enemies, fewer slips and mistakes, more shooting, clears saved for more
    // danger, attacks across at a full gauge rather than never.
    for (let k = 1; k < ladder.length; k++) {
      const [a, b] = [ladder[k - 1]!, ladder[k]!];
      const at = `${a.name} → ${b.name}`;
      expect(b.reactionFrames, at).toBeLessThanOrEqual(a.reactionFrames);
      expect(b.depth, at).toBeGreaterThanOrEqual(a.depth);
      expect(b.framesPerStep, at).toBeLessThanOrEqual(a.framesPerStep);
      expect(b.switchPenalty, at).toBeLessThanOrEqual(a.switchPenalty);
      expect(b.lure, at).toBeGreaterThanOrEqual(a.lure);
      expect(b.slip, at).toBeLessThanOrEqual(a.slip);
      expect(b.cpu.blunder, at).toBeLessThanOrEqual(a.cpu.blunder);
      expect(b.cpu.shootShare, at).toBeGreaterThanOrEqual(a.cpu.shootShare);
      expect(b.cpu.clearBelow, at).toBeLessThanOrEqual(a.cpu.clearBelow);
      // Once a difficulty attacks across (attackAt > 0), every harder one does too.
      if (a.cpu.attackAt > 0) expect(b.cpu.attackAt, at).toBeGreaterThan(0);
    }
    // Easy and Lunatic are apart (not the same point of the scale).
    const [e, l] = [ladder[0]!, ladder[ladder.length - 1]!];
    expect(LADDER_STRENGTHS.easy).toBeLessThan(LADDER_STRENGTHS.lunatic);
    expect(l.reactionFrames).toBeLessThan(e.reactionFrames);
    expect(l.cpu.blunder).toBeLessThan(e.cpu.blunder);
  });

  it('looks names up by id or label, and names the field for unknown ones', () => {
    expect(getDodgePreset('IMAP-MULTI').name).toBe('imap-multi');
    expect(() => getDodgePreset('godlike')).toThrow(/preset: unknown preset 'godlike'/);
  });

  it('rejects invalid data with a user-facing error naming the field', () => {
    const good = { ...getDodgePreset('normal') };
    expect(() => parseDodgePreset({ ...good, depth: 0 }, 'x')).toThrow(/^x\.depth: /);
    expect(() => parseDodgePreset({ ...good, depth: 2.5 })).toThrow(/preset\.depth: /);
    expect(() => parseDodgePreset({ ...good, w: 1 })).toThrow(/preset\.w: /);
    expect(() => parseDodgePreset({ ...good, slip: -0.1 })).toThrow(/preset\.slip: /);
    expect(() => parseDodgePreset({ ...good, cpu: { shoot: true } })).toThrow(/preset\.cpu\.charge: /);
    expect(() => parseDodgePreset({ ...good, cpu: { ...good.cpu, attackAt: 4 } })).toThrow(/preset\.cpu\.attackAt: /);
    expect(() => parseDodgePreset({ ...good, cpu: { ...good.cpu, clearBelow: 5 } })).toThrow(/preset\.cpu\.clearBelow: /);
    expect(() => parseDodgePreset({ ...good, planner: { mode: 'greedy' } })).toThrow(/preset\.planner\.mode: /);
    expect(() => parseDodgePreset({ ...good, speed: 3 })).toThrow(/preset\.speed: /);
    const { depth: _d, ...missing } = good;
    expect(() => parseDodgePreset(missing)).toThrow(/preset\.depth: /);
    const bad = { ...good, framesPerStep: 'five' };
    expect(() => parseDodgePreset(bad)).toThrow(PresetError);
    expect(() => parseDodgePreset(bad)).toThrow(/^preset\.framesPerStep: /);
    let err: unknown = null;
    try {
      parseDodgePreset(bad);
    } catch (e) {
      err = e;
    }
    expect((err as PresetError).userFacing).toBe(true);
  });

  it('maps onto the search parameters', () => {
    const hard = parseDodgePreset({ ...getDodgePreset('hard'), focus: true });
    const p = dodgeParamsOf(hard);
    expect(p.focus).toBe(true);
    expect(p).toEqual({
      depth: hard.depth,
      framesPerStep: hard.framesPerStep,
      reactionFrames: hard.reactionFrames,
      influenceMap: true,
      focus: hard.focus,
      switchPenalty: hard.switchPenalty,
      w: hard.w,
      lure: hard.lure,
    });
  });
});
