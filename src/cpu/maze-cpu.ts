// The CPU's brain in maze stages (issue 5, "In the game"): the constrained best-action planner of
// seed 001 (src/cpu/planner) chooses the route to the exit, which chasers to fight and where to heal;
// the dodger (src/cpu/dodge) still moves the ship frame by frame, pulled along the planned route
// (walking), to the heal pad, or under the chaser it fights (goalField). Replanning happens only when
// the planning snapshot changes: the ship enters a new cell, a chaser it may fight moves to another
// cell (or dies, or appears), a heal pad becomes ready or is used, the lives change, or a new maze starts — not every frame.
//
// The planning instance: the live maze, start = the ship's cell, goal = the exit(s), enemies = the
// live chasers not yet fought in this maze (reward 1, damage 1: touching one costs a life), heal
// locations = the heal pads that are ready now, hp = lives, maxHp = starting lives, λ = maxHp − 1.
// Planned damage is the planner's model only; real damage comes from the game (lives).
//
// Pure and deterministic: no clock, no randomness, no Phaser.
import type { Maze } from '../maze/maze';
import { cellOf, TILE } from '../sim/maze-state';
import type { MatchState } from '../sim/state';
import { overlapsWall } from '../geom/move';
import { FlowField } from '../world/flow-field';
import { Heap } from './planner/graph';
import {
  instanceFromMaze,
  plan as runPlanner,
  PlannerLimitError,
  withState,
  type Enemy,
  type Instance,
  type Mode,
  type Objective,
  type Plan,
} from './planner/index';

export type MazeAction = 'move' | 'attack' | 'heal';

export interface MazeCpuOptions {
  mode?: Mode;
  objective?: Objective;
  /** Planner reward / damage of one chaser (default 1 / 1). */
  chaserReward?: number;
  chaserDamage?: number;
}

export interface RouteCell {
  x: number;
  y: number;
}

/** The planner's mode and objective when none are given (presets store them resolved from this). */
export const DEFAULT_PLANNER: { readonly mode: Mode; readonly objective: Objective } = { mode: 'exact', objective: 'kills' };

/** Moves before a planned attack within which the CPU starts fighting (lining up under the chaser). */
export const FIGHT_RANGE = 5;
/** Frames the CPU keeps fighting one chaser before giving up on it for this maze. */
export const FIGHT_GIVE_UP = 8 * 60;
/** Route pull: extra distance per step off the planned route (a step along it counts 1). */
export const OFF_ROUTE = 2;
/** Half-size used for the clear-line test (the ship's wall square is 5; a little slack). */
const CLEAR_R = 4.5 / TILE;

export class MazeCpu {
  readonly mode: Mode;
  readonly objective: Objective;
  private readonly reward: number;
  private readonly damage: number;

  /** The plan of the last replanning (null before the first, or when it failed). */
  plan: Plan | null = null;
  /** Cells the current plan visits, from the ship's cell (the route drawn by the overlay). */
  route: RouteCell[] = [];
  /** For each action of the plan, the index in `route` of the cell it happens at. */
  routeIndexOfAction: number[] = [];
  /** What the CPU is doing now (the overlay's tint). */
  action: MazeAction = 'move';
  /** Chaser slot being fought (−1: none). */
  fighting = -1;
  /** Steering point for the dodger (field units). */
  goalX = Number.NaN;
  goalY = Number.NaN;
  hp = 0;
  maxHp = 0;
  /** Replanning calls so far (all mazes), and planner error message of the last failure. */
  replans = 0;
  error: string | null = null;
  /** Chaser slots offered to the planner in the current snapshot, by planner enemy index. */
  offered: number[] = [];

  private maze: Maze | null = null;
  private mazeIndex = -1;
  /** Per chaser slot: 1 once fought (killed or given up) in this maze: never offered again. */
  private done = new Uint8Array(0);
  private wasAlive = new Uint8Array(0);
  private fightSince = 0;
  private flow: FlowField | null = null;
  /** Index in `route` of the stop the CPU walks to (−1 while fighting: the stop is under the chaser). */
  stopIndex = 0;
  private readonly routeField = new RouteField();
  /** The dodger's field now: the route's (walking) or the flow field to one cell (heal, fight). */
  private onRoute = false;
  private readonly baseByPads = new Map<number, Instance>();
  private sig = new Int32Array(0);
  private nextSig = new Int32Array(0);

  constructor(opts: MazeCpuOptions = {}) {
    this.mode = opts.mode ?? DEFAULT_PLANNER.mode;
    this.objective = opts.objective ?? DEFAULT_PLANNER.objective;
    this.reward = opts.chaserReward ?? 1;
    this.damage = opts.chaserDamage ?? 1;
  }

  /**
   * Call once per frame in a maze stage: bookkeeping, replanning when the snapshot changed, then
   * the action and steering point. Returns true when it replanned.
   */
  update(state: Readonly<MatchState>, side: number): boolean {
    const me = state.sides[side]!;
    const mz = me.maze!;
    if (mz.maze !== this.maze || mz.index !== this.mazeIndex) this.enterMaze(mz.maze, mz.index, mz.chasers.length);
    const n = mz.chasers.length;
    // Chasers that died (shot, or by contact) since the last frame: fought, never offered again here.
    for (let k = 0; k < n; k++) {
      const alive = mz.chasers[k]!.alive ? 1 : 0;
      if (this.wasAlive[k] && !alive) this.done[k] = 1;
      this.wasAlive[k] = alive;
    }
    if (this.fighting >= 0 && state.frame - this.fightSince > FIGHT_GIVE_UP) {
      this.done[this.fighting] = 1;
      this.fighting = -1;
    }
    this.maxHp = state.config.lives;
    this.hp = Math.max(1, Math.min(this.maxHp, me.ship.lives));
    const ship = me.ship;
    const scx = cellOf(ship.x);
    const scy = cellOf(ship.y);
    // The snapshot signature: ship cell, hp, ready pads, offered chasers' cells.
    const s = this.nextSig;
    let i = 0;
    s[i++] = scy * mz.maze.width + scx;
    s[i++] = this.hp;
    let padMask = 0;
    for (let k = 0; k < mz.pads.length; k++) if (state.frame >= mz.pads[k]!.readyAt) padMask |= 1 << k;
    s[i++] = padMask;
    for (let k = 0; k < n; k++) {
      const c = mz.chasers[k]!;
      s[i++] = c.alive && !this.done[k] ? cellOf(c.y) * mz.maze.width + cellOf(c.x) : -1;
    }
    let changed = this.plan === null;
    for (let j = 0; j < i; j++) if (s[j] !== this.sig[j]) changed = true;
    if (changed) {
      this.nextSig = this.sig;
      this.sig = s;
      this.replan(state, side, scx, scy, padMask);
    }
    this.steer(state, side);
    return changed;
  }

  private enterMaze(maze: Maze, index: number, chasers: number): void {
    this.maze = maze;
    this.mazeIndex = index;
    this.done = new Uint8Array(chasers);
    this.wasAlive = new Uint8Array(chasers);
    this.baseByPads.clear();
    this.sig = new Int32Array(3 + chasers).fill(-2);
    this.nextSig = new Int32Array(3 + chasers);
    this.plan = null;
    this.fighting = -1;
  }

  /** The instance for a set of ready pads (cached per maze and pad mask; start/hp/enemies come later). */
  private base(maze: Maze, pads: readonly { cx: number; cy: number }[], mask: number): Instance {
    let b = this.baseByPads.get(mask);
    if (!b) {
      const healAt = pads.filter((_, k) => (mask & (1 << k)) !== 0).map((p) => ({ x: p.cx, y: p.cy }));
      b = instanceFromMaze(
        maze,
        { enemies: [], hp: this.maxHp, maxHp: this.maxHp, healAt, objective: this.objective, mode: this.mode },
        'maze-cpu',
      );
      this.baseByPads.set(mask, b);
    }
    return b;
  }

  private replan(state: Readonly<MatchState>, side: number, scx: number, scy: number, padMask: number): void {
    const mz = state.sides[side]!.maze!;
    this.replans++;
    this.offered = [];
    try {
      const base = this.base(mz.maze, mz.pads, padMask);
      const start = base.index.get(`${scx},${scy}`);
      const enemies: Enemy[] = [];
      const taken = new Set<number>();
      for (let k = 0; k < mz.chasers.length; k++) {
        const c = mz.chasers[k]!;
        if (!c.alive || this.done[k]) continue;
        const node = base.index.get(`${cellOf(c.x)},${cellOf(c.y)}`);
        if (node === undefined || taken.has(node)) continue;
        taken.add(node);
        enemies.push({ node, reward: this.reward, damage: this.damage });
        this.offered.push(k);
      }
      if (start === undefined) throw new Error(`ship cell ${scx},${scy} is not an open cell`);
      const inst = withState(base, { start, hp: this.hp, enemies });
      try {
        this.plan = runPlanner(inst);
      } catch (e) {
        // Exact mode's size limit (far beyond a maze's chasers): plan with the paper's mode instead.
        // (A limit of another mode falls to the catch below: no plan, the reason kept.)
        if (!(e instanceof PlannerLimitError) || this.mode !== 'exact') throw e;
        this.plan = runPlanner(inst, { mode: 'unrestricted' });
      }
      this.error = this.plan.feasible ? null : this.plan.reason;
      this.buildRoute(scx, scy);
    } catch (e) {
      this.plan = null;
      this.error = e instanceof Error ? e.message : String(e);
      this.route = [{ x: scx, y: scy }];
      this.routeIndexOfAction = [];
    }
  }

  private buildRoute(scx: number, scy: number): void {
    const route: RouteCell[] = [{ x: scx, y: scy }];
    const idx: number[] = [];
    if (this.plan?.feasible) {
      for (const a of this.plan.actions) {
        if (a.do === 'move') {
          const [x, y] = a.at.split(',').map(Number) as [number, number];
          route.push({ x, y });
        }
        idx.push(route.length - 1);
      }
    }
    this.route = route;
    this.routeIndexOfAction = idx;
  }

  /** The action now and the stop the dodger is pulled to, from the current plan and the live chasers. */
  private steer(state: Readonly<MatchState>, side: number): void {
    const me = state.sides[side]!;
    const mz = me.maze!;
    const p = this.plan;
    this.action = 'move';
    if (!p?.feasible) {
      this.fighting = -1;
      this.stopIndex = -1;
      this.setStop(mz.maze, mz.maze.exits[0] ?? mz.maze.start);
      return;
    }
    // The first action that is not a move, and how many moves lead to it.
    let moves = 0;
    let first = -1;
    for (let j = 0; j < p.actions.length; j++) {
      if (p.actions[j]!.do !== 'move') {
        first = j;
        break;
      }
      moves++;
    }
    const firstAction = first >= 0 ? p.actions[first]! : null;
    if (firstAction && firstAction.do === 'heal' && moves === 0) {
      this.action = 'heal';
      this.fighting = -1;
      this.stopIndex = 0;
      this.setStop(mz.maze, this.route[0]!);
      return;
    }
    if (firstAction && firstAction.do === 'attack' && moves <= FIGHT_RANGE && p.killed.length > 0) {
      const slot = this.offered[p.killed[0]!];
      if (slot !== undefined && this.fightAt(state, side, slot)) return;
    }
    if (this.fighting >= 0) this.fighting = -1;
    // Walk the route to its next stop (the cell of the next attack or heal, else the exit), pulled
    // along the route itself: the drawn route is the way the ship goes.
    this.stopIndex = first >= 0 ? this.routeIndexOfAction[first]! : this.route.length - 1;
    const stop = this.route[this.stopIndex]!;
    this.goalX = (stop.x + 0.5) * TILE;
    this.goalY = (stop.y + 0.5) * TILE;
    this.routeField.compute(mz.maze, this.route, this.stopIndex);
    this.onRoute = true;
  }

  /** Points the dodger at cell c: its centre, and the geodesic field (8-neighbour) toward it, recomputed when c changes. */
  private setStop(maze: Maze, c: RouteCell): void {
    this.onRoute = false;
    this.goalX = (c.x + 0.5) * TILE;
    this.goalY = (c.y + 0.5) * TILE;
    if (!this.flow || this.flow.grid !== maze) this.flow = new FlowField(maze);
    const cell = c.y * maze.width + c.x;
    if (this.flow.target !== cell) this.flow.compute(cell);
  }

  /**
   * The dodger's pull field (distance in cells to the current stop, per cell; null before the first
   * update): along the route while walking, the geodesic to one cell when healing or fighting.
   */
  get goalField(): Float64Array | null {
    if (this.onRoute) return this.routeField.dist;
    return this.flow ? this.flow.dist : null;
  }

  /**
   * Fight chaser `slot`: stand below it in its column (shots fly up), 2–4 open cells under it, and
   * let it come. False when its column has no such place (then the CPU walks the route to it).
   */
  private fightAt(state: Readonly<MatchState>, side: number, slot: number): boolean {
    const me = state.sides[side]!;
    const maze = me.maze!.maze;
    const c = me.maze!.chasers[slot]!;
    if (!c.alive) return false;
    const ccx = cellOf(c.x);
    const ccy = cellOf(c.y);
    let best = -1;
    let bestD = Infinity;
    for (let dy = 1; dy <= 4; dy++) {
      const y = ccy + dy;
      if (y >= maze.height || maze.walls[y * maze.width + ccx] !== 0) break;
      if (dy < 2) continue;
      const d = Math.abs((y + 0.5) * TILE - me.ship.y);
      if (d < bestD) {
        bestD = d;
        best = y;
      }
    }
    if (best < 0) return false;
    if (this.fighting !== slot) {
      this.fighting = slot;
      this.fightSince = state.frame;
    }
    this.action = 'attack';
    this.stopIndex = -1;
    this.setStop(maze, { x: ccx, y: best });
    return true;
  }
}

/** The ship's wall square can travel the straight line from (x0, y0) to (x1, y1) (field units). */
export function clearLine(maze: Maze, x0: number, y0: number, x1: number, y1: number): boolean {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const len = Math.sqrt(dx * dx + dy * dy);
  const n = Math.ceil(len / 4);
  for (let k = 0; k <= n; k++) {
    const t = n === 0 ? 0 : k / n;
    if (overlapsWall(maze, (x0 + dx * t) / TILE, (y0 + dy * t) / TILE, CLEAR_R)) return false;
  }
  return true;
}

/**
 * The walking pull (DodgeProblem.goalDistance reads it like a geodesic field): on the route's cells
 * up to the stop, the number of route steps left to the stop; on every other open cell, the nearest
 * such value plus OFF_ROUTE per 4-neighbour step away from the route. Shortcuts across open floor,
 * which the plain geodesic to the stop allows, now cost more than the route; only cutting the corner
 * of a turn (one cell off) stays as cheap as the route.
 */
export class RouteField {
  dist = new Float64Array(0);
  private heap = new Heap();
  private lastRoute: readonly RouteCell[] | null = null;
  private lastUpTo = -1;

  /** Recomputes the field for `route` with its stop at route[upTo] (cached while they stay the same). */
  compute(maze: Maze, route: readonly RouteCell[], upTo: number): void {
    const W = maze.width;
    const n = W * maze.height;
    // A new plan makes a new route array; the same array and stop give the same field.
    if (route === this.lastRoute && upTo === this.lastUpTo && this.dist.length === n) return;
    this.lastRoute = route;
    this.lastUpTo = upTo;
    if (this.dist.length !== n) this.dist = new Float64Array(n);
    const d = this.dist;
    d.fill(Infinity);
    const heap = this.heap;
    for (let i = 0; i <= upTo; i++) {
      const c = route[i]!.y * W + route[i]!.x;
      const v = upTo - i;
      if (v < d[c]!) {
        d[c] = v;
        heap.push(c, v, 0);
      }
    }
    while (heap.size > 0) {
      const v = heap.topKey1();
      const c = heap.pop();
      if (v !== d[c]) continue;
      const x = c % W;
      const y = (c - x) / W;
      for (let k = 0; k < 4; k++) {
        const nx = x + (k === 0 ? 1 : k === 1 ? -1 : 0);
        const ny = y + (k === 2 ? 1 : k === 3 ? -1 : 0);
        if (nx < 0 || ny < 0 || nx >= W || ny >= maze.height) continue;
        const q = ny * W + nx;
        if (maze.walls[q] !== 0 || d[q]! <= v + OFF_ROUTE) continue;
        d[q] = v + OFF_ROUTE;
        heap.push(q, v + OFF_ROUTE, 0);
      }
    }
  }
}
