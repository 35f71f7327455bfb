import { describe, expect, it } from 'vitest';
import { ExactGeodesic } from '../../../src/world/chase/exact-geodesic';
import { simulateChase } from '../../../src/world/chase/sim';
import { FlowField } from '../../../src/world/flow-field';
import { generateMaze } from '../../../src/maze/generate';
import { parseMaze } from '../../../src/maze/maze';

const maze = (rows: string[]) => parseMaze(rows.join('\n'));
const from = (m: ReturnType<typeof maze>, id: string) => {
  const c = m.chasers.find((c) => c.id === id)!;
  return [c.x + 0.5, c.y + 0.5] as const;
};
const polyLength = (p: number[]) => {
  let s = 0;
  for (let i = 2; i < p.length; i += 2) s += Math.hypot(p[i]! - p[i - 2]!, p[i + 1]! - p[i - 1]!);
  return s;
};

describe('exact any-angle geodesic (0.3-cell square agent)', () => {
  it('a straight corridor: the straight line', () => {
    const m = maze(['#########', '#A.....P#', '#########']);
    const g = new ExactGeodesic(m, 0.3);
    expect(g.distance(...from(m, 'A'), 7.5, 1.5)).toBeCloseTo(6, 12);
  });

  it('an open room: the diagonal (3-4-5), where the 8-neighbour grid says 3√2 + 1', () => {
    const m = maze(['#######', '#A....#', '#.....#', '#.....#', '#.....#', '#...P.#', '#.....#', '#######']);
    const g = new ExactGeodesic(m, 0.3);
    expect(g.distance(...from(m, 'A'), 4.5, 5.5)).toBeCloseTo(5, 12);
    const f = new FlowField(m);
    f.setTarget(4.5, 5.5);
    expect(f.distanceAt(1, 1)).toBeCloseTo(3 * Math.SQRT2 + 1, 12);
  });

  it('one L turn: bends once at the inner corner grown by the radius', () => {
    const m = maze(['#######', '#A....#', '#####.#', '#####.#', '#####P#', '#######']);
    const g = new ExactGeodesic(m, 0.3);
    // (1.5, 1.5) → corner (5.3, 1.7) → (5.5, 4.5)
    const want = Math.sqrt(3.8 ** 2 + 0.2 ** 2) + Math.sqrt(0.2 ** 2 + 2.8 ** 2);
    expect(g.distance(...from(m, 'A'), 5.5, 4.5)).toBeCloseTo(want, 12);
    expect(g.path(...from(m, 'A'), 5.5, 4.5).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([1.5, 1.5, 5.3, 1.7, 5.5, 4.5]);
    // A thinner agent cuts closer: corner (5.1, 1.9).
    const thin = new ExactGeodesic(m, 0.1);
    expect(thin.distance(1.5, 1.5, 5.5, 4.5)).toBeCloseTo(Math.sqrt(3.6 ** 2 + 0.4 ** 2) + Math.sqrt(0.4 ** 2 + 2.6 ** 2), 12);
  });

  it('around a one-cell pillar: over two corners', () => {
    const m = maze(['#######', '#.....#', '#A.#.P#', '#.....#', '#######']);
    const g = new ExactGeodesic(m, 0.3);
    // (1.5, 2.5) → (2.7, 1.7) → (4.3, 1.7) → (5.5, 2.5), or the same below.
    expect(g.distance(...from(m, 'A'), 5.5, 2.5)).toBeCloseTo(2 * Math.sqrt(1.2 ** 2 + 0.8 ** 2) + 1.6, 12);
  });

  it('closes a diagonal gap between two walls and refuses ends inside grown walls', () => {
    const m = maze(['#####', '#P#.#', '##..#', '#####']);
    const g = new ExactGeodesic(m, 0.3);
    expect(g.visible(1.5, 1.5, 2.5, 2.5)).toBe(false);
    expect(g.distance(1.5, 1.5, 3.5, 2.5)).toBe(Infinity);
    expect(g.isFree(1.5, 1.5)).toBe(true);
    expect(g.isFree(1.1, 1.5)).toBe(false);
    expect(g.distance(1.1, 1.5, 1.5, 1.5)).toBe(Infinity);
    expect(() => new ExactGeodesic(m, 0.5)).toThrow(RangeError);
  });

  it('on generated mazes lies between the straight line and the grid geodesic, and its path is walkable', () => {
    for (const seed of [3, 11, 29]) {
      const m = parseMaze(generateMaze({ seed, corridor: 2 }).join('\n'));
      const g = new ExactGeodesic(m, 0.3);
      const f = new FlowField(m);
      const [tx, ty] = [m.start.x + 0.5, m.start.y + 0.5];
      f.setTarget(tx, ty);
      for (const c of m.chasers) {
        const d = g.distance(c.x + 0.5, c.y + 0.5, tx, ty);
        expect(d).toBeGreaterThanOrEqual(Math.hypot(c.x + 0.5 - tx, c.y + 0.5 - ty) - 1e-9);
        expect(d).toBeLessThanOrEqual(f.distanceAt(c.x, c.y) + 1e-9);
        const p = g.path(c.x + 0.5, c.y + 0.5, tx, ty);
        expect(polyLength(p)).toBeCloseTo(d, 9);
        for (let i = 2; i < p.length; i += 2) expect(g.visible(p[i - 2]!, p[i - 1]!, p[i]!, p[i + 1]!)).toBe(true);
      }
    }
  });

  it('is a lower bound for every chaser: no run travels less than exact − catch radius', () => {
    const m = parseMaze(generateMaze({ seed: 5, corridor: 2 }).join('\n'));
    for (const method of ['flow', 'wave+'] as const) {
      const r = simulateChase(m, { method, target: 'static', maxSteps: 4000 });
      for (const c of r.chasers) {
        expect(c.caught).toBe(true);
        // One step (0.05) of overshoot past the catch circle at most.
        expect(c.pathLength).toBeGreaterThanOrEqual(c.exact - r.catchRadius - 0.05);
      }
    }
  });
});
