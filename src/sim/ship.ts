// The ship: 8-directional movement, automatic shot while the shot key is held, focus.
import { FIELD_H, FIELD_W, SHIP_EDGE, SHIP_FOCUS_SPEED, SHIP_SPEED, SHOT_PERIOD, SHOT_RADIUS, SHOT_SPEED } from './constants';
import { Input, inputDirX, inputDirY } from './input';
import type { SideState } from './state';
import type { SimEvent } from './events';
import { moveAgent } from '../geom/move';
import type { TileGrid, Vec2 } from '../geom/grid';
import { SHIP_WALL_RADIUS, TILE } from './maze-state';

const DIAG = 0.7071067811865476; // 1/√2, so diagonals are not faster
const WALL_R = SHIP_WALL_RADIUS / TILE; // the ship's collision half-size against maze walls, cells
const scratch: Vec2 = { x: 0, y: 0 };

/**
 * Where a ship at (x, y) ends up after one frame of `bits` (shared with the CPU's lookahead). In a
 * maze stage pass the side's maze as `walls`: the ship (a square of half-size 5 units) then stops at
 * wall tiles and slides along them, with corner nudging (moveAgent, src/geom/move.ts).
 */
export function moveShip(x: number, y: number, bits: number, focused: boolean, walls: TileGrid | null = null): { x: number; y: number } {
  const out = { x, y };
  stepShip(out, bits, focused, walls);
  return out;
}

function stepShip(p: Vec2, bits: number, focused: boolean, walls: TileGrid | null): void {
  const dx = inputDirX(bits);
  const dy = inputDirY(bits);
  if (dx === 0 && dy === 0) return;
  const sp = focused ? SHIP_FOCUS_SPEED : SHIP_SPEED;
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
  stepShip(ship, bits, ship.focused, side.maze ? side.maze.maze : null);
  if (ship.shotCooldown > 0) ship.shotCooldown--;
  if ((bits & Input.SHOT) !== 0 && ship.shotCooldown === 0) {
    ship.shotCooldown = SHOT_PERIOD;
    const shots = side.shots;
    const owner = side.index;
    if (ship.focused) {
      // Focused: a narrow, stronger beam.
      shots.add(ship.x - 6, ship.y - 10, 0, -SHOT_SPEED, SHOT_RADIUS, frame, 1, 0, owner, 1.4);
      shots.add(ship.x + 6, ship.y - 10, 0, -SHOT_SPEED, SHOT_RADIUS, frame, 1, 0, owner, 1.4);
    } else {
      shots.add(ship.x, ship.y - 12, 0, -SHOT_SPEED, SHOT_RADIUS, frame, 0, 0, owner, 1);
      shots.add(ship.x - 8, ship.y - 6, -1.9, -SHOT_SPEED, SHOT_RADIUS, frame, 0, 0, owner, 1);
      shots.add(ship.x + 8, ship.y - 6, 1.9, -SHOT_SPEED, SHOT_RADIUS, frame, 0, 0, owner, 1);
    }
    events.push({ type: 'shot', side: side.index });
  }
}
