// The 2-D wave-equation field of seed 000 (Watanabe, "Tracking behavior algorithm using wave
// propagation by wave equation"), §3 and §5:
//
//   z^{k+1}_{i,j} = δ (z^k_{i+1,j} + z^k_{i-1,j} + z^k_{i,j+1} + z^k_{i,j-1}) + (2 − 4δ) z^k_{i,j} − z^{k-1}_{i,j}   (13)
//
// Border cells of the grid use their k in-grid neighbours and (2 − kδ) (eqs. 14–15); wall cells
// are held at 0, which reflects the wave. n independent waves W_0..W_{n-1}, three generations
// (k−1, k, k+1) each, lifetime T, W_i emitted T/n steps after W_{i-1} and re-emitted from the
// target's current cell every T steps (§5). Values and gradients anywhere by bilinear
// interpolation of grid values and central-difference grid gradients (eqs. 16–20).
//
// Resolution: the field may use `resolution` r grid points per maze cell along each axis (a maze cell
// becomes r×r grid points; Δh = 1/r cell). The paper's field is 100×100 or 200×200 grid points over
// a map whose obstacles are many grid points wide; one grid point per 16-unit tile leaves 1–2 points
// across a corridor and the wave barely diffracts round corners; the default is r = 2 (a 24×28 maze
// gives a 48×56 field), chosen by trial on the shipped mazes (docs/chasers.md). Grid point (gx, gy)
// sits at ((gx + 0.5)/r, (gy + 0.5)/r) in the continuous cell-unit coordinates the chasers use;
// positions and gradients in the API are in cell units.
//
// Optional first-arrival recording (used by the improved variant "wave+", see tracker.ts): for
// every wave and open cell, the (sub-step) age at which |z| first reached `arrivalThreshold`.
//
// Everything is allocated in the constructor; emit/step/sample never allocate, except the first step,
// which moves the buffers into a WebAssembly memory for the kernel (kernel.ts; the TS loops below give
// the same values where it cannot run).

import { type HashSink, type TileGrid, nearestOpenCell } from '../../geom/grid';
import { type WaveKernel, instantiateKernel, kernelAvailable } from './kernel';
import { ScheduledField, WaveSchedule } from './schedule';

export interface WaveFieldOptions {
  /**
   * δ = c²Δt²/Δh²; must be in (0, 0.5] (above 0.5 the explicit scheme diverges). Default 0.4 (0.5
   * itself decouples the grid into a checkerboard).
   */
  delta?: number;
  /** Number of independent waves n. Default 3 (the paper's setting). */
  waves?: number;
  /** Lifetime T of a wave in steps; wave i is re-emitted when its age reaches T. Default 300. */
  lifetime?: number;
  /** Positive value set at the source cell on emission. Default 1. */
  amplitude?: number;
  /**
   * 'periodic' (default): step() emits W_i at step ⌊i·T/n⌋ + 1 and re-emits it every T steps
   * from the current source cell. 'manual': only emit() starts a wave (seed 002's single wave
   * reset on arrival is `waves: 1, schedule: 'manual'` plus emit() when the chaser reacts).
   */
  schedule?: 'periodic' | 'manual';
  /**
   * 'impulse' (default, the paper): the source point is set once at emission. 'held': it is held at
   * `amplitude` for the wave's whole life (a step source), which keeps feeding the first front so
   * its amplitude does not fade with distance (used by wave+).
   */
  source?: 'impulse' | 'held';
  /** Grid points per maze cell along each axis (1..16). Default 2. */
  resolution?: number;
  /** Record first-arrival times per grid point (needed by wave+). Default false. */
  arrival?: boolean;
  /**
   * |z| level that counts as "the wave has arrived" for the arrival map. Default 1e-12 × amplitude:
   * a weak front (far, round corners) crosses a fixed level later than a strong one, which bends the
   * arrival-time gradient away from corners, so the level is as low as it goes before the scheme's
   * own light cone (|dx|+|dy| ≤ steps, a diamond) shapes the front; 1e-6 made wave+ paths up to 17 %
   * longer than the exact optimum, 1e-12 up to 7 % (docs/chasers.md).
   */
  arrivalThreshold?: number;
}

/** Output of WaveField.sample: interpolated value and gradient (eqs. 16, 20). */
export interface WaveSample {
  z: number;
  gx: number;
  gy: number;
}

export class WaveFieldError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'WaveFieldError';
  }
}

const PAD = 2;

export class WaveField extends ScheduledField {
  /** Grid points per maze cell along each axis. */
  readonly resolution: number;
  /** Field size in grid points (maze width × resolution, height × resolution). */
  readonly width: number;
  readonly height: number;
  readonly delta: number;
  readonly amplitude: number;
  readonly arrivalThreshold: number;
  readonly sourceMode: 'impulse' | 'held';
  /** Row stride of the padded buffers (width + 4). Exposed for overlays that read values(). */
  readonly stride: number;
  /** When each wave goes out and how old it is (time, age, generation, source): src/world/wave/schedule.ts. */
  override readonly clock: WaveSchedule;
  /** Per wave: the grid point index (gy * width + gx) it was last emitted from, -1 if never. */
  readonly emittedFrom: Int32Array;
  /** Per wave: the grid point's gx and gy beside emittedFrom (-1 if never or silent). */
  readonly emittedX: Int32Array;
  readonly emittedY: Int32Array;

  /** Views on `store`: generation g of wave w at 3w + g, then per wave the arrival map, then arrivedNow. */
  private buf: Float64Array[] = [];
  private arrivals: Float64Array[] | null = null;
  /** Scratch: padded indices of the points that arrived during the current step. */
  private arrivedNow = new Int32Array(0);
  /**
   * One buffer for everything the kernel touches, in byte offsets: the run table [0, runsEnd), the
   * value buffers from valuesOff, the arrival maps from arrivalsOff, arrivedNow at arrivedOff.
   */
  private store: ArrayBuffer;
  private readonly runsEnd: number;
  private readonly bufBytes: number;
  private readonly valuesOff: number;
  private readonly arrivalsOff: number;
  private readonly arrivedOff: number;
  private kernel: WaveKernel | null = null;
  private kernelTried = false;
  private readonly cur: Int32Array;
  private readonly openPadded: Int32Array;
  private readonly coef: Float64Array;
  /**
   * Per wave, per grid point (padded index): the unit direction −∇(arrival time) by upwind differences
   * toward the earlier-reached neighbours, (0, 0) where none is earlier. Written once, at the end of
   * the step that records the point's arrival (all earlier neighbours are recorded by then), so a
   * chaser blends four precomputed vectors instead of differencing five times per corner.
   */
  private readonly arrivalDirX: Float64Array[] | null;
  private readonly arrivalDirY: Float64Array[] | null;
  /** The field's own wall flags, one per grid point (the maze upsampled by `resolution`). */
  readonly walls: Uint8Array;
  private readonly fine: TileGrid;
  private readonly emitFromSource = (w: number, s: number): void => this.emit(w, s % this.width, (s - (s % this.width)) / this.width);
  private readonly advance = (w: number): void => this.propagate(w);

  constructor(grid: TileGrid, opts: WaveFieldOptions = {}) {
    super();
    const delta = opts.delta ?? 0.4;
    if (!(delta > 0) || !Number.isFinite(delta)) throw new WaveFieldError(`delta must be a positive number, got ${delta}`);
    if (delta > 0.5) {
      throw new WaveFieldError(`delta ${delta} > 0.5: the explicit wave scheme is unstable (the field diverges); use 0 < delta <= 0.5`);
    }
    const waves = opts.waves ?? 3;
    if (!Number.isInteger(waves) || waves < 1 || waves > 64)
      throw new WaveFieldError(`waves must be a whole number in 1..64, got ${waves}`);
    const lifetime = opts.lifetime ?? 300;
    if (!Number.isInteger(lifetime) || lifetime < waves)
      throw new WaveFieldError(`lifetime must be a whole number >= waves (${waves}), got ${lifetime}`);
    const amplitude = opts.amplitude ?? 1;
    if (!(amplitude > 0) || !Number.isFinite(amplitude)) throw new WaveFieldError(`amplitude must be a positive number, got ${amplitude}`);
    if (grid.width < 1 || grid.height < 1 || grid.walls.length !== grid.width * grid.height) {
      throw new WaveFieldError(`grid ${grid.width}x${grid.height} does not match its ${grid.walls.length} wall flags`);
    }
    const res = opts.resolution ?? 2;
    if (!Number.isInteger(res) || res < 1 || res > 16) throw new WaveFieldError(`resolution must be a whole number in 1..16, got ${res}`);
    this.resolution = res;
    this.width = grid.width * res;
    this.height = grid.height * res;
    this.walls = new Uint8Array(this.width * this.height);
    for (let y = 0; y < this.height; y++) {
      const row = Math.floor(y / res) * grid.width;
      for (let x = 0; x < this.width; x++) this.walls[y * this.width + x] = grid.walls[row + Math.floor(x / res)]!;
    }
    this.fine = { width: this.width, height: this.height, walls: this.walls };
    this.delta = delta;
    this.clock = new WaveSchedule(waves, lifetime, opts.schedule ?? 'periodic');
    this.amplitude = amplitude;
    this.arrivalThreshold = opts.arrivalThreshold ?? 1e-12 * amplitude;
    this.sourceMode = opts.source ?? 'impulse';
    const w = this.width;
    const h = this.height;
    const walls = this.walls;
    const stride = w + 2 * PAD;
    this.stride = stride;
    const size = stride * (h + 2 * PAD);
    this.cur = new Int32Array(waves);
    this.emittedFrom = new Int32Array(waves).fill(-1);
    this.emittedX = new Int32Array(waves).fill(-1);
    this.emittedY = new Int32Array(waves).fill(-1);
    let nOpen = 0;
    for (let i = 0; i < w * h; i++) if (walls[i] === 0) nOpen++;
    this.openPadded = new Int32Array(nOpen);
    this.coef = new Float64Array(nOpen);
    let k = 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        if (walls[y * w + x] !== 0) continue;
        // Eqs. 13–15: k counts the neighbours inside the grid (walls are inside and held at 0).
        const inGrid = (x > 0 ? 1 : 0) + (x < w - 1 ? 1 : 0) + (y > 0 ? 1 : 0) + (y < h - 1 ? 1 : 0);
        this.openPadded[k] = (y + PAD) * stride + x + PAD;
        this.coef[k] = 2 - inGrid * delta;
        k++;
      }
    }
    // The kernel's run table: consecutive open points of a row that share a coefficient (the open list
    // is row-major, and rows are 2·PAD apart in the padded index, so a run never spans two rows).
    const runs: number[] = [];
    for (let q = 0; q < nOpen; q++) {
      const i = this.openPadded[q]!;
      const last = runs.length - 3;
      if (last >= 0 && runs[last + 1] === i && runs[last + 2] === this.coef[q]) runs[last + 1] = i + 1;
      else runs.push(i, i + 1, this.coef[q]!);
    }
    this.runsEnd = (runs.length / 3) * 16;
    this.bufBytes = size * 8;
    this.valuesOff = this.runsEnd;
    this.arrivalsOff = this.valuesOff + 3 * waves * this.bufBytes;
    this.arrivedOff = this.arrivalsOff + (opts.arrival ? waves * this.bufBytes : 0);
    this.store = new ArrayBuffer(this.arrivedOff + (opts.arrival ? 4 * nOpen : 0));
    const table = new DataView(this.store);
    for (let r = 0; r < runs.length / 3; r++) {
      table.setInt32(16 * r, 8 * runs[3 * r]!, true);
      table.setInt32(16 * r + 4, 8 * runs[3 * r + 1]!, true);
      table.setFloat64(16 * r + 8, runs[3 * r + 2]!, true);
    }
    this.bind(opts.arrival === true, nOpen);
    // Arrival maps are padded like the value buffers (index (gy+2)*stride + gx+2) and -1 in the pad, so a
    // tracker reads a grid point's neighbours without bounds checks.
    if (this.arrivals) for (const a of this.arrivals) a.fill(-1);
    this.arrivalDirX = opts.arrival ? Array.from({ length: waves }, () => new Float64Array(size)) : null;
    this.arrivalDirY = opts.arrival ? Array.from({ length: waves }, () => new Float64Array(size)) : null;
  }

  /** (Re)creates the typed-array views on `store`. */
  private bind(arrival: boolean, nOpen: number): void {
    const n = this.bufBytes / 8;
    const waves = this.clock.waves;
    this.buf = Array.from({ length: 3 * waves }, (_, k) => new Float64Array(this.store, this.valuesOff + k * this.bufBytes, n));
    this.arrivals = arrival
      ? Array.from({ length: waves }, (_, w) => new Float64Array(this.store, this.arrivalsOff + w * this.bufBytes, n))
      : null;
    this.arrivedNow = new Int32Array(this.store, this.arrivedOff, arrival ? nOpen : 0);
  }

  /**
   * At the first step: moves the buffers into a WebAssembly memory of the field's own and starts the
   * kernel on it. Only fields that step get one (a replay keyframe is a copy that never steps, and each
   * memory reserves address space). Where it cannot run, the TS loops go on with the same values.
   */
  private attachKernel(): void {
    this.kernelTried = true;
    if (!kernelAvailable()) return;
    try {
      const memory = new WebAssembly.Memory({ initial: Math.max(1, Math.ceil(this.store.byteLength / 65536)) });
      new Uint8Array(memory.buffer).set(new Uint8Array(this.store));
      const kernel = instantiateKernel(memory);
      if (!kernel) return;
      this.kernel = kernel;
      this.store = memory.buffer;
      this.bind(this.arrivals !== null, this.arrivedNow.length);
    } catch {
      // No memory to be had (address space, size): the TS loops.
    }
  }

  /** Moves the source (the target) to the continuous point (x, y) in cell units; used by the next emissions. */
  setTarget(x: number, y: number): void {
    this.clock.source = nearestOpenCell(this.fine, x * this.resolution, y * this.resolution);
  }

  /** Starts wave w (see emit()) at the open grid point nearest the continuous point (x, y) in cell units. */
  emitAt(w: number, x: number, y: number): void {
    const g = nearestOpenCell(this.fine, x * this.resolution, y * this.resolution);
    if (g < 0) this.emit(w, -1, -1);
    else this.emit(w, g % this.width, (g - (g % this.width)) / this.width);
  }

  /** The grid point index future periodic emissions start from (-1 before setTarget). */
  get source(): number {
    return this.clock.source;
  }

  /**
   * Resets wave w (all three generations to 0) and starts it at grid point (cx, cy): that point of
   * the current generation is set to `amplitude` (the previous generation stays 0, so the
   * source is an impulse of velocity: in the continuum its front is followed by a positive tail, not
   * by a negative lobe).
   */
  emit(w: number, cx: number, cy: number): void {
    if (w < 0 || w >= this.waves) throw new RangeError(`wave ${w} out of range 0..${this.waves - 1}`);
    const b = this.buf;
    b[3 * w]!.fill(0);
    b[3 * w + 1]!.fill(0);
    b[3 * w + 2]!.fill(0);
    this.cur[w] = 0;
    this.clock.restart(w);
    const arr = this.arrivals?.[w];
    if (arr) arr.fill(-1);
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height || this.walls[cy * this.width + cx] !== 0) {
      this.emittedFrom[w] = -1;
      this.emittedX[w] = -1;
      this.emittedY[w] = -1;
      return; // a wave from a wall cell is silent
    }
    const p = (cy + PAD) * this.stride + cx + PAD;
    b[3 * w]![p] = this.amplitude; // generation k; k-1 stays 0
    this.emittedFrom[w] = cy * this.width + cx;
    this.emittedX[w] = cx;
    this.emittedY[w] = cy;
    if (arr) {
      arr[p] = 0;
      this.arrivalDirX![w]![p] = 0;
      this.arrivalDirY![w]![p] = 0;
    }
  }

  /** Advances every active wave by one step (eq. 13–15); emits waves that are due (periodic schedule). */
  step(): void {
    this.clock.step(this.emitFromSource, this.advance);
  }

  private propagate(w: number): void {
    if (!this.kernelTried) this.attachKernel();
    const c0 = this.cur[w]!;
    const nIdx = c0 === 2 ? 0 : c0 + 1; // generation k+1 overwrites k-2
    const pIdx = c0 === 0 ? 2 : c0 - 1; // generation k-1
    const c = this.buf[3 * w + c0]!;
    const nx = this.buf[3 * w + nIdx]!;
    const p = this.buf[3 * w + pIdx]!;
    const open = this.openPadded;
    const coef = this.coef;
    const d = this.delta;
    const S = this.stride;
    const m = open.length;
    const arr = this.arrivals?.[w];
    const kernel = this.kernel;
    if (kernel) {
      // The same operations per point as the loops below (kernel.ts), on byte offsets into the memory.
      const B = this.bufBytes;
      const base = this.valuesOff + 3 * w * B;
      kernel.propagate(base + nIdx * B, base + c0 * B, base + pIdx * B, 8 * S, 0, this.runsEnd, d);
      if (arr) {
        const count = kernel.arrive(
          base + nIdx * B,
          base + c0 * B,
          this.arrivalsOff + w * B,
          0,
          this.runsEnd,
          this.arrivalThreshold,
          this.age[w]!,
          this.arrivedOff,
        );
        this.arrivalDirections(w, count);
      }
    } else if (!arr) {
      for (let k = 0; k < m; k++) {
        const i = open[k]!;
        nx[i] = d * (c[i - 1]! + c[i + 1]! + c[i - S]! + c[i + S]!) + coef[k]! * c[i]! - p[i]!;
      }
    } else {
      const thr = this.arrivalThreshold;
      const age = this.age[w]!;
      const now = this.arrivedNow;
      let arrived = 0;
      for (let k = 0; k < m; k++) {
        const i = open[k]!;
        const v = d * (c[i - 1]! + c[i + 1]! + c[i - S]! + c[i + S]!) + coef[k]! * c[i]! - p[i]!;
        nx[i] = v;
        if (arr[i]! < 0) {
          const a = v < 0 ? -v : v;
          if (a >= thr) {
            // First arrival: linear interpolation of |z| between the two generations.
            const prev = c[i]! < 0 ? -c[i]! : c[i]!;
            arr[i] = age + (a > prev ? (thr - prev) / (a - prev) : 1);
            now[arrived++] = i;
          }
        }
      }
      this.arrivalDirections(w, arrived);
    }
    if (this.sourceMode === 'held') {
      const src = this.emittedFrom[w]!;
      if (src >= 0) {
        const sx = src % this.width;
        nx[((src - sx) / this.width + PAD) * S + sx + PAD] = this.amplitude;
      }
    }
    this.cur[w] = nIdx; // the schedule ages the wave
  }

  /** Upwind −∇(arrival time) unit vectors of the `count` points in arrivedNow (see arrivalDirX). */
  private arrivalDirections(w: number, count: number): void {
    const arr = this.arrivals![w]!;
    const ox = this.arrivalDirX![w]!;
    const oy = this.arrivalDirY![w]!;
    const now = this.arrivedNow;
    const S = this.stride;
    for (let k = 0; k < count; k++) {
      const i = now[k]!;
      const t = arr[i]!;
      const l = arr[i - 1]!;
      const r = arr[i + 1]!;
      const up = arr[i - S]!;
      const dn = arr[i + S]!;
      // Toward the earlier-reached neighbour on each axis (only neighbours already reached).
      let dx = 0;
      let dy = 0;
      const lt = l >= 0 && l < t;
      const rt = r >= 0 && r < t;
      if (lt && (!rt || l <= r)) dx = -(t - l);
      else if (rt) dx = t - r;
      const ut = up >= 0 && up < t;
      const dt = dn >= 0 && dn < t;
      if (ut && (!dt || up <= dn)) dy = -(t - up);
      else if (dt) dy = t - dn;
      const len = Math.sqrt(dx * dx + dy * dy);
      ox[i] = len > 0 ? dx / len : 0;
      oy[i] = len > 0 ? dy / len : 0;
    }
  }

  /**
   * Makes this field's dynamic state (time, waves, buffers, arrival maps, source) equal to `o`'s, so both
   * continue identically (game state copies for replay seeking). `o` must have been built for the same
   * grid with the same options. Allocates nothing.
   */
  copyFrom(o: WaveField): void {
    if (
      o.width !== this.width ||
      o.height !== this.height ||
      o.waves !== this.waves ||
      (o.arrivals === null) !== (this.arrivals === null)
    ) {
      throw new WaveFieldError('copyFrom: the fields differ in size, waves or arrival recording');
    }
    this.clock.copyFrom(o.clock);
    this.emittedFrom.set(o.emittedFrom);
    this.emittedX.set(o.emittedX);
    this.emittedY.set(o.emittedY);
    this.cur.set(o.cur);
    for (let i = 0; i < this.buf.length; i++) this.buf[i]!.set(o.buf[i]!);
    if (this.arrivals && o.arrivals) {
      for (let w = 0; w < this.waves; w++) {
        this.arrivals[w]!.set(o.arrivals[w]!);
        this.arrivalDirX![w]!.set(o.arrivalDirX![w]!);
        this.arrivalDirY![w]!.set(o.arrivalDirY![w]!);
      }
    }
  }

  /**
   * Feeds everything a future step depends on into `h`: the schedule, and per active wave the two
   * generations the next step reads (k and k−1) and its arrival map. Open grid points only (walls and
   * padding are always 0).
   */
  hashInto(h: HashSink): void {
    this.clock.hashClockInto(h);
    const open = this.openPadded;
    for (let w = 0; w < this.waves; w++) {
      h.int(this.age[w]!);
      h.int(this.generation[w]!);
      h.int(this.emittedFrom[w]!);
      if (this.age[w]! < 0) continue;
      const c0 = this.cur[w]!;
      const c = this.buf[3 * w + c0]!;
      const p = this.buf[3 * w + (c0 === 0 ? 2 : c0 - 1)]!;
      for (let k = 0; k < open.length; k++) {
        h.num(c[open[k]!]!);
        h.num(p[open[k]!]!);
      }
      const arr = this.arrivals?.[w];
      if (arr) for (let k = 0; k < open.length; k++) h.num(arr[open[k]!]!);
    }
  }

  /** Current (generation k) value at grid point (cx, cy); 0 outside the grid and on walls. */
  gridValue(w: number, cx: number, cy: number): number {
    if (cx < -PAD || cy < -PAD || cx >= this.width + PAD || cy >= this.height + PAD) return 0;
    return this.buf[3 * w + this.cur[w]!]![(cy + PAD) * this.stride + cx + PAD]!;
  }

  /**
   * The padded current-generation buffer of wave w (read-only use: overlays). Index (cy+2)*stride + cx+2.
   * Fetch it again after stepping: the buffers move once, at the first step (into WebAssembly memory).
   */
  values(w: number): Float64Array {
    return this.buf[3 * w + this.cur[w]!]!;
  }

  /** First-arrival age of wave w at grid point (cx, cy) (sub-step); -1 if not yet, outside, or without `arrival`. */
  arrivalAt(w: number, cx: number, cy: number): number {
    const arr = this.arrivals?.[w];
    if (!arr) return -1;
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    return arr[(cy + PAD) * this.stride + cx + PAD]!;
  }

  /**
   * The padded first-arrival buffer of wave w (read-only use: trackers, overlays), index
   * (gy+2)*stride + gx+2, -1 where not reached (and in the pad); null without `arrival`. Fetch it again
   * after stepping, as values().
   */
  arrivalBuffer(w: number): Float64Array | null {
    return this.arrivals?.[w] ?? null;
  }

  /**
   * The padded buffer of the x components of wave w's arrival directions (unit −∇ arrival time per grid
   * point, upwind; (0, 0) where no neighbour was earlier; meaningful only where arrivalBuffer(w) ≥ 0).
   * Read-only use. Null without `arrival`.
   */
  arrivalDirXBuffer(w: number): Float64Array | null {
    return this.arrivalDirX?.[w] ?? null;
  }

  /** The y components beside arrivalDirXBuffer(w). */
  arrivalDirYBuffer(w: number): Float64Array | null {
    return this.arrivalDirY?.[w] ?? null;
  }

  /** True when the field records first arrivals (constructed with `arrival: true`). */
  get recordsArrival(): boolean {
    return this.arrivals !== null;
  }

  /** Scratch of locate(): padded buffer index of the lower-left grid point, and the offsets in the cell. */
  private locP = 0;
  private locU = 0;
  private locV = 0;

  /** Grid point and bilinear weights for continuous (x, y) in cell units (eq. 16), clamped to the pad. */
  private locate(x: number, y: number): void {
    let gx = x * this.resolution - 0.5;
    let gy = y * this.resolution - 0.5;
    gx = gx < -1 ? -1 : gx > this.width - 0.5 ? this.width - 0.5 : gx;
    gy = gy < -1 ? -1 : gy > this.height - 0.5 ? this.height - 0.5 : gy;
    const i = Math.floor(gx);
    const j = Math.floor(gy);
    this.locU = gx - i;
    this.locV = gy - j;
    this.locP = (j + PAD) * this.stride + i + PAD;
  }

  /** Interpolated value only (eq. 16) at continuous (x, y) in cell units: the cheap test for arrival. */
  value(w: number, x: number, y: number): number {
    const b = this.buf[3 * w + this.cur[w]!]!;
    this.locate(x, y);
    const u = this.locU;
    const v = this.locV;
    const S = this.stride;
    const p = this.locP;
    return (1 - u) * (1 - v) * b[p]! + u * (1 - v) * b[p + 1]! + (1 - u) * v * b[p + S]! + u * v * b[p + S + 1]!;
  }

  /**
   * Interpolated value (eq. 16) of every wave at continuous (x, y) in cell units, written to out[w]
   * (0 for a wave never emitted): one bilinear lookup for all waves, the cheap per-chaser test.
   */
  valuesAt(x: number, y: number, out: Float64Array): void {
    this.locate(x, y);
    const u = this.locU;
    const v = this.locV;
    const S = this.stride;
    const p = this.locP;
    const buf = this.buf;
    const cur = this.cur;
    for (let w = 0; w < this.waves; w++) {
      const b = buf[3 * w + cur[w]!]!;
      out[w] = (1 - u) * (1 - v) * b[p]! + u * (1 - v) * b[p + 1]! + (1 - u) * v * b[p + S]! + u * v * b[p + S + 1]!;
    }
  }

  /** Value (eq. 16) and gradient (eqs. 18–20) of wave w at continuous (x, y), written into `out`. */
  sample(w: number, x: number, y: number, out: WaveSample): WaveSample {
    const b = this.buf[3 * w + this.cur[w]!]!;
    this.locate(x, y);
    const u = this.locU;
    const v = this.locV;
    const S = this.stride;
    const p = this.locP;
    const z00 = b[p]!;
    const z10 = b[p + 1]!;
    const z01 = b[p + S]!;
    const z11 = b[p + S + 1]!;
    const w00 = (1 - u) * (1 - v);
    const w10 = u * (1 - v);
    const w01 = (1 - u) * v;
    const w11 = u * v;
    out.z = w00 * z00 + w10 * z10 + w01 * z01 + w11 * z11;
    // Central differences at the four grid points (eqs. 18, 19), Δh = 1.
    const dx00 = (z10 - b[p - 1]!) * 0.5;
    const dx10 = (b[p + 2]! - z00) * 0.5;
    const dx01 = (z11 - b[p + S - 1]!) * 0.5;
    const dx11 = (b[p + S + 2]! - z01) * 0.5;
    const dy00 = (z01 - b[p - S]!) * 0.5;
    const dy10 = (z11 - b[p - S + 1]!) * 0.5;
    const dy01 = (b[p + 2 * S]! - z00) * 0.5;
    const dy11 = (b[p + 2 * S + 1]! - z10) * 0.5;
    // Per grid spacing; × resolution gives the gradient per cell.
    const r = this.resolution;
    out.gx = (w00 * dx00 + w10 * dx10 + w01 * dx01 + w11 * dx11) * r;
    out.gy = (w00 * dy00 + w10 * dy10 + w01 * dy01 + w11 * dy11) * r;
    return out;
  }
}
