// Reference solvers and random instances for the planner tests. They share no search code with
// src/cpu/planner: the brute force enumerates action sequences, the full-state Dijkstra runs on the
// unreduced state space (node, killed set, damage).

import type seedrandom from 'seedrandom';
import type { InstanceJson } from '../../../src/cpu/planner/instance';
import type { Action, Instance } from '../../../src/cpu/planner/types';

export interface RefResult {
  reward: number;
  time: number;
  actions: Action[];
}

/**
 * Brute-force enumeration of plans for the kills objective: every action sequence from the start,
 * skipping only actions that cannot be part of an optimal plan — an attack where no live enemy is
 * or that would exceed λ, a heal at damage 0 (both only add time), and a return to a state
 * (node, killed set, damage) already on the sequence (cutting the loop only saves time). Branches
 * are cut when even killing every live enemy could not beat the best plan found (branch and bound).
 */
export function bruteForce(inst: Instance): RefResult | null {
  const n = inst.names.length;
  const E = inst.enemies.length;
  const adj: [number, number][][] = Array.from({ length: n }, () => []);
  for (const [u, v, t] of inst.edges) {
    adj[u]!.push([v, t]);
    if (!inst.directed) adj[v]!.push([u, t]);
  }
  const enemyAt = new Map<number, number>();
  inst.enemies.forEach((e, i) => enemyAt.set(e.node, i));
  const goals = new Set(inst.goals);
  let bestR = -1;
  let bestT = Infinity;
  let bestA = Infinity;
  let bestSeq: [number, number][] = [];
  const seq: [number, number][] = []; // [kind, node]
  const onPath = new Set<string>();
  let totalReward = 0;
  for (const e of inst.enemies) totalReward += e.reward;

  const dfs = (node: number, mask: number, z: number, time: number, reward: number, remaining: number) => {
    const key = `${node}|${mask}|${z}`;
    if (onPath.has(key)) return;
    if (goals.has(node)) {
      const a = seq.length;
      if (reward > bestR || (reward === bestR && (time < bestT || (time === bestT && a < bestA)))) {
        bestR = reward;
        bestT = time;
        bestA = a;
        bestSeq = seq.slice();
      }
    }
    const optimistic = reward + remaining;
    if (optimistic < bestR || (optimistic === bestR && time >= bestT)) return;
    onPath.add(key);
    const e = enemyAt.get(node);
    if (e !== undefined && !(mask & (1 << e)) && z + inst.enemies[e]!.damage <= inst.lambda) {
      seq.push([1, node]);
      const en = inst.enemies[e]!;
      dfs(node, mask | (1 << e), z + en.damage, time + inst.timeAttack, reward + en.reward, remaining - en.reward);
      seq.pop();
    }
    if (z > 0 && inst.healable[node]) {
      seq.push([2, node]);
      dfs(node, mask, z - 1, time + inst.timeHeal, reward, remaining);
      seq.pop();
    }
    for (const [v, t] of adj[node]!) {
      seq.push([0, v]);
      dfs(v, mask, z, time + t, reward, remaining);
      seq.pop();
    }
    onPath.delete(key);
  };
  void E;
  dfs(inst.start, 0, inst.maxHp - inst.hp, 0, 0, totalReward);
  if (bestR < 0) return null;
  const names = ['move', 'attack', 'heal'] as const;
  return { reward: bestR, time: bestT, actions: bestSeq.map(([k, v]) => ({ at: inst.names[v]!, do: names[k]! })) };
}

/** Dijkstra over every state (node, killed set, damage) with cost (time, actions); best goal state by reward. */
export function fullStateDijkstra(inst: Instance): { reward: number; time: number; actions: number } | null {
  const n = inst.names.length;
  const E = inst.enemies.length;
  const Z = inst.lambda + 1;
  const M = 1 << E;
  const S = n * M * Z;
  const T = new Float64Array(S).fill(Infinity);
  const A = new Float64Array(S).fill(Infinity);
  const done = new Uint8Array(S);
  const id = (v: number, m: number, z: number) => (v * M + m) * Z + z;
  const adj: [number, number][][] = Array.from({ length: n }, () => []);
  for (const [u, v, t] of inst.edges) {
    adj[u]!.push([v, t]);
    if (!inst.directed) adj[v]!.push([u, t]);
  }
  const enemyAt = new Map<number, number>();
  inst.enemies.forEach((e, i) => enemyAt.set(e.node, i));
  const s0 = id(inst.start, 0, inst.maxHp - inst.hp);
  T[s0] = 0;
  A[s0] = 0;
  // Simple O(S^2) selection: the instances are small.
  for (;;) {
    let s = -1;
    for (let k = 0; k < S; k++) if (!done[k] && T[k] !== Infinity && (s < 0 || T[k]! < T[s]! || (T[k] === T[s] && A[k]! < A[s]!))) s = k;
    if (s < 0) break;
    done[s] = 1;
    const z = s % Z;
    const m = ((s - z) / Z) % M;
    const v = (s - z - m * Z) / (M * Z);
    const relax = (k: number, t: number, a: number) => {
      if (t < T[k]! || (t === T[k] && a < A[k]!)) {
        T[k] = t;
        A[k] = a;
      }
    };
    for (const [w, t] of adj[v]!) relax(id(w, m, z), T[s]! + t, A[s]! + 1);
    const e = enemyAt.get(v);
    if (e !== undefined && !(m & (1 << e)) && z + inst.enemies[e]!.damage <= inst.lambda)
      relax(id(v, m | (1 << e), z + inst.enemies[e]!.damage), T[s]! + inst.timeAttack, A[s]! + 1);
    if (z > 0 && inst.healable[v]) relax(id(v, m, z - 1), T[s]! + inst.timeHeal, A[s]! + 1);
  }
  let best: { reward: number; time: number; actions: number } | null = null;
  for (const g of inst.goals)
    for (let m = 0; m < M; m++)
      for (let z = 0; z < Z; z++) {
        const k = id(g, m, z);
        if (T[k] === Infinity) continue;
        let r = 0;
        for (let i = 0; i < E; i++) if (m & (1 << i)) r += inst.enemies[i]!.reward;
        if (!best || r > best.reward || (r === best.reward && (T[k]! < best.time || (T[k] === best.time && A[k]! < best.actions))))
          best = { reward: r, time: T[k]!, actions: A[k]! };
      }
  return best;
}

export interface RandomSpec {
  nodes: [number, number];
  enemies: [number, number];
  maxHp: [number, number];
  extraEdges: number;
}

/** A random graph instance (integer times so totals compare exactly). */
export function randomInstance(rng: seedrandom.PRNG, spec: RandomSpec): InstanceJson {
  const ri = (a: number, b: number) => a + Math.floor(rng() * (b - a + 1));
  const n = ri(spec.nodes[0], spec.nodes[1]);
  const names = Array.from({ length: n }, (_, i) => `n${i}`);
  const directed = rng() < 0.3;
  const edges: [string, string, number][] = [];
  for (let i = 1; i < n; i++) {
    const j = ri(0, i - 1);
    edges.push(rng() < 0.5 ? [names[j]!, names[i]!, ri(1, 3)] : [names[i]!, names[j]!, ri(1, 3)]);
  }
  const extra = ri(0, spec.extraEdges);
  for (let k = 0; k < extra; k++) {
    const a = ri(0, n - 1);
    const b = ri(0, n - 1);
    if (a !== b) edges.push([names[a]!, names[b]!, ri(1, 3)]);
  }
  const maxHp = ri(spec.maxHp[0], spec.maxHp[1]);
  const lambda = ri(0, maxHp - 1);
  const hp = ri(maxHp - lambda, maxHp);
  const K = Math.min(n, ri(spec.enemies[0], spec.enemies[1]));
  const perm = names
    .slice()
    .sort(() => 0)
    .map((x) => x);
  for (let i = perm.length - 1; i > 0; i--) {
    const j = ri(0, i);
    [perm[i], perm[j]] = [perm[j]!, perm[i]!];
  }
  const enemies = perm.slice(0, K).map((at) => ({ at, reward: ri(0, 3), damage: ri(0, 2) }));
  const healAt = rng() < 0.5 ? ('anywhere' as const) : names.filter(() => rng() < 0.3);
  return {
    graph: { nodes: names, edges, directed },
    start: names[ri(0, n - 1)]!,
    goal: names[ri(0, n - 1)]!,
    maxHp,
    hp,
    lambda,
    enemies,
    time: { attack: ri(1, 2), heal: ri(1, 2) },
    healAt,
  };
}
