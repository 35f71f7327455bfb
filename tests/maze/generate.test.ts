import { describe, expect, it } from 'vitest';
import { generateMaze } from '../../src/maze/generate';
import { bfsDistances, parseMaze } from '../../src/maze/maze';

describe('maze generator', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateMaze({ seed: 5 })).toEqual(generateMaze({ seed: 5 }));
    expect(generateMaze({ seed: 5 })).not.toEqual(generateMaze({ seed: 6 }));
  });

  for (const corridor of [1, 2, 3]) {
    it(`produces valid, fully reachable ${corridor}-wide mazes`, () => {
      for (let seed = 1; seed <= 15; seed++) {
        const rows = generateMaze({ seed, corridor });
        expect(rows.length).toBe(28);
        for (const r of rows) expect(r.length).toBe(24);
        const m = parseMaze(rows.join('\n'), `gen-${seed}`);
        expect(m.chasers.map((c) => c.id)).toEqual(['A', 'B', 'C']);
        expect(m.exits.length).toBe(1);
        expect(m.heals.length).toBe(2);
        expect(m.enemies.length).toBe(2);
        expect(m.start.y).toBeGreaterThan(m.height - 5);
        const d = bfsDistances(m, m.start);
        for (let i = 0; i < d.length; i++) if (m.walls[i] === 0) expect(d[i]).toBeGreaterThanOrEqual(0);
      }
    });
  }

  it('honours other sizes', () => {
    const m = parseMaze(generateMaze({ width: 41, height: 31, seed: 2, corridor: 1, chasers: 5 }).join('\n'));
    expect([m.width, m.height]).toEqual([41, 31]);
    expect(m.chasers.map((c) => c.id)).toEqual(['A', 'B', 'C', 'D', 'F']); // 'E' is the enemy marker
  });
});
