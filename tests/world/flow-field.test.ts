import { describe, expect, it } from 'vitest';
import { simulateChase } from '../../src/world/chase/sim';
import { FlowField } from '../../src/world/flow-field';
import { bfsDistances, parseMaze } from '../../src/maze/maze';

describe('flow field (geodesic optimum)', () => {
  it('gives octile distances with no corner cutting', () => {
    const m = parseMaze(['#######', '#P....#', '#.....#', '#.....#', '#....A#', '#######'].join('\n'));
    const f = new FlowField(m);
    f.setTarget(1.5, 1.5);
    expect(f.distanceAt(5, 4)).toBeCloseTo(3 * Math.SQRT2 + 1, 12);
    expect(f.distanceAt(0, 0)).toBe(Infinity);
    const blocked = parseMaze(['####', '#P.#', '##.#', '#A.#', '####'].join('\n'));
    const g = new FlowField(blocked);
    g.setTarget(1.5, 1.5);
    // Every diagonal here would cut the wall corner at (1,2): only straight steps.
    expect(g.distanceAt(1, 3)).toBe(4);
  });

  it('is never longer than BFS and never shorter than the straight line', () => {
    const m = parseMaze(['##########', '#P...#...#', '#.##.#.#.#', '#.#..#.#.#', '#.#.##.#.#', '#......#A#', '##########'].join('\n'));
    const f = new FlowField(m);
    f.setTarget(m.start.x + 0.5, m.start.y + 0.5);
    const bfs = bfsDistances(m, m.start);
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        const d = f.distanceAt(x, y);
        if (bfs[y * m.width + x]! < 0) {
          expect(d).toBe(Infinity);
          continue;
        }
        expect(d).toBeLessThanOrEqual(bfs[y * m.width + x]! + 1e-9);
        expect(d).toBeGreaterThanOrEqual(Math.hypot(x - m.start.x, y - m.start.y) - 1e-9);
      }
    }
  });

  it('steers a chaser along a shortest path (path length within the geodesic)', () => {
    const m = parseMaze(['##########', '#P...#...#', '#.##.#.#.#', '#.#..#.#.#', '#.#.##.#.#', '#......#A#', '##########'].join('\n'));
    const r = simulateChase(m, { method: 'flow' });
    const a = r.chasers[0]!;
    expect(a.caught).toBe(true);
    expect(a.pathLength).toBeLessThanOrEqual(a.geodesic + 0.05);
    expect(a.pathLength).toBeGreaterThan(0.85 * a.geodesic);
  });
});
