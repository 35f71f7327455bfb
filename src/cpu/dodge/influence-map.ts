// The grid influence map (paper §3.2.2, A.2): each cell centre holds the max danger over all
// objects plus a small constant near the top, left and right edges. Building touches only the
// cells inside each object's support (its circle and its forward triangle), and optionally only a
// window of cells (the search only reads cells near positions the ship can reach). build() is the
// reference; buildWindow() is the fast search's for 1-frame levels (window-painter.ts), CellPainter
// its single cells for multi-frame ones (cell-painter.ts): same cell values, drawn from MapShapes.
import { CCI, CTR1, CTR2, GRID_CELL, IMAX } from './constants';
import { dangerCircle, dangerOf } from './danger';
import { edgeDanger } from './edge-danger';
import { WindowPainter } from './window-painter';
import type { DodgeWorld } from './world';

export { edgeDanger };

/**
 * The obstacles whose danger can reach a set of map windows over a span of times, with their
 * drawing constants worked out once: the fast search draws one small window per level, all from
 * the same decision's obstacles.
 */
export class MapShapes {
  n = 0;
  /** Per shape: the obstacle's index in the world. */
  idx = new Int32Array(256);
  /** Rhit and the circle's reach Rhit·Cci. */
  rh = new Float64Array(256);
  rc = new Float64Array(256);
  /** v/|v|² (0 when the obstacle does not move: no triangle). */
  ux = new Float64Array(256);
  uy = new Float64Array(256);
  /** The support's box around the obstacle (circle and triangle, plus a cell of slack). */
  ox0 = new Float64Array(256);
  ox1 = new Float64Array(256);
  oy0 = new Float64Array(256);
  oy1 = new Float64Array(256);

  /**
   * Keeps the obstacles whose support can reach a cell centre in [x0, x1] × [y0, y1] (field units)
   * at some time in [t0, t1] frames; drawing only these gives the same cells there, the others
   * being 0 on every one of them. The support moves with the obstacle, so its box over the span is
   * the box at t0 joined with the box at t1.
   */
  collect(w: DodgeWorld, t0: number, t1: number, x0: number, x1: number, y0: number, y1: number, cell: number): void {
    const n = w.count;
    if (this.idx.length < n) this.grow(w.capacity);
    const shipR = w.shipR;
    const X = w.x;
    const Y = w.y;
    const VX = w.vx;
    const VY = w.vy;
    const R = w.r;
    const half = CTR1 * CTR2;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const vx = VX[i]!;
      const vy = VY[i]!;
      const rh = R[i]! + shipR;
      const rc = rh * CCI;
      // The triangle's far corners from the apex: CTR1·v ± CTR1·CTR2·(−vy, vx).
      const fx = CTR1 * vx;
      const fy = CTR1 * vy;
      const hx = half * (vy < 0 ? -vy : vy);
      const hy = half * (vx < 0 ? -vx : vx);
      const ox0 = Math.min(-rc, fx - hx) - cell;
      const ox1 = Math.max(rc, fx + hx) + cell;
      const oy0 = Math.min(-rc, fy - hy) - cell;
      const oy1 = Math.max(rc, fy + hy) + cell;
      const xa = X[i]! + vx * t0;
      const xb = X[i]! + vx * t1;
      if ((xa < xb ? xa : xb) + ox0 > x1 || (xa < xb ? xb : xa) + ox1 < x0) continue;
      const ya = Y[i]! + vy * t0;
      const yb = Y[i]! + vy * t1;
      if ((ya < yb ? ya : yb) + oy0 > y1 || (ya < yb ? yb : ya) + oy1 < y0) continue;
      this.idx[k] = i;
      this.rh[k] = rh;
      this.rc[k] = rc;
      this.ox0[k] = ox0;
      this.ox1[k] = ox1;
      this.oy0[k] = oy0;
      this.oy1[k] = oy1;
      if (vx === 0 && vy === 0) {
        this.ux[k] = 0;
        this.uy[k] = 0;
      } else {
        // Same expressions as build().
        const iv2 = 1 / (vx * vx + vy * vy);
        this.ux[k] = vx * iv2;
        this.uy[k] = vy * iv2;
      }
      k++;
    }
    this.n = k;
  }

  private grow(cap: number): void {
    this.idx = new Int32Array(cap);
    this.rh = new Float64Array(cap);
    this.rc = new Float64Array(cap);
    this.ux = new Float64Array(cap);
    this.uy = new Float64Array(cap);
    this.ox0 = new Float64Array(cap);
    this.ox1 = new Float64Array(cap);
    this.oy0 = new Float64Array(cap);
    this.oy1 = new Float64Array(cap);
  }
}

export class InfluenceMap {
  readonly cols: number;
  readonly rows: number;
  /** Row-major: values[row * cols + col]. Cells outside the last built window are stale. */
  readonly values: Float64Array;
  /** The cell window of the last build (inclusive) and its time in frames from now. */
  c0 = 0;
  c1 = 0;
  r0 = 0;
  r1 = 0;
  time = 0;
  private readonly painter: WindowPainter;

  constructor(
    readonly width: number,
    readonly height: number,
    readonly cell = GRID_CELL,
  ) {
    this.cols = Math.ceil(width / cell);
    this.rows = Math.ceil(height / cell);
    this.values = new Float64Array(this.cols * this.rows);
    this.painter = new WindowPainter(this.rows);
  }

  /** Centre of column c / row r in field units. */
  cx(c: number): number {
    return (c + 0.5) * this.cell;
  }

  cy(r: number): number {
    return (r + 0.5) * this.cell;
  }

  value(c: number, r: number): number {
    return this.values[r * this.cols + c]!;
  }

  /**
   * Builds the map for obstacles extrapolated t frames ahead, over the whole field or over the cell
   * window [c0, c1] × [r0, r1]. Cell values are the same whichever window is used.
   */
  build(w: DodgeWorld, t: number, c0 = 0, c1 = this.cols - 1, r0 = 0, r1 = this.rows - 1): this {
    c0 = c0 < 0 ? 0 : c0;
    r0 = r0 < 0 ? 0 : r0;
    c1 = c1 >= this.cols ? this.cols - 1 : c1;
    r1 = r1 >= this.rows ? this.rows - 1 : r1;
    this.c0 = c0;
    this.c1 = c1;
    this.r0 = r0;
    this.r1 = r1;
    this.time = t;
    const vals = this.values;
    const cols = this.cols;
    const cell = this.cell;
    const inv = 1 / cell;
    for (let r = r0; r <= r1; r++) vals.fill(0, r * cols + c0, r * cols + c1 + 1);
    if (c1 < c0 || r1 < r0) return this;
    // Window bounds in field units (cell centres), for a quick reject.
    const wx0 = (c0 + 0.5) * cell;
    const wx1 = (c1 + 0.5) * cell;
    const wy0 = (r0 + 0.5) * cell;
    const wy1 = (r1 + 0.5) * cell;
    const n = w.count;
    const shipR = w.shipR;
    for (let i = 0; i < n; i++) {
      const vx = w.vx[i]!;
      const vy = w.vy[i]!;
      const bx = w.x[i]! + vx * t;
      const by = w.y[i]! + vy * t;
      const rh = w.r[i]! + shipR;
      // Circle: centres within rh·Cci.
      const R = rh * CCI;
      if (bx + R >= wx0 && bx - R <= wx1 && by + R >= wy0 && by - R <= wy1) {
        let ca = Math.ceil((bx - R) * inv - 0.5);
        let cb = Math.floor((bx + R) * inv - 0.5);
        let ra = Math.ceil((by - R) * inv - 0.5);
        let rb = Math.floor((by + R) * inv - 0.5);
        if (ca < c0) ca = c0;
        if (cb > c1) cb = c1;
        if (ra < r0) ra = r0;
        if (rb > r1) rb = r1;
        for (let r = ra; r <= rb; r++) {
          const dy = (r + 0.5) * cell - by;
          const base = r * cols;
          for (let c = ca; c <= cb; c++) {
            const d = dangerCircle((c + 0.5) * cell - bx, dy, rh);
            if (d > vals[base + c]!) vals[base + c] = d;
          }
        }
      }
      if (vx === 0 && vy === 0) continue;
      // (m, s) = (v·d, v×d) / |v|²: the same quantities as dangerTriangle(), with 1/|v|² hoisted.
      const iv2 = 1 / (vx * vx + vy * vy);
      const ux = vx * iv2;
      const uy = vy * iv2;
      // Triangle: apex at b, far edge Ctr1 frames ahead, half-width Ctr1·Ctr2 (in |v| units).
      const tx = bx + CTR1 * vx;
      const ty = by + CTR1 * vy;
      const hx = -CTR1 * CTR2 * vy;
      const hy = CTR1 * CTR2 * vx;
      const px = tx + hx;
      const py = ty + hy;
      const qx = tx - hx;
      const qy = ty - hy;
      const minX = Math.min(bx, px, qx);
      const maxX = Math.max(bx, px, qx);
      const minY = Math.min(by, py, qy);
      const maxY = Math.max(by, py, qy);
      if (maxX < wx0 - cell || minX > wx1 + cell || maxY < wy0 - cell || minY > wy1 + cell) continue;
      let ra = Math.ceil(minY * inv - 0.5) - 1;
      let rb = Math.floor(maxY * inv - 0.5) + 1;
      if (ra < r0) ra = r0;
      if (rb > r1) rb = r1;
      for (let r = ra; r <= rb; r++) {
        const gy = (r + 0.5) * cell;
        // x-extent of the triangle on the line y = gy (edges b–p, p–q, q–b).
        let xa = Infinity;
        let xb = -Infinity;
        let e: number;
        if ((by <= gy && gy <= py) || (py <= gy && gy <= by)) {
          e = py === by ? Math.min(bx, px) : bx + ((gy - by) * (px - bx)) / (py - by);
          if (e < xa) xa = e;
          e = py === by ? Math.max(bx, px) : e;
          if (e > xb) xb = e;
        }
        if ((py <= gy && gy <= qy) || (qy <= gy && gy <= py)) {
          e = qy === py ? Math.min(px, qx) : px + ((gy - py) * (qx - px)) / (qy - py);
          if (e < xa) xa = e;
          e = qy === py ? Math.max(px, qx) : e;
          if (e > xb) xb = e;
        }
        if ((qy <= gy && gy <= by) || (by <= gy && gy <= qy)) {
          e = by === qy ? Math.min(qx, bx) : qx + ((gy - qy) * (bx - qx)) / (by - qy);
          if (e < xa) xa = e;
          e = by === qy ? Math.max(qx, bx) : e;
          if (e > xb) xb = e;
        }
        if (xa > xb) continue;
        // One extra cell each side absorbs rounding; cells outside the triangle compute 0.
        let ca = Math.ceil(xa * inv - 0.5) - 1;
        let cb = Math.floor(xb * inv - 0.5) + 1;
        if (ca < c0) ca = c0;
        if (cb > c1) cb = c1;
        const dy = gy - by;
        const base = r * cols;
        const my = uy * dy;
        const sy = ux * dy;
        for (let c = ca; c <= cb; c++) {
          const dx = (c + 0.5) * cell - bx;
          const m = ux * dx + my;
          if (m <= 0 || m >= CTR1) continue;
          const s = sy - uy * dx;
          const lat = 1 - (s < 0 ? -s : s) / (m * CTR2);
          if (lat <= 0) continue;
          const d = IMAX * (1 - m / CTR1) * lat;
          if (d > vals[base + c]!) vals[base + c] = d;
        }
      }
    }
    const W = this.width;
    // Maze stages: the walls are the border and nothing enters from the field edges: no edge bands.
    if (!w.walls)
      for (let r = r0; r <= r1; r++) {
        const gy = (r + 0.5) * cell;
        const base = r * cols;
        for (let c = c0; c <= c1; c++) {
          const e = edgeDanger((c + 0.5) * cell, gy, W);
          if (e !== 0) vals[base + c] = vals[base + c]! + e;
        }
      }
    return this;
  }

  /**
   * build(w, t, c0, c1, r0, r1) for a small window, drawing only the shapes `s` collected for it:
   * the same cell values, bit for bit (window-painter.ts).
   */
  buildWindow(w: DodgeWorld, t: number, c0: number, c1: number, r0: number, r1: number, s: MapShapes): this {
    this.setWindow(t, c0, c1, r0, r1);
    this.painter.paint(this, w, t, this.c0, this.c1, this.r0, this.r1, s);
    return this;
  }

  private setWindow(t: number, c0: number, c1: number, r0: number, r1: number): void {
    this.c0 = c0 < 0 ? 0 : c0;
    this.r0 = r0 < 0 ? 0 : r0;
    this.c1 = c1 >= this.cols ? this.cols - 1 : c1;
    this.r1 = r1 >= this.rows ? this.rows - 1 : r1;
    this.time = t;
  }

  /** Reference build: every cell against every object (tests compare it with build()). */
  buildNaive(w: DodgeWorld, t: number): this {
    this.c0 = 0;
    this.r0 = 0;
    this.c1 = this.cols - 1;
    this.r1 = this.rows - 1;
    this.time = t;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const gx = (c + 0.5) * this.cell;
        const gy = (r + 0.5) * this.cell;
        let m = 0;
        for (let i = 0; i < w.count; i++) {
          const vx = w.vx[i]!;
          const vy = w.vy[i]!;
          const d = dangerOf(gx - (w.x[i]! + vx * t), gy - (w.y[i]! + vy * t), vx, vy, w.r[i]! + w.shipR);
          if (d > m) m = d;
        }
        const e = w.walls ? 0 : edgeDanger(gx, gy, this.width);
        this.values[r * this.cols + c] = e !== 0 ? m + e : m;
      }
    }
    return this;
  }
}
