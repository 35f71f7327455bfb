// Building an instance from a maze plus the live game state, for replanning every time the agent
// enters a new cell or an enemy moves (seed 001 §3.6: the NPC replans after every step).

import type { Cell, Maze } from '../../maze/maze';
import { parseInstance, type InstanceJson } from './instance';
import type { Instance, Mode, Objective } from './types';

export interface LiveEnemy extends Cell {
  reward?: number;
  damage?: number;
}

export interface LiveState {
  /** The agent's cell (default: the maze's P). */
  agent?: Cell;
  /** Live enemies at their current cells; they replace the maze's E markers. Two on one cell: only the first is kept. */
  enemies: readonly LiveEnemy[];
  hp: number;
  maxHp: number;
  lambda?: number;
  /** Default: the maze's G cells. */
  goal?: Cell;
  /** Default: the maze's H cells. */
  healAt?: 'anywhere' | readonly Cell[];
  time?: { attack?: number; heal?: number };
  objective?: Objective;
  mode?: Mode;
}

const name = (c: Cell) => `${c.x},${c.y}`;

/** The instance for one replanning step. Throws PlannerInputError like parseInstance (e.g. an enemy inside a wall). */
export function instanceFromMaze(maze: Maze, live: LiveState, source = 'live'): Instance {
  const taken = new Set<string>();
  const enemies: NonNullable<InstanceJson['enemies']> = [];
  for (const e of live.enemies) {
    const at = name(e);
    if (taken.has(at)) continue;
    taken.add(at);
    enemies.push({ at, reward: e.reward ?? 1, damage: e.damage ?? 1 });
  }
  const json: InstanceJson = {
    maze: maze.rows,
    maxHp: live.maxHp,
    hp: live.hp,
    enemies,
    ...(live.agent ? { start: name(live.agent) } : {}),
    ...(live.goal ? { goal: name(live.goal) } : {}),
    ...(live.lambda !== undefined ? { lambda: live.lambda } : {}),
    ...(live.healAt !== undefined ? { healAt: live.healAt === 'anywhere' ? 'anywhere' : live.healAt.map(name) } : {}),
    ...(live.time ? { time: live.time } : {}),
    ...(live.objective ? { objective: live.objective } : {}),
    ...(live.mode ? { mode: live.mode } : {}),
  };
  return parseInstance(json, source);
}
