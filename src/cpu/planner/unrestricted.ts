// The paper's no-passage-restriction search (seed 001 §2.6, §3.6.2): locations may be visited
// any number of times, and to stop the search from updating forever the enemies to attack are
// visited in an order fixed beforehand by D(i) = Dg(i) − Da(i) (eq. 3.1; Dg: enemy→goal,
// Da: agent→enemy), largest first. Each leg searches (location, damage) labels towards the next
// enemy — only that enemy's attack carries reward and damage — keeping every label it found
// (superseded labels stay, so paths through the same location twice can be traced back); after
// the last enemy it searches to the goal.
//
// An enemy that can never be attacked (its damage exceeds λ, or it cannot be reached, or no
// healing brings the damage low enough) is skipped and the search goes on with the next.
//
// Cost: one leg per enemy in the order plus one to the goal, each a Dijkstra over (λ + 1) copies of
// the graph, so at most (K + 1)·(λ + 1)·(nodes + moves) heap steps for K enemies in the order; the
// legs kept for the trace-back hold 5 bytes per (location, damage) label each. Above
// UNRESTRICTED_STEP_LIMIT the search is refused before it starts (PlannerLimitError).

import { Heap, shortestPaths } from './graph';
import { PlannerLimitError, type Instance, type Step } from './types';

/**
 * Most (K + 1)·(λ + 1)·(nodes + moves) an unrestricted search may need (K enemies in the visit
 * order; moves count each direction of an undirected edge). Measured (docs/reliability.md): 10–120
 * ns of CPU per unit, so an instance at the limit answers within about 3 s of CPU; the paper's
 * instances and the game's mazes with 5 lives need under 10^5 (about 10^6 with 64 lives).
 */
export const UNRESTRICTED_STEP_LIMIT = 30_000_000;

/** The bound above for an instance and its visit order, with its factors for a message. */
export function unrestrictedSteps(inst: Instance, order: readonly number[]): { steps: number; detail: string } {
  const n = inst.names.length;
  const moves = inst.outTo.length;
  const Z = inst.lambda + 1;
  return {
    steps: (order.length + 1) * Z * (n + moves),
    detail: `(${order.length} attackable enemies + 1) × ${Z} damage levels × (${n} nodes + ${moves} moves)`,
  };
}

export interface UnrestrictedResult {
  steps: Step[];
  /** Enemy indices in the D(i) order used (eligible enemies only). */
  order: number[];
}

/** Enemies in the order of eq. 3.1, largest D first (ties: lower index first). */
export function visitOrder(inst: Instance): number[] {
  const da = shortestPaths(inst, [inst.start]).time;
  const dg = shortestPaths(inst, inst.goals, true).time;
  const list: { i: number; d: number }[] = [];
  inst.enemies.forEach((e, i) => {
    if (e.damage > inst.lambda) return;
    const a = da[e.node]!;
    const g = dg[e.node]!;
    if (a === Infinity || g === Infinity) return;
    list.push({ i, d: g - a });
  });
  list.sort((p, q) => q.d - p.d || p.i - q.i);
  return list.map((p) => p.i);
}

interface Leg {
  from: number;
  prev: Int32Array;
  kind: Uint8Array;
  /** For the labels after attacking at the leg's target: the damage before the attack, −1 if none. */
  attackFromZ: Int32Array | null;
  target: number;
}

interface Labels {
  node: number;
  t: Float64Array;
  a: Int32Array;
}

/** One leg: Dijkstra over (location, damage) from the labels at `src.node`. */
function leg(inst: Instance, src: Labels): { T: Float64Array; A: Int32Array; prev: Int32Array; kind: Uint8Array } {
  const n = inst.names.length;
  const Z = inst.lambda + 1;
  const T = new Float64Array(n * Z).fill(Infinity);
  const A = new Int32Array(n * Z);
  const prev = new Int32Array(n * Z).fill(-1);
  const kind = new Uint8Array(n * Z);
  const done = new Uint8Array(n * Z);
  const heap = new Heap();
  for (let z = 0; z < Z; z++) {
    if (src.t[z] === Infinity) continue;
    const s = src.node * Z + z;
    T[s] = src.t[z]!;
    A[s] = src.a[z]!;
    heap.push(s, T[s]!, A[s]!);
  }
  const th = inst.timeHeal;
  while (heap.size > 0) {
    const t = heap.topKey1();
    const a = heap.topKey2();
    const s = heap.pop();
    if (done[s] || t !== T[s] || a !== A[s]) continue;
    done[s] = 1;
    const u = Math.floor(s / Z);
    const z = s - u * Z;
    if (z > 0 && inst.healable[u] === 1) {
      const s2 = s - 1;
      const t2 = t + th;
      if (!done[s2] && (t2 < T[s2]! || (t2 === T[s2] && a + 1 < A[s2]!))) {
        T[s2] = t2;
        A[s2] = a + 1;
        prev[s2] = s;
        kind[s2] = 2;
        heap.push(s2, t2, a + 1);
      }
    }
    for (let k = inst.outStart[u]!; k < inst.outStart[u + 1]!; k++) {
      const s2 = inst.outTo[k]! * Z + z;
      if (done[s2]) continue;
      const t2 = t + inst.outTime[k]!;
      if (t2 < T[s2]! || (t2 === T[s2] && a + 1 < A[s2]!)) {
        T[s2] = t2;
        A[s2] = a + 1;
        prev[s2] = s;
        kind[s2] = 0;
        heap.push(s2, t2, a + 1);
      }
    }
  }
  return { T, A, prev, kind };
}

/**
 * Kills objective with the fixed D(i) order; null when the goal cannot be reached. Throws
 * PlannerLimitError (before any search) above UNRESTRICTED_STEP_LIMIT.
 */
export function searchUnrestricted(inst: Instance): UnrestrictedResult | null {
  const Z = inst.lambda + 1;
  const order = visitOrder(inst);
  const size = unrestrictedSteps(inst, order);
  if (size.steps > UNRESTRICTED_STEP_LIMIT)
    throw new PlannerLimitError(inst.source, 'size', size.steps, UNRESTRICTED_STEP_LIMIT, size.detail, 'unrestricted');
  let cur: Labels = { node: inst.start, t: new Float64Array(Z).fill(Infinity), a: new Int32Array(Z) };
  cur.t[inst.maxHp - inst.hp] = 0;
  const legs: Leg[] = [];
  for (const ei of order) {
    const e = inst.enemies[ei]!;
    const r = leg(inst, cur);
    const next: Labels = { node: e.node, t: new Float64Array(Z).fill(Infinity), a: new Int32Array(Z) };
    const fromZ = new Int32Array(Z).fill(-1);
    let any = false;
    for (let z = 0; z + e.damage < Z; z++) {
      const s = e.node * Z + z;
      if (r.T[s] === Infinity) continue;
      const z2 = z + e.damage;
      const t = r.T[s]! + inst.timeAttack;
      const a = r.A[s]! + 1;
      if (t < next.t[z2]! || (t === next.t[z2] && a < next.a[z2]!)) {
        next.t[z2] = t;
        next.a[z2] = a;
        fromZ[z2] = z;
        any = true;
      }
    }
    if (!any) continue; // this enemy cannot be attacked within λ: skip it
    legs.push({ from: cur.node, prev: r.prev, kind: r.kind, attackFromZ: fromZ, target: e.node });
    cur = next;
  }
  const r = leg(inst, cur);
  let best = -1;
  for (const g of inst.goals)
    for (let z = 0; z < Z; z++) {
      const s = g * Z + z;
      if (r.T[s] === Infinity) continue;
      if (best < 0 || r.T[s]! < r.T[best]! || (r.T[s] === r.T[best] && r.A[s]! < r.A[best]!)) best = s;
    }
  if (best < 0) return null;
  legs.push({ from: cur.node, prev: r.prev, kind: r.kind, attackFromZ: null, target: -1 });

  // Trace back leg by leg.
  const rev: Step[] = [];
  let s = best;
  for (let li = legs.length - 1; li >= 0; li--) {
    const lg = legs[li]!;
    if (lg.attackFromZ) {
      const z2 = s % Z;
      rev.push({ kind: 1, node: lg.target });
      s = lg.target * Z + lg.attackFromZ[z2]!;
    }
    while (lg.prev[s]! >= 0) {
      const node = Math.floor(s / Z);
      rev.push({ kind: lg.kind[s] === 2 ? 2 : 0, node });
      s = lg.prev[s]!;
    }
  }
  return { steps: rev.reverse(), order };
}
