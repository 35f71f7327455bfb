// Bounds for the fast search's pruned last step (FastSearch with `pruned`): a path's value is a
// sum of weighted node values that are all ≤ 0 (danger, nearly-hit pairs, lure, maze pull and the
// switch penalty only subtract), and its last node weighs 1 while the earlier ones weigh w^n
// (0.003, 9e-6, …). So a path through state s and last move a is worth at most
//   P(s) + c·penalised(E0(child))
// where P(s) is the best forward sum over the surviving paths into s and E0 is the child's node
// value with no danger and no nearly-hit pair (the lure or maze pull alone, no map needed). Once
// some path is known exactly, every (state, move) whose bound is below it can be skipped: its
// leaf's map cells need not be drawn, its contacts need not be checked.
//
// Rounding: the search sums a path backwards (acc = c·E + acc), P sums it forwards. All terms have
// one sign, so either sum is within a few ulps of the exact sum of its terms; margin() lies far
// above that (1e-9 relative), and a bound within the margin of the best is never skipped.
import type { DodgeProblem } from './problem';
import type { Level } from './search-level';

/** Buckets of the order the positions are taken in. */
const BUCKETS = 64;

export class LastStepBounds {
  /**
   * Per state of level D−1, best forward prefix P: at position·M + last move (the level's direct
   * states; −∞ where there is no such state), or per position when there is no switch penalty.
   */
  prefixOf = new Float64Array(64);
  prev = new Float64Array(64);
  /** Per (position, move) of level D−1 (moveBounds()): its end's node value with no danger and no nearly-hit pair. */
  leafBound = new Float64Array(64);
  /** Per (position, move) of level D−1 (moveBounds()): the most a path through it can be worth (forward sum). */
  moveBound = new Float64Array(64);
  /** Per position of level D−1: at least its moves' bounds (bounds()). */
  posBound = new Float64Array(64);
  /** The surviving positions of level D−1 in the order to take them (`count` of them; see bounds()). */
  order = new Int32Array(64);
  count = 0;
  /** moveBounds()' largest bound. */
  top = -Infinity;
  private zeroD = new Float64Array(64);
  /** Per position of level D−1, with a switch penalty: the best P over its states (prefix()). */
  private best1 = new Float64Array(64);
  /** cutLevel()'s best forward prefix per position. */
  private posBest = new Float64Array(64);
  private zeroN = new Int32Array(64);
  /** sortByKey()'s keys, buckets and second array. */
  private keys = new Float64Array(64);
  private bucketOf = new Int32Array(64);
  private readonly counts = new Int32Array(BUCKETS);
  private sorted = new Int32Array(64);

  /** The margin below which a bound under `best` cannot be a rounding artefact. */
  static margin(best: number): number {
    return 1e-9 * (1 + (best < 0 ? -best : best));
  }

  /**
   * P for the states of level upTo (default D−1): forward over the levels before it (or from level
   * `from`, whose P the last call left), the best of P(parent) + c_k·penalised(E) over the
   * surviving transitions into each state.
   */
  prefix(p: DodgeProblem, levels: readonly Level[], upTo = p.depth - 1, from = 0): void {
    const D = p.depth;
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const states = penalty > 0;
    // From level `from` > 0: its states' P are those a call up to it left in prefixOf.
    let cur = from > 0 ? this.prefixOf : this.prev;
    if (from === 0) cur[0] = 0;
    for (let k = from; k < upTo; k++) {
      const lev = levels[k]!;
      const nxt = levels[k + 1]!;
      const c = p.weights[k]!;
      const n1 = states ? nxt.nSt : nxt.nPos;
      // The two arrays take turns: the level's values in one, the next level's in the other.
      const spare = cur === this.prev ? 'prefixOf' : 'prev';
      if (this[spare].length < n1) this[spare] = new Float64Array(n1 * 2);
      const next = this[spare];
      next.fill(-Infinity, 0, n1);
      // The last round (states of the direct level D−1) also keeps each position's best P.
      const lastRound = states && k === D - 2;
      if (lastRound) {
        if (this.best1.length < nxt.nPos) this.growPositions(nxt.nPos);
        this.best1.fill(-Infinity, 0, nxt.nPos);
      }
      const b1 = this.best1;
      if (states) {
        for (let si = 0; si < lev.nSt; si++) {
          const v0 = cur[si]!;
          if (v0 === -Infinity) continue;
          const tb = lev.stPos[si]! * M;
          const last = lev.stLast[si]!;
          // penalised() written out (a call returning a double boxes it).
          const pays = last >= 0;
          for (let a = 0; a < M; a++) {
            const cs = lev.sChild[si * M + a]!;
            if (cs < 0) continue;
            const E = lev.tE[tb + a]!;
            const v = v0 + c * (pays && a !== last ? E - penalty : E);
            if (v > next[cs]!) next[cs] = v;
            if (lastRound) {
              const cp = lev.child[tb + a]!;
              if (v > b1[cp]!) b1[cp] = v;
            }
          }
        }
      } else {
        for (let pi = 0; pi < lev.nPos; pi++) {
          const v0 = cur[pi]!;
          if (lev.posNear[pi]! < 0 || v0 === -Infinity) continue;
          const tb = pi * M;
          for (let a = 0; a < M; a++) {
            if (lev.tNear[tb + a]! < 0) continue;
            const cp = lev.child[tb + a]!;
            const v = v0 + c * lev.tE[tb + a]!;
            if (v > next[cp]!) next[cp] = v;
          }
        }
      }
      cur = next;
    }
    if (cur !== this.prefixOf) {
      // (The last level's values ended in the spare array: swap the names.)
      this.prev = this.prefixOf;
      this.prefixOf = cur;
    }
  }

  /**
   * Level D−1 before its last step: each surviving position's bound (a quick one: the best P among
   * its states, kept by prefix(), plus the most a node can be worth in the box its moves end in,
   * `reach` lattice units around it: DodgeProblem.nodeBound) and the order to take the positions in.
   */
  bounds(p: DodgeProblem, lev: Level, reach: number): void {
    const M = p.moves.count;
    const c = p.weights[p.depth - 1]!;
    const states = p.switchPenalty > 0;
    const np = lev.nPos;
    const nt = np * M;
    if (this.moveBound.length < nt) {
      this.zeroD = new Float64Array(nt * 2);
      this.zeroN = new Int32Array(nt * 2);
      this.leafBound = new Float64Array(nt * 2);
      this.moveBound = new Float64Array(nt * 2);
    }
    if (this.posBound.length < np) this.growPositions(np);
    const P = this.prefixOf;
    const best1 = this.best1;
    const pb = this.posBound;
    const keys = this.keys;
    const D = lev.posD;
    const hint = p.influenceMap;
    let n = 0;
    let kMax = -Infinity;
    let kMin = Infinity;
    // (With walls a move can end anywhere it slides to: only nodeE ≤ 0 is known there.)
    const walls = p.walls !== null;
    for (let pi = 0; pi < np; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      const x = lev.posX[pi]!;
      const y = lev.posY[pi]!;
      const x0 = x - reach < p.loX ? p.loX : x - reach;
      const x1 = x + reach > p.hiX ? p.hiX : x + reach;
      const y1 = y + reach > p.hiY ? p.hiY : y + reach;
      const v = (states ? best1[pi]! : P[pi]!) + (walls ? 0 : c * p.nodeBound(x0, x1, y1));
      pb[pi] = v;
      // The order to take them in: by decreasing bound less the position's own danger (a leaf's
      // danger is much like its parent's, so the first batches likely hold the best path and the
      // value to beat is high early). Only the work depends on it, not the result.
      const key = hint ? v - D[pi]! : v;
      keys[n] = key;
      this.order[n++] = pi;
      if (key > kMax) kMax = key;
      if (key < kMin) kMin = key;
    }
    this.count = n;
    this.sortByKey(n, kMax, kMin);
  }

  /**
   * The exact bounds of position pi's moves into moveBound (the most over its states of
   * P(s) + c·penalised(E0, move, last(s)): the expressions bestLast bounds a state's move with);
   * returns the largest into `top`.
   */
  moveBounds(p: DodgeProblem, pi: number, X: Int32Array, Y: Int32Array): void {
    const M = p.moves.count;
    const c = p.weights[p.depth - 1]!;
    const penalty = p.switchPenalty;
    const tb = pi * M;
    p.nodeValues(X, Y, this.zeroD, this.zeroN, tb + M, this.leafBound, tb);
    const LB = this.leafBound;
    const ub = this.moveBound;
    let m = -Infinity;
    if (penalty > 0) {
      // The state that holds the move pays nothing; the best of the others pays the penalty: the
      // position's best P over its states (and its last move) and the second best.
      const P = this.prefixOf;
      let b1 = -Infinity;
      let b2 = -Infinity;
      let l1 = 0;
      for (let last = 0; last < M; last++) {
        const v = P[tb + last]!;
        if (v > b1) {
          b2 = b1;
          b1 = v;
          l1 = last;
        } else if (v > b2) b2 = v;
      }
      for (let a = 0; a < M; a++) {
        const E = LB[tb + a]!;
        const own = P[tb + a]! + c * E;
        const other = (l1 !== a ? b1 : b2) + c * (E - penalty);
        const v = own > other ? own : other;
        ub[tb + a] = v;
        if (v > m) m = v;
      }
    } else {
      const v0 = this.prefixOf[pi]!;
      for (let a = 0; a < M; a++) {
        const v = v0 + c * LB[tb + a]!;
        ub[tb + a] = v;
        if (v > m) m = v;
      }
    }
    this.top = m;
  }

  /**
   * Level k (1 ≤ k < D − 1, not yet expanded) with a value `cutAt` some complete path is known to
   * reach: cut[pi] = 1 for each surviving position through which no path can reach it, 0 for the
   * others; returns how many are cut. A path through pi is worth at most its state's forward
   * prefix plus, for each step left, the most a node can be worth in the box reachable by then
   * (DodgeProblem.nodeBound: no danger, no nearly-hit pair, no penalty). Open field only.
   */
  cutLevel(p: DodgeProblem, levels: readonly Level[], k: number, cutAt: number, cut: Uint8Array): number {
    const lev = levels[k]!;
    this.prefix(p, levels, k);
    const P = this.prefixOf;
    if (this.posBest.length < lev.nPos) this.posBest = new Float64Array(lev.nPos * 2);
    const best = this.posBest;
    if (p.switchPenalty > 0) {
      best.fill(-Infinity, 0, lev.nPos);
      for (let si = 0; si < lev.nSt; si++) {
        const pi = lev.stPos[si]!;
        if (P[si]! > best[pi]!) best[pi] = P[si]!;
      }
    } else for (let pi = 0; pi < lev.nPos; pi++) best[pi] = P[pi]!;
    const step = p.frames * p.moves.maxStep;
    let n = 0;
    for (let pi = 0; pi < lev.nPos; pi++) {
      cut[pi] = 0;
      if (lev.posNear[pi]! < 0) continue;
      const x = lev.posX[pi]!;
      const y = lev.posY[pi]!;
      let v = best[pi]!;
      for (let j = k; j < p.depth; j++) {
        const r = (j - k + 1) * step;
        v += p.weights[j]! * p.nodeBound(x - r < p.loX ? p.loX : x - r, x + r > p.hiX ? p.hiX : x + r, y + r > p.hiY ? p.hiY : y + r);
      }
      if (v < cutAt) {
        cut[pi] = 1;
        n++;
      }
    }
    return n;
  }

  /** Room for np positions of level D−1 (best1 keeps what prefix() wrote). */
  private growPositions(np: number): void {
    const best1 = new Float64Array(np * 2);
    best1.set(this.best1.subarray(0, Math.min(this.best1.length, np * 2)));
    this.best1 = best1;
    this.posBound = new Float64Array(np * 2);
    this.order = new Int32Array(np * 2);
    this.sorted = new Int32Array(np * 2);
    this.keys = new Float64Array(np * 2);
    this.bucketOf = new Int32Array(np * 2);
  }

  /** order[0 .. n) by decreasing key, in buckets (only the work depends on the order). */
  private sortByKey(n: number, kMax: number, kMin: number): void {
    const B = BUCKETS;
    const counts = this.counts;
    counts.fill(0);
    const scale = kMax > kMin ? (B - 1) / (kMax - kMin) : 0;
    const keys = this.keys;
    const bucketOf = this.bucketOf;
    for (let i = 0; i < n; i++) {
      const b = ((kMax - keys[i]!) * scale) | 0;
      bucketOf[i] = b;
      counts[b]++;
    }
    let acc = 0;
    for (let b = 0; b < B; b++) {
      const cnt = counts[b]!;
      counts[b] = acc;
      acc += cnt;
    }
    const src = this.order;
    const dst = this.sorted;
    for (let i = 0; i < n; i++) dst[counts[bucketOf[i]!]!++] = src[i]!;
    this.order = dst;
    this.sorted = src;
  }
}
