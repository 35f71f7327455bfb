// The state of one side's maze (maze stages): which maze of the rotation it is in, its chasers
// (start cell, alive, respawn time, position mirror), turrets, heal pads and the chasers' shared
// ChaserGroup (wave-field buffers and per-chaser trackers). Chaser and turret bodies are Enemy
// records in side.enemies (kinds CHASER and TURRET, path MAZE, p0 = slot), so shots, contact hits,
// kills, chains and the dodger's danger map treat them like any enemy; this record holds what
// the pool does not. Everything here is covered by hashState and copied by cloneState.
import { ChaserGroup, type ChaseMethod } from '../world/chase/group';
import type { Maze } from '../maze/maze';
import { FPS } from './constants';
import type { Hasher } from './hash';
import { mazeByName, mazeNameAt } from './maze-rotation';
import { matchStream, type Rng } from './rng';

/** Tile size in field units: a 24 × 28 maze fills the 384 × 448 field. */
export const TILE = 16;
/** Collision half-size of the ship against walls, field units (its hitbox is 2.5). */
export const SHIP_WALL_RADIUS = 5;
/** Chasers: speed (field units per frame), collision half-size against walls (cells). */
export const CHASER_SPEED = 1.2;
export const CHASER_WALL_RADIUS = 0.3;
/** Frames from a kill until a chaser (or turret) appears again at its start. */
export const CHASER_RESPAWN = 5 * FPS;
export const TURRET_RESPAWN = 10 * FPS;
/** Turrets: vision (cos of the half-angle: 0.5 = a 120° cone; range in cells), sweep, fire. */
export const TURRET_COS_HALF_ANGLE = 0.5;
export const TURRET_RANGE = 10;
export const TURRET_SWEEP = 0.02;
/** Frames between a turret first seeing the ship and its first volley, then between volleys. */
export const TURRET_REACTION = 18;
export const TURRET_PERIOD = 45;
/** Heal pads: frames standing on one for a life, frames until it works again. */
export const HEAL_FRAMES = 60;
export const HEAL_RECHARGE = 600;
/** Score for reaching the exit. */
export const MAZE_CLEAR_BONUS = 5000;
/** Invulnerability after arriving in a new maze, frames. */
export const MAZE_ARRIVAL_INVULN = 60;

export interface MazeChaser {
  /** 'A'..'F' as in the maze file. */
  id: string;
  /** Start cell. */
  cx: number;
  cy: number;
  alive: boolean;
  /** Frame it reappears at its start when dead. */
  respawnAt: number;
  /** Position (field units) and heading (unit vector or 0, 0) after the last step; a mirror of its Enemy record. */
  x: number;
  y: number;
  hx: number;
  hy: number;
}

export interface MazeTurret {
  cx: number;
  cy: number;
  alive: boolean;
  respawnAt: number;
}

export interface HealPad {
  cx: number;
  cy: number;
  /** Frames the ship has stood on it so far (0 when it is not there). */
  stand: number;
  /** Frame from which it works again (0: ready). */
  readyAt: number;
}

export interface MazeSideState {
  /** Position in the match's maze rotation: 0 = the first maze, +1 per maze cleared. */
  index: number;
  /** Rotation name of the current maze ('pillars', 'gen:17'). */
  name: string;
  /** The current maze (immutable; shared with state copies). Cells: maze.walls[cy * width + cx]. */
  maze: Maze;
  /** Frame the current maze was entered. */
  enteredAt: number;
  chasers: MazeChaser[];
  turrets: MazeTurret[];
  pads: HealPad[];
  /** The chasers' shared field and trackers (tracker i belongs to chasers[i]). */
  group: ChaserGroup;
  /** The side's maze stream (crash-and-turn's random turns). */
  rng: Rng;
}

function makeGroup(mz: { rng: Rng }, maze: Maze, method: ChaseMethod): ChaserGroup {
  return new ChaserGroup(maze, method, { speed: CHASER_SPEED / TILE, rand: () => mz.rng.next() });
}

/** The maze state for side `index` entering the k-th maze of the rotation (chasers not yet spawned). */
export function newMazeSide(
  seed: number,
  side: number,
  spec: string,
  method: ChaseMethod,
  k: number,
  frame: number,
  rng?: Rng,
): MazeSideState {
  const name = mazeNameAt(spec, k);
  const maze = mazeByName(name);
  const mz = {
    index: k,
    name,
    maze,
    enteredAt: frame,
    chasers: maze.chasers.map((c) => ({
      id: c.id,
      cx: c.x,
      cy: c.y,
      alive: false,
      respawnAt: frame,
      x: (c.x + 0.5) * TILE,
      y: (c.y + 0.5) * TILE,
      hx: 0,
      hy: 0,
    })),
    turrets: maze.enemies.map((c) => ({ cx: c.x, cy: c.y, alive: false, respawnAt: frame })),
    pads: maze.heals.map((c) => ({ cx: c.x, cy: c.y, stand: 0, readyAt: 0 })),
    rng: rng ?? matchStream(seed, `maze${side}`),
  } as Omit<MazeSideState, 'group'> as MazeSideState;
  mz.group = makeGroup(mz, maze, method);
  for (const c of mz.chasers) mz.group.add(c.cx + 0.5, c.cy + 0.5);
  return mz;
}

export function cloneMazeSide(o: MazeSideState, method: ChaseMethod): MazeSideState {
  const mz = {
    ...o,
    chasers: o.chasers.map((c) => ({ ...c })),
    turrets: o.turrets.map((t) => ({ ...t })),
    pads: o.pads.map((p) => ({ ...p })),
    rng: o.rng.clone(),
  } as MazeSideState;
  mz.group = makeGroup(mz, o.maze, method);
  mz.group.copyFrom(o.group);
  return mz;
}

export function hashMazeSide(h: Hasher, mz: MazeSideState): void {
  h.int(mz.index);
  h.str(mz.name);
  h.int(mz.enteredAt);
  h.int(mz.chasers.length);
  for (const c of mz.chasers) {
    h.int(c.cx);
    h.int(c.cy);
    h.int(c.alive ? 1 : 0);
    h.int(c.respawnAt);
    for (const v of [c.x, c.y, c.hx, c.hy]) h.num(v);
  }
  h.int(mz.turrets.length);
  for (const t of mz.turrets) {
    h.int(t.cx);
    h.int(t.cy);
    h.int(t.alive ? 1 : 0);
    h.int(t.respawnAt);
  }
  h.int(mz.pads.length);
  for (const p of mz.pads) {
    h.int(p.cx);
    h.int(p.cy);
    h.int(p.stand);
    h.int(p.readyAt);
  }
  for (const v of Object.values(mz.rng.state())) h.num(v);
  mz.group.hashInto(h);
}

/** Cell (column, row) of a field position. */
export function cellOf(v: number): number {
  return Math.floor(v / TILE);
}

/** True when the field position (x, y) lies in a wall tile (outside the maze is not a wall here). */
export function inWall(maze: Maze, x: number, y: number): boolean {
  const cx = Math.floor(x / TILE);
  const cy = Math.floor(y / TILE);
  return cx >= 0 && cy >= 0 && cx < maze.width && cy < maze.height && maze.walls[cy * maze.width + cx] !== 0;
}
