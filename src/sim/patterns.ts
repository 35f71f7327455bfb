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
  /** Bullets falling in a downward cone at random speeds. */
  RAIN: 8,
  /** Four arms turning steadily, big bullets. */
  CROSS: 9,
  /** A fan whose centre sways to either side of the aim. */
  WAVE: 10,
  /** Two rings at two speeds, turning a little every volley. */
  PETALS: 11,
  /** Three fast bullets: at the ship and either side of it. */
  NEEDLES: 12,
  /** A slow ring of big bullets with one fast aimed bullet. */
  COMBS: 13,
} as const;

/** Data names of the patterns (character files name them), in Pattern order. */
export const PATTERN_NAMES = [
  'none',
  'aimed',
  'ring',
  'spiral',
  'stream',
  'spread',
  'burst',
  'flower',
  'rain',
  'cross',
  'wave',
  'petals',
  'needles',
  'combs',
] as const;
export type PatternName = (typeof PATTERN_NAMES)[number];

export const Shape = { SMALL: 0, ORB: 1, RICE: 2, BIG: 3, STAR: 4 } as const;
export const SHAPE_NAMES = ['small', 'orb', 'rice', 'big', 'star'] as const;
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
    case Pattern.RAIN: {
      const n = count(4, e, c);
      for (let k = 0; k < n; k++) emit(c, e, TAU / 4 + c.rng.range(-0.6, 0.6), c.rng.range(1.6, 2.6) * sp, Shape.RICE, Color.CYAN);
      return;
    }
    case Pattern.CROSS: {
      const arms = count(4, e, c);
      for (let k = 0; k < arms; k++) emit(c, e, e.phase + (TAU * k) / arms, 2.4 * sp, Shape.ORB, Color.RED);
      e.phase += 0.11;
      return;
    }
    case Pattern.WAVE: {
      const n = count(5, e, c) | 1;
      const centre = aim + 0.6 * dsin(e.phase);
      for (let k = 0; k < n; k++) emit(c, e, centre + (k - (n - 1) / 2) * 0.16, 2.2 * sp, Shape.SMALL, Color.GREEN);
      e.phase += 0.35;
      return;
    }
    case Pattern.PETALS: {
      const n = count(10, e, c);
      for (let k = 0; k < n; k++) {
        const a = e.phase + (TAU * k) / n;
        emit(c, e, a, 1.6 * sp, Shape.RICE, Color.PURPLE);
        emit(c, e, a + TAU / n / 2, 2.4 * sp, Shape.RICE, Color.WHITE);
      }
      e.phase += 0.2;
      return;
    }
    case Pattern.NEEDLES: {
      // Aimed afresh every volley (maze enemies keep their facing in aimX/aimY: no locked aim here).
      for (let k = -1; k <= 1; k++) emit(c, e, aim + k * 0.25, 3.6 * sp, Shape.RICE, Color.YELLOW);
      return;
    }
    case Pattern.COMBS: {
      const n = count(6, e, c);
      for (let k = 0; k < n; k++) emit(c, e, e.phase + (TAU * k) / n, 1.4 * sp, Shape.BIG, Color.ORANGE);
      emit(c, e, aim, 3.2 * sp, Shape.ORB, Color.YELLOW);
      e.phase += 0.31;
      return;
    }
    default:
      throw new Error(`unknown pattern ${e.pattern}`);
  }
}
