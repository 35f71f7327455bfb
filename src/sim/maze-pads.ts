// Heal pads (`H`): standing on one for HEAL_FRAMES frames restores one life, up to the starting
// lives; the pad then recharges for HEAL_RECHARGE frames. Stepping off resets the count.
import { cellOf, HEAL_FRAMES, HEAL_RECHARGE, type MazeSideState } from './maze-state';
import type { MatchState, SideState } from './state';

export function updatePads(s: MatchState, side: SideState, mz: MazeSideState): void {
  const ship = side.ship;
  const cx = cellOf(ship.x);
  const cy = cellOf(ship.y);
  for (let k = 0; k < mz.pads.length; k++) {
    const p = mz.pads[k]!;
    const on = ship.lives > 0 && p.cx === cx && p.cy === cy;
    if (!on || s.frame < p.readyAt || ship.lives >= s.config.lives) {
      p.stand = 0;
      continue;
    }
    if (++p.stand < HEAL_FRAMES) continue;
    ship.lives++;
    p.stand = 0;
    p.readyAt = s.frame + HEAL_RECHARGE;
    s.events.push({ type: 'heal', side: side.index, x: ship.x, y: ship.y, lives: ship.lives });
  }
}
