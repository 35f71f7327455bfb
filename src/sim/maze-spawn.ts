// Chaser and turret bodies in the enemy pool: spawning at their start cells, finding a slot's
// record, noticing kills (they respawn later) and clearing them when a side leaves its maze.
import { levelAt, type LevelRamp } from './difficulty';
import { spawnEnemy, type SpawnSpec } from './enemies';
import { EnemyKind, type Enemy, type EnemyPool } from './enemy-pool';
import { CHASER_RESPAWN, TILE, TURRET_RESPAWN, type MazeSideState } from './maze-state';
import { Path } from './paths';
import { Pattern } from './patterns';
import type { SideState } from './state';

const spec: SpawnSpec = {
  kind: 0,
  path: Path.MAZE,
  x: 0,
  y: 0,
  p0: 0,
  p1: 0,
  p2: 0,
  pattern: Pattern.NONE,
  firstFire: 0,
  period: 0,
  delay: 0,
};

/** Puts the body of chaser or turret `slot` at the centre of cell (cx, cy). Null when the pool is full. */
export function spawnMazeEnemy(
  side: SideState,
  frame: number,
  kind: number,
  slot: number,
  cx: number,
  cy: number,
  ramp?: LevelRamp,
): Enemy | null {
  spec.kind = kind;
  spec.x = (cx + 0.5) * TILE;
  spec.y = (cy + 0.5) * TILE;
  spec.p0 = slot;
  spec.pattern = kind === EnemyKind.TURRET ? Pattern.AIMED : Pattern.NONE;
  return spawnEnemy(side, frame, spec, levelAt(frame, ramp), -1);
}

/** The pool record of chaser/turret `slot` (kind CHASER or TURRET), or null. */
export function findMazeEnemy(pool: EnemyPool, kind: number, slot: number): Enemy | null {
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (e.path === Path.MAZE && e.kind === kind && e.p0 === slot) return e;
  }
  return null;
}

/** Called for every kill in a maze field: a killed chaser or turret respawns at its start later. */
export function onMazeKill(mz: MazeSideState, e: Enemy, frame: number): void {
  if (e.path !== Path.MAZE) return;
  if (e.kind === EnemyKind.CHASER) {
    const c = mz.chasers[e.p0];
    if (c) {
      c.alive = false;
      c.respawnAt = frame + CHASER_RESPAWN;
      c.hx = c.hy = 0;
    }
  } else if (e.kind === EnemyKind.TURRET) {
    const t = mz.turrets[e.p0];
    if (t) {
      t.alive = false;
      t.respawnAt = frame + TURRET_RESPAWN;
    }
  }
}

/**
 * Removes every chaser and turret body from the pool (the side leaves its maze). Enemies sent from
 * the other field stay (maze-sent.ts moves them into the next maze).
 */
export function removeMazeEnemies(pool: EnemyPool): void {
  for (let j = pool.count - 1; j >= 0; j--) {
    const e = pool.items[j]!;
    if (e.path === Path.MAZE && e.kind !== EnemyKind.SPIRIT && e.kind !== EnemyKind.BOSS) pool.remove(j);
  }
}
