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
// that mixture points anywhere). The field records, per cell, the first time |z| reached a low level
// (first-arrival detection; a time, so it does not depend on how weak the front is). A chaser steers
// along −∇(arrival time) of the newest wave that has reached its cell: the direction the first front
// came from, never the later mixture. It re-reads that direction every step (the arrival map stays
// valid until the wave is re-emitted), so it bends round corners instead of running straight for T/n
// steps. Cost per chaser: a few reads; the field cost is unchanged apart from one compare per cell.

import type { HashSink, Vec2 } from './grid';
import type { WaveField, WaveSample } from './field';

export interface WaveTrackerOptions {
  /**
   * |z| level that counts as arrival. Default 1e-6 × the field's amplitude: the lowest level clear of
   * round-off, found best on the shipped mazes; higher levels (1e-2 … 1e-4) show §6.3's weakness more.
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

  constructor(
    readonly field: WaveField,
    opts: WaveTrackerOptions = {},
  ) {
    this.threshold = opts.threshold ?? 1e-6 * field.amplitude;
    this.reacted = new Int32Array(field.waves).fill(-1);
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
    let best = -1;
    let bestAge = 0x7fffffff;
    for (let w = 0; w < n; w++) {
      const age = f.age[w]!;
      if (age < 0) continue;
      const gen = f.generation[w]!;
      if (this.reacted[w] === gen) continue;
      const z = f.value(w, x, y);
      if ((z < 0 ? -z : z) >= this.threshold) {
        this.reacted[w] = gen; // ignore W_w until it is re-emitted
        if (age < bestAge) {
          bestAge = age;
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
  private readonly next: Vec2 = { x: 0, y: 0 };

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
    const cx = Math.floor(x * f.resolution);
    const cy = Math.floor(y * f.resolution);
    let best = -1;
    let bestAge = 0x7fffffff;
    for (let w = 0; w < f.waves; w++) {
      const age = f.age[w]!;
      if (age < 0 || age >= bestAge) continue;
      if (f.arrivalAt(w, cx, cy) >= 0) {
        best = w;
        bestAge = age;
      }
    }
    if (best < 0) return false;
    const nx = this.next;
    if (!arrivalDirection(f, best, x, y, nx)) return false;
    const h = this.heading;
    const gen = f.generation[best]!;
    // Far from the source the arrival map is slightly noisy; a U-turn within the same wave is a
    // saddle in that noise, not news about the target: keep going. A newer wave may turn it round.
    if (best === this.lastWave && gen === this.lastGen && nx.x * h.x + nx.y * h.y < -0.5) return false;
    h.x = nx.x;
    h.y = nx.y;
    this.lastWave = best;
    this.lastGen = gen;
    this.reactions++;
    return true;
  }
}

/**
 * Direction of −∇(first-arrival time) of wave w at (x, y) (cell units): per grid point an upwind difference (toward the
 * earlier-reached neighbour on each axis, only neighbours already reached), blended bilinearly over the
 * four grid points that surround (x, y) (points not reached or walls are left out and the weights
 * renormalised). Writes a unit vector to `out`; returns false (out untouched) when it is zero.
 */
export function arrivalDirection(f: WaveField, w: number, x: number, y: number, out: Vec2): boolean {
  const gx = x * f.resolution - 0.5;
  const gy = y * f.resolution - 0.5;
  const i = Math.floor(gx);
  const j = Math.floor(gy);
  const u = gx - i;
  const v = gy - j;
  let sx = 0;
  let sy = 0;
  let sw = 0;
  for (let c = 0; c < 4; c++) {
    const cx = i + (c & 1);
    const cy = j + (c >> 1);
    const t = f.arrivalAt(w, cx, cy);
    if (t < 0) continue;
    const wt = ((c & 1) ? u : 1 - u) * ((c >> 1) ? v : 1 - v);
    if (wt <= 0) continue;
    const l = f.arrivalAt(w, cx - 1, cy);
    const r = f.arrivalAt(w, cx + 1, cy);
    const up = f.arrivalAt(w, cx, cy - 1);
    const dn = f.arrivalAt(w, cx, cy + 1);
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
    if (len === 0) continue;
    sx += (wt * dx) / len;
    sy += (wt * dy) / len;
    sw += wt;
  }
  if (sw === 0) return false;
  const len = Math.sqrt(sx * sx + sy * sy);
  if (len === 0) return false;
  out.x = sx / len;
  out.y = sy / len;
  return true;
}
