// The paper's exhaustive tree search, also recording the best path it finds (for the `dodge` tool
// and tests): the same recursion, expressions and tie order as search-exhaustive.ts, so its
// decision is that search's decision, and the path is the exhaustive search's own (with ties it
// may differ from the fast search's path of equal value).
import { LATTICE } from './constants';
import { DodgeDecision, DodgePlan } from './decision';
import { better, penalised, type DodgeProblem } from './problem';

const INV_Q = 1 / LATTICE;

/** Exhaustive search on a prepared problem; fills `out` and the best path into `plan`. */
export function searchExhaustivePath(p: DodgeProblem, out: DodgeDecision, plan: DodgePlan): DodgeDecision {
  new PathSearch(p).run(out, plan);
  return out;
}

class PathSearch {
  private retL = 0;
  private retV = 0;
  /** Per level k: the best suffix found from the current node of level k (entries k .. L−1). */
  private readonly bm: Int32Array[] = [];
  private readonly bx: Float64Array[] = [];
  private readonly by: Float64Array[] = [];
  private readonly bv: Float64Array[] = [];

  constructor(private readonly p: DodgeProblem) {
    const D = p.depth;
    for (let k = 0; k <= D; k++) {
      this.bm.push(new Int32Array(D));
      this.bx.push(new Float64Array(D));
      this.by.push(new Float64Array(D));
      this.bv.push(new Float64Array(D));
    }
  }

  run(out: DodgeDecision, plan: DodgePlan): void {
    const p = this.p;
    this.rec(0, p.startX, p.startY, p.prevMove, out);
    const L = this.retL;
    out.value = this.retV;
    out.survived = L;
    out.bits = p.moves.bits[out.move]!;
    plan.framesPerStep = p.frames;
    plan.startX = p.startX * INV_Q;
    plan.startY = p.startY * INV_Q;
    plan.count = L;
    for (let j = 0; j < L; j++) {
      plan.moves[j] = this.bm[0]![j]!;
      plan.x[j] = this.bx[0]![j]! * INV_Q;
      plan.y[j] = this.by[0]![j]! * INV_Q;
      plan.values[j] = this.bv[0]![j]!;
    }
  }

  /** Best (survived, suffix value) and suffix path from a node reached by k steps (last move `last`). */
  private rec(k: number, ix: number, iy: number, last: number, root: DodgeDecision | null): void {
    const p = this.p;
    if (k === p.depth) {
      this.retL = k;
      this.retV = 0;
      return;
    }
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const c = p.weights[k]!;
    const bm = this.bm[k]!;
    const bx = this.bx[k]!;
    const by = this.by[k]!;
    const bv = this.bv[k]!;
    let bestL = -1;
    let bestV = -Infinity;
    for (let a = 0; a < M; a++) {
      const E = p.transition(k, ix, iy, a, null, 0);
      let L: number;
      let V: number;
      let e = 0;
      let ox = 0;
      let oy = 0;
      if (E !== E) {
        L = k;
        V = 0;
      } else {
        e = penalised(E, a, last, penalty);
        ox = p.outX;
        oy = p.outY;
        this.rec(k + 1, ox, oy, a, null);
        L = this.retL;
        V = c * e + this.retV;
      }
      if (root) {
        root.rootL[a] = L;
        root.rootV[a] = V;
      }
      if (better(L, V, bestL, bestV)) {
        bestL = L;
        bestV = V;
        if (root) root.move = a;
        if (L > k) {
          bm[k] = a;
          bx[k] = ox;
          by[k] = oy;
          bv[k] = e;
          const cm = this.bm[k + 1]!;
          const cx = this.bx[k + 1]!;
          const cy = this.by[k + 1]!;
          const cv = this.bv[k + 1]!;
          for (let j = k + 1; j < L; j++) {
            bm[j] = cm[j]!;
            bx[j] = cx[j]!;
            by[j] = cy[j]!;
            bv[j] = cv[j]!;
          }
        }
      }
    }
    this.retL = bestL;
    this.retV = bestV;
  }
}
