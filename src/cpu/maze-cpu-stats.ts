// What the planner CPU does in a real maze match, measured: how closely the ship follows the route
// the overlay draws, how its fights end, mazes cleared — and, given a clock, what it costs per frame.
// One source for `bench:planner -- --game` (docs/planner.md) and tests/ai/maze-cpu.test.ts.
// Deterministic except for the timings, which come only from the clock the caller passes.
import { createMatch, step } from '../sim/match';
import { EnemyKind } from '../sim/enemy-pool';
import { cellOf } from '../sim/maze-state';
import { CpuController, createCpuController } from './cpu-controller';
import type { DodgePreset } from './presets';
import type { MatchConfig } from '../sim/config';
import { FIGHT_GIVE_UP, MazeCpu, type RouteCell } from './maze-cpu';

export interface MazeRunOptions {
  /** 'open' runs an open stage (only the decision timings and the outcome mean anything then). */
  maze: string | 'open';
  seed: number;
  frames: number;
  /** A `cpu:` controller spec or a preset (default cpu:normal). */
  cpu?: string | DodgePreset;
  /** Stage preset values for the match config (stageConfig(preset)); default the built-in Normal. */
  stage?: Partial<MatchConfig>;
  /** Milliseconds now; with it the run records per-frame timings. */
  clock?: () => number;
}

/** How a fight ended: the fought chaser died, the plan moved on, or FIGHT_GIVE_UP ran out. */
export type FightEnd = 'kill' | 'plan' | 'give-up';

export interface MazeRunStats {
  maze: string;
  seed: number;
  frames: number;
  mazesCleared: number;
  lives: number;
  /** Frame the side ran out of lives, or null. */
  outAt: number | null;
  chaserKills: number;
  /** Cells entered while walking, and the share on the route drawn when the ship entered the cell before. */
  entries: number;
  onRoute: number;
  /** Walking frames, and the share within one cell of the route drawn ROUTE_LAG frames earlier. */
  walking: number;
  near: number;
  /** Every fight that ended during the run: its length in frames and how it ended. */
  fights: { frames: number; end: FightEnd }[];
  replans: number;
  /** With a clock (ms): the whole CPU decision per frame; the planner part (a twin MazeCpu) per frame; each replan. */
  decideMs: number[];
  plannerMs: number[];
  replanMs: number[];
}

/** Frames between the drawn route and the position compared with it (about four cells at full speed). */
export const ROUTE_LAG = 16;

/** Plays one practice match of a `cpu:` controller and measures it (see MazeRunStats). */
export function runMazeCpu(o: MazeRunOptions): MazeRunStats {
  const open = o.maze === 'open';
  const base = { seed: o.seed, mode: 'practice' as const, ...o.stage };
  const s = createMatch(open ? base : { ...base, stages: 'maze', maze: o.maze });
  const c = typeof o.cpu === 'object' ? new CpuController(o.cpu) : createCpuController(o.cpu ?? 'cpu:normal');
  // The planner part is timed on a twin: it sees the same states, so it makes the same plans.
  const twin = o.clock ? new MazeCpu(c.preset.planner) : null;
  const clock = o.clock;
  const r: MazeRunStats = {
    maze: o.maze,
    seed: o.seed,
    frames: 0,
    mazesCleared: 0,
    lives: 0,
    outAt: null,
    chaserKills: 0,
    entries: 0,
    onRoute: 0,
    walking: 0,
    near: 0,
    fights: [],
    replans: 0,
    decideMs: [],
    plannerMs: [],
    replanMs: [],
  };
  const drawn: { f: number; route: RouteCell[]; maze: number }[] = [];
  let prevCell = -1;
  let prevRoute: RouteCell[] | null = null;
  let onRoute = 0;
  let near = 0;
  let fight = -1;
  let fightFrom = 0;
  let fightMaze = -1;
  for (let f = 0; f < o.frames && !s.result; f++) {
    const me = s.sides[0]!;
    if (twin && me.maze) {
      const t0 = clock!();
      const replanned = twin.update(s, 0);
      const ms = clock!() - t0;
      r.plannerMs.push(ms);
      if (replanned) r.replanMs.push(ms);
    }
    const t0 = clock ? clock() : 0;
    const b = c.decide(s, 0);
    if (clock) r.decideMs.push(clock() - t0);
    const m = c.maze;
    if (me.maze && m.plan) {
      const cx = cellOf(me.ship.x);
      const cy = cellOf(me.ship.y);
      const cell = cy * me.maze.maze.width + cx;
      if (m.action === 'move' && prevRoute && prevCell >= 0 && cell !== prevCell) {
        r.entries++;
        if (prevRoute.some((q) => q.x === cx && q.y === cy)) onRoute++;
      }
      prevCell = cell;
      prevRoute = m.route;
      if (drawn.length === 0 || drawn[drawn.length - 1]!.route !== m.route) drawn.push({ f, route: m.route, maze: me.maze.index });
      let then = null;
      for (let i = drawn.length - 1; i >= 0; i--)
        if (drawn[i]!.f <= f - ROUTE_LAG) {
          then = drawn[i]!;
          break;
        }
      if (then && then.maze === me.maze.index && m.action === 'move') {
        r.walking++;
        if (then.route.some((q) => Math.abs(q.x - cx) <= 1 && Math.abs(q.y - cy) <= 1)) near++;
      }
    }
    if (me.maze && m.fighting !== fight) {
      if (fight >= 0) {
        const frames = f - fightFrom;
        // (A new maze ends a fight too: the plan moved on.)
        const died = me.maze.index === fightMaze && !me.maze.chasers[fight]!.alive;
        r.fights.push({ frames, end: died ? 'kill' : frames > FIGHT_GIVE_UP ? 'give-up' : 'plan' });
      }
      fight = m.fighting;
      fightFrom = f;
      fightMaze = me.maze.index;
    }
    step(s, b, 0);
    for (const e of s.events) if (e.type === 'kill' && e.side === 0 && e.kind === EnemyKind.CHASER) r.chaserKills++;
  }
  const me = s.sides[0]!;
  r.frames = s.frame;
  r.mazesCleared = me.mazesCleared;
  r.lives = me.ship.lives;
  r.outAt = me.ship.lives <= 0 ? s.frame : null;
  r.onRoute = r.entries ? onRoute / r.entries : 0;
  r.near = r.walking ? near / r.walking : 0;
  r.replans = c.maze.replans;
  return r;
}
