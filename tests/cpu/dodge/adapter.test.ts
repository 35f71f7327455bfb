import { describe, expect, it } from 'vitest';
import { DodgeWorld, worldFromMatch } from '../../../src/cpu/dodge/index';
import { createMatch } from '../../../src/sim/match';

describe('worldFromMatch', () => {
  it('copies the ship, the bullets with their age, and arrived enemies at their body radius', () => {
    const s = createMatch({ seed: 1, mode: 'practice' });
    s.frame = 100;
    const side = s.sides[0]!;
    side.ship.x = 150;
    side.ship.y = 390;
    side.bullets.add(10, 20, 1, 2, 4, 70, 0, 0, -1);
    const e = side.enemies.add()!;
    Object.assign(e, { x: 50, y: 60, vx: 0.5, vy: 1, r: 10, spawn: 40, age: 60 });
    const pending = side.enemies.add()!;
    Object.assign(pending, { x: 50, y: 60, r: 10, spawn: 99, age: -5 });
    const w = worldFromMatch(s, 0, new DodgeWorld(16));
    expect([w.shipX, w.shipY]).toEqual([150, 390]);
    expect(w.count).toBe(2);
    expect([w.x[0], w.y[0], w.vx[0], w.vy[0], w.r[0], w.age[0]]).toEqual([10, 20, 1, 2, 4, 30]);
    expect([w.x[1], w.vx[1], w.r[1], w.age[1]]).toEqual([50, 0.5, 7, 60]);
  });
});
