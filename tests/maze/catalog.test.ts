import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOG_PATH, readGameMazes, renderCatalog } from '../../scripts/gen-maze-catalog';
import { catalogMazeText, MAZE_CATALOG, MAZE_NAMES } from '../../src/maze/catalog';
import { parseMaze } from '../../src/maze/maze';

describe('maze catalog (src/maze/catalog.ts, generated from mazes/*.maze)', () => {
  it('is exactly what scripts/gen-maze-catalog.ts makes of the files (run it after editing a maze)', () => {
    expect(readFileSync(CATALOG_PATH, 'utf8')).toBe(renderCatalog());
  });

  it('holds every 24×28 maze file, row for row, easiest first', () => {
    const files = readGameMazes();
    expect(MAZE_CATALOG.map((m) => [m.name, m.rows])).toEqual(files);
    expect(MAZE_NAMES.length).toBeGreaterThanOrEqual(5);
    expect(MAZE_NAMES[0]).toBe('pillars');
    expect(MAZE_NAMES).not.toContain('open32'); // report-only map, not a playfield
  });

  it('every catalog maze is a playable game maze: P, an exit, chasers, walls round the edge', () => {
    for (const name of MAZE_NAMES) {
      const m = parseMaze(catalogMazeText(name)!, name);
      expect([m.width, m.height]).toEqual([24, 28]);
      expect(m.exits.length).toBeGreaterThan(0);
      expect(m.chasers.length).toBeGreaterThan(0);
      for (let x = 0; x < 24; x++) expect(m.walls[x]! & m.walls[27 * 24 + x]!).toBe(1);
      for (let y = 0; y < 28; y++) expect(m.walls[y * 24]! & m.walls[y * 24 + 23]!).toBe(1);
    }
    expect(catalogMazeText('nowhere')).toBeNull();
  });
});
