// Versus enemies sent into a maze field (a long chain's spirit, the level-2 spirits, the level-3 boss)
// obey the maze like its own enemies (issue 4): walls block them and they fire only at a ship they
// perceive. They appear on an open cell the ship can reach, SENT_MIN_DIST to SENT_MAX_DIST cells away
// along the maze (the arrival warning at the top of the field still announces them), and then:
// - spirits hunt the ship along the maze's shortest paths (the flow field, src/world/flow-field.ts) at
//   SPIRIT_SPEED with the chasers' wall collision (moveAgent), stop while they see the ship and fire;
// - the boss holds its post (a wide spot if there is one, so its body does not plug a corridor) and
//   turns toward the ship while it sees it, sweeping slowly while it does not.
// Seeing is the turrets' rule: a vision cone, range and line of sight through the tile grid
// (src/world/perception.ts); the first volley comes SENT_REACTION frames after first seeing the ship.
// They leave (vanish) at a fixed age whether or not they ever saw the ship, so hiding from one is a
// defence and none outstays a bounded time: a spirit at SPIRIT_MAZE_FRAMES, the boss at firstFire +
// BOSS_FRAMES, the age at which an open-field boss's 7 s of fire end.
//
// Body: an Enemy of kind SPIRIT or BOSS with path MAZE (its pattern uses phase and burst), and
//   p0 = 1 while it sees the ship, p1 = the age at which it leaves, p2 = its speed (0: holds a post),
//   aimX, aimY = its facing (unit vector), ox, oy = where it appeared.
// The shortest-path field is derived from (maze, ship cell) only, so it is a cache, not state.
import { canSee, type VisionCone } from '../world/perception';
import { FlowField } from '../world/flow-field';
import type { Vec2 } from '../geom/grid';
import type { Maze } from '../maze/maze';
import { BOSS_FRAMES } from './constants';
import { updateBossPhase } from './boss-phases';
import type { DifficultyParams } from './difficulty';
import { dcos, dsin } from '../geom/dmath';
import { spawnEnemy, type SpawnSpec } from './enemies';
import { EnemyKind, type Enemy } from './enemy-pool';
import { moveThroughMaze } from './maze-chasers';
import {
  CHASER_WALL_RADIUS,
  TILE,
  TURRET_COS_HALF_ANGLE,
  TURRET_RANGE,
  TURRET_REACTION,
  TURRET_SWEEP,
  type MazeSideState,
} from './maze-state';
import { Path } from './paths';
import { fireVolley, type FireContext } from './patterns';
import type { SideState } from './state';

/** Where a sent enemy appears: this many cells from the ship along the maze (near enough to matter). */
export const SENT_MIN_DIST = 10;
export const SENT_MAX_DIST = 18;
/** Spirits: speed (field units per frame; chasers 1.2), collision half-size against walls (cells). */
export const SPIRIT_SPEED = 0.9;
export const SENT_WALL_RADIUS = CHASER_WALL_RADIUS;
/** Frames a sent spirit stays in a maze (it has to find the ship first). */
export const SPIRIT_MAZE_FRAMES = 600;
/** Spirits see like turrets: a 120° cone, 10 cells. */
export const SPIRIT_CONE: VisionCone = { cosHalfAngle: TURRET_COS_HALF_ANGLE, range: TURRET_RANGE };
/** The boss holds one post, so it sees wider and further: a 180° cone, 12 cells. */
export const BOSS_CONE: VisionCone = { cosHalfAngle: 0, range: 12 };
export const SENT_REACTION = TURRET_REACTION;
/** Sweep of a boss that sees nothing (radians per frame): twice a turret's. */
const BOSS_SWEEP = 2 * TURRET_SWEEP;
const SWEEP_COS = dcos(BOSS_SWEEP);
const SWEEP_SIN = dsin(BOSS_SWEEP);

/** True for an enemy sent from the other field that the maze rules move (not a chaser or turret). */
export function isSentMazeEnemy(e: Enemy): boolean {
  return e.path === Path.MAZE && (e.kind === EnemyKind.SPIRIT || e.kind === EnemyKind.BOSS);
}

// ── the shortest-path field from the ship: one per (maze, side index), so matches with different mazes
// alternating in one process (a replay and a live match, two replays) each keep theirs ──
const fields = new WeakMap<Maze, FlowField[]>();

function fieldFor(side: SideState, maze: Maze): FlowField {
  let perSide = fields.get(maze);
  if (!perSide) fields.set(maze, (perSide = []));
  let f = perSide[side.index];
  if (!f) perSide[side.index] = f = new FlowField(maze);
  f.setTarget(side.ship.x / TILE, side.ship.y / TILE);
  return f;
}

// ── where a sent enemy appears ──
let candidates = new Int32Array(0);
const cell = { x: 0, y: 0 };

function nearAny(list: readonly { x: number; y: number }[], cx: number, cy: number): boolean {
  for (const m of list) if (Math.abs(m.x - cx) <= 1 && Math.abs(m.y - cy) <= 1) return true;
  return false;
}

/** Next to (or on) an exit or a heal pad. */
function nearMarker(maze: Maze, cx: number, cy: number): boolean {
  return nearAny(maze.exits, cx, cy) || nearAny(maze.heals, cx, cy);
}

/** Every neighbour (8) open: a spot where a big body does not fill a corridor. */
function wideAt(maze: Maze, cx: number, cy: number): boolean {
  const W = maze.width;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const x = cx + dx;
      const y = cy + dy;
      if (x < 0 || y < 0 || x >= W || y >= maze.height || maze.walls[y * W + x] !== 0) return false;
    }
  }
  return true;
}

/**
 * The cell a sent enemy appears on (written to the returned, reused object): drawn from the side's
 * stream among open cells reachable from the ship, SENT_MIN_DIST to SENT_MAX_DIST cells away along the
 * maze and not next to an exit or heal pad — for `wide`, preferably a wide spot. Failing that, any
 * such cell further away; failing that, the reachable cell farthest from the ship.
 */
export function sentArrivalCell(side: SideState, mz: MazeSideState, wide: boolean): { x: number; y: number } {
  const maze = mz.maze;
  const f = fieldFor(side, maze);
  const n = maze.width * maze.height;
  if (candidates.length < n) candidates = new Int32Array(n);
  let pick = -1;
  // Passes: 0 wide spots in the band (boss only), 1 the band, 2 anything beyond its near edge.
  for (let pass = wide ? 0 : 1; pass < 3 && pick < 0; pass++) {
    let count = 0;
    for (let c = 0; c < n; c++) {
      const d = f.dist[c]!;
      if (d === Infinity || d < SENT_MIN_DIST || (pass < 2 && d > SENT_MAX_DIST)) continue;
      const cx = c % maze.width;
      const cy = (c - cx) / maze.width;
      if (nearMarker(maze, cx, cy) || (pass === 0 && !wideAt(maze, cx, cy))) continue;
      candidates[count++] = c;
    }
    if (count > 0) pick = candidates[side.rng.int(count)]!;
  }
  if (pick < 0) {
    // A small maze or region: the farthest reachable cell (the ship's own when nothing else).
    let best = -1;
    for (let c = 0; c < n; c++) {
      const d = f.dist[c]!;
      if (d !== Infinity && (best < 0 || d > f.dist[best]!)) best = c;
    }
    pick = best >= 0 ? best : Math.floor(side.ship.y / TILE) * maze.width + Math.floor(side.ship.x / TILE);
  }
  cell.x = pick % maze.width;
  cell.y = (pick - cell.x) / maze.width;
  return cell;
}

function faceShip(e: Enemy, side: SideState): void {
  const dx = side.ship.x - e.x;
  const dy = side.ship.y - e.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  e.aimX = len > 0 ? dx / len : 0;
  e.aimY = len > 0 ? dy / len : -1;
}

function place(e: Enemy, side: SideState, mz: MazeSideState): void {
  const c = sentArrivalCell(side, mz, e.kind === EnemyKind.BOSS);
  e.ox = e.x = (c.x + 0.5) * TILE;
  e.oy = e.y = (c.y + 0.5) * TILE;
  e.vx = e.vy = 0;
  e.p0 = 0;
  faceShip(e, side);
}

const spec: SpawnSpec = { kind: 0, path: Path.MAZE, x: 0, y: 0, p0: 0, p1: 0, p2: 0, pattern: 0, firstFire: 0, period: 0, delay: 0 };

/**
 * A sent spirit (or boss) arriving in a maze field: placed by sentArrivalCell, firing `pattern` every
 * `period` frames while it sees the ship, from age `firstFire` on. Null when the enemy pool is full.
 */
export function spawnSentInMaze(
  side: SideState,
  mz: MazeSideState,
  frame: number,
  kind: number,
  pattern: number,
  firstFire: number,
  period: number,
  level: number,
  owner: number,
): Enemy | null {
  spec.kind = kind;
  spec.pattern = pattern;
  spec.firstFire = firstFire;
  spec.period = period;
  const e = spawnEnemy(side, frame, spec, level, owner);
  if (!e) return null;
  place(e, side, mz);
  // A fixed leaving age (see the header): seen or not, it goes.
  e.p1 = kind === EnemyKind.BOSS ? firstFire + BOSS_FRAMES : SPIRIT_MAZE_FRAMES;
  e.p2 = kind === EnemyKind.BOSS ? 0 : SPIRIT_SPEED;
  return e;
}

/** The side entered a new maze: its sent enemies carry on from new cells far from the ship there. */
export function relocateSent(side: SideState, mz: MazeSideState): void {
  const pool = side.enemies;
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (isSentMazeEnemy(e)) place(e, side, mz);
  }
}

const ctx: FireContext = { bullets: null!, frame: 0, shipX: 0, shipY: 0, diff: null!, rng: null! };
const heading: Vec2 = { x: 0, y: 0 };

/** Moves, aims and fires the side's sent maze enemies; removes those whose time is up. */
export function updateSent(frame: number, side: SideState, mz: MazeSideState, diff: DifficultyParams): void {
  const pool = side.enemies;
  const ship = side.ship;
  const maze = mz.maze;
  for (let j = pool.count - 1; j >= 0; j--) {
    const e = pool.items[j]!;
    if (!isSentMazeEnemy(e) || e.age < 0) continue;
    if (e.age >= e.p1) {
      pool.remove(j); // it leaves; the record swapped in was already updated (backward loop)
      continue;
    }
    const cone = e.kind === EnemyKind.BOSS ? BOSS_CONE : SPIRIT_CONE;
    const sees = ship.lives > 0 && canSee(maze, e.x / TILE, e.y / TILE, e.aimX, e.aimY, ship.x / TILE, ship.y / TILE, cone);
    e.vx = e.vy = 0;
    if (sees) {
      faceShip(e, side);
      if (e.p0 === 0) {
        e.p0 = 1;
        e.fireAt = Math.max(e.fireAt, e.age + SENT_REACTION);
      }
      updateBossPhase(e);
      if (e.age >= e.fireAt) {
        ctx.bullets = side.bullets;
        ctx.frame = frame;
        ctx.shipX = ship.x;
        ctx.shipY = ship.y;
        ctx.diff = diff;
        ctx.rng = side.rng;
        fireVolley(e, ctx);
        e.fireAt = e.age + e.period;
      }
      continue;
    }
    e.p0 = 0;
    if (e.p2 === 0) {
      // Holding a post: sweep the facing round.
      const fx = e.aimX * SWEEP_COS - e.aimY * SWEEP_SIN;
      const fy = e.aimX * SWEEP_SIN + e.aimY * SWEEP_COS;
      const len = Math.sqrt(fx * fx + fy * fy);
      e.aimX = fx / len;
      e.aimY = fy / len;
      continue;
    }
    // Hunting: one step along the shortest path toward the ship, walls stopping it as they stop chasers.
    if (!fieldFor(side, maze).steer(e.x / TILE, e.y / TILE, heading)) continue;
    const speed = e.p2 / TILE;
    moveThroughMaze(maze, e, heading.x * speed, heading.y * speed, SENT_WALL_RADIUS);
    e.aimX = heading.x;
    e.aimY = heading.y;
  }
}
