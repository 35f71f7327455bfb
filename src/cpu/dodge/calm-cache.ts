// The last few decisions made in calm surroundings, for the pruned search (FastSearch with
// `pruned`): when no obstacle comes near the horizon's reach and no danger shape reaches a cell it
// reads (open field, no maze pull), a decision depends only on where the ship starts, the move it
// holds, the lure's goal, the lattice bounds, the switch penalty and the path weights — every
// contact is 0 and every cell holds the edge band alone. A CPU waiting at its home line makes the
// same such decision again and again (≈ 6 % of a Hard-vs-Hard match's decisions repeat one of the
// last 16), so the whole result is kept and given back: the same numbers, bit for bit.
import type { DodgeDecision, DodgePlan } from './decision';
import type { DodgeProblem } from './problem';
import { LATTICE } from './constants';

const INV_Q = 1 / LATTICE;

/** Entries kept (the repeats seen come within the last 16 calm decisions). */
const SIZE = 16;
/** Key numbers per entry (see key()). */
const KEY = 12;

export class CalmCache {
  private readonly keys = new Float64Array(SIZE * KEY);
  private readonly cur = new Float64Array(KEY);
  private used = 0;
  private next = 0;
  private readonly move = new Int32Array(SIZE);
  private readonly bits = new Int32Array(SIZE);
  private readonly value = new Float64Array(SIZE);
  private readonly survived = new Int32Array(SIZE);
  private readonly rootL: Int32Array;
  private readonly rootV: Float64Array;
  private readonly count = new Int32Array(SIZE);
  private readonly hazard = new Float64Array(SIZE);
  private readonly pMoves: Int32Array;
  private readonly pX: Float64Array;
  private readonly pY: Float64Array;
  private readonly pValues: Float64Array;
  private readonly pHazards: Float64Array;

  constructor(
    private readonly moves: number,
    private readonly depth: number,
  ) {
    this.rootL = new Int32Array(SIZE * moves);
    this.rootV = new Float64Array(SIZE * moves);
    this.pMoves = new Int32Array(SIZE * depth);
    this.pX = new Float64Array(SIZE * depth);
    this.pY = new Float64Array(SIZE * depth);
    this.pValues = new Float64Array(SIZE * depth);
    this.pHazards = new Float64Array(SIZE * depth);
  }

  /** The current decision's inputs that a calm search reads (after problem.prepare). */
  private key(p: DodgeProblem): Float64Array {
    const w = p.world;
    const k = this.cur;
    k[0] = p.startX;
    k[1] = p.startY;
    k[2] = p.prevMove;
    k[3] = w.goalX;
    k[4] = w.goalY;
    k[5] = p.loX;
    k[6] = p.hiX;
    k[7] = p.loY;
    k[8] = p.hiY;
    k[9] = p.switchPenalty;
    k[10] = w.pathW;
    // (width and height: the lure's scale and the edge band; one field size in practice)
    k[11] = w.width * 65536 + w.height;
    return k;
  }

  /** Gives back a kept result for these inputs into out / plan; false when there is none. */
  restore(p: DodgeProblem, out: DodgeDecision, plan: DodgePlan | null): boolean {
    const k = this.key(p);
    const K = this.keys;
    let e = -1;
    for (let i = 0; i < this.used && e < 0; i++) {
      let same = true;
      for (let j = 0; j < KEY && same; j++) {
        const a = K[i * KEY + j]!;
        const b = k[j]!;
        // (NaN: no goal on that axis, the same input as another NaN)
        same = a === b || (Number.isNaN(a) && Number.isNaN(b));
      }
      if (same) e = i;
    }
    if (e < 0) return false;
    const M = this.moves;
    const D = this.depth;
    out.move = this.move[e]!;
    out.bits = this.bits[e]!;
    out.value = this.value[e]!;
    out.survived = this.survived[e]!;
    for (let a = 0; a < M; a++) {
      out.rootL[a] = this.rootL[e * M + a]!;
      out.rootV[a] = this.rootV[e * M + a]!;
    }
    if (plan) {
      plan.framesPerStep = p.frames;
      plan.startX = p.startX * INV_Q;
      plan.startY = p.startY * INV_Q;
      plan.count = this.count[e]!;
      plan.slipped = false;
      plan.hazard = this.hazard[e]!;
      // (Only the path's nodes: fillPlan leaves the rest as they were too.)
      for (let d = 0; d < plan.count; d++) {
        plan.moves[d] = this.pMoves[e * D + d]!;
        plan.x[d] = this.pX[e * D + d]!;
        plan.y[d] = this.pY[e * D + d]!;
        plan.values[d] = this.pValues[e * D + d]!;
        plan.hazards[d] = this.pHazards[e * D + d]!;
      }
    }
    return true;
  }

  /** Keeps this result (out / plan of a calm search on the current inputs), over the oldest. */
  store(p: DodgeProblem, out: DodgeDecision, plan: DodgePlan | null): void {
    if (!plan) return; // (a result without its plan could not give the plan back)
    const e = this.next;
    this.next = (e + 1) % SIZE;
    if (this.used < SIZE) this.used++;
    this.keys.set(this.key(p), e * KEY);
    const M = this.moves;
    const D = this.depth;
    this.move[e] = out.move;
    this.bits[e] = out.bits;
    this.value[e] = out.value;
    this.survived[e] = out.survived;
    for (let a = 0; a < M; a++) {
      this.rootL[e * M + a] = out.rootL[a]!;
      this.rootV[e * M + a] = out.rootV[a]!;
    }
    this.count[e] = plan.count;
    this.hazard[e] = plan.hazard;
    for (let d = 0; d < plan.count; d++) {
      this.pMoves[e * D + d] = plan.moves[d]!;
      this.pX[e * D + d] = plan.x[d]!;
      this.pY[e * D + d] = plan.y[d]!;
      this.pValues[e * D + d] = plan.values[d]!;
      this.pHazards[e * D + d] = plan.hazards[d]!;
    }
  }

  /** Forgets every kept result. */
  clear(): void {
    this.used = 0;
    this.next = 0;
  }
}
