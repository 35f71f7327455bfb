// Enemy kinds, spawning, movement and firing.
import { OFFSCREEN_MARGIN, FIELD_H, FIELD_W } from './constants';
import type { DifficultyParams } from './difficulty';
import { EnemyKind, type Enemy } from './enemy-pool';
import { Path, pathFinished, pathLeaving, pathPosition } from './paths';
import { fireVolley, type FireContext } from './patterns';
import type { SideState } from './state';
import { updateBossPhase } from './boss-phases';

export interface KindStats {
  name: string;
  r: number;
  hp: number;
  score: number;
}

export const KIND_STATS: Record<number, KindStats> = {
  [EnemyKind.FAIRY]: { name: 'fairy', r: 11, hp: 3, score: 100 },
  [EnemyKind.SWEEPER]: { name: 'sweeper', r: 10, hp: 2, score: 80 },
  [EnemyKind.SPINNER]: { name: 'spinner', r: 15, hp: 16, score: 400 },
  [EnemyKind.GUNSHIP]: { name: 'gunship', r: 19, hp: 28, score: 700 },
  [EnemyKind.SPIRIT]: { name: 'spirit', r: 10, hp: 6, score: 250 },
  [EnemyKind.BOSS]: { name: 'boss', r: 24, hp: 1, score: 0 },
  [EnemyKind.CHASER]: { name: 'chaser', r: 9, hp: 8, score: 300 },
  [EnemyKind.TURRET]: { name: 'turret', r: 10, hp: 14, score: 500 },
};

export interface SpawnSpec {
  kind: number;
  path: number;
  x: number;
  y: number;
  p0: number;
  p1: number;
  p2: number;
  pattern: number;
  /** Age of the first volley, then one every `period` frames. */
  firstFire: number;
  period: number;
  /** Frames after the wave starts before this enemy appears. */
  delay: number;
}

export function spawnEnemy(side: SideState, frame: number, s: SpawnSpec, level: number, owner: number): Enemy | null {
  const e = side.enemies.add();
  if (!e) return null;
  const k = KIND_STATS[s.kind]!;
  e.kind = s.kind;
  e.path = s.path;
  e.ox = e.x = s.x;
  e.oy = e.y = s.y;
  e.p0 = s.p0;
  e.p1 = s.p1;
  e.p2 = s.p2;
  e.r = k.r;
  e.hp = e.maxHp = s.kind === EnemyKind.BOSS ? 1 : Math.round(k.hp * (1 + 0.1 * (level - 1)));
  e.score = k.score;
  e.pattern = s.pattern;
  e.fireAt = s.firstFire;
  e.period = s.period;
  // An enemy with a delay waits off-stage with a negative age; it is not live until age 0.
  e.age = -s.delay;
  e.spawn = frame + s.delay;
  e.level = level;
  e.owner = owner;
  e.invulnerable = s.kind === EnemyKind.BOSS;
  return e;
}

/** True while an enemy is waiting to appear: invisible and untouchable. */
export function pending(e: Enemy): boolean {
  return e.age < 0;
}

/** Moves every enemy along its path, fires due volleys and removes those that left. */
export function updateEnemies(side: SideState, frame: number, diff: DifficultyParams): void {
  const pool = side.enemies;
  const ctx: FireContext = { bullets: side.bullets, frame, shipX: side.ship.x, shipY: side.ship.y, diff, rng: side.rng };
  for (let i = pool.count - 1; i >= 0; i--) {
    const e = pool.items[i]!;
    e.age++;
    if (e.age < 0) continue;
    if (e.path === Path.MAZE) continue; // chasers, turrets and sent spirits/bosses: moved and fired by src/sim/maze-*.ts
    const px = e.x;
    const py = e.y;
    pathPosition(e, e.age);
    e.vx = e.age === 0 ? 0 : e.x - px;
    e.vy = e.age === 0 ? 0 : e.y - py;
    const m = OFFSCREEN_MARGIN;
    const outside = e.x < -m || e.x > FIELD_W + m || e.y < -m || e.y > FIELD_H + m;
    if (outside && pathFinished(e, e.age)) {
      pool.remove(i);
      continue;
    }
    const onScreen = e.x >= 0 && e.x <= FIELD_W && e.y >= 0 && e.y <= FIELD_H;
    updateBossPhase(e);
    if (e.period > 0 && e.age >= e.fireAt) {
      e.fireAt += e.period;
      // Enemies hold fire off-screen and while leaving, so bullets never come from nowhere.
      if (onScreen && !pathLeaving(e, e.age)) fireVolley(e, ctx);
    }
  }
}
