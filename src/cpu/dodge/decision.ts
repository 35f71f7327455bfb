// What a search returns. Reused objects: read them before the next decision.

export class DodgeDecision {
  /** Index of the chosen first move in the problem's MoveSet. */
  move = 0;
  /** Its input bits (movement and, for focused moves, FOCUS). */
  bits = 0;
  /** Path value of the best path (paper A.1); with a shortened path, of the nodes it survives. */
  value = 0;
  /** Nodes the best path survives: depth when a safe path exists, fewer when every path is hit. */
  survived = 0;
  /** Per first move: nodes survived and path value of its best continuation. */
  readonly rootL: Int32Array;
  readonly rootV: Float64Array;

  constructor(moves: number) {
    this.rootL = new Int32Array(moves);
    this.rootV = new Float64Array(moves);
  }
}

/** The planned path of the last fast decision, for drawing (positions in field units). */
export class DodgePlan {
  /** Number of nodes after the start (= decision.survived; 1 after a CPU slip, see `slipped`). */
  count = 0;
  /**
   * Set by the CPU when a deliberate slip replaced the search's first move: the plan is then just
   * that move's step (what the ship really does), not the search's best path.
   */
  slipped = false;
  /** Frames one step holds its move. */
  framesPerStep = 1;
  startX = 0;
  startY = 0;
  readonly moves: Int32Array;
  readonly x: Float64Array;
  readonly y: Float64Array;
  /** Node values E(n_k) (with the switch penalty). */
  readonly values: Float64Array;
  /**
   * Danger part of each node value: the paper's A.4 value −I − 50·min(6, N_nearlyHit), without
   * the lure, the maze pull or the switch penalty (0 for Base, which has no map).
   */
  readonly hazards: Float64Array;
  /** pathValue(hazards) with the search's weights: the path value of danger alone (CPU clear policy). */
  hazard = 0;

  constructor(depth: number) {
    this.moves = new Int32Array(depth);
    this.x = new Float64Array(depth);
    this.y = new Float64Array(depth);
    this.values = new Float64Array(depth);
    this.hazards = new Float64Array(depth);
  }
}
