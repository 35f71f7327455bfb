// Issue 15: the Lee baseline must be as strong as its information allows. A Lee chaser that holds
// its heading for T/n steps between wave arrivals overshot a one-cell door and bounced in front of
// it; read every step ('lee+', LeeTracker follow) it goes through, and since issue 26 so does the
// held heading (re-read where holding it would lead away from the target). Also: the grid points a chaser's
// body cannot centre on are closed at 4 points per cell, and nothing changes at 2.
import { describe, expect, it } from 'vitest';
import { parseMaze } from '../../src/maze/maze';
import { catalogMazeText } from '../../src/maze/catalog';
import { simulateChase } from '../../src/world/chase/sim';
import { LeeField } from '../../src/world/lee';

// Two rooms joined by a one-cell door at (5, 6); the chaser starts off the door's line, so a held
// diagonal heading misses it.
const DOOR = parseMaze(
  [
    '#############',
    '#A..........#',
    '#...........#',
    '#...........#',
    '#...........#',
    '#...........#',
    '#####.#######',
    '#...........#',
    '#...........#',
    '#.........P.#',
    '#############',
  ].join('\n'),
  'door',
);

describe('Lee chaser through a one-cell door', () => {
  for (const resolution of [2, 4]) {
    it(`lee+ (direction read every step) goes through the door and catches, ${resolution} points per cell`, () => {
      const r = simulateChase(DOOR, { method: 'lee+', maxSteps: 3000, wave: { resolution } }).chasers[0]!;
      expect(r.caught).toBe(true);
      // Near the optimum: the 8 directions cost at most ~8 % on the diagonal legs.
      expect(r.pathLength / (r.exact - 0.5)).toBeLessThan(1.15);
    });
  }

  it('lee (turn on arrival, hold the heading) goes through too, but no faster than lee+', () => {
    const plus = simulateChase(DOOR, { method: 'lee+', maxSteps: 3000 }).chasers[0]!;
    const held = simulateChase(DOOR, { method: 'lee', maxSteps: 3000 }).chasers[0]!;
    // Issue 26: the held heading is re-read where holding it would lead away (it overshot the door).
    expect(held.caught).toBe(true);
    expect(held.steps).toBeGreaterThanOrEqual(plus.steps);
  });

  it('on the rooms maze lee and lee+ catch A and B, which the held heading alone never caught', () => {
    const rooms = parseMaze(catalogMazeText('rooms')!, 'rooms');
    const held = simulateChase(rooms, { method: 'lee', only: ['A', 'B'], maxSteps: 3000 }).chasers;
    const plus = simulateChase(rooms, { method: 'lee+', only: ['A', 'B'], maxSteps: 3000 }).chasers;
    expect(held.map((c) => c.caught)).toEqual([true, true]);
    expect(plus.map((c) => c.caught)).toEqual([true, true]);
  });
});

describe('LeeField clearance', () => {
  it('closes the grid points next to walls at 4 points per cell, none at 2', () => {
    const g = { width: 5, height: 3, walls: Uint8Array.from([1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1]) };
    const f2 = new LeeField(g, { resolution: 2 });
    const f4 = new LeeField(g, { resolution: 4 });
    const openCount = (f: LeeField) => f.grid.walls.reduce((a, w) => a + (w === 0 ? 1 : 0), 0);
    expect(openCount(f2)).toBe(3 * 4); // every point of the 3 open cells
    // At 4 per cell a 3x1-cell corridor keeps the points whose centre is >= 0.3 - 0.125 from the walls: 2 rows x 10 columns.
    expect(openCount(f4)).toBe(2 * 10);
    expect(openCount(new LeeField(g, { resolution: 4, clearance: 0 }))).toBe(3 * 16);
  });
});
