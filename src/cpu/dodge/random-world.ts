// Seeded random bullet situations for tests and benchmarks: bullets spread over the field, mostly
// falling, none touching the ship at the start. `rand` is a seeded stream (seedrandom).
import { DodgeWorld } from './world';
import { dcos, dsin, PI } from '../../geom/dmath';

export interface RandomWorldOptions {
  bullets: number;
  /** Ship position (default: a random point in the lower half). */
  shipX?: number;
  shipY?: number;
  /** Bullets only within this distance of the ship (default: anywhere in the field). */
  radius?: number;
  /** Largest age in frames (ages are uniform in [0, maxAge]). */
  maxAge?: number;
}

export function randomWorld(rand: () => number, o: RandomWorldOptions, out = new DodgeWorld(Math.max(16, o.bullets))): DodgeWorld {
  out.clear();
  out.shipX = o.shipX ?? 40 + rand() * (out.width - 80);
  out.shipY = o.shipY ?? out.height / 2 + rand() * (out.height / 2 - 16);
  const maxAge = o.maxAge ?? 120;
  let guard = 0;
  while (out.count < o.bullets && guard++ < o.bullets * 50) {
    let x: number;
    let y: number;
    if (o.radius !== undefined) {
      const a = rand() * 2 * PI;
      const d = Math.sqrt(rand()) * o.radius;
      x = out.shipX + d * dcos(a);
      y = out.shipY + d * dsin(a);
    } else {
      x = rand() * out.width;
      y = rand() * out.height;
    }
    const r = 2 + rand() * 4;
    const dx = x - out.shipX;
    const dy = y - out.shipY;
    const rh = r + out.shipR;
    if (dx * dx + dy * dy <= 4 * rh * rh) continue;
    const dir = PI * (0.1 + 0.8 * rand());
    const sp = 0.8 + rand() * 3.2;
    out.add(x, y, sp * dcos(dir), sp * dsin(dir), r, Math.floor(rand() * (maxAge + 1)));
  }
  return out;
}
