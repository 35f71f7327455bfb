// A path to beat before the pruned search expands its last levels (FastSearch with `pruned`): the
// last decision's best path one step on (the CPU decides every step, so its plan after the first
// move is where it means to go), or the held move all the way when there is none, with its best
// last move. Its value from the current start is a value some complete path reaches, so every
// position through which no path can beat it may be skipped (search-bounds.ts cutLevel), and the
// last step starts with it as the value to beat. Only the work depends on it: the decision, its
// value and plan are the same whatever the seed, as long as it is a real path's value (tests).
//
// Its first k steps are read from the levels the search has already worked out; the rest are
// checked and valued here with the search's own tests (problem.contacts on the obstacles near it,
// the map cells it reads drawn by the cell painter), summed forwards: within a few ulps of the
// search's backward sums, far inside LastStepBounds.margin.
import type { CellPainter } from './cell-painter';
import { LATTICE } from './constants';
import type { MapShapes } from './influence-map';
import type { ReadCells } from './interpolate';
import { type DodgeProblem, penalised } from './problem';
import type { Level } from './search-level';
import { sweepsNear } from './world';

const INV_Q = 1 / LATTICE;

/** What the seed needs from the search: its obstacles near the horizon, map shapes and painters. */
export interface SeedContext {
  /** Obstacles that can come near the ship over the horizon (indices), their count and culling margins. */
  hList: Int32Array;
  hn: number;
  margin: Float64Array;
  shapes: MapShapes;
  cells: CellPainter;
  reads: ReadCells | null;
}

export class SeedPath {
  /** The last pruned decision's best path (its moves). */
  private plan = new Int32Array(16);
  private planN = 0;
  private moves = new Int32Array(16);
  /** The obstacles near the path's last steps. */
  private near = new Int32Array(256);
  /** The last step's ends and nearly-hit counts, per move. */
  private endX = new Int32Array(32);
  private endY = new Int32Array(32);
  private endN = new Int32Array(32);

  /** Keeps the best path of a decision (its first `count` moves) for the next one. */
  keep(moves: Int32Array, count: number): void {
    for (let k = 0; k < count; k++) this.plan[k] = moves[k]!;
    this.planN = count;
  }

  /**
   * The value of the seed path from the start, before level k (1 ≤ k < D − 1) is expanded: −∞ when
   * there is none or it is hit on every last move.
   */
  value(p: DodgeProblem, levels: readonly Level[], k: number, ctx: SeedContext): number {
    const D = p.depth;
    const M = p.moves.count;
    const n = this.planN;
    if (n < 2 && p.prevMove < 0) return -Infinity;
    const mv = this.moves;
    for (let j = 0; j < D - 1; j++) mv[j] = n >= 2 ? this.plan[j + 1 < n ? j + 1 : n - 1]! : p.prevMove;
    // The first k steps: transitions the search has checked and valued.
    let last = p.prevMove;
    let pos = 0;
    let P = 0;
    for (let j = 0; j < k; j++) {
      const lev = levels[j]!;
      const t = pos * M + mv[j]!;
      if (lev.tNear[t]! < 0) return -Infinity;
      P += p.weights[j]! * penalised(lev.tE[t]!, mv[j]!, last, p.switchPenalty);
      pos = lev.child[t]!;
      last = mv[j]!;
    }
    return this.tail(p, k, levels[k]!.posX[pos]!, levels[k]!.posY[pos]!, last, P, ctx);
  }

  /** From (x, y) at level k with forward sum P: the rest of the moves, then the best last move. */
  private tail(p: DodgeProblem, k: number, x: number, y: number, last: number, P: number, ctx: SeedContext): number {
    const D = p.depth;
    const F = p.frames;
    const M = p.moves.count;
    const reads = ctx.reads;
    const reach = (D - k) * F * p.moves.maxStep;
    const nn = this.nearby(p, ctx, x - reach, x + reach, y - reach, y + reach, k * F + 1, D * F);
    const list = this.near;
    for (let j = k; j < D - 1; j++) {
      const a = this.moves[j]!;
      const nearly = p.contacts(j, x, y, a, list, nn);
      if (nearly < 0) return -Infinity;
      x = p.outX;
      y = p.outY;
      let danger = 0;
      if (reads) {
        reads.reset();
        reads.markPoint(0, x, y, INV_Q);
        if (reads.nFresh > 0) ctx.cells.fill(p.maps[j]!, p.world, (j + 1) * F, ctx.shapes, reads.fresh, reads.nFresh);
        danger = p.dangerAt(j, x, y);
      }
      P += p.weights[j]! * penalised(p.nodeE(x, y, danger, nearly), a, last, p.switchPenalty);
      last = a;
    }
    // The last step: every move, its leaf's cells drawn together.
    const j = D - 1;
    if (this.endX.length < M) {
      this.endX = new Int32Array(M);
      this.endY = new Int32Array(M);
      this.endN = new Int32Array(M);
    }
    const ex = this.endX;
    const ey = this.endY;
    const en = this.endN;
    reads?.reset();
    for (let a = 0; a < M; a++) {
      en[a] = p.contacts(j, x, y, a, list, nn);
      if (en[a]! < 0) continue;
      ex[a] = p.outX;
      ey[a] = p.outY;
      reads?.markPoint(a, p.outX, p.outY, INV_Q);
    }
    if (reads && reads.nFresh > 0) ctx.cells.fill(p.maps[j]!, p.world, (j + 1) * F, ctx.shapes, reads.fresh, reads.nFresh);
    const c = p.weights[j]!;
    let best = -Infinity;
    for (let a = 0; a < M; a++) {
      if (en[a]! < 0) continue;
      const danger = reads ? p.dangerAt(j, ex[a]!, ey[a]!) : 0;
      const v = P + c * penalised(p.nodeE(ex[a]!, ey[a]!, danger, en[a]!), a, last, p.switchPenalty);
      if (v > best) best = v;
    }
    return best;
  }

  /**
   * The horizon's obstacles whose path over frames t0 .. t1 comes within their margin of the box
   * (lattice units, clamped to the bounds; the test FastSearch.cullHorizon culls with), into `near`; returns the count.
   */
  private nearby(p: DodgeProblem, ctx: SeedContext, lx0: number, lx1: number, ly0: number, ly1: number, t0: number, t1: number): number {
    const bx0 = Math.max(p.loX, lx0) * INV_Q;
    const bx1 = Math.min(p.hiX, lx1) * INV_Q;
    const by0 = Math.max(p.loY, ly0) * INV_Q;
    const by1 = Math.min(p.hiY, ly1) * INV_Q;
    if (this.near.length < ctx.hn) this.near = new Int32Array(ctx.hList.length);
    const near = this.near;
    let n = 0;
    for (let q = 0; q < ctx.hn; q++) {
      const i = ctx.hList[q]!;
      if (sweepsNear(p.world, i, t0, t1, bx0, bx1, by0, by1, ctx.margin[i]!)) near[n++] = i;
    }
    return n;
  }
}
