// From the game state to the dodger's world: one side's ship, its enemy bullets and its enemies.
// Enemy bodies hit at 0.7·r in the sim (collide.ts), so they enter with that radius; enemies still
// arriving (age < 0) cannot hit and are left out.
import type { MatchState } from '../../sim/state';
import type { DodgeWorld } from './world';

export function worldFromMatch(state: Readonly<MatchState>, side: number, out: DodgeWorld): DodgeWorld {
  const s = state.sides[side]!;
  const frame = state.frame;
  out.clear();
  out.shipX = s.ship.x;
  out.shipY = s.ship.y;
  // The side's character sets the hitbox the search keeps clear (issue 24).
  out.shipR = s.character.hitRadius;
  // Maze stages: the ship's lookahead collides with the walls as the sim does (null: open field).
  out.walls = s.maze ? s.maze.maze : null;
  const b = s.bullets;
  for (let i = 0; i < b.count; i++) out.add(b.x[i]!, b.y[i]!, b.vx[i]!, b.vy[i]!, b.r[i]!, frame - b.spawn[i]!);
  const e = s.enemies;
  for (let j = 0; j < e.count; j++) {
    const en = e.items[j]!;
    if (en.age < 0) continue;
    out.add(en.x, en.y, en.vx, en.vy, en.r * 0.7, frame - en.spawn);
  }
  return out;
}
