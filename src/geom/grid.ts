// The tile grid every chaser method reads. `Maze` from src/maze/maze.ts satisfies it.
// Coordinates: continuous (x, y) in cell units; cell (cx, cy) covers [cx, cx+1) × [cy, cy+1),
// its centre is (cx + 0.5, cy + 0.5). In the game one cell is one 16-unit tile.

export interface TileGrid {
  width: number;
  height: number;
  /** 1 = wall, 0 = open; row-major, index y * width + x. */
  walls: Uint8Array;
}

/**
 * Where copyable chase state writes itself for a state hash (the sim's Hasher fits): whole numbers
 * through int(), any number bit-exactly through num().
 */
export interface HashSink {
  int(n: number): void;
  num(x: number): void;
}

/** A heading or any 2-D vector written in place (so steering never allocates). */
export interface Vec2 {
  x: number;
  y: number;
}

export function isOpenCell(g: TileGrid, cx: number, cy: number): boolean {
  return cx >= 0 && cy >= 0 && cx < g.width && cy < g.height && g.walls[cy * g.width + cx] === 0;
}

/**
 * The open cell nearest to the continuous point (x, y): the cell containing it when open,
 * otherwise the nearest open cell centre (rings of growing Chebyshev radius, ties by scan order).
 * Returns the cell index y * width + x, or -1 when the grid has no open cell.
 */
export function nearestOpenCell(g: TileGrid, x: number, y: number): number {
  const w = g.width;
  const h = g.height;
  let cx = Math.floor(x);
  let cy = Math.floor(y);
  cx = cx < 0 ? 0 : cx >= w ? w - 1 : cx;
  cy = cy < 0 ? 0 : cy >= h ? h - 1 : cy;
  if (g.walls[cy * w + cx] === 0) return cy * w + cx;
  const maxR = w > h ? w : h;
  for (let r = 1; r <= maxR; r++) {
    let best = -1;
    let bestD = Infinity;
    for (let yy = cy - r; yy <= cy + r; yy++) {
      if (yy < 0 || yy >= h) continue;
      const edge = yy === cy - r || yy === cy + r;
      for (let xx = cx - r; xx <= cx + r; xx += edge ? 1 : 2 * r) {
        if (xx < 0 || xx >= w || g.walls[yy * w + xx] !== 0) continue;
        const dx = xx + 0.5 - x;
        const dy = yy + 0.5 - y;
        const d = dx * dx + dy * dy;
        if (d < bestD) {
          bestD = d;
          best = yy * w + xx;
        }
      }
    }
    if (best >= 0) return best;
  }
  return -1;
}
