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

/**
 * Maze stage around the ship: its 3×3 cells open, 15 % walls elsewhere (24 × 28 tiles of 16), the
 * maze pull and path weight, and half the time a goal field (geodesic distances) instead of a point.
 */
export function mazeAround(rand: () => number, w: DodgeWorld): void {
  const walls = new Uint8Array(24 * 28);
  const sx = Math.floor(w.shipX / 16);
  const sy = Math.floor(w.shipY / 16);
  for (let i = 0; i < walls.length; i++)
    walls[i] = Math.abs((i % 24) - sx) <= 1 && Math.abs(Math.floor(i / 24) - sy) <= 1 ? 0 : rand() < 0.15 ? 1 : 0;
  w.walls = { width: 24, height: 28, walls };
  w.pull = 0.5;
  w.pathW = 0.3;
  if (rand() < 0.5) w.goalField = Float64Array.from(walls, (v) => (v ? Infinity : Math.floor(rand() * 30)));
}
