// Turrets (`E` in a maze): stationary enemies that fire only at a ship they perceive — inside their
// vision cone, within range and in line of sight through the tile grid (seed 003; perception.ts).
// A turret's facing (Enemy.phase, radians) sweeps slowly while it sees nothing and locks onto the
// ship while it does; it fires an aimed volley TURRET_REACTION frames after first seeing the ship,
// then every TURRET_PERIOD frames while it keeps seeing it. Enemy.burst is 1 while it sees the ship.
import { canSee, type VisionCone } from '../world/perception';
import type { DifficultyParams } from './difficulty';
import { datan2, dcos, dsin, PI, TAU } from '../geom/dmath';
import { EnemyKind } from './enemy-pool';
import { TILE, TURRET_COS_HALF_ANGLE, TURRET_PERIOD, TURRET_RANGE, TURRET_REACTION, TURRET_SWEEP, type MazeSideState } from './maze-state';
import { findMazeEnemy, spawnMazeEnemy } from './maze-spawn';
import { fireVolley, type FireContext } from './patterns';
import type { MatchState, SideState } from './state';

export const TURRET_CONE: VisionCone = { cosHalfAngle: TURRET_COS_HALF_ANGLE, range: TURRET_RANGE };

const ctx: FireContext = { bullets: null!, frame: 0, shipX: 0, shipY: 0, diff: null!, rng: null! };

export function updateTurrets(s: MatchState, side: SideState, mz: MazeSideState, diff: DifficultyParams): void {
  const ship = side.ship;
  const maze = mz.maze;
  for (let i = 0; i < mz.turrets.length; i++) {
    const t = mz.turrets[i]!;
    if (!t.alive) {
      if (s.frame < t.respawnAt) continue;
      const e = spawnMazeEnemy(side, s.frame, EnemyKind.TURRET, i, t.cx, t.cy, s.config);
      if (!e) {
        t.respawnAt = s.frame + 1;
        continue;
      }
      // Facing at first: toward the maze's start, where the ship enters.
      e.phase = datan2(maze.start.y - t.cy, maze.start.x - t.cx);
      t.alive = true;
    }
    const e = findMazeEnemy(side.enemies, EnemyKind.TURRET, i);
    if (!e) {
      t.alive = false;
      continue;
    }
    const sees =
      ship.lives > 0 && canSee(maze, e.x / TILE, e.y / TILE, dcos(e.phase), dsin(e.phase), ship.x / TILE, ship.y / TILE, TURRET_CONE);
    if (!sees) {
      e.burst = 0;
      e.phase += TURRET_SWEEP;
      if (e.phase > PI) e.phase -= TAU;
      continue;
    }
    e.phase = datan2(ship.y - e.y, ship.x - e.x);
    if (e.burst === 0) {
      e.burst = 1;
      e.fireAt = Math.max(e.fireAt, e.age + TURRET_REACTION);
    }
    if (e.age >= e.fireAt) {
      ctx.bullets = side.bullets;
      ctx.frame = s.frame;
      ctx.shipX = ship.x;
      ctx.shipY = ship.y;
      ctx.diff = diff;
      ctx.rng = side.rng;
      fireVolley(e, ctx);
      e.fireAt = e.age + TURRET_PERIOD;
    }
  }
}
