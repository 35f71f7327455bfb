import { DodgeWorld, randomWorld } from '../../../src/cpu/dodge/index';

/** A world with the ship at (x, y) and the given obstacles [x, y, vx, vy, r, age]. */
export function world(x: number, y: number, obs: [number, number, number, number, number, number][] = []): DodgeWorld {
  const w = new DodgeWorld(Math.max(16, obs.length));
  w.shipX = x;
  w.shipY = y;
  for (const o of obs) w.add(...o);
  return w;
}

/**
 * Obstacles anywhere in the field, some slow or still (a tiny triangle or none), some rising:
 * the cases the map's shapes and windows must all draw as build() does.
 */
export function mixedWorld(rand: () => number, n: number): DodgeWorld {
  const w = randomWorld(rand, { bullets: n }, new DodgeWorld(n));
  for (let i = 0; i < w.count; i++) {
    const u = rand();
    if (u < 0.05) w.vx[i] = w.vy[i] = 0;
    else if (u < 0.1) {
      w.vx[i]! *= 1e-4;
      w.vy[i]! *= 1e-4;
    } else if (u < 0.3) w.vy[i] = -w.vy[i]!;
  }
  return w;
}
