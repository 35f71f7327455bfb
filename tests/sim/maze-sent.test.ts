// Enemies sent from the other field into a maze (chain spirits, level-2 spirits, the level-3 boss):
// they appear on a reachable open cell away from the ship, never cross walls, and fire only at a
// ship they perceive (vision cone + line of sight), like the maze's turrets.
import { describe, expect, it } from 'vitest';
import { canSee } from '../../src/world/perception';
import { FlowField } from '../../src/world/flow-field';
import { overlapsWall } from '../../src/geom/move';
import { RandomController } from '../../src/controllers/random';
import { AttackKind, BOSS_FRAMES, createMatch, step, type MatchState } from '../../src/sim';
import { EnemyKind, type Enemy } from '../../src/sim/enemy-pool';
import { removeMazeEnemies } from '../../src/sim/maze-spawn';
import {
  BOSS_CONE,
  isSentMazeEnemy,
  SENT_MAX_DIST,
  SENT_MIN_DIST,
  SENT_WALL_RADIUS,
  SPIRIT_CONE,
  SPIRIT_MAZE_FRAMES,
} from '../../src/sim/maze-sent';
import { TILE } from '../../src/sim/maze-state';

const centre = (c: number): number => (c + 0.5) * TILE;

/**
 * A one-field maze match (practice: half the cost of versus) without chasers or turrets of its own;
 * the tests push attacks into its queue as if side 1 had sent them.
 */
function match(maze: string, seed = 1): MatchState {
  // 'flow' chasers: the cheapest shared field to step, and there are no chasers here anyway.
  const s = createMatch({ seed, stages: 'maze', maze, mode: 'practice', infiniteLives: true, chaseMethod: 'flow' });
  const mz = s.sides[0]!.maze!;
  for (const c of mz.chasers) c.respawnAt = Number.MAX_SAFE_INTEGER;
  for (const t of mz.turrets) t.respawnAt = Number.MAX_SAFE_INTEGER;
  removeMazeEnemies(s.sides[0]!.enemies);
  return s;
}

function send(s: MatchState, ...kinds: number[]): void {
  for (const kind of kinds) s.sides[0]!.incoming.push({ kind, power: kind === AttackKind.SPIRIT ? 5 : kind, arriveAt: s.frame, from: 1 });
}

function sent(s: MatchState): Enemy[] {
  const pool = s.sides[0]!.enemies;
  return pool.items.slice(0, pool.count).filter(isSentMazeEnemy);
}

const coneOf = (e: Enemy) => (e.kind === EnemyKind.BOSS ? BOSS_CONE : SPIRIT_CONE);

describe('sent enemies in a maze', () => {
  it('appear on open cells reachable from the ship, 10–18 cells away along the maze', () => {
    for (const maze of ['pillars', 'rooms', 'corridors', 'traps', 'serpentine', 'gen:7']) {
      const s = match(maze, 3);
      send(s, AttackKind.SPIRIT, AttackKind.PATTERN, AttackKind.BOSS);
      step(s, 0, 0);
      const list = sent(s);
      expect(list.map((e) => e.kind).sort()).toEqual([EnemyKind.SPIRIT, EnemyKind.SPIRIT, EnemyKind.SPIRIT, EnemyKind.BOSS].sort());
      const m = s.sides[0]!.maze!.maze;
      const ff = new FlowField(m);
      ff.setTarget(s.sides[0]!.ship.x / TILE, s.sides[0]!.ship.y / TILE);
      for (const e of list) {
        expect(e.owner).toBe(1);
        const d = ff.distanceAt(Math.floor(e.ox / TILE), Math.floor(e.oy / TILE));
        expect(d, maze).toBeGreaterThanOrEqual(SENT_MIN_DIST);
        expect(d, maze).toBeLessThanOrEqual(SENT_MAX_DIST);
      }
    }
  });

  it('a sent spirit never overlaps a wall cell over a long run, and it does get about', () => {
    for (const maze of ['pillars', 'serpentine', 'gen:3']) {
      const s = match(maze, 5);
      const m = s.sides[0]!.maze!.maze;
      const ship = new RandomController(8);
      let checked = 0;
      let travelled = 0;
      for (let f = 0; f < 2400; f++) {
        if (f % 400 === 0) send(s, AttackKind.SPIRIT, AttackKind.PATTERN);
        step(s, ship.decide(), 0);
        for (const e of sent(s)) {
          expect(overlapsWall(m, e.x / TILE, e.y / TILE, SENT_WALL_RADIUS), `${maze} frame ${f}`).toBe(false);
          travelled += Math.sqrt(e.vx * e.vx + e.vy * e.vy);
          checked++;
        }
      }
      expect(checked, maze).toBeGreaterThan(2400);
      expect(travelled, maze).toBeGreaterThan(20 * TILE);
    }
  });

  it('every volley of a sent enemy comes while it perceives the ship (cone, range, line of sight)', () => {
    let volleys = 0;
    for (const maze of ['pillars', 'rooms', 'traps', 'gen:11']) {
      const s = match(maze, 6);
      const ctl = new RandomController(2);
      const b = s.sides[0]!.bullets;
      for (let f = 0; f < 2400; f++) {
        if (f % 600 === 0) send(s, AttackKind.SPIRIT, AttackKind.PATTERN, AttackKind.BOSS);
        const before = b.count;
        step(s, ctl.decide(), 0);
        const m = s.sides[0]!.maze!.maze;
        const ship = s.sides[0]!.ship;
        const shooters = new Set<Enemy>();
        for (let i = before; i < b.count; i++) {
          // Bullets move once on the frame they are fired: where it appeared is one step back.
          const ox = b.x[i]! - b.vx[i]!;
          const oy = b.y[i]! - b.vy[i]!;
          const e = sent(s).find((x) => Math.abs(x.x - ox) < 1e-9 && Math.abs(x.y - oy) < 1e-9);
          if (e) shooters.add(e);
          else {
            // Unless the ship shot it dead on the frame it fired.
            const killed = s.events.some(
              (k) => k.type === 'kill' && k.side === 0 && Math.abs(k.x - ox) < 1e-9 && Math.abs(k.y - oy) < 1e-9,
            );
            expect(killed, `${maze} frame ${f}: a sent bullet with no sent enemy where it appeared`).toBe(true);
          }
        }
        for (const e of shooters) {
          expect(canSee(m, e.x / TILE, e.y / TILE, e.aimX, e.aimY, ship.x / TILE, ship.y / TILE, coneOf(e))).toBe(true);
          expect(e.p0).toBe(1);
          volleys++;
        }
      }
    }
    expect(volleys).toBeGreaterThan(50); // they did find the ship and fire
  });

  /**
   * pillars with a sent boss posted at (7, 6), looking down, and the ship at (7, 10): hidden from it
   * by the wall at (7..8, 7..8) between them.
   */
  const bossAboveHiddenShip = () => {
    const s = match('pillars');
    send(s, AttackKind.BOSS);
    step(s, 0, 0);
    const boss = sent(s)[0]!;
    Object.assign(boss, { x: centre(7), y: centre(6), ox: centre(7), oy: centre(6), aimX: 0, aimY: 1 });
    const side = s.sides[0]!;
    side.ship.x = centre(7);
    side.ship.y = centre(10);
    return { s, boss, side };
  };

  it('the boss holds its post: no fire at a ship behind a wall, fire once the ship is in sight', () => {
    // pillars: walls at (7..8, 7..8) between (7, 6) and (7, 10); (3, 6) is in the open on row 6.
    const { s, boss, side } = bossAboveHiddenShip(); // 4 cells straight below, in range and in the cone, behind the wall
    for (let f = 0; f < 300; f++) step(s, 0, 0);
    expect(side.bullets.count).toBe(0);
    expect([boss!.x, boss!.y]).toEqual([centre(7), centre(6)]); // it never moved
    side.ship.x = centre(3);
    side.ship.y = centre(6);
    let firstAt = -1;
    for (let f = 0; f < 120 && firstAt < 0; f++) {
      step(s, 0, 0);
      if (side.bullets.count > 0) firstAt = f;
    }
    expect(firstAt).toBeGreaterThanOrEqual(0);
    expect(boss!.p0).toBe(1);
    expect(boss!.aimX).toBeLessThan(-0.99); // turned toward the ship
    // Hidden again: it stops.
    side.ship.x = centre(7);
    side.ship.y = centre(10);
    step(s, 0, 0);
    const n = side.bullets.count;
    for (let f = 0; f < 60; f++) step(s, 0, 0);
    expect(boss!.p0).toBe(0);
    expect(side.bullets.count).toBeLessThanOrEqual(n); // nothing new (old bullets die on walls)
  });

  it('a hunting spirit closes in on an idle ship along the maze, then stops and fires when it sees it', () => {
    const s = match('corridors', 4);
    send(s, AttackKind.SPIRIT);
    step(s, 0, 0);
    const m = s.sides[0]!.maze!.maze;
    const ship = s.sides[0]!.ship;
    const ff = new FlowField(m);
    ff.setTarget(ship.x / TILE, ship.y / TILE);
    const dist = (e: Enemy) => ff.distanceAt(Math.floor(e.x / TILE), Math.floor(e.y / TILE));
    const [spirit] = sent(s);
    const d0 = dist(spirit!);
    let sawAt = -1;
    for (let f = 0; f < SPIRIT_MAZE_FRAMES - 10 && sawAt < 0; f++) {
      step(s, 0, 0);
      if (spirit!.p0 === 1) sawAt = f;
    }
    expect(sawAt).toBeGreaterThan(0);
    expect(dist(spirit!)).toBeLessThan(d0);
    const at = { x: spirit!.x, y: spirit!.y };
    let fired = false;
    for (let f = 0; f < 60; f++) {
      step(s, 0, 0);
      fired ||= s.sides[0]!.bullets.count > 0;
    }
    expect(fired).toBe(true);
    expect({ x: spirit!.x, y: spirit!.y }).toEqual(at); // it holds while it sees the ship
  });

  it('sent enemies leave at a fixed age: spirits at SPIRIT_MAZE_FRAMES, the boss at its first-fire age + BOSS_FRAMES', () => {
    const s = match('rooms');
    send(s, AttackKind.SPIRIT, AttackKind.BOSS);
    step(s, 0, 0);
    const ages = () => sent(s).map((e) => [e.kind, e.age]);
    for (let f = 1; f < 50 + BOSS_FRAMES - 1; f++) step(s, 0, 0);
    expect(
      sent(s)
        .map((e) => e.kind)
        .sort(),
    ).toEqual([EnemyKind.SPIRIT, EnemyKind.BOSS].sort());
    step(s, 0, 0);
    step(s, 0, 0);
    expect(ages()).toEqual([[EnemyKind.SPIRIT, 50 + BOSS_FRAMES + 1]]);
    for (let f = 0; f < SPIRIT_MAZE_FRAMES - 50 - BOSS_FRAMES; f++) step(s, 0, 0);
    expect(sent(s)).toHaveLength(0);
  });

  it('a boss leaves at that same age whether it never sees the ship or first sees it late', () => {
    // pillars, as above: the ship at (7, 10) is hidden from a boss at (7, 6) by the wall between.
    const lastAge = (seeAt: number) => {
      const { s, boss, side } = bossAboveHiddenShip();
      let last = -1;
      let saw = false;
      let firedAt = -1;
      for (let f = 0; f < 2 * BOSS_FRAMES && sent(s).length > 0; f++) {
        if (f === seeAt) {
          // Out into the open on the boss's row, where it sees the ship once its sweep comes round.
          side.ship.x = centre(3);
          side.ship.y = centre(6);
        }
        step(s, 0, 0);
        if (sent(s).length > 0) last = boss!.age;
        saw ||= boss!.p0 === 1;
        if (firedAt < 0 && side.bullets.count > 0) firedAt = f;
      }
      return { last, saw, firedAt };
    };
    const never = lastAge(-1);
    const late = lastAge(300);
    expect(never.saw).toBe(false);
    expect(never.firedAt).toBe(-1);
    expect(late.saw).toBe(true);
    expect(late.firedAt).toBeGreaterThanOrEqual(300);
    // The boss's first fire is due at age 50 (versus.ts); it is there up to age 50 + BOSS_FRAMES − 1.
    expect(never.last).toBe(50 + BOSS_FRAMES - 1);
    expect(late.last).toBe(never.last); // not BOSS_FRAMES after its late first volley
  });

  it('sent enemies follow a side that clears its maze, onto open cells of the next maze', () => {
    const s = match('pillars');
    send(s, AttackKind.SPIRIT, AttackKind.BOSS);
    step(s, 0, 0);
    const side = s.sides[0]!;
    const g = side.maze!.maze.exits[0]!;
    side.ship.x = centre(g.x);
    side.ship.y = centre(g.y);
    step(s, 0, 0);
    expect(side.maze!.name).toBe('rooms');
    const m = side.maze!.maze;
    const list = sent(s);
    expect(list).toHaveLength(2);
    for (const e of list) expect(overlapsWall(m, e.x / TILE, e.y / TILE, SENT_WALL_RADIUS)).toBe(false);
  });

  it('in open stages the same attacks still come from the top and hover (no maze rules)', () => {
    const s = createMatch({ seed: 1 });
    s.stage.nextWave = Number.MAX_SAFE_INTEGER;
    s.sides[1]!.incoming.push({ kind: AttackKind.BOSS, power: 3, arriveAt: 0, from: 0 });
    step(s, 0, 0);
    const pool = s.sides[1]!.enemies;
    expect(pool.count).toBe(1);
    expect(isSentMazeEnemy(pool.items[0]!)).toBe(false);
    expect(pool.items[0]!.y).toBeLessThan(0);
  });
});
