// The ship: 8-directional movement, automatic shot while the shot key is held, focus. Speeds and the
// shot are the side's character's (src/sim/characters).
import { FIELD_H, FIELD_W, SHIP_EDGE, SHOT_RADIUS } from './constants';
import { Input, inputDirX, inputDirY } from './input';
import type { SideState } from './state';
import type { SimEvent } from './events';
import { moveAgent } from '../geom/move';
import type { TileGrid, Vec2 } from '../geom/grid';
import { SHIP_WALL_RADIUS, TILE } from './maze-state';
import { getCharacter, NEUTRAL, type Character } from './characters';

const DIAG = 0.7071067811865476; // 1/√2, so diagonals are not faster
const WALL_R = SHIP_WALL_RADIUS / TILE; // the ship's collision half-size against maze walls, cells
const scratch: Vec2 = { x: 0, y: 0 };
const NEUTRAL_SHIP = getCharacter(NEUTRAL);

/** Shot shapes (BulletPool.shape of a side's shots): how they fly and how views draw them. */
export const ShotShape = { NORMAL: 0, FOCUSED: 1, NEEDLE: 2, HOMING: 3, HEAVY: 4 } as const;

/**
 * Where a ship at (x, y) ends up after one frame of `bits` (shared with the CPU's lookahead). In a
 * maze stage pass the side's maze as `walls`: the ship (a square of half-size 5 units) then stops at
 * wall tiles and slides along them, with corner nudging (moveAgent, src/geom/move.ts).
 */
export function moveShip(
  x: number,
  y: number,
  bits: number,
  focused: boolean,
  walls: TileGrid | null = null,
  ch: Character = NEUTRAL_SHIP,
): { x: number; y: number } {
  const out = { x, y };
  stepShip(out, bits, focused, walls, ch);
  return out;
}

function stepShip(p: Vec2, bits: number, focused: boolean, walls: TileGrid | null, ch: Character): void {
  const dx = inputDirX(bits);
  const dy = inputDirY(bits);
  if (dx === 0 && dy === 0) return;
  const sp = focused ? ch.focusSpeed : ch.speed;
  const k = dx !== 0 && dy !== 0 ? sp * DIAG : sp;
  if (!walls) {
    p.x = Math.min(FIELD_W - SHIP_EDGE, Math.max(SHIP_EDGE, p.x + dx * k));
    p.y = Math.min(FIELD_H - SHIP_EDGE, Math.max(SHIP_EDGE, p.y + dy * k));
    return;
  }
  // Cell units: /16 and ×16 are exact in binary floating point.
  scratch.x = p.x / TILE;
  scratch.y = p.y / TILE;
  moveAgent(walls, scratch, (dx * k) / TILE, (dy * k) / TILE, WALL_R);
  p.x = scratch.x * TILE;
  p.y = scratch.y * TILE;
}

export function updateShip(side: SideState, bits: number, frame: number, events: SimEvent[]): void {
  const ship = side.ship;
  // Charging slows the ship like focus: the charge attack has a cost.
  ship.focused = (bits & Input.FOCUS) !== 0 || ship.charge > 0;
  stepShip(ship, bits, ship.focused, side.maze ? side.maze.maze : null, side.character);
  if (ship.shotCooldown > 0) ship.shotCooldown--;
  if ((bits & Input.SHOT) !== 0 && ship.shotCooldown === 0) {
    ship.shotCooldown = side.character.shot.period;
    fireShot(side, frame);
    events.push({ type: 'shot', side: side.index });
  }
}

/** One volley of the character's shot. */
function fireShot(side: SideState, frame: number): void {
  const { x, y, focused } = side.ship;
  const shots = side.shots;
  const o = side.index;
  const { kind, speed: v, damage, focusedDamage: fd } = side.character.shot;
  const R = SHOT_RADIUS;
  switch (kind) {
    case 'spread':
      if (focused) {
        // Focused: a narrow, stronger beam.
        shots.add(x - 6, y - 10, 0, -v, R, frame, ShotShape.FOCUSED, 0, o, fd);
        shots.add(x + 6, y - 10, 0, -v, R, frame, ShotShape.FOCUSED, 0, o, fd);
      } else {
        shots.add(x, y - 12, 0, -v, R, frame, ShotShape.NORMAL, 0, o, damage);
        shots.add(x - 8, y - 6, -1.9, -v, R, frame, ShotShape.NORMAL, 0, o, damage);
        shots.add(x + 8, y - 6, 1.9, -v, R, frame, ShotShape.NORMAL, 0, o, damage);
      }
      return;
    case 'needle': {
      // Needles pierce: one passes through an enemy it hits (collide.ts) and strikes the next.
      const gap = focused ? 3 : 7;
      const d = focused ? fd : damage;
      shots.add(x - gap, y - 12, 0, -v, 3, frame, ShotShape.NEEDLE, 0, o, d);
      shots.add(x + gap, y - 12, 0, -v, 3, frame, ShotShape.NEEDLE, 0, o, d);
      return;
    }
    case 'homing':
      if (focused) {
        shots.add(x - 5, y - 10, 0, -v, R, frame, ShotShape.FOCUSED, 0, o, fd);
        shots.add(x + 5, y - 10, 0, -v, R, frame, ShotShape.FOCUSED, 0, o, fd);
      } else {
        // Homing orbs leave sideways and turn toward the nearest enemy (steerHomingShots).
        shots.add(x - 10, y - 4, -2.5, -v * 0.8, 5, frame, ShotShape.HOMING, 0, o, damage);
        shots.add(x + 10, y - 4, 2.5, -v * 0.8, 5, frame, ShotShape.HOMING, 0, o, damage);
      }
      return;
    case 'heavy':
      if (focused) shots.add(x, y - 14, 0, -v * 1.3, 8, frame, ShotShape.HEAVY, 0, o, fd);
      else shots.add(x, y - 14, 0, -v, 10, frame, ShotShape.HEAVY, 0, o, damage);
      return;
    case 'wide':
      if (focused) for (const vx of [-0.7, 0, 0.7]) shots.add(x + vx * 6, y - 10, vx, -v, R, frame, ShotShape.FOCUSED, 0, o, fd);
      else for (const vx of [-3.8, -1.9, 0, 1.9, 3.8]) shots.add(x + vx * 3, y - 8, vx, -v, R, frame, ShotShape.NORMAL, 0, o, damage);
      return;
    case 'twin': {
      const gap = focused ? 5 : 11;
      const d = focused ? fd : damage;
      const shape = focused ? ShotShape.FOCUSED : ShotShape.NORMAL;
      shots.add(x - gap, y - 10, 0, -v, R, frame, shape, 0, o, d);
      shots.add(x + gap, y - 10, 0, -v, R, frame, shape, 0, o, d);
      return;
    }
  }
}
