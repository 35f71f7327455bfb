// Enemy movement paths (closed form in the enemy's age) and when an enemy counts as leaving.
import { describe, expect, it } from 'vitest';
import { BOSS_FRAMES } from '../../src/sim';
import { EnemyPool, type Enemy } from '../../src/sim/enemy-pool';
import { Path, pathFinished, pathLeaving, pathPosition } from '../../src/sim/paths';

function enemy(path: number, ox: number, oy: number, p0: number, p1: number, p2: number): Enemy {
  const e = new EnemyPool(1).add()!;
  Object.assign(e, { path, ox, oy, x: ox, y: oy, p0, p1, p2 });
  return e;
}

function at(e: Enemy, age: number): { x: number; y: number } {
  pathPosition(e, age);
  return { x: e.x, y: e.y };
}

describe('movement paths', () => {
  it('DIVE: straight down at p0 to y = p1, holds p2 frames, then leaves up and outward', () => {
    const e = enemy(Path.DIVE, 100, -20, 2, 80, 50); // arrives at age 50
    expect(at(e, 0)).toEqual({ x: 100, y: -20 });
    expect(at(e, 25)).toEqual({ x: 100, y: 30 });
    expect(at(e, 50)).toEqual({ x: 100, y: 80 });
    expect(at(e, 99)).toEqual({ x: 100, y: 80 });
    const a = 40; // frames into leaving
    expect(at(e, 100 + a)).toEqual({ x: 100 - 0.012 * a * a, y: 80 - 0.02 * a * a }); // left half: leaves left
    expect(at(enemy(Path.DIVE, 300, -20, 2, 80, 50), 140).x).toBeCloseTo(300 + 0.012 * 1600, 9); // right half: right
    expect([pathLeaving(e, 100), pathLeaving(e, 101)]).toEqual([false, true]);
  });

  it('CROSS: p0 per frame across, waving ±p1', () => {
    const e = enemy(Path.CROSS, -20, 100, 2.4, 18, 0);
    const ys: number[] = [];
    for (let age = 0; age <= 200; age += 5) {
      const p = at(e, age);
      expect(p.x).toBeCloseTo(-20 + 2.4 * age, 9);
      ys.push(p.y);
    }
    expect(Math.max(...ys)).toBeGreaterThan(117);
    expect(Math.min(...ys)).toBeLessThan(83);
    expect(Math.max(...ys.map((y) => Math.abs(y - 100)))).toBeLessThanOrEqual(18 + 1e-9);
  });

  it('SWOOP: down at p0, bending sideways quadratically by p1', () => {
    const e = enemy(Path.SWOOP, 60, -20, 1.9, -1, 0);
    expect(at(e, 100)).toEqual({ x: 60 - 0.0025 * 10000, y: -20 + 190 });
    expect(at(e, 200).x - at(e, 100).x).toBeLessThan(at(e, 100).x - at(e, 0).x); // bends ever faster
  });

  it('DRIFT: slow descent with a sway of amplitude p2', () => {
    const e = enemy(Path.DRIFT, 200, -30, 0.55, 0, 50);
    let lo = Infinity;
    let hi = -Infinity;
    for (let age = 0; age < 600; age++) {
      const p = at(e, age);
      expect(p.y).toBeCloseTo(-30 + 0.55 * age, 9);
      lo = Math.min(lo, p.x);
      hi = Math.max(hi, p.x);
    }
    expect(hi).toBeGreaterThan(249);
    expect(lo).toBeLessThan(151);
    expect(hi).toBeLessThanOrEqual(250 + 1e-9);
  });

  it('HOVER: down to p1, sways while it stays p2 frames (a boss: BOSS_FRAMES), then flies off the top', () => {
    const e = enemy(Path.HOVER, 192, -30, 2.5, 90, 0); // the boss: arrives at age 48
    expect(at(e, 48)).toEqual({ x: 192, y: 90 });
    for (let age = 48; age < 48 + BOSS_FRAMES; age += 7) expect(at(e, age).y).toBe(90);
    expect(Math.abs(at(e, 48 + 200).x - 192)).toBeGreaterThan(0);
    expect(Math.abs(at(e, 48 + 200).x - 192)).toBeLessThanOrEqual(40);
    expect([pathLeaving(e, 48 + BOSS_FRAMES), pathLeaving(e, 49 + BOSS_FRAMES)]).toEqual([false, true]);
    expect(at(e, 48 + BOSS_FRAMES + 80).y).toBeLessThan(-40); // gone off the top
    const spirit = enemy(Path.HOVER, 72, -20, 3, 70, 240);
    expect(pathLeaving(spirit, 30 + 240)).toBe(false);
    expect(pathLeaving(spirit, 30 + 241)).toBe(true);
  });

  it('paths that fly through never count as leaving; they are removable outside after 30 frames', () => {
    for (const p of [Path.CROSS, Path.SWOOP, Path.DRIFT]) {
      const e = enemy(p, -20, 100, 2, 1, 10);
      expect(pathLeaving(e, 10_000)).toBe(false);
      expect([pathFinished(e, 30), pathFinished(e, 31)]).toEqual([false, true]);
    }
    const d = enemy(Path.DIVE, 100, -20, 2, 80, 50);
    expect(pathFinished(d, 31)).toBe(false); // a diver above the field is still arriving
  });

  it('an unknown path is an error, not a silent stop', () => {
    expect(() => pathPosition(enemy(99, 0, 0, 0, 0, 0), 1)).toThrow(/unknown path 99/);
  });
});
