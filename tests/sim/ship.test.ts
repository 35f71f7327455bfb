import { describe, expect, it } from 'vitest';
import { FIELD_H, FIELD_W, Input, SHIP_EDGE, SHIP_FOCUS_SPEED, SHIP_SPEED, step } from '../../src/sim';
import { quietMatch } from './helpers';

describe('ship movement', () => {
  it('moves at normal speed, focused speed, and diagonals are not faster', () => {
    const s = quietMatch();
    const ship = s.sides[0]!.ship;
    const x0 = ship.x;
    step(s, Input.RIGHT, 0);
    expect(ship.x - x0).toBeCloseTo(SHIP_SPEED, 12);
    const x1 = ship.x;
    step(s, Input.RIGHT | Input.FOCUS, 0);
    expect(ship.x - x1).toBeCloseTo(SHIP_FOCUS_SPEED, 12);
    const [x2, y2] = [ship.x, ship.y];
    step(s, Input.UP | Input.LEFT, 0);
    expect(Math.hypot(ship.x - x2, ship.y - y2)).toBeCloseTo(SHIP_SPEED, 12);
  });

  it('opposite keys cancel and the ship stays inside the field', () => {
    const s = quietMatch();
    const ship = s.sides[0]!.ship;
    const [x0, y0] = [ship.x, ship.y];
    step(s, Input.LEFT | Input.RIGHT | Input.UP | Input.DOWN, 0);
    expect([ship.x, ship.y]).toEqual([x0, y0]);
    for (let i = 0; i < 200; i++) step(s, Input.UP | Input.LEFT, Input.DOWN | Input.RIGHT);
    expect([ship.x, ship.y]).toEqual([SHIP_EDGE, SHIP_EDGE]);
    const other = s.sides[1]!.ship;
    expect([other.x, other.y]).toEqual([FIELD_W - SHIP_EDGE, FIELD_H - SHIP_EDGE]);
  });

  it('shoots only while the shot key is held, at a fixed rate', () => {
    const s = quietMatch();
    for (let i = 0; i < 10; i++) step(s, 0, 0);
    expect(s.sides[0]!.shots.count).toBe(0);
    for (let i = 0; i < 10; i++) step(s, Input.SHOT, 0);
    expect(s.sides[0]!.shots.count).toBe(2 * 3); // two volleys of three
  });
});
