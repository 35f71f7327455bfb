// Per-chaser reaction to the shared wave field.
//
// WaveTracker — the paper's rule (seed 000 §4–5, seed 002 §2.2): while a wave W_i has not been
// reacted to since its last emission, sample |z| at the chaser (eq. 16); when it first reaches the
// threshold, turn toward the gradient (eq. 20: ∇z points toward the source at the leading, positive
// front; seed 002's normal vector with its xy part negated is the same direction), and ignore W_i
// until it is re-emitted (its generation changes). Between arrivals the heading is held, so the
// chaser moves in a straight line (seed 000 §6.2). Before the first arrival the heading is (0, 0):
// the chaser waits (seed 002 §2.2).
//
// WavePlusTracker — the improved variant "wave+" for the weakness of §6.3 (far chasers meet weak
// fronts; |z| only passes the threshold once reflected and diffracted waves add up, and the gradient of
// that mixture points anywhere, often away from the source). The field records, per grid point, the
// first time |z| reached a very low level (1e-12: first-arrival detection; a time, so a weak front
// counts as much as a strong one, and the later mixture never overwrites it). A chaser steers
// along −∇(arrival time) of the newest wave that has reached its cell: the direction the first front
// came from, never the later mixture. It re-reads that direction every step (the arrival map stays
// valid until the wave is re-emitted), so it bends round corners instead of running straight for T/n
// steps. Cost per chaser: a few reads; the field cost is unchanged apart from one compare per cell.

import type { HashSink, Vec2 } from '../../geom/grid';
import type { WaveField, WaveSample } from './field';

export interface WaveTrackerOptions {
  /**
   * |z| level that counts as arrival. Default 1e-6 × the field's amplitude, picked by trial on the
   * shipped mazes (the paper leaves it free). It has to lie below the leading crest at the chaser:
   * behind that crest come larger lobes of either sign (walls held at 0 reflect with inverted sign),
   * and a trough passing first sends the chaser away from the source (docs/chasers.md, §6.3).
   */
  threshold?: number;
}

export class WaveTracker {
  /** Current heading, a unit vector, or (0, 0) before the first arrival. */
  readonly heading: Vec2 = { x: 0, y: 0 };
  /** Per wave: the generation this chaser already reacted to (-1 none). */
  readonly reacted: Int32Array;
  /** |z| at the last reaction (diagnostics / overlay). */
  lastZ = 0;
  /** Wave index of the last reaction, -1 before any. */
  lastWave = -1;
  /** Number of reactions so far. */
  reactions = 0;
  readonly threshold: number;
  private readonly s: WaveSample = { z: 0, gx: 0, gy: 0 };
  /** Scratch: every wave's value at the chaser (one bilinear lookup per step for all waves). */
  private readonly zs: Float64Array;

  constructor(
    readonly field: WaveField,
    opts: WaveTrackerOptions = {},
  ) {
    this.threshold = opts.threshold ?? 1e-6 * field.amplitude;
    this.reacted = new Int32Array(field.waves).fill(-1);
    this.zs = new Float64Array(field.waves);
  }

  /** Forget all reactions and stop (e.g. on respawn). */
  reset(): void {
    this.reacted.fill(-1);
    this.heading.x = 0;
    this.heading.y = 0;
    this.lastWave = -1;
    this.reactions = 0;
  }

  /** Copies another tracker's state (same field shape); allocates nothing. */
  copyFrom(o: WaveTracker): void {
    this.heading.x = o.heading.x;
    this.heading.y = o.heading.y;
    this.reacted.set(o.reacted);
    this.lastZ = o.lastZ;
    this.lastWave = o.lastWave;
    this.reactions = o.reactions;
  }

  hashInto(h: HashSink): void {
    h.num(this.heading.x);
    h.num(this.heading.y);
    for (let w = 0; w < this.reacted.length; w++) h.int(this.reacted[w]!);
    h.num(this.lastZ);
    h.int(this.lastWave);
    h.int(this.reactions);
  }

  /**
   * Checks every wave not yet reacted to at the chaser's position (x, y) in cell units. Returns true
   * when the heading changed this step. When several waves arrive in the same step, the youngest wins
   * (it was emitted from the most recent target position).
   */
  update(x: number, y: number): boolean {
    const f = this.field;
    const n = f.waves;
    const age = f.age;
    const generation = f.generation;
    const reacted = this.reacted;
    // Most steps every live wave has been reacted to already, or has not come near yet (the 5-point
    // scheme spreads at most one grid point per step, Manhattan, so z is exactly 0 outside that
    // diamond): then nothing is read at all.
    const ex = f.emittedX;
    const ey = f.emittedY;
    const cx = Math.floor(x * f.resolution);
    const cy = Math.floor(y * f.resolution);
    let pending = false;
    for (let w = 0; w < n; w++) {
      const a = age[w]!;
      if (a < 0 || reacted[w] === generation[w]) continue;
      const sx = ex[w]!;
      if (sx < 0) continue; // a silent wave (emitted from a wall)
      const dx = cx - sx;
      const dy = cy - ey[w]!;
      // The bilinear corners lie within 2 (Manhattan) of (cx, cy).
      if (a + 2 < (dx < 0 ? -dx : dx) + (dy < 0 ? -dy : dy)) continue;
      pending = true;
    }
    if (!pending) return false;
    const zs = this.zs;
    f.valuesAt(x, y, zs);
    const thr = this.threshold;
    let best = -1;
    let bestAge = 0x7fffffff;
    for (let w = 0; w < n; w++) {
      const a = age[w]!;
      if (a < 0) continue;
      const gen = generation[w]!;
      if (reacted[w] === gen) continue;
      const z = zs[w]!;
      if ((z < 0 ? -z : z) >= thr) {
        reacted[w] = gen; // ignore W_w until it is re-emitted
        if (a < bestAge) {
          bestAge = a;
          best = w;
        }
      }
    }
    if (best < 0) return false;
    const s = f.sample(best, x, y, this.s);
    this.lastZ = s.z;
    this.lastWave = best;
    this.reactions++;
    const len = Math.sqrt(s.gx * s.gx + s.gy * s.gy);
    if (len > 0) {
      this.heading.x = s.gx / len;
      this.heading.y = s.gy / len;
    }
    return true;
  }
}

export class WavePlusTracker {
  readonly heading: Vec2 = { x: 0, y: 0 };
  /** Wave whose arrival map gave the last heading, -1 before any. */
  lastWave = -1;
  /** Heading updates so far (every step once a wave has reached the chaser). */
  reactions = 0;
  private lastGen = -1;
  /** Scratch for arrivalDirection (the update allocates nothing). */
  private readonly dir: Vec2 = { x: 0, y: 0 };

  constructor(readonly field: WaveField) {
    if (!field.recordsArrival) throw new Error('wave+ needs a WaveField constructed with { arrival: true }');
  }

  reset(): void {
    this.heading.x = 0;
    this.heading.y = 0;
    this.lastWave = -1;
    this.lastGen = -1;
    this.reactions = 0;
  }

  copyFrom(o: WavePlusTracker): void {
    this.heading.x = o.heading.x;
    this.heading.y = o.heading.y;
    this.lastWave = o.lastWave;
    this.lastGen = o.lastGen;
    this.reactions = o.reactions;
  }

  hashInto(h: HashSink): void {
    h.num(this.heading.x);
    h.num(this.heading.y);
    h.int(this.lastWave);
    h.int(this.lastGen);
    h.int(this.reactions);
  }

  /** Re-reads the heading at (x, y) from the newest wave that has reached the chaser's cell. */
  update(x: number, y: number): boolean {
    const f = this.field;
    const r = f.resolution;
    const cx = Math.floor(x * r);
    const cy = Math.floor(y * r);
    if (cx < 0 || cy < 0 || cx >= f.width || cy >= f.height) return false; // no wave reaches outside
    const S = f.stride;
    const at = (cy + 2) * S + cx + 2;
    const age = f.age;
    let best = -1;
    let bestAge = 0x7fffffff;
    for (let w = 0; w < f.waves; w++) {
      const a = age[w]!;
      if (a < 0 || a >= bestAge) continue;
      if (f.arrivalBuffer(w)![at]! >= 0) {
        best = w;
        bestAge = a;
      }
    }
    if (best < 0) return false;
    const dir = this.dir;
    if (!arrivalDirection(f, best, x, y, dir)) return false;
    const nx = dir.x;
    const ny = dir.y;
    const h = this.heading;
    const gen = f.generation[best]!;
    // Far from the source the arrival map is slightly noisy; a U-turn within the same wave is a
    // saddle in that noise, not news about the target: keep going. A newer wave may turn it round.
    if (best === this.lastWave && gen === this.lastGen && nx * h.x + ny * h.y < -0.5) return false;
    h.x = nx;
    h.y = ny;
    this.lastWave = best;
    this.lastGen = gen;
    this.reactions++;
    return true;
  }
}

/**
 * Direction of −∇(first-arrival time) of wave w at (x, y) (cell units): the field's per-grid-point
 * upwind unit vectors (toward the earlier-reached neighbour on each axis; WaveField.arrivalDirX)
 * blended bilinearly over the four grid points that surround (x, y) (points not reached, walls and
 * points with no earlier neighbour are left out and the weights renormalised). Writes a unit vector
 * to `out`; returns false (out untouched) when it is zero.
 */
export function arrivalDirection(f: WaveField, w: number, x: number, y: number, out: Vec2): boolean {
  const gx = x * f.resolution - 0.5;
  const gy = y * f.resolution - 0.5;
  const i = Math.floor(gx);
  const j = Math.floor(gy);
  // The padded buffers reach two points around the grid; farther out nothing has arrived.
  if (i < -2 || j < -2 || i > f.width || j > f.height) return false;
  const arr = f.arrivalBuffer(w);
  const ox = f.arrivalDirXBuffer(w);
  const oy = f.arrivalDirYBuffer(w);
  if (!arr || !ox || !oy) return false;
  const u = gx - i;
  const v = gy - j;
  const S = f.stride;
  const p = (j + 2) * S + i + 2;
  let sx = 0;
  let sy = 0;
  // The four corners p, p+1, p+S, p+S+1 with bilinear weights, unrolled: every wave+ chaser runs
  // this every step.
  if (arr[p]! >= 0) {
    const wt = (1 - u) * (1 - v);
    sx += wt * ox[p]!;
    sy += wt * oy[p]!;
  }
  if (arr[p + 1]! >= 0) {
    const wt = u * (1 - v);
    sx += wt * ox[p + 1]!;
    sy += wt * oy[p + 1]!;
  }
  if (arr[p + S]! >= 0) {
    const wt = (1 - u) * v;
    sx += wt * ox[p + S]!;
    sy += wt * oy[p + S]!;
  }
  if (arr[p + S + 1]! >= 0) {
    const wt = u * v;
    sx += wt * ox[p + S + 1]!;
    sy += wt * oy[p + S + 1]!;
  }
  const len = Math.sqrt(sx * sx + sy * sy);
  if (len === 0) return false;
  out.x = sx / len;
  out.y = sy / len;
  return true;
}
