// Axis-aligned boxes bucketed on a uniform grid by their lower corner, to find the boxes that
// overlap a query box without testing them all. Every box is at most maxW wide and maxH high, so
// a box overlapping [qx0, qx1] × [qy0, qy1] has its lower corner in [qx0 − maxW, qx1] ×
// [qy0 − maxH, qy1]: a query visits the buckets of that range, each box at most once (one bucket
// per box). Buckets of one row are contiguous in `order`, so a row of the range is one slice.

/** At most this many buckets per axis (the size grows when the boxes spread wider). */
const MAX_SIDE = 32;

export class BoxBuckets {
  /** Box indices sorted by bucket (row-major). */
  order = new Int32Array(256);
  /** start[b] .. start[b + 1]: the slice of `order` holding bucket b. */
  start = new Int32Array(MAX_SIDE * MAX_SIDE + 1);
  /** Grid columns and rows. */
  nx = 1;
  ny = 1;
  /** Bucket range of the last query (inclusive; empty when ca > cb or ra > rb). */
  ca = 0;
  cb = -1;
  ra = 0;
  rb = -1;
  private ox = 0;
  private oy = 0;
  private inv = 1;
  private maxW = 0;
  private maxH = 0;
  private bucket = new Int32Array(256);

  /** Buckets boxes 0 .. n−1 given by their corners; `size` is the wanted bucket side. */
  build(n: number, x0: Float64Array, x1: Float64Array, y0: Float64Array, y1: Float64Array, size: number): void {
    if (this.order.length < n) {
      this.order = new Int32Array(n * 2);
      this.bucket = new Int32Array(n * 2);
    }
    let ax = Infinity;
    let bx = -Infinity;
    let ay = Infinity;
    let by = -Infinity;
    let mw = 0;
    let mh = 0;
    for (let j = 0; j < n; j++) {
      const a = x0[j]!;
      const c = y0[j]!;
      if (a < ax) ax = a;
      if (a > bx) bx = a;
      if (c < ay) ay = c;
      if (c > by) by = c;
      const wd = x1[j]! - a;
      const ht = y1[j]! - c;
      if (wd > mw) mw = wd;
      if (ht > mh) mh = ht;
    }
    if (n === 0) ax = bx = ay = by = 0;
    const span = Math.max(bx - ax, by - ay);
    if (span / size >= MAX_SIDE) size = span / (MAX_SIDE - 1);
    const inv = 1 / size;
    this.ox = ax;
    this.oy = ay;
    this.inv = inv;
    this.maxW = mw;
    this.maxH = mh;
    const nx = (this.nx = Math.floor((bx - ax) * inv) + 1);
    const ny = (this.ny = Math.floor((by - ay) * inv) + 1);
    const nb = nx * ny;
    const start = this.start;
    start.fill(0, 0, nb + 1);
    const bk = this.bucket;
    for (let j = 0; j < n; j++) {
      let c = Math.floor((x0[j]! - ax) * inv);
      let r = Math.floor((y0[j]! - ay) * inv);
      if (c >= nx) c = nx - 1;
      if (r >= ny) r = ny - 1;
      const b = r * nx + c;
      bk[j] = b;
      start[b + 1]!++;
    }
    for (let b = 0; b < nb; b++) start[b + 1] += start[b]!;
    // Scatter with a moving cursor per bucket, then shift the cursors back to the starts.
    const order = this.order;
    for (let j = 0; j < n; j++) order[start[bk[j]!]!++] = j;
    for (let b = nb; b > 0; b--) start[b] = start[b - 1]!;
    start[0] = 0;
  }

  /**
   * Sets ca..cb, ra..rb to the buckets that can hold a box overlapping [qx0, qx1] × [qy0, qy1]
   * (one unit wider each way, far above rounding: the caller tests each box exactly anyway).
   */
  query(qx0: number, qx1: number, qy0: number, qy1: number): void {
    const inv = this.inv;
    let ca = Math.floor((qx0 - this.maxW - 1 - this.ox) * inv);
    let cb = Math.floor((qx1 + 1 - this.ox) * inv);
    let ra = Math.floor((qy0 - this.maxH - 1 - this.oy) * inv);
    let rb = Math.floor((qy1 + 1 - this.oy) * inv);
    if (ca < 0) ca = 0;
    if (ra < 0) ra = 0;
    if (cb >= this.nx) cb = this.nx - 1;
    if (rb >= this.ny) rb = this.ny - 1;
    this.ca = ca;
    this.cb = cb;
    this.ra = ra;
    this.rb = rb;
  }
}
