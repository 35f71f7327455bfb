// Seed 002's single wave ('wave1'): one wave, reset and re-emitted from the target each time it
// reaches the chaser (seed 002 §2.2, §3), evaluated one chaser at a time (simulateEach).
import { describe, expect, it } from 'vitest';
import { ChaserGroup } from '../../../src/world/chase/group';
import { simulateEach } from '../../../src/world/chase/sim';
import { parseMaze } from '../../../src/maze/maze';
import { readFileSync } from 'node:fs';

// An open room (a 1-cell corridor would not do: there the leading front is a trough, docs/chasers.md).
const ROOM = parseMaze(
  ['###############', ...Array.from({ length: 7 }, (_, y) => (y === 3 ? '#A...........P#' : '#.............#')), '###############'].join(
    '\n',
  ),
  'room',
);

describe("wave1 (seed 002's single wave, reset on arrival)", () => {
  it('emits at the first step and re-emits only after the chaser reacted', () => {
    const g = new ChaserGroup(ROOM, 'wave1');
    g.add(1.5, 4.5);
    const h = { x: 0, y: 0 };
    const gens: number[] = [];
    const reactedAt: number[] = [];
    for (let t = 0; t < 200; t++) {
      g.setTarget(13.5, 4.5);
      g.step();
      gens.push(g.wave!.generation[0]!);
      if (g.steer(0, 1.5, 4.5, h)) reactedAt.push(t);
    }
    expect(g.wave!.waves).toBe(1);
    expect(gens[0]).toBe(1);
    expect(reactedAt.length).toBeGreaterThanOrEqual(2);
    // Each reaction is followed by a new generation at the next step, and only then.
    for (let t = 1; t < gens.length; t++) expect(gens[t]! - gens[t - 1]!).toBe(reactedAt.includes(t - 1) ? 1 : 0);
    expect(h.x).toBeGreaterThan(0.99); // toward the target
  });

  it('catches every chaser of the open32 map when each runs alone', () => {
    const maze = parseMaze(readFileSync('mazes/open32.maze', 'utf8'), 'open32');
    const r = simulateEach(maze, { method: 'wave1', maxSteps: 3000 });
    expect(r.chasers.map((c) => c.id)).toEqual(maze.chasers.map((c) => c.id));
    for (const c of r.chasers) {
      expect(c.caught).toBe(true);
      expect(c.pathLength / (c.exact - 0.5)).toBeLessThan(1.2);
    }
  });
});
