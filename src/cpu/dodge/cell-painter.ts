// Single cells of the influence map, for the fast search (every multi-frame level): the cells its lattice positions read
// are scattered over the window (a few per position, cells apart with multi-frame steps), where
// drawing shapes row by row (window-painter.ts) pays for every row and column between them. Each
// cell gets build()'s value from the shapes that can reach it: the max over the circles and
// triangles, with build()'s expressions, plus the edge band. A cell outside the cells build()
// visits for a shape gets nothing from it there either (the circle and the triangle are 0
// outside their support; build()'s extra cell each side only absorbs rounding), so the values are
// the same bit for bit (tests compare them with build()).
import { CCI, CTR1, CTR2, IMAX } from './constants';
import { edgeDanger } from './edge-danger';
import type { InfluenceMap, MapShapes } from './influence-map';
import type { DodgeWorld } from './world';

export class CellPainter {
  /**
   * The shapes near the cells of one fill(), packed in order: their support's box at the cells'
   * time (x0, x1, y0, y1), the obstacle's position (bx, by), Rhit²·Cci² (dangerCircle's
   * denominator), and v/|v|² (ux, uy).
   */
  private x0 = new Float64Array(256);
  private x1 = new Float64Array(256);
  private y0 = new Float64Array(256);
  private y1 = new Float64Array(256);
  private bx = new Float64Array(256);
  private by = new Float64Array(256);
  private r2 = new Float64Array(256);
  private ux = new Float64Array(256);
  private uy = new Float64Array(256);

  /** The cells of one fill(): their centres, and the max over the shapes taken so far. */
  private cx = new Float64Array(256);
  private cy = new Float64Array(256);
  private cv = new Float64Array(256);

  /**
   * build(w, t)'s value of each cell cells[0 .. n) (row-major indices) into map.values. Shape by
   * shape over the cells: each cell still takes the shapes in the same order (the same max, bit
   * for bit), but one shape's tests come out alike on neighbouring cells, which cells[] lists
   * together, so the branches predict far better than cell by cell over the shapes (≈ 1.2×).
   */
  fill(map: InfluenceMap, w: DodgeWorld, t: number, s: MapShapes, cells: Int32Array, n: number): void {
    const cols = map.cols;
    const cell = map.cell;
    // Row of a cell index: (idx + ½)/cols lies at least ½/cols from an integer, far beyond the
    // product's rounding, so the product by 1/cols truncates to the same row as the division.
    const invCols = 1 / cols;
    if (this.cx.length < n) {
      this.cx = new Float64Array(n * 2);
      this.cy = new Float64Array(n * 2);
      this.cv = new Float64Array(n * 2);
    }
    const CX = this.cx;
    const CY = this.cy;
    const CV = this.cv;
    // The cells' centres and box, and the shapes whose support reaches the box.
    let r0 = 0x3fffffff;
    let r1 = -1;
    let c0 = 0x3fffffff;
    let c1 = -1;
    for (let q = 0; q < n; q++) {
      const idx = cells[q]!;
      const r = ((idx + 0.5) * invCols) | 0;
      const c = idx - r * cols;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
      CX[q] = (c + 0.5) * cell;
      CY[q] = (r + 0.5) * cell;
      CV[q] = 0;
    }
    const nn = this.near(w, t, s, (c0 + 0.5) * cell, (c1 + 0.5) * cell, (r0 + 0.5) * cell, (r1 + 0.5) * cell);
    const X0 = this.x0;
    const X1 = this.x1;
    const Y0 = this.y0;
    const Y1 = this.y1;
    for (let j = 0; j < nn; j++) {
      const x0 = X0[j]!;
      const x1 = X1[j]!;
      const y0 = Y0[j]!;
      const y1 = Y1[j]!;
      const bx = this.bx[j]!;
      const by = this.by[j]!;
      const r2 = this.r2[j]!;
      const ux = this.ux[j]!;
      const uy = this.uy[j]!;
      const still = ux === 0 && uy === 0;
      for (let q = 0; q < n; q++) {
        const gx = CX[q]!;
        const gy = CY[q]!;
        // The support's box (circle and triangle, a cell of slack): nothing outside it.
        if (gx < x0 || gx > x1 || gy < y0 || gy > y1) continue;
        let v = CV[q]!;
        const dx = gx - bx;
        const dy = gy - by;
        // dangerCircle() written out, its division done only where it can be positive (d2 < R2:
        // else d2/R2 ≥ 1) and raise the cell (Imax·q ≤ Imax).
        const d2 = dx * dx + dy * dy;
        if (d2 < r2 && v < IMAX) {
          const q2 = 1 - d2 / r2;
          if (q2 > 0 && IMAX * q2 > v) CV[q] = v = IMAX * q2;
        }
        if (still) continue;
        // build()'s triangle expressions: m = v·d/|v|², s = v×d/|v|². The tests that skip a shape
        // before a division are window-painter.ts's: they skip only what cannot raise the cell
        // (margins of 1e−9, far above the rounding).
        const m = ux * dx + uy * dy;
        if (m <= 0 || m >= CTR1 - v * (CTR1 / IMAX) + 1e-9) continue;
        const sv = ux * dy - uy * dx;
        const as = sv < 0 ? -sv : sv;
        const A = m * CTR2;
        if (as >= A) continue; // lat ≤ 0
        const top = IMAX * (1 - m / CTR1);
        if (top * (A - as) + 1e-9 * A < v * A) continue;
        const lat = 1 - as / A;
        if (lat <= 0) continue;
        const e = top * lat;
        if (e > v) CV[q] = e;
      }
    }
    const vals = map.values;
    const W = map.width;
    const edges = !w.walls;
    for (let q = 0; q < n; q++) {
      let v = CV[q]!;
      if (edges) {
        const e = edgeDanger(CX[q]!, CY[q]!, W);
        if (e !== 0) v = v + e;
      }
      vals[cells[q]!] = v;
    }
  }

  /** The shapes whose support reaches the box [gx0, gx1] × [gy0, gy1] at time t, packed; returns their count. */
  private near(w: DodgeWorld, t: number, s: MapShapes, gx0: number, gx1: number, gy0: number, gy1: number): number {
    const ns = s.n;
    if (this.x0.length < ns) this.grow(ns * 2);
    const X0 = this.x0;
    const X1 = this.x1;
    const Y0 = this.y0;
    const Y1 = this.y1;
    const BX = this.bx;
    const BY = this.by;
    const R2 = this.r2;
    const UX = this.ux;
    const UY = this.uy;
    const idxs = s.idx;
    const ox0 = s.ox0;
    const ox1 = s.ox1;
    const oy0 = s.oy0;
    const oy1 = s.oy1;
    let nn = 0;
    for (let j = 0; j < ns; j++) {
      const i = idxs[j]!;
      const bx = w.x[i]! + w.vx[i]! * t;
      const by = w.y[i]! + w.vy[i]! * t;
      const x0 = bx + ox0[j]!;
      const x1 = bx + ox1[j]!;
      const y0 = by + oy0[j]!;
      const y1 = by + oy1[j]!;
      if (gx1 < x0 || gx0 > x1 || gy1 < y0 || gy0 > y1) continue;
      X0[nn] = x0;
      X1[nn] = x1;
      Y0[nn] = y0;
      Y1[nn] = y1;
      BX[nn] = bx;
      BY[nn] = by;
      const rh = s.rh[j]!;
      R2[nn] = rh * rh * (CCI * CCI);
      UX[nn] = s.ux[j]!;
      UY[nn] = s.uy[j]!;
      nn++;
    }
    return nn;
  }

  private grow(cap: number): void {
    this.x0 = new Float64Array(cap);
    this.x1 = new Float64Array(cap);
    this.y0 = new Float64Array(cap);
    this.y1 = new Float64Array(cap);
    this.bx = new Float64Array(cap);
    this.by = new Float64Array(cap);
    this.r2 = new Float64Array(cap);
    this.ux = new Float64Array(cap);
    this.uy = new Float64Array(cap);
  }
}
