import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { CpuController } from '../../src/cpu/cpu-controller';
import { Dodger, DodgeWorld, PAPER_PARAMS } from '../../src/cpu/dodge/index';
import { MazeCpu, OFF_ROUTE } from '../../src/cpu/maze-cpu';
import { runMazeCpu } from '../../src/cpu/maze-cpu-stats';
import { parseMaze, type Maze } from '../../src/maze/maze';
import { EnemyKind } from '../../src/sim/enemy-pool';
import { Input } from '../../src/sim/input';
import { createMatch, step } from '../../src/sim/match';
import { TILE } from '../../src/sim/maze-state';
import type { MatchState } from '../../src/sim/state';
import { moveShip } from '../../src/sim/ship';
import { ScriptedCpu } from '../../src/controllers/scripted';
import { overlapsWall } from '../../src/geom/move';
import { classicCpu, classicStageConfig } from '../fixtures/classic-presets';

// The planner is measured at known settings whatever the built-in presets are tuned to: the classic
// Normal CPU (tests/fixtures/classic-presets.ts) on the stage as designed (classic Normal).
const centre = (c: number) => (c + 0.5) * TILE;

/** Just what MazeCpu reads: a one-side state with a maze, chasers (cells) and pads. */
function fakeState(
  maze: Maze,
  o: { ship: [number, number]; lives: number; maxLives?: number; chasers?: [number, number][]; padsReady?: boolean; frame?: number },
): MatchState {
  const chasers = (o.chasers ?? []).map(([cx, cy], i) => ({
    id: 'ABCDEF'[i]!,
    cx,
    cy,
    alive: true,
    respawnAt: 0,
    x: centre(cx),
    y: centre(cy),
    hx: 0,
    hy: 0,
  }));
  const pads = maze.heals.map((h) => ({ cx: h.x, cy: h.y, stand: 0, readyAt: o.padsReady === false ? 1e9 : 0 }));
  return {
    frame: o.frame ?? 0,
    config: { lives: o.maxLives ?? 5 },
    sides: [{ ship: { x: centre(o.ship[0]), y: centre(o.ship[1]), lives: o.lives }, maze: { maze, index: 0, chasers, pads } }],
  } as unknown as MatchState;
}

/** Open floor: the 4-neighbour route to the exit and the 8-neighbour shortcut differ. */
const OPEN = parseMaze(['#######', '#....G#', '#.....#', '#.....#', '#.....#', '#P....#', '#######'].join('\n'), 'open');

const SMALL = parseMaze(['#########', '#G......#', '#.#####.#', '#...H...#', '#.#####.#', '#...P...#', '#########'].join('\n'), 'small');

function firstStop(m: MazeCpu): string | null {
  const p = m.plan;
  if (!p?.feasible) return null;
  return p.actions.find((a) => a.do !== 'move')?.do ?? null;
}

describe('MazeCpu (planner in maze stages)', () => {
  it('plans a route from the ship cell to the exit through open cells', () => {
    const m = new MazeCpu();
    m.update(fakeState(SMALL, { ship: [4, 5], lives: 5 }), 0);
    const p = m.plan!;
    expect(p.feasible).toBe(true);
    expect(m.route[0]).toEqual({ x: 4, y: 5 });
    expect(m.route[m.route.length - 1]).toEqual({ x: 1, y: 1 });
    for (let k = 1; k < m.route.length; k++) {
      const a = m.route[k - 1]!;
      const b = m.route[k]!;
      expect(Math.abs(a.x - b.x) + Math.abs(a.y - b.y)).toBe(1);
      expect(SMALL.walls[b.y * SMALL.width + b.x]).toBe(0);
    }
    expect(m.action).toBe('move');
    expect(m.hp).toBe(5);
    expect(m.maxHp).toBe(5);
  });

  it('with enough HP it chooses to fight a chaser worth fighting, and lines up under it', () => {
    const m = new MazeCpu();
    m.update(fakeState(SMALL, { ship: [4, 5], lives: 5, chasers: [[7, 1]] }), 0);
    expect(m.plan!.feasible && m.plan!.killed).toEqual([0]);
    expect(firstStop(m)).toBe('attack');
    // Close to the chaser: fight mode, pulled to a cell below it in its column.
    m.update(fakeState(SMALL, { ship: [7, 4], lives: 5, chasers: [[7, 1]] }), 0);
    expect(m.action).toBe('attack');
    expect(m.fighting).toBe(0);
    expect(Math.floor(m.goalX / TILE)).toBe(7);
    expect(Math.floor(m.goalY / TILE)).toBeGreaterThan(1);
  });

  it('walking, the dodger is pulled along the planned route, not across the floor to the stop', () => {
    const m = new MazeCpu();
    m.update(fakeState(OPEN, { ship: [1, 5], lives: 5 }), 0);
    expect(m.action).toBe('move');
    const route = m.route;
    expect(m.stopIndex).toBe(route.length - 1); // the exit
    expect([Math.floor(m.goalX / TILE), Math.floor(m.goalY / TILE)]).toEqual([route[m.stopIndex]!.x, route[m.stopIndex]!.y]);
    const f = m.goalField!;
    const at = (x: number, y: number) => f[y * OPEN.width + x]!;
    // On the route: the steps left to the stop.
    route.forEach((c, i) => expect(at(c.x, c.y)).toBe(route.length - 1 - i));
    // Off it: the nearest route value plus OFF_ROUTE per step away, so no cell off the route is
    // cheaper than the route cell next to it.
    const onRoute = new Set(route.map((c) => `${c.x},${c.y}`));
    let off = 0;
    for (let y = 0; y < OPEN.height; y++)
      for (let x = 0; x < OPEN.width; x++) {
        if (OPEN.walls[y * OPEN.width + x] || onRoute.has(`${x},${y}`)) continue;
        off++;
        let best = Infinity;
        route.forEach((c) => (best = Math.min(best, at(c.x, c.y) + OFF_ROUTE * (Math.abs(c.x - x) + Math.abs(c.y - y)))));
        expect(at(x, y)).toBe(best);
      }
    expect(off).toBeGreaterThan(10);
    // From the ship's cell, every neighbouring cell off the route is worse than the next route cell
    // (on open floor the 8-neighbour diagonal toward the exit is one of them).
    const offNeighbours: number[] = [];
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) {
        const x = 1 + dx;
        const y = 5 + dy;
        if (!OPEN.walls[y * OPEN.width + x] && !onRoute.has(`${x},${y}`)) offNeighbours.push(y * OPEN.width + x);
      }
    const next = route[1]!.y * OPEN.width + route[1]!.x;
    expect(offNeighbours).toContain(4 * OPEN.width + 2); // the diagonal up-right
    expect(offNeighbours.every((q) => f[q]! > f[next]!)).toBe(true);
  });

  it('with objective shortest it never fights', () => {
    const m = new MazeCpu({ objective: 'shortest' });
    m.update(fakeState(SMALL, { ship: [4, 5], lives: 5, chasers: [[7, 1]] }), 0);
    expect(m.plan!.feasible && m.plan!.killed).toEqual([]);
  });

  it('at low HP with a ready pad it heals first, then fights; it stands on the pad to heal', () => {
    const m = new MazeCpu();
    m.update(fakeState(SMALL, { ship: [4, 5], lives: 1, chasers: [[7, 1]] }), 0);
    expect(m.hp).toBe(1);
    expect(firstStop(m)).toBe('heal');
    expect(m.plan!.feasible && m.plan!.killed).toEqual([0]);
    // The stop is the pad; the dodger is pulled along the route to it.
    expect(m.route[m.stopIndex]).toEqual({ x: 4, y: 3 });
    expect([Math.floor(m.goalX / TILE), Math.floor(m.goalY / TILE)]).toEqual([4, 3]);
    expect(m.goalField![3 * SMALL.width + 4]).toBe(0);
    m.update(fakeState(SMALL, { ship: [4, 3], lives: 1, chasers: [[7, 1]] }), 0);
    expect(m.action).toBe('heal');
    // Pad not ready: no heal is possible, so it cannot afford the fight and heads for the exit.
    const n = new MazeCpu();
    n.update(fakeState(SMALL, { ship: [4, 5], lives: 1, chasers: [[7, 1]], padsReady: false }), 0);
    expect(n.plan!.feasible && n.plan!.killed).toEqual([]);
  });

  it('replans only when the snapshot changes (cell, chaser cell, hp, pads)', () => {
    const m = new MazeCpu();
    const s = fakeState(SMALL, { ship: [4, 5], lives: 5, chasers: [[7, 1]] });
    expect(m.update(s, 0)).toBe(true);
    expect(m.update(s, 0)).toBe(false);
    const side = s.sides[0]!;
    side.ship.x += 3; // same cell
    side.maze!.chasers[0]!.y += 3; // same cell
    expect(m.update(s, 0)).toBe(false);
    side.ship.x += TILE; // next cell
    expect(m.update(s, 0)).toBe(true);
    side.maze!.chasers[0]!.y += TILE;
    expect(m.update(s, 0)).toBe(true);
    side.ship.lives = 4;
    expect(m.update(s, 0)).toBe(true);
    expect(m.replans).toBe(4);
  });

  it('a chaser it killed is not offered again in the same maze (no farming respawns)', () => {
    const m = new MazeCpu();
    const s = fakeState(SMALL, { ship: [4, 5], lives: 5, chasers: [[7, 1]] });
    m.update(s, 0);
    expect(m.offered).toEqual([0]);
    s.sides[0]!.maze!.chasers[0]!.alive = false;
    m.update(s, 0);
    s.sides[0]!.maze!.chasers[0]!.alive = true; // respawned
    m.update(s, 0);
    expect(m.offered).toEqual([]);
  });
});

function runMaze(spec: string, frames: number, seed = 1, setup?: (s: MatchState) => void) {
  const s = createMatch({ seed, mode: 'practice', stages: 'maze', maze: spec, ...classicStageConfig('normal') });
  setup?.(s);
  const c = new CpuController(classicCpu('normal'));
  const bits: number[] = [];
  let pushedIntoWall = 0;
  let heals = 0;
  let kills = 0;
  let firstHeal = -1;
  let firstKill = -1;
  let firstFight = -1;
  for (let f = 0; f < frames; f++) {
    const me = s.sides[0]!;
    const b = c.decide(s, 0);
    bits.push(b);
    if (firstFight < 0 && c.maze.action === 'attack') firstFight = f;
    if (me.maze && (b & (Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT)) !== 0) {
      const to = moveShip(me.ship.x, me.ship.y, b, (b & Input.FOCUS) !== 0 || me.ship.charge > 0, me.maze.maze);
      if (to.x === me.ship.x && to.y === me.ship.y) pushedIntoWall++;
    }
    step(s, b, 0);
    for (const e of s.events) {
      if (e.type === 'heal' && e.side === 0) {
        heals++;
        if (firstHeal < 0) firstHeal = f;
      }
      if (e.type === 'kill' && e.side === 0 && e.kind === EnemyKind.CHASER) {
        kills++;
        if (firstKill < 0) firstKill = f;
      }
    }
    if (s.result) break;
  }
  return { s, c, bits, pushedIntoWall, heals, kills, firstHeal, firstKill, firstFight };
}

describe('planner CPU in the real game (maze stages)', () => {
  it('reaches the exit, fights chasers, never presses into a wall, and is deterministic', () => {
    const a = runMaze('pillars', 1500);
    expect(a.s.sides[0]!.mazesCleared).toBeGreaterThanOrEqual(1);
    expect(a.kills).toBeGreaterThanOrEqual(1);
    expect(a.pushedIntoWall).toBe(0);
    expect(a.c.maze.replans).toBeGreaterThan(10);
    expect(a.c.maze.replans).toBeLessThan(1500 / 2); // not every frame
    const b = runMaze('pillars', 1500);
    expect(b.bits).toEqual(a.bits);
  });

  it('clears mazes on other layouts (catalog and generated) and survives', () => {
    for (const spec of ['rooms', 'gen:7']) {
      const cpu = runMaze(spec, 2400);
      const s = createMatch({ seed: 1, mode: 'practice', stages: 'maze', maze: spec, infiniteLives: true });
      const sc = new ScriptedCpu();
      for (let f = 0; f < 2400; f++) step(s, sc.decide(s, 0), 0);
      expect(cpu.s.sides[0]!.mazesCleared).toBeGreaterThanOrEqual(2);
      expect(cpu.s.sides[0]!.ship.lives).toBeGreaterThan(0);
      expect(cpu.s.sides[0]!.mazesCleared).toBeGreaterThanOrEqual(Math.min(2, s.sides[0]!.mazesCleared));
    }
  });

  it('at one life with a ready pad it heals before it fights, then fights and kills', () => {
    const r = runMaze('pillars', 1500, 1, (s) => (s.sides[0]!.ship.lives = 1));
    expect(r.heals).toBeGreaterThanOrEqual(1);
    expect(r.firstFight).toBeGreaterThanOrEqual(0);
    expect(r.firstKill).toBeGreaterThanOrEqual(0);
    expect(r.firstHeal).toBeLessThan(r.firstFight);
    expect(r.firstHeal).toBeLessThan(r.firstKill);
  });

  it('walking, the ship follows the drawn route', { timeout: 240_000 }, () => {
    // On pillars (open floor, where 4-neighbour routes and 8-neighbour shortcuts differ most), seeds
    // 1–2, 2400 frames: of the walking frames, the share within one cell of the route drawn ROUTE_LAG
    // frames earlier; of the cells entered, the share on the route drawn at the cell before.
    // Figures: npm run -s bench:planner -- --game (docs/planner.md).
    const at = { cpu: classicCpu('normal'), stage: classicStageConfig('normal') };
    const runs = [1, 2].map((seed) => runMazeCpu({ maze: 'pillars', seed, frames: 2400, ...at }));
    const sum = (k: 'entries' | 'walking') => runs.reduce((a, r) => a + r[k], 0);
    const near = runs.reduce((a, r) => a + r.near * r.walking, 0) / sum('walking');
    const onRoute = runs.reduce((a, r) => a + r.onRoute * r.entries, 0) / sum('entries');
    expect(sum('entries')).toBeGreaterThan(500);
    expect(near).toBeGreaterThanOrEqual(0.96);
    expect(onRoute).toBeGreaterThanOrEqual(0.67);
    // Its fights end by a kill or a new plan, never by giving up (FIGHT_GIVE_UP is a safety net).
    const fights = runs.flatMap((r) => r.fights);
    expect(fights.filter((f) => f.end === 'kill').length).toBeGreaterThan(3);
    expect(fights.filter((f) => f.end === 'give-up')).toEqual([]);
  });
});

describe('wall-aware dodger lookahead', () => {
  const maze = parseMaze(['##########', '#........#', '#..##....#', '#..#.....#', '#..P.....#', '##########'].join('\n'), 'walls');

  it('one lattice step with walls lands where the sim moves the ship', () => {
    const d = new Dodger({ ...PAPER_PARAMS, reactionFrames: 0 });
    const w = new DodgeWorld(16);
    w.walls = maze;
    const rand = seedrandom('walls-step');
    let checked = 0;
    for (let n = 0; n < 400; n++) {
      const x = 16 + 5 + rand() * (8 * 16 - 10);
      const y = 16 + 5 + rand() * (4 * 16 - 10);
      w.shipX = Math.round(x * 256) / 256;
      w.shipY = Math.round(y * 256) / 256;
      // Only places the ship can be (its 10 × 10 square clear of walls).
      if (overlapsWall(maze, w.shipX / TILE, w.shipY / TILE, 5 / TILE)) continue;
      d.decide(w);
      const p = d.problem;
      for (let a = 0; a < p.moves.count; a++) {
        let sx = w.shipX;
        let sy = w.shipY;
        let lx = p.startX;
        let ly = p.startY;
        for (let f = 0; f < 6; f++) {
          const to = moveShip(sx, sy, p.moves.bits[a]!, false, maze);
          sx = to.x;
          sy = to.y;
          p.wallStep(lx, ly, p.moves.dx[a]!, p.moves.dy[a]!);
          lx = p.outX;
          ly = p.outY;
          expect(Math.abs(lx / 256 - sx)).toBeLessThan(0.05);
          expect(Math.abs(ly / 256 - sy)).toBeLessThan(0.05);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('fast search = exhaustive reference with walls, pull and a maze path weight', () => {
    const rand = seedrandom('walls-equal');
    for (const over of [{ framesPerStep: 1 }, { framesPerStep: 5, switchPenalty: 15 }]) {
      const d = new Dodger({ ...PAPER_PARAMS, reactionFrames: 0, depth: 4, ...over }, 64);
      const w = new DodgeWorld(64);
      w.walls = maze;
      w.pull = 0.5;
      w.pathW = 0.3;
      for (let n = 0; n < 60; n++) {
        w.clear();
        w.shipX = 60 + rand() * 80;
        w.shipY = 30 + rand() * 30;
        if (moveShip(w.shipX, w.shipY, 0, false, maze).x !== w.shipX) continue;
        for (let b = 0; b < 8; b++) w.add(rand() * 160, rand() * 96, rand() * 2 - 1, rand() * 2 - 1, 3, 99);
        w.goalX = 24 + rand() * 100;
        w.goalY = 24 + rand() * 50;
        const f = d.decide(w, Math.floor(rand() * 10) - 1);
        const fv = f.value;
        const fl = f.survived;
        const ex = d.decideExhaustive(w, d.problem.prevMove);
        expect(fl).toBe(ex.survived);
        expect(fv).toBe(ex.value);
      }
    }
  });
});
