// Gauge growth with the chain, the attacks a chain or charge sends, and what they do on arrival
// (open stages); a hit breaking the chain and the charge.
import { describe, expect, it } from 'vitest';
import {
  ATTACK_TRAVEL_FRAMES,
  AttackKind,
  BOSS_FRAMES,
  CHAIN_WINDOW,
  GAUGE_CHAIN_CAP,
  GAUGE_PER_CHAIN_LINK,
  GAUGE_PER_KILL,
  Input,
  killGauge,
  step,
  type MatchState,
} from '../../src/sim';
import { EnemyKind, type Enemy } from '../../src/sim/enemy-pool';
import { Path } from '../../src/sim/paths';
import { Color, Shape } from '../../src/sim/patterns';
import { sendAttack } from '../../src/sim/versus';
import { quietMatch } from './helpers';

/** A 1-hp target of `kind` parked right above side i's ship (still: DRIFT with speed 0). */
function target(s: MatchState, i: number, kind: number = EnemyKind.FAIRY): void {
  const side = s.sides[i]!;
  const e = side.enemies.add()!;
  Object.assign(e, {
    kind,
    r: 11,
    hp: 1,
    maxHp: 1,
    score: 100,
    path: Path.DRIFT,
    ox: side.ship.x,
    oy: side.ship.y - 60,
    p0: 0,
    p2: 0,
    age: 0,
    owner: -1,
  });
}

function run(s: MatchState, frames: number, a = 0, b = 0): void {
  for (let i = 0; i < frames; i++) step(s, a, b);
}

function enemies(s: MatchState, i: number, kind: number): Enemy[] {
  const pool = s.sides[i]!.enemies;
  return pool.items.slice(0, pool.count).filter((e) => e.kind === kind);
}

/**
 * Plays (side i shooting) until it has killed `n` more enemies. Returns each kill's chain length and
 * the gauge it added (a volley can kill two on one frame: their gains are told apart by the chain).
 */
function gainsPerKill(s: MatchState, i: number, n: number): { gains: number[]; chains: number[] } {
  const side = s.sides[i]!;
  const gains: number[] = [];
  const chains: number[] = [];
  for (let f = 0; f < 600 && chains.length < n; f++) {
    const before = side.gauge;
    step(s, i === 0 ? Input.SHOT : 0, i === 1 ? Input.SHOT : 0);
    const kills = s.events.filter((e) => e.type === 'kill' && e.side === i) as { chain: number; kind: number }[];
    if (kills.length === 0) continue;
    // The frame's gain is the sum of its kills' gains; split it using the formula for all but the last.
    let rest = side.gauge - before;
    for (let k = 0; k < kills.length; k++) {
      const g = k < kills.length - 1 ? killGauge(kills[k]!.kind, kills[k]!.chain) : rest;
      gains.push(g);
      chains.push(kills[k]!.chain);
      rest -= g;
    }
  }
  return { gains, chains };
}

describe('chains charge the gauge more', () => {
  it('killGauge: 9 alone, +3 per earlier kill of the chain up to 5 of them; spirits twice that', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((c) => killGauge(EnemyKind.FAIRY, c))).toEqual([9, 12, 15, 18, 21, 24, 24, 24]);
    expect(killGauge(EnemyKind.SPIRIT, 1)).toBe(2 * GAUGE_PER_KILL);
    expect(killGauge(EnemyKind.SPIRIT, 9)).toBe(2 * (GAUGE_PER_KILL + GAUGE_PER_CHAIN_LINK * GAUGE_CHAIN_CAP));
    expect(killGauge(EnemyKind.CHASER, 3)).toBe(killGauge(EnemyKind.FAIRY, 3));
  });

  it('in play, each kill of a chain adds more gauge than the one before, up to the cap', () => {
    const s = quietMatch();
    for (let k = 0; k < 8; k++) target(s, 0);
    const { gains, chains } = gainsPerKill(s, 0, 8);
    expect(chains).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(gains).toEqual(chains.map((c) => killGauge(EnemyKind.FAIRY, c)));
    expect(s.sides[0]!.gauge).toBe(9 + 12 + 15 + 18 + 21 + 24 + 24 + 24);
  });

  it('a kill after the chain ran out starts again at the base gain', () => {
    const s = quietMatch();
    target(s, 0);
    target(s, 0);
    expect(gainsPerKill(s, 0, 2).gains).toEqual([9, 12]);
    run(s, CHAIN_WINDOW + 1);
    target(s, 0);
    expect(gainsPerKill(s, 0, 1)).toEqual({ gains: [9], chains: [1] });
  });
});

describe('a chain of 5+ sends a spirit', () => {
  it('arrives in the other field after travelling, hovers, fires bursts and leaves', () => {
    const s = quietMatch();
    for (let k = 0; k < 5; k++) target(s, 0);
    gainsPerKill(s, 0, 5);
    run(s, CHAIN_WINDOW + 1); // the chain ends on the first frame after its window
    const them = s.sides[1]!;
    expect(them.incoming.map((a) => [a.kind, a.power])).toEqual([
      [AttackKind.BULLETS, 15],
      [AttackKind.SPIRIT, 5],
    ]);
    run(s, ATTACK_TRAVEL_FRAMES);
    const [spirit] = enemies(s, 1, EnemyKind.SPIRIT);
    expect(spirit).toBeDefined();
    expect(spirit!.owner).toBe(0);
    expect(spirit!.path).toBe(Path.HOVER);
    // Its bursts: small yellow bullets of side 0, fired from where the spirit is.
    const b = them.bullets;
    const sent = b.count; // the 15 attack bullets
    let fired = false;
    for (let f = 0; f < 120 && !fired; f++) {
      step(s, 0, 0);
      for (let i = 0; i < b.count; i++) {
        if (b.shape[i] === Shape.SMALL && b.color[i] === Color.YELLOW && b.owner[i] === 0 && b.spawn[i] === s.frame - 1) fired = true;
      }
    }
    expect(sent).toBeGreaterThan(0);
    expect(fired).toBe(true);
    run(s, 400);
    expect(enemies(s, 1, EnemyKind.SPIRIT)).toHaveLength(0); // it left
  });

  it('a chain of 4 sends no spirit; killing a spirit gives twice the gauge', () => {
    const s = quietMatch();
    for (let k = 0; k < 4; k++) target(s, 0);
    gainsPerKill(s, 0, 4);
    run(s, CHAIN_WINDOW + 1); // the chain ends on the first frame after its window
    expect(s.sides[1]!.incoming.map((a) => a.kind)).toEqual([AttackKind.BULLETS]);
    const t = quietMatch();
    target(t, 0, EnemyKind.SPIRIT);
    expect(gainsPerKill(t, 0, 1).gains).toEqual([2 * GAUGE_PER_KILL]);
  });
});

describe('charge attacks arriving in the other field', () => {
  it('level 2: two spiral spirits arrive and fire rotating purple arms', () => {
    const s = quietMatch();
    sendAttack(s, s.sides[0]!, AttackKind.PATTERN, 2);
    run(s, ATTACK_TRAVEL_FRAMES + 1);
    const spirits = enemies(s, 1, EnemyKind.SPIRIT);
    expect(spirits.map((e) => e.ox).sort((a, b) => a - b)).toEqual([72, 384 - 72]);
    expect(spirits.every((e) => e.owner === 0)).toBe(true);
    run(s, 90);
    const b = s.sides[1]!.bullets;
    const fromEach = [0, 0];
    for (let i = 0; i < b.count; i++) {
      expect([b.shape[i], b.color[i], b.owner[i]]).toEqual([Shape.RICE, Color.PURPLE, 0]);
      fromEach[b.x[i]! < 192 ? 0 : 1]!++;
    }
    expect(fromEach[0]).toBeGreaterThan(10);
    expect(fromEach[1]).toBeGreaterThan(10);
    expect(s.sides[0]!.bullets.count).toBe(0); // nothing in the sender's field
  });

  it('level 3: the boss fires its flower every 12 frames and leaves after BOSS_FRAMES', () => {
    const s = quietMatch();
    sendAttack(s, s.sides[0]!, AttackKind.BOSS, 3);
    run(s, ATTACK_TRAVEL_FRAMES + 1);
    const [boss] = enemies(s, 1, EnemyKind.BOSS);
    expect(boss).toBeDefined();
    expect(boss!.invulnerable).toBe(true);
    const b = s.sides[1]!.bullets;
    const volleyAges: number[] = [];
    const looks = new Set<string>();
    for (let f = 0; f < 700; f++) {
      const before = b.count;
      step(s, 0, 0);
      const e = enemies(s, 1, EnemyKind.BOSS)[0];
      if (b.count > before) {
        volleyAges.push(e!.age);
        for (let i = before; i < b.count; i++) looks.add(`${b.shape[i]}/${b.color[i]}`);
      }
    }
    // The flower: orange stars and white rice turning, and every 4th volley a red aimed fan.
    expect(looks).toEqual(new Set([`${Shape.STAR}/${Color.ORANGE}`, `${Shape.RICE}/${Color.WHITE}`, `${Shape.BIG}/${Color.RED}`]));
    expect(volleyAges[0]).toBe(50);
    for (let k = 1; k < volleyAges.length; k++) expect(volleyAges[k]! - volleyAges[k - 1]!).toBe(12);
    const arrive = (90 - -30) / 2.5; // HOVER: from y -30 down to 90 at 2.5 per frame
    expect(volleyAges.at(-1)!).toBeLessThan(arrive + BOSS_FRAMES);
    expect(volleyAges.at(-1)!).toBeGreaterThanOrEqual(arrive + BOSS_FRAMES - 12);
    expect(enemies(s, 1, EnemyKind.BOSS)).toHaveLength(0); // gone once it flew off
  });
});

describe('a hit breaks the chain and the charge', () => {
  it('resets chain and charge level; the broken chain sends nothing', () => {
    const s = quietMatch();
    for (let k = 0; k < 3; k++) target(s, 0);
    gainsPerKill(s, 0, 3);
    const side = s.sides[0]!;
    side.gauge = 300;
    run(s, 30, Input.CHARGE);
    expect(side.chain).toBe(3);
    expect(side.ship.charge).toBeGreaterThan(0);
    side.bullets.add(side.ship.x, side.ship.y, 0, 0, 3, s.frame, 0, 0, -1);
    step(s, Input.CHARGE, 0);
    expect(side.hits).toBe(1);
    expect(side.chain).toBe(0);
    step(s, 0, 0); // releasing now fires nothing: the charge was lost
    expect(side.ship.charge).toBe(0);
    expect(side.gauge).toBe(300);
    run(s, CHAIN_WINDOW + ATTACK_TRAVEL_FRAMES);
    expect(side.attacksSent).toBe(0);
    expect(s.sides[1]!.incoming).toHaveLength(0);
    expect(side.bestChain).toBe(3);
  });
});
