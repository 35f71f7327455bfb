// The ship: 8-directional movement, automatic shot while the shot key is held, focus.
import { FIELD_H, FIELD_W, SHIP_EDGE, SHIP_FOCUS_SPEED, SHIP_SPEED, SHOT_PERIOD, SHOT_RADIUS, SHOT_SPEED } from './constants';
import { Input, inputDirX, inputDirY } from './input';
import type { SideState } from './state';
import type { SimEvent } from './events';

const DIAG = 0.7071067811865476; // 1/√2, so diagonals are not faster

/** Where a ship at (x, y) ends up after one frame of `bits` (shared with the CPU's lookahead). */
export function moveShip(x: number, y: number, bits: number, focused: boolean): { x: number; y: number } {
  const dx = inputDirX(bits);
  const dy = inputDirY(bits);
  const sp = focused ? SHIP_FOCUS_SPEED : SHIP_SPEED;
  const k = dx !== 0 && dy !== 0 ? sp * DIAG : sp;
  return {
    x: Math.min(FIELD_W - SHIP_EDGE, Math.max(SHIP_EDGE, x + dx * k)),
    y: Math.min(FIELD_H - SHIP_EDGE, Math.max(SHIP_EDGE, y + dy * k)),
  };
}

export function updateShip(side: SideState, bits: number, frame: number, events: SimEvent[]): void {
  const ship = side.ship;
  // Charging slows the ship like focus: the charge attack has a cost.
  ship.focused = (bits & Input.FOCUS) !== 0 || ship.charge > 0;
  const dx = inputDirX(bits);
  const dy = inputDirY(bits);
  if (dx !== 0 || dy !== 0) {
    const sp = ship.focused ? SHIP_FOCUS_SPEED : SHIP_SPEED;
    const k = dx !== 0 && dy !== 0 ? sp * DIAG : sp;
    ship.x = Math.min(FIELD_W - SHIP_EDGE, Math.max(SHIP_EDGE, ship.x + dx * k));
    ship.y = Math.min(FIELD_H - SHIP_EDGE, Math.max(SHIP_EDGE, ship.y + dy * k));
  }
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
