// Rising difficulty: the level clock, the wave interval, which wave templates are open at which level,
// the four stage enemy kinds, and both fields getting the same waves.
import { describe, expect, it } from 'vitest';
import { createMatch, step, type MatchConfig, type MatchState } from '../../src/sim';
import { countScale, FRAMES_PER_LEVEL, levelAt, MAX_LEVEL, speedScale } from '../../src/sim/difficulty';
import { KIND_STATS } from '../../src/sim/enemies';
import { EnemyKind, type Enemy } from '../../src/sim/enemy-pool';
import { Path } from '../../src/sim/paths';
import { Color, Pattern, Shape } from '../../src/sim/patterns';
import { TEMPLATES, updateStage, waveInterval } from '../../src/sim/stage';
import { CLASSIC_NAMES, classicStage, classicStageConfig } from '../fixtures/classic-presets';

/**
 * A match on the stage as designed (classic Normal: every multiplier 1, a level every
 * FRAMES_PER_LEVEL frames up to MAX_LEVEL), whatever the built-in presets are tuned to.
 */
const designedMatch = (cfg: Partial<MatchConfig> & { seed: number }) => createMatch({ ...classicStageConfig('normal'), ...cfg });

describe('the level rises with time', () => {
  it('levelAt: level 1 for the first 20 s, one more every 20 s, capped at MAX_LEVEL', () => {
    expect(FRAMES_PER_LEVEL).toBe(20 * 60);
    expect([0, 1199, 1200, 2399, 2400, 9 * 1200 - 1, 9 * 1200, 100 * 1200].map((f) => levelAt(f))).toEqual([
      1,
      1,
      2,
      2,
      3,
      9,
      10,
      MAX_LEVEL,
    ]);
    expect(MAX_LEVEL).toBe(10);
  });

  it('waveInterval: 210 − 12·level frames (at least 90), scaled by the difficulty', () => {
    expect(waveInterval(1, 1)).toBe(198);
    expect(waveInterval(5, 1)).toBe(150);
    expect(waveInterval(10, 1)).toBe(90);
    expect(waveInterval(10, 1.3)).toBe(117);
    expect(waveInterval(3, 0.7)).toBe(Math.round(174 * 0.7));
    for (let l = 1; l < MAX_LEVEL; l++) expect(waveInterval(l + 1, 1)).toBeLessThanOrEqual(waveInterval(l, 1));
  });

  it('bullet counts and speeds grow with the level and the difficulty', () => {
    // The stage as designed (classic Normal): multipliers 1, +10 % bullets and +3 % speed a level.
    const n = classicStage('normal');
    expect(countScale(1, n)).toBe(1);
    expect(countScale(6, n)).toBeCloseTo(1.5, 12);
    expect(speedScale(1, n)).toBe(1);
    expect(speedScale(11, n)).toBeCloseTo(1.3, 12);
    // A harder stage preset scales both at every level (the classic ladder: each one denser and faster).
    for (let k = 1; k < CLASSIC_NAMES.length; k++) {
      const [a, b] = [classicStage(CLASSIC_NAMES[k - 1]!), classicStage(CLASSIC_NAMES[k]!)];
      for (const level of [1, 5, 10]) {
        expect(countScale(level, b)).toBeGreaterThan(countScale(level, a));
        expect(speedScale(level, b)).toBeGreaterThan(speedScale(level, a));
      }
    }
  });
});

/** Forces one wave at a frame of level `level`; returns what it spawned in field 0 (and field 1's). */
function waveAt(s: MatchState, level: number): { mine: Enemy[]; theirs: Enemy[] } {
  for (const side of s.sides) side.enemies.clear();
  s.frame = (level - 1) * FRAMES_PER_LEVEL;
  s.stage.nextWave = s.frame;
  updateStage(s);
  const list = (i: number) => s.sides[i]!.enemies.items.slice(0, s.sides[i]!.enemies.count).map((e) => ({ ...e }));
  return { mine: list(0), theirs: list(1) };
}

/** Which template a wave came from, told by its first enemy. */
function templateOf(w: Enemy[]): string {
  const e = w[0]!;
  if (e.kind === EnemyKind.SWEEPER) return 'sweepers';
  if (e.kind === EnemyKind.SPINNER) return 'spinner';
  if (e.kind === EnemyKind.GUNSHIP) return 'gunship';
  if (e.path === Path.SWOOP) return 'swoop spread';
  if (e.pattern === Pattern.STREAM) return 'stream pair';
  if (e.pattern === Pattern.BURST) return 'burst fairies';
  return 'fairy line';
}

describe('waves', () => {
  it('templates unlock by level: only the level-1 ones at first, all of them from level 3', () => {
    const s = designedMatch({ seed: 3 });
    const seen = new Map<number, Set<string>>();
    for (const level of [1, 2, 3, 7]) {
      const names = new Set<string>();
      for (let k = 0; k < 150; k++) names.add(templateOf(waveAt(s, level).mine));
      seen.set(level, names);
    }
    const open = (l: number) => new Set(TEMPLATES.filter((t) => t.minLevel <= l).map((t) => t.name));
    expect(seen.get(1)).toEqual(open(1));
    expect(seen.get(1)).toEqual(new Set(['fairy line', 'sweepers', 'spinner']));
    expect(seen.get(2)).toEqual(open(2));
    expect(seen.get(3)).toEqual(new Set(TEMPLATES.map((t) => t.name)));
    expect(seen.get(7)).toEqual(seen.get(3));
  });

  it('later levels bring bigger waves: the fairy line grows from 4 to 7', () => {
    const s = designedMatch({ seed: 4 });
    const sizes = new Map<number, number>();
    for (const level of [1, 4, 10]) {
      for (let k = 0; k < 200 && !sizes.has(level); k++) {
        const w = waveAt(s, level).mine;
        if (templateOf(w) === 'fairy line') sizes.set(level, w.length);
      }
    }
    expect([sizes.get(1), sizes.get(4), sizes.get(10)]).toEqual([4, 6, 7]);
  });

  it('both fields get the same wave, and the next one comes waveInterval frames later', () => {
    const s = createMatch({ seed: 5, ...classicStageConfig('hard') });
    for (const level of [1, 5]) {
      const { mine, theirs } = waveAt(s, level);
      expect(theirs).toEqual(mine);
      expect(s.stage.nextWave).toBe(s.frame + waveInterval(level, classicStage('hard').interval));
    }
  });

  it('enemy hit points grow 10% a level', () => {
    const s = designedMatch({ seed: 6 });
    let w: Enemy[] = [];
    for (let k = 0; k < 200 && templateOf(w.length ? w : [{ kind: -1 } as Enemy]) !== 'gunship'; k++) w = waveAt(s, 6).mine;
    expect(w[0]!.kind).toBe(EnemyKind.GUNSHIP);
    expect(w[0]!.hp).toBe(Math.round(KIND_STATS[EnemyKind.GUNSHIP]!.hp * 1.5));
    expect(w[0]!.level).toBe(6);
  });
});

describe('the four stage enemy kinds', () => {
  // Kind → its wave template, path and what its volleys look like (patterns.ts).
  const kinds = [
    { kind: EnemyKind.FAIRY, template: 'fairy line', path: Path.DIVE, pattern: Pattern.AIMED, look: `${Shape.ORB}/${Color.RED}` },
    { kind: EnemyKind.SWEEPER, template: 'sweepers', path: Path.CROSS, pattern: Pattern.AIMED, look: `${Shape.ORB}/${Color.RED}` },
    { kind: EnemyKind.SPINNER, template: 'spinner', path: Path.DIVE, pattern: Pattern.SPIRAL, look: `${Shape.RICE}/${Color.PURPLE}` },
    { kind: EnemyKind.GUNSHIP, template: 'gunship', path: Path.DRIFT, pattern: Pattern.RING, look: `${Shape.SMALL}/${Color.BLUE}` },
  ];
  for (const k of kinds) {
    it(`${KIND_STATS[k.kind]!.name}: comes in its wave, flies its path into the field and fires its pattern`, () => {
      const s = designedMatch({ seed: 9, infiniteLives: true });
      let w: Enemy[] = [];
      for (let n = 0; n < 300 && (w.length === 0 || templateOf(w) !== k.template); n++) w = waveAt(s, 3).mine;
      expect(w.every((e) => e.kind === k.kind && e.path === k.path && e.pattern === k.pattern && e.owner === -1)).toBe(true);
      s.stage.nextWave = Number.MAX_SAFE_INTEGER; // only this wave
      const side = s.sides[0]!;
      const looks = new Set<string>();
      let onScreen = false;
      for (let f = 0; f < 400; f++) {
        const before = side.bullets.count;
        step(s, 0, 0);
        for (let i = before; i < side.bullets.count; i++) looks.add(`${side.bullets.shape[i]}/${side.bullets.color[i]}`);
        for (let j = 0; j < side.enemies.count; j++) {
          const e = side.enemies.items[j]!;
          if (e.age >= 0 && e.x >= 0 && e.x <= 384 && e.y >= 0 && e.y <= 448) onScreen = true;
        }
      }
      expect(onScreen).toBe(true);
      expect(looks).toEqual(new Set([k.look]));
    });
  }
});
