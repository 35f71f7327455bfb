// Bullet patterns fired by enemies. Each volley scales with the difficulty and the enemy's level.
import type { BulletPool } from './bullet-pool';
import { dcos, datan2, dsin, TAU } from '../geom/dmath';
import { countScale, speedScale, type DifficultyParams } from './difficulty';
import type { Enemy } from './enemy-pool';
import type { Rng } from './rng';

export const Pattern = {
  NONE: 0,
  /** A few bullets straight at the ship. */
  AIMED: 1,
  /** A full circle. */
  RING: 2,
  /** A rotating emitter: two arms turning a little every volley. */
  SPIRAL: 3,
  /** A rapid line of bullets along one locked aim. */
  STREAM: 4,
  /** A fan around the aim. */
  SPREAD: 5,
  /** Random directions and speeds. */
  BURST: 6,
  /** Boss-style: a turning flower of rings with aimed fans in between. */
  FLOWER: 7,
} as const;

export const Shape = { SMALL: 0, ORB: 1, RICE: 2, BIG: 3, STAR: 4 } as const;
export const SHAPE_RADIUS = [3, 4.5, 2.5, 8, 3.5] as const;
/** Palette indices; views map them to colours. */
export const Color = { RED: 0, ORANGE: 1, YELLOW: 2, GREEN: 3, CYAN: 4, BLUE: 5, PURPLE: 6, WHITE: 7 } as const;

export interface FireContext {
  bullets: BulletPool;
  frame: number;
  shipX: number;
  shipY: number;
  diff: DifficultyParams;
  rng: Rng;
}

function emit(c: FireContext, e: Enemy, angle: number, speed: number, shape: number, color: number): void {
  c.bullets.add(e.x, e.y, speed * dcos(angle), speed * dsin(angle), SHAPE_RADIUS[shape]!, c.frame, shape, color, e.owner);
}

function count(base: number, e: Enemy, c: FireContext): number {
  return Math.max(1, Math.round(base * countScale(e.level, c.diff)));
}

/** Fires one volley of e's pattern into c.bullets. */
export function fireVolley(e: Enemy, c: FireContext): void {
  const sp = speedScale(e.level, c.diff);
  const aim = datan2(c.shipY - e.y, c.shipX - e.x);
  switch (e.pattern) {
    case Pattern.NONE:
      return;
    case Pattern.AIMED: {
      const n = count(1, e, c);
      for (let k = 0; k < n; k++) emit(c, e, aim + (k - (n - 1) / 2) * 0.06, (2.6 + 0.25 * k) * sp, Shape.ORB, Color.RED);
      return;
    }
    case Pattern.RING: {
      const n = count(14, e, c);
      const off = e.phase;
      for (let k = 0; k < n; k++) emit(c, e, off + (TAU * k) / n, 1.9 * sp, Shape.SMALL, Color.BLUE);
      e.phase += TAU / n / 2;
      return;
    }
    case Pattern.SPIRAL: {
      const arms = count(2, e, c);
      for (let k = 0; k < arms; k++) emit(c, e, e.phase + (TAU * k) / arms, 2.1 * sp, Shape.RICE, Color.PURPLE);
      e.phase += 0.23;
      return;
    }
    case Pattern.STREAM: {
      // Lock the aim at the start of each stream so the line is straight and readable.
      if (e.burst === 0) {
        e.aimX = c.shipX;
        e.aimY = c.shipY;
      }
      const a = datan2(e.aimY - e.y, e.aimX - e.x);
      emit(c, e, a, 3.2 * sp, Shape.RICE, Color.CYAN);
      e.burst = (e.burst + 1) % count(6, e, c);
      return;
    }
    case Pattern.SPREAD: {
      const n = count(5, e, c) | 1;
      for (let k = 0; k < n; k++) emit(c, e, aim + (k - (n - 1) / 2) * 0.2, 2.3 * sp, Shape.ORB, Color.GREEN);
      return;
    }
    case Pattern.BURST: {
      const n = count(8, e, c);
      for (let k = 0; k < n; k++) emit(c, e, c.rng.next() * TAU, c.rng.range(1.2, 3) * sp, Shape.SMALL, Color.YELLOW);
      return;
    }
    case Pattern.FLOWER: {
      const n = count(8, e, c);
      for (let k = 0; k < n; k++) {
        const a = e.phase + (TAU * k) / n;
        emit(c, e, a, 1.7 * sp, Shape.STAR, Color.ORANGE);
        emit(c, e, -a, 2.2 * sp, Shape.RICE, Color.WHITE);
      }
      if (e.burst % 4 === 3) {
        for (let k = -2; k <= 2; k++) emit(c, e, aim + k * 0.12, 3 * sp, Shape.BIG, Color.RED);
      }
      e.burst++;
      e.phase += 0.17;
      return;
    }
    default:
      throw new Error(`unknown pattern ${e.pattern}`);
  }
}
