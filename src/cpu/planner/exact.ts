// Exact mode (ours): the true optimum over all plans — locations may repeat, no fixed order.
//
// The state is (set of killed enemies, damage, key point) (exact-keys.ts); its cost is (time,
// actions), compared lexicographically.
//
// Label setting by layers. An attack only adds enemies to the set, and a heal only lowers damage
// within a set, so the states are processed by set (increasing as a bit mask, supersets come
// later) and within a set by damage from λ down to 0. Inside one (set, damage) layer only moves
// remain, and because key-point distances are already shortest paths (triangle inequality) one
// pass `final[j] = min_i init[i] + dist(i, j)` closes the layer exactly. Every state's cost is
// therefore the least over all plans reaching it, and the answer — largest reward over the sets
// that reach a goal, then least time, then fewest actions — is optimal. Work: 2^K·(λ+1)·P² for K
// enemies and P key points (tested against brute-force enumeration in tests/ai/planner).
//
// Small instances use dense tables (below); larger ones the sparse search of exact-sparse.ts,
// which visits only reachable sets and prunes by dominance and bounds, and gives the same plan.

import { keyPoints, MAX_EXACT_ENEMIES, pushPathReversed, type KeyPoints } from './exact-keys';
import { searchExactSparse, SPARSE_RECORD_LIMIT, SPARSE_STEP_LIMIT } from './exact-sparse';

export { EXACT_PASS_LIMIT, EXACT_TABLE_LIMIT } from './exact-keys';
import type { Instance, Step } from './types';

/** Up to this many states (sets × damage levels × key points) exact mode uses dense tables. */
export const DENSE_STATE_LIMIT = 1 << 15;
/** The sparse search gives up (PlannerLimitError) beyond this many stored states... */
export const EXACT_STATE_LIMIT = SPARSE_RECORD_LIMIT;
/** ... or this many search steps. */
export const EXACT_STEP_LIMIT = SPARSE_STEP_LIMIT;

export interface ExactResult {
  steps: Step[];
}

export interface ExactOptions {
  /** Force one search (tests compare them); default: dense up to DENSE_STATE_LIMIT states. */
  search?: 'dense' | 'sparse';
  /** Sparse search only: stop after this many stored states (default EXACT_STATE_LIMIT). */
  limit?: number;
}

/**
 * The optimal plan's steps, or null when no goal can be reached. Throws PlannerLimitError when too
 * large: before any search above MAX_EXACT_ENEMIES, EXACT_TABLE_LIMIT or EXACT_PASS_LIMIT, during
 * the sparse search above EXACT_STATE_LIMIT states or EXACT_STEP_LIMIT steps.
 */
export function searchExact(inst: Instance, opts: ExactOptions = {}): ExactResult | null {
  const k = keyPoints(inst);
  if (!k) return null;
  const dense = opts.search ? opts.search === 'dense' : k.K <= MAX_EXACT_ENEMIES && 2 ** k.K * k.Z * k.P <= DENSE_STATE_LIMIT;
  const steps = dense ? searchDense(k) : searchExactSparse(k, opts.limit ?? EXACT_STATE_LIMIT);
  return steps ? { steps } : null;
}

function searchDense(k: KeyPoints): Step[] | null {
  const { inst, L, Z, z0, P, K, kpNode, kpOf, kpBit, kpHeal, bitReward, bitDamage, dT, dH } = k;
  const M = 2 ** K;
  const rewardOf = new Float64Array(M);
  for (let m = 1; m < M; m++) {
    const b = 31 - Math.clz32(m & -m);
    rewardOf[m] = rewardOf[m & (m - 1)]! + bitReward[b]!;
  }

  const S = M * Z * P;
  const iT = new Float64Array(S).fill(Infinity);
  const iA = new Int32Array(S);
  const iKind = new Uint8Array(S); // 1 start, 2 heal, 3 attack
  const fT = new Float64Array(S).fill(Infinity);
  const fA = new Int32Array(S);
  const fSrc = new Int32Array(S).fill(-1);
  const ta = inst.timeAttack;
  const th = inst.timeHeal;
  const relaxInit = (s: number, t: number, a: number, kind: number) => {
    if (t < iT[s]! || (t === iT[s] && a < iA[s]!)) {
      iT[s] = t;
      iA[s] = a;
      iKind[s] = kind;
    }
  };
  iT[z0 * P + 0] = 0;
  iKind[z0 * P + 0] = 1;
  const layerLive = new Uint8Array(M);
  layerLive[0] = 1;

  for (let mask = 0; mask < M; mask++) {
    if (!layerLive[mask]) continue;
    for (let z = L; z >= 0; z--) {
      const base = (mask * Z + z) * P;
      if (z < L) {
        const up = base + P;
        for (let i = 0; i < P; i++) if (kpHeal[i] && fT[up + i] !== Infinity) relaxInit(base + i, fT[up + i]! + th, fA[up + i]! + 1, 2);
      }
      let any = false;
      for (let i = 0; i < P; i++) if (iT[base + i] !== Infinity) any = true;
      if (!any) continue;
      for (let j = 0; j < P; j++) {
        let bt = Infinity;
        let ba = 0;
        let bs = -1;
        for (let i = 0; i < P; i++) {
          const t0 = iT[base + i]!;
          if (t0 === Infinity) continue;
          const t = t0 + dT[i * P + j]!;
          if (t === Infinity) continue;
          const a = iA[base + i]! + dH[i * P + j]!;
          if (t < bt || (t === bt && a < ba)) {
            bt = t;
            ba = a;
            bs = i;
          }
        }
        fT[base + j] = bt;
        fA[base + j] = ba;
        fSrc[base + j] = bs;
      }
      for (let j = 0; j < P; j++) {
        const b = kpBit[j]!;
        if (b < 0 || mask & (1 << b) || fT[base + j] === Infinity) continue;
        const z2 = z + bitDamage[b]!;
        if (z2 > L) continue;
        const m2 = mask | (1 << b);
        layerLive[m2] = 1;
        relaxInit((m2 * Z + z2) * P + j, fT[base + j]! + ta, fA[base + j]! + 1, 3);
      }
    }
  }

  // The answer.
  let best = -1;
  let bestR = -Infinity;
  for (let mask = 0; mask < M; mask++) {
    if (!layerLive[mask]) continue;
    for (let z = 0; z < Z; z++)
      for (const g of inst.goals) {
        const j = kpOf.get(g);
        if (j === undefined) continue;
        const s = (mask * Z + z) * P + j;
        if (fT[s] === Infinity) continue;
        const r = rewardOf[mask]!;
        if (r > bestR || (r === bestR && (fT[s]! < fT[best]! || (fT[s] === fT[best] && fA[s]! < fA[best]!)))) {
          bestR = r;
          best = s;
        }
      }
  }
  if (best < 0) return null;

  // Trace back.
  const rev: Step[] = [];
  let s = best;
  for (;;) {
    const j = s % P;
    const mz = (s - j) / P;
    const z = mz % Z;
    const mask = (mz - z) / Z;
    const i = fSrc[s]!;
    pushPathReversed(k, i, j, rev);
    const si = (mask * Z + z) * P + i;
    const kind = iKind[si]!;
    if (kind === 1) break;
    if (kind === 2) {
      rev.push({ kind: 2, node: kpNode[i]! });
      s = si + P;
    } else {
      const b = kpBit[i]!;
      rev.push({ kind: 1, node: kpNode[i]! });
      s = ((mask ^ (1 << b)) * Z + (z - bitDamage[b]!)) * P + i;
    }
  }
  return rev.reverse();
}
