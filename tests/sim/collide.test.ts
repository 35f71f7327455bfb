import { describe, expect, it } from 'vitest';
import { INVULN_FRAMES, step } from '../../src/sim';
import { quietMatch } from './helpers';

describe('hits, lives and grazes', () => {
  it('a bullet on the hitbox costs a life, grants invulnerability and clears nearby bullets', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    const { x, y } = side.ship;
    side.bullets.add(x, y - 5, 0, 1, 3, 0, 0, 0, -1);
    side.bullets.add(x + 40, y, 0, 0, 3, 0, 0, 0, -1); // close: cleared by the mercy rule
    side.bullets.add(x + 150, y, 0, 0, 3, 0, 0, 0, -1); // far: stays
    step(s, 0, 0);
    expect(side.ship.lives).toBe(4);
    expect(side.hits).toBe(1);
    expect(side.ship.invuln).toBe(INVULN_FRAMES);
    expect(side.bullets.count).toBe(1);
    expect(s.events.some((e) => e.type === 'hit' && e.side === 0)).toBe(true);
  });

  it('no second hit while invulnerable', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    side.ship.invuln = 10;
    side.bullets.add(side.ship.x, side.ship.y, 0, 0, 3, 0, 0, 0, -1);
    for (let i = 0; i < 5; i++) step(s, 0, 0);
    expect(side.ship.lives).toBe(5);
  });

  it('a bullet passing inside the graze radius but outside the hitbox grazes once', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    side.bullets.add(side.ship.x + 12, side.ship.y - 30, 0, 1, 3, 0, 0, 0, -1);
    for (let i = 0; i < 60; i++) step(s, 0, 0);
    expect(side.grazes).toBe(1);
    expect(side.ship.lives).toBe(5);
    expect(side.gauge).toBeGreaterThan(0);
  });

  it('enemy bodies hurt too', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    const e = side.enemies.add()!;
    Object.assign(e, { kind: 0, r: 11, hp: 3, maxHp: 3, path: 3, ox: side.ship.x, oy: side.ship.y, p0: 0, p2: 0, age: 0 });
    step(s, 0, 0);
    expect(side.ship.lives).toBe(4);
  });
});
