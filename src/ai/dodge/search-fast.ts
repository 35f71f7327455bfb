// The fast exact search: dynamic programming over the time-expanded lattice. Positions are exact
// integers (see LATTICE), so every move sequence that reaches the same position at the same step
// lands on the same node; a node's future depends only on (step, position) — and on the last move
// when the switch penalty is on — so each such state is expanded once. Backward induction then
// computes, for every state, the best (nodes survived, suffix value) with the same expression
// order as the exhaustive recursion: same decision value, bit for bit.
//
// Obstacles are culled per step (only those whose path over the step's frames comes within the
// nearly-hit distance of the box the ship can reach) and again per position (the box reachable
// from it within the step). Influence maps are built only over the reachable window only.
import { DodgeDecision, DodgePlan } from './decision';
import { PairTable } from './lattice-table';
import { better, penalised, type DodgeProblem } from './problem';
import { LATTICE } from './constants';

const INV_Q = 1 / LATTICE;

class Level {
  nPos = 0;
  posX = new Int32Array(64);
  posY = new Int32Array(64);
  /** Per position: nearly-hit count of the frame(s) into it (1-frame steps; −1: hit, never expanded) and its map danger. */
  posNear = new Int32Array(64);
  posD = new Float64Array(64);
  readonly posTable = new PairTable(256);
  /** Per (position, move): node value of the transition out of this level, NaN when hit. */
  tE = new Float64Array(64);
  /** Per (position, move): child position index in the next level, −1 when hit. */
  tChild = new Int32Array(64);
  /** Per (position, move): nearly-hit count of the step. */
  tNear = new Int32Array(64);
  nSt = 0;
  stPos = new Int32Array(64);
  stLast = new Int32Array(64);
  readonly stTable = new PairTable(256);
  /** Per (state, move): child state index, −1 when hit. */
  sChild = new Int32Array(64);
  bL = new Int32Array(64);
  bV = new Float64Array(64);
  bMove = new Int32Array(64);

  reset(): void {
    this.nPos = 0;
    this.nSt = 0;
    this.posTable.reset();
    this.stTable.reset();
  }

  addPos(x: number, y: number): number {
    const i = this.posTable.getOrAdd(x, y, this.nPos);
    if (i === this.nPos) {
      if (i >= this.posX.length) {
        this.posX = growI(this.posX);
        this.posY = growI(this.posY);
        this.posNear = growI(this.posNear);
        this.posD = growF(this.posD);
      }
      this.posX[i] = x;
      this.posY[i] = y;
      this.nPos++;
    }
    return i;
  }

  addState(pos: number, last: number): number {
    const i = this.stTable.getOrAdd(pos, last + 1, this.nSt);
    if (i === this.nSt) {
      if (i >= this.stPos.length) {
        this.stPos = growI(this.stPos);
        this.stLast = growI(this.stLast);
        this.bL = growI(this.bL);
        this.bMove = growI(this.bMove);
        this.bV = growF(this.bV);
      }
      this.stPos[i] = pos;
      this.stLast[i] = last;
      this.nSt++;
    }
    return i;
  }

  /** States = positions (no switch penalty): state i is position i. */
  identityStates(): void {
    while (this.stPos.length < this.nPos) {
      this.stPos = growI(this.stPos);
      this.stLast = growI(this.stLast);
      this.bL = growI(this.bL);
      this.bMove = growI(this.bMove);
      this.bV = growF(this.bV);
    }
    for (let i = 0; i < this.nPos; i++) {
      this.stPos[i] = i;
      this.stLast[i] = -1;
    }
    this.nSt = this.nPos;
  }

  ensureTransitions(M: number): void {
    const need = this.nPos * M;
    if (this.tE.length < need) {
      this.tE = new Float64Array(need * 2);
      this.tChild = new Int32Array(need * 2);
      this.tNear = new Int32Array(need * 2);
    }
    const needS = this.nSt * M;
    if (this.sChild.length < needS) this.sChild = new Int32Array(needS * 2);
  }
}

function growI(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(a.length * 2);
  b.set(a);
  return b;
}

function growF(a: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const b = new Float64Array(a.length * 2);
  b.set(a);
  return b;
}

export class FastSearch {
  private readonly levels: Level[] = [];
  private stepList = new Int32Array(256);
  private posList = new Int32Array(256);
  /** Work counters of the last run (states and transitions evaluated). */
  states = 0;
  transitions = 0;

  constructor(private readonly p: DodgeProblem) {
    for (let k = 0; k <= p.depth; k++) this.levels.push(new Level());
  }

  /** Runs on a problem prepared with window = true (or false; the result is the same). */
  run(out: DodgeDecision, plan: DodgePlan | null): DodgeDecision {
    const p = this.p;
    const D = p.depth;
    const F = p.frames;
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const w = p.world;
    const n = w.count;
    if (this.stepList.length < n) {
      this.stepList = new Int32Array(w.capacity);
      this.posList = new Int32Array(w.capacity);
    }
    const X = w.x;
    const Y = w.y;
    const VX = w.vx;
    const VY = w.vy;
    const R = w.r;
    const shipR = w.shipR;
    const reachStep = F * p.moves.maxStep;
    this.states = 0;
    this.transitions = 0;

    const root = this.levels[0]!;
    root.reset();
    root.addPos(p.startX, p.startY);
    root.posNear[0] = 0;
    root.addState(0, p.prevMove);

    for (let k = 0; k < D; k++) {
      const lev = this.levels[k]!;
      const nxt = this.levels[k + 1]!;
      nxt.reset();
      lev.ensureTransitions(M);
      const t0 = k * F + 1;
      const t1 = (k + 1) * F;
      // Obstacles that can come within the nearly-hit distance of the box reachable in this step.
      const reach = t1 * p.moves.maxStep;
      const bx0 = Math.max(p.loX, p.startX - reach) * INV_Q;
      const bx1 = Math.min(p.hiX, p.startX + reach) * INV_Q;
      const by0 = Math.max(p.loY, p.startY - reach) * INV_Q;
      const by1 = Math.min(p.hiY, p.startY + reach) * INV_Q;
      const sl = this.stepList;
      let sn = 0;
      for (let i = 0; i < n; i++) {
        const m = (R[i]! + shipR) * 2 + 1;
        const xa = X[i]! + VX[i]! * t0;
        const xb = X[i]! + VX[i]! * t1;
        if ((xa < xb ? xb : xa) < bx0 - m || (xa < xb ? xa : xb) > bx1 + m) continue;
        const ya = Y[i]! + VY[i]! * t0;
        const yb = Y[i]! + VY[i]! * t1;
        if ((ya < yb ? yb : ya) < by0 - m || (ya < yb ? ya : yb) > by1 + m) continue;
        sl[sn++] = i;
      }
      // Expand every surviving position once: contacts of each move, child positions.
      const pl = this.posList;
      const dX = p.moves.dx;
      const dY = p.moves.dy;
      let expanded = 0;
      for (let pi = 0; pi < lev.nPos; pi++) {
        const base = pi * M;
        if (lev.posNear[pi]! < 0) continue;
        expanded++;
        const ix = lev.posX[pi]!;
        const iy = lev.posY[pi]!;
        const px0 = Math.max(p.loX, ix - reachStep) * INV_Q;
        const px1 = Math.min(p.hiX, ix + reachStep) * INV_Q;
        const py0 = Math.max(p.loY, iy - reachStep) * INV_Q;
        const py1 = Math.min(p.hiY, iy + reachStep) * INV_Q;
        let pn = 0;
        for (let j = 0; j < sn; j++) {
          const i = sl[j]!;
          const m = (R[i]! + shipR) * 2 + 1;
          const xa = X[i]! + VX[i]! * t0;
          const xb = X[i]! + VX[i]! * t1;
          if ((xa < xb ? xb : xa) < px0 - m || (xa < xb ? xa : xb) > px1 + m) continue;
          const ya = Y[i]! + VY[i]! * t0;
          const yb = Y[i]! + VY[i]! * t1;
          if ((ya < yb ? yb : ya) < py0 - m || (ya < yb ? ya : yb) > py1 + m) continue;
          pl[pn++] = i;
        }
        if (F === 1) {
          // One frame per step: the contacts depend on the child position only, so each child is
          // checked once (any parent's list covers it: the child lies in the parent's reach box).
          for (let a = 0; a < M; a++) {
            let x: number;
            let y: number;
            if (p.walls) {
              p.wallStep(ix, iy, dX[a]!, dY[a]!);
              x = p.outX;
              y = p.outY;
            } else {
              x = ix + dX[a]!;
              y = iy + dY[a]!;
              if (x < p.loX) x = p.loX;
              else if (x > p.hiX) x = p.hiX;
              if (y < p.loY) y = p.loY;
              else if (y > p.hiY) y = p.hiY;
            }
            const before = nxt.nPos;
            const cp = nxt.addPos(x, y);
            if (cp === before) nxt.posNear[cp] = p.contactsAt(t0, x, y, pl, pn);
            const c = nxt.posNear[cp]!;
            lev.tNear[base + a] = c;
            lev.tChild[base + a] = c < 0 ? -1 : cp;
          }
        } else {
          for (let a = 0; a < M; a++) {
            const c = p.contacts(k, ix, iy, a, pl, pn);
            lev.tNear[base + a] = c;
            if (c < 0) lev.tChild[base + a] = -1;
            else {
              const before = nxt.nPos;
              const cp = nxt.addPos(p.outX, p.outY);
              if (cp === before) nxt.posNear[cp] = 0;
              lev.tChild[base + a] = cp;
            }
          }
        }
      }
      // The map of this step, only over the surviving children, then their danger and node values.
      if (p.params.influenceMap) {
        let x0 = Infinity;
        let x1 = -Infinity;
        let y0 = Infinity;
        let y1 = -Infinity;
        for (let cp = 0; cp < nxt.nPos; cp++) {
          if (nxt.posNear[cp]! < 0) continue;
          const x = nxt.posX[cp]!;
          const y = nxt.posY[cp]!;
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
        if (x0 <= x1) p.buildMap(k, x0, x1, y0, y1);
        for (let cp = 0; cp < nxt.nPos; cp++) {
          if (nxt.posNear[cp]! >= 0) nxt.posD[cp] = p.dangerAt(k, nxt.posX[cp]!, nxt.posY[cp]!);
        }
      }
      for (let pi = 0; pi < lev.nPos; pi++) {
        if (lev.posNear[pi]! < 0) continue;
        const base = pi * M;
        for (let a = 0; a < M; a++) {
          const cp = lev.tChild[base + a]!;
          lev.tE[base + a] = cp < 0 ? Number.NaN : p.nodeE(nxt.posX[cp]!, nxt.posY[cp]!, nxt.posD[cp]!, lev.tNear[base + a]!);
        }
      }
      this.transitions += expanded * M;
      // States: (position, last move) — the last move only matters with a switch penalty; without
      // one, the states of the next level are its positions themselves.
      if (penalty === 0) {
        nxt.identityStates();
        for (let si = 0; si < lev.nSt; si++) {
          const base = lev.stPos[si]! * M;
          const sb = si * M;
          for (let a = 0; a < M; a++) lev.sChild[sb + a] = lev.tChild[base + a]!;
        }
        this.states += lev.nSt;
        continue;
      }
      for (let si = 0; si < lev.nSt; si++) {
        const base = lev.stPos[si]! * M;
        const sb = si * M;
        for (let a = 0; a < M; a++) {
          const cp = lev.tChild[base + a]!;
          lev.sChild[sb + a] = cp < 0 ? -1 : nxt.addState(cp, penalty > 0 ? a : -1);
        }
      }
      this.states += lev.nSt;
    }

    // Backward induction.
    const last = this.levels[D]!;
    this.states += last.nSt;
    for (let si = 0; si < last.nSt; si++) {
      last.bL[si] = D;
      last.bV[si] = 0;
      last.bMove[si] = -1;
    }
    for (let k = D - 1; k >= 0; k--) {
      const lev = this.levels[k]!;
      const nxt = this.levels[k + 1]!;
      const c = p.weights[k]!;
      for (let si = 0; si < lev.nSt; si++) {
        if (lev.posNear[lev.stPos[si]!]! < 0) continue; // a hit position: never reached
        const tb = lev.stPos[si]! * M;
        const sb = si * M;
        const lastMove = lev.stLast[si]!;
        let bestL = -1;
        let bestV = -Infinity;
        let bestA = 0;
        for (let a = 0; a < M; a++) {
          const cs = lev.sChild[sb + a]!;
          let L: number;
          let V: number;
          if (cs < 0) {
            L = k;
            V = 0;
          } else {
            const e = penalised(lev.tE[tb + a]!, a, lastMove, penalty);
            L = nxt.bL[cs]!;
            V = c * e + nxt.bV[cs]!;
          }
          if (k === 0) {
            out.rootL[a] = L;
            out.rootV[a] = V;
          }
          if (better(L, V, bestL, bestV)) {
            bestL = L;
            bestV = V;
            bestA = a;
          }
        }
        lev.bL[si] = bestL;
        lev.bV[si] = bestV;
        lev.bMove[si] = bestA;
      }
    }
    const r = this.levels[0]!;
    out.move = r.bMove[0]!;
    out.bits = p.moves.bits[out.move]!;
    out.value = r.bV[0]!;
    out.survived = r.bL[0]!;
    if (plan) this.fillPlan(plan);
    return out;
  }

  private fillPlan(plan: DodgePlan): void {
    const p = this.p;
    const M = p.moves.count;
    plan.framesPerStep = p.frames;
    plan.startX = p.startX * INV_Q;
    plan.startY = p.startY * INV_Q;
    let si = 0;
    let k = 0;
    for (; k < p.depth; k++) {
      const lev = this.levels[k]!;
      const a = lev.bMove[si]!;
      const cs = lev.sChild[si * M + a]!;
      if (cs < 0) break;
      const nxt = this.levels[k + 1]!;
      const pos = nxt.stPos[cs]!;
      plan.moves[k] = a;
      plan.x[k] = nxt.posX[pos]! * INV_Q;
      plan.y[k] = nxt.posY[pos]! * INV_Q;
      plan.values[k] = penalised(lev.tE[lev.stPos[si]! * M + a]!, a, lev.stLast[si]!, p.switchPenalty);
      si = cs;
    }
    plan.count = k;
  }
}
