// Danger at one point from the obstacles a search can see (paper A.2 without the grid: the max over
// objects of max(Dci, Dtr), no edge term). The CPU's "is it safe around the ship" measure for
// versus play: the lure toward enemies and charging an attack across happen only when it is low.
import { dangerOf } from './danger';
import type { DodgeWorld } from './world';

/** max over obstacles with age ≥ delayFrames of the A.2 danger at (x, y) (0 when none reaches it). */
export function dangerAt(w: DodgeWorld, x: number, y: number, delayFrames: number): number {
  let best = 0;
  const n = w.count;
  for (let i = 0; i < n; i++) {
    if (w.age[i]! < delayFrames) continue;
    const d = dangerOf(x - w.x[i]!, y - w.y[i]!, w.vx[i]!, w.vy[i]!, w.r[i]! + w.shipR);
    if (d > best) best = d;
  }
  return best;
}
