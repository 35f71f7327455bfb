// Bullets as a structure of arrays in a fixed pool: no allocation while playing (the heap stays
// flat over long sessions) and tight loops for collision, drawing and the CPU's danger map.
// Live bullets are always the dense range [0, count); removal swaps the last one into the hole.

export class BulletPool {
  count = 0;
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  /** Hit radius. */
  readonly r: Float64Array;
  /** Frame the bullet appeared (the CPU's reaction delay looks at it). */
  readonly spawn: Int32Array;
  /** Drawing only: shape and colour indices. */
  readonly shape: Uint8Array;
  readonly color: Uint8Array;
  /** -1 the stage's own enemies, 0 or 1 the side whose attack sent it. */
  readonly owner: Int8Array;
  /** Player shots: damage. Enemy bullets: 1 once grazed. */
  readonly aux: Float64Array;

  constructor(readonly capacity: number) {
    this.x = new Float64Array(capacity);
    this.y = new Float64Array(capacity);
    this.vx = new Float64Array(capacity);
    this.vy = new Float64Array(capacity);
    this.r = new Float64Array(capacity);
    this.spawn = new Int32Array(capacity);
    this.shape = new Uint8Array(capacity);
    this.color = new Uint8Array(capacity);
    this.owner = new Int8Array(capacity);
    this.aux = new Float64Array(capacity);
  }

  /** Adds a bullet; returns its index, or -1 when the pool is full (the bullet is dropped). */
  add(
    x: number,
    y: number,
    vx: number,
    vy: number,
    r: number,
    frame: number,
    shape: number,
    color: number,
    owner: number,
    aux = 0,
  ): number {
    if (this.count >= this.capacity) return -1;
    const i = this.count++;
    this.x[i] = x;
    this.y[i] = y;
    this.vx[i] = vx;
    this.vy[i] = vy;
    this.r[i] = r;
    this.spawn[i] = frame;
    this.shape[i] = shape;
    this.color[i] = color;
    this.owner[i] = owner;
    this.aux[i] = aux;
    return i;
  }

  /** Removes bullet i by moving the last bullet into its slot. Iterate backwards when removing. */
  remove(i: number): void {
    const last = --this.count;
    if (i === last) return;
    this.x[i] = this.x[last]!;
    this.y[i] = this.y[last]!;
    this.vx[i] = this.vx[last]!;
    this.vy[i] = this.vy[last]!;
    this.r[i] = this.r[last]!;
    this.spawn[i] = this.spawn[last]!;
    this.shape[i] = this.shape[last]!;
    this.color[i] = this.color[last]!;
    this.owner[i] = this.owner[last]!;
    this.aux[i] = this.aux[last]!;
  }

  clear(): void {
    this.count = 0;
  }

  copyFrom(o: BulletPool): void {
    const n = o.count;
    this.count = n;
    this.x.set(o.x.subarray(0, n));
    this.y.set(o.y.subarray(0, n));
    this.vx.set(o.vx.subarray(0, n));
    this.vy.set(o.vy.subarray(0, n));
    this.r.set(o.r.subarray(0, n));
    this.spawn.set(o.spawn.subarray(0, n));
    this.shape.set(o.shape.subarray(0, n));
    this.color.set(o.color.subarray(0, n));
    this.owner.set(o.owner.subarray(0, n));
    this.aux.set(o.aux.subarray(0, n));
  }
}
