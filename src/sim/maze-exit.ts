// The exit (`G`) and moving on: a ship whose centre reaches an exit tile clears the maze (score
// bonus, mazesCleared + 1) and its field loads the next maze of the match's rotation — the same
// sequence the other side walks. The ship starts again at the new maze's P; enemy bullets and shots
// in that field vanish, chasers and turrets start over at their cells; attacks still on their way
// from the other field carry on, and sent enemies already there reappear far from the ship in the
// new maze (maze-sent.ts).
import { MAZE_ARRIVAL_INVULN, MAZE_CLEAR_BONUS, cellOf, newMazeSide, TILE, type MazeSideState } from './maze-state';
import { removeMazeEnemies } from './maze-spawn';
import { relocateSent } from './maze-sent';
import type { MatchState, SideState } from './state';

/** Puts side into the k-th maze of the rotation (also the match start, k = 0). */
export function enterMaze(s: MatchState, side: SideState, k: number): void {
  const c = s.config;
  const mz = newMazeSide(c.seed, side.index, c.maze, c.chaseMethod, k, s.frame, side.maze?.rng);
  side.maze = mz;
  removeMazeEnemies(side.enemies);
  side.ship.x = (mz.maze.start.x + 0.5) * TILE;
  side.ship.y = (mz.maze.start.y + 0.5) * TILE;
  relocateSent(side, mz);
}

/** Clears the maze when the ship stands on an exit. Returns true when it did. */
export function checkExit(s: MatchState, side: SideState, mz: MazeSideState): boolean {
  const ship = side.ship;
  if (ship.lives <= 0) return false;
  const cx = cellOf(ship.x);
  const cy = cellOf(ship.y);
  const exits = mz.maze.exits;
  let onExit = false;
  for (let k = 0; k < exits.length && !onExit; k++) onExit = exits[k]!.x === cx && exits[k]!.y === cy;
  if (!onExit) return false;
  side.mazesCleared++;
  side.score += MAZE_CLEAR_BONUS;
  enterMaze(s, side, mz.index + 1);
  side.bullets.clear();
  side.shots.clear();
  ship.invuln = Math.max(ship.invuln, MAZE_ARRIVAL_INVULN);
  s.events.push({ type: 'maze-cleared', side: side.index, cleared: side.mazesCleared, bonus: MAZE_CLEAR_BONUS, next: side.maze!.name });
  return true;
}
