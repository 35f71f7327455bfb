// Chasers: one ChaserGroup per side hunts that side's ship with the configured method (wave+ by
// default: the wave field of seed 000 with first-arrival steering, docs/chasers.md). Every frame the
// ship's position becomes the field's source, the shared field advances once, and each live chaser
// reads its heading and moves at a fixed speed with wall collision (moveAgent, cell units). Dead
// chasers reappear at their start cell CHASER_RESPAWN frames after the kill, with a fresh tracker.
// Contact damage, shots and kills are the enemy pool's ordinary rules (collide.ts).
import { moveAgent } from '../geom/move';
import type { Vec2 } from '../geom/grid';
import type { Maze } from '../maze/maze';
import { EnemyKind, type Enemy } from './enemy-pool';
import { CHASER_RESPAWN, CHASER_SPEED, CHASER_WALL_RADIUS, TILE, type MazeSideState } from './maze-state';
import { findMazeEnemy, spawnMazeEnemy } from './maze-spawn';
import type { MatchState, SideState } from './state';

const heading: Vec2 = { x: 0, y: 0 };
const pos: Vec2 = { x: 0, y: 0 };

/**
 * Moves a maze enemy by (dx, dy) tiles, stopped by walls as chasers are (a square of half-size
 * `radius` tiles sliding along them); its velocity becomes the step it made.
 */
export function moveThroughMaze(maze: Maze, e: Enemy, dx: number, dy: number, radius: number): void {
  pos.x = e.x / TILE;
  pos.y = e.y / TILE;
  moveAgent(maze, pos, dx, dy, radius);
  const nx = pos.x * TILE;
  const ny = pos.y * TILE;
  e.vx = nx - e.x;
  e.vy = ny - e.y;
  e.x = nx;
  e.y = ny;
}

export function updateChasers(s: MatchState, side: SideState, mz: MazeSideState): void {
  const g = mz.group;
  g.setTarget(side.ship.x / TILE, side.ship.y / TILE);
  g.step();
  const speed = CHASER_SPEED / TILE;
  for (let i = 0; i < mz.chasers.length; i++) {
    const c = mz.chasers[i]!;
    if (!c.alive) {
      if (s.frame < c.respawnAt) continue;
      if (!spawnMazeEnemy(side, s.frame, EnemyKind.CHASER, i, c.cx, c.cy, s.config)) {
        c.respawnAt = s.frame + 1; // pool full: try again next frame
        continue;
      }
      c.alive = true;
      c.x = (c.cx + 0.5) * TILE;
      c.y = (c.cy + 0.5) * TILE;
      g.resetChaser(i, c.cx + 0.5, c.cy + 0.5);
    }
    const e = findMazeEnemy(side.enemies, EnemyKind.CHASER, i);
    if (!e) {
      c.alive = false;
      c.respawnAt = s.frame + CHASER_RESPAWN;
      continue;
    }
    g.steer(i, e.x / TILE, e.y / TILE, heading);
    moveThroughMaze(mz.maze, e, heading.x * speed, heading.y * speed, CHASER_WALL_RADIUS);
    c.x = e.x;
    c.y = e.y;
    c.hx = heading.x;
    c.hy = heading.y;
  }
}
