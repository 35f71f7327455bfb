import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import {
  cloneState,
  createMatch,
  hashState,
  Input,
  MatchRunner,
  step,
  type MatchConfig,
  type MatchState,
  type SimEvent,
} from '../../src/sim';
import { EnemyKind } from '../../src/sim/enemy-pool';
import { findMazeEnemy, removeMazeEnemies } from '../../src/sim/maze-spawn';
import { CHASER_RESPAWN, HEAL_FRAMES, HEAL_RECHARGE, inWall, MAZE_CLEAR_BONUS, TILE } from '../../src/sim/maze-state';
import { moveShip } from '../../src/sim/ship';
import { PI } from '../../src/geom/dmath';

// The tests use the 'pillars' maze (mazes/pillars.maze): P at (11, 25), G at (3, 1), heal pads at
// (20, 11) and (3, 19), turrets at (7, 6) and (19, 19), chasers A (2, 6), B (9, 16), C (21, 3).
const centre = (c: number): number => (c + 0.5) * TILE;

function mazeMatch(cfg: Partial<MatchConfig> = {}): MatchState {
  return createMatch({ seed: 1, stages: 'maze', maze: 'pillars', ...cfg });
}

/** No chasers (and with `turrets` false no turrets) in side i's maze for the rest of the test. */
function calm(s: MatchState, i: number, turrets = false): void {
  const mz = s.sides[i]!.maze!;
  for (const c of mz.chasers) {
    c.alive = false;
    c.respawnAt = Number.MAX_SAFE_INTEGER;
  }
  if (!turrets)
    for (const t of mz.turrets) {
      t.alive = false;
      t.respawnAt = Number.MAX_SAFE_INTEGER;
    }
  const pool = s.sides[i]!.enemies;
  removeMazeEnemies(pool);
}

function place(s: MatchState, i: number, cx: number, cy: number): void {
  s.sides[i]!.ship.x = centre(cx);
  s.sides[i]!.ship.y = centre(cy);
}

function run(s: MatchState, frames: number, p1 = 0, p2 = 0): SimEvent[] {
  const seen: SimEvent[] = [];
  for (let f = 0; f < frames; f++) {
    step(s, p1, p2);
    seen.push(...s.events);
  }
  return seen;
}

describe('maze stages: rules', () => {
  it('starts both ships at P of the same maze, with chasers, turrets and pads from the file', () => {
    const s = mazeMatch();
    for (const side of s.sides) {
      expect(side.maze!.name).toBe('pillars');
      expect([side.ship.x, side.ship.y]).toEqual([centre(11), centre(25)]);
      expect(side.maze!.chasers.map((c) => c.id)).toEqual(['A', 'B', 'C']);
      expect(side.maze!.turrets.length).toBe(2);
      expect(side.maze!.pads.length).toBe(2);
    }
    step(s, 0, 0);
    for (const side of s.sides) {
      let chasers = 0;
      let turrets = 0;
      for (let j = 0; j < side.enemies.count; j++) {
        if (side.enemies.items[j]!.kind === EnemyKind.CHASER) chasers++;
        if (side.enemies.items[j]!.kind === EnemyKind.TURRET) turrets++;
      }
      expect([chasers, turrets]).toEqual([3, 2]);
    }
    run(s, 300);
    expect(s.stage.waveIndex).toBe(0); // no open-stage waves
  });

  it('a wall stops the ship, which slides along it; moveShip with the maze agrees with the sim', () => {
    const s = mazeMatch({ mode: 'practice' });
    calm(s, 0);
    const ship = s.sides[0]!.ship;
    // Straight up from P: rows 24 and 23 are open above it, row 22 is wall.
    run(s, 30, Input.UP);
    expect(ship.y).toBeCloseTo(23 * TILE + 5, 6);
    expect(ship.x).toBe(centre(11));
    const maze = s.sides[0]!.maze!.maze;
    // Diagonal into the wall: the vertical part is blocked, the horizontal part still moves (slide).
    const before = { x: ship.x, y: ship.y };
    const predicted = moveShip(ship.x, ship.y, Input.UP | Input.RIGHT, false, maze);
    step(s, Input.UP | Input.RIGHT, 0);
    expect({ x: ship.x, y: ship.y }).toEqual(predicted);
    expect(ship.x).toBeGreaterThan(before.x);
    expect(ship.y).toBeCloseTo(before.y, 6);
    // Never inside a wall, whatever the input.
    for (let f = 0; f < 600; f++) {
      const bits = [Input.UP, Input.LEFT, Input.DOWN | Input.LEFT, Input.RIGHT | Input.FOCUS, Input.UP | Input.RIGHT][(f >> 5) % 5]!;
      const want = moveShip(ship.x, ship.y, bits, (bits & Input.FOCUS) !== 0, maze);
      step(s, bits, 0);
      expect({ x: ship.x, y: ship.y }).toEqual(want);
      for (const [dx, dy] of [
        [-5, -5],
        [5, -5],
        [-5, 5],
        [5, 5],
      ])
        expect(inWall(maze, ship.x + dx!, ship.y + dy!)).toBe(false);
    }
  });

  it('an enemy bullet and a player shot die when they enter a wall tile', () => {
    const s = mazeMatch({ mode: 'practice' });
    calm(s, 0);
    const side = s.sides[0]!;
    // Row 22 (y 352..368) is wall at x 9..14; both start below it in open row 23.
    side.bullets.add(centre(11), 23 * TILE + 4, 0, -3, 3, 0, 0, 0, -1);
    side.bullets.add(centre(16), 23 * TILE + 4, 0, -3, 3, 0, 0, 0, -1); // column 16 is open above
    side.shots.add(centre(12), 23 * TILE + 8, 0, -5, 5, 0, 0, 0, 0, 1);
    step(s, 0, 0);
    expect([side.bullets.count, side.shots.count]).toEqual([2, 1]);
    run(s, 3);
    expect(side.bullets.count).toBe(1); // the one under the wall is gone
    expect(side.bullets.x[0]).toBe(centre(16));
    expect(side.shots.count).toBe(0);
  });

  it('a chaser reaches an idle ship and hurts it; chasers never enter walls', () => {
    const s = mazeMatch({ mode: 'practice' });
    const mz = s.sides[0]!.maze!;
    for (const t of mz.turrets) t.respawnAt = Number.MAX_SAFE_INTEGER; // only chasers can hurt
    let hitAt = -1;
    for (let f = 0; f < 3000 && hitAt < 0; f++) {
      step(s, 0, 0);
      if (s.events.some((e) => e.type === 'hit')) hitAt = s.frame;
      for (const c of mz.chasers) if (c.alive) expect(inWall(mz.maze, c.x, c.y)).toBe(false);
    }
    expect(hitAt).toBeGreaterThan(0);
    expect(s.sides[0]!.ship.lives).toBe(4);
    expect(s.sides[0]!.bullets.count).toBe(0);
  });

  it('a shot chaser scores like any kill and respawns at its start later', () => {
    const s = mazeMatch({ mode: 'practice' });
    step(s, 0, 0);
    const side = s.sides[0]!;
    const mz = side.maze!;
    const e = findMazeEnemy(side.enemies, EnemyKind.CHASER, 1)!; // B
    side.shots.add(e.x, e.y + 4, 0, -1, 5, s.frame, 0, 0, 0, 100);
    const ev = run(s, 1);
    expect(ev.some((x) => x.type === 'kill' && x.kind === EnemyKind.CHASER)).toBe(true);
    expect(side.kills).toBe(1);
    expect(side.score).toBeGreaterThan(0);
    expect(side.gauge).toBeGreaterThan(0);
    expect(mz.chasers[1]!.alive).toBe(false);
    expect(findMazeEnemy(side.enemies, EnemyKind.CHASER, 1)).toBeNull();
    run(s, CHASER_RESPAWN - 1);
    expect(mz.chasers[1]!.alive).toBe(false);
    run(s, 1);
    expect(mz.chasers[1]!.alive).toBe(true);
    const back = findMazeEnemy(side.enemies, EnemyKind.CHASER, 1)!;
    expect(Math.hypot(back.x - centre(9), back.y - centre(16))).toBeLessThan(2);
  });

  it('a turret fires only at a ship it sees: not through a wall, yes in the open', () => {
    // Turret at (7, 6); walls at (7..8, 7..8) right below it; (7, 10) is open floor below that wall.
    const hidden = mazeMatch({ mode: 'practice' });
    calm(hidden, 0, true);
    place(hidden, 0, 7, 10);
    step(hidden, 0, 0);
    const t = findMazeEnemy(hidden.sides[0]!.enemies, EnemyKind.TURRET, 0)!;
    expect([t.x, t.y]).toEqual([centre(7), centre(6)]);
    t.phase = PI / 2; // facing the ship, 4 cells away: in range and in the cone, but behind the wall
    hidden.sides[0]!.ship.invuln = 10_000;
    run(hidden, 400);
    expect(hidden.sides[0]!.bullets.count).toBe(0);

    const open = mazeMatch({ mode: 'practice' });
    calm(open, 0, true);
    place(open, 0, 3, 6); // same row, 4 cells to the left, nothing between
    open.sides[0]!.ship.invuln = 10_000; // so a hit does not clear the bullets we look for
    step(open, 0, 0);
    findMazeEnemy(open.sides[0]!.enemies, EnemyKind.TURRET, 0)!.phase = PI; // facing left
    const b = open.sides[0]!.bullets;
    for (let f = 0; f < 60 && b.count === 0; f++) step(open, 0, 0);
    expect(b.count).toBeGreaterThan(0);
    expect(b.vx[0]).toBeLessThan(0); // aimed at the ship
    expect(Math.abs(b.vy[0]!)).toBeLessThan(Math.abs(b.vx[0]!) * 0.2);

    // Facing away (the ship behind it, out of the cone): it does not fire until its sweep finds the ship.
    const behind = mazeMatch({ mode: 'practice' });
    calm(behind, 0, true);
    place(behind, 0, 3, 6);
    step(behind, 0, 0);
    findMazeEnemy(behind.sides[0]!.enemies, EnemyKind.TURRET, 0)!.phase = 0; // facing right
    run(behind, 20);
    expect(behind.sides[0]!.bullets.count).toBe(0);
  });

  it('reaching G clears the maze, scores the bonus and loads the next maze of the same rotation', () => {
    const s = mazeMatch();
    calm(s, 0);
    calm(s, 1);
    place(s, 0, 3, 2); // just below G at (3, 1)
    s.sides[0]!.bullets.add(100, 100, 0, 0, 3, 0, 0, 0, -1);
    const ev: SimEvent[] = [];
    for (let f = 0; f < 8 && s.sides[0]!.mazesCleared === 0; f++) ev.push(...run(s, 1, Input.UP));
    const clear = ev.find((e) => e.type === 'maze-cleared');
    expect(clear).toMatchObject({ side: 0, cleared: 1, bonus: MAZE_CLEAR_BONUS, next: 'rooms' });
    const a = s.sides[0]!;
    expect(a.mazesCleared).toBe(1);
    expect(a.score).toBeGreaterThanOrEqual(MAZE_CLEAR_BONUS);
    expect(a.maze!.index).toBe(1);
    expect(a.maze!.name).toBe('rooms');
    const rooms = a.maze!.maze;
    expect([a.ship.x, a.ship.y]).toEqual([centre(rooms.start.x), centre(rooms.start.y)]);
    expect(a.bullets.count).toBe(0);
    expect(a.ship.invuln).toBeGreaterThan(0);
    // The other side is still in the first maze; when it clears, it gets the same next maze.
    expect(s.sides[1]!.maze!.name).toBe('pillars');
    place(s, 1, 3, 2);
    for (let f = 0; f < 8 && s.sides[1]!.mazesCleared === 0; f++) run(s, 1, 0, Input.UP);
    expect(s.sides[1]!.maze!.name).toBe('rooms');
    expect(s.sides[1]!.maze!.maze).toBe(rooms);
    // Chasers of the new maze appear at their cells.
    run(s, 1);
    expect(a.maze!.chasers.every((c) => c.alive)).toBe(true);
  });

  it('the rotation wraps round the catalog, and gen:SEED walks the generator seeds', () => {
    const s = mazeMatch({ maze: 'serpentine', mode: 'practice' });
    const side = s.sides[0]!;
    const g = side.maze!.maze.exits[0]!;
    place(s, 0, g.x, g.y);
    run(s, 1);
    expect(side.maze!.name).toBe('pillars');
    const t = mazeMatch({ maze: 'gen:41', mode: 'practice' });
    expect(t.sides[0]!.maze!.name).toBe('gen:41');
    const e = t.sides[0]!.maze!.maze.exits[0]!;
    place(t, 0, e.x, e.y);
    run(t, 1);
    expect(t.sides[0]!.maze!.name).toBe('gen:42');
    expect(t.sides[0]!.maze!.maze.width).toBe(24);
    expect(t.sides[0]!.maze!.maze.height).toBe(28);
  });

  it('a heal pad restores a life after 60 frames, up to the starting lives, then recharges', () => {
    const s = mazeMatch({ mode: 'practice', lives: 5 });
    calm(s, 0);
    const ship = s.sides[0]!.ship;
    ship.lives = 3;
    place(s, 0, 3, 19);
    let ev = run(s, HEAL_FRAMES - 1);
    expect(ship.lives).toBe(3);
    ev = run(s, 1);
    expect(ship.lives).toBe(4);
    expect(ev.some((e) => e.type === 'heal')).toBe(true);
    const pad = s.sides[0]!.maze!.pads.find((p) => p.cx === 3 && p.cy === 19)!;
    expect(pad.readyAt).toBe(s.frame - 1 + HEAL_RECHARGE);
    run(s, HEAL_RECHARGE - 1); // standing on it while it recharges does nothing
    expect(ship.lives).toBe(4);
    run(s, HEAL_FRAMES + 1);
    expect(ship.lives).toBe(5);
    run(s, HEAL_RECHARGE + HEAL_FRAMES + 5); // full lives: no more
    expect(ship.lives).toBe(5);
    // Stepping off resets the count.
    ship.lives = 4;
    run(s, HEAL_FRAMES - 10);
    place(s, 0, 5, 19);
    run(s, 1);
    place(s, 0, 3, 19);
    run(s, 20);
    expect(ship.lives).toBe(4);
    run(s, HEAL_FRAMES - 20);
    expect(ship.lives).toBe(5);
  });

  it('at the time limit more mazes cleared wins, before lives and score', () => {
    const s = mazeMatch({ timeLimit: 30 });
    calm(s, 0);
    calm(s, 1);
    s.sides[1]!.score = 1_000_000;
    s.sides[0]!.ship.lives = 2;
    place(s, 0, 3, 2);
    run(s, 30, Input.UP);
    expect(s.sides[0]!.ship.lives).toBeLessThan(s.sides[1]!.ship.lives);
    expect(s.result).toMatchObject({ winner: 0, reason: 'time', decidedBy: 'mazes' });
  });

  it('versus attack bullets appear inside the maze, not above its outer wall', () => {
    const s = mazeMatch();
    calm(s, 1, true);
    s.sides[1]!.incoming.push({ kind: 0, power: 6, arriveAt: 1, from: 0 });
    run(s, 2);
    const b = s.sides[1]!.bullets;
    expect(b.count).toBe(6);
    for (let i = 0; i < b.count; i++) {
      expect(b.y[i]).toBeGreaterThan(TILE);
      expect(inWall(s.sides[1]!.maze!.maze, b.x[i]!, b.y[i]!)).toBe(false);
    }
  });
});

describe('maze stages: determinism', () => {
  function play(cfg: Partial<MatchConfig>, frames: number, p1 = 'random:4', p2 = 'scripted') {
    const s = mazeMatch({ lives: 99, ...cfg });
    const r = new MatchRunner(s, [createController(p1), createController(p2)]);
    r.runUntil(frames);
    return { s, r };
  }

  it('same seed and inputs give the same checksums, for every chase method', () => {
    for (const chaseMethod of ['wave+', 'wave', 'lee', 'flow', 'crash'] as const) {
      const a = play({ chaseMethod, seed: 8 }, 1200);
      const b = play({ chaseMethod, seed: 8 }, 1200);
      expect(a.r.checksums.length).toBe(20);
      expect(a.r.checksums).toEqual(b.r.checksums);
      expect(a.s.sides[1]!.mazesCleared).toBeGreaterThan(0); // the scripted CPU found exits
    }
    expect(hashState(play({ seed: 8 }, 600).s)).not.toBe(hashState(play({ seed: 8, chaseMethod: 'lee' }, 600).s));
    expect(hashState(play({ seed: 8 }, 600).s)).not.toBe(hashState(play({ seed: 8, maze: 'rooms' }, 600).s));
  });

  it('a state cloned mid-maze continues identically and shares nothing', () => {
    for (const chaseMethod of ['wave+', 'lee', 'crash'] as const) {
      const a = play({ chaseMethod, seed: 3 }, 700);
      const copy = cloneState(a.s);
      expect(hashState(copy)).toBe(hashState(a.s));
      const ca = createController('random:9');
      const cb = createController('random:9');
      const sa = createController('scripted');
      const sb = createController('scripted');
      for (let i = 0; i < 900; i++) {
        step(a.s, ca.decide(a.s, 0), sa.decide(a.s, 1));
        step(copy, cb.decide(copy, 0), sb.decide(copy, 1));
      }
      expect(hashState(copy)).toBe(hashState(a.s));
      expect(copy.sides[1]!.maze!.group).not.toBe(a.s.sides[1]!.maze!.group);
      step(copy, Input.LEFT, 0);
      step(a.s, Input.RIGHT, 0);
      expect(hashState(copy)).not.toBe(hashState(a.s));
    }
  });

  it('the hash covers the wave field, the chasers and the pads', () => {
    const s = mazeMatch();
    run(s, 50);
    const h0 = hashState(s);
    const t = cloneState(s);
    t.sides[0]!.maze!.group.step();
    expect(hashState(t)).not.toBe(h0);
    const u = cloneState(s);
    u.sides[1]!.maze!.pads[0]!.readyAt = 5;
    expect(hashState(u)).not.toBe(h0);
    const v = cloneState(s);
    v.sides[0]!.maze!.chasers[2]!.respawnAt++;
    expect(hashState(v)).not.toBe(h0);
    expect(hashState(cloneState(s))).toBe(h0);
  });
});
