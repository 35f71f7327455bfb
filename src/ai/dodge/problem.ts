// One decision's prepared problem, shared by both searches: the visible obstacles (reaction delay
// applied), the influence map of each search level (obstacles extrapolated to that level's time),
// path weights, the move set and the lattice. `transition` is the single definition of what one
// search step does (hold a move for F frames; hit on any frame = unreachable; count nearly-hit
// pairs; node value at the end), so the exhaustive and the fast search cannot disagree on it.
import { LATTICE, NEARLY_FACTOR } from './constants';
import { InfluenceMap } from './influence-map';
import { interpolateDanger } from './interpolate';
import { makeMoveSet, type MoveSet } from './moves';
import { nodeValue } from './node-value';
import type { DodgeParams } from './params';
import { pathWeights } from './path-value';
import { visibleWorld } from './reaction';
import { DodgeWorld } from './world';

const INV_Q = 1 / LATTICE;

export class DodgeProblem {
  readonly params: DodgeParams;
  readonly moves: MoveSet;
  readonly depth: number;
  readonly frames: number;
  /** Visible obstacles of the current decision. */
  readonly world: DodgeWorld;
  /** maps[k]: the map at the end of step k+1 (time (k+1)·F frames from now). */
  readonly maps: InfluenceMap[];
  /** weights[k] = w^(T−(k+1)): weight of the node reached by step k+1. */
  readonly weights: Float64Array;
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

  constructor(params: DodgeParams, capacity = 4096) {
    this.params = params;
    this.depth = params.depth;
    this.frames = params.framesPerStep;
    this.world = new DodgeWorld(capacity);
    this.moves = makeMoveSet(params.focus, this.world.speed, this.world.focusSpeed);
    this.maps = [];
    this.weights = pathWeights(this.depth, params.w);
    this.hit2 = new Float64Array(capacity);
    this.near2 = new Float64Array(capacity);
  }

  /**
   * Loads a world: applies the reaction delay and fixes the lattice. With `fullMaps` each level's
   * influence map is built over the whole field now; otherwise the caller builds only the windows
   * it needs with buildMap() (the fast search does, once it knows where the ship survives).
   */
  prepare(src: DodgeWorld, prevMove: number, fullMaps: boolean): void {
    const w = visibleWorld(src, this.params.reactionFrames, this.world);
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
    if (!this.params.influenceMap) return;
    for (let k = 0; k < this.depth; k++) {
      let map = this.maps[k];
      if (!map || map.width !== w.width || map.height !== w.height) map = this.maps[k] = new InfluenceMap(w.width, w.height);
      if (fullMaps) map.build(w, (k + 1) * this.frames);
    }
  }

  /**
   * Builds level k's map (time (k+1)·F) over the cells that interpolation reads for ship positions
   * in the lattice box [x0, x1] × [y0, y1]. Cell values do not depend on the window.
   */
  buildMap(k: number, x0: number, x1: number, y0: number, y1: number): void {
    if (!this.params.influenceMap) return;
    const map = this.maps[k]!;
    const inv = 1 / map.cell;
    map.build(
      this.world,
      (k + 1) * this.frames,
      Math.floor(x0 * INV_Q * inv - 0.5) - 1,
      Math.ceil(x1 * INV_Q * inv - 0.5) + 1,
      Math.floor(y0 * INV_Q * inv - 0.5) - 1,
      Math.ceil(y1 * INV_Q * inv - 0.5) + 1,
    );
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
    for (let f = 1; f <= F; f++) {
      x += ddx;
      y += ddy;
      if (x < loX) x = loX;
      else if (x > hiX) x = hiX;
      if (y < loY) y = loY;
      else if (y > hiY) y = hiY;
      const c = this.contactsAt(k * F + f, x, y, list, len);
      if (c < 0) return -1;
      nearly += c;
    }
    this.outX = x;
    this.outY = y;
    return nearly;
  }

  /** Danger the node at lattice point (x, y) after step k+1 reads from the map (0 for Base). */
  dangerAt(k: number, x: number, y: number): number {
    return this.params.influenceMap ? interpolateDanger(this.maps[k]!, x * INV_Q, y * INV_Q) : 0;
  }

  /**
   * Node value (paper A.4) from the danger at the node and the nearly-hit count, plus the optional
   * lure (not in the paper): −lure·|x − goalX|/width − lure·max(0, goalY − y)/height.
   */
  nodeE(x: number, y: number, danger: number, nearly: number): number {
    const p = this.params;
    if (!p.influenceMap) return 0;
    let e = nodeValue(danger, nearly, true);
    if (p.lure > 0) {
      const w = this.world;
      if (w.goalX === w.goalX) {
        const g = x * INV_Q - w.goalX;
        e -= (p.lure * (g < 0 ? -g : g)) / w.width;
      }
      if (w.goalY === w.goalY) {
        const g = w.goalY - y * INV_Q;
        if (g > 0) e -= (p.lure * g) / w.height;
      }
    }
    return e;
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
