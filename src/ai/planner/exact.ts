// Exact mode (ours): the true optimum over all plans — locations may repeat, no fixed order.
//
// Reduction. Between two consecutive attacks/heals a plan only moves, so an optimal plan moves
// along a least-(time, moves) path there (cutting a detour never raises damage). Hence only "key
// points" matter: the start, the goals, the attackable enemies and the heal pads (with
// healAt = "anywhere" every key point can heal). The search state is (set of killed enemies,
// damage, key point); its cost is (time, actions), compared lexicographically.
//
// Label setting by layers. An attack only adds enemies to the set, and a heal only lowers damage
// within a set, so the states are processed by set (increasing as a bit mask, supersets come
// later) and within a set by damage from λ down to 0. Inside one (set, damage) layer only moves
// remain, and because key-point distances are already shortest paths (triangle inequality) one
// pass `final[j] = min_i init[i] + dist(i, j)` closes the layer exactly. Every state's cost is
// therefore the least over all plans reaching it, and the answer — largest reward over the sets
// that reach a goal, then least time, then fewest actions — is optimal. Work: 2^K·(λ+1)·P² for K
// enemies and P key points (tested against brute-force enumeration in tests/ai/planner).

import { pathTo, shortestPaths, type ShortestPaths } from './graph';
import { PlannerInputError, type Instance, type Step } from './types';

/** The largest DP table exact mode accepts (sets × damage levels × key points). */
export const EXACT_STATE_LIMIT = 1 << 23;

export interface ExactResult {
  steps: Step[];
}

export function searchExact(inst: Instance): ExactResult | null {
  const L = inst.lambda;
  const Z = L + 1;
  const z0 = inst.maxHp - inst.hp;
  const fromStart = shortestPaths(inst, [inst.start]);
  const toGoal = shortestPaths(inst, inst.goals, true);
  if (inst.goals.every((g) => fromStart.time[g] === Infinity)) return null;
  const useful = (v: number) => fromStart.time[v] !== Infinity && toGoal.time[v] !== Infinity;

  // Key points.
  const kpNode: number[] = [];
  const kpOf = new Map<number, number>();
  const addKp = (v: number) => {
    if (!kpOf.has(v)) {
      kpOf.set(v, kpNode.length);
      kpNode.push(v);
    }
  };
  addKp(inst.start);
  for (const g of inst.goals) if (fromStart.time[g] !== Infinity) addKp(g);
  const att: number[] = []; // attackable enemy indices; bit b of a mask = att[b]
  inst.enemies.forEach((e, i) => {
    if (e.damage <= L && useful(e.node)) {
      att.push(i);
      addKp(e.node);
    }
  });
  if (!inst.healAnywhere) for (let v = 0; v < inst.names.length; v++) if (inst.healable[v] && useful(v)) addKp(v);
  const P = kpNode.length;
  const K = att.length;
  const M = 2 ** K;
  if (M * Z * P > EXACT_STATE_LIMIT) {
    throw new PlannerInputError(inst.source, 'enemies', `too large for exact mode: 2^${K} enemy sets × ${Z} damage levels × ${P} key points exceeds ${EXACT_STATE_LIMIT} states`);
  }
  const kpBit = new Int32Array(P).fill(-1);
  const kpHeal = new Uint8Array(P);
  for (let i = 0; i < P; i++) {
    const e = inst.enemyAt[kpNode[i]!]!;
    kpBit[i] = e >= 0 ? att.indexOf(e) : -1;
    kpHeal[i] = inst.healable[kpNode[i]!]!;
  }
  const rewardOf = new Float64Array(M);
  for (let m = 1; m < M; m++) {
    const b = 31 - Math.clz32(m & -m);
    rewardOf[m] = rewardOf[m & (m - 1)]! + inst.enemies[att[b]!]!.reward;
  }

  // Key-point distances.
  const sps: ShortestPaths[] = kpNode.map((v) => (v === inst.start ? fromStart : shortestPaths(inst, [v])));
  const dT = new Float64Array(P * P);
  const dH = new Int32Array(P * P);
  for (let i = 0; i < P; i++)
    for (let j = 0; j < P; j++) {
      dT[i * P + j] = sps[i]!.time[kpNode[j]!]!;
      dH[i * P + j] = sps[i]!.hops[kpNode[j]!]!;
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
  const relaxInit = (k: number, t: number, a: number, kind: number) => {
    if (t < iT[k]! || (t === iT[k] && a < iA[k]!)) {
      iT[k] = t;
      iA[k] = a;
      iKind[k] = kind;
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
        const z2 = z + inst.enemies[att[b]!]!.damage;
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
        const k = (mask * Z + z) * P + j;
        if (fT[k] === Infinity) continue;
        const r = inst.objective === 'shortest' ? 0 : rewardOf[mask]!;
        if (r > bestR || (r === bestR && (fT[k]! < fT[best]! || (fT[k] === fT[best] && fA[k]! < fA[best]!)))) {
          bestR = r;
          best = k;
        }
      }
  }
  if (best < 0) return null;

  // Trace back.
  const rev: Step[] = [];
  let k = best;
  for (;;) {
    const j = k % P;
    const mz = (k - j) / P;
    const z = mz % Z;
    const mask = (mz - z) / Z;
    const i = fSrc[k]!;
    const path = pathTo(sps[i]!, kpNode[j]!)!;
    for (let q = path.length - 1; q >= 0; q--) rev.push({ kind: 0, node: path[q]! });
    const ki = (mask * Z + z) * P + i;
    const kind = iKind[ki]!;
    if (kind === 1) break;
    if (kind === 2) {
      rev.push({ kind: 2, node: kpNode[i]! });
      k = ki + P;
    } else {
      const b = kpBit[i]!;
      rev.push({ kind: 1, node: kpNode[i]! });
      k = ((mask ^ (1 << b)) * Z + (z - inst.enemies[att[b]!]!.damage)) * P + i;
    }
  }
  return { steps: rev.reverse() };
}
