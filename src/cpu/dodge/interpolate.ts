// Danger at the ship position from the grid (paper A.3). g0 is the nearest cell centre; gx1 / gy1
// the next centres toward the ship along x / y, g11 the diagonal one. When the offset from g0 is
// diagonal-ish (its angles with both axes exceed Can = arctan ½, i.e. 2|dy| > |dx| and 2|dx| > |dy|,
// no trigonometry needed) the value runs linearly toward g11 by L1 distance; otherwise the x and y
// differences are added separately. Neighbours outside the grid count as g0 itself.
import type { InfluenceMap } from './influence-map';

/** The cells interpolateDanger() reads at a point and how it weighs them (see interpolationReads). */
export interface InterpolationReads {
  /** g0, the nearest cell centre (column, row). */
  c0: number;
  r0: number;
  /** The next centres toward the point (c1 = c0 / r1 = r0 at the grid's edge). */
  c1: number;
  r1: number;
  /** |offset| from g0's centre along x and y. */
  adx: number;
  ady: number;
  /** Diagonal cone: reads g0 and (c1, r1); otherwise g0, (c1, r0) and (c0, r1). */
  diag: boolean;
}

/** Fills `o` with what interpolateDanger() reads at (x, y) on a grid of cols × rows cells of size `cell`. */
export function interpolationReads(
  x: number,
  y: number,
  cell: number,
  cols: number,
  rows: number,
  o: InterpolationReads,
): InterpolationReads {
  let c0 = Math.round(x / cell - 0.5);
  let r0 = Math.round(y / cell - 0.5);
  if (c0 < 0) c0 = 0;
  else if (c0 >= cols) c0 = cols - 1;
  if (r0 < 0) r0 = 0;
  else if (r0 >= rows) r0 = rows - 1;
  const dx = x - (c0 + 0.5) * cell;
  const dy = y - (r0 + 0.5) * cell;
  let c1 = dx >= 0 ? c0 + 1 : c0 - 1;
  let r1 = dy >= 0 ? r0 + 1 : r0 - 1;
  if (c1 < 0 || c1 >= cols) c1 = c0;
  if (r1 < 0 || r1 >= rows) r1 = r0;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  o.c0 = c0;
  o.r0 = r0;
  o.c1 = c1;
  o.r1 = r1;
  o.adx = adx;
  o.ady = ady;
  o.diag = 2 * ady > adx && 2 * adx > ady;
  return o;
}

const READS: InterpolationReads = { c0: 0, r0: 0, c1: 0, r1: 0, adx: 0, ady: 0, diag: false };

export function interpolateDanger(map: InfluenceMap, x: number, y: number): number {
  const cell = map.cell;
  const cols = map.cols;
  const vals = map.values;
  const { c0, r0, c1, r1, adx, ady, diag } = interpolationReads(x, y, cell, cols, map.rows, READS);
  const i0 = vals[r0 * cols + c0]!;
  if (diag) return i0 + ((vals[r1 * cols + c1]! - i0) * (adx + ady)) / (2 * cell);
  const ddx = ((vals[r0 * cols + c1]! - i0) * adx) / cell;
  const ddy = ((vals[r1 * cols + c0]! - i0) * ady) / cell;
  return i0 + ddx + ddy;
}

/**
 * The lowest column (or row) interpolateDanger() reads for any coordinate ≥ v on an axis of n cells
 * of size `cell`: the nearest centre's index, minus one when v lies before that centre. Same
 * expressions as interpolateDanger(), so the window it bounds is exact.
 */
export function readLo(v: number, cell: number, n: number): number {
  let c = Math.round(v / cell - 0.5);
  if (c < 0) c = 0;
  else if (c >= n) c = n - 1;
  return v - (c + 0.5) * cell >= 0 || c === 0 ? c : c - 1;
}

/** The highest column (or row) interpolateDanger() reads for any coordinate ≤ v (see readLo). */
export function readHi(v: number, cell: number, n: number): number {
  let c = Math.round(v / cell - 0.5);
  if (c < 0) c = 0;
  else if (c >= n) c = n - 1;
  return v - (c + 0.5) * cell >= 0 && c < n - 1 ? c + 1 : c;
}

/**
 * interpolateDanger() split by axis, for many points on few distinct coordinates (the fast search's
 * lattice levels): what a coordinate reads along x (columns, offset from g0) or y (rows) is worked
 * out once per distinct value, and at(i, j) combines x entry i with y entry j. Same expressions as
 * interpolateDanger(map, x_i, y_j), so the same value bit for bit.
 */
export class AxisReads {
  private c0 = new Int32Array(64);
  private c1 = new Int32Array(64);
  private ax = new Float64Array(64);
  /** Row entries hold row · cols, ready to add to a column. */
  private r0 = new Int32Array(64);
  private r1 = new Int32Array(64);
  private ay = new Float64Array(64);
  private vals: Float64Array = new Float64Array(0);
  private cell = 1;
  private cols = 0;
  private rows = 0;

  /** Reads `map` with room for nx x entries and ny y entries. */
  reset(map: InfluenceMap, nx: number, ny: number): void {
    this.vals = map.values;
    this.cell = map.cell;
    this.cols = map.cols;
    this.rows = map.rows;
    if (this.c0.length < nx) {
      this.c0 = new Int32Array(nx * 2);
      this.c1 = new Int32Array(nx * 2);
      this.ax = new Float64Array(nx * 2);
    }
    if (this.r0.length < ny) {
      this.r0 = new Int32Array(ny * 2);
      this.r1 = new Int32Array(ny * 2);
      this.ay = new Float64Array(ny * 2);
    }
  }

  setX(i: number, x: number): void {
    axisRead(x, this.cell, 0, this.cols, this.c0, this.c1, this.ax, i);
  }

  setY(j: number, y: number): void {
    axisRead(y, this.cell, 0, this.rows, this.r0, this.r1, this.ay, j);
    // (rows as row · cols: the index of the row's first cell)
    this.r0[j]! *= this.cols;
    this.r1[j]! *= this.cols;
  }

  at(i: number, j: number): number {
    const vals = this.vals;
    const cell = this.cell;
    const c0 = this.c0[i]!;
    const c1 = this.c1[i]!;
    const adx = this.ax[i]!;
    const r0 = this.r0[j]!;
    const r1 = this.r1[j]!;
    const ady = this.ay[j]!;
    const i0 = vals[r0 + c0]!;
    if (2 * ady > adx && 2 * adx > ady) {
      return i0 + ((vals[r1 + c1]! - i0) * (adx + ady)) / (2 * cell);
    }
    const ddx = ((vals[r0 + c1]! - i0) * adx) / cell;
    const ddy = ((vals[r1 + c0]! - i0) * ady) / cell;
    return i0 + ddx + ddy;
  }
}

/**
 * interpolateDanger()'s reads along one axis at coordinate x (field units, n cells of size `cell`):
 * the nearer cell, the other one it blends with, and x's distance from the nearer cell's centre,
 * into i0[s], i1[s] and off[s]. inv: 1/cell when x·inv is exactly x / cell (cell a power of two), else 0.
 */
function axisRead(x: number, cell: number, inv: number, n: number, i0: Int32Array, i1: Int32Array, off: Float64Array, s: number): void {
  let c0 = Math.round((inv > 0 ? x * inv : x / cell) - 0.5);
  if (c0 < 0) c0 = 0;
  else if (c0 >= n) c0 = n - 1;
  const d = x - (c0 + 0.5) * cell;
  let c1 = d >= 0 ? c0 + 1 : c0 - 1;
  if (c1 < 0 || c1 >= n) c1 = c0;
  i0[s] = c0;
  i1[s] = c1;
  off[s] = d < 0 ? -d : d;
}

/** ReadCells' per-axis cache: 1024 slots, a multiplicative hash of the coordinate's integer part. */
const AXIS_SLOTS = 1024;
const AXIS_SHIFT = 22;
const AXIS_HASH = 0x9e3779b1 | 0;

/**
 * A set of cells interpolateDanger() reads: markPoint() adds the cells it reads at a point (same
 * expressions). Cleared in O(1) by a generation stamp; the cells marked since the caller last took
 * them are listed (fresh), so that the fast search draws just these cells of a level's map
 * (cell-painter.ts) and none twice.
 */
export class ReadCells {
  readonly cols: number;
  readonly rows: number;
  readonly cell: number;
  gen = 1;
  /** Per cell (row-major): gen when it is marked. */
  readonly cellGen: Int32Array;
  /** Cells marked since reset() or since the caller last set nFresh to 0 (row-major indices). */
  readonly fresh: Int32Array;
  nFresh = 0;
  /** Per point of markPoint(): columns, rows (as row · cols), |offsets| and the diagonal cone. */
  private pC0 = new Int32Array(64);
  private pC1 = new Int32Array(64);
  private pR0 = new Int32Array(64);
  private pR1 = new Int32Array(64);
  private pAx = new Float64Array(64);
  private pAy = new Float64Array(64);
  private pDiag = new Uint8Array(64);
  /** 1/cell when the cell size is a power of two (x·(1/cell) is then exactly x / cell), else 0. */
  private readonly invCell: number;
  /**
   * markPoint()'s per-axis reads by coordinate, direct-mapped (a level's positions share a few
   * dozen coordinates per axis): the coordinate (NaN: empty), its two columns (rows) and |offset|.
   * They depend on the coordinate and the scale alone.
   */
  private readonly xKey = new Float64Array(AXIS_SLOTS).fill(Number.NaN);
  private readonly xC0 = new Int32Array(AXIS_SLOTS);
  private readonly xC1 = new Int32Array(AXIS_SLOTS);
  private readonly xA = new Float64Array(AXIS_SLOTS);
  private readonly yKey = new Float64Array(AXIS_SLOTS).fill(Number.NaN);
  private readonly yR0 = new Int32Array(AXIS_SLOTS);
  private readonly yR1 = new Int32Array(AXIS_SLOTS);
  private readonly yA = new Float64Array(AXIS_SLOTS);
  private axisScale = Number.NaN;

  constructor(cols: number, rows: number, cell: number) {
    this.cols = cols;
    this.rows = rows;
    this.cell = cell;
    this.invCell = Number.isInteger(cell) && cell > 0 && (cell & (cell - 1)) === 0 ? 1 / cell : 0;
    this.cellGen = new Int32Array(cols * rows);
    this.fresh = new Int32Array(cols * rows);
  }

  reset(): void {
    if (++this.gen === 0x7fffffff) {
      this.cellGen.fill(0);
      this.gen = 1;
    }
    this.nFresh = 0;
  }

  /**
   * Marks the cells interpolateDanger() reads at (px·scale, py·scale), for point i, keeping what it reads there, so that
   * dangers() later gives interpolateDanger() there without working the reads out again (same
   * expressions).
   */
  markPoint(i: number, px: number, py: number, scale: number): void {
    if (i >= this.pAx.length) this.growPoints(i + 1);
    if (scale !== this.axisScale) {
      this.xKey.fill(Number.NaN);
      this.yKey.fill(Number.NaN);
      this.axisScale = scale;
    }
    const sx = this.axisSlot(px, scale, this.cols, this.xKey, this.xC0, this.xC1, this.xA);
    const sy = this.axisSlot(py, scale, this.rows, this.yKey, this.yR0, this.yR1, this.yA);
    const c0 = this.xC0[sx]!;
    const c1 = this.xC1[sx]!;
    const adx = this.xA[sx]!;
    const r0 = this.yR0[sy]!;
    const r1 = this.yR1[sy]!;
    const ady = this.yA[sy]!;
    const diag = 2 * ady > adx && 2 * adx > ady;
    this.pC0[i] = c0;
    this.pC1[i] = c1;
    const cols = this.cols;
    this.pR0[i] = r0 * cols;
    this.pR1[i] = r1 * cols;
    this.pAx[i] = adx;
    this.pAy[i] = ady;
    this.pDiag[i] = diag ? 1 : 0;
    this.add(c0, r0);
    if (diag) this.add(c1, r1);
    else {
      this.add(c1, r0);
      this.add(c0, r1);
    }
  }

  /**
   * The slot of the axis cache (key, first and second cell, |offset|) holding coordinate v's reads
   * along an axis of n cells, worked out there first when it is not: interpolateDanger()'s
   * expressions for that axis (v·scale in field units).
   */
  private axisSlot(v: number, scale: number, n: number, key: Float64Array, i0: Int32Array, i1: Int32Array, off: Float64Array): number {
    const s = Math.imul(v | 0, AXIS_HASH) >>> AXIS_SHIFT;
    if (key[s] === v) return s;
    // (Integers scaled here: a double argument would be boxed on every call.)
    axisRead(v * scale, this.cell, this.invCell, n, i0, i1, off, s);
    key[s] = v;
    return s;
  }

  /**
   * interpolateDanger(map, x, y) at each point i < n of markPoint() with sel[i] ≥ 0 into out[i],
   * once the marked cells hold their values (same expressions).
   */
  dangers(vals: Float64Array, sel: Int32Array, n: number, out: Float64Array): void {
    const cell = this.cell;
    const C0 = this.pC0;
    const C1 = this.pC1;
    const R0 = this.pR0;
    const R1 = this.pR1;
    const AX = this.pAx;
    const AY = this.pAy;
    const DG = this.pDiag;
    for (let i = 0; i < n; i++) {
      if (sel[i]! < 0) continue;
      const c0 = C0[i]!;
      const c1 = C1[i]!;
      const r0 = R0[i]!;
      const r1 = R1[i]!;
      const adx = AX[i]!;
      const ady = AY[i]!;
      const i0 = vals[r0 + c0]!;
      if (DG[i] !== 0) out[i] = i0 + ((vals[r1 + c1]! - i0) * (adx + ady)) / (2 * cell);
      else {
        const ddx = ((vals[r0 + c1]! - i0) * adx) / cell;
        const ddy = ((vals[r1 + c0]! - i0) * ady) / cell;
        out[i] = i0 + ddx + ddy;
      }
    }
  }

  /** dangers() at the points list[0 .. n) only. */
  dangersOf(vals: Float64Array, list: Int32Array, n: number, out: Float64Array): void {
    const cell = this.cell;
    for (let q = 0; q < n; q++) {
      const i = list[q]!;
      const c0 = this.pC0[i]!;
      const c1 = this.pC1[i]!;
      const r0 = this.pR0[i]!;
      const r1 = this.pR1[i]!;
      const adx = this.pAx[i]!;
      const ady = this.pAy[i]!;
      const i0 = vals[r0 + c0]!;
      if (this.pDiag[i] !== 0) out[i] = i0 + ((vals[r1 + c1]! - i0) * (adx + ady)) / (2 * cell);
      else {
        const ddx = ((vals[r0 + c1]! - i0) * adx) / cell;
        const ddy = ((vals[r1 + c0]! - i0) * ady) / cell;
        out[i] = i0 + ddx + ddy;
      }
    }
  }

  private growPoints(n: number): void {
    let cap = this.pAx.length;
    while (cap < n) cap *= 2;
    // Points are marked in increasing order: the earlier ones are kept.
    const i32 = (a: Int32Array) => {
      const b = new Int32Array(cap);
      b.set(a);
      return b;
    };
    const f64 = (a: Float64Array) => {
      const b = new Float64Array(cap);
      b.set(a);
      return b;
    };
    this.pC0 = i32(this.pC0);
    this.pC1 = i32(this.pC1);
    this.pR0 = i32(this.pR0);
    this.pR1 = i32(this.pR1);
    this.pAx = f64(this.pAx);
    this.pAy = f64(this.pAy);
    const d = new Uint8Array(cap);
    d.set(this.pDiag);
    this.pDiag = d;
  }

  private add(c: number, r: number): void {
    const i = r * this.cols + c;
    if (this.cellGen[i] === this.gen) return;
    this.cellGen[i] = this.gen;
    this.fresh[this.nFresh++] = i;
  }
}
