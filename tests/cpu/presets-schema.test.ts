// The preset schemas as data: every field's bounds and metadata, unknown fields, defaults, the
// built-in JSON files, the named difficulty pairs and the match config carrying stage values.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CPU_PRESET_FIELDS,
  DIFFICULTY_PRESETS,
  DODGE_PRESETS,
  getDodgePreset,
  NOVICE_PRESET,
  parseDodgePreset,
  PresetError,
} from '../../src/cpu/presets';
import { DIFFICULTY_PAIRS, getPair, listPairs, parseDifficultyPair, resolvePair } from '../../src/cpu/presets/pairs';
import { decodeReplay, encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { makeConfig, stageConfig, stagePresetOf } from '../../src/sim/config';
import { IdleController } from '../../src/controllers/idle';
import type { PresetField } from '../../src/sim/preset-schema';
import { getStagePreset, parseStagePreset, STAGE_PRESET_FIELDS, STAGE_PRESETS } from '../../src/sim/stage-preset';
import { LADDER_STRENGTHS } from '../../src/cpu/presets/adaptive';
import { clampStrength, strengthStage } from '../../src/cpu/presets/strength';
import { DEFAULT_LIVES, DEFAULT_TIME_LIMIT, FPS } from '../../src/sim/constants';
import { DIFFICULTY_PARAMS, FRAMES_PER_LEVEL, MAX_LEVEL } from '../../src/sim/difficulty';
import { classicStage } from '../fixtures/classic-presets';

const ROOT = join(__dirname, '..', '..');

function withField(o: unknown, path: string, v: unknown): Record<string, unknown> {
  const c = structuredClone(o) as Record<string, unknown>;
  const ks = path.split('.');
  let x = c;
  for (const k of ks.slice(0, -1)) x = x[k] as Record<string, unknown>;
  x[ks[ks.length - 1]!] = v;
  return c;
}

function checkBounds(fields: readonly PresetField[], valid: unknown, parse: (d: unknown) => unknown) {
  for (const f of fields) {
    expect(f.description.length, f.path).toBeGreaterThan(10);
    if (f.kind === 'int' || f.kind === 'number') {
      expect(f.min! < f.max!, f.path).toBe(true);
      expect(f.step! > 0 && f.step! <= f.max! - f.min!, f.path).toBe(true);
      expect(() => parse(withField(valid, f.path, f.min)), `${f.path} = min`).not.toThrow();
      expect(() => parse(withField(valid, f.path, f.max)), `${f.path} = max`).not.toThrow();
      const below = f.min! - (f.kind === 'int' ? 1 : f.step!);
      const above = f.max! + (f.kind === 'int' ? 1 : f.step!);
      for (const bad of [below, above, '3', null]) {
        expect(() => parse(withField(valid, f.path, bad)), `${f.path} = ${String(bad)}`).toThrow(
          new RegExp(`\\.${f.path.replace('.', '\\.')}: `),
        );
      }
      if (f.kind === 'int') expect(() => parse(withField(valid, f.path, f.min! + 0.5))).toThrow(PresetError);
      if (f.paper !== undefined) expect(() => parse(withField(valid, f.path, f.paper))).not.toThrow();
    } else if (f.kind === 'boolean') {
      for (const v of [true, false]) expect(() => parse(withField(valid, f.path, v))).not.toThrow();
      expect(() => parse(withField(valid, f.path, 1))).toThrow(new RegExp(`\\.${f.path.replace('.', '\\.')}: `));
    } else {
      for (const v of f.options!) expect(() => parse(withField(valid, f.path, v))).not.toThrow();
      expect(() => parse(withField(valid, f.path, 'nope'))).toThrow(new RegExp(`\\.${f.path.replace('.', '\\.')}: `));
    }
  }
}

describe('CPU preset schema', () => {
  it('lists every tunable field with its range, step, description and (where the paper has one) its value', () => {
    expect(CPU_PRESET_FIELDS.map((f) => f.path)).toEqual([
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
    ]);
    const f = Object.fromEntries(CPU_PRESET_FIELDS.map((x) => [x.path, x]));
    expect(f.depth).toMatchObject({ kind: 'int', min: 1, max: 8, paper: 5 });
    expect(f.w).toMatchObject({ kind: 'number', paper: 0.003 });
    expect(f.reactionFrames).toMatchObject({ paper: 24 });
    expect(f['cpu.clearBelow']).toMatchObject({ default: -120 });
    expect(f['planner.mode']).toMatchObject({ kind: 'enum', options: ['restricted', 'unrestricted', 'exact'], default: 'exact' });
  });

  it('accepts every field at its bounds and names the field when a value is out of range or of the wrong type', () => {
    checkBounds(CPU_PRESET_FIELDS, getDodgePreset('normal'), (d) => parseDodgePreset(d, 'p'));
  });

  it('refuses unknown fields, top-level and nested, naming them', () => {
    expect(() => parseDodgePreset({ ...getDodgePreset('hard'), speed: 3 }, 'my.json')).toThrow(/^my\.json\.speed: /);
    expect(() => parseDodgePreset(withField(getDodgePreset('hard'), 'cpu.bomb', true), 'my.json')).toThrow(/^my\.json\.cpu\.bomb: /);
    expect(() => parseDodgePreset({ ...getDodgePreset('hard'), name: 'Has Spaces' })).toThrow(/preset\.name: must be lower-case/);
  });

  it('fills defaults for the fields that have them', () => {
    const { planner: _p, cpu, ...rest } = getDodgePreset('easy');
    const r = parseDodgePreset({ ...rest, cpu: { shoot: cpu.shoot, charge: cpu.charge } });
    expect(r.cpu).toEqual({ shoot: true, charge: true, clearBelow: -120, attackAt: 3, shootShare: 1, blunder: 0 });
    expect(r.planner).toEqual({ mode: 'exact', objective: 'kills' });
  });

  it('the built-ins are the JSON files of src/cpu/presets/builtin, each named after its file', () => {
    const dir = join(ROOT, 'src/cpu/presets/builtin');
    // ladder-strengths.json is not a preset: where the difficulties sit on the strength scale.
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json') && f !== 'ladder-strengths.json')
      .sort();
    expect(files).toEqual(DODGE_PRESETS.map((p) => `${p.name}.json`).sort());
    for (const f of files)
      expect(parseDodgePreset(JSON.parse(readFileSync(join(dir, f), 'utf8')))).toEqual(getDodgePreset(f.replace('.json', '')));
    const strengths: unknown = JSON.parse(readFileSync(join(dir, 'ladder-strengths.json'), 'utf8'));
    expect(strengths).toEqual(LADDER_STRENGTHS);
    expect(Object.keys(LADDER_STRENGTHS)).toEqual([...DIFFICULTY_PRESETS]);
    for (const s of Object.values(LADDER_STRENGTHS)) expect(s === clampStrength(s)).toBe(true); // 0..1, two decimals
  });

  it('the novice reference is frozen: a beginner with slow reactions, a shallow lookahead, slips and no charge', () => {
    const n = getDodgePreset(NOVICE_PRESET);
    expect(n).toMatchObject({
      depth: 2,
      framesPerStep: 4,
      reactionFrames: 36,
      influenceMap: true,
      focus: false,
      switchPenalty: 10,
      w: 0.003,
      lure: 6,
      slip: 0.25,
    });
    expect(n.cpu).toMatchObject({ shoot: true, charge: false });
  });
});

describe('stage preset schema', () => {
  it('holds what DIFFICULTY_PARAMS, FRAMES_PER_LEVEL and the constants held', () => {
    // The fields and their ranges (docs/presets.md), whatever the built-ins are tuned to.
    const range = (f: PresetField) => [f.path, f.kind, f.min, f.max, f.step];
    expect(STAGE_PRESET_FIELDS.map(range)).toEqual([
      ['speed', 'number', 0.3, 2.5, 0.05],
      ['density', 'number', 0.1, 3, 0.05],
      ['interval', 'number', 0.3, 3, 0.05],
      ['framesPerLevel', 'int', 300, 10800, 60],
      ['maxLevel', 'int', 1, 20, 1],
      ['densityRamp', 'number', 0, 0.5, 0.01],
      ['speedRamp', 'number', 0, 0.2, 0.005],
      ['lives', 'int', 1, 99, 1],
      ['timeLimit', 'int', 0, 3600, 10],
    ]);
    expect(STAGE_PRESETS.map((p) => p.name)).toEqual(['easy', 'normal', 'hard', 'lunatic']);
    // The stage as designed (classic Normal: every multiplier 1, the level ramp of FRAMES_PER_LEVEL up
    // to MAX_LEVEL, the default lives and time limit) is a stage preset and plays as the constants say.
    const designed = classicStage('normal');
    expect(designed).toMatchObject({
      speed: 1,
      density: 1,
      interval: 1,
      framesPerLevel: FRAMES_PER_LEVEL,
      maxLevel: MAX_LEVEL,
      densityRamp: 0.1,
      speedRamp: 0.03,
      lives: DEFAULT_LIVES,
      timeLimit: DEFAULT_TIME_LIMIT / FPS,
    });
    expect(parseStagePreset(JSON.parse(JSON.stringify(designed)))).toEqual(designed);
    const c = makeConfig({ seed: 1, ...stageConfig(designed) });
    expect(c).toMatchObject({ stageFramesPerLevel: FRAMES_PER_LEVEL, stageMaxLevel: MAX_LEVEL, lives: DEFAULT_LIVES });
    expect(c.timeLimit).toBe(DEFAULT_TIME_LIMIT);
    // The built-ins: the scale's stage at each difficulty's strength, read from their JSON files.
    for (const p of STAGE_PRESETS) {
      const file = parseStagePreset(JSON.parse(readFileSync(join(ROOT, 'src/sim/stage-presets', `${p.name}.json`), 'utf8')));
      expect(file).toEqual(p);
      expect(DIFFICULTY_PARAMS[p.name as keyof typeof DIFFICULTY_PARAMS], p.name).toEqual({
        speed: p.speed,
        density: p.density,
        interval: p.interval,
        densityRamp: p.densityRamp,
        speedRamp: p.speedRamp,
      });
      const { name: _n, label: _l, description: _d, ...values } = p;
      const {
        name: _sn,
        label: _sl,
        description: _sd,
        ...scale
      } = strengthStage(LADDER_STRENGTHS[p.name as keyof typeof LADDER_STRENGTHS]);
      expect(values, p.name).toEqual(scale);
    }
  });

  it('accepts every field at its bounds and names the field otherwise', () => {
    checkBounds(STAGE_PRESET_FIELDS, getStagePreset('normal'), (d) => parseStagePreset(d, 's'));
  });

  it('refuses unknown fields and fills the description default', () => {
    expect(() => parseStagePreset({ ...getStagePreset('easy'), bombs: 3 }, 'st.json')).toThrow(/^st\.json\.bombs: /);
    const { description: _d, ...rest } = getStagePreset('easy');
    expect(parseStagePreset(rest).description).toBe('');
    expect(() => getStagePreset('extreme')).toThrow(/unknown 'extreme'/);
  });

  it('the ladder is graded: faster, denser, closer waves from Easy to Lunatic', () => {
    // Points on the strength scale: each value as hard or harder than the rung below (two rungs may
    // share a snapped value), and Lunatic's stage harder than Easy's on each of speed, density, interval.
    for (let i = 1; i < STAGE_PRESETS.length; i++) {
      const [a, b] = [STAGE_PRESETS[i - 1]!, STAGE_PRESETS[i]!];
      const at = `${a.name} → ${b.name}`;
      expect(b.speed, at).toBeGreaterThanOrEqual(a.speed);
      expect(b.density, at).toBeGreaterThanOrEqual(a.density);
      expect(b.interval, at).toBeLessThanOrEqual(a.interval);
      expect(b.framesPerLevel, at).toBeLessThanOrEqual(a.framesPerLevel);
      expect(b.maxLevel, at).toBeGreaterThanOrEqual(a.maxLevel);
      expect(b.densityRamp, at).toBeGreaterThanOrEqual(a.densityRamp);
      expect(b.speedRamp, at).toBeGreaterThanOrEqual(a.speedRamp);
      expect(b.lives, at).toBeLessThanOrEqual(a.lives);
    }
    const [e, l] = [STAGE_PRESETS[0]!, STAGE_PRESETS[STAGE_PRESETS.length - 1]!];
    expect(l.speed).toBeGreaterThan(e.speed);
    expect(l.density).toBeGreaterThan(e.density);
    expect(l.interval).toBeLessThan(e.interval);
  });
});

describe('match config carries the stage preset values', () => {
  it('a built-in name fills the values, lives and time limit from its file', () => {
    const e = getStagePreset('easy');
    const c = makeConfig({ seed: 1, difficulty: 'easy' });
    expect(stagePresetOf(c)).toEqual({ ...e, label: 'easy', description: '' });
    expect(c.lives).toBe(e.lives);
    expect(c.timeLimit).toBe(e.timeLimit * 60);
  });

  it('a custom preset needs its values; bad values name the config field', () => {
    expect(() => makeConfig({ seed: 1, difficulty: 'mine' })).toThrow(/^config\.difficulty: 'mine' is not a built-in/);
    const mine = parseStagePreset({
      ...getStagePreset('hard'),
      name: 'mine',
      label: 'Mine',
      speed: 0.55,
      maxLevel: 3,
      lives: 7,
      timeLimit: 60,
    });
    const c = makeConfig({ seed: 1, ...stageConfig(mine) });
    expect(c).toMatchObject({ difficulty: 'mine', stageSpeed: 0.55, stageMaxLevel: 3, lives: 7, timeLimit: 3600 });
    expect(() => makeConfig({ seed: 1, ...stageConfig(mine), stageSpeed: 9 })).toThrow(/^config\.stageSpeed: /);
    expect(() => makeConfig({ seed: 1, difficulty: 'Bad Name' })).toThrow(/^config\.difficulty: /);
  });

  it('every stage value reaches the state hash and the game', () => {
    const base = makeConfig({ seed: 5 });
    const h = hashState(createMatch(base));
    for (const k of [
      'stageSpeed',
      'stageDensity',
      'stageInterval',
      'stageFramesPerLevel',
      'stageMaxLevel',
      'stageDensityRamp',
      'stageSpeedRamp',
    ] as const) {
      const c = { ...base, [k]: base[k] * 0.5 + (k === 'stageMaxLevel' ? 0.5 : 0) };
      expect(hashState(createMatch(makeConfig({ ...c, stageMaxLevel: Math.round(c.stageMaxLevel) }))), k).not.toBe(h);
    }
    // Denser, faster volleys: more bullets on the field after 30 s on the same seed.
    const bullets = (speed: number, density: number) => {
      const s = createMatch(makeConfig({ ...base, mode: 'practice', infiniteLives: true, stageSpeed: speed, stageDensity: density }));
      const r = new MatchRunner(s, [new IdleController()]);
      let sum = 0;
      for (let f = 0; f < 1800; f++) {
        r.tick();
        sum += s.sides[0]!.bullets.count;
      }
      return sum;
    };
    expect(bullets(1, 2)).toBeGreaterThan(bullets(1, 0.5) * 1.5);
  });

  it('a replay of a custom stage preset stores the full values and plays back without the file', () => {
    const mine = parseStagePreset({ ...getStagePreset('normal'), name: 'my-stage', label: 'Mine', density: 0.35, framesPerLevel: 600 });
    const state = createMatch(makeConfig({ seed: 11, mode: 'practice', ...stageConfig(mine) }));
    const runner = new MatchRunner(state, [new IdleController()]);
    runner.runUntil(300);
    const back = decodeReplay(encodeReplay(replayFromRunner(runner, { date: '2026-01-01T00:00:00Z' })));
    expect(back.config).toMatchObject({ difficulty: 'my-stage', stageDensity: 0.35, stageFramesPerLevel: 600 });
    expect(stagePresetOf(back.config)).toMatchObject({ density: 0.35, framesPerLevel: 600, speed: mine.speed });
  });
});

describe('difficulty pairs', () => {
  it('Easy, Normal, Hard, Lunatic pair the stage and CPU presets of the same name', () => {
    expect(DIFFICULTY_PAIRS.map((p) => p.label)).toEqual(['Easy', 'Normal', 'Hard', 'Lunatic']);
    for (const p of DIFFICULTY_PAIRS) {
      const r = resolvePair(p);
      expect(r.stage.name).toBe(p.name);
      expect(r.cpu.name).toBe(p.name);
    }
  });

  it('lists user pairs after the built-ins and resolves them in a library', () => {
    const mineCpu = parseDodgePreset({ ...getDodgePreset('easy'), name: 'my-cpu', label: 'My CPU' });
    const mine = parseDifficultyPair({ name: 'chill', label: 'Chill', stage: 'easy', cpu: 'my-cpu' });
    expect(listPairs([mine]).map((p) => p.name)).toEqual(['easy', 'normal', 'hard', 'lunatic', 'chill']);
    expect(getPair('CHILL', [mine])).toEqual(mine);
    expect(() => resolvePair(mine)).toThrow(/pair 'chill'\.cpu: no CPU preset 'my-cpu'/);
    expect(resolvePair(mine, { cpu: [mineCpu] }).cpu).toEqual(mineCpu);
    expect(() => listPairs([{ ...mine, name: 'hard' }])).toThrow(/already taken/);
    expect(() => parseDifficultyPair({ ...mine, extra: 1 })).toThrow(/pair\.extra: /);
  });
});
