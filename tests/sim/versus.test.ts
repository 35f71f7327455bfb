import { describe, expect, it } from 'vitest';
import {
  ATTACK_TRAVEL_FRAMES,
  AttackKind,
  CHAIN_WINDOW,
  CHARGE_FRAMES_PER_LEVEL,
  GAUGE_PER_KILL,
  Input,
  step,
  type MatchState,
} from '../../src/sim';
import { classicStageConfig } from '../fixtures/classic-presets';
import { EnemyKind } from '../../src/sim/enemy-pool';
import { sentBullets } from '../../src/sim/versus';
import { Path } from '../../src/sim/paths';
import { quietMatch } from './helpers';

/** A 1-hp fairy parked right above side i's ship. */
function target(s: MatchState, i: number, dx = 0): void {
  const side = s.sides[i]!;
  const e = side.enemies.add()!;
  Object.assign(e, {
    kind: EnemyKind.FAIRY,
    r: 11,
    hp: 1,
    maxHp: 1,
    score: 100,
    path: Path.DRIFT,
    ox: side.ship.x + dx,
    oy: side.ship.y - 60,
    p0: 0,
    p2: 0,
    age: 0,
    owner: -1,
  });
}

function run(s: MatchState, frames: number, a: number, b = 0): void {
  for (let i = 0; i < frames; i++) step(s, a, b);
}

describe('versus: kills, chains and attacks sent across', () => {
  it('a kill charges the gauge and scores', () => {
    const s = quietMatch();
    target(s, 0);
    run(s, 10, Input.SHOT);
    const side = s.sides[0]!;
    expect(side.kills).toBe(1);
    expect(side.gauge).toBe(GAUGE_PER_KILL);
    expect(side.score).toBe(100);
  });

  it('a chain of kills sends bullets that arrive in the other field after travelling', () => {
    const s = quietMatch();
    for (let k = 0; k < 3; k++) target(s, 0, 0);
    run(s, 20, Input.SHOT);
    const me = s.sides[0]!;
    const them = s.sides[1]!;
    expect(me.kills).toBe(3);
    expect(me.chain).toBe(3);
    expect(me.score).toBe(100 + 200 + 300); // chains multiply
    run(s, CHAIN_WINDOW, 0);
    expect(me.chain).toBe(0);
    expect(me.attacksSent).toBe(1);
    expect(them.incoming).toHaveLength(1);
    expect(them.incoming[0]!.kind).toBe(AttackKind.BULLETS);
    expect(them.bullets.count).toBe(0);
    run(s, ATTACK_TRAVEL_FRAMES, 0);
    expect(them.incoming).toHaveLength(0);
    expect(them.bullets.count).toBe(9);
    expect(them.bullets.owner[0]).toBe(0);
  });

  it('sends 3 bullets a kill up to 30, thinned only on stages with thinner volleys than Normal', () => {
    expect(sentBullets(3, 1)).toBe(9);
    expect(sentBullets(20, 1)).toBe(30);
    expect(sentBullets(20, 1.8)).toBe(30); // never more than on Normal
    expect(sentBullets(6, 1.4)).toBe(18);
    expect(sentBullets(10, 0.5)).toBe(15); // Easy at level 1
    expect(sentBullets(2, 0.1)).toBe(2); // at least 2
  });

  it('on the Easy stage at level 1 the same chain sends half as many bullets as on Normal', () => {
    const arrived = (cfg: Parameters<typeof quietMatch>[0]) => {
      const s = quietMatch(cfg);
      for (let k = 0; k < 4; k++) target(s, 0, 0);
      run(s, 20, Input.SHOT);
      run(s, CHAIN_WINDOW + ATTACK_TRAVEL_FRAMES, 0);
      expect(s.sides[0]!.kills).toBe(4);
      return s.sides[1]!.bullets.count;
    };
    // Classic Normal has volleys of density 1, classic Easy of 0.5 (the stage presets before issue 22).
    expect(arrived(classicStageConfig('normal'))).toBe(12);
    expect(arrived(classicStageConfig('easy'))).toBe(6);
  });

  it('a single kill sends nothing', () => {
    const s = quietMatch();
    target(s, 0);
    run(s, 10, Input.SHOT);
    run(s, CHAIN_WINDOW + ATTACK_TRAVEL_FRAMES, 0);
    expect(s.sides[0]!.kills).toBe(1);
    expect(s.sides[0]!.attacksSent).toBe(0);
    expect(s.sides[1]!.bullets.count).toBe(0);
  });
});

describe('versus: the charge attack', () => {
  it('does nothing without a gauge level', () => {
    const s = quietMatch();
    run(s, 30, Input.CHARGE);
    expect(s.sides[0]!.ship.charge).toBe(0);
  });

  it('level 1 clears bullets near the ship and spends one level', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    side.gauge = 150;
    side.bullets.add(side.ship.x + 50, side.ship.y - 50, 0, 0, 3, 0, 0, 0, -1);
    side.bullets.add(side.ship.x, 20, 0, 0, 3, 0, 0, 0, -1);
    step(s, Input.CHARGE, 0);
    step(s, 0, 0);
    expect(side.gauge).toBe(50);
    expect(side.bullets.count).toBe(1);
    expect(s.sides[1]!.incoming).toHaveLength(0);
  });

  it('holding longer raises the level up to what the gauge allows; level 3 sends a boss', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    side.gauge = 300;
    run(s, 3 * CHARGE_FRAMES_PER_LEVEL + 10, Input.CHARGE);
    step(s, 0, 0);
    expect(side.gauge).toBe(0);
    const inc = s.sides[1]!.incoming;
    expect(inc.map((a) => a.kind)).toEqual([AttackKind.BOSS]);
    run(s, ATTACK_TRAVEL_FRAMES, 0);
    const boss = s.sides[1]!.enemies.items.slice(0, s.sides[1]!.enemies.count).find((e) => e.kind === EnemyKind.BOSS);
    expect(boss?.invulnerable).toBe(true);
    run(s, 200, 0);
    expect(s.sides[1]!.bullets.count).toBeGreaterThan(50); // the boss pattern runs on their side
    expect(side.bullets.count).toBe(0);
  });

  it('level 2 sends an extra attack pattern', () => {
    const s = quietMatch();
    s.sides[0]!.gauge = 200;
    run(s, 3 * CHARGE_FRAMES_PER_LEVEL, Input.CHARGE);
    step(s, 0, 0);
    expect(s.sides[0]!.gauge).toBe(0);
    expect(s.sides[1]!.incoming.map((a) => a.kind)).toEqual([AttackKind.PATTERN]);
  });

  it('in practice there is no one to send to, but the clear still works', () => {
    const s = quietMatch({ mode: 'practice' });
    s.sides[0]!.gauge = 300;
    run(s, 100, Input.CHARGE);
    step(s, 0, 0);
    expect(s.sides).toHaveLength(1);
    expect(s.sides[0]!.gauge).toBe(0);
    expect(s.sides[0]!.attacksSent).toBe(0);
  });
});
