// Lee's algorithm as seed 000 §2 describes it (the paper's baseline in Table 2): the wave is a
// boolean cellular automaton — a cell becomes true when one of its 4 neighbours is true — so it
// spreads one cell per step in the Manhattan metric, and a chaser can only tell the direction it came
// from among 8 (the already-true cells among its 8 neighbours at the moment its own cell turns true).
// Same multi-wave schedule as the wave field (n waves, lifetime T, emitted every T/n steps), so the
// two methods differ only in how the wave spreads and how its direction is read — except that a Lee
// wave lives until it has labelled every point it can reach (T is a minimum; see emitFromSource).
//
// The automaton is run as a frontier (one BFS layer per step), which turns on exactly the same cells
// at the same steps as updating every cell, at a cost proportional to the frontier. Each wave stores
// the step at which every cell turned true, and keeps its previous generation's stamps (complete, as
// a wave goes out again only once it has labelled everything) for the cells the new one has not
// reached yet. No allocation after construction.

import { type HashSink, type TileGrid, type Vec2, isOpenCell, nearestOpenCell } from '../geom/grid';
import { type EmissionMode, ScheduledField, WaveSchedule } from './wave/schedule';

export interface LeeFieldOptions {
  /** Grid points per maze cell along each axis, as for the wave field. Default 2. */
  resolution?: number;
  waves?: number;
  /** Steps between a wave's emissions (default 300); a wave still spreading then goes out once it is done. */
  lifetime?: number;
  schedule?: EmissionMode;
  /**
   * Half-size of the chasers' collision square, cells (default 0.3, the game's). A grid point is
   * open when a chaser's centre can be somewhere inside it: its cell is open and a square of
   * half-size `clearance − 1/(2·resolution)` round its centre touches no wall. At 2 points per cell
   * that square is smaller than the gap to any wall, so nothing changes; at 4 the points along
   * walls close, and the automaton's shortest paths keep a body's width off walls and wall ends
   * (without it a chaser following them at a wall end pushes into the wall and stalls).
   */
  clearance?: number;
}

const DX4 = [1, -1, 0, 0];
const DY4 = [0, 0, 1, -1];

export class LeeField extends ScheduledField {
  readonly resolution: number;
  /** The automaton's grid (the maze upsampled by `resolution`). */
  readonly grid: TileGrid;
  readonly width: number;
  readonly height: number;
  /** When each wave goes out and how old it is, the same schedule as the wave field's. */
  override readonly clock: WaveSchedule;
  /** Per wave: age at which each cell turned true, -1 while false. */
  private readonly stamp: Int32Array[];
  /** Per wave: the stamps of its previous generation (all -1 before its second emission). */
  private readonly prev: Int32Array[];
  /** Per wave: the step its previous generation went out, -1 if none. */
  private readonly prevEmitted: Int32Array;
  private readonly queue: Int32Array[];
  private readonly head: Int32Array;
  private readonly tail: Int32Array;
  private readonly emitFromSource = (w: number, s: number): void => {
    // Lee's algorithm labels every reachable point, so a wave still spreading at T is not cut off: it
    // goes out again once its front is empty. T exists to reset the wave field before reflections
    // build up (§6.3), which a boolean front has not; cut at T, the points more than T − 1 steps away
    // were never labelled and a chaser there never moved (issue 26). Bit-identical where a wave
    // labels the maze within T − 1 steps (every shipped maze at 2 points per cell).
    if (this.head[w]! < this.tail[w]!) {
      this.spread(w);
      this.clock.age[w]!++;
      return;
    }
    this.emit(w, s % this.width, (s - (s % this.width)) / this.width);
  };
  private readonly advance = (w: number): void => this.spread(w);

  constructor(maze: TileGrid, opts: LeeFieldOptions = {}) {
    super();
    const res = opts.resolution ?? 2;
    if (!Number.isInteger(res) || res < 1 || res > 16) throw new RangeError(`resolution must be a whole number in 1..16, got ${res}`);
    this.resolution = res;
    this.width = maze.width * res;
    this.height = maze.height * res;
    const walls = new Uint8Array(this.width * this.height);
    for (let y = 0; y < this.height; y++) {
      const row = Math.floor(y / res) * maze.width;
      for (let x = 0; x < this.width; x++) walls[y * this.width + x] = maze.walls[row + Math.floor(x / res)]!;
    }
    const h = (opts.clearance ?? 0.3) - 0.5 / res;
    if (h > 0) {
      const blocked = (cx: number, cy: number): boolean =>
        cx < 0 || cy < 0 || cx >= maze.width || cy >= maze.height || maze.walls[cy * maze.width + cx] !== 0;
      for (let y = 0; y < this.height; y++) {
        for (let x = 0; x < this.width; x++) {
          const i = y * this.width + x;
          if (walls[i] !== 0) continue;
          const px = (x + 0.5) / res;
          const py = (y + 0.5) / res;
          const x0 = Math.floor(px - h);
          const x1 = Math.floor(px + h);
          const y0 = Math.floor(py - h);
          const y1 = Math.floor(py + h);
          if (blocked(x0, y0) || blocked(x1, y0) || blocked(x0, y1) || blocked(x1, y1)) walls[i] = 1;
        }
      }
    }
    const grid: TileGrid = { width: this.width, height: this.height, walls };
    this.grid = grid;
    const waves = opts.waves ?? 3;
    const lifetime = opts.lifetime ?? 300;
    if (!Number.isInteger(waves) || waves < 1) throw new RangeError(`waves must be a whole number >= 1, got ${waves}`);
    if (!Number.isInteger(lifetime) || lifetime < waves) throw new RangeError(`lifetime must be a whole number >= waves`);
    this.clock = new WaveSchedule(waves, lifetime, opts.schedule ?? 'periodic');
    const n = grid.width * grid.height;
    this.stamp = [];
    this.prev = [];
    this.queue = [];
    for (let w = 0; w < this.waves; w++) {
      this.stamp.push(new Int32Array(n).fill(-1));
      this.prev.push(new Int32Array(n).fill(-1));
      this.queue.push(new Int32Array(n));
    }
    this.prevEmitted = new Int32Array(this.waves).fill(-1);
    this.head = new Int32Array(this.waves);
    this.tail = new Int32Array(this.waves);
  }

  /** Source for the next emissions: the open grid point nearest (x, y) in cell units. */
  setTarget(x: number, y: number): void {
    this.clock.source = nearestOpenCell(this.grid, x * this.resolution, y * this.resolution);
  }

  /** Resets wave w and turns on grid point (cx, cy); its current stamps become its previous generation's. */
  emit(w: number, cx: number, cy: number): void {
    const age = this.age[w]!;
    this.prevEmitted[w] = age < 0 ? -1 : this.time - age;
    const st = this.prev[w]!;
    this.prev[w] = this.stamp[w]!;
    this.stamp[w] = st;
    st.fill(-1);
    this.head[w] = 0;
    this.tail[w] = 0;
    this.clock.restart(w);
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height || this.grid.walls[cy * this.width + cx] !== 0) return;
    const s = cy * this.width + cx;
    st[s] = 0;
    this.queue[w]![this.tail[w]!++] = s;
  }

  step(): void {
    this.clock.step(this.emitFromSource, this.advance);
  }

  /** One automaton step: every false open cell with a true 4-neighbour turns true. */
  private spread(w: number): void {
    const st = this.stamp[w]!;
    const q = this.queue[w]!;
    const W = this.width;
    const H = this.height;
    const walls = this.grid.walls;
    const age = this.age[w]! + 1; // the age this step reaches (the schedule ages the wave after)
    let h = this.head[w]!;
    let t = this.tail[w]!;
    const end = t;
    while (h < end) {
      const i = q[h++]!;
      const x = i % W;
      const y = (i - x) / W;
      for (let k = 0; k < 4; k++) {
        const nx = x + DX4[k]!;
        const ny = y + DY4[k]!;
        if (nx < 0 || ny < 0 || nx >= W || ny >= H) continue;
        const j = ny * W + nx;
        if (walls[j] !== 0 || st[j]! >= 0) continue;
        st[j] = age;
        q[t++] = j;
      }
    }
    this.head[w] = h;
    this.tail[w] = t;
  }

  /** Makes this field's state equal to `o`'s (same grid and options); allocates nothing. */
  copyFrom(o: LeeField): void {
    if (o.width !== this.width || o.height !== this.height || o.waves !== this.waves)
      throw new RangeError('copyFrom: the Lee fields differ in size or waves');
    this.clock.copyFrom(o.clock);
    this.head.set(o.head);
    this.tail.set(o.tail);
    this.prevEmitted.set(o.prevEmitted);
    for (let w = 0; w < this.waves; w++) {
      this.stamp[w]!.set(o.stamp[w]!);
      this.prev[w]!.set(o.prev[w]!);
      this.queue[w]!.set(o.queue[w]!.subarray(0, o.tail[w]!));
    }
  }

  /** Feeds the state a future step depends on into `h` (stamps, previous stamps, frontier of every wave). */
  hashInto(h: HashSink): void {
    this.clock.hashClockInto(h);
    for (let w = 0; w < this.waves; w++) {
      h.int(this.age[w]!);
      h.int(this.generation[w]!);
      h.int(this.head[w]!);
      h.int(this.tail[w]!);
      const q = this.queue[w]!;
      for (let i = this.head[w]!; i < this.tail[w]!; i++) h.int(q[i]!);
      const st = this.stamp[w]!;
      for (let i = 0; i < st.length; i++) h.int(st[i]!);
      h.int(this.prevEmitted[w]!);
      const pv = this.prev[w]!;
      for (let i = 0; i < pv.length; i++) h.int(pv[i]!);
    }
  }

  /**
   * Age at which grid point (cx, cy) turned true in wave w, -1 if not (yet) or outside; with
   * `previous`, in wave w's previous generation.
   */
  stampAt(w: number, cx: number, cy: number, previous = false): number {
    if (cx < 0 || cy < 0 || cx >= this.width || cy >= this.height) return -1;
    return (previous ? this.prev : this.stamp)[w]![cy * this.width + cx]!;
  }

  /** The step wave w's previous generation went out, -1 if it has had none. */
  previousEmission(w: number): number {
    return this.prevEmitted[w]!;
  }
}

const TAN_22_5 = Math.SQRT2 - 1;
const INV_SQRT2 = Math.SQRT1_2;

/**
 * The direction a Lee wave came from at grid point (cx, cy): toward the 8-neighbour that turned true
 * earliest (Lee's backtrace step; a diagonal counts only when both cells beside it are open, so the
 * chaser is not sent into a corner). Ties are summed, then snapped to one of the 8 directions (unit
 * vector written to `out`); ties that cancel (the point is as far from the source one way round a
 * loop as the other) give the first of them, so a reached point always has a direction. Returns
 * false when the cell is not true yet or is the source. `previous`: read wave w's previous generation.
 */
export function leeDirection(f: LeeField, w: number, cx: number, cy: number, out: Vec2, previous = false): boolean {
  const t = f.stampAt(w, cx, cy, previous);
  if (t <= 0) return false;
  const g = f.grid;
  let best = t;
  let sx = 0;
  let sy = 0;
  let fx = 0;
  let fy = 0;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      if (dx === 0 && dy === 0) continue;
      const s = f.stampAt(w, cx + dx, cy + dy, previous);
      if (s < 0 || s > best) continue;
      if (dx !== 0 && dy !== 0 && (!isOpenCell(g, cx + dx, cy) || !isOpenCell(g, cx, cy + dy))) continue;
      if (s < best) {
        best = s;
        sx = 0;
        sy = 0;
        fx = dx;
        fy = dy;
      }
      if (s < t) {
        sx += dx;
        sy += dy;
      }
    }
  }
  // Cancelling ties gave no direction, and a chaser standing there waited forever (issue 26).
  return sx === 0 && sy === 0 ? snap8(fx, fy, out) : snap8(sx, sy, out);
}

/**
 * Whether heading h (one of the 8 directions) may be held at grid point (cx, cy) of wave w's labelling:
 * the point it points at turned true no later (a diagonal only past two open points, as in
 * leeDirection). So a held heading never takes the chaser farther from the source in the automaton's
 * metric, into a wall or off the labelled grid; along a level (a diagonal across a Manhattan front)
 * it is kept, which is what holding a heading between arrivals means.
 */
export function leeHoldable(f: LeeField, w: number, cx: number, cy: number, h: Vec2, previous = false): boolean {
  const t = f.stampAt(w, cx, cy, previous);
  const dx = h.x > 0 ? 1 : h.x < 0 ? -1 : 0;
  const dy = h.y > 0 ? 1 : h.y < 0 ? -1 : 0;
  if (t <= 0 || (dx === 0 && dy === 0)) return false;
  const s = f.stampAt(w, cx + dx, cy + dy, previous);
  if (s < 0 || s > t) return false;
  return dx === 0 || dy === 0 || (isOpenCell(f.grid, cx + dx, cy) && isOpenCell(f.grid, cx, cy + dy));
}

/** Snaps (sx, sy) to the nearest of the 8 compass directions (unit vector); false for (0, 0). */
export function snap8(sx: number, sy: number, out: Vec2): boolean {
  const ax = sx < 0 ? -sx : sx;
  const ay = sy < 0 ? -sy : sy;
  if (ax === 0 && ay === 0) return false;
  const sgx = sx > 0 ? 1 : sx < 0 ? -1 : 0;
  const sgy = sy > 0 ? 1 : sy < 0 ? -1 : 0;
  if (ay <= TAN_22_5 * ax) {
    out.x = sgx;
    out.y = 0;
  } else if (ax <= TAN_22_5 * ay) {
    out.x = 0;
    out.y = sgy;
  } else {
    out.x = sgx * INV_SQRT2;
    out.y = sgy * INV_SQRT2;
  }
  return true;
}

export interface LeeTrackerOptions {
  /**
   * false (default, 'lee'): the wave rule of seed 000 §5 applied to Lee — turn when W_i first reaches
   * the chaser's cell, then hold the heading until W_{i+1} arrives (T/n steps later), or until the
   * point ahead was reached later than the chaser's or never (past a turning or the target, a wall),
   * where it is re-read from the labelling lee+ reads (issue 26; leeHoldable).
   * true ('lee+'): react as often as the information allows — every step, read the direction of the
   * youngest wave that has reached the chaser's cell (Lee's backtrace step; a reached cell's stamps
   * stay valid until that wave is re-emitted), or while none has, of the newest previous generation
   * that did (each generation labels the whole reachable grid, so a reachable cell always has one).
   * Seed 000 does not say how its Lee chaser moved between arrivals, so both are reported
   * (docs/chasers.md). Holding a heading for T/n steps overshot a one-cell door; the held heading is
   * now re-read there, and straight runs are kept where lee+ would turn (an L for a diagonal).
   */
  follow?: boolean;
}

/** Per-chaser Lee reaction: on the first step its cell is true in wave W_i, turn; ignore W_i until re-emitted. */
export class LeeTracker {
  readonly heading: Vec2 = { x: 0, y: 0 };
  readonly reacted: Int32Array;
  reactions = 0;
  readonly follow: boolean;
  private readonly scratch: Vec2 = { x: 0, y: 0 };
  /** pickLabelling's answer (scratch, recomputed before every read). */
  private labelWave = -1;
  private labelPrevious = false;

  constructor(
    readonly field: LeeField,
    opts: LeeTrackerOptions = {},
  ) {
    this.reacted = new Int32Array(field.waves).fill(-1);
    this.follow = opts.follow ?? false;
  }

  reset(): void {
    this.reacted.fill(-1);
    this.heading.x = 0;
    this.heading.y = 0;
    this.reactions = 0;
  }

  copyFrom(o: LeeTracker): void {
    this.heading.x = o.heading.x;
    this.heading.y = o.heading.y;
    this.reacted.set(o.reacted);
    this.reactions = o.reactions;
  }

  hashInto(h: HashSink): void {
    h.num(this.heading.x);
    h.num(this.heading.y);
    for (let w = 0; w < this.reacted.length; w++) h.int(this.reacted[w]!);
    h.int(this.reactions);
  }

  /**
   * The labelling to read at grid point (cx, cy) into labelWave/labelPrevious: the youngest wave that
   * has reached it, or while none has, the newest previous generation that did (each generation labels
   * the whole reachable grid). Without the latter a chaser more than T − T/n steps from the target went
   * uninformed between waves and ran past its turnings (issue 26). False when nothing labels it.
   */
  private pickLabelling(cx: number, cy: number): boolean {
    const f = this.field;
    let young = -1;
    let youngAge = 0x7fffffff;
    for (let w = 0; w < f.waves; w++) {
      const age = f.age[w]!;
      if (age < 0 || age >= youngAge || f.stampAt(w, cx, cy) < 0) continue;
      young = w;
      youngAge = age;
    }
    this.labelPrevious = young < 0;
    if (young < 0) {
      let newest = -1;
      for (let w = 0; w < f.waves; w++) {
        const at = f.previousEmission(w);
        if (at <= newest || f.stampAt(w, cx, cy, true) < 0) continue;
        young = w;
        newest = at;
      }
    }
    this.labelWave = young;
    return young >= 0;
  }

  /** Chaser at (x, y) in cell units; returns true when the heading was set this step (arrival or re-read). */
  update(x: number, y: number): boolean {
    const f = this.field;
    const cx = Math.floor(x * f.resolution);
    const cy = Math.floor(y * f.resolution);
    let best = -1;
    let bestAge = 0x7fffffff;
    for (let w = 0; w < f.waves; w++) {
      const age = f.age[w]!;
      if (age < 0) continue;
      const gen = f.generation[w]!;
      if (this.reacted[w] === gen) continue;
      if (f.stampAt(w, cx, cy) >= 0) {
        this.reacted[w] = gen;
        if (age < bestAge) {
          bestAge = age;
          best = w;
        }
      }
    }
    if (best >= 0) this.reactions++;
    if (!this.follow) {
      if (best >= 0 && leeDirection(f, best, cx, cy, this.heading)) return true;
      // Hold: keep the heading while the point ahead was reached no later than this one, else re-read
      // it here. Held past a turning it overshot junctions and one-cell doors and bounced there for
      // ever (issue 26); before the first arrival it waits, as before.
      if ((this.heading.x === 0 && this.heading.y === 0) || !this.pickLabelling(cx, cy)) return false;
      if (leeHoldable(f, this.labelWave, cx, cy, this.heading, this.labelPrevious)) return false;
    } else if (!this.pickLabelling(cx, cy)) return false;
    const young = this.labelWave;
    const previous = this.labelPrevious;
    const d = this.scratch;
    if (!leeDirection(f, young, cx, cy, d, previous)) return false;
    const changed = d.x !== this.heading.x || d.y !== this.heading.y;
    this.heading.x = d.x;
    this.heading.y = d.y;
    return changed;
  }
}
