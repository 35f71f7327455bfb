// Reaction delay (paper §3.3.2, A.5): objects younger than the delay do not exist for the search,
// the way a person has not yet reacted to a bullet that just appeared.
import type { DodgeWorld } from './world';

/** Copies the ship and the obstacles with age ≥ delayFrames from `src` into `dst`; returns dst. */
export function visibleWorld(src: DodgeWorld, delayFrames: number, dst: DodgeWorld): DodgeWorld {
  dst.width = src.width;
  dst.height = src.height;
  dst.edge = src.edge;
  dst.shipX = src.shipX;
  dst.shipY = src.shipY;
  dst.shipR = src.shipR;
  dst.speed = src.speed;
  dst.focusSpeed = src.focusSpeed;
  dst.goalX = src.goalX;
  dst.goalY = src.goalY;
  dst.pull = src.pull;
  dst.goalField = src.goalField;
  dst.pathW = src.pathW;
  dst.switchPenalty = src.switchPenalty;
  dst.walls = src.walls;
  dst.tile = src.tile;
  dst.wallRadius = src.wallRadius;
  dst.count = 0;
  const n = src.count;
  for (let i = 0; i < n; i++) {
    if (src.age[i]! < delayFrames) continue;
    dst.add(src.x[i]!, src.y[i]!, src.vx[i]!, src.vy[i]!, src.r[i]!, src.age[i]!);
  }
  return dst;
}
