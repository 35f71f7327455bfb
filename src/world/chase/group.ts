// ChaserGroup: the one object a maze stage needs to drive any number of chasers with one method.
// It owns the shared field (wave / wave+ / Lee / flow; one field for all chasers) and one small tracker
// per chaser. Per simulation step:
//
//   group.setTarget(px, py);          // the player, in cell units (game units / tile size)
//   group.step();                     // advances the shared field once (cost independent of chaser count)
//   for each chaser i: group.steer(i, x, y, heading)   // unit heading (or (0,0): wait) written in place
//
// then move the chaser along the heading (moveAgent() or the game's own collision). Nothing allocates
// after construction except add().

import { CrashTurn } from '../crash-turn';
import { FlowField } from '../flow-field';
import { LeeField, LeeTracker } from '../lee';
import { WaveField, type WaveFieldOptions } from '../wave/field';
import type { HashSink, TileGrid, Vec2 } from '../../geom/grid';
import { WavePlusTracker, WaveTracker } from '../wave/tracker';

// 'wave1' is seed 002's single wave, reset and re-emitted from the target whenever a chaser reacts
// (or when it has lived T steps without reaching one); 'lee+' is Lee read every step (LeeTracker follow).
export const CHASE_METHODS = ['wave', 'wave+', 'wave1', 'lee', 'lee+', 'flow', 'crash'] as const;
export type ChaseMethod = (typeof CHASE_METHODS)[number];

export interface ChaserGroupOptions {
  /**
   * Wave field parameters (wave, wave+; resolution/waves/lifetime also for lee). Defaults: the
   * WaveField defaults (δ 0.4, n 3, T 300, 2 grid points per cell), except wave+ whose lifetime
   * defaults to 600 (its first-arrival maps do not degrade with age, and far chasers need the reach).
   */
  wave?: WaveFieldOptions;
  /** Arrival threshold on |z| for the faithful wave tracker. Default 1e-6 × amplitude. */
  threshold?: number;
  /** Cells per step the chasers move; crash-and-turn uses it to notice a crash. Default 0.05. */
  speed?: number;
  /** Crash-and-turn: cells to hold a turned heading. */
  crashCommit?: number;
  /** Seeded stream for crash-and-turn's random turns (e.g. seedrandom(seed)). Default: always the first choice. */
  rand?: () => number;
}

interface Tracker {
  readonly heading: Vec2;
  reset(): void;
}

export class ChaserGroup {
  readonly method: ChaseMethod;
  readonly wave: WaveField | null = null;
  readonly lee: LeeField | null = null;
  readonly flow: FlowField | null = null;
  readonly speed: number;
  private readonly trackers: Tracker[] = [];
  private readonly lastX: number[] = [];
  private readonly lastY: number[] = [];
  private readonly threshold: number | undefined;
  private readonly rand: () => number;
  private readonly crashCommit: number | undefined;
  private tx = 0;
  private ty = 0;
  /** wave1: re-emit the single wave at the next step() (a chaser reacted, or first step). */
  private reemit = true;

  constructor(
    readonly grid: TileGrid,
    method: ChaseMethod,
    opts: ChaserGroupOptions = {},
  ) {
    if (!(CHASE_METHODS as readonly string[]).includes(method)) throw new RangeError(`unknown chase method '${method}'`);
    this.method = method;
    this.speed = opts.speed ?? 0.05;
    this.threshold = opts.threshold;
    this.rand = opts.rand ?? (() => 0);
    this.crashCommit = opts.crashCommit;
    if (method === 'wave') this.wave = new WaveField(grid, opts.wave);
    else if (method === 'wave1') this.wave = new WaveField(grid, { ...opts.wave, waves: 1, schedule: 'manual' });
    else if (method === 'wave+') this.wave = new WaveField(grid, { lifetime: 600, ...opts.wave, arrival: true });
    else if (method === 'lee' || method === 'lee+')
      this.lee = new LeeField(grid, {
        resolution: opts.wave?.resolution,
        waves: opts.wave?.waves,
        lifetime: opts.wave?.lifetime,
        schedule: opts.wave?.schedule,
      });
    else if (method === 'flow') this.flow = new FlowField(grid);
  }

  get size(): number {
    return this.trackers.length;
  }

  /** Adds a chaser standing at (x, y); returns its index. */
  add(x: number, y: number): number {
    let t: Tracker;
    if (this.method === 'wave' || this.method === 'wave1') t = new WaveTracker(this.wave!, { threshold: this.threshold });
    else if (this.method === 'wave+') t = new WavePlusTracker(this.wave!);
    else if (this.method === 'lee' || this.method === 'lee+') t = new LeeTracker(this.lee!, { follow: this.method === 'lee+' });
    else if (this.method === 'crash') t = new CrashTurn(this.grid, this.rand, { commit: this.crashCommit });
    else t = { heading: { x: 0, y: 0 }, reset() {} };
    this.trackers.push(t);
    this.lastX.push(x);
    this.lastY.push(y);
    return this.trackers.length - 1;
  }

  /** The tracker of chaser i (WaveTracker, WavePlusTracker, LeeTracker, CrashTurn or a plain heading). */
  tracker(i: number): Tracker {
    return this.trackers[i]!;
  }

  /** Current heading of chaser i (unit vector, or (0, 0) while waiting for a wave). */
  heading(i: number): Vec2 {
    return this.trackers[i]!.heading;
  }

  /** The target (player) position in cell units, used by the next step(). */
  setTarget(x: number, y: number): void {
    this.tx = x;
    this.ty = y;
  }

  /** Advances the shared field one step (emissions come from the target's current cell). */
  step(): void {
    if (this.wave) {
      this.wave.setTarget(this.tx, this.ty);
      if (this.method === 'wave1' && (this.reemit || this.wave.age[0]! >= this.wave.lifetime)) {
        this.wave.emitAt(0, this.tx, this.ty);
        this.reemit = false;
      }
      this.wave.step();
    } else if (this.lee) {
      this.lee.setTarget(this.tx, this.ty);
      this.lee.step();
    } else if (this.flow) {
      this.flow.setTarget(this.tx, this.ty);
    }
  }

  /**
   * Updates chaser i standing at (x, y) and writes its heading into `out` (unit vector, or (0, 0) when
   * it has nothing to go on yet). Returns true when the heading changed this step.
   */
  steer(i: number, x: number, y: number, out: Vec2): boolean {
    const t = this.trackers[i]!;
    let changed = false;
    switch (this.method) {
      case 'wave':
        changed = (t as WaveTracker).update(x, y);
        break;
      case 'wave1':
        changed = (t as WaveTracker).update(x, y);
        if (changed) this.reemit = true; // seed 002: reset the map's wave when it hits a chaser
        break;
      case 'wave+':
        changed = (t as WavePlusTracker).update(x, y);
        break;
      case 'lee':
      case 'lee+':
        changed = (t as LeeTracker).update(x, y);
        break;
      case 'flow':
        changed = this.flow!.steer(x, y, t.heading);
        break;
      case 'crash': {
        const mx = x - this.lastX[i]!;
        const my = y - this.lastY[i]!;
        const moved = Math.sqrt(mx * mx + my * my);
        const h = t.heading;
        const tried = h.x !== 0 || h.y !== 0;
        (t as CrashTurn).update(x, y, this.tx, this.ty, tried && moved < 0.5 * this.speed, moved);
        changed = true;
        break;
      }
    }
    this.lastX[i] = x;
    this.lastY[i] = y;
    out.x = t.heading.x;
    out.y = t.heading.y;
    return changed;
  }

  /**
   * Makes this group's state (shared field, every chaser's tracker, target) equal to `o`'s, so both
   * continue identically: game state copies (replay seeking, what-if lookahead). `o` must use the same
   * grid, method and options; chasers missing here are added. The random stream of crash-and-turn is
   * not copied: the copy keeps the `rand` it was built with (give it a copy of the stream).
   */
  copyFrom(o: ChaserGroup): void {
    if (o.method !== this.method) throw new RangeError(`copyFrom: method '${o.method}' into a '${this.method}' group`);
    while (this.trackers.length < o.trackers.length) this.add(o.lastX[this.trackers.length]!, o.lastY[this.trackers.length]!);
    if (this.wave && o.wave) this.wave.copyFrom(o.wave);
    if (this.lee && o.lee) this.lee.copyFrom(o.lee);
    this.reemit = o.reemit;
    if (this.flow && o.flow && o.flow.target !== this.flow.target) this.flow.compute(o.flow.target);
    for (let i = 0; i < o.trackers.length; i++) {
      const t = this.trackers[i]!;
      const u = o.trackers[i]!;
      if (t instanceof WaveTracker) t.copyFrom(u as WaveTracker);
      else if (t instanceof WavePlusTracker) t.copyFrom(u as WavePlusTracker);
      else if (t instanceof LeeTracker) t.copyFrom(u as LeeTracker);
      else {
        if (t instanceof CrashTurn) {
          t.committed = (u as CrashTurn).committed;
          t.crashes = (u as CrashTurn).crashes;
        }
        t.heading.x = u.heading.x;
        t.heading.y = u.heading.y;
      }
      this.lastX[i] = o.lastX[i]!;
      this.lastY[i] = o.lastY[i]!;
    }
    this.tx = o.tx;
    this.ty = o.ty;
  }

  /** Feeds everything a future step depends on into `h` (for state hashes). */
  hashInto(h: HashSink): void {
    h.int(this.trackers.length);
    h.num(this.tx);
    h.num(this.ty);
    if (this.wave) this.wave.hashInto(h);
    if (this.method === 'wave1') h.int(this.reemit ? 1 : 0); // only wave1 has it: other hashes unchanged
    if (this.lee) this.lee.hashInto(h);
    if (this.flow) h.int(this.flow.target);
    for (let i = 0; i < this.trackers.length; i++) {
      const t = this.trackers[i]!;
      if (t instanceof WaveTracker || t instanceof WavePlusTracker || t instanceof LeeTracker) t.hashInto(h);
      else {
        if (t instanceof CrashTurn) {
          h.num(t.committed);
          h.int(t.crashes);
        }
        h.num(t.heading.x);
        h.num(t.heading.y);
      }
      h.num(this.lastX[i]!);
      h.num(this.lastY[i]!);
    }
  }

  /** Clears every chaser's memory (e.g. stage restart); the field keeps running. */
  resetChaser(i: number, x: number, y: number): void {
    this.trackers[i]!.reset();
    this.lastX[i] = x;
    this.lastY[i] = y;
  }
}
