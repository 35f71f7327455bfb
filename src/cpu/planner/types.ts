// Shared types of the constrained best-action planner (seed 001, chapters 2–3; docs/planner.md).
// Everything in src/cpu/planner is pure and deterministic: no clock, no randomness, no Phaser.
import { groupDigits } from '../group-digits';

export type Mode = 'restricted' | 'unrestricted' | 'exact';
export type Objective = 'kills' | 'shortest';
export type ActionKind = 'move' | 'attack' | 'heal';

export const MODES: readonly Mode[] = ['restricted', 'unrestricted', 'exact'];
export const OBJECTIVES: readonly Objective[] = ['kills', 'shortest'];

export interface Enemy {
  /** Node index. */
  node: number;
  reward: number;
  damage: number;
}

/**
 * A validated planning instance with nodes numbered 0..n-1. Build one with `parseInstance`
 * (JSON) or `instanceFromMaze` (live replanning); never mutate it.
 */
export interface Instance {
  /** Where it came from, used in messages (file name or 'instance'). */
  source: string;
  /** Node names by index (`"x,y"` for maze cells). */
  names: readonly string[];
  index: ReadonlyMap<string, number>;
  directed: boolean;
  /** Move edges [from, to, time] after removing duplicates (the faster one is kept). Undirected edges appear once. */
  edges: ReadonlyArray<readonly [number, number, number]>;
  /** Outgoing moves as CSR: node u's moves are outTo/outTime[outStart[u] .. outStart[u+1]). */
  outStart: Int32Array;
  outTo: Int32Array;
  outTime: Float64Array;
  /** Incoming moves (reverse graph), same layout. */
  inStart: Int32Array;
  inFrom: Int32Array;
  inTime: Float64Array;
  /** The common time of every move when they are all equal (mazes: 1), else 0. */
  unitTime: number;
  start: number;
  /** The plan may end at any of these (a graph has one goal; a maze may have several `G`). */
  goals: readonly number[];
  hp: number;
  maxHp: number;
  /** Damage tolerated; damage starts at maxHp − hp and may never exceed it. */
  lambda: number;
  enemies: readonly Enemy[];
  /** Enemy index at each node, −1 where none. */
  enemyAt: Int32Array;
  timeAttack: number;
  timeHeal: number;
  healAnywhere: boolean;
  /** 1 where healing is allowed. */
  healable: Uint8Array;
  objective: Objective;
  mode: Mode;
  /** Set for maze instances (node of cell x,y is looked up by name). */
  grid?: { width: number; height: number };
}

export interface Action {
  /** For a move: its destination. Otherwise where the action happens. */
  at: string;
  do: ActionKind;
}

export interface FeasiblePlan {
  feasible: true;
  mode: Mode;
  objective: Objective;
  reward: number;
  time: number;
  finalHp: number;
  /** Enemy indices (into instance.enemies) in the order they are attacked. */
  killed: number[];
  actions: Action[];
}

export interface InfeasiblePlan {
  feasible: false;
  mode: Mode;
  objective: Objective;
  reason: string;
  reward: 0;
  time: null;
  finalHp: null;
  killed: [];
  actions: [];
}

export type Plan = FeasiblePlan | InfeasiblePlan;

/** Internal step form used by the searches: kind 0 move (node = destination), 1 attack, 2 heal. */
export interface Step {
  kind: 0 | 1 | 2;
  node: number;
}

export const KIND_NAMES: readonly ActionKind[] = ['move', 'attack', 'heal'];

/** An error caused by a bad instance; `field` names the offending field. Tools exit 2 on it. */
export class PlannerInputError extends Error {
  readonly userFacing = true;
  constructor(
    readonly source: string,
    readonly field: string,
    readonly reason: string,
  ) {
    super(field ? `${source}: ${field}: ${reason}` : `${source}: ${reason}`);
    this.name = 'PlannerInputError';
  }
}

/** Which limit a PlannerLimitError is about (docs/reliability.md, "Limits"). */
export type PlannerLimitKind = 'states' | 'enemies' | 'size' | 'steps';

/**
 * Not a bad instance: a search mode gave up because the instance is too large for it. The other
 * modes may still answer; tools exit 2 on it. Kinds:
 *  - 'enemies' (exact, before any search): more than `limit` attackable enemies (`count` = how
 *    many; its sets are 31-bit masks);
 *  - 'size' (exact or unrestricted, before any search): the work the mode needs at least, `count` =
 *    the product spelled out in `detail`, is above `limit`;
 *  - 'states' (exact, during the search): more than `limit` stored search states;
 *  - 'steps' (exact, during the search): more than `limit` search steps (a safety net behind the
 *    checks made up front).
 */
export class PlannerLimitError extends Error {
  readonly userFacing = true;
  constructor(
    readonly source: string,
    readonly kind: PlannerLimitKind,
    readonly count: number,
    readonly limit: number,
    /** The instance's size: enemies, damage levels, key points; for 'size' the product's factors. */
    readonly detail: string,
    readonly mode: 'exact' | 'unrestricted' = 'exact',
  ) {
    const what =
      kind === 'states'
        ? `${detail}: more than ${groupDigits(limit)} search states`
        : kind === 'enemies'
          ? `more than ${limit} attackable enemies: ${count}`
          : kind === 'steps'
            ? `${detail}: more than ${groupDigits(limit)} search steps`
            : `${detail} = ${groupDigits(count)} search steps, the limit is ${groupDigits(limit)}`;
    const instead = mode === 'exact' ? 'unrestricted' : 'restricted';
    super(`${source}: ${mode} mode: instance too large (${what}); use --mode ${instead}`);
    this.name = 'PlannerLimitError';
  }
}
