// Enemy movement paths: position as a closed-form function of age, so a path never drifts and a
// replay reproduces it exactly. Angles go through dmath (engine-independent trig).
import { BOSS_FRAMES } from './constants';
import { dsin } from '../geom/dmath';
import type { Enemy } from './enemy-pool';

export const Path = {
  /** Fly down to y = p1 at speed p0, hover p2 frames, then leave upward and outward. */
  DIVE: 0,
  /** Cross the field horizontally at p0 per frame, waving with amplitude p1. */
  CROSS: 1,
  /** Come down at p0 per frame and bend sideways (p1 = bend, signed). */
  SWOOP: 2,
  /** Slow descent at p0 with a horizontal sway of amplitude p2. */
  DRIFT: 3,
  /** Descend to y = p1, hover and sway, leave after p2 frames (sent attackers, bosses). */
  HOVER: 4,
  /** Maze chasers and turrets: no closed-form path, the maze rules move them (p0 = their slot). */
  MAZE: 5,
} as const;

export function pathPosition(e: Enemy, age: number): void {
  switch (e.path) {
    case Path.DIVE: {
      const arrive = Math.max(1, (e.p1 - e.oy) / e.p0);
      if (age < arrive) {
        e.x = e.ox;
        e.y = e.oy + e.p0 * age;
      } else if (age < arrive + e.p2) {
        e.x = e.ox;
        e.y = e.p1;
      } else {
        const a = age - arrive - e.p2;
        e.x = e.ox + (e.ox < 192 ? -1 : 1) * 0.012 * a * a;
        e.y = e.p1 - 0.02 * a * a;
      }
      return;
    }
    case Path.CROSS:
      e.x = e.ox + e.p0 * age;
      e.y = e.oy + e.p1 * dsin(age * 0.06);
      return;
    case Path.SWOOP:
      e.x = e.ox + e.p1 * 0.0025 * age * age;
      e.y = e.oy + e.p0 * age;
      return;
    case Path.DRIFT:
      e.x = e.ox + e.p2 * dsin(age * 0.02);
      e.y = e.oy + e.p0 * age;
      return;
    case Path.HOVER: {
      const arrive = Math.max(1, (e.p1 - e.oy) / e.p0);
      const stay = e.p2 > 0 ? e.p2 : BOSS_FRAMES;
      const sway = 40 * dsin(age * 0.025);
      if (age < arrive) {
        e.x = e.ox;
        e.y = e.oy + e.p0 * age;
      } else if (age < arrive + stay) {
        const k = Math.min(1, (age - arrive) / 60);
        e.x = e.ox + sway * k;
        e.y = e.p1;
      } else {
        const a = age - arrive - stay;
        e.x = e.ox + sway;
        e.y = e.p1 - 0.03 * a * a;
      }
      return;
    }
    default:
      throw new Error(`unknown path ${e.path}`);
  }
}

/** True while a path takes the enemy away (DIVE and HOVER after their stay): it holds fire then. */
export function pathLeaving(e: Enemy, age: number): boolean {
  if (e.path !== Path.DIVE && e.path !== Path.HOVER) return false; // the others fly straight through
  const arrive = Math.max(1, (e.p1 - e.oy) / e.p0);
  const stay = e.path === Path.HOVER ? (e.p2 > 0 ? e.p2 : BOSS_FRAMES) : e.p2;
  return age > arrive + stay;
}

/**
 * True once an enemy outside the field is gone for good and may be removed: leaving (DIVE, HOVER), or
 * past its first 30 frames (the paths that enter from outside and fly through).
 */
export function pathFinished(e: Enemy, age: number): boolean {
  if (e.path === Path.DIVE || e.path === Path.HOVER) return pathLeaving(e, age);
  return age > 30;
}
