// Versus play of the CPU: the lure toward enemies acts only when the danger at the ship is low
// (SAFE_DANGER) while its home line always acts, and the charge attack is spent by the preset's
// policy (clear / level 2 / level 3); in mazes the clear reads the danger, not the pull to the goal.
// Played with the classic presets (tests/fixtures/classic-presets.ts: the difficulties before issue 22,
// fixed values), so the mechanics are checked at known settings whatever the built-ins are tuned to.
import { describe, expect, it } from 'vitest';
import { CpuController, HOME_Y, SAFE_DANGER } from '../../../src/cpu/cpu-controller';
import { DodgeWorld, Dodger, worldFromMatch } from '../../../src/cpu/dodge/index';
import { LURE_BAND } from '../../../src/cpu/dodge/problem';
import { dodgeParamsOf, parseDodgePreset, type DodgePreset } from '../../../src/cpu/presets';
import { dcos, dsin, TAU } from '../../../src/geom/dmath';
import { spawnEnemy } from '../../../src/sim/enemies';
import { EnemyKind } from '../../../src/sim/enemy-pool';
import { Input } from '../../../src/sim/input';
import { createMatch, step } from '../../../src/sim/match';
import { Path } from '../../../src/sim/paths';
import type { MatchState } from '../../../src/sim/state';
import { CLASSIC_NAMES, classicCpu, classicStageConfig } from '../../fixtures/classic-presets';

const DIRS = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS;

/** A versus (or practice) match without stage waves: only what the test puts in side 0's field. */
function quiet(mode: 'versus' | 'practice' = 'versus', seed = 3): MatchState {
  const s = createMatch({ seed, mode, ...classicStageConfig('normal'), infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER;
  return s;
}

/** An enemy that stays at (x, 100) (a DRIFT path with no speed), never fires and is not shot down. */
function target(s: MatchState, x: number) {
  const e = spawnEnemy(
    s.sides[0]!,
    s.frame,
    { kind: EnemyKind.SPINNER, path: Path.DRIFT, x, y: 100, p0: 0, p1: 0, p2: 0, pattern: 0, firstFire: 0, period: 0, delay: 0 },
    1,
    -1,
  )!;
  e.hp = e.maxHp = 1e9;
  return e;
}

/** A bullet that stands still at (x, y), old enough for every reaction delay. */
function still(s: MatchState, x: number, y: number, r = 4): void {
  s.sides[0]!.bullets.add(x, y, 0, 0, r, s.frame - 200, 0, 0, -1);
}

/** The preset without its lure (pure dodging, same name: the same seeded slips). */
function noLure(p: DodgePreset): DodgePreset {
  return parseDodgePreset({ ...p, lure: 0 });
}

/** Input bits of the first `n` frames of a CPU on `s` (side 0), and the charge attacks fired. */
function play(cpu: CpuController, s: MatchState, n: number) {
  const bits: number[] = [];
  const attacks: number[] = [];
  for (let f = 0; f < n; f++) {
    const b = cpu.decide(s, 0);
    bits.push(b);
    step(s, b, 0);
    for (const e of s.events) if (e.type === 'charge-attack' && e.side === 0) attacks.push(e.level);
  }
  return { bits, attacks };
}

describe('versus: the lure acts only when safe', () => {
  it('drifts under an enemy when nothing threatens', () => {
    const s = quiet();
    s.sides[0]!.ship.x = 320;
    const e = target(s, 80);
    // Normal without its rare slips (random first moves, drawn from a stream seeded by the preset's
    // name): only the pull toward the enemy can move the ship here.
    const steady = parseDodgePreset({ ...classicCpu('normal'), slip: 0 });
    const cpu = new CpuController(steady);
    const start = Math.abs(s.sides[0]!.ship.x - e.x);
    play(cpu, s, 180);
    expect(cpu.lureActive).toBe(true);
    expect(start).toBeGreaterThan(200);
    expect(e.x).toBe(80);
    // Within the lure's band of the enemy's x (where the spread shot hits it), having come 240 units.
    expect(Math.abs(s.sides[0]!.ship.x - e.x)).toBeLessThanOrEqual(LURE_BAND);
    // The same CPU without versus play stays where it is (x = 320).
    const t = quiet();
    t.sides[0]!.ship.x = 320;
    target(t, 80);
    play(new CpuController(steady, { versus: false }), t, 180);
    expect(t.sides[0]!.ship.x).toBe(320);
  });

  it('danger at the ship is the A.2 danger of the visible obstacles; the lure switches off above SAFE_DANGER', () => {
    // A still bullet of radius 4 (Rhit = 6.5) at distance d: Dci = 50·(1 − d²/380.25), no triangle.
    // d = 15: 20.41 (> 10, lure off); d = 18.5: 5.00 (≤ 10, lure on).
    expect(SAFE_DANGER).toBe(10);
    for (const [d, danger, lure] of [
      [15, 20.414201183432, false],
      [18.5, 4.99671268902, true],
    ] as const) {
      const s = quiet();
      const me = s.sides[0]!;
      me.ship.x = 320;
      target(s, 80);
      still(s, 320 - d, me.ship.y);
      const cpu = new CpuController(classicCpu('normal'));
      const lured = cpu.decide(s, 0);
      expect(cpu.shipDanger).toBeCloseTo(danger, 9);
      expect(cpu.lureActive).toBe(lure);
      // Without versus play (no pull toward the enemy) the decision is pure dodging.
      const t = quiet();
      t.sides[0]!.ship.x = 320;
      target(t, 80);
      still(t, 320 - d, t.sides[0]!.ship.y);
      const plain = new CpuController(classicCpu('normal'), { versus: false }).decide(t, 0);
      if (lure)
        expect(lured & DIRS).not.toBe(plain & DIRS); // safe: it heads for the enemy
      else expect(lured & DIRS).toBe(plain & DIRS); // in danger: it only dodges
    }
  });

  it('does not drift toward the enemy while the danger stays high (the home line still acts)', () => {
    // Bullets keep falling past the ship's right side; the ship is above the home line and the
    // enemy to shoot is far to the left. While the lure is off its moves are those of the CPU
    // without versus play (home line, no enemy x); the first time they differ the lure is on.
    const make = (mode: 'versus' | 'practice') => {
      const m = quiet(mode);
      m.sides[0]!.ship.x = 300;
      m.sides[0]!.ship.y = 200;
      target(m, 60);
      return m;
    };
    const s = make('versus');
    const t = make('versus');
    expect(s.sides[0]!.ship.y).toBeLessThan(HOME_Y - 100);
    const cpu = new CpuController(classicCpu('normal'));
    const plain = new CpuController(classicCpu('normal'), { versus: false });
    let inDanger = 0;
    let parted = false;
    for (let f = 0; f < 120 && !parted; f++) {
      for (const m of [s, t]) {
        const side = m.sides[0]!;
        if (f % 3 === 0) side.bullets.add(side.ship.x + 9, side.ship.y - 120, 0, 3, 4, m.frame - 200, 0, 0, -1);
      }
      const a = cpu.decide(s, 0);
      const b = plain.decide(t, 0);
      if (cpu.lastPlanFrame === s.frame && !cpu.lureActive) inDanger++;
      if ((a & DIRS) !== (b & DIRS)) {
        expect(cpu.lureActive).toBe(true);
        parted = true;
      }
      step(s, a, 0);
      step(t, b, 0);
    }
    expect(inDanger).toBeGreaterThan(5);
  });
});

describe("the home line (the lure's y term): below 0.7 of the field, always", () => {
  /** Side 0's ship at (192, 200), above the home line (313.6), and a still bullet d units to its left. */
  function above(d: number | null, versus = true): MatchState {
    const s = quiet(versus ? 'versus' : 'practice');
    const me = s.sides[0]!;
    me.ship.x = 192;
    me.ship.y = 200;
    if (d !== null) still(s, 192 - d, 200);
    return s;
  }

  it('is 0.7 of the field height and brings the ship down, in versus play and in drills alike', () => {
    expect(HOME_Y).toBeCloseTo(313.6, 12);
    for (const versus of [true, false]) {
      const s = above(null, versus);
      play(new CpuController(classicCpu('hard'), { versus }), s, 120);
      expect(s.sides[0]!.ship.y).toBeGreaterThanOrEqual(HOME_Y);
      // Without a lure nothing moves it (the paper's stay when nothing threatens).
      const t = above(null, versus);
      play(new CpuController(noLure(classicCpu('hard')), { versus }), t, 120);
      expect(t.sides[0]!.ship.y).toBe(200);
    }
  });

  it("acts in danger too (only the pull toward the enemy's x is switched off there)", () => {
    // A still bullet of radius 4 at distance d (Rhit = 6.5): danger 20.41 at d = 15 (> SAFE_DANGER),
    // 5.00 at d = 18.5. Either way the move is the dodger's with the home line, and in danger that
    // differs from the pure dodge (so the situation tells the two apart).
    for (const versus of [true, false]) {
      for (const [d, inDanger] of [
        [15, true],
        [18.5, false],
      ] as const) {
        const s = above(d, versus);
        const cpu = new CpuController(classicCpu('normal'), { versus });
        const bits = cpu.decide(s, 0);
        expect(cpu.shipDanger > SAFE_DANGER).toBe(inDanger);
        const withLine = (on: boolean) => {
          const w = worldFromMatch(above(d, versus), 0, new DodgeWorld(64));
          w.goalY = on ? HOME_Y : Number.NaN;
          return new Dodger(dodgeParamsOf(classicCpu('normal')), 64).decide(w, 0).bits & DIRS;
        };
        if (inDanger) expect(withLine(true)).not.toBe(withLine(false));
        expect(bits & DIRS).toBe(withLine(true));
      }
    }
  });
});

describe('versus: spending the charge attack', () => {
  /** Side 0 surrounded by a closing ring of bullets: every path is hit within the search. */
  function cornered(s: MatchState): void {
    const me = s.sides[0]!;
    for (let a = 0; a < 16; a++) {
      const c = Math.cos((a * Math.PI) / 8);
      const n = Math.sin((a * Math.PI) / 8);
      me.bullets.add(me.ship.x + 40 * c, me.ship.y + 40 * n, -10 * c, -10 * n, 8, s.frame - 200, 0, 0, -1);
    }
  }

  it('level 1: a 1-frame press when the search sees no safe path and the gauge has a level', () => {
    for (const name of CLASSIC_NAMES) {
      const s = quiet();
      cornered(s);
      s.sides[0]!.gauge = 100;
      const { bits, attacks } = play(new CpuController(classicCpu(name)), s, 3);
      expect(bits.map((b) => (b & Input.CHARGE) !== 0)).toEqual([true, false, false]);
      expect(attacks).toEqual([1]);
      // Without a level to spend there is nothing to press.
      const t = quiet();
      cornered(t);
      expect(play(new CpuController(classicCpu(name)), t, 3).bits.every((b) => (b & Input.CHARGE) === 0)).toBe(true);
    }
  });

  it("level 1 also when the best path's danger-only value is below the preset's clearBelow, not above it", () => {
    // A large still bullet (r = 60: its circle of danger reaches 187.5 units) 70 units left of the
    // ship: a safe path exists, but not out of that circle within the horizon, so the danger part of
    // the best path (A.4 node values without the lure and the switch penalty) stays below 0. Its
    // path value also pays the switch penalty on leaving "stay" (15·w³ ≈ 4e-7), so the ±1e-9 probes
    // below tell the two apart.
    const make = (clearBelow: number) => {
      const s = quiet();
      still(s, s.sides[0]!.ship.x - 70, s.sides[0]!.ship.y, 60);
      s.sides[0]!.gauge = 100;
      const p = parseDodgePreset({ ...classicCpu('normal'), cpu: { ...classicCpu('normal').cpu, clearBelow } });
      const cpu = new CpuController(p);
      const b = cpu.decide(s, 0);
      const d = cpu.activeDodger;
      return { pressed: (b & Input.CHARGE) !== 0, hazard: d.plan.hazard, value: d.decision.value, survived: d.decision.survived };
    };
    const probe = make(-2000);
    expect(probe.survived).toBe(classicCpu('normal').depth);
    expect(probe.pressed).toBe(false);
    expect(probe.hazard).toBeLessThan(0);
    expect(probe.value).toBeLessThan(probe.hazard - 1e-8);
    expect(make(probe.hazard + 1e-9).pressed).toBe(true);
    expect(make(probe.hazard - 1e-9).pressed).toBe(false);
  });

  it('level 2 when calm with two levels for presets that spend early; Hard and Lunatic save for level 3', () => {
    for (const [name, levels] of [
      ['easy', [2]],
      ['normal', [2]],
      ['hard', []],
      ['lunatic', []],
    ] as const) {
      const s = quiet();
      s.sides[0]!.gauge = 200;
      expect(play(new CpuController(classicCpu(name)), s, 60).attacks, name).toEqual(levels);
    }
  });

  it('level 3 when calm with a full gauge', () => {
    for (const name of CLASSIC_NAMES) {
      const s = quiet();
      s.sides[0]!.gauge = 300;
      const { bits, attacks } = play(new CpuController(classicCpu(name)), s, 60);
      expect(attacks, name).toEqual([3]);
      // Held for 49 frames (level 3 at charge 49), released on the 50th.
      expect(bits.findIndex((b) => (b & Input.CHARGE) === 0)).toBe(49);
    }
  });

  it('no attack across when it is not calm, in practice (no opponent), or for the paper players', () => {
    const s = quiet();
    s.sides[0]!.gauge = 300;
    still(s, s.sides[0]!.ship.x + 14, s.sides[0]!.ship.y); // danger at the ship ≈ 24 > SAFE_DANGER
    const cpu = new CpuController(classicCpu('hard'));
    const b = cpu.decide(s, 0);
    expect(cpu.shipDanger).toBeGreaterThan(SAFE_DANGER);
    expect(b & Input.CHARGE).toBe(0);
    const p = quiet('practice');
    p.sides[0]!.gauge = 300;
    expect(play(new CpuController(classicCpu('hard')), p, 60).attacks).toEqual([]);
    const q = quiet();
    q.sides[0]!.gauge = 300;
    cornered(q);
    expect(play(new CpuController('imap-multi'), q, 5).bits.every((x) => (x & Input.CHARGE) === 0)).toBe(true);
  });
});

describe('maze stages: the clear reads the danger of the best path, not the pull toward the goal', () => {
  /** A maze versus match (seed 7, first maze 'pillars') with one gauge level on side 0. */
  function maze(): MatchState {
    const s = createMatch({ seed: 7, mode: 'versus', stages: 'maze', ...classicStageConfig('normal'), infiniteLives: true, timeLimit: 0 });
    s.sides[0]!.gauge = 100;
    return s;
  }

  it('no bullet near: the pull alone puts the path value below clearBelow, yet no clear is fired', () => {
    for (const name of CLASSIC_NAMES) {
      const s = maze();
      const cpu = new CpuController(classicCpu(name));
      let lowest = 0;
      for (let f = 0; f < 30; f++) {
        const b = cpu.decide(s, 0);
        if (cpu.lastPlanFrame === s.frame) {
          expect(s.sides[0]!.bullets.count).toBe(0);
          lowest = Math.min(lowest, cpu.activeDodger.decision.value);
        }
        expect(b & Input.CHARGE, `${name} frame ${f}`).toBe(0);
        step(s, b, 0);
      }
      expect(lowest, name).toBeLessThan(cpu.preset.cpu.clearBelow);
    }
  });

  it('bullets closing in: a cage of still bullets (a safe path, 8 nearly-hit pairs a frame) fires level 1', () => {
    for (const name of CLASSIC_NAMES) {
      const s = maze();
      const me = s.sides[0]!;
      // Eight bullets (r = 3) 9 units around the ship: staying is safe (hit at 5.5), every frame is a
      // near miss for all eight (within 11), and the gaps are too narrow to leave by.
      for (let k = 0; k < 8; k++)
        me.bullets.add(me.ship.x + 9 * dcos((TAU * k) / 8), me.ship.y + 9 * dsin((TAU * k) / 8), 0, 0, 3, s.frame - 200, 0, 0, -1);
      const cpu = new CpuController(classicCpu(name));
      const first = cpu.decide(s, 0);
      expect(cpu.activeDodger.decision.survived, name).toBe(cpu.preset.depth);
      expect(cpu.activeDodger.plan.hazard, name).toBeLessThan(cpu.preset.cpu.clearBelow);
      expect(first & Input.CHARGE, name).toBe(Input.CHARGE);
      step(s, first, 0);
      const { attacks } = play(cpu, s, 2);
      expect(attacks, name).toEqual([1]);
    }
  });
});
