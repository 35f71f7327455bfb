// The reference: the paper's exhaustive tree search. Every move sequence of length `depth` is
// expanded (hit nodes are unreachable and end their branch), each node checks every visible
// obstacle, and the best path by (nodes survived, path value) gives the first move. Ties keep the
// earlier move in MoveSet order (stay first, as the paper's Base player stays when nothing threatens).
import { DodgeDecision } from './decision';
import { better, penalised, type DodgeProblem } from './problem';

export function searchExhaustive(p: DodgeProblem, out = new DodgeDecision(p.moves.count)): DodgeDecision {
  const s = new ExhaustiveSearch(p);
  s.run(out);
  return out;
}

class ExhaustiveSearch {
  private retL = 0;
  private retV = 0;

  constructor(private readonly p: DodgeProblem) {}

  run(out: DodgeDecision): void {
    const p = this.p;
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const c = p.weights[0]!;
    let bestL = -1;
    let bestV = -Infinity;
    let bestA = 0;
    for (let a = 0; a < M; a++) {
      const E = p.transition(0, p.startX, p.startY, a, null, 0);
      let L: number;
      let V: number;
      if (E !== E) {
        L = 0;
        V = 0;
      } else {
        const e = penalised(E, a, p.prevMove, penalty);
        this.rec(1, p.outX, p.outY, a);
        L = this.retL;
        V = c * e + this.retV;
      }
      out.rootL[a] = L;
      out.rootV[a] = V;
      if (better(L, V, bestL, bestV)) {
        bestL = L;
        bestV = V;
        bestA = a;
      }
    }
    out.move = bestA;
    out.bits = p.moves.bits[bestA]!;
    out.value = bestV;
    out.survived = bestL;
  }

  /** Best (survived, suffix value) from a node reached by k steps, whose last move was `last`. */
  private rec(k: number, ix: number, iy: number, last: number): void {
    const p = this.p;
    if (k === p.depth) {
      this.retL = k;
      this.retV = 0;
      return;
    }
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const c = p.weights[k]!;
    let bestL = -1;
    let bestV = -Infinity;
    for (let a = 0; a < M; a++) {
      const E = p.transition(k, ix, iy, a, null, 0);
      let L: number;
      let V: number;
      if (E !== E) {
        L = k;
        V = 0;
      } else {
        const e = penalised(E, a, last, penalty);
        this.rec(k + 1, p.outX, p.outY, a);
        L = this.retL;
        V = c * e + this.retV;
      }
      if (better(L, V, bestL, bestV)) {
        bestL = L;
        bestV = V;
      }
    }
    this.retL = bestL;
    this.retV = bestV;
  }
}
