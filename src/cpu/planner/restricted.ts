// The paper's with-passage-restriction search (seed 001 §2.2–2.5, §3.5): a label-setting search
// over action nodes {move, attack, heal} of each location on a directed acyclic graph, so every
// location — and every action node of it — is used at most once.
//
// Labels are (x = time, y = reward, z = damage). At each location only labels with the largest y
// are kept ("paths whose value falls below the maximum are deleted"), and of two labels with equal
// y and z the faster one (eq. 2.2). Ties: fewer actions, then fewer stops (locations where the agent
// acts) — this reproduces the paper's §3.5 plan — then where the heals sit (`HealTie`, below).

import { restrictedDag, type Dag } from './graph';
import type { Instance, Step } from './types';

/**
 * How the restricted search settles a tie between plans equal in reward, damage, time, actions and
 * stops, which then differ only in where their heals sit. The paper does not say (its Dijkstra-based
 * search keeps whichever equal label it finds first, which depends on the order its edges are
 * relaxed). Each rule is a cost summed over the heals of a label, the smallest kept:
 * - `hurt` (the default): heal right after being hurt — a heal costs the number of moves since the
 *   last attack (or since the start, for the damage the agent starts with), so a heal goes right after
 *   the attack that made it necessary, at that point when it is free, else at the next points. This is
 *   the rule of the other two modes (`healEarly` in plan.ts) under this mode's one heal per point.
 * - `early`: the heals at the earliest positions in the plan (sum of their action indices).
 * - `late`: the heals at the latest positions (just before they are needed).
 * - `first`: no rule, the first label found in DAG order (the rule before issue 15).
 * Labels keep one best value per (location, damage), so the cost is a tie-break, not an optimum.
 */
export type HealTie = 'hurt' | 'early' | 'late' | 'first';
export const HEAL_TIES: readonly HealTie[] = ['hurt', 'early', 'late', 'first'];

const NONE = 0;
const ATTACK = 1;
const HEAL = 2;
const ATTACK_HEAL = 3;
const HEAL_ATTACK = 4;

export interface RestrictedResult {
  steps: Step[];
}

/** Label order among equal rewards: time, then actions, then stops, then the tie-break's heal cost. */
function better(t: number, a: number, s: number, h: number, t2: number, a2: number, s2: number, h2: number): boolean {
  if (t !== t2) return t < t2;
  if (a !== a2) return a < a2;
  if (s !== s2) return s < s2;
  return h < h2;
}

/** Kills objective on the restricted DAG; null when no goal is reachable. */
export function searchRestricted(inst: Instance, dag: Dag = restrictedDag(inst), ties: HealTie = 'hurt'): RestrictedResult | null {
  // Cost of one heal, at 1-based action position `pos`, `m` moves after the last attack (or the start).
  const healCost =
    ties === 'hurt'
      ? (_pos: number, m: number) => m
      : ties === 'early'
        ? (pos: number) => pos
        : ties === 'late'
          ? (pos: number) => -pos
          : () => 0;
  const n = inst.names.length;
  const L = inst.lambda;
  const Z = L + 1;
  const z0 = inst.maxHp - inst.hp;
  // Arrival labels (before acting at the location).
  const arrY = new Float64Array(n).fill(-Infinity);
  const arrT = new Float64Array(n * Z).fill(Infinity);
  const arrA = new Int32Array(n * Z);
  const arrS = new Int32Array(n * Z);
  // Heal cost so far (`healCost` summed), and moves since the last attack (or the start).
  const arrH = new Float64Array(n * Z);
  const arrM = new Int32Array(n * Z);
  const arrPred = new Int32Array(n * Z).fill(-1);
  // Out labels (after acting).
  const outY = new Float64Array(n).fill(-Infinity);
  const outT = new Float64Array(n * Z).fill(Infinity);
  const outA = new Int32Array(n * Z);
  const outS = new Int32Array(n * Z);
  const outH = new Float64Array(n * Z);
  const outM = new Int32Array(n * Z);
  const outOpt = new Uint8Array(n * Z);
  const outArrZ = new Int32Array(n * Z);

  arrY[inst.start] = 0;
  arrT[inst.start * Z + z0] = 0;
  const ta = inst.timeAttack;
  const th = inst.timeHeal;

  // Candidates for one location, collected then filtered to the largest reward.
  const cy: number[] = [];
  const cz: number[] = [];
  const ct: number[] = [];
  const ca: number[] = [];
  const cs: number[] = [];
  const ch: number[] = [];
  const cm: number[] = [];
  const co: number[] = [];
  const caz: number[] = [];

  for (const v of dag.order) {
    if (arrY[v] === -Infinity) continue;
    const y = arrY[v]!;
    const e = inst.enemyAt[v]!;
    const canHeal = inst.healable[v] === 1;
    cy.length = cz.length = ct.length = ca.length = cs.length = ch.length = cm.length = co.length = caz.length = 0;
    const add = (yy: number, zz: number, t: number, a: number, s: number, h: number, m: number, opt: number, az: number) => {
      cy.push(yy);
      cz.push(zz);
      ct.push(t);
      ca.push(a);
      cs.push(s);
      ch.push(h);
      cm.push(m);
      co.push(opt);
      caz.push(az);
    };
    for (let z = 0; z < Z; z++) {
      const k = v * Z + z;
      const t = arrT[k]!;
      if (t === Infinity) continue;
      const a = arrA[k]!;
      const s = arrS[k]!;
      const h = arrH[k]!;
      const m = arrM[k]!;
      add(y, z, t, a, s, h, m, NONE, z);
      if (e >= 0) {
        const { reward: r, damage: d } = inst.enemies[e]!;
        if (z + d <= L) {
          add(y + r, z + d, t + ta, a + 1, s + 1, h, 0, ATTACK, z);
          if (canHeal && z + d > 0) add(y + r, z + d - 1, t + ta + th, a + 2, s + 1, h + healCost(a + 2, 0), 0, ATTACK_HEAL, z);
        }
        if (canHeal && z > 0 && z - 1 + d <= L) add(y + r, z - 1 + d, t + th + ta, a + 2, s + 1, h + healCost(a + 1, m), 0, HEAL_ATTACK, z);
      }
      if (canHeal && z > 0) add(y, z - 1, t + th, a + 1, s + 1, h + healCost(a + 1, m), m, HEAL, z);
    }
    let ymax = -Infinity;
    for (const yy of cy) if (yy > ymax) ymax = yy;
    outY[v] = ymax;
    for (let i = 0; i < cy.length; i++) {
      if (cy[i] !== ymax) continue;
      const k = v * Z + cz[i]!;
      if (better(ct[i]!, ca[i]!, cs[i]!, ch[i]!, outT[k]!, outA[k]!, outS[k]!, outH[k]!)) {
        outT[k] = ct[i]!;
        outA[k] = ca[i]!;
        outS[k] = cs[i]!;
        outH[k] = ch[i]!;
        outM[k] = cm[i]!;
        outOpt[k] = co[i]!;
        outArrZ[k] = caz[i]!;
      }
    }
    // Move to the successors' move nodes.
    for (let q = dag.start[v]!; q < dag.start[v + 1]!; q++) {
      const w = dag.to[q]!;
      const wt = dag.time[q]!;
      if (ymax < arrY[w]!) continue;
      if (ymax > arrY[w]!) {
        arrY[w] = ymax;
        arrT.fill(Infinity, w * Z, w * Z + Z);
      }
      for (let z = 0; z < Z; z++) {
        const k = v * Z + z;
        if (outT[k] === Infinity) continue;
        const kw = w * Z + z;
        const t = outT[k]! + wt;
        if (better(t, outA[k]! + 1, outS[k]!, outH[k]!, arrT[kw]!, arrA[kw]!, arrS[kw]!, arrH[kw]!)) {
          arrT[kw] = t;
          arrA[kw] = outA[k]! + 1;
          arrS[kw] = outS[k]!;
          arrH[kw] = outH[k]!;
          arrM[kw] = outM[k]! + 1;
          arrPred[kw] = v;
        }
      }
    }
  }

  // Best label at a goal: largest reward, then least time, actions, stops, heal cost.
  let bestK = -1;
  let bestY = -Infinity;
  for (const g of inst.goals) {
    if (outY[g] === -Infinity) continue;
    for (let z = 0; z < Z; z++) {
      const k = g * Z + z;
      if (outT[k] === Infinity) continue;
      if (
        outY[g]! > bestY ||
        (outY[g] === bestY && better(outT[k]!, outA[k]!, outS[k]!, outH[k]!, outT[bestK]!, outA[bestK]!, outS[bestK]!, outH[bestK]!))
      ) {
        bestY = outY[g]!;
        bestK = k;
      }
    }
  }
  if (bestK < 0) return null;

  const rev: Step[] = [];
  let v = Math.floor(bestK / Z);
  let z = bestK - v * Z;
  for (;;) {
    const k = v * Z + z;
    const opt = outOpt[k]!;
    const az = outArrZ[k]!;
    if (opt === ATTACK) rev.push({ kind: 1, node: v });
    else if (opt === HEAL) rev.push({ kind: 2, node: v });
    else if (opt === ATTACK_HEAL) rev.push({ kind: 2, node: v }, { kind: 1, node: v });
    else if (opt === HEAL_ATTACK) rev.push({ kind: 1, node: v }, { kind: 2, node: v });
    const u = arrPred[v * Z + az]!;
    if (u < 0) break;
    rev.push({ kind: 0, node: v });
    v = u;
    z = az;
  }
  return { steps: rev.reverse() };
}

/** Shortest objective on the restricted DAG: least time, then fewest moves. */
export function shortestRestricted(inst: Instance, dag: Dag = restrictedDag(inst)): RestrictedResult | null {
  const n = inst.names.length;
  const T = new Float64Array(n).fill(Infinity);
  const H = new Int32Array(n);
  const P = new Int32Array(n).fill(-1);
  T[inst.start] = 0;
  for (const v of dag.order) {
    if (T[v] === Infinity) continue;
    for (let q = dag.start[v]!; q < dag.start[v + 1]!; q++) {
      const w = dag.to[q]!;
      const t = T[v]! + dag.time[q]!;
      if (t < T[w]! || (t === T[w] && H[v]! + 1 < H[w]!)) {
        T[w] = t;
        H[w] = H[v]! + 1;
        P[w] = v;
      }
    }
  }
  let best = -1;
  for (const g of inst.goals) if (T[g] !== Infinity && (best < 0 || T[g]! < T[best]! || (T[g] === T[best] && H[g]! < H[best]!))) best = g;
  if (best < 0) return null;
  const rev: Step[] = [];
  for (let v = best; v !== inst.start; v = P[v]!) rev.push({ kind: 0, node: v });
  return { steps: rev.reverse() };
}
