// Bounds for exact mode's sparse search (exact-sparse.ts): the incumbent (best plan known so far)
// and, per state, what the state could still achieve at best. A state is dropped only when it
// cannot beat the incumbent, so the optimum is never lost.
//  - Optimistic reward: with any heal point, every remaining enemy could still be attacked (heal
//    first), so the optimum is the total; without heals, damage only grows and the remaining
//    enemies form a knapsack of capacity λ − damage (fractional bound).
//  - When the state can at best tie the incumbent's reward, a lower bound on its finishing time:
//    time so far + one attack per enemy it must still kill + the heals its damage forces + travel,
//    where travel ≥ the distance to the nearest of those enemies + a minimum spanning tree over
//    them and the goal (the rest of any walk through them to a goal spans them; distances are
//    shortest paths, so detours over heal pads only lengthen it), or without heals the distance to
//    the nearest goal.

import { popcount, rewardOf, type KeyPoints } from './exact-keys';

/** Slack for sums of the same times or rewards taken in another order. */
function tol(x: number): number {
  return 1e-9 * Math.max(1, Math.abs(x));
}

interface MaskInfo {
  reward: number;
  /** Positive-reward enemies not yet killed (bits), how many, and their total damage. */
  need: number;
  kNeed: number;
  dNeed: number;
  /** MST over those enemies and the goal. */
  mst: number;
}

export class ExactBounds {
  /** The incumbent: best reward found, and the least time with exactly that reward. */
  rLB = -Infinity;
  tUB = Infinity;
  private readonly canHeal: boolean;
  private readonly intRewards: boolean;
  /** Reward of every positive-reward enemy (summed as rewardOf does). */
  private readonly rAll: number;
  private readonly positive: number;
  private readonly kpOfBit: Int32Array;
  /** Least time from a key point to a goal. */
  private readonly dGoal: Float64Array;
  /** Symmetric lower bound on the time between two bits' enemies (min of both directions). */
  private readonly w: Float64Array;
  /** Per key point, all bits by distance from it (row kp·K .. kp·K + K − 1). */
  private readonly nearOrder: Int32Array;
  /** Bits by reward, largest first; bits with damage by reward/damage, largest first. */
  private readonly byReward: number[];
  private readonly byRatio: number[];
  private readonly info = new Map<number, MaskInfo>();
  private lastMask = -1;
  private lastInfo: MaskInfo | null = null;
  private readonly treeKey: Float64Array;
  private readonly treeIn: Uint8Array;
  private readonly treeNodes: Int32Array;

  constructor(private readonly k: KeyPoints) {
    const { P, K, kpBit, kpHeal, bitReward, bitDamage, dT, inst } = k;
    this.canHeal = kpHeal.some((h) => h === 1);
    this.intRewards = bitReward.every((r) => Number.isInteger(r) && r < 2 ** 40);
    let positive = 0;
    for (let b = 0; b < K; b++) if (bitReward[b]! > 0) positive |= 1 << b;
    this.positive = positive;
    this.rAll = rewardOf(k, positive);
    this.kpOfBit = new Int32Array(K);
    for (let j = 0; j < P; j++) if (kpBit[j]! >= 0) this.kpOfBit[kpBit[j]!] = j;
    const goals = inst.goals.map((g) => k.kpOf.get(g)).filter((j): j is number => j !== undefined);
    this.dGoal = new Float64Array(P).fill(Infinity);
    for (let i = 0; i < P; i++) for (const g of goals) this.dGoal[i] = Math.min(this.dGoal[i]!, dT[i * P + g]!);
    this.w = new Float64Array(K * K);
    for (let a = 0; a < K; a++)
      for (let b = 0; b < K; b++) {
        const i = this.kpOfBit[a]!;
        const j = this.kpOfBit[b]!;
        this.w[a * K + b] = Math.min(dT[i * P + j]!, dT[j * P + i]!);
      }
    this.nearOrder = new Int32Array(P * K);
    for (let i = 0; i < P; i++) {
      const byDist = Array.from({ length: K }, (_, b) => b).sort(
        (a, b) => dT[i * P + this.kpOfBit[a]!]! - dT[i * P + this.kpOfBit[b]!]! || a - b,
      );
      this.nearOrder.set(byDist, i * K);
    }
    this.treeKey = new Float64Array(K + 1);
    this.treeIn = new Uint8Array(K + 1);
    this.treeNodes = new Int32Array(K + 1);
    const bits = Array.from({ length: K }, (_, b) => b).filter((b) => bitReward[b]! > 0);
    this.byReward = bits.slice().sort((a, b) => bitReward[b]! - bitReward[a]! || a - b);
    this.byRatio = bits
      .filter((b) => bitDamage[b]! > 0)
      .sort((a, b) => bitReward[b]! / bitDamage[b]! - bitReward[a]! / bitDamage[a]! || a - b);
  }

  /** A plan reaching a goal with this reward and time. */
  offer(reward: number, time: number): void {
    if (reward > this.rLB) {
      this.rLB = reward;
      this.tUB = time;
    } else if (reward === this.rLB && time < this.tUB) this.tUB = time;
  }

  /** The search is done with a set: its cached figures can go. */
  leave(mask: number): void {
    this.info.delete(mask);
    if (mask === this.lastMask) this.lastMask = -1;
  }

  /** True when state (set, damage z, key point kp, time t) cannot beat the incumbent. */
  prunes(mask: number, z: number, kp: number, t: number): boolean {
    if (this.rLB === -Infinity) return false;
    const k = this.k;
    if (this.canHeal) {
      // Optimistic reward = every enemy: only a tie with a full-reward incumbent can be bounded.
      if (this.rAll !== this.rLB) return false;
      const m = this.maskInfo(mask);
      const lb = t + k.inst.timeAttack * m.kNeed + k.inst.timeHeal * Math.max(0, z + m.dNeed - k.L) + this.travel(m, kp);
      return lb > this.tUB + tol(this.tUB);
    }
    // No heals: damage only grows; the remaining enemies are a knapsack of capacity λ − z.
    const m = this.maskInfo(mask);
    const extra = this.knapsack(mask, k.L - z);
    if (!this.intRewards) return m.reward + extra < this.rLB - tol(this.rLB);
    const opt = m.reward + Math.floor(extra + 1e-9);
    if (opt !== this.rLB) return opt < this.rLB;
    const lb = t + this.dGoal[kp]! + k.inst.timeAttack * this.fewestKills(mask, this.rLB - m.reward);
    return lb > this.tUB + tol(this.tUB);
  }

  /** Least travel from key point kp through every needed enemy to a goal. */
  private travel(m: MaskInfo, kp: number): number {
    const k = this.k;
    if (m.kNeed === 0) return this.dGoal[kp]!;
    // The nearest needed enemy: the first of kp's bits (by distance) still needed.
    for (let q = kp * k.K; q < (kp + 1) * k.K; q++) {
      const b = this.nearOrder[q]!;
      if (m.need & (1 << b)) return k.dT[kp * k.P + this.kpOfBit[b]!]! + m.mst;
    }
    return Infinity;
  }

  private maskInfo(mask: number): MaskInfo {
    if (mask === this.lastMask) return this.lastInfo!;
    let m = this.info.get(mask);
    if (!m) {
      const k = this.k;
      const need = this.positive & ~mask;
      let dNeed = 0;
      for (let b = 0; b < k.K; b++) if (need & (1 << b)) dNeed += k.bitDamage[b]!;
      m = { reward: rewardOf(k, mask), need, kNeed: popcount(need), dNeed, mst: this.canHeal ? this.mst(need) : 0 };
      this.info.set(mask, m);
    }
    this.lastMask = mask;
    this.lastInfo = m;
    return m;
  }

  /** Prim's minimum spanning tree over the enemies in `need` plus the goal. */
  private mst(need: number): number {
    const K = this.k.K;
    const nodes = this.treeNodes;
    let n = 0;
    for (let b = 0; b < K; b++) if (need & (1 << b)) nodes[n++] = b;
    // The goal is the root of the tree.
    const key = this.treeKey;
    const inTree = this.treeIn;
    inTree.fill(0);
    for (let q = 0; q < n; q++) key[q] = this.dGoal[this.kpOfBit[nodes[q]!]!]!;
    let total = 0;
    for (let step = 0; step < n; step++) {
      let u = -1;
      for (let q = 0; q < n; q++) if (!inTree[q] && (u < 0 || key[q]! < key[u]!)) u = q;
      total += key[u]!;
      inTree[u] = 1;
      const bu = nodes[u]!;
      for (let q = 0; q < n; q++) if (!inTree[q] && this.w[bu * K + nodes[q]!]! < key[q]!) key[q] = this.w[bu * K + nodes[q]!]!;
    }
    return total;
  }

  /** Fractional knapsack: the most reward the enemies not in `mask` could add within `cap` damage. */
  private knapsack(mask: number, cap: number): number {
    const { bitReward, bitDamage } = this.k;
    let r = 0;
    for (const b of this.byReward) if (!(mask & (1 << b)) && bitDamage[b] === 0) r += bitReward[b]!;
    for (const b of this.byRatio) {
      if (mask & (1 << b) || cap <= 0) continue;
      const d = bitDamage[b]!;
      if (d <= cap) {
        r += bitReward[b]!;
        cap -= d;
      } else {
        r += (bitReward[b]! * cap) / d;
        cap = 0;
      }
    }
    return r;
  }

  /** The fewest further kills whose rewards add up to `want`. */
  private fewestKills(mask: number, want: number): number {
    if (want <= 0) return 0;
    let n = 0;
    let r = 0;
    for (const b of this.byReward) {
      if (mask & (1 << b)) continue;
      r += this.k.bitReward[b]!;
      n++;
      if (r >= want) return n;
    }
    return n;
  }
}
