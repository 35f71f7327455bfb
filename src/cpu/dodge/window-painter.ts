// Drawing a window of the influence map from MapShapes, for the fast search's 1-frame levels (its
// positions lie closer than a cell: the window is about the cells they read; multi-frame levels
// draw single cells, cell-painter.ts): the same cell values as InfluenceMap.build(), bit for bit
// (the same expressions; a cell is skipped only when what it would get cannot exceed what it
// holds). Circles are drawn first; triangles follow in
// decreasing order of the most they can give the window, so that in dense fields the first few
// raise the cells and most of the rest are skipped whole, the others cell by cell with cheap tests.
import { CTR1, CTR2, EDGE_BAND, IMAX } from './constants';
import { dangerCircle } from './danger';
import { edgeDanger } from './edge-danger';
import type { InfluenceMap, MapShapes } from './influence-map';
import type { DodgeWorld } from './world';

/** Buckets the window's triangles are sorted into by their bound (highest first). */
const BUCKETS = 16;
/**
 * Slack on the bounds of m and s over a box, relative to the size of their terms: far above the
 * rounding of m and s as a cell computes them (~1e-16 of that size), so that every cell's computed
 * m and s lie within the bounds. A bound of a cell's value is then the value formula on those
 * bounds, up to the rounding of evaluating it (~1e-14), which BOUND_MARGIN covers.
 */
const M_SLACK = 1e-9;
const BOUND_MARGIN = 1e-5;
/** The lateral factor (1 − |s|min/(mMax·Ctr2)) enters a bound only when |s|min is at least this (else it is about 1). */
const LAT_MIN = 1e-2;
const INV_CTR1 = 1 / CTR1;

export class WindowPainter {
  /** The window's triangles: shape index, apex at the build time, bound, bucket; their order. */
  private triJ = new Int32Array(256);
  private triX = new Float64Array(256);
  private triY = new Float64Array(256);
  private triUb = new Float64Array(256);
  private triB = new Int32Array(256);
  private order = new Int32Array(256);
  private readonly counts = new Int32Array(BUCKETS);
  private readonly starts = new Int32Array(BUCKETS);
  /** Per row of the map: the range of columns holding cells to draw, and a lower bound of those cells. */
  private rowLo: Int32Array;
  private rowHi: Int32Array;
  private rowLow: Float64Array;
  /** Per row: written since its least was taken. */
  private rowDirty: Uint8Array;

  constructor(rows: number) {
    this.rowDirty = new Uint8Array(rows);
    this.rowLo = new Int32Array(rows);
    this.rowHi = new Int32Array(rows);
    this.rowLow = new Float64Array(rows);
  }

  /** Draws `map` at time t over [c0, c1] × [r0, r1] (clamped to the grid) from the shapes `s`. */
  paint(map: InfluenceMap, w: DodgeWorld, t: number, c0: number, c1: number, r0: number, r1: number, s: MapShapes): void {
    const vals = map.values;
    const cols = map.cols;
    const cell = map.cell;
    const inv = 1 / cell;
    if (c1 < c0 || r1 < r0) return;
    // Per row, the columns to draw: the window's.
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    for (let r = r0; r <= r1; r++) {
      rowLo[r] = c0;
      rowHi[r] = c1;
      vals.fill(0, r * cols + c0, r * cols + c1 + 1);
    }
    const wx0 = (c0 + 0.5) * cell;
    const wx1 = (c1 + 0.5) * cell;
    const wy0 = (r0 + 0.5) * cell;
    const wy1 = (r1 + 0.5) * cell;
    // The window's centre and half sizes: m and s are linear in the point, so over the window they
    // lie within their value at the centre ± (|ux|·hw + |uy|·hh) for m, ± (|ux|·hh + |uy|·hw) for s.
    const xc = (wx0 + wx1) * 0.5;
    const yc = (wy0 + wy1) * 0.5;
    const hw = (wx1 - wx0) * 0.5;
    const hh = (wy1 - wy0) * 0.5;
    const span = map.width + map.height;
    const n = s.n;
    if (this.triJ.length < n) this.grow(n * 2);
    const triJ = this.triJ;
    const triX = this.triX;
    const triY = this.triY;
    const triUb = this.triUb;
    const triB = this.triB;
    const counts = this.counts;
    counts.fill(0);
    let nt = 0;
    for (let j = 0; j < n; j++) {
      const i = s.idx[j]!;
      const vx = w.vx[i]!;
      const vy = w.vy[i]!;
      const bx = w.x[i]! + vx * t;
      const by = w.y[i]! + vy * t;
      if (bx + s.ox0[j]! > wx1 || bx + s.ox1[j]! < wx0 || by + s.oy0[j]! > wy1 || by + s.oy1[j]! < wy0) continue;
      const rh = s.rh[j]!;
      const R = s.rc[j]!;
      if (bx + R >= wx0 && bx - R <= wx1 && by + R >= wy0 && by - R <= wy1) {
        let ra = Math.ceil((by - R) * inv - 0.5);
        let rb = Math.floor((by + R) * inv - 0.5);
        if (ra < r0) ra = r0;
        if (rb > r1) rb = r1;
        const ca0 = Math.ceil((bx - R) * inv - 0.5);
        const cb0 = Math.floor((bx + R) * inv - 0.5);
        for (let r = ra; r <= rb; r++) {
          const ca = ca0 < rowLo[r]! ? rowLo[r]! : ca0;
          const cb = cb0 > rowHi[r]! ? rowHi[r]! : cb0;
          const dy = (r + 0.5) * cell - by;
          const base = r * cols;
          for (let c = ca; c <= cb; c++) {
            const d = dangerCircle((c + 0.5) * cell - bx, dy, rh);
            if (d > vals[base + c]!) vals[base + c] = d;
          }
        }
      }
      if (vx === 0 && vy === 0) continue;
      // The most the triangle can give a cell of the window: Imax·(1 − mMin/Ctr1)·(1 − |s|min/(mMax·Ctr2)).
      const ux = s.ux[j]!;
      const uy = s.uy[j]!;
      const aux = ux < 0 ? -ux : ux;
      const auy = uy < 0 ? -uy : uy;
      const sl = M_SLACK * (1 + (aux + auy) * ((bx < 0 ? -bx : bx) + (by < 0 ? -by : by) + span));
      const mc = ux * (xc - bx) + uy * (yc - by);
      const mr = aux * hw + auy * hh + sl;
      const mMax = mc + mr;
      const mMin = mc - mr;
      if (mMax <= 0 || mMin >= CTR1) continue;
      let ub = mMin <= 0 ? IMAX : IMAX * (1 - mMin * INV_CTR1);
      const sc = ux * (yc - by) - uy * (xc - bx);
      const sr = aux * hh + auy * hw + sl;
      const aS = sc - sr > 0 ? sc - sr : sc + sr < 0 ? -(sc + sr) : 0;
      if (aS >= LAT_MIN) ub *= 1 - aS / (mMax * CTR2);
      ub += BOUND_MARGIN;
      if (ub <= 0) continue;
      let b = Math.floor(ub * (BUCKETS / IMAX));
      if (b >= BUCKETS) b = BUCKETS - 1;
      if (b < 0) b = 0;
      triJ[nt] = j;
      triX[nt] = bx;
      triY[nt] = by;
      triUb[nt] = ub;
      triB[nt] = b;
      counts[b]++;
      nt++;
    }
    if (nt > 0) this.drawTriangles(map, w, s, nt, r0, r1);
    // Maze stages: the walls are the border and nothing enters from the field edges: no edge bands.
    const W = map.width;
    if (!w.walls && (wy0 < EDGE_BAND || wx0 < EDGE_BAND || wx1 > W - EDGE_BAND)) {
      for (let r = r0; r <= r1; r++) {
        const gy = (r + 0.5) * cell;
        const base = r * cols;
        for (let c = rowLo[r]!; c <= rowHi[r]!; c++) {
          const e = edgeDanger((c + 0.5) * cell, gy, W);
          if (e !== 0) vals[base + c] = vals[base + c]! + e;
        }
      }
    }
  }

  /**
   * The window's triangles by bucket, highest first. Before each bucket the least value of every
   * row (of its drawn columns) is taken again: a bucket whose bounds cannot beat the least of all
   * ends the drawing, a triangle that cannot is skipped, and a row it cannot raise is skipped.
   */
  private drawTriangles(map: InfluenceMap, w: DodgeWorld, s: MapShapes, nt: number, r0: number, r1: number): void {
    const vals = map.values;
    const cols = map.cols;
    const counts = this.counts;
    const starts = this.starts;
    let acc = 0;
    for (let b = BUCKETS - 1; b >= 0; b--) {
      starts[b] = acc;
      acc += counts[b]!;
    }
    const order = this.order;
    const triB = this.triB;
    for (let q = 0; q < nt; q++) order[starts[triB[q]!]!++] = q;
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    const rowLow = this.rowLow;
    const dirty = this.rowDirty;
    dirty.fill(1, r0, r1 + 1);
    let q = 0;
    for (let b = BUCKETS - 1; b >= 0 && q < nt; b--) {
      const end = q + counts[b]!;
      if (end === q) continue;
      // Rows written since their least was taken take it again.
      let low = Infinity;
      for (let r = r0; r <= r1; r++) {
        if (dirty[r] !== 0) {
          dirty[r] = 0;
          const base = r * cols;
          let lr = Infinity;
          for (let c = rowLo[r]!; c <= rowHi[r]!; c++) if (vals[base + c]! < lr) lr = vals[base + c]!;
          rowLow[r] = lr;
        }
        if (rowLow[r]! < low) low = rowLow[r]!;
      }
      // Bounds in bucket b are below (b + 1)·Imax/BUCKETS (up to their rounding).
      if ((b + 1) * (IMAX / BUCKETS) + BOUND_MARGIN <= low) break; // this bucket and every lower one
      for (; q < end; q++) {
        const o = order[q]!;
        const ub = this.triUb[o]!;
        if (ub <= low) continue;
        this.drawTriangle(map, w, s, o, r0, r1);
      }
    }
  }

  /**
   * build()'s triangle of an obstacle at (bx, by) with velocity (vx, vy), (ux, uy) = v/|v|², over the
   * drawn columns of rows r0..r1. A row is skipped when its own bound (m is linear along it, least
   * at an end of the triangle's extent) cannot beat its least cell; a cell when it holds at least
   * the bound, or at least what its m allows (Imax·(1 − m/Ctr1), tested as m ≥ Ctr1·(1 − v/Imax)),
   * or at least top·lat (tested with the division multiplied out); the margins in those tests are
   * far above rounding. Only a cell that rises computes its value, with build()'s expression.
   */
  private drawTriangle(map: InfluenceMap, w: DodgeWorld, s: MapShapes, o: number, r0: number, r1: number): void {
    // (Read here, not passed: double arguments are boxed on every call.)
    const j = this.triJ[o]!;
    const i = s.idx[j]!;
    const bx = this.triX[o]!;
    const by = this.triY[o]!;
    const vx = w.vx[i]!;
    const vy = w.vy[i]!;
    const ux = s.ux[j]!;
    const uy = s.uy[j]!;
    const ub = this.triUb[o]!;
    const vals = map.values;
    const cols = map.cols;
    const cell = map.cell;
    const inv = 1 / cell;
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    const rowLow = this.rowLow;
    const dirty = this.rowDirty;
    const tx = bx + CTR1 * vx;
    const ty = by + CTR1 * vy;
    const hx = -CTR1 * CTR2 * vy;
    const hy = CTR1 * CTR2 * vx;
    const px = tx + hx;
    const py = ty + hy;
    const qx = tx - hx;
    const qy = ty - hy;
    let ra = Math.ceil(Math.min(by, py, qy) * inv - 0.5) - 1;
    let rb = Math.floor(Math.max(by, py, qy) * inv - 0.5) + 1;
    if (ra < r0) ra = r0;
    if (rb > r1) rb = r1;
    // The slack of m as in paint() (relative to the size of its terms).
    const sl =
      M_SLACK * (1 + ((ux < 0 ? -ux : ux) + (uy < 0 ? -uy : uy)) * ((bx < 0 ? -bx : bx) + (by < 0 ? -by : by) + map.width + map.height));
    // Inverse slopes of the edges b–p, p–q, q–b (unused for a horizontal edge: its ends are taken).
    const kbp = py === by ? 0 : (px - bx) / (py - by);
    const kpq = qy === py ? 0 : (qx - px) / (qy - py);
    const kqb = by === qy ? 0 : (bx - qx) / (by - qy);
    for (let r = ra; r <= rb; r++) {
      if (rowLow[r]! >= ub) continue;
      const gy = (r + 0.5) * cell;
      // x-extent of the triangle on the line y = gy; one extra cell each side absorbs rounding
      // (cells outside the triangle compute 0).
      let xa = Infinity;
      let xb = -Infinity;
      let e: number;
      if ((by <= gy && gy <= py) || (py <= gy && gy <= by)) {
        e = py === by ? Math.min(bx, px) : bx + (gy - by) * kbp;
        if (e < xa) xa = e;
        e = py === by ? Math.max(bx, px) : e;
        if (e > xb) xb = e;
      }
      if ((py <= gy && gy <= qy) || (qy <= gy && gy <= py)) {
        e = qy === py ? Math.min(px, qx) : px + (gy - py) * kpq;
        if (e < xa) xa = e;
        e = qy === py ? Math.max(px, qx) : e;
        if (e > xb) xb = e;
      }
      if ((qy <= gy && gy <= by) || (by <= gy && gy <= qy)) {
        e = by === qy ? Math.min(qx, bx) : qx + (gy - qy) * kqb;
        if (e < xa) xa = e;
        e = by === qy ? Math.max(qx, bx) : e;
        if (e > xb) xb = e;
      }
      if (xa > xb) continue;
      let ca = Math.ceil(xa * inv - 0.5) - 1;
      let cb = Math.floor(xb * inv - 0.5) + 1;
      if (ca < rowLo[r]!) ca = rowLo[r]!;
      if (cb > rowHi[r]!) cb = rowHi[r]!;
      if (ca > cb) continue;
      const dy = gy - by;
      const base = r * cols;
      const my = uy * dy;
      const sy = ux * dy;
      const ma = ux * ((ca + 0.5) * cell - bx) + my;
      const mb = ux * ((cb + 0.5) * cell - bx) + my;
      const mMin = (ma < mb ? ma : mb) - sl;
      const rowUb = mMin <= 0 ? ub : IMAX * (1 - mMin * INV_CTR1) + BOUND_MARGIN;
      const cap = rowUb < ub ? rowUb : ub;
      if (rowLow[r]! >= cap) continue;
      for (let c = ca; c <= cb; c++) {
        const v = vals[base + c]!;
        if (v >= cap) continue;
        const dx = (c + 0.5) * cell - bx;
        const m = ux * dx + my;
        if (m <= 0 || m >= CTR1 - v * (CTR1 / IMAX) + 1e-9) continue;
        const sv = sy - uy * dx;
        const as = sv < 0 ? -sv : sv;
        const A = m * CTR2;
        if (as >= A) continue; // lat ≤ 0
        const top = IMAX * (1 - m / CTR1);
        // top·lat = top·(A − |s|)/A: no rise when that is below v by more than rounding.
        if (top * (A - as) + 1e-9 * A < v * A) continue;
        const lat = 1 - as / A;
        const d = top * lat;
        if (d > v) {
          vals[base + c] = d;
          dirty[r] = 1;
        }
      }
    }
  }

  private grow(cap: number): void {
    this.triJ = new Int32Array(cap);
    this.triX = new Float64Array(cap);
    this.triY = new Float64Array(cap);
    this.triUb = new Float64Array(cap);
    this.triB = new Int32Array(cap);
    this.order = new Int32Array(cap);
  }
}
