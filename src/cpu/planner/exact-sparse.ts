// Exact mode for larger instances: the same layered label setting as the dense search
// (exact.ts), but only over the killed sets a plan can actually reach, with two kinds of pruning
// that never remove an optimal plan:
//  - dominance: of two states with the same set and key point, the one with less damage and less
//    time (or equal time and fewer actions) can do everything the other can, sooner — the other
//    emits no attacks;
//  - bounds (exact-bound.ts): an incumbent plan — first the best plan that attacks the enemies in
//    one good fixed order (exact-incumbent.ts), then every better plan found — and, per state, an
//    optimistic reward and a lower bound on the time still needed. A state that cannot beat the
//    incumbent is dropped.
// Sets are processed in increasing bit-mask order and ties are broken as in the dense search, so
// both return the same plan (tests/ai/planner/exact.test.ts). Beyond `limit` stored states or
// SPARSE_STEP_LIMIT search steps it gives up with a PlannerLimitError (a size limit of the mode, not
// a bad instance); the limits checked before any search are in exact-keys.ts.

import { ExactBounds } from './exact-bound';
import { findIncumbent } from './exact-incumbent';
import { pushPathReversed, rewardOf, type KeyPoints } from './exact-keys';
import { PlannerLimitError, type Step } from './types';

export { MAX_EXACT_ENEMIES } from './exact-keys';

/** Stored search states (≈ 25 bytes each) before exact mode gives up. */
export const SPARSE_RECORD_LIMIT = 1 << 21;

/**
 * Search steps (per killed set (λ + 1)·P, plus P per state a move pass reads) before exact mode
 * gives up: a safety net behind EXACT_PASS_LIMIT for instances whose many key points make each set
 * costly while few states are stored (about 7 ns per step: 1.5 s). The solved instances measured
 * need at most 2.4·10^7 steps, those stopped by the state limit 3·10^7–9·10^7.
 */
export const SPARSE_STEP_LIMIT = 200_000_000;

const START = 1;
const HEAL = 2;
const ATTACK = 3;

/** Every state that entered a layer: time, actions, where it came from (for the trace-back). */
class Records {
  t: Float64Array;
  a: Int32Array;
  parent: Int32Array;
  kp: Int32Array;
  z: Int32Array;
  kind: Uint8Array;
  n = 0;
  constructor(
    private readonly limit: number,
    private readonly k: KeyPoints,
  ) {
    const m = Math.max(1, Math.min(1024, limit));
    this.t = new Float64Array(m);
    this.a = new Int32Array(m);
    this.parent = new Int32Array(m);
    this.kp = new Int32Array(m);
    this.z = new Int32Array(m);
    this.kind = new Uint8Array(m);
  }
  add(t: number, a: number, parent: number, kp: number, z: number, kind: number): number {
    if (this.n === this.t.length) {
      if (this.n >= this.limit) tooLarge(this.k, 'states', this.n, this.limit);
      this.grow(Math.min(this.limit, this.n * 2));
    }
    const r = this.n++;
    this.t[r] = t;
    this.a[r] = a;
    this.parent[r] = parent;
    this.kp[r] = kp;
    this.z[r] = z;
    this.kind[r] = kind;
    return r;
  }
  private grow(m: number): void {
    const g = <T extends Float64Array | Int32Array | Uint8Array>(x: T, make: (n: number) => T): T => {
      const y = make(m);
      y.set(x);
      return y;
    };
    this.t = g(this.t, (n) => new Float64Array(n));
    this.a = g(this.a, (n) => new Int32Array(n));
    this.parent = g(this.parent, (n) => new Int32Array(n));
    this.kp = g(this.kp, (n) => new Int32Array(n));
    this.z = g(this.z, (n) => new Int32Array(n));
    this.kind = g(this.kind, (n) => new Uint8Array(n));
  }
}

function tooLarge(k: KeyPoints, kind: 'states' | 'steps', count: number, limit: number): never {
  throw new PlannerLimitError(k.inst.source, kind, count, limit, `${k.K} enemies, ${k.Z} damage levels, ${k.P} key points`);
}

/** A binary min-heap of bit masks (non-negative int32). */
class MaskHeap {
  private h: number[] = [];
  get size(): number {
    return this.h.length;
  }
  push(m: number): void {
    const h = this.h;
    let i = h.length;
    h.push(m);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p]! <= m) break;
      h[i] = h[p]!;
      i = p;
    }
    h[i] = m;
  }
  pop(): number {
    const h = this.h;
    const top = h[0]!;
    const last = h.pop()!;
    const n = h.length;
    if (n > 0) {
      let i = 0;
      for (;;) {
        let c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && h[c + 1]! < h[c]!) c++;
        if (h[c]! >= last) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}

interface Found {
  /** Record the last moves start from, and the goal key point they end at. */
  src: number;
  j: number;
  reward: number;
  time: number;
  actions: number;
}

/** The layered search over reachable sets, pruned by `bounds`. Returns the best goal state and the records. */
function layeredSearch(k: KeyPoints, limit: number, bounds: ExactBounds | null): { best: Found | null; rec: Records } {
  const { inst, L, Z, z0, P, K, kpBit, kpHeal, bitDamage, dT, dH } = k;
  const full = (1 << K) - 1;
  const ta = inst.timeAttack;
  const th = inst.timeHeal;
  const goalKps = inst.goals.map((g) => k.kpOf.get(g) ?? -1);
  const isGoal = new Uint8Array(P);
  for (const j of goalKps) if (j >= 0) isGoal[j] = 1;
  const rec = new Records(limit, k);
  const pending = new Map<number, number[]>();
  const heap = new MaskHeap();
  pending.set(0, [rec.add(0, 0, -1, 0, z0, START)]);
  heap.push(0);
  const initRec = new Int32Array(Z * P);
  const fT = new Float64Array(Z * P);
  const fA = new Int32Array(Z * P);
  const fSrc = new Int32Array(Z * P);
  const live = new Int32Array(P);
  let best: Found | null = null;
  let steps = 0;

  while (heap.size > 0) {
    const mask = heap.pop();
    steps += Z * P;
    if (steps > SPARSE_STEP_LIMIT) tooLarge(k, 'steps', steps, SPARSE_STEP_LIMIT);
    const recs = pending.get(mask)!;
    pending.delete(mask);
    const allowed = ~mask & full;
    const R = rewardOf(k, mask);
    initRec.fill(-1);
    fT.fill(Infinity);
    for (const r of recs) {
      const s = rec.z[r]! * P + rec.kp[r]!;
      const cur = initRec[s]!;
      if (cur < 0 || rec.t[r]! < rec.t[cur]! || (rec.t[r] === rec.t[cur] && rec.a[r]! < rec.a[cur]!)) initRec[s] = r;
    }
    for (let z = L; z >= 0; z--) {
      const base = z * P;
      if (z < L) {
        // Heals: one level down at a heal point, from the layer above.
        for (let i = 0; i < P; i++) {
          const fs = base + P + i;
          if (!kpHeal[i] || fT[fs] === Infinity) continue;
          const t = fT[fs]! + th;
          const a = fA[fs]! + 1;
          const cur = initRec[base + i]!;
          if (cur < 0 || t < rec.t[cur]! || (t === rec.t[cur] && a < rec.a[cur]!)) initRec[base + i] = rec.add(t, a, fSrc[fs]!, i, z, HEAL);
        }
      }
      let n = 0;
      for (let i = 0; i < P; i++) {
        const r = initRec[base + i]!;
        if (r >= 0 && !bounds?.prunes(mask, z, i, rec.t[r]!)) live[n++] = r;
      }
      if (n === 0) continue;
      steps += n * P;
      if (steps > SPARSE_STEP_LIMIT) tooLarge(k, 'steps', steps, SPARSE_STEP_LIMIT);
      // Moves: one pass closes the layer (key-point distances obey the triangle inequality).
      for (let j = 0; j < P; j++) {
        const b = kpBit[j]!;
        const attackHere = b >= 0 && (allowed & (1 << b)) !== 0 && z + bitDamage[b]! <= L;
        if (!isGoal[j] && !(z > 0 && kpHeal[j]) && !attackHere) continue;
        let bt = Infinity;
        let ba = 0;
        let bs = -1;
        for (let q = 0; q < n; q++) {
          const r = live[q]!;
          const i = rec.kp[r]!;
          const t = rec.t[r]! + dT[i * P + j]!;
          if (t === Infinity) continue;
          const a = rec.a[r]! + dH[i * P + j]!;
          if (t < bt || (t === bt && a < ba)) {
            bt = t;
            ba = a;
            bs = r;
          }
        }
        fT[base + j] = bt;
        fA[base + j] = ba;
        fSrc[base + j] = bs;
      }
    }
    // Goals reached with this set (damage ascending, goals in the instance's order).
    for (let z = 0; z <= L; z++)
      for (const j of goalKps) {
        if (j < 0) continue;
        const s = z * P + j;
        if (fT[s] === Infinity) continue;
        if (!best || R > best.reward || (R === best.reward && (fT[s]! < best.time || (fT[s] === best.time && fA[s]! < best.actions)))) {
          best = { src: fSrc[s]!, j, reward: R, time: fT[s]!, actions: fA[s]! };
          bounds?.offer(R, fT[s]!);
        }
      }
    // Attacks: into the next sets, skipping states dominated by one with less damage here.
    for (let j = 0; j < P; j++) {
      const b = kpBit[j]!;
      if (b < 0 || (allowed & (1 << b)) === 0) continue;
      const d = bitDamage[b]!;
      const m2 = mask | (1 << b);
      let minT = Infinity;
      let minA = 0;
      for (let z = 0; z + d <= L; z++) {
        const s = z * P + j;
        const t = fT[s]!;
        if (t === Infinity) continue;
        const a = fA[s]!;
        if (t > minT || (t === minT && a > minA)) continue;
        minT = t;
        minA = a;
        const nt = t + ta;
        // (The state before the attack is checked first: cheaper, its set's figures are at hand.)
        if (bounds && (bounds.prunes(mask, z, j, t) || bounds.prunes(m2, z + d, j, nt))) continue;
        const r = rec.add(nt, a + 1, fSrc[s]!, j, z + d, ATTACK);
        const list = pending.get(m2);
        if (list) list.push(r);
        else {
          pending.set(m2, [r]);
          heap.push(m2);
        }
      }
    }
    bounds?.leave(mask);
  }
  return { best, rec };
}

/** Exact mode's optimal steps by the sparse search, or null when no goal can be reached. */
export function searchExactSparse(k: KeyPoints, limit: number): Step[] | null {
  const bounds = new ExactBounds(k);
  const inc = findIncumbent(k);
  if (inc) bounds.offer(inc.reward, inc.time);
  const { best, rec } = layeredSearch(k, limit, bounds);
  if (!best) return null;
  const rev: Step[] = [];
  pushPathReversed(k, rec.kp[best.src]!, best.j, rev);
  for (let r = best.src; rec.kind[r] !== START; ) {
    const q = rec.parent[r]!;
    rev.push({ kind: rec.kind[r] === HEAL ? 2 : 1, node: k.kpNode[rec.kp[r]!]! });
    pushPathReversed(k, rec.kp[q]!, rec.kp[r]!, rev);
    r = q;
  }
  return rev.reverse();
}
