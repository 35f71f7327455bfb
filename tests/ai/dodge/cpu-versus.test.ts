// Versus play of the CPU: the lure toward enemies acts only when the danger at the ship is low
// (SAFE_DANGER), and the charge attack is spent by the preset's policy (clear / level 2 / level 3).
import { describe, expect, it } from 'vitest';
import { CpuController, SAFE_DANGER } from '../../../src/ai/cpu-controller';
import { LURE_BAND } from '../../../src/ai/dodge/problem';
import { getDodgePreset, parseDodgePreset } from '../../../src/presets/dodge';
import { spawnEnemy } from '../../../src/sim/enemies';
import { EnemyKind } from '../../../src/sim/enemy-pool';
import { Input } from '../../../src/sim/input';
import { createMatch, step } from '../../../src/sim/match';
import { Path } from '../../../src/sim/paths';
import type { MatchState } from '../../../src/sim/state';

const DIRS = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS;

/** A versus (or practice) match without stage waves: only what the test puts in side 0's field. */
function quiet(mode: 'versus' | 'practice' = 'versus', seed = 3): MatchState {
  const s = createMatch({ seed, mode, infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER;
  return s;
}

/** An enemy that stays at (x, 100) (a DRIFT path with no speed), never fires and is not shot down. */
function target(s: MatchState, x: number) {
  const e = spawnEnemy(s.sides[0]!, s.frame, { kind: EnemyKind.SPINNER, path: Path.DRIFT, x, y: 100, p0: 0, p1: 0, p2: 0, pattern: 0, firstFire: 0, period: 0, delay: 0 }, 1, -1)!;
  e.hp = e.maxHp = 1e9;
  return e;
}

/** A bullet that stands still at (x, y), old enough for every reaction delay. */
function still(s: MatchState, x: number, y: number, r = 4): void {
  s.sides[0]!.bullets.add(x, y, 0, 0, r, s.frame - 200, 0, 0, -1);
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
    const cpu = new CpuController('normal');
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
    play(new CpuController('normal', { versus: false }), t, 180);
    expect(t.sides[0]!.ship.x).toBe(320);
  });

  it('danger at the ship is the A.2 danger of the visible obstacles; the lure switches off above SAFE_DANGER', () => {
    // A still bullet of radius 4 (Rhit = 6.5) at distance d: Dci = 50·(1 − d²/380.25), no triangle.
    // d = 15: 20.41 (> 10, lure off); d = 18.5: 5.00 (≤ 10, lure on).
    expect(SAFE_DANGER).toBe(10);
    for (const [d, danger, lure] of [[15, 20.414201183432, false], [18.5, 4.996712689020, true]] as const) {
      const s = quiet();
      const me = s.sides[0]!;
      me.ship.x = 320;
      target(s, 80);
      still(s, 320 - d, me.ship.y);
      const cpu = new CpuController('normal');
      const lured = cpu.decide(s, 0);
      expect(cpu.shipDanger).toBeCloseTo(danger, 9);
      expect(cpu.lureActive).toBe(lure);
      // Without versus play (no pull toward the enemy) the decision is pure dodging.
      const t = quiet();
      t.sides[0]!.ship.x = 320;
      target(t, 80);
      still(t, 320 - d, t.sides[0]!.ship.y);
      const plain = new CpuController('normal', { versus: false }).decide(t, 0);
      if (lure) expect(lured & DIRS).not.toBe(plain & DIRS); // safe: it heads for the enemy
      else expect(lured & DIRS).toBe(plain & DIRS); // in danger: it only dodges
    }
  });

  it('does not drift toward the enemy while the danger stays high', () => {
    // Bullets keep falling past the ship's right side; the enemy to shoot is far to the left.
    const s = quiet();
    const me = s.sides[0]!;
    me.ship.x = 300;
    target(s, 60);
    const cpu = new CpuController('normal');
    const t = quiet();
    t.sides[0]!.ship.x = 300;
    target(t, 60);
    const plain = new CpuController('normal', { versus: false });
    let inDanger = 0;
    for (let f = 0; f < 120; f++) {
      for (const m of [s, t]) {
        const side = m.sides[0]!;
        if (f % 3 === 0) side.bullets.add(side.ship.x + 9, side.ship.y - 120, 0, 3, 4, m.frame - 200, 0, 0, -1);
      }
      const a = cpu.decide(s, 0);
      const b = plain.decide(t, 0);
      if (cpu.lastPlanFrame === s.frame && !cpu.lureActive) inDanger++;
      // While it is in danger its moves are those of the CPU without the lure.
      if (!cpu.lureActive) expect(a & DIRS).toBe(b & DIRS);
      step(s, a, 0);
      step(t, b, 0);
      if ((a & DIRS) !== (b & DIRS)) break;
    }
    expect(inDanger).toBeGreaterThan(5);
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
    for (const name of ['easy', 'normal', 'hard', 'lunatic']) {
      const s = quiet();
      cornered(s);
      s.sides[0]!.gauge = 100;
      const { bits, attacks } = play(new CpuController(name), s, 3);
      expect(bits.map((b) => (b & Input.CHARGE) !== 0)).toEqual([true, false, false]);
      expect(attacks).toEqual([1]);
      // Without a level to spend there is nothing to press.
      const t = quiet();
      cornered(t);
      expect(play(new CpuController(name), t, 3).bits.every((b) => (b & Input.CHARGE) === 0)).toBe(true);
    }
  });

  it('level 1 also below the preset\'s clearBelow path value, not above it', () => {
    // A still bullet beside the ship: a safe path exists, its value is a little below 0.
    const make = (clearBelow: number) => {
      const s = quiet();
      still(s, s.sides[0]!.ship.x + 12, s.sides[0]!.ship.y);
      s.sides[0]!.gauge = 100;
      const p = parseDodgePreset({ ...getDodgePreset('normal'), cpu: { ...getDodgePreset('normal').cpu, clearBelow } });
      const cpu = new CpuController(p);
      const b = cpu.decide(s, 0);
      return { pressed: (b & Input.CHARGE) !== 0, value: cpu.activeDodger.decision.value, survived: cpu.activeDodger.decision.survived };
    };
    const probe = make(-2000);
    expect(probe.survived).toBe(getDodgePreset('normal').depth);
    expect(probe.pressed).toBe(false);
    expect(make(probe.value + 1e-9).pressed).toBe(true);
    expect(make(probe.value - 1e-9).pressed).toBe(false);
  });

  it('level 2 when calm with two levels for presets that spend early; Hard and Lunatic save for level 3', () => {
    for (const [name, levels] of [['easy', [2]], ['normal', [2]], ['hard', []], ['lunatic', []]] as const) {
      const s = quiet();
      s.sides[0]!.gauge = 200;
      expect(play(new CpuController(name), s, 60).attacks, name).toEqual(levels);
    }
  });

  it('level 3 when calm with a full gauge', () => {
    for (const name of ['easy', 'normal', 'hard', 'lunatic']) {
      const s = quiet();
      s.sides[0]!.gauge = 300;
      const { bits, attacks } = play(new CpuController(name), s, 60);
      expect(attacks, name).toEqual([3]);
      // Held for 49 frames (level 3 at charge 49), released on the 50th.
      expect(bits.findIndex((b) => (b & Input.CHARGE) === 0)).toBe(49);
    }
  });

  it('no attack across when it is not calm, in practice (no opponent), or for the paper players', () => {
    const s = quiet();
    s.sides[0]!.gauge = 300;
    still(s, s.sides[0]!.ship.x + 14, s.sides[0]!.ship.y); // danger at the ship ≈ 24 > SAFE_DANGER
    const cpu = new CpuController('hard');
    const b = cpu.decide(s, 0);
    expect(cpu.shipDanger).toBeGreaterThan(SAFE_DANGER);
    expect(b & Input.CHARGE).toBe(0);
    const p = quiet('practice');
    p.sides[0]!.gauge = 300;
    expect(play(new CpuController('hard'), p, 60).attacks).toEqual([]);
    const q = quiet();
    q.sides[0]!.gauge = 300;
    cornered(q);
    expect(play(new CpuController('imap-multi'), q, 5).bits.every((x) => (x & Input.CHARGE) === 0)).toBe(true);
  });
});
