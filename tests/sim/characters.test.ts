// Characters (issue 24): the schema and its errors, each character's own rules (speed, hitbox, shot,
// charge, attacks), the final boss phase, determinism with every character, and the pin that ties the
// roster's data to SIM_VERSION.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { cloneState, createMatch, hashState, Input, MatchRunner, SIM_VERSION, step, type MatchState } from '../../src/sim';
import { CHARACTERS, getCharacter, NEUTRAL, parseCharacter, ROSTER } from '../../src/sim/characters';
import { BOSS_FRAMES, BOSS_PHASE_GAUGE_FRAMES, GAUGE_MAX, GAUGE_PER_LEVEL } from '../../src/sim/constants';
import { EnemyKind } from '../../src/sim/enemy-pool';
import { Path } from '../../src/sim/paths';
import { patternId } from '../../src/sim/boss-phases';
import { AttackKind } from '../../src/sim/state';
import { ShotShape } from '../../src/sim/ship';
import { createController } from '../../src/controllers/registry';
import { quietMatch } from './helpers';

function run(s: MatchState, frames: number, a: number, b = 0): void {
  for (let i = 0; i < frames; i++) step(s, a, b);
}

function as(id: string, cfg: object = {}): MatchState {
  return quietMatch({ p1Character: id, p2Character: NEUTRAL, ...cfg });
}

/** A still enemy with `hp` at (x, y) in side i's field. */
function enemy(s: MatchState, i: number, x: number, y: number, hp = 1): void {
  const e = s.sides[i]!.enemies.add()!;
  Object.assign(e, { kind: EnemyKind.FAIRY, r: 11, hp, maxHp: hp, score: 100, path: Path.DRIFT, ox: x, oy: y, p0: 0, p2: 0, age: 0 });
}

describe('character data', () => {
  it('has a neutral ship and at least six selectable characters that play differently', () => {
    expect(getCharacter(NEUTRAL).selectable).toBe(false);
    expect(ROSTER.length).toBeGreaterThanOrEqual(6);
    const feel = new Set(
      ROSTER.map((id) => {
        const c = getCharacter(id);
        return `${c.speed}/${c.focusSpeed}/${c.hitRadius}/${c.chargeFrames}/${c.shot.kind}`;
      }),
    );
    expect(feel.size).toBe(ROSTER.length);
    const names = ROSTER.flatMap((id) => {
      const c = getCharacter(id);
      return [c.spell.name, c.boss.name, c.ex.name, ...c.boss.phases.map((p) => p.name)];
    });
    expect(new Set(names).size).toBe(names.length);
  });

  it('names the file and the field of a bad value', () => {
    const good = structuredClone(getCharacter('asagi')) as Record<string, unknown>;
    expect(() => parseCharacter({ ...good, speed: 9 }, 'roster/x.json')).toThrow(/roster\/x\.json\.speed: .*6/);
    expect(() => parseCharacter({ ...good, shot: { ...(good.shot as object), kind: 'laser' } }, 'x')).toThrow(/x\.shot\.kind/);
    expect(() => parseCharacter({ ...good, colour: '#fff' }, 'x')).toThrow(/x\.colour/);
    expect(() => parseCharacter({ ...good, speed: 3, focusSpeed: 3.5 }, 'x')).toThrow(/x\.focusSpeed: must be at most speed/);
    const boss = good.boss as { phases: { pattern: string }[] };
    const bad = { ...good, boss: { ...boss, phases: [{ ...boss.phases[0], pattern: 'stream' }] } };
    expect(() => parseCharacter(bad, 'x')).toThrow(/x\.boss\.phases\.0\.pattern/);
  });

  it('is refused in a config by name, and never in a drill', () => {
    expect(() => createMatch({ seed: 1, p2Character: 'nobody' })).toThrow(/config\.p2Character: must be a character \(neutral, asagi/);
    expect(() => createMatch({ seed: 1, mode: 'practice', stages: 'drill', p1Character: 'ruri' })).toThrow(/config\.p1Character: a drill/);
    expect(() => createMatch({ seed: 1, mode: 'practice', finalBoss: true })).toThrow(/config\.finalBoss/);
  });

  it('is pinned to this SIM_VERSION: a changed file without a version bump fails here', () => {
    // Only what the rules read: names, descriptions and colours may change freely (an attack's nameJa is display only).
    const rules = CHARACTERS.map(({ name, nameJa, description, descriptionJa, color, selectable, ...r }) => r);
    const json = JSON.stringify(rules, (k, v: unknown) => (k === 'nameJa' ? undefined : v));
    const digest = createHash('sha256').update(json).digest('hex').slice(0, 16);
    expect({ sim: SIM_VERSION, digest }).toEqual({ sim: 9, digest: '1cecba11a9e55bf6' });
  });
});

describe('each character plays by its own rules', () => {
  it('moves at its own speeds', () => {
    for (const id of ROSTER) {
      const c = getCharacter(id);
      const s = as(id);
      const x0 = s.sides[0]!.ship.x;
      run(s, 10, Input.RIGHT);
      expect(s.sides[0]!.ship.x - x0).toBeCloseTo(10 * c.speed, 9);
      const x1 = s.sides[0]!.ship.x;
      run(s, 10, Input.LEFT | Input.FOCUS);
      expect(x1 - s.sides[0]!.ship.x).toBeCloseTo(10 * c.focusSpeed, 9);
    }
  });

  it('is hit by its own hitbox: a bullet that passes Ruri by hits Kohaku', () => {
    const gap = (getCharacter('ruri').hitRadius + getCharacter('kohaku').hitRadius) / 2;
    for (const [id, hit] of [
      ['ruri', 0],
      ['kohaku', 1],
    ] as const) {
      const s = as(id);
      const ship = s.sides[0]!.ship;
      s.sides[0]!.bullets.add(ship.x + 3 + gap, ship.y, 0, 0, 3, 0, 0, 0, -1);
      run(s, 1, 0);
      expect(s.sides[0]!.hits, id).toBe(hit);
    }
  });

  it('fires its own shot', () => {
    const volley = (id: string, focus: boolean) => {
      const s = as(id);
      run(s, 1, Input.SHOT | (focus ? Input.FOCUS : 0));
      const b = s.sides[0]!.shots;
      return Array.from({ length: b.count }, (_, i) => `${b.shape[i]}:${b.aux[i]}`).join(' ');
    };
    const kinds = new Set(ROSTER.map((id) => volley(id, false)));
    expect(kinds.size).toBe(ROSTER.length);
    expect(volley(NEUTRAL, false)).toBe('0:1 0:1 0:1');
    expect(volley(NEUTRAL, true)).toBe('1:1.4 1:1.4');
    expect(volley('ruri', false).split(' ')).toHaveLength(5);
    expect(volley('kohaku', false)).toBe(`${ShotShape.HEAVY}:${getCharacter('kohaku').shot.damage}`);
  });

  it("Kurenai's needles pierce: one volley kills two enemies in a column", () => {
    const s = as('kurenai');
    const ship = s.sides[0]!.ship;
    enemy(s, 0, ship.x - 7, ship.y - 80, 0.4);
    enemy(s, 0, ship.x - 7, ship.y - 160, 0.4);
    run(s, 1, Input.SHOT);
    run(s, 20, 0);
    expect(s.sides[0]!.kills).toBe(2);
  });

  it("Shion's homing shots turn toward an enemy off to the side; straight shots miss it", () => {
    const kills = (id: string) => {
      const s = as(id);
      const ship = s.sides[0]!.ship;
      enemy(s, 0, ship.x + 120, ship.y - 200, 0.1);
      run(s, 1, Input.SHOT);
      run(s, 40, 0);
      return s.sides[0]!.kills;
    };
    expect(kills('shion')).toBe(1);
    expect(kills('asagi')).toBe(0);
  });

  it('charges at its own speed: the quickest charger reaches level 2 while the slowest is still at 1', () => {
    const levelAfter = (id: string, frames: number) => {
      const s = as(id);
      s.sides[0]!.gauge = GAUGE_MAX;
      const seen: number[] = [];
      for (let f = 0; f < frames; f++) {
        step(s, Input.CHARGE, 0);
        for (const e of s.events) if (e.type === 'charge-level' && e.side === 0) seen.push(e.level);
      }
      return seen.at(-1) ?? 0;
    };
    const byCharge = [...ROSTER].sort((a, b) => getCharacter(a).chargeFrames - getCharacter(b).chargeFrames);
    const [quick, slow] = [byCharge[0]!, byCharge.at(-1)!];
    const f = getCharacter(quick).chargeFrames + 2;
    expect(f).toBeLessThan(getCharacter(slow).chargeFrames);
    expect(levelAfter(quick, f)).toBe(2);
    expect(levelAfter(slow, f)).toBe(1);
  });

  it("a charge shot damages enemies in its radius; the neutral ship's only clears bullets", () => {
    for (const [id, kills] of [
      ['kurenai', 1],
      [NEUTRAL, 0],
    ] as const) {
      const s = as(id);
      const ship = s.sides[0]!.ship;
      s.sides[0]!.gauge = GAUGE_PER_LEVEL;
      enemy(s, 0, ship.x + 40, ship.y - 20, 5);
      s.sides[0]!.bullets.add(ship.x + 30, ship.y, 0, 0, 3, 0, 0, 0, -1);
      run(s, 1, Input.CHARGE);
      run(s, 1, 0);
      expect(s.sides[0]!.kills, id).toBe(kills);
      expect(s.sides[0]!.bullets.count, id).toBe(0);
    }
  });

  it('sends its own EX attack, spirits and bullets', () => {
    const arrived = (id: string, kind: number) => {
      const s = as(id);
      s.sides[0]!.gauge = GAUGE_MAX;
      s.sides[1]!.incoming.push({ kind, power: kind === AttackKind.BULLETS ? 6 : 5, arriveAt: 1, from: 0 });
      run(s, 2, 0);
      const them = s.sides[1]!;
      return {
        spirits: Array.from({ length: them.enemies.count }, (_, j) => them.enemies.items[j]!.pattern),
        shapes: Array.from({ length: them.bullets.count }, (_, j) => them.bullets.shape[j]),
      };
    };
    const kohaku = getCharacter('kohaku');
    expect(arrived('kohaku', AttackKind.PATTERN).spirits).toEqual(Array(kohaku.ex.spirits).fill(patternId(kohaku.ex.pattern)));
    expect(arrived('shion', AttackKind.PATTERN).spirits).toHaveLength(getCharacter('shion').ex.spirits);
    expect(arrived('ruri', AttackKind.SPIRIT).spirits).toEqual([patternId(getCharacter('ruri').sent.spiritPattern)]);
    expect(new Set(arrived('kohaku', AttackKind.BULLETS).shapes)).toEqual(new Set([3]));
    expect(new Set(arrived(NEUTRAL, AttackKind.BULLETS).shapes)).toEqual(new Set([4]));
  });

  it("a Boss Attack's boss goes through its character's named phases", () => {
    const s = as('asagi');
    s.sides[1]!.incoming.push({ kind: AttackKind.BOSS, power: 3, arriveAt: 1, from: 0 });
    const seen = new Set<number>();
    for (let f = 0; f < BOSS_FRAMES + 200; f++) {
      step(s, 0, 0);
      const them = s.sides[1]!.enemies;
      for (let j = 0; j < them.count; j++) if (them.items[j]!.kind === EnemyKind.BOSS) seen.add(them.items[j]!.pattern);
    }
    expect([...seen]).toEqual(getCharacter('asagi').boss.phases.map((p) => patternId(p.pattern)));
  });
});

describe("story's final boss", () => {
  it('enters its boss phase at half its lives: a full gauge, then a level every few seconds', () => {
    const s = quietMatch({ lives: 4, finalBoss: true, p2Character: 'kohaku' });
    const boss = s.sides[1]!;
    run(s, 5, 0);
    expect(boss.bossPhase).toBe(false);
    boss.ship.lives = 2;
    run(s, 1, 0);
    expect(boss.bossPhase).toBe(true);
    expect(boss.gauge).toBe(GAUGE_MAX);
    boss.gauge = 0;
    run(s, BOSS_PHASE_GAUGE_FRAMES, 0);
    expect(boss.gauge).toBe(GAUGE_PER_LEVEL);
    expect(s.sides[0]!.bossPhase).toBe(false);
  });
});

describe('determinism with every character', () => {
  it('the same seed and CPUs give the same match, and a clone plays on the same', () => {
    for (const [i, id] of ROSTER.entries()) {
      const other = ROSTER[(i + 1) % ROSTER.length]!;
      const play = () => {
        const s = createMatch({ seed: 100 + i, p1Character: id, p2Character: other, stages: i % 2 ? 'maze' : 'open' });
        new MatchRunner(s, [createController('cpu:hard'), createController('cpu:normal')]).runUntil(300);
        return s;
      };
      const a = play();
      expect(hashState(play()), id).toBe(hashState(a));
      const c = cloneState(a);
      run(a, 60, Input.SHOT | Input.LEFT, Input.CHARGE);
      run(c, 60, Input.SHOT | Input.LEFT, Input.CHARGE);
      expect(hashState(c), id).toBe(hashState(a));
    }
  }, 60_000);
});
