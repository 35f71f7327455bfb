// Graph plumbing for the planner: compact adjacency (CSR), shortest paths ordered by
// (time, number of moves), and the directed acyclic graph the restricted search runs on.

import type { Instance } from './types';

export interface Csr {
  start: Int32Array;
  to: Int32Array;
  time: Float64Array;
}

/** Builds CSR adjacency from arcs [from, to, time]; arcs keep their input order per node. */
export function buildCsr(n: number, arcs: ReadonlyArray<readonly [number, number, number]>): Csr {
  const start = new Int32Array(n + 1);
  for (const [u] of arcs) start[u + 1]!++;
  for (let i = 0; i < n; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n);
  const to = new Int32Array(arcs.length);
  const time = new Float64Array(arcs.length);
  for (const [u, v, t] of arcs) {
    const k = fill[u]!++;
    to[k] = v;
    time[k] = t;
  }
  return { start, to, time };
}

/** A binary min-heap of ids keyed by (primary, secondary); ties pop in insertion order. */
export class Heap {
  private ids = new Int32Array(64);
  private k1 = new Float64Array(64);
  private k2 = new Float64Array(64);
  private seq = new Float64Array(64);
  private n = 0;
  private counter = 0;
  get size(): number {
    return this.n;
  }
  push(id: number, a: number, b: number): void {
    if (this.n === this.ids.length) this.grow();
    const { ids, k1, k2, seq } = this;
    const s = this.counter++;
    let i = this.n++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const pa = k1[p]!;
      if (pa < a || (pa === a && (k2[p]! < b || (k2[p] === b && seq[p]! < s)))) break;
      ids[i] = ids[p]!;
      k1[i] = pa;
      k2[i] = k2[p]!;
      seq[i] = seq[p]!;
      i = p;
    }
    ids[i] = id;
    k1[i] = a;
    k2[i] = b;
    seq[i] = s;
  }
  /** Pops the smallest and returns its id (read its keys first with topKey1/topKey2). */
  pop(): number {
    const { ids, k1, k2, seq } = this;
    const top = ids[0]!;
    const n = --this.n;
    if (n === 0) return top;
    const id = ids[n]!;
    const a = k1[n]!;
    const b = k2[n]!;
    const s = seq[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      const r = c + 1;
      if (r < n && (k1[r]! < k1[c]! || (k1[r] === k1[c] && (k2[r]! < k2[c]! || (k2[r] === k2[c] && seq[r]! < seq[c]!))))) c = r;
      const ca = k1[c]!;
      if (a < ca || (a === ca && (b < k2[c]! || (b === k2[c] && s < seq[c]!)))) break;
      ids[i] = ids[c]!;
      k1[i] = ca;
      k2[i] = k2[c]!;
      seq[i] = seq[c]!;
      i = c;
    }
    ids[i] = id;
    k1[i] = a;
    k2[i] = b;
    seq[i] = s;
    return top;
  }
  topKey1(): number {
    return this.k1[0]!;
  }
  topKey2(): number {
    return this.k2[0]!;
  }
  private grow(): void {
    const m = this.ids.length * 2;
    const ids = new Int32Array(m);
    ids.set(this.ids);
    const k1 = new Float64Array(m);
    k1.set(this.k1);
    const k2 = new Float64Array(m);
    k2.set(this.k2);
    const seq = new Float64Array(m);
    seq.set(this.seq);
    this.ids = ids;
    this.k1 = k1;
    this.k2 = k2;
    this.seq = seq;
  }
}

export interface ShortestPaths {
  /** Least time from the sources (Infinity where unreachable). */
  time: Float64Array;
  /** Fewest moves among the least-time paths. */
  hops: Int32Array;
  /** Previous node on the path (−1 at a source or unreachable). */
  prev: Int32Array;
}

/** Dijkstra over moves ordered by (time, moves). `reverse` follows edges backwards (distances *to* the sources). */
export function shortestPaths(inst: Instance, sources: readonly number[], reverse = false): ShortestPaths {
  const n = inst.names.length;
  const time = new Float64Array(n).fill(Infinity);
  const hops = new Int32Array(n).fill(0x3fffffff);
  const prev = new Int32Array(n).fill(-1);
  const done = new Uint8Array(n);
  const st = reverse ? inst.inStart : inst.outStart;
  const to = reverse ? inst.inFrom : inst.outTo;
  const tt = reverse ? inst.inTime : inst.outTime;
  if (inst.unitTime > 0) {
    // Every move takes the same time: breadth-first search gives the same (time, moves) order.
    const queue = new Int32Array(n);
    let head = 0;
    let tail = 0;
    for (const s of sources) {
      if (hops[s] === 0) continue;
      hops[s] = 0;
      time[s] = 0;
      queue[tail++] = s;
    }
    while (head < tail) {
      const u = queue[head++]!;
      const h = hops[u]! + 1;
      for (let k = st[u]!; k < st[u + 1]!; k++) {
        const v = to[k]!;
        if (hops[v]! <= h) continue;
        hops[v] = h;
        time[v] = h * inst.unitTime;
        prev[v] = u;
        queue[tail++] = v;
      }
    }
    return { time, hops, prev };
  }
  const heap = new Heap();
  for (const s of sources) {
    if (time[s] === 0) continue;
    time[s] = 0;
    hops[s] = 0;
    heap.push(s, 0, 0);
  }
  while (heap.size > 0) {
    const t = heap.topKey1();
    const h = heap.topKey2();
    const u = heap.pop();
    if (done[u] || t !== time[u] || h !== hops[u]) continue;
    done[u] = 1;
    for (let k = st[u]!; k < st[u + 1]!; k++) {
      const v = to[k]!;
      if (done[v]) continue;
      const nt = t + tt[k]!;
      const nh = h + 1;
      if (nt < time[v]! || (nt === time[v] && nh < hops[v]!)) {
        time[v] = nt;
        hops[v] = nh;
        prev[v] = u;
        heap.push(v, nt, nh);
      }
    }
  }
  return { time, hops, prev };
}

/** The node path source..target from a forward `shortestPaths` tree (excluding the source), or null. */
export function pathTo(sp: ShortestPaths, target: number): number[] | null {
  if (sp.time[target] === Infinity) return null;
  const out: number[] = [];
  for (let v = target; sp.prev[v]! >= 0; v = sp.prev[v]!) out.push(v);
  return out.reverse();
}

/** Kahn's algorithm on a CSR graph; returns null when there is a cycle. Ties go to the smaller index. */
export function topoOrder(n: number, g: Csr): number[] | null {
  const indeg = new Int32Array(n);
  for (let k = 0; k < g.to.length; k++) indeg[g.to[k]!]!++;
  const order: number[] = [];
  // A simple array used as a queue keeps the order deterministic (by discovery).
  for (let v = 0; v < n; v++) if (indeg[v] === 0) order.push(v);
  for (let i = 0; i < order.length; i++) {
    const u = order[i]!;
    for (let k = g.start[u]!; k < g.start[u + 1]!; k++) {
      const v = g.to[k]!;
      if (--indeg[v]! === 0) order.push(v);
    }
  }
  return order.length === n ? order : null;
}

export interface Dag extends Csr {
  order: number[];
  /** How the DAG was obtained, for docs and tools. */
  origin: 'given' | 'toward-goal';
}

/**
 * The directed acyclic graph of the paper's with-passage-restriction search: the instance's own
 * directed graph when it is acyclic (as the paper's Fig. 2.1), otherwise every move that brings the
 * agent strictly closer (in time) to the goal — on a grid with the goal top-right this is the
 * paper's "up or right" lattice.
 */
export function restrictedDag(inst: Instance): Dag {
  const n = inst.names.length;
  if (inst.directed) {
    const g: Csr = { start: inst.outStart, to: inst.outTo, time: inst.outTime };
    const order = topoOrder(n, g);
    if (order) return { ...g, order, origin: 'given' };
  }
  const dg = shortestPaths(inst, inst.goals, true).time;
  const arcs: [number, number, number][] = [];
  for (let u = 0; u < n; u++) {
    for (let k = inst.outStart[u]!; k < inst.outStart[u + 1]!; k++) {
      const v = inst.outTo[k]!;
      if (dg[v]! < dg[u]!) arcs.push([u, v, inst.outTime[k]!]);
    }
  }
  const g = buildCsr(n, arcs);
  const order = topoOrder(n, g)!;
  return { ...g, order, origin: 'toward-goal' };
}
