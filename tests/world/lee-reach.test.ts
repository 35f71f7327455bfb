// Issue 26: Lee's algorithm labels the whole reachable grid, so a Lee chaser always gets a direction
// to a static target. Cut at the lifetime T (300 steps), a wave never labelled the points more than
// T − 1 automaton steps away (150 cells at 2 points per cell), and a chaser there never moved.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateMaze } from '../../src/maze/generate';
import { type Maze, parseMaze } from '../../src/maze/maze';
import { simulateChase } from '../../src/world/chase/sim';
import { LeeField, LeeTracker, leeDirection, leeHoldable } from '../../src/world/lee';

/** Zigzag of `rows` 1-cell corridors `w` cells long: P at the top-left, A at the far end. */
function corridorMaze(w: number, rows: number): Maze {
  return stackedMaze(w, rows, 1, 'corridor');
}

/** n × n square spiral of 1-cell corridors: A at the outer end, P at the centre. */
function spiralMaze(n: number): Maze {
  const g = Array.from({ length: n }, () => Array.from({ length: n }, () => '#'));
  const path: [number, number][] = [];
  let [x0, y0, x1, y1] = [1, 1, n - 2, n - 2];
  while (x0 <= x1 && y0 <= y1) {
    for (let x = x0; x <= x1; x++) path.push([x, y0]);
    for (let y = y0 + 1; y <= y1; y++) path.push([x1, y]);
    if (y1 - y0 < 2 || x1 - x0 < 2) break;
    for (let x = x1 - 1; x >= x0; x--) path.push([x, y1]);
    for (let y = y1 - 1; y > y0 + 1; y--) path.push([x0, y]);
    path.push([x0 + 1, y0 + 2]);
    [x0, y0, x1, y1] = [x0 + 2, y0 + 2, x1 - 2, y1 - 2];
  }
  for (const [x, y] of path) g[y]![x] = '.';
  g[path[0]![1]]![path[0]![0]] = 'A';
  const [px, py] = path[path.length - 1]!;
  g[py]![px] = 'P';
  return parseMaze(g.map((r) => r.join('')).join('\n'), 'spiral');
}

/**
 * `n` rooms `w` × 3 cells stacked, joined by one-cell doors alternately at the right and left end, so
 * each room is crossed on the diagonal: P in the top room, A at the far end of the bottom one.
 */
function doorsMaze(w: number, n: number): Maze {
  return stackedMaze(w, n, 3, 'doors');
}

/** `n` rooms `w` × `h` cells stacked, one-cell doors alternately right and left; P top-left, A at the far end. */
function stackedMaze(w: number, n: number, h: number, name: string): Maze {
  const lines = ['#'.repeat(w + 2)];
  for (let r = 0; r < n; r++) {
    for (let k = 0; k < h; k++) lines.push(`#${'.'.repeat(w)}#`);
    if (r === n - 1) continue;
    const wall = Array.from({ length: w + 2 }, () => '#');
    wall[r % 2 === 0 ? w : 1] = '.';
    lines.push(wall.join(''));
  }
  lines.push('#'.repeat(w + 2));
  const g = lines.map((l) => l.split(''));
  g[1]![1] = 'P';
  g[g.length - 2]![n % 2 === 0 ? 1 : w] = 'A';
  return parseMaze(g.map((r) => r.join('')).join('\n'), name);
}

/** Automaton steps from P to each chaser's grid point (2 points per cell): one wave that never dies. */
function leeSteps(maze: Maze): number[] {
  const f = new LeeField(maze, { waves: 1, lifetime: 100_000, schedule: 'manual' });
  f.setTarget(maze.start.x + 0.5, maze.start.y + 0.5);
  const s = f.clock.source;
  f.emit(0, s % f.width, Math.floor(s / f.width));
  for (let i = 0; i < f.width * f.height; i++) f.step();
  return maze.chasers.map((c) => f.stampAt(0, 2 * c.x + 1, 2 * c.y + 1));
}

const SPEED = 0.05;
/**
 * lee+ follows a Manhattan front in 8 compass directions: over 900 generated-maze chasers its steps after
 * the first arrival were at most 1.20 × (exact − 0.5) / speed (short paths through 3-wide rooms).
 */
const DETOUR = 1.25;
/**
 * The held heading keeps a diagonal across a Manhattan front (an L where lee+ turns): worst 1.39 over
 * the same 900 chasers, 1.35 over 300 at 4 points per cell.
 */
const HOLD_DETOUR = 1.5;

describe('Lee chasers beyond one lifetime of the wave (issue 26)', () => {
  const mazes = [
    ['corridor', corridorMaze(30, 5)],
    ['spiral', spiralMaze(19)],
    ['one-cell doors', doorsMaze(20, 7)],
  ] as const;
  for (const [name, maze] of mazes) {
    it(`${name}: the chaser is more than T − 1 = 299 automaton steps away, and lee and lee+ both catch it`, () => {
      const d = leeSteps(maze)[0]!;
      expect(d).toBeGreaterThan(299);
      for (const method of ['lee', 'lee+'] as const) {
        const c = simulateChase(maze, { method, maxSteps: 6000 }).chasers[0]!;
        expect(c.caught, `${method} caught`).toBe(true);
        expect(c.pathLength / (c.exact - 0.5), `${method} path ratio`).toBeLessThan(method === 'lee+' ? 1.1 : HOLD_DETOUR);
        // Both run as soon as the first wave reaches them (step d + 1), then near the shortest path.
        const detour = method === 'lee+' ? DETOUR : HOLD_DETOUR;
        expect(c.steps, `${method} steps`).toBeLessThanOrEqual(d + 1 + (detour * (c.exact - 0.5)) / SPEED);
      }
    });
  }

  it('generated mazes, static target: lee+ and lee catch every chaser within wait + 1.25 (lee: 1.5) × path / speed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 3 }),
        fc.constantFrom(0, 0.5),
        fc.boolean(),
        (seed, corridor, braid, big) => {
          // 40 × 48 mazes with corridors 1–2 wide are often more than 299 automaton steps across.
          const [width, height] = big ? [40, 48] : [24, 28];
          const maze = parseMaze(generateMaze({ seed, corridor, braid, width, height }).join('\n'), `gen:${seed}`);
          const d = leeSteps(maze);
          const plus = simulateChase(maze, { method: 'lee+', maxSteps: 20_000 }).chasers;
          for (const [i, c] of plus.entries()) {
            expect(c.caught, `lee+ ${c.id}`).toBe(true);
            expect(c.steps, `lee+ ${c.id}`).toBeLessThanOrEqual(d[i]! + 1 + (DETOUR * (c.exact - 0.5)) / SPEED);
          }
          // Held only until it would lead away, the heading no longer bounces past doors (161 of 900 did).
          const held = simulateChase(maze, { method: 'lee', maxSteps: 20_000 }).chasers;
          for (const [i, c] of held.entries()) {
            expect(c.caught, `lee ${c.id}`).toBe(true);
            expect(c.steps, `lee ${c.id}`).toBeLessThanOrEqual(d[i]! + 1 + (HOLD_DETOUR * (c.exact - 0.5)) / SPEED);
          }
        },
      ),
      { numRuns: 24, seed: 26 },
    );
  });
});

describe('LeeField labels the whole reachable grid', () => {
  // A 1 × 50 corridor at 1 point per cell, lifetime 10: the far end is 49 steps from the source.
  const line = { width: 50, height: 1, walls: new Uint8Array(50) };

  it('a wave goes out again only once it has labelled every point it can reach', () => {
    const f = new LeeField(line, { resolution: 1, waves: 1, lifetime: 10 });
    f.setTarget(0.5, 0.5);
    for (let i = 0; i < 50; i++) f.step();
    expect(f.generation[0]).toBe(1);
    expect(f.stampAt(0, 49, 0)).toBe(49);
    for (let i = 0; i < 5; i++) f.step();
    expect(f.generation[0]).toBe(2); // re-emitted soon after
    expect(f.stampAt(0, 49, 0)).toBe(-1);
    expect(f.stampAt(0, 49, 0, true)).toBe(49); // the finished generation is kept
  });

  it('lee+ reads the previous generation where the new one has not arrived', () => {
    const g = corridorMaze(40, 4); // about 160 cells: 320 automaton steps, more than T − T/n = 200
    const f = new LeeField(g, { waves: 3, lifetime: 300 });
    f.setTarget(g.start.x + 0.5, g.start.y + 0.5);
    const a = g.chasers[0]!;
    const ax = 2 * a.x + 1;
    const ay = 2 * a.y + 1;
    const out = { x: 0, y: 0 };
    let uncovered = 0;
    for (let i = 0; i < 1500; i++) {
      f.step();
      if (i < 400) continue;
      const current = [0, 1, 2].some((w) => f.stampAt(w, ax, ay) >= 0);
      if (current) continue;
      uncovered++;
      const w = [0, 1, 2].find((k) => f.stampAt(k, ax, ay, true) >= 0);
      expect(w).toBeDefined();
      expect(leeDirection(f, w!, ax, ay, out, true)).toBe(true);
    }
    expect(uncovered).toBeGreaterThan(0); // the case the fallback is for did happen
  });

  it('a point as far from the source one way round a loop as the other still has a direction', () => {
    // A ring round a 3 × 3 block, the source in the middle of the top side: the middle of the bottom
    // side is 8 steps away both ways round, its left and right neighbours 7 (the ties cancel).
    const walls = new Uint8Array(25);
    for (let y = 1; y <= 3; y++) for (let x = 1; x <= 3; x++) walls[y * 5 + x] = 1;
    const f = new LeeField({ width: 5, height: 5, walls }, { resolution: 1, waves: 1, lifetime: 100, schedule: 'manual' });
    f.emit(0, 2, 0);
    for (let i = 0; i < 10; i++) f.step();
    const out = { x: 0, y: 0 };
    expect([f.stampAt(0, 1, 4), f.stampAt(0, 2, 4), f.stampAt(0, 3, 4)]).toEqual([7, 8, 7]);
    expect(leeDirection(f, 0, 2, 4, out)).toBe(true);
    expect(out.y).toBe(0);
    expect(Math.abs(out.x) + Math.abs(out.y)).toBe(1);
  });
});

describe('the held heading stays the weaker reading (issue 26)', () => {
  it('leeHoldable: toward the source or along a level yes; away, into a wall or off the labelling no', () => {
    // Open 7 × 7 points, source in the middle: stamps are Manhattan distances.
    const f = new LeeField(
      { width: 7, height: 7, walls: new Uint8Array(49) },
      { resolution: 1, waves: 1, lifetime: 100, schedule: 'manual' },
    );
    f.emit(0, 3, 3);
    for (let i = 0; i < 10; i++) f.step();
    const h = (x: number, y: number) => ({ x, y });
    const d = Math.SQRT1_2;
    expect(leeHoldable(f, 0, 0, 3, h(1, 0))).toBe(true); // toward the source
    expect(leeHoldable(f, 0, 1, 3, h(-1, 0))).toBe(false); // away
    expect(leeHoldable(f, 0, 0, 3, h(d, -d))).toBe(true); // diagonal along the level (stamp 3 → 3)
    expect(leeHoldable(f, 0, 0, 0, h(d, d))).toBe(true); // diagonal down (6 → 4)
    expect(leeHoldable(f, 0, 0, 3, h(-1, 0))).toBe(false); // off the grid
    expect(leeHoldable(f, 0, 3, 3, h(1, 0))).toBe(false); // at the source
  });

  it('on the target row it keeps its diagonal until the next arrival, where lee+ turns straight at it', () => {
    // Open 30 × 20 points, one wave from (25, 10) at 1 point per cell, labelled everywhere.
    const open = { width: 30, height: 20, walls: new Uint8Array(600) };
    const trackers = [false, true].map((follow) => {
      const f = new LeeField(open, { resolution: 1, waves: 1, lifetime: 10_000, schedule: 'manual' });
      f.emit(0, 25, 10);
      for (let i = 0; i < 60; i++) f.step();
      return new LeeTracker(f, { follow });
    });
    const [held, plus] = trackers as [LeeTracker, LeeTracker];
    for (const t of trackers) {
      expect(t.update(15.5, 0.5)).toBe(true); // the arrival: down-right, toward the source
      expect(t.heading.x).toBeCloseTo(Math.SQRT1_2);
      expect(t.heading.y).toBeCloseTo(Math.SQRT1_2);
    }
    // On the source's row a diagonal no longer gets nearer in the Manhattan labelling, nor farther.
    expect(held.update(5.5, 10.5)).toBe(false);
    expect(held.heading.y).toBeCloseTo(Math.SQRT1_2);
    expect(plus.update(5.5, 10.5)).toBe(true);
    expect([plus.heading.x, plus.heading.y]).toEqual([1, 0]);
    // Below that row too (19 + 1 → 18 + 2); past the source's column it would lead away: re-read.
    expect(held.update(6.5, 11.5)).toBe(false);
    expect(held.update(26.5, 13.5)).toBe(true);
    expect(held.heading.x).toBeCloseTo(-Math.SQRT1_2);
    expect(held.heading.y).toBeCloseTo(-Math.SQRT1_2);
  });
});
