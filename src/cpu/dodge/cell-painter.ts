// Single cells of the influence map, for the fast search's pruned last step: the few cells its
// leaves read are scattered over the window, where drawing shapes row by row (window-painter.ts)
// would pay for every row between them. Each cell gets build()'s value from the shapes that can
// reach it: the max over the circles and triangles, with build()'s expressions, plus the edge
// band. A cell outside the cells build() visits for a shape gets nothing from it there either
// (the circle and the triangle are 0 outside their support; build()'s extra cell each side only
// absorbs rounding), so the values are the same bit for bit (tests compare them with build()).
import { CTR1, CTR2, IMAX } from './constants';
import { dangerCircle } from './danger';
import { edgeDanger } from './edge-danger';
import type { InfluenceMap, MapShapes } from './influence-map';
import type { DodgeWorld } from './world';

export class CellPainter {
  /** Per shape: its obstacle's position at the time of the cells. */
  private bx = new Float64Array(256);
  private by = new Float64Array(256);
  /** The shapes near the cells of one fill(). */
  private near = new Int32Array(256);

  /** build(w, t)'s value of each cell cells[0 .. n) (row-major indices) into map.values. */
  fill(map: InfluenceMap, w: DodgeWorld, t: number, s: MapShapes, cells: Int32Array, n: number): void {
    const vals = map.values;
    const cols = map.cols;
    const cell = map.cell;
    // The cells' box, and the shapes whose support reaches it (their position at time t).
    let r0 = Infinity;
    let r1 = -Infinity;
    let c0 = Infinity;
    let c1 = -Infinity;
    for (let q = 0; q < n; q++) {
      const idx = cells[q]!;
      const r = (idx / cols) | 0;
      const c = idx - r * cols;
      if (r < r0) r0 = r;
      if (r > r1) r1 = r;
      if (c < c0) c0 = c;
      if (c > c1) c1 = c;
    }
    const gx0 = (c0 + 0.5) * cell;
    const gx1 = (c1 + 0.5) * cell;
    const gy0 = (r0 + 0.5) * cell;
    const gy1 = (r1 + 0.5) * cell;
    const ns = s.n;
    if (this.bx.length < ns) {
      this.bx = new Float64Array(ns * 2);
      this.by = new Float64Array(ns * 2);
      this.near = new Int32Array(ns * 2);
    }
    const BX = this.bx;
    const BY = this.by;
    const near = this.near;
    let nn = 0;
    for (let j = 0; j < ns; j++) {
      const i = s.idx[j]!;
      const bx = w.x[i]! + w.vx[i]! * t;
      const by = w.y[i]! + w.vy[i]! * t;
      if (gx1 < bx + s.ox0[j]! || gx0 > bx + s.ox1[j]! || gy1 < by + s.oy0[j]! || gy0 > by + s.oy1[j]!) continue;
      BX[j] = bx;
      BY[j] = by;
      near[nn++] = j;
    }
    const W = map.width;
    const edges = !w.walls;
    for (let q = 0; q < n; q++) {
      const idx = cells[q]!;
      const r = (idx / cols) | 0;
      const c = idx - r * cols;
      const gx = (c + 0.5) * cell;
      const gy = (r + 0.5) * cell;
      let v = 0;
      for (let q2 = 0; q2 < nn; q2++) {
        const j = near[q2]!;
        const bx = BX[j]!;
        const by = BY[j]!;
        // The support's box (circle and triangle, a cell of slack): nothing outside it.
        if (gx < bx + s.ox0[j]! || gx > bx + s.ox1[j]! || gy < by + s.oy0[j]! || gy > by + s.oy1[j]!) continue;
        const dy = gy - by;
        const dx = gx - bx;
        const d = dangerCircle(dx, dy, s.rh[j]!);
        if (d > v) v = d;
        const ux = s.ux[j]!;
        const uy = s.uy[j]!;
        if (ux === 0 && uy === 0) continue;
        // build()'s triangle expressions: m = v·d/|v|², s = v×d/|v|².
        const m = ux * dx + uy * dy;
        if (m <= 0 || m >= CTR1) continue;
        // top·lat ≤ top (lat ≤ 1, and rounding keeps the order): nothing to gain when top ≤ v.
        const top = IMAX * (1 - m / CTR1);
        if (top <= v) continue;
        const sv = ux * dy - uy * dx;
        const lat = 1 - (sv < 0 ? -sv : sv) / (m * CTR2);
        if (lat <= 0) continue;
        const e = top * lat;
        if (e > v) v = e;
      }
      if (edges) {
        const e = edgeDanger(gx, gy, W);
        if (e !== 0) v = v + e;
      }
      vals[idx] = v;
    }
  }
}
