import { DodgeWorld } from '../../../src/cpu/dodge/index';

/** A world with the ship at (x, y) and the given obstacles [x, y, vx, vy, r, age]. */
export function world(x: number, y: number, obs: [number, number, number, number, number, number][] = []): DodgeWorld {
  const w = new DodgeWorld(Math.max(16, obs.length));
  w.shipX = x;
  w.shipY = y;
  for (const o of obs) w.add(...o);
  return w;
}
