// The reference: the paper's exhaustive tree search. Every move sequence of length `depth` is
// expanded (hit nodes are unreachable and end their branch), each node checks every visible
// obstacle, and the best path by (nodes survived, path value) gives the first move. Ties keep the
// earlier move in MoveSet order (stay first, as the paper's Base player stays when nothing threatens).
// Optionally it also records the best path it finds (the `dodge` tool's --search exhaustive): the
// recording never changes a value, so the decision is the same either way.
import { groupDigits } from '../group-digits';
import { LATTICE } from './constants';
import { DodgeDecision, type DodgePlan } from './decision';
import { pathValue } from './path-value';
import { better, penalised, type DodgeProblem } from './problem';

const INV_Q = 1 / LATTICE;

/**
 * Most search-tree nodes (moves + moves² + … + moves^depth) the exhaustive search may have, checked
 * before it starts: 9 moves allow depth 7 (5.4 million nodes), 17 (with focus) depth 5 (1.5
 * million); at about 0.2–0.6 µs per node with no obstacle that is a few seconds at most.
 */
export const EXHAUSTIVE_NODE_LIMIT = 10_000_000;

/**
 * Most obstacle checks (frames per step × visible obstacles, per node expanded) before the
 * exhaustive search gives up; 10–16 ns each, so a few seconds. The paper's presets on the
 * benchmark's 1500-bullet fields stay far below it (hits end most branches early).
 */
export const EXHAUSTIVE_CHECK_LIMIT = 300_000_000;

/** Nodes of the full search tree: moves + moves² + … + moves^depth. */
export function exhaustiveNodes(moves: number, depth: number): number {
  let nodes = 0;
  for (let k = 1, level = 1; k <= depth; k++) nodes += level *= moves;
  return nodes;
}

/** The exhaustive search is too large for the preset or the scenario (a tool exits 2 on it). */
export class DodgeLimitError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'DodgeLimitError';
  }
}

/**
 * Throws DodgeLimitError when the tree of `moves` moves and `depth` steps is over
 * EXHAUSTIVE_NODE_LIMIT; `who` starts the message (e.g. "preset deep8").
 */
export function checkExhaustiveSize(moves: number, depth: number, who = 'the exhaustive search'): void {
  const nodes = exhaustiveNodes(moves, depth);
  if (nodes <= EXHAUSTIVE_NODE_LIMIT) return;
  let most = 0;
  while (exhaustiveNodes(moves, most + 1) <= EXHAUSTIVE_NODE_LIMIT) most++;
  throw new DodgeLimitError(
    `${who}: depth ${depth} with ${moves} moves is ${groupDigits(nodes)} search-tree nodes for --search exhaustive ` +
      `(${moves} + ${moves}² + … + ${moves}^${depth}), the limit is ${groupDigits(EXHAUSTIVE_NODE_LIMIT)} ` +
      `(depth ≤ ${most} with ${moves} moves); use --search fast`,
  );
}

export function searchExhaustive(p: DodgeProblem, out = new DodgeDecision(p.moves.count)): DodgeDecision {
  new ExhaustiveSearch(p, false).run(out, null);
  return out;
}

/**
 * The exhaustive search, also filling `plan` with its own best path (with ties it may differ from the
 * fast search's path of equal value).
 */
export function searchExhaustivePath(p: DodgeProblem, out: DodgeDecision, plan: DodgePlan): DodgeDecision {
  new ExhaustiveSearch(p, true).run(out, plan);
  return out;
}

class ExhaustiveSearch {
  private retL = 0;
  private retV = 0;
  /** Obstacle checks left before giving up (EXHAUSTIVE_CHECK_LIMIT), and the cost of one transition. */
  private checksLeft = EXHAUSTIVE_CHECK_LIMIT;
  private readonly checksPerStep: number;
  /** With `record`, per level k: the best suffix found from the current node of level k (entries k .. L−1). */
  private readonly bm: Int32Array[] = [];
  private readonly bx: Float64Array[] = [];
  private readonly by: Float64Array[] = [];
  private readonly bv: Float64Array[] = [];

  constructor(
    private readonly p: DodgeProblem,
    private readonly record: boolean,
  ) {
    checkExhaustiveSize(p.moves.count, p.depth);
    this.checksPerStep = p.frames * Math.max(1, p.world.count);
    if (!record) return;
    for (let k = 0; k <= p.depth; k++) {
      this.bm.push(new Int32Array(p.depth));
      this.bx.push(new Float64Array(p.depth));
      this.by.push(new Float64Array(p.depth));
      this.bv.push(new Float64Array(p.depth));
    }
  }

  run(out: DodgeDecision, plan: DodgePlan | null): void {
    const p = this.p;
    this.rec(0, p.startX, p.startY, p.prevMove, out);
    const L = this.retL;
    out.value = this.retV;
    out.survived = L;
    out.bits = p.moves.bits[out.move]!;
    if (!plan) return;
    plan.framesPerStep = p.frames;
    plan.startX = p.startX * INV_Q;
    plan.startY = p.startY * INV_Q;
    plan.count = L;
    plan.slipped = false;
    let px = p.startX;
    let py = p.startY;
    for (let j = 0; j < L; j++) {
      const a = this.bm[0]![j]!;
      plan.moves[j] = a;
      plan.x[j] = this.bx[0]![j]! * INV_Q;
      plan.y[j] = this.by[0]![j]! * INV_Q;
      plan.values[j] = this.bv[0]![j]!;
      // The danger part of the node, worked out again for the path found (maps are full here).
      plan.hazards[j] = p.hazard(j, px, py, a);
      px = this.bx[0]![j]!;
      py = this.by[0]![j]!;
    }
    plan.hazard = pathValue(plan.hazards, p.weights, L);
  }

  /**
   * Best (survived, suffix value) from a node reached by k steps, whose last move was `last` (at the
   * root: the held move); at the root also every first move's (L, V) and the chosen move.
   */
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
    let bestL = -1;
    let bestV = -Infinity;
    for (let a = 0; a < M; a++) {
      if ((this.checksLeft -= this.checksPerStep) < 0) this.tooMuch();
      const E = p.transition(k, ix, iy, a, null, 0);
      let L: number;
      let V: number;
      let e = 0;
      let ox = 0;
      let oy = 0;
      if (Number.isNaN(E)) {
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
        if (this.record && L > k) this.keep(k, a, ox, oy, e, L);
      }
    }
    this.retL = bestL;
    this.retV = bestV;
  }

  private tooMuch(): never {
    const p = this.p;
    throw new DodgeLimitError(
      `the exhaustive search gave up after ${groupDigits(EXHAUSTIVE_CHECK_LIMIT)} obstacle checks (depth ${p.depth}, ` +
        `${p.moves.count} moves, ${p.frames} frame${p.frames > 1 ? 's' : ''} per step, ${p.world.count} visible obstacles: ` +
        `each node checks every obstacle on every frame); use --search fast`,
    );
  }

  /** Level k's best suffix becomes move a (to ox, oy, node value e) then level k+1's best suffix. */
  private keep(k: number, a: number, ox: number, oy: number, e: number, L: number): void {
    const bm = this.bm[k]!;
    const bx = this.bx[k]!;
    const by = this.by[k]!;
    const bv = this.bv[k]!;
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
