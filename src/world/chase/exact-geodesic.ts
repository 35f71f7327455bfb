// The exact shortest path in the continuous maze, the yardstick for path lengths (eval:chase, chase).
//
// The agent is what the chase simulation and the game move: an axis-aligned square of half-size r
// (default 0.3 cells, CHASER_WALL_RADIUS in the game, `radius` in simulateChase) that never rotates.
// Its centre may go anywhere outside the wall cells grown by r on every side (the Minkowski sum; the
// outside of the grid counts as wall). Among such rectilinear obstacles a shortest path is a polyline
// that bends only at convex corners of the grown walls, so Dijkstra over the visibility graph of those
// corners (plus start and goal) gives the exact length — any angle, unlike the 8-neighbour flow field,
// whose centre-to-centre paths are 6–12 % longer (1.058–1.123 × exact for the chasers of the shipped
// mazes: `npm run -s chase -- MAZE --json`, geodesic_grid / geodesic).
//
// A convex corner sits at a grid point (X, Y) with exactly one wall among its four cells, moved by r
// diagonally away from that wall. (With two diagonal walls the grown squares overlap: the gap is
// closed for any r > 0, as it is for the agents.) Visibility: the segment must not enter the open
// interior of any grown wall square; touching an edge or running along it is allowed.

import type { TileGrid } from '../../geom/grid';

/** |(dx, dy)|: Math.hypot is not guaranteed bit-identical across engines; sqrt is exact (IEEE 754). */
function len2d(dx: number, dy: number): number {
  return Math.sqrt(dx * dx + dy * dy);
}

/** Interior tolerance: a segment may come this close inside a grown wall and still count as touching. */
const EPS = 1e-9;

export class ExactGeodesic {
  /** Agent half-size r in cells. */
  readonly radius: number;
  /** Corner positions, x0 y0 x1 y1 …, in cell units. */
  readonly corners: Float64Array;
  /** Number of corners. */
  readonly count: number;
  /** Corner-to-corner edge lengths, Infinity where not visible (count × count). */
  private readonly edge: Float64Array;
  private readonly distS: Float64Array;
  private readonly done: Uint8Array;
  private readonly prev: Int32Array;

  constructor(
    readonly grid: TileGrid,
    radius = 0.3,
  ) {
    if (!(radius > 0 && radius < 0.5)) throw new RangeError(`radius must be in (0, 0.5) cells, got ${radius}`);
    this.radius = radius;
    const W = grid.width;
    const H = grid.height;
    const pts: number[] = [];
    for (let Y = 0; Y <= H; Y++) {
      for (let X = 0; X <= W; X++) {
        const nw = this.wall(X - 1, Y - 1);
        const ne = this.wall(X, Y - 1);
        const sw = this.wall(X - 1, Y);
        const se = this.wall(X, Y);
        if (nw + ne + sw + se !== 1) continue;
        // Away from the one wall cell: it lies toward (−1,−1) for nw, (+1,−1) for ne, …
        const sx = nw || sw ? 1 : -1;
        const sy = nw || ne ? 1 : -1;
        pts.push(X + sx * radius, Y + sy * radius);
      }
    }
    this.corners = Float64Array.from(pts);
    const n = (this.count = pts.length / 2);
    this.edge = new Float64Array(n * n).fill(Infinity);
    const c = this.corners;
    for (let i = 0; i < n; i++) {
      this.edge[i * n + i] = 0;
      for (let j = i + 1; j < n; j++) {
        if (!this.visible(c[2 * i]!, c[2 * i + 1]!, c[2 * j]!, c[2 * j + 1]!)) continue;
        const d = len2d(c[2 * j]! - c[2 * i]!, c[2 * j + 1]! - c[2 * i + 1]!);
        this.edge[i * n + j] = d;
        this.edge[j * n + i] = d;
      }
    }
    this.distS = new Float64Array(n);
    this.done = new Uint8Array(n);
    this.prev = new Int32Array(n);
  }

  /** 1 for a wall cell or outside the grid, else 0. */
  private wall(cx: number, cy: number): number {
    const g = this.grid;
    if (cx < 0 || cy < 0 || cx >= g.width || cy >= g.height) return 1;
    return g.walls[cy * g.width + cx] !== 0 ? 1 : 0;
  }

  /** True when the agent's centre may stand at (x, y): inside no grown wall. */
  isFree(x: number, y: number): boolean {
    const r = this.radius;
    const x0 = Math.floor(x - r - 1);
    const x1 = Math.floor(x + r);
    const y0 = Math.floor(y - r - 1);
    const y1 = Math.floor(y + r);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        if (!this.wall(cx, cy)) continue;
        if (x > cx - r + EPS && x < cx + 1 + r - EPS && y > cy - r + EPS && y < cy + 1 + r - EPS) return false;
      }
    }
    return true;
  }

  /** True when the agent's centre can move straight from (ax, ay) to (bx, by). Both ends should be free. */
  visible(ax: number, ay: number, bx: number, by: number): boolean {
    const r = this.radius;
    const dx = bx - ax;
    const dy = by - ay;
    const x0 = Math.floor(Math.min(ax, bx) - r - 1);
    const x1 = Math.floor(Math.max(ax, bx) + r);
    const y0 = Math.floor(Math.min(ay, by) - r - 1);
    const y1 = Math.floor(Math.max(ay, by) + r);
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        if (!this.wall(cx, cy)) continue;
        // Liang–Barsky against the open square shrunk by EPS: is there t in [0, 1] strictly inside?
        let lo = 0;
        let hi = 1;
        const ex0 = cx - r + EPS;
        const ex1 = cx + 1 + r - EPS;
        const ey0 = cy - r + EPS;
        const ey1 = cy + 1 + r - EPS;
        if (dx === 0) {
          if (ax <= ex0 || ax >= ex1) continue;
        } else {
          let t0 = (ex0 - ax) / dx;
          let t1 = (ex1 - ax) / dx;
          if (t0 > t1) [t0, t1] = [t1, t0];
          if (t0 > lo) lo = t0;
          if (t1 < hi) hi = t1;
          if (lo >= hi) continue;
        }
        if (dy === 0) {
          if (ay <= ey0 || ay >= ey1) continue;
        } else {
          let t0 = (ey0 - ay) / dy;
          let t1 = (ey1 - ay) / dy;
          if (t0 > t1) [t0, t1] = [t1, t0];
          if (t0 > lo) lo = t0;
          if (t1 < hi) hi = t1;
          if (lo >= hi) continue;
        }
        return false;
      }
    }
    return true;
  }

  /**
   * Length (cells) of the shortest path of the agent's centre from (ax, ay) to (bx, by); Infinity when
   * an end is inside a grown wall or there is no way.
   */
  distance(ax: number, ay: number, bx: number, by: number): number {
    return this.solve(ax, ay, bx, by, null);
  }

  /** The shortest path as a polyline [x0, y0, x1, y1, …] from a to b (empty when there is none). */
  path(ax: number, ay: number, bx: number, by: number): number[] {
    const out: number[] = [];
    this.solve(ax, ay, bx, by, out);
    return out;
  }

  private solve(ax: number, ay: number, bx: number, by: number, out: number[] | null): number {
    if (!this.isFree(ax, ay) || !this.isFree(bx, by)) return Infinity;
    const direct = this.visible(ax, ay, bx, by) ? len2d(bx - ax, by - ay) : Infinity;
    const n = this.count;
    const c = this.corners;
    const d = this.distS;
    const done = this.done;
    const prev = this.prev;
    done.fill(0);
    prev.fill(-1);
    for (let i = 0; i < n; i++)
      d[i] = this.visible(ax, ay, c[2 * i]!, c[2 * i + 1]!) ? len2d(c[2 * i]! - ax, c[2 * i + 1]! - ay) : Infinity;
    // Dense Dijkstra (the graph is small and dense): O(n²).
    let best = direct;
    let last = -1;
    for (;;) {
      let u = -1;
      let du = Infinity;
      for (let i = 0; i < n; i++)
        if (!done[i] && d[i]! < du) {
          du = d[i]!;
          u = i;
        }
      if (u < 0 || du >= best) break;
      done[u] = 1;
      const ux = c[2 * u]!;
      const uy = c[2 * u + 1]!;
      const toB = du + len2d(bx - ux, by - uy);
      if (toB < best && this.visible(ux, uy, bx, by)) {
        best = toB;
        last = u;
      }
      const row = u * n;
      for (let v = 0; v < n; v++) {
        if (done[v]) continue;
        const nd = du + this.edge[row + v]!;
        if (nd < d[v]!) {
          d[v] = nd;
          prev[v] = u;
        }
      }
    }
    if (out && best < Infinity) {
      const chain: number[] = [];
      for (let u = last; u >= 0; u = prev[u]!) chain.push(u);
      out.push(ax, ay);
      for (let k = chain.length - 1; k >= 0; k--) out.push(c[2 * chain[k]!]!, c[2 * chain[k]! + 1]!);
      out.push(bx, by);
    }
    return best;
  }
}
