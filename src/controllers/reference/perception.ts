// What a person perceives of their field: the field as it was `delayFrames` ago (nothing younger
// is seen at all), each thing's motion carried forward over only part of that delay, speeds
// misjudged by a fixed factor per bullet, and only the few nearest threats tracked. The ship's own
// position is known now: people feel what their hands did (efference copy), they do not wait to see it.
import { BULLET_CAPACITY, ENEMY_CAPACITY } from '../../sim/constants';
import type { MatchState } from '../../sim/state';
import type { ReferencePlayer } from './schema';

const CAP = BULLET_CAPACITY + ENEMY_CAPACITY;
/** Enemy bodies hurt at 0.7 of their radius (src/sim/collide.ts). */
const BODY_SCALE = 0.7;

/** Threats as the person pictures them now: position, velocity, radius (structure of arrays). */
export class Percept {
  count = 0;
  readonly x = new Float64Array(CAP);
  readonly y = new Float64Array(CAP);
  readonly vx = new Float64Array(CAP);
  readonly vy = new Float64Array(CAP);
  readonly r = new Float64Array(CAP);
  /** Ranking key (closest approach over the horizon with the ship still); scratch for attention. */
  readonly key = new Float64Array(CAP);
  /** Indices of the tracked threats, nearest first (length `tracked`). */
  readonly order = new Int32Array(CAP);
  /** Closest approach (surface distance, ship still) of each tracked threat, in `order`'s order. */
  readonly near = new Float64Array(CAP);
  tracked = 0;

  push(x: number, y: number, vx: number, vy: number, r: number): void {
    const i = this.count++;
    this.x[i] = x;
    this.y[i] = y;
    this.vx[i] = vx;
    this.vy[i] = vy;
    this.r[i] = r;
  }
}

/**
 * A fixed misjudgement of one bullet's speed in −1.7..1.7 (roughly normal, the sum of three
 * uniforms), the same every frame it is seen: a bullet is identified by its spawn frame and
 * velocity, which never change. Integer hashing keeps it exact in every JavaScript engine.
 */
export function speedError(spawn: number, vx: number, vy: number, salt: number): number {
  let h = (spawn * 0x9e3779b1) ^ Math.round(vx * 4096) ^ (Math.round(vy * 4096) * 0x85ebca6b) ^ salt;
  let s = 0;
  for (let k = 0; k < 3; k++) {
    h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
    h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
    h ^= h >>> 16;
    s += (h >>> 0) / 4294967296;
  }
  return (s - 1.5) * 2;
}

/**
 * Fills `out` with what `p` perceives of `side`'s field at the state's frame, and tracks the
 * `attention` threats nearest to (shipX, shipY). A bullet spawned at frame s is seen only once
 * frame − s > delayFrames (it existed `delay` frames ago); bullets fly straight, so where it was
 * then is x − vx·delay exactly. Enemies likewise from their last step's motion once older than
 * the delay.
 */
export function perceive(
  state: Readonly<MatchState>,
  side: number,
  p: ReferencePlayer,
  shipX: number,
  shipY: number,
  salt: number,
  out: Percept,
): void {
  const me = state.sides[side]!;
  const t = state.frame;
  const d = p.delayFrames;
  const ahead = p.lagCompensation * d;
  out.count = 0;
  const b = me.bullets;
  for (let i = 0; i < b.count; i++) {
    if (t - b.spawn[i]! <= d) continue;
    const vx = b.vx[i]!;
    const vy = b.vy[i]!;
    const f = 1 + p.speedNoise * speedError(b.spawn[i]!, vx, vy, salt);
    const seenX = b.x[i]! - vx * d;
    const seenY = b.y[i]! - vy * d;
    out.push(seenX + vx * f * ahead, seenY + vy * f * ahead, vx * f, vy * f, b.r[i]!);
  }
  const pool = me.enemies;
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (e.age <= d) continue;
    const seenX = e.x - e.vx * d;
    const seenY = e.y - e.vy * d;
    out.push(seenX + e.vx * ahead, seenY + e.vy * ahead, e.vx, e.vy, e.r * BODY_SCALE);
  }
  attend(out, shipX, shipY, p.attention, p.horizonFrames);
}

/** Keeps the `n` threats whose closest approach to a still ship within `horizon` frames is smallest. */
export function attend(out: Percept, shipX: number, shipY: number, n: number, horizon: number): void {
  const m = out.count;
  for (let i = 0; i < m; i++) {
    const rx = out.x[i]! - shipX;
    const ry = out.y[i]! - shipY;
    const vx = out.vx[i]!;
    const vy = out.vy[i]!;
    const vv = vx * vx + vy * vy;
    // Time of closest approach, clamped to [0, horizon].
    let tc = vv > 0 ? -(rx * vx + ry * vy) / vv : 0;
    if (tc < 0) tc = 0;
    else if (tc > horizon) tc = horizon;
    const cx = rx + vx * tc;
    const cy = ry + vy * tc;
    out.key[i] = Math.sqrt(cx * cx + cy * cy) - out.r[i]!;
  }
  // Partial selection: n is small (a handful), so n passes over the threats.
  const k = Math.min(n, m);
  const taken = out.order;
  out.tracked = 0;
  for (let s = 0; s < k; s++) {
    let best = -1;
    let bestKey = Infinity;
    for (let i = 0; i < m; i++) {
      const v = out.key[i]!;
      if (v < bestKey) {
        bestKey = v;
        best = i;
      }
    }
    out.near[out.tracked] = bestKey;
    taken[out.tracked++] = best;
    out.key[best] = Infinity;
  }
}
