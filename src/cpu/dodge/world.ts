// The dodger's input: the ship and the obstacles it can see, independent of the game's own types.
// Obstacles move in straight lines at constant velocity (bullets in this game do; enemies expose
// their last step's velocity), so the search predicts them by linear extrapolation.
import { FIELD_H, FIELD_W, SHIP_EDGE, SHIP_FOCUS_SPEED, SHIP_HIT_RADIUS, SHIP_SPEED } from '../../sim/constants';
import type { TileGrid } from '../../geom/grid';

export class DodgeWorld {
  width = FIELD_W;
  height = FIELD_H;
  /** Ship centre is kept within [edge, width − edge] × [edge, height − edge]. */
  edge = SHIP_EDGE;
  shipX = FIELD_W / 2;
  shipY = FIELD_H - 48;
  shipR = SHIP_HIT_RADIUS;
  speed = SHIP_SPEED;
  focusSpeed = SHIP_FOCUS_SPEED;
  /** Optional x the ship likes to be at (NaN: none); used with DodgeParams.lure. */
  goalX = Number.NaN;
  /** Optional y the ship does not like to be above (NaN: none); used with DodgeParams.lure. */
  goalY = Number.NaN;
  /**
   * Maze stages: pull toward the point (goalX, goalY), subtracted from every node value as
   * pull × distance (field units; geodesic with goalField); replaces the lure. 0: off (open stages).
   */
  pull = 0;
  /**
   * Maze stages: geodesic distance (cells) from every tile to the goal (row-major over `walls`;
   * Infinity for walls). With it the pull measures the way round the walls, not the straight line.
   */
  goalField: Float64Array | null = null;
  /**
   * Maze stages: the tile grid (TILE-unit cells) the ship collides with, as the sim's moveShip
   * does (square of half-size wallRadius, sliding, corner nudging). null: open field (edge clamp).
   */
  walls: TileGrid | null = null;
  tile = 16;
  /**
   * Path weight w overriding the parameters' (NaN: none). Maze stages use a larger one so that
   * reaching the planner's stop sooner is better, not only where the path ends.
   */
  pathW = Number.NaN;
  /** Switch penalty overriding the parameters' (NaN: none). */
  switchPenalty = Number.NaN;
  wallRadius = 5;
  count = 0;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Obstacle radius: the ship is hit when the centre distance is ≤ r + shipR. */
  readonly r: Float64Array;
  /** Frames since the obstacle appeared (reaction delay). */
  readonly age: Int32Array;

  constructor(readonly capacity = 4096) {
    this.x = new Float64Array(capacity);
    this.y = new Float64Array(capacity);
    this.vx = new Float64Array(capacity);
    this.vy = new Float64Array(capacity);
    this.r = new Float64Array(capacity);
    this.age = new Int32Array(capacity);
  }

  clear(): void {
    this.count = 0;
  }

  /** Adds an obstacle; returns its index or −1 when full (it is dropped). */
  add(x: number, y: number, vx: number, vy: number, r: number, age: number): number {
    if (this.count >= this.capacity) return -1;
    const i = this.count++;
    this.x[i] = x;
    this.y[i] = y;
    this.vx[i] = vx;
    this.vy[i] = vy;
    this.r[i] = r;
    this.age[i] = age;
    return i;
  }
}

/** Plain-object form (scenario files, tests). */
export interface ObstacleSpec {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  age: number;
}

export function worldFrom(
  ship: { x: number; y: number },
  obstacles: readonly ObstacleSpec[],
  out = new DodgeWorld(Math.max(16, obstacles.length)),
): DodgeWorld {
  out.clear();
  out.shipX = ship.x;
  out.shipY = ship.y;
  for (const o of obstacles) out.add(o.x, o.y, o.vx, o.vy, o.r, o.age);
  return out;
}

/**
 * Whether obstacle i of w, on its straight path over frames t0 .. t1, comes within m of the box
 * [x0, x1] × [y0, y1] (field units): its positions at t0 and t1 bound the path on each axis. The
 * search culls its obstacles with it (false: no contact can happen there).
 */
export function sweepsNear(
  w: DodgeWorld,
  i: number,
  t0: number,
  t1: number,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  m: number,
): boolean {
  const xa = w.x[i]! + w.vx[i]! * t0;
  const xb = w.x[i]! + w.vx[i]! * t1;
  if ((xa < xb ? xb : xa) < x0 - m || (xa < xb ? xa : xb) > x1 + m) return false;
  const ya = w.y[i]! + w.vy[i]! * t0;
  const yb = w.y[i]! + w.vy[i]! * t1;
  return !((ya < yb ? yb : ya) < y0 - m || (ya < yb ? ya : yb) > y1 + m);
}
