// Maze stages, per side and frame (called from step() after the ship moved and enemies aged):
// the exit, heal pads, chasers, turrets, and enemies sent from the other field (maze-sent.ts). Walls
// against ships (ship.ts) and bullets (collide.ts) are applied where those move. No open-stage waves
// run in maze stages (match.ts).
import type { DifficultyParams } from './difficulty';
import { updateChasers } from './maze-chasers';
import { checkExit } from './maze-exit';
import { updatePads } from './maze-pads';
import { updateSent } from './maze-sent';
import { updateTurrets } from './maze-turrets';
import type { MatchState, SideState } from './state';

export function updateMaze(s: MatchState, side: SideState, diff: DifficultyParams): void {
  if (!side.maze) return;
  checkExit(s, side, side.maze);
  const mz = side.maze; // a new maze when the exit was reached
  updatePads(s, side, mz);
  updateChasers(s, side, mz);
  updateTurrets(s, side, mz, diff);
  updateSent(s.frame, side, mz, diff);
}
