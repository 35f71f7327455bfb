// Backward induction of the fast search (search-fast.ts): for every state the best (nodes survived,
// suffix value) and its first move, with the same expression order as the exhaustive recursion, so
// the decision value is the same bit for bit; then the chosen path written into a DodgePlan.
import type { DodgeDecision, DodgePlan } from './decision';
import { better, penalised, type DodgeProblem } from './problem';
import { LATTICE } from './constants';
import { nodeValue } from './node-value';
import { pathValue } from './path-value';
import { type Level, UNSEEN } from './search-level';

const INV_Q = 1 / LATTICE;

/**
 * The best move of the last step from one state, its contacts checked on demand (FastSearch.bestLast):
 * writes (survived, value, move) into lev.bL / bV / bMove at `into`.
 */
export type BestLast = (k: number, lev: Level, nxt: Level, pi: number, last: number, into: number) => void;

/** The two backward passes, with their per-child scratch kept between decisions. */
export class BackwardPass {
  private cL = new Int32Array(256);
  private cV = new Float64Array(256);

  /**
   * Backward induction without a switch penalty: the states are the positions. With 1-frame steps
   * a transition's (survived, value) depends on its child alone, so it is computed once per child
   * (cL, cV) and each parent only compares its children's, in move order.
   */
  positions(p: DodgeProblem, levels: readonly Level[], out: DodgeDecision, bestLast: BestLast, lastDone = false): void {
    const D = p.depth;
    const M = p.moves.count;
    const one = p.frames === 1;
    const last = levels[D]!;
    last.ensureBest(last.nPos);
    for (let i = 0; i < last.nPos; i++) {
      last.bL[i] = D;
      last.bV[i] = 0;
      last.bMove[i] = -1;
    }
    for (let k = lastDone ? D - 2 : D - 1; k >= 0; k--) {
      const lev = levels[k]!;
      const nxt = levels[k + 1]!;
      lev.ensureBest(lev.nPos);
      const c = p.weights[k]!;
      const child = lev.child;
      const near = nxt.posNear;
      const nE = nxt.posE;
      const nL = nxt.bL;
      const nV = nxt.bV;
      if (this.cL.length < nxt.nPos) {
        this.cL = new Int32Array(nxt.nPos * 2);
        this.cV = new Float64Array(nxt.nPos * 2);
      }
      const cL = this.cL;
      const cV = this.cV;
      if (one) {
        for (let cs = 0; cs < nxt.nPos; cs++) {
          const v = near[cs]!;
          if (v === UNSEEN) continue;
          if (v < 0) {
            cL[cs] = k;
            cV[cs] = 0;
          } else {
            // penalised(E, a, −1, 0) is E itself.
            cL[cs] = nL[cs]!;
            cV[cs] = c * nE[cs]! + nV[cs]!;
          }
        }
        for (let pi = 0; pi < lev.nPos; pi++) {
          if (lev.posNear[pi]! < 0) continue;
          const tb = pi * M;
          // Move 0 is better than the initial (−1, −∞) whatever it is.
          let cs = child[tb]!;
          let bestL = cL[cs]!;
          let bestV = cV[cs]!;
          let bestA = 0;
          for (let a = 1; a < M; a++) {
            cs = child[tb + a]!;
            const L = cL[cs]!;
            const V = cV[cs]!;
            if (better(L, V, bestL, bestV)) {
              bestL = L;
              bestV = V;
              bestA = a;
            }
          }
          lev.bL[pi] = bestL;
          lev.bV[pi] = bestV;
          lev.bMove[pi] = bestA;
        }
        if (k === 0) {
          for (let a = 0; a < M; a++) {
            out.rootL[a] = cL[child[a]!]!;
            out.rootV[a] = cV[child[a]!]!;
          }
        }
        continue;
      }
      if (k === D - 1 && k > 0) {
        for (let pi = 0; pi < lev.nPos; pi++) {
          if (lev.posNear[pi]! < 0) continue;
          bestLast(k, lev, nxt, pi, -1, pi);
        }
        continue;
      }
      for (let pi = 0; pi < lev.nPos; pi++) {
        if (lev.posNear[pi]! < 0) continue;
        const tb = pi * M;
        let bestL = -1;
        let bestV = -Infinity;
        let bestA = 0;
        for (let a = 0; a < M; a++) {
          const cs = child[tb + a]!;
          let L: number;
          let V: number;
          if (lev.tNear[tb + a]! < 0) {
            L = k;
            V = 0;
          } else {
            L = nL[cs]!;
            V = c * lev.tE[tb + a]! + nV[cs]!;
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
        lev.bL[pi] = bestL;
        lev.bV[pi] = bestV;
        lev.bMove[pi] = bestA;
      }
    }
  }

  /** Backward induction over states (position, last move) with a switch penalty. */
  states(p: DodgeProblem, levels: readonly Level[], out: DodgeDecision, bestLast: BestLast, lastDone = false): void {
    const D = p.depth;
    const M = p.moves.count;
    const one = p.frames === 1;
    const penalty = p.switchPenalty;
    const last = levels[D]!;
    last.ensureBest(last.nSt);
    for (let si = 0; si < last.nSt; si++) {
      last.bL[si] = D;
      last.bV[si] = 0;
      last.bMove[si] = -1;
    }
    for (let k = lastDone ? D - 2 : D - 1; k >= 0; k--) {
      const lev = levels[k]!;
      const nxt = levels[k + 1]!;
      lev.ensureBest(lev.nSt);
      const c = p.weights[k]!;
      if (!one && k === D - 1 && k > 0) {
        for (let si = 0; si < lev.nSt; si++) {
          bestLast(k, lev, nxt, lev.stPos[si]!, lev.stLast[si]!, si);
        }
        continue;
      }
      for (let si = 0; si < lev.nSt; si++) {
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
            const E = one ? nxt.posE[lev.child[tb + a]!]! : lev.tE[tb + a]!;
            const e = penalised(E, a, lastMove, penalty);
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
  }
}

export function fillPlan(p: DodgeProblem, levels: readonly Level[], plan: DodgePlan): void {
  const M = p.moves.count;
  const one = p.frames === 1;
  const states = p.switchPenalty > 0;
  plan.framesPerStep = p.frames;
  plan.startX = p.startX * INV_Q;
  plan.startY = p.startY * INV_Q;
  let si = 0;
  let k = 0;
  for (; k < p.depth; k++) {
    const lev = levels[k]!;
    const nxt = levels[k + 1]!;
    const a = lev.bMove[si]!;
    const tb = (states ? lev.statePos(si, M) : si) * M;
    const cp = lev.child[tb + a]!;
    if (one ? nxt.posNear[cp]! < 0 : lev.tNear[tb + a]! < 0) break;
    plan.moves[k] = a;
    plan.x[k] = nxt.posX[cp]! * INV_Q;
    plan.y[k] = nxt.posY[cp]! * INV_Q;
    const E = one ? nxt.posE[cp]! : lev.tE[tb + a]!;
    plan.values[k] = penalised(E, a, states ? lev.stateLast(si, M) : -1, p.switchPenalty);
    // posD is the node's interpolated danger (not read without a map: nodeValue is 0 then).
    plan.hazards[k] = nodeValue(nxt.posD[cp]!, one ? nxt.posNear[cp]! : lev.tNear[tb + a]!, p.influenceMap);
    si = states ? lev.sChild[si * M + a]! : cp;
  }
  plan.count = k;
  plan.slipped = false;
  plan.hazard = pathValue(plan.hazards, p.weights, k);
}
