// The pruned last step's single cells (src/cpu/dodge/cell-painter.ts) against the reference map:
// every cell filled gets build()'s value bit for bit, with and without edge bands, at several times.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { InfluenceMap, MapShapes } from '../../../src/cpu/dodge/influence-map';
import { CellPainter } from '../../../src/cpu/dodge/cell-painter';
import { mixedWorld } from './helpers';

describe('CellPainter', () => {
  it("fills scattered cells with build()'s values", () => {
    const rand = seedrandom('cell-painter');
    const shapes = new MapShapes();
    const painter = new CellPainter();
    let filled = 0;
    let nonzero = 0;
    for (let s = 0; s < 40; s++) {
      const w = mixedWorld(rand, 20 + Math.floor(rand() * 400));
      if (s % 5 === 4) w.walls = { width: 24, height: 28, walls: new Uint8Array(24 * 28) }; // no edge bands
      const t = 1 + Math.floor(rand() * 30);
      const full = new InfluenceMap(384, 448).build(w, t);
      const map = new InfluenceMap(384, 448);
      map.values.fill(Number.NaN);
      // Scattered cells in a box, the shapes collected for a larger box and time span (as the search does).
      const c0 = Math.floor(rand() * 40);
      const r0 = Math.floor(rand() * 48);
      const cells = Int32Array.from({ length: 1 + Math.floor(rand() * 30) }, () => {
        return (r0 + Math.floor(rand() * 8)) * map.cols + c0 + Math.floor(rand() * 8);
      });
      const cell = map.cell;
      shapes.collect(w, t - 2, t + 2, (c0 - 1) * cell, (c0 + 9) * cell, (r0 - 1) * cell, (r0 + 9) * cell, cell);
      painter.fill(map, w, t, shapes, cells, cells.length);
      for (const i of cells) {
        expect(Object.is(map.values[i], full.values[i]), `situation ${s}, cell ${i}`).toBe(true);
        filled++;
        if (full.values[i]! > 0) nonzero++;
      }
    }
    expect(filled).toBeGreaterThan(400);
    expect(nonzero).toBeGreaterThan(100); // the cells are not all empty ones
  });
});
