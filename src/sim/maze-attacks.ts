// Versus attacks arriving in a maze field: the maze's outer wall would stop bullets coming from
// above the field, so attack bullets appear inside the maze instead — on an open tile at least
// MIN_DIST from the ship, preferring one that sees the ship (so the attack matters), drawn from the
// side's own random stream.
import { lineOfSight } from '../world/perception';
import { TILE, type MazeSideState } from './maze-state';
import type { SideState } from './state';

const MIN_DIST = 96;
const TRIES = 12;
const out = { x: 0, y: 0 };

/** Where the next attack bullet appears (field units; the returned object is reused). */
export function mazeAttackOrigin(side: SideState, mz: MazeSideState): { x: number; y: number } {
  const maze = mz.maze;
  const rng = side.rng;
  const sx = side.ship.x;
  const sy = side.ship.y;
  let fallback = -1;
  for (let t = 0; t < TRIES; t++) {
    const c = rng.int(maze.width * maze.height);
    if (maze.walls[c] !== 0) continue;
    const cx = c % maze.width;
    const cy = (c - cx) / maze.width;
    const x = (cx + 0.5) * TILE;
    const y = (cy + 0.5) * TILE;
    const dx = x - sx;
    const dy = y - sy;
    if (dx * dx + dy * dy < MIN_DIST * MIN_DIST) continue;
    if (fallback < 0) fallback = c;
    if (lineOfSight(maze, x / TILE, y / TILE, sx / TILE, sy / TILE)) {
      fallback = c;
      break;
    }
  }
  if (fallback < 0) {
    // Nothing suitable drawn: the start cell's row at the top of the open area (rare).
    out.x = (maze.start.x + 0.5) * TILE;
    out.y = TILE * 1.5;
    return out;
  }
  const cx = fallback % maze.width;
  out.x = (cx + 0.5) * TILE;
  out.y = ((fallback - cx) / maze.width + 0.5) * TILE;
  return out;
}
