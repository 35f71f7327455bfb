// The exact-optimum baseline: a geodesic distance field from the target (a flow field).
// Dijkstra over the open cells with 8-neighbour moves, straight steps cost 1, diagonal steps √2, and
// no corner cutting (a diagonal step needs both orthogonal cells open, so an agent of nonzero size can
// take it). Distances are in cells, centre to centre. A chaser steers toward the centre of the
// neighbouring cell with the smallest distance, so it follows a shortest 8-connected path.
// Everything is allocated in the constructor; compute() and steer() do not allocate.

import { type TileGrid, type Vec2, nearestOpenCell } from '../geom/grid';

const DX8 = [1, -1, 0, 0, 1, 1, -1, -1];
const DY8 = [0, 0, 1, -1, 1, -1, 1, -1];
const COST8 = [1, 1, 1, 1, Math.SQRT2, Math.SQRT2, Math.SQRT2, Math.SQRT2];

export class FlowField {
  readonly width: number;
  readonly height: number;
  /** Geodesic distance (cells) from every cell to the target cell; Infinity for walls and unreachable cells. */
  readonly dist: Float64Array;
  /** Cell index the field was last computed for, -1 before compute(). */
  target = -1;
  private readonly heapKey: Float64Array;
  private readonly heapVal: Int32Array;
  private readonly done: Uint8Array;

  constructor(readonly grid: TileGrid) {
    this.width = grid.width;
    this.height = grid.height;
    const n = grid.width * grid.height;
    this.dist = new Float64Array(n).fill(Infinity);
    // Each cell is pushed at most once per improving edge: ≤ 8 per cell, plus the source.
    this.heapKey = new Float64Array(8 * n + 1);
    this.heapVal = new Int32Array(8 * n + 1);
    this.done = new Uint8Array(n);
  }

  /** Recomputes the field toward the open cell nearest the continuous point (x, y), if that cell changed. */
  setTarget(x: number, y: number): void {
    const c = nearestOpenCell(this.grid, x, y);
    if (c !== this.target) this.compute(c);
  }

  /** Dijkstra from cell index `cell` (y * width + x). */
  compute(cell: number): void {
    const W = this.width;
    const H = this.height;
    const walls = this.grid.walls;
    const dist = this.dist;
    dist.fill(Infinity);
    this.done.fill(0);
    this.target = cell;
    if (cell < 0 || walls[cell] !== 0) return;
    const hk = this.heapKey;
    const hv = this.heapVal;
    this.size = 0;
    dist[cell] = 0;
    this.push(0, cell);
    while (this.size > 0) {
      let size = this.size;
      const k = hk[0]!;
      const v = hv[0]!;
      // pop
      size--;
      this.size = size;
      if (size > 0) {
        const lk = hk[size]!;
        const lv = hv[size]!;
        let i = 0;
        for (;;) {
          let c = 2 * i + 1;
          if (c >= size) break;
          if (c + 1 < size && hk[c + 1]! < hk[c]!) c++;
          if (hk[c]! >= lk) break;
          hk[i] = hk[c]!;
          hv[i] = hv[c]!;
          i = c;
        }
        hk[i] = lk;
        hv[i] = lv;
      }
      if (this.done[v]) continue;
      this.done[v] = 1;
      const x = v % W;
      const y = (v - x) / W;
      for (let d = 0; d < 8; d++) {
        const nx = x + DX8[d]!;
        const ny = y + DY8[d]!;
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        const j = ny * W + nx;
        if (walls[j] !== 0) continue;
        if (d >= 4 && (walls[y * W + nx] !== 0 || walls[ny * W + x] !== 0)) continue;
        const nd = k + COST8[d]!;
        if (nd < dist[j]!) {
          dist[j] = nd;
          this.push(nd, j);
        }
      }
    }
  }

  private size = 0;

  private push(k: number, v: number): void {
    const hk = this.heapKey;
    const hv = this.heapVal;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (hk[p]! <= k) break;
      hk[i] = hk[p]!;
      hv[i] = hv[p]!;
      i = p;
    }
    hk[i] = k;
    hv[i] = v;
  }

  /** Distance (cells) from cell (cx, cy) to the target; Infinity for walls, unreachable or outside. */
  distanceAt(cx: number, cy: number): number {
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return Infinity;
    return this.dist[cy * this.width + cx]!;
  }

  /**
   * Heading (unit vector into `out`) for an agent at continuous (x, y): toward the centre of the
   * 8-neighbour (no corner cutting) with the smallest distance, or toward the target cell's centre when
   * the agent is in it. Returns false when there is no way (unreachable, or already at the centre).
   */
  steer(x: number, y: number, out: Vec2): boolean {
    const W = this.width;
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    if (cx < 0 || cy < 0 || cx >= W || cy >= this.height) return false;
    const here = this.dist[cy * W + cx]!;
    let tx = cx;
    let ty = cy;
    if (here > 0 && here < Infinity) {
      const walls = this.grid.walls;
      let best = here;
      for (let d = 0; d < 8; d++) {
        const nx = cx + DX8[d]!;
        const ny = cy + DY8[d]!;
        if (nx < 0 || ny < 0 || nx >= W || ny >= this.height) continue;
        if (d >= 4 && (walls[cy * W + nx] !== 0 || walls[ny * W + cx] !== 0)) continue;
        const nd = this.dist[ny * W + nx]!;
        if (nd < best) {
          best = nd;
          tx = nx;
          ty = ny;
        }
      }
    } else if (here !== 0) return false;
    const dx = tx + 0.5 - x;
    const dy = ty + 0.5 - y;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len === 0) return false;
    out.x = dx / len;
    out.y = dy / len;
    return true;
  }
}
