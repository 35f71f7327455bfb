// The dodger: one object per CPU player that owns its scratch memory, so a decision allocates
// nothing. decide() runs the fast exact search; decideExhaustive() the reference tree search.
import { DodgeDecision, DodgePlan } from './decision';
import { InfluenceMap } from './influence-map';
import type { DodgeParams } from './params';
import { LATTICE } from './constants';
import { pathValue } from './path-value';
import { DodgeProblem, penalised } from './problem';
import { FastSearch } from './search-fast';
import { checkExhaustiveSize, searchExhaustive, searchExhaustivePath } from './search-exhaustive';
import type { DodgeWorld } from './world';

const INV_Q = 1 / LATTICE;

export class Dodger {
  readonly problem: DodgeProblem;
  readonly decision: DodgeDecision;
  /** Best path of the last decide() (positions in field units), for overlays and tools. */
  readonly plan: DodgePlan;
  private readonly fast: FastSearch;

  constructor(
    readonly params: DodgeParams,
    capacity = 4096,
  ) {
    this.problem = new DodgeProblem(params, capacity);
    this.decision = new DodgeDecision(this.problem.moves.count);
    this.plan = new DodgePlan(params.depth);
    this.fast = new FastSearch(this.problem);
  }

  /** Fast exact search. `prevMove`: the move index held so far (−1: none), for the switch penalty. */
  decide(world: DodgeWorld, prevMove = -1): DodgeDecision {
    this.problem.prepare(world, prevMove, false);
    return this.fast.run(this.decision, this.plan);
  }

  /**
   * decide() for play: the same move, value, nodes survived, plan and first moves surviving their
   * step (rootL ≥ 1), found faster by skipping last steps that cannot beat the best path (see
   * FastSearch.run); rootL / rootV of the other first moves are only at most their exact values.
   */
  choose(world: DodgeWorld, prevMove = -1): DodgeDecision {
    this.problem.prepare(world, prevMove, false);
    return this.fast.run(this.decision, this.plan, true);
  }

  /**
   * The paper's exhaustive tree search over full-field maps (reference; slow). With `plan` it also
   * records the exhaustive search's own best path there (same decision, a little slower). Throws
   * DodgeLimitError above EXHAUSTIVE_NODE_LIMIT (before any work) or EXHAUSTIVE_CHECK_LIMIT.
   */
  decideExhaustive(world: DodgeWorld, prevMove = -1, out = new DodgeDecision(this.problem.moves.count), plan?: DodgePlan): DodgeDecision {
    checkExhaustiveSize(this.problem.moves.count, this.problem.depth); // before the full maps are drawn
    this.problem.prepare(world, prevMove, true);
    return plan ? searchExhaustivePath(this.problem, out, plan) : searchExhaustive(this.problem, out);
  }

  /**
   * After decide(): the plan becomes the single step of first move `a` (a CPU's deliberate slip
   * plays a move other than the best path's first), marked `slipped`, so an overlay shows what the
   * ship really does. `a` must survive its step (decision.rootL[a] ≥ 1): the search then drew the
   * map cells that step's end reads.
   */
  planFirstStep(a: number): DodgePlan {
    const p = this.problem;
    const plan = this.plan;
    if (this.fast.cached) this.fast.drawFirstStep();
    const E = p.transition(0, p.startX, p.startY, a, null, 0);
    if (Number.isNaN(E)) throw new Error(`planFirstStep: move ${a} is hit on its first step`);
    plan.moves[0] = a;
    plan.x[0] = p.outX * INV_Q;
    plan.y[0] = p.outY * INV_Q;
    plan.values[0] = penalised(E, a, p.prevMove, p.switchPenalty);
    plan.hazards[0] = p.hazard(0, p.startX, p.startY, a);
    plan.count = 1;
    plan.hazard = pathValue(plan.hazards, p.weights, 1);
    plan.slipped = true;
    return plan;
  }

  /**
   * States and transitions the last fast search expanded, and (choose) the positions it did not
   * expand because the last plan one step on was better than any path through them.
   */
  get work(): { states: number; transitions: number; cut: number } {
    return { states: this.fast.states, transitions: this.fast.transitions, cut: this.fast.cut };
  }

  /**
   * A full-field influence map of what the last decision could see, t frames ahead (0: now), for
   * drawing. Not on the hot path: pass `out` to reuse a map.
   */
  overlayMap(t = 0, out?: InfluenceMap): InfluenceMap {
    const w = this.problem.world;
    const map = out ?? new InfluenceMap(w.width, w.height);
    return map.build(w, t);
  }
}
