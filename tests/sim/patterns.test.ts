import { describe, expect, it } from 'vitest';
import { BulletPool } from '../../src/sim/bullet-pool';
import type { DifficultyParams } from '../../src/sim/difficulty';
import { EnemyPool } from '../../src/sim/enemy-pool';
import { fireVolley, Pattern, type FireContext } from '../../src/sim/patterns';
import { Rng } from '../../src/sim/rng';
import { classicStage, type ClassicName } from '../fixtures/classic-presets';

/** A classic stage preset's multipliers (classic Normal: the stage as designed, every multiplier 1). */
const diffOf = (name: ClassicName): DifficultyParams => {
  const { speed, density, interval, densityRamp, speedRamp } = classicStage(name);
  return { speed, density, interval, densityRamp, speedRamp };
};

function setup(pattern: number, level = 1) {
  const pool = new EnemyPool(1);
  const e = pool.add()!;
  Object.assign(e, { x: 100, y: 100, pattern, level, owner: -1 });
  const ctx: FireContext = {
    bullets: new BulletPool(512),
    frame: 7,
    shipX: 100,
    shipY: 300,
    diff: diffOf('normal'),
    rng: new Rng('t'),
  };
  return { e, ctx, b: ctx.bullets };
}
const angle = (b: BulletPool, i: number) => Math.atan2(b.vy[i]!, b.vx[i]!);
const speed = (b: BulletPool, i: number) => Math.hypot(b.vx[i]!, b.vy[i]!);

describe('bullet patterns', () => {
  it('aimed: straight at the ship', () => {
    const { e, ctx, b } = setup(Pattern.AIMED);
    fireVolley(e, ctx);
    expect(b.count).toBe(1);
    expect(angle(b, 0)).toBeCloseTo(Math.PI / 2, 9); // ship is straight below
    expect(b.spawn[0]).toBe(7);
    expect([b.x[0], b.y[0]]).toEqual([100, 100]);
  });

  it('ring: evenly spaced, all the same speed', () => {
    const { e, ctx, b } = setup(Pattern.RING);
    fireVolley(e, ctx);
    expect(b.count).toBe(14);
    const step = (2 * Math.PI) / 14;
    for (let i = 1; i < b.count; i++) {
      const d = (angle(b, i) - angle(b, i - 1) + 2 * Math.PI) % (2 * Math.PI);
      expect(d).toBeCloseTo(step, 9);
      expect(speed(b, i)).toBeCloseTo(speed(b, 0), 12);
    }
  });

  it('spiral: the emitter turns between volleys', () => {
    const { e, ctx, b } = setup(Pattern.SPIRAL);
    fireVolley(e, ctx);
    const a0 = angle(b, 0);
    fireVolley(e, ctx);
    expect(angle(b, 2) - a0).toBeCloseTo(0.23, 9);
  });

  it('stream: keeps the aim it locked at its start even when the ship moves', () => {
    const { e, ctx, b } = setup(Pattern.STREAM);
    fireVolley(e, ctx);
    ctx.shipX = 300;
    fireVolley(e, ctx);
    expect(angle(b, 1)).toBeCloseTo(angle(b, 0), 12);
  });

  it('spread: an odd fan symmetric around the aim', () => {
    const { e, ctx, b } = setup(Pattern.SPREAD);
    fireVolley(e, ctx);
    expect(b.count % 2).toBe(1);
    const mid = (b.count - 1) / 2;
    expect(angle(b, mid)).toBeCloseTo(Math.PI / 2, 9);
    expect(angle(b, 0) + angle(b, b.count - 1)).toBeCloseTo(Math.PI, 9);
  });

  it('random burst: random but reproducible from the seeded stream', () => {
    const one = setup(Pattern.BURST);
    const two = setup(Pattern.BURST);
    fireVolley(one.e, one.ctx);
    fireVolley(two.e, two.ctx);
    expect(one.b.count).toBe(8);
    expect(Array.from(one.b.vx.subarray(0, 8))).toEqual(Array.from(two.b.vx.subarray(0, 8)));
    const speeds = Array.from({ length: 8 }, (_, i) => speed(one.b, i));
    expect(new Set(speeds.map((v) => v.toFixed(6))).size).toBeGreaterThan(4);
  });

  it('difficulty and level add bullets', () => {
    const easy = setup(Pattern.RING);
    easy.ctx.diff = diffOf('easy');
    fireVolley(easy.e, easy.ctx);
    const lunatic = setup(Pattern.RING, 8);
    lunatic.ctx.diff = diffOf('lunatic');
    fireVolley(lunatic.e, lunatic.ctx);
    expect(easy.b.count).toBeLessThan(14);
    expect(lunatic.b.count).toBeGreaterThan(30);
  });
});
