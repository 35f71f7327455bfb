// The first incumbent of exact mode's sparse search (exact-sparse.ts): a good plan found cheaply,
// so the bounds (exact-bound.ts) can prune from the start. The enemies are attacked in one fixed
// order; for an order the best plan (moves, heals where they pay) is a small layered search over
// (prefix of the order, damage, key point). The order starts as nearest neighbour from the start
// and is improved by 2-opt (reverse a stretch) and or-opt (move one enemy) while that helps.

import { rewardOf, type KeyPoints } from './exact-keys';

export interface Incumbent {
  reward: number;
  time: number;
}

/** At most this many orders are evaluated (each costs about (K + 1)·(λ + 1)·P·(goals + pads + 1) steps)... */
const MAX_ORDERS = 3000;
/**
 * ... and at most this many steps in all (at least one order): the incumbent only speeds the search
 * up, so on large instances fewer orders do (30 enemies, 64 damage levels, 32 key points with heals
 * anywhere: 3000 orders took 6–45 s under load, the 138 this allows about 1 s). EXACT_PASS_LIMIT
 * keeps one order within it.
 */
export const INCUMBENT_STEP_BUDGET = 300_000_000;

export function findIncumbent(k: KeyPoints): Incumbent | null {
  const ev = new OrderEvaluator(k);
  const order = nearestNeighbour(k, ev.kpOfBit);
  let best = ev.run(order);
  let evaluations = 1;
  const maxEvaluations = Math.max(1, Math.min(MAX_ORDERS, Math.floor(INCUMBENT_STEP_BUDGET / ev.stepsPerOrder)));
  const better = (x: Incumbent | null, y: Incumbent | null) =>
    x !== null && (y === null || x.reward > y.reward || (x.reward === y.reward && x.time < y.time));
  const n = order.length;
  for (let improved = true; improved && evaluations < maxEvaluations; ) {
    improved = false;
    for (let i = 0; i < n - 1 && evaluations < maxEvaluations; i++)
      for (let j = i + 1; j < n && evaluations < maxEvaluations; j++) {
        const c = order.slice(0, i).concat(order.slice(i, j + 1).reverse(), order.slice(j + 1));
        const v = ev.run(c);
        evaluations++;
        if (better(v, best)) {
          best = v;
          order.splice(0, n, ...c);
          improved = true;
        }
      }
    for (let i = 0; i < n && evaluations < maxEvaluations; i++)
      for (let j = 0; j < n && evaluations < maxEvaluations; j++) {
        if (i === j || j === i - 1) continue;
        const c = order.slice();
        const [b] = c.splice(i, 1);
        c.splice(j, 0, b!);
        const v = ev.run(c);
        evaluations++;
        if (better(v, best)) {
          best = v;
          order.splice(0, n, ...c);
          improved = true;
        }
      }
  }
  return best;
}

/** Positive-reward enemies (bits), each next one the nearest to the last. */
function nearestNeighbour(k: KeyPoints, kpOfBit: Int32Array): number[] {
  const left: number[] = [];
  for (let b = 0; b < k.K; b++) if (k.bitReward[b]! > 0) left.push(b);
  const order: number[] = [];
  let at = 0;
  while (left.length > 0) {
    let q = 0;
    for (let i = 1; i < left.length; i++) if (k.dT[at * k.P + kpOfBit[left[i]!]!]! < k.dT[at * k.P + kpOfBit[left[q]!]!]!) q = i;
    const b = left.splice(q, 1)[0]!;
    order.push(b);
    at = kpOfBit[b]!;
  }
  return order;
}

/** The best plan that attacks only in a given order (a prefix of it), as (reward, time). */
class OrderEvaluator {
  readonly kpOfBit: Int32Array;
  /** About the steps of one run(). */
  readonly stepsPerOrder: number;
  private readonly iT: Float64Array;
  private readonly nT: Float64Array;
  private readonly fT: Float64Array;
  private readonly goals: number[];
  private readonly pads: number[];

  constructor(private readonly k: KeyPoints) {
    const { P, Z, K, kpBit, kpHeal, inst } = k;
    this.kpOfBit = new Int32Array(K);
    for (let j = 0; j < P; j++) if (kpBit[j]! >= 0) this.kpOfBit[kpBit[j]!] = j;
    this.iT = new Float64Array(Z * P);
    this.nT = new Float64Array(Z * P);
    this.fT = new Float64Array(Z * P);
    this.goals = inst.goals.map((g) => k.kpOf.get(g) ?? -1).filter((j) => j >= 0);
    this.pads = [];
    for (let i = 0; i < P; i++) if (kpHeal[i]) this.pads.push(i);
    this.stepsPerOrder = (K + 1) * Z * P * (this.goals.length + this.pads.length + 1);
  }

  run(order: readonly number[]): Incumbent | null {
    const { P, L, z0, bitDamage, inst } = this.k;
    let iT = this.iT;
    let nT = this.nT;
    const fT = this.fT;
    iT.fill(Infinity);
    iT[z0 * P] = 0;
    let best: Incumbent | null = null;
    let mask = 0;
    for (let step = 0; ; step++) {
      const next = step < order.length ? this.kpOfBit[order[step]!]! : -1;
      const reward = rewardOf(this.k, mask);
      fT.fill(Infinity);
      for (let z = L; z >= 0; z--) {
        const base = z * P;
        if (z < L)
          for (const i of this.pads)
            if (fT[base + P + i]! + inst.timeHeal < iT[base + i]!) iT[base + i] = fT[base + P + i]! + inst.timeHeal;
        for (const j of this.goals) this.close(iT, base, j);
        if (z > 0) for (const j of this.pads) this.close(iT, base, j);
        if (next >= 0) this.close(iT, base, next);
      }
      for (let z = 0; z <= L; z++)
        for (const j of this.goals) {
          const t = fT[z * P + j]!;
          if (t !== Infinity && (!best || reward > best.reward || (reward === best.reward && t < best.time))) best = { reward, time: t };
        }
      if (next < 0) break;
      const d = bitDamage[order[step]!]!;
      nT.fill(Infinity);
      let any = false;
      for (let z = 0; z + d <= L; z++) {
        const t = fT[z * P + next]!;
        if (t === Infinity) continue;
        nT[(z + d) * P + next] = t + inst.timeAttack;
        any = true;
      }
      if (!any) break;
      [iT, nT] = [nT, iT];
      mask |= 1 << order[step]!;
    }
    return best;
  }

  /** Least time to key point j in the layer at `base`, from any state of that layer. */
  private close(iT: Float64Array, base: number, j: number): void {
    const { P, dT } = this.k;
    let t = Infinity;
    for (let i = 0; i < P; i++) {
      const t0 = iT[base + i]!;
      if (t0 !== Infinity && t0 + dT[i * P + j]! < t) t = t0 + dT[i * P + j]!;
    }
    this.fT[base + j] = t;
  }
}
