// Movement of bullets and shots, and every collision of the game.
import type { BulletPool } from './bullet-pool';
import { FIELD_H, FIELD_W, GAUGE_PER_GRAZE, HIT_CLEAR_RADIUS, INVULN_FRAMES, OFFSCREEN_MARGIN, SHIP_GRAZE_RADIUS } from './constants';
import { datan2, dcos, dsin } from '../geom/dmath';
import { ShotShape } from './ship';
import { pending } from './enemies';
import { addGauge, clearBullets, onKill } from './versus';
import type { MatchState, SideState } from './state';
import type { Maze } from '../maze/maze';
import { inWall } from './maze-state';

/** Moves every bullet of a pool one frame and drops the ones that left the field or, in a maze, entered a wall tile. */
export function moveBullets(b: BulletPool, maze: Maze | null = null): void {
  const m = OFFSCREEN_MARGIN;
  for (let i = b.count - 1; i >= 0; i--) {
    const x = (b.x[i] = b.x[i]! + b.vx[i]!);
    const y = (b.y[i] = b.y[i]! + b.vy[i]!);
    if (x < -m || x > FIELD_W + m || y < -m || y > FIELD_H + m) b.remove(i);
    else if (maze && inWall(maze, x, y)) b.remove(i);
  }
}

/** Turn per frame of a homing shot toward its target (radians). */
const HOMING_TURN = 0.12;

/** Homing shots turn toward the nearest live enemy in front of them, keeping their speed. */
export function steerHomingShots(side: SideState): void {
  const shots = side.shots;
  const pool = side.enemies;
  if (pool.count === 0) return;
  for (let i = 0; i < shots.count; i++) {
    if (shots.shape[i] !== ShotShape.HOMING) continue;
    const sx = shots.x[i]!;
    const sy = shots.y[i]!;
    let best = -1;
    let bestD = Infinity;
    for (let j = 0; j < pool.count; j++) {
      const e = pool.items[j]!;
      if (pending(e) || e.invulnerable || e.y > sy) continue;
      const d = (e.x - sx) * (e.x - sx) + (e.y - sy) * (e.y - sy);
      if (d < bestD) {
        bestD = d;
        best = j;
      }
    }
    if (best < 0) continue;
    const e = pool.items[best]!;
    const vx = shots.vx[i]!;
    const vy = shots.vy[i]!;
    const sp = Math.sqrt(vx * vx + vy * vy);
    const cur = datan2(vy, vx);
    let turn = datan2(e.y - sy, e.x - sx) - cur;
    if (turn > Math.PI) turn -= 2 * Math.PI;
    else if (turn < -Math.PI) turn += 2 * Math.PI;
    const a = cur + Math.max(-HOMING_TURN, Math.min(HOMING_TURN, turn));
    shots.vx[i] = sp * dcos(a);
    shots.vy[i] = sp * dsin(a);
  }
}

/** The side's shots against its enemies: damage, kills. */
export function shotsHitEnemies(s: MatchState, side: SideState): void {
  const shots = side.shots;
  const pool = side.enemies;
  for (let i = shots.count - 1; i >= 0; i--) {
    const sx = shots.x[i]!;
    const sy = shots.y[i]!;
    const sr = shots.r[i]!;
    for (let j = 0; j < pool.count; j++) {
      const e = pool.items[j]!;
      if (pending(e)) continue;
      const dx = e.x - sx;
      const dy = e.y - sy;
      const rr = e.r + sr;
      if (dx * dx + dy * dy > rr * rr) continue;
      const damage = shots.aux[i]!;
      if (shots.shape[i] === ShotShape.NEEDLE && damage > 0.3) {
        // A needle pierces: it goes on past this enemy (moved beyond its body) at half its damage.
        shots.aux[i] = damage * 0.5;
        shots.y[i] = e.y - rr - 1;
      } else shots.remove(i);
      if (!e.invulnerable) {
        e.hp -= damage;
        if (e.hp <= 0) {
          onKill(s, side, e);
          pool.remove(j);
        } else s.events.push({ type: 'enemy-hit', side: side.index, x: sx, y: sy });
      }
      break;
    }
  }
}

/** A hit costs a life, grants invulnerability, breaks the chain and clears bullets close by. */
export function hitShip(s: MatchState, side: SideState): void {
  const ship = side.ship;
  side.hits++;
  if (!s.config.infiniteLives) ship.lives--;
  ship.invuln = INVULN_FRAMES;
  ship.charge = 0;
  side.chain = 0;
  clearBullets(side, ship.x, ship.y, HIT_CLEAR_RADIUS);
  s.events.push({ type: 'hit', side: side.index, x: ship.x, y: ship.y, lives: ship.lives });
}

/** Enemy bullets and enemy bodies against the ship: grazes and hits. */
export function shipCollisions(s: MatchState, side: SideState): void {
  const ship = side.ship;
  if (ship.lives <= 0) return;
  const b = side.bullets;
  const sx = ship.x;
  const sy = ship.y;
  const hitR = side.character.hitRadius;
  let hit = false;
  for (let i = 0; i < b.count; i++) {
    const dx = b.x[i]! - sx;
    const dy = b.y[i]! - sy;
    const d2 = dx * dx + dy * dy;
    const gr = b.r[i]! + SHIP_GRAZE_RADIUS;
    if (d2 > gr * gr) continue;
    const hr = b.r[i]! + hitR;
    if (d2 <= hr * hr && ship.invuln === 0) {
      hit = true;
      break;
    }
    if (b.aux[i] === 0 && ship.invuln === 0) {
      b.aux[i] = 1; // each bullet grazes once
      side.grazes++;
      side.score += 20;
      addGauge(side, GAUGE_PER_GRAZE);
      s.events.push({ type: 'graze', side: side.index, x: b.x[i]!, y: b.y[i]! });
    }
  }
  if (!hit && ship.invuln === 0) {
    const pool = side.enemies;
    for (let j = 0; j < pool.count; j++) {
      const e = pool.items[j]!;
      if (pending(e)) continue;
      const dx = e.x - sx;
      const dy = e.y - sy;
      const rr = e.r * 0.7 + hitR; // bodies are a little forgiving
      if (dx * dx + dy * dy <= rr * rr) {
        hit = true;
        break;
      }
    }
  }
  if (hit) hitShip(s, side);
}
