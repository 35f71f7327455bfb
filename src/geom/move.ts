// Agent movement in continuous cell-unit coordinates with wall collision. An agent is an axis-aligned
// square of half-size r (r < 0.5) centred on (x, y); the outside of the grid counts as wall. Moves are
// resolved one axis at a time (x then y), so an agent pushed into a wall slides along it with the other
// component of its velocity. Steps must be shorter than 1 − 2r so no wall can be jumped over.
// Corner nudging (as tile games do): when a move along one axis is blocked only because the agent
// overlaps the edge of a wall beside an open cell, the blocked part of the move shifts it toward the
// centre of its cell on the other axis, so it slips into the opening instead of sticking to the corner.

import type { TileGrid, Vec2 } from './grid';

const EPS = 1e-9;

function blocked(g: TileGrid, cx: number, cy: number): boolean {
  return cx < 0 || cy < 0 || cx >= g.width || cy >= g.height || g.walls[cy * g.width + cx] !== 0;
}

/** True when the square of half-size r at (x, y) overlaps a wall cell or leaves the grid. */
export function overlapsWall(g: TileGrid, x: number, y: number, r: number): boolean {
  const x0 = Math.floor(x - r);
  const x1 = Math.ceil(x + r) - 1;
  const y0 = Math.floor(y - r);
  const y1 = Math.ceil(y + r) - 1;
  for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) if (blocked(g, cx, cy)) return true;
  return false;
}

/**
 * Moves `pos` by (dx, dy) with collision, in place. Returns the distance actually covered.
 */
export function moveAgent(g: TileGrid, pos: Vec2, dx: number, dy: number, r: number): number {
  const x0 = pos.x;
  const y0 = pos.y;
  let x = x0 + dx;
  if (dx !== 0 && overlapsWall(g, x, y0, r)) {
    if (dx > 0) x = Math.ceil(x + r) - 1 - r - EPS;
    else x = Math.floor(x - r) + 1 + r + EPS;
    if ((dx > 0 && x < x0) || (dx < 0 && x > x0)) x = x0;
  }
  let y = y0 + dy;
  if (dy !== 0 && overlapsWall(g, x, y, r)) {
    if (dy > 0) y = Math.ceil(y + r) - 1 - r - EPS;
    else y = Math.floor(y - r) + 1 + r + EPS;
    if ((dy > 0 && y < y0) || (dy < 0 && y > y0)) y = y0;
  }
  // Corner nudging for whichever axis lost most of its move.
  const lostX = Math.abs(x0 + dx - x);
  const lostY = Math.abs(y0 + dy - y);
  if (lostY > 1e-12 && lostY >= lostX && Math.abs(dx) < Math.abs(dy)) {
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    if (!blocked(g, cx, cy + (dy > 0 ? 1 : -1))) {
      const toCentre = cx + 0.5 - x;
      const n = Math.min(lostY, Math.abs(toCentre));
      const nx = x + (toCentre > 0 ? n : -n);
      if (!overlapsWall(g, nx, y, r)) x = nx;
    }
  } else if (lostX > 1e-12 && lostX > lostY && Math.abs(dy) < Math.abs(dx)) {
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    if (!blocked(g, cx + (dx > 0 ? 1 : -1), cy)) {
      const toCentre = cy + 0.5 - y;
      const n = Math.min(lostX, Math.abs(toCentre));
      const ny = y + (toCentre > 0 ? n : -n);
      if (!overlapsWall(g, x, ny, r)) y = ny;
    }
  }
  pos.x = x;
  pos.y = y;
  const mx = x - x0;
  const my = y - y0;
  return Math.sqrt(mx * mx + my * my);
}
