// One decision's prepared problem, shared by both searches: the visible obstacles (reaction delay
// applied), the influence map of each search level (obstacles extrapolated to that level's time),
// path weights, the move set and the lattice. `transition` is the single definition of what one
// search step does (hold a move for F frames; hit on any frame = unreachable; count nearly-hit
// pairs; node value at the end), so the exhaustive and the fast search cannot disagree on it.
import { LATTICE, NEARLY_CAP, NEARLY_COST, NEARLY_FACTOR } from './constants';
import { InfluenceMap } from './influence-map';
import { interpolateDanger } from './interpolate';
import { makeMoveSet, type MoveSet } from './moves';
import { nodeValue } from './node-value';
import type { DodgeParams } from './params';
import type { TileGrid } from '../../geom/grid';
import { pathWeights } from './path-value';
import { visibleWorld } from './reaction';
import { DodgeWorld } from './world';

const INV_Q = 1 / LATTICE;
/**
 * The lure's x pull is free within this many units of goalX (the spread shot covers that). Without
 * a band the switch penalty makes "arrive exactly at the last node" the best path at every
 * decision, so the ship would put off the last steps forever; a band of at least half a held step
 * (F·speed/2, 10–12 units for the presets) lets it arrive and stop.
 */
export const LURE_BAND = 16;

export class DodgeProblem {
  readonly params: DodgeParams;
  /**
   * The parameters the hot paths read, copied: params objects come from presets, spreads and
   * JSON with different hidden classes, and reading them from one shared site made V8 throw away
   * the search's compiled code each time a new shape came by.
   */
  readonly influenceMap: boolean;
  readonly lure: number;
  readonly reactionFrames: number;
  private readonly baseSwitchPenalty: number;
  readonly moves: MoveSet;
  readonly depth: number;
  readonly frames: number;
  /** Visible obstacles of the current decision. */
  readonly world: DodgeWorld;
  /** maps[k]: the map at the end of step k+1 (time (k+1)·F frames from now). */
  readonly maps: InfluenceMap[];
  /** weights[k] = w^(T−(k+1)): weight of the node reached by step k+1 (the maze's w in maze stages). */
  weights: Float64Array;
  private readonly paramWeights: Float64Array;
  private readonly mazeWeights: Float64Array<ArrayBuffer>;
  private mazeW = Number.NaN;
  /** Switch penalty of the current decision: the parameters' unless the world overrides it. */
  switchPenalty = 0;
  /** Per visible obstacle: squared hit distance and squared nearly-hit distance. */
  hit2: Float64Array;
  near2: Float64Array;
  /** Lattice bounds and start (integers, 1/LATTICE units). */
  loX = 0;
  hiX = 0;
  loY = 0;
  hiY = 0;
  startX = 0;
  startY = 0;
  /** The move held before this decision (−1: none); the switch penalty compares with it. */
  prevMove = -1;
  /** End position of the last transition() call. */
  outX = 0;
  outY = 0;
  /** Maze stages: the wall grid of the current decision (null: open field, edge clamp). */
  walls: TileGrid | null = null;
  /** Tile size and the ship's wall half-size in lattice units. */
  private wT = 0;
  private wR = 0;

  constructor(params: DodgeParams, capacity = 4096) {
    this.params = params;
    this.influenceMap = params.influenceMap;
    this.lure = params.lure;
    this.reactionFrames = params.reactionFrames;
    this.baseSwitchPenalty = params.switchPenalty;
    this.depth = params.depth;
    this.frames = params.framesPerStep;
    this.world = new DodgeWorld(capacity);
    this.moves = makeMoveSet(params.focus, params.shipSpeed ?? this.world.speed, params.focusSpeed ?? this.world.focusSpeed);
    this.maps = [];
    this.weights = this.paramWeights = pathWeights(this.depth, params.w);
    this.mazeWeights = new Float64Array(this.depth);
    this.hit2 = new Float64Array(capacity);
    this.near2 = new Float64Array(capacity);
  }

  /**
   * Loads a world: applies the reaction delay and fixes the lattice. With `fullMaps` each level's
   * influence map is built over the whole field now; otherwise the caller builds only the cells
   * it needs (the fast search does, once it knows where the ship survives: InfluenceMap.buildReads).
   */
  prepare(src: DodgeWorld, prevMove: number, fullMaps: boolean): void {
    const w = visibleWorld(src, this.reactionFrames, this.world);
    const n = w.count;
    if (this.hit2.length < n) {
      this.hit2 = new Float64Array(w.capacity);
      this.near2 = new Float64Array(w.capacity);
    }
    for (let i = 0; i < n; i++) {
      const rh = w.r[i]! + w.shipR;
      const rn = rh * NEARLY_FACTOR;
      this.hit2[i] = rh * rh;
      this.near2[i] = rn * rn;
    }
    this.prevMove = prevMove;
    this.loX = Math.ceil(w.edge * LATTICE);
    this.hiX = Math.floor((w.width - w.edge) * LATTICE);
    this.loY = Math.ceil(w.edge * LATTICE);
    this.hiY = Math.floor((w.height - w.edge) * LATTICE);
    this.startX = clampInt(Math.round(w.shipX * LATTICE), this.loX, this.hiX);
    this.startY = clampInt(Math.round(w.shipY * LATTICE), this.loY, this.hiY);
    this.walls = w.walls;
    this.switchPenalty = !Number.isNaN(w.switchPenalty) ? w.switchPenalty : this.baseSwitchPenalty;
    this.weights = this.paramWeights;
    if (!Number.isNaN(w.pathW)) {
      if (w.pathW !== this.mazeW) pathWeights(this.depth, (this.mazeW = w.pathW), this.mazeWeights);
      this.weights = this.mazeWeights;
    }
    if (w.walls) {
      this.wT = Math.round(w.tile * LATTICE);
      this.wR = Math.round(w.wallRadius * LATTICE);
      this.startX = Math.round(w.shipX * LATTICE);
      this.startY = Math.round(w.shipY * LATTICE);
    }
    if (!this.influenceMap) return;
    for (let k = 0; k < this.depth; k++) {
      let map = this.maps[k];
      if (!map || map.width !== w.width || map.height !== w.height) map = this.maps[k] = new InfluenceMap(w.width, w.height);
      if (fullMaps) map.build(w, (k + 1) * this.frames);
    }
  }

  /**
   * One frame at time t with the ship at lattice point (x, y): −1 when an obstacle of
   * list[0..len) (null: all) hits it, else how many are within the nearly-hit distance.
   */
  contactsAt(t: number, x: number, y: number, list: Int32Array | null, len: number): number {
    const w = this.world;
    const X = w.x;
    const Y = w.y;
    const VX = w.vx;
    const VY = w.vy;
    const H2 = this.hit2;
    const N2 = this.near2;
    const sx = x * INV_Q;
    const sy = y * INV_Q;
    let nearly = 0;
    if (list) {
      for (let j = 0; j < len; j++) {
        const i = list[j]!;
        const ox = X[i]! + VX[i]! * t - sx;
        const oy = Y[i]! + VY[i]! * t - sy;
        const d2 = ox * ox + oy * oy;
        if (d2 <= N2[i]!) {
          if (d2 <= H2[i]!) return -1;
          nearly++;
        }
      }
    } else {
      const n = w.count;
      for (let i = 0; i < n; i++) {
        const ox = X[i]! + VX[i]! * t - sx;
        const oy = Y[i]! + VY[i]! * t - sy;
        const d2 = ox * ox + oy * oy;
        if (d2 <= N2[i]!) {
          if (d2 <= H2[i]!) return -1;
          nearly++;
        }
      }
    }
    return nearly;
  }

  /**
   * contactsAt(t, x, y) over obstacles whose position at time t (X + VX·t, the same expression) and
   * squared nearly-hit / hit distances were copied to ox, oy, n2, h2 at the entries list[0..len):
   * the same test on the same numbers, for the fast search's 1-frame steps.
   */
  contactsCopied(
    x: number,
    y: number,
    ox: Float64Array,
    oy: Float64Array,
    n2: Float64Array,
    h2: Float64Array,
    list: Int32Array,
    len: number,
  ): number {
    const sx = x * INV_Q;
    const sy = y * INV_Q;
    let nearly = 0;
    for (let j = 0; j < len; j++) {
      const q = list[j]!;
      const dx = ox[q]! - sx;
      const dy = oy[q]! - sy;
      const d2 = dx * dx + dy * dy;
      if (d2 <= n2[q]!) {
        if (d2 <= h2[q]!) return -1;
        nearly++;
      }
    }
    return nearly;
  }

  /**
   * Step k+1 of a path from lattice point (ix, iy): hold move a for F frames (frames k·F+1 ..
   * (k+1)·F). Returns −1 when the ship is hit on any of them, else the nearly-hit count summed
   * over the frames. Only list[0..len) is checked (null: all); the caller guarantees the others
   * cannot come within the nearly-hit distance. The end point is left in outX / outY.
   */
  contacts(k: number, ix: number, iy: number, a: number, list: Int32Array | null, len: number): number {
    const ddx = this.moves.dx[a]!;
    const ddy = this.moves.dy[a]!;
    const F = this.frames;
    const loX = this.loX;
    const hiX = this.hiX;
    const loY = this.loY;
    const hiY = this.hiY;
    let x = ix;
    let y = iy;
    let nearly = 0;
    const walls = this.walls !== null;
    for (let f = 1; f <= F; f++) {
      if (walls) {
        // Pressing into a wall is staying put (the CPU releases such a key: cpu-controller.ts).
        this.wallStep(x, y, ddx, ddy);
        x = this.outX;
        y = this.outY;
      } else {
        x += ddx;
        y += ddy;
        if (x < loX) x = loX;
        else if (x > hiX) x = hiX;
        if (y < loY) y = loY;
        else if (y > hiY) y = hiY;
      }
      const c = this.contactsAt(k * F + f, x, y, list, len);
      if (c < 0) return -1;
      nearly += c;
    }
    this.outX = x;
    this.outY = y;
    return nearly;
  }

  private blockedCell(cx: number, cy: number): boolean {
    const g = this.walls!;
    return cx < 0 || cy < 0 || cx >= g.width || cy >= g.height || g.walls[cy * g.width + cx] !== 0;
  }

  /** The ship's wall square at lattice point (x, y) overlaps a wall tile (or leaves the grid). */
  private overlapsWall(x: number, y: number): boolean {
    const T = this.wT;
    const r = this.wR;
    const x0 = Math.floor((x - r) / T);
    const x1 = Math.ceil((x + r) / T) - 1;
    const y0 = Math.floor((y - r) / T);
    const y1 = Math.ceil((y + r) / T) - 1;
    for (let cy = y0; cy <= y1; cy++) for (let cx = x0; cx <= x1; cx++) if (this.blockedCell(cx, cy)) return true;
    return false;
  }

  /**
   * One frame of a (ddx, ddy) lattice step from (x0, y0) with wall collision, mirroring moveAgent
   * (src/geom/move.ts) on the integer lattice: x then y, stop flush against the wall, then corner
   * nudging toward the cell centre for the axis that lost most of its move. Result in outX / outY.
   */
  wallStep(x0: number, y0: number, ddx: number, ddy: number): void {
    const T = this.wT;
    const r = this.wR;
    let x = x0 + ddx;
    if (ddx !== 0 && this.overlapsWall(x, y0)) {
      x = ddx > 0 ? (Math.ceil((x + r) / T) - 1) * T - r : (Math.floor((x - r) / T) + 1) * T + r;
      if ((ddx > 0 && x < x0) || (ddx < 0 && x > x0)) x = x0;
    }
    let y = y0 + ddy;
    if (ddy !== 0 && this.overlapsWall(x, y)) {
      y = ddy > 0 ? (Math.ceil((y + r) / T) - 1) * T - r : (Math.floor((y - r) / T) + 1) * T + r;
      if ((ddy > 0 && y < y0) || (ddy < 0 && y > y0)) y = y0;
    }
    const lostX = Math.abs(x0 + ddx - x);
    const lostY = Math.abs(y0 + ddy - y);
    const adx = Math.abs(ddx);
    const ady = Math.abs(ddy);
    if (lostY > 0 && lostY >= lostX && adx < ady) {
      const cx = Math.floor(x / T);
      const cy = Math.floor(y / T);
      if (!this.blockedCell(cx, cy + (ddy > 0 ? 1 : -1))) {
        const toCentre = cx * T + T / 2 - x;
        const n = Math.min(lostY, Math.abs(toCentre));
        const nx = x + (toCentre > 0 ? n : -n);
        if (!this.overlapsWall(nx, y)) x = nx;
      }
    } else if (lostX > 0 && lostX > lostY && ady < adx) {
      const cx = Math.floor(x / T);
      const cy = Math.floor(y / T);
      if (!this.blockedCell(cx + (ddx > 0 ? 1 : -1), cy)) {
        const toCentre = cy * T + T / 2 - y;
        const n = Math.min(lostX, Math.abs(toCentre));
        const ny = y + (toCentre > 0 ? n : -n);
        if (!this.overlapsWall(x, ny)) y = ny;
      }
    }
    this.outX = x;
    this.outY = y;
  }

  /** Danger the node at lattice point (x, y) after step k+1 reads from the map (0 for Base). */
  dangerAt(k: number, x: number, y: number): number {
    return this.influenceMap ? interpolateDanger(this.maps[k]!, x * INV_Q, y * INV_Q) : 0;
  }

  /**
   * Node value (paper A.4) from the danger at the node and the nearly-hit count, plus the optional
   * lure (not in the paper): −lure·max(0, |x − goalX| − LURE_BAND)/width − lure·max(0, goalY − y)/height.
   */
  nodeE(x: number, y: number, danger: number, nearly: number): number {
    const pull = this.world.pull;
    if (pull > 0) {
      // Maze stages: pull toward the planner's next stop (geodesic distance when a field is given).
      const e = this.influenceMap ? nodeValue(danger, nearly, true) : 0;
      return e - pull * this.goalDistance(x * INV_Q, y * INV_Q);
    }
    if (!this.influenceMap) return 0;
    let e = nodeValue(danger, nearly, true);
    if (this.lure > 0) {
      const w = this.world;
      if (!Number.isNaN(w.goalX)) {
        const d = x * INV_Q - w.goalX;
        const g = (d < 0 ? -d : d) - LURE_BAND;
        if (g > 0) e -= (this.lure * g) / w.width;
      }
      if (!Number.isNaN(w.goalY)) {
        const g = w.goalY - y * INV_Q;
        if (g > 0) e -= (this.lure * g) / w.height;
      }
    }
    return e;
  }

  /**
   * At least nodeE(x, y, 0, 0) at every lattice point (x, y) with x0 ≤ x ≤ x1 and y ≤ yMax:
   * the lure's value at the point of that region nearest the goal (nodeE's expressions, which
   * only grow as the point nears it; the home line pulls downward only), 0 with a maze pull (its
   * node values are ≤ 0). An upper bound of the node value of every position there, whatever its
   * danger and nearly-hit pairs.
   */
  nodeBound(x0: number, x1: number, yMax: number): number {
    const w = this.world;
    if (w.pull > 0 || !this.influenceMap || this.lure <= 0) return 0;
    let e = nodeValue(0, 0, true);
    if (!Number.isNaN(w.goalX)) {
      // The nearest end of [x0, x1] to goalX (none when goalX lies between them: no x term).
      const a = x0 * INV_Q - w.goalX;
      const b = x1 * INV_Q - w.goalX;
      const d = a > 0 ? a : b < 0 ? -b : 0;
      const g = d - LURE_BAND;
      if (g > 0) e -= (this.lure * g) / w.width;
    }
    if (!Number.isNaN(w.goalY)) {
      const g = w.goalY - yMax * INV_Q;
      if (g > 0) e -= (this.lure * g) / w.height;
    }
    return e;
  }

  /**
   * nodeE() of each position from ≤ i < n that is not hit (near[i] ≥ 0: its nearly-hit count) into E[i].
   * The plain I-Map value (no pull, no lure) skips nodeE()'s per-call checks; same expression.
   */
  nodeValues(X: Int32Array, Y: Int32Array, danger: Float64Array, near: Int32Array, n: number, E: Float64Array, from = 0): void {
    const w = this.world;
    if (w.pull === 0 && this.influenceMap && this.lure > 0) {
      // nodeE() with the lure, written out: a call returning a double boxes it.
      const lure = this.lure;
      const gx = w.goalX;
      const gy = w.goalY;
      const useX = !Number.isNaN(gx);
      const useY = !Number.isNaN(gy);
      const width = w.width;
      const height = w.height;
      for (let i = from; i < n; i++) {
        const c = near[i]!;
        if (c < 0) continue;
        let e = -danger[i]! - NEARLY_COST * (c < NEARLY_CAP ? c : NEARLY_CAP);
        if (useX) {
          const d = X[i]! * INV_Q - gx;
          const g = (d < 0 ? -d : d) - LURE_BAND;
          if (g > 0) e -= (lure * g) / width;
        }
        if (useY) {
          const g = gy - Y[i]! * INV_Q;
          if (g > 0) e -= (lure * g) / height;
        }
        E[i] = e;
      }
      return;
    }
    if (this.world.pull > 0 || this.lure > 0 || !this.influenceMap) {
      for (let i = from; i < n; i++) if (near[i]! >= 0) E[i] = this.nodeE(X[i]!, Y[i]!, danger[i]!, near[i]!);
      return;
    }
    for (let i = from; i < n; i++) {
      const c = near[i]!;
      if (c >= 0) E[i] = nodeValue(danger[i]!, c, true);
    }
  }

  /**
   * Distance (field units) from (px, py) to the goal: with a goal field, the least over the open
   * 8-neighbour cells n of the ship's cell (no corner cutting) of field[n]·tile + |p − centre(n)|;
   * otherwise the straight line to (goalX, goalY).
   */
  goalDistance(px: number, py: number): number {
    const w = this.world;
    const f = w.goalField;
    const g = w.walls;
    if (!f || !g) {
      const gx = px - w.goalX;
      const gy = py - w.goalY;
      return Math.sqrt(gx * gx + gy * gy);
    }
    const T = w.tile;
    const cx = Math.floor(px / T);
    const cy = Math.floor(py / T);
    let best = Infinity;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = cx + dx;
        const ny = cy + dy;
        if (nx < 0 || ny < 0 || nx >= g.width || ny >= g.height) continue;
        const d = f[ny * g.width + nx]!;
        if (d === Infinity) continue;
        if (dx !== 0 && dy !== 0 && (this.blockedCell(nx, cy) || this.blockedCell(cx, ny))) continue;
        const ox = (nx + 0.5) * T - px;
        const oy = (ny + 0.5) * T - py;
        const v = d * T + Math.sqrt(ox * ox + oy * oy);
        if (v < best) best = v;
      }
    }
    // Anywhere in the goal's cell counts as there (distance 0; outside it, measured to about its
    // border), so paths that arrive early and stay tie at the last node and the earlier nodes
    // (arriving sooner) decide: no dawdling in front of the goal.
    if (best === Infinity) return 1e6;
    if (f[cy * g.width + cx] === 0) return 0;
    const h = T / 2;
    return best > h ? best - h : 0;
  }

  /**
   * The danger part of transition()'s node value: the paper's A.4 value (no lure, pull or switch
   * penalty), or NaN when the ship is hit. End point in outX / outY. Reads maps[k] at the end point,
   * so after a fast search only for nodes it reached (their cells are drawn).
   */
  hazard(k: number, ix: number, iy: number, a: number): number {
    const nearly = this.contacts(k, ix, iy, a, null, 0);
    if (nearly < 0) return Number.NaN;
    return nodeValue(this.dangerAt(k, this.outX, this.outY), nearly, this.influenceMap);
  }

  /** Contacts and node value of one step: E, or NaN when the ship is hit. End point in outX / outY. */
  transition(k: number, ix: number, iy: number, a: number, list: Int32Array | null, len: number): number {
    const nearly = this.contacts(k, ix, iy, a, list, len);
    if (nearly < 0) return Number.NaN;
    return this.nodeE(this.outX, this.outY, this.dangerAt(k, this.outX, this.outY), nearly);
  }
}

export function clampInt(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Node value with the switch penalty: the one expression both searches use. */
export function penalised(E: number, a: number, last: number, penalty: number): number {
  return penalty > 0 && last >= 0 && a !== last ? E - penalty : E;
}

/** Lexicographic order of (nodes survived, value): more nodes first, then the larger value. */
export function better(L: number, V: number, bestL: number, bestV: number): boolean {
  return L > bestL || (L === bestL && V > bestV);
}
