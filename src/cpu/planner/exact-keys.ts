// Exact mode's reduction to key points (shared by the dense and the sparse search).
//
// Between two consecutive attacks/heals a plan only moves, so an optimal plan moves along a
// least-(time, moves) path there (cutting a detour never raises damage). Hence only "key points"
// matter: the start, the goals, the attackable enemies and the heal pads (with healAt = "anywhere"
// every key point can heal). The search state is (set of killed enemies, damage, key point).

import { pathTo, shortestPaths, type ShortestPaths } from './graph';
import { PlannerLimitError, type Instance, type Step } from './types';

/** Sets of killed enemies are bit masks in int32 arithmetic: at most this many attackable enemies. */
export const MAX_EXACT_ENEMIES = 30;

/**
 * Most P·(nodes + moves) for the key-point distance table (one Dijkstra per key point, P² entries):
 * the same unit and bound as unrestricted mode's (UNRESTRICTED_STEP_LIMIT), a few seconds at most.
 */
export const EXACT_TABLE_LIMIT = 30_000_000;

/**
 * Most (K + 1)·(λ + 1)·P² steps for one fixed-order pass: the search always runs one (its first
 * incumbent, exact-incumbent.ts) and every killed set it visits costs about (λ + 1)·P² more, so above
 * this an instance cannot finish in reasonable time and is refused at once.
 */
export const EXACT_PASS_LIMIT = 300_000_000;

export interface KeyPoints {
  inst: Instance;
  /** λ and the number of damage levels λ + 1. */
  L: number;
  Z: number;
  /** Initial damage maxHp − hp. */
  z0: number;
  /** Key point → node; key point 0 is the start. */
  kpNode: number[];
  kpOf: Map<number, number>;
  P: number;
  /** Attackable enemy indices; bit b of a killed-set mask stands for enemy att[b]. */
  att: number[];
  K: number;
  /** Per key point: the bit of its attackable enemy (−1: none), and 1 where it can heal. */
  kpBit: Int32Array;
  kpHeal: Uint8Array;
  /** Per bit: reward and damage of that enemy. */
  bitReward: Float64Array;
  bitDamage: Int32Array;
  /** Key-point distances (row = from): least time, and moves on such a path. */
  dT: Float64Array;
  dH: Int32Array;
  sps: ShortestPaths[];
}

/**
 * The key points of an instance, or null when no goal can be reached at all. Throws
 * PlannerLimitError before building the distance table when the instance is over one of exact
 * mode's size limits (MAX_EXACT_ENEMIES, EXACT_TABLE_LIMIT, EXACT_PASS_LIMIT).
 */
export function keyPoints(inst: Instance): KeyPoints | null {
  const L = inst.lambda;
  const fromStart = shortestPaths(inst, [inst.start]);
  const toGoal = shortestPaths(inst, inst.goals, true);
  if (inst.goals.every((g) => fromStart.time[g] === Infinity)) return null;
  const useful = (v: number) => fromStart.time[v] !== Infinity && toGoal.time[v] !== Infinity;

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
  const att: number[] = [];
  inst.enemies.forEach((e, i) => {
    if (e.damage <= L && useful(e.node)) {
      att.push(i);
      addKp(e.node);
    }
  });
  if (!inst.healAnywhere) for (let v = 0; v < inst.names.length; v++) if (inst.healable[v] && useful(v)) addKp(v);
  const P = kpNode.length;
  const K = att.length;
  checkExactSize(inst, K, L + 1, P);
  const kpBit = new Int32Array(P).fill(-1);
  const kpHeal = new Uint8Array(P);
  for (let i = 0; i < P; i++) {
    const e = inst.enemyAt[kpNode[i]!]!;
    kpBit[i] = e >= 0 ? att.indexOf(e) : -1;
    kpHeal[i] = inst.healable[kpNode[i]!]!;
  }
  const bitReward = Float64Array.from(att, (e) => inst.enemies[e]!.reward);
  const bitDamage = Int32Array.from(att, (e) => inst.enemies[e]!.damage);
  const sps: ShortestPaths[] = kpNode.map((v) => (v === inst.start ? fromStart : shortestPaths(inst, [v])));
  const dT = new Float64Array(P * P);
  const dH = new Int32Array(P * P);
  for (let i = 0; i < P; i++)
    for (let j = 0; j < P; j++) {
      dT[i * P + j] = sps[i]!.time[kpNode[j]!]!;
      dH[i * P + j] = sps[i]!.hops[kpNode[j]!]!;
    }
  return { inst, L, Z: L + 1, z0: inst.maxHp - inst.hp, kpNode, kpOf, P, att, K, kpBit, kpHeal, bitReward, bitDamage, dT, dH, sps };
}

/** Exact mode's limits checked up front, from the counts alone. */
function checkExactSize(inst: Instance, K: number, Z: number, P: number): void {
  const sizes = `${K} enemies, ${Z} damage levels, ${P} key points`;
  if (K > MAX_EXACT_ENEMIES) throw new PlannerLimitError(inst.source, 'enemies', K, MAX_EXACT_ENEMIES, sizes);
  const n = inst.names.length;
  const moves = inst.outTo.length;
  const table = P * (n + moves);
  if (table > EXACT_TABLE_LIMIT)
    throw new PlannerLimitError(
      inst.source,
      'size',
      table,
      EXACT_TABLE_LIMIT,
      `key-point distances: ${P} key points × (${n} nodes + ${moves} moves)`,
    );
  const pass = (K + 1) * Z * P * P;
  if (pass > EXACT_PASS_LIMIT)
    throw new PlannerLimitError(
      inst.source,
      'size',
      pass,
      EXACT_PASS_LIMIT,
      `one fixed-order pass: (${K} enemies + 1) × ${Z} damage levels × ${P}² key points`,
    );
}

/** Pushes the moves from key point i to key point j onto `rev` in reverse (for a trace-back). */
export function pushPathReversed(k: KeyPoints, i: number, j: number, rev: Step[]): void {
  const path = pathTo(k.sps[i]!, k.kpNode[j]!)!;
  for (let q = path.length - 1; q >= 0; q--) rev.push({ kind: 0, node: path[q]! });
}

/** The total reward of a set, summed exactly as the dense search does (highest bit first). */
export function rewardOf(k: KeyPoints, mask: number): number {
  let r = 0;
  for (let b = k.K - 1; b >= 0; b--) if (mask & (1 << b)) r += k.bitReward[b]!;
  return r;
}

export function popcount(m: number): number {
  m = m - ((m >>> 1) & 0x55555555);
  m = (m & 0x33333333) + ((m >>> 2) & 0x33333333);
  return (((m + (m >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
