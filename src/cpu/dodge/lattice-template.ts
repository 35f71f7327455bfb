// The lattice of the fast search without field edges or walls (search-fast.ts): it depends only on
// depth, frames per step and the move set, so it is built once and a child is a table load.
import { PairTable } from './lattice-table';
import type { MoveSet } from './moves';

/**
 * The lattice without edges or walls: per level, every position as an offset from the start and,
 * per (position, move), the index of the child. It depends only on depth, frames per step and the
 * move set, so it is built once; a decision uses it when its whole reachable box lies inside the
 * field (then no move is clamped and a position is exactly start + offset).
 */
export class LatticeTemplate {
  readonly count: number[] = [];
  readonly dx: Int32Array[] = [];
  readonly dy: Int32Array[] = [];
  /** child[k][i·M + a]: index in level k+1 of position i of level k after move a. */
  readonly child: Int32Array[] = [];
  /** Per level: the distinct x (y) offsets, and per position the index of its own (for AxisReads). */
  readonly xs: Int32Array[] = [];
  readonly ys: Int32Array[] = [];
  readonly xi: Int32Array[] = [];
  readonly yi: Int32Array[] = [];

  constructor(depth: number, frames: number, moves: MoveSet) {
    const M = moves.count;
    const table = new PairTable(1024);
    let xs = [0];
    let ys = [0];
    for (let k = 0; ; k++) {
      this.count.push(xs.length);
      this.dx.push(Int32Array.from(xs));
      this.dy.push(Int32Array.from(ys));
      this.distinct(xs, this.xs, this.xi);
      this.distinct(ys, this.ys, this.yi);
      if (k === depth) break;
      const nx: number[] = [];
      const ny: number[] = [];
      const child = new Int32Array(xs.length * M);
      table.reset();
      for (let i = 0; i < xs.length; i++) {
        for (let a = 0; a < M; a++) {
          const x = xs[i]! + frames * moves.dx[a]!;
          const y = ys[i]! + frames * moves.dy[a]!;
          const c = table.getOrAdd(x, y, nx.length);
          if (c === nx.length) {
            nx.push(x);
            ny.push(y);
          }
          child[i * M + a] = c;
        }
      }
      this.child.push(child);
      xs = nx;
      ys = ny;
    }
  }

  private distinct(vs: number[], values: Int32Array[], index: Int32Array[]): void {
    const seen = new Map<number, number>();
    const idx = new Int32Array(vs.length);
    for (let i = 0; i < vs.length; i++) {
      let j = seen.get(vs[i]!);
      if (j === undefined) seen.set(vs[i]!, (j = seen.size));
      idx[i] = j;
    }
    values.push(Int32Array.from(seen.keys()));
    index.push(idx);
  }
}
