// The pruned search gives back the result of an earlier decision with the same inputs when the
// surroundings are calm (calm-cache.ts): every number choose() promises must be what a search from
// scratch gives — move, value, nodes survived, the first moves surviving their step, the plan, and
// a slip's step; the other first moves' (survived, value) at most the exact ones (decide()), as
// choose() promises (they depend on how much the search skipped, e.g. with the last plan's seed).
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Dodger, DodgeWorld, randomWorld, type DodgeDecision, type DodgePlan } from '../../../src/cpu/dodge/index';
import { dodgeParamsOf, getDodgePreset } from '../../../src/cpu/presets';
import { FIELD_H } from '../../../src/sim/constants';

const SPOTS: [number, number][] = [
  [100, 380],
  [200, 400],
  [300, 420],
  [14, 434], // a corner: clamped moves
];

/** A calm world (bullets only far above, flying away) at one of a few spots, or a busy one. */
function situation(rand: () => number, w: DodgeWorld): number {
  const busy = rand() < 0.25;
  const [x, y] = SPOTS[Math.floor(rand() * SPOTS.length)]!;
  if (busy) randomWorld(rand, { bullets: 30, radius: 90, maxAge: 60, shipX: x, shipY: y }, w);
  else {
    w.clear();
    w.shipX = x;
    w.shipY = y;
    for (let i = 0; i < 6; i++) w.add(40 + i * 60, 20 + rand() * 30, (rand() - 0.5) * 2, -2 - rand() * 2, 3, 60);
  }
  w.goalX = rand() < 0.5 ? Number.NaN : 150;
  w.goalY = FIELD_H * 0.7;
  return [-1, 0, 4][Math.floor(rand() * 3)]!;
}

/** Whether (L, V) is at most (L0, V0) in the search's order (more nodes survived first). */
function atMost(L: number, V: number, L0: number, V0: number): boolean {
  return L < L0 || (L === L0 && V <= V0);
}

/** a and b agree on what choose() promises; a's first moves are at most the exact ones (decide()). */
function expectSameDecision(a: DodgeDecision, b: DodgeDecision, exact: DodgeDecision): void {
  expect([a.move, a.bits, a.value, a.survived]).toEqual([b.move, b.bits, b.value, b.survived]);
  expect(Array.from(a.rootL, (l) => l >= 1)).toEqual(Array.from(b.rootL, (l) => l >= 1));
  for (let m = 0; m < a.rootL.length; m++) expect(atMost(a.rootL[m]!, a.rootV[m]!, exact.rootL[m]!, exact.rootV[m]!)).toBe(true);
}

function expectSamePlan(a: DodgePlan, b: DodgePlan): void {
  expect([a.count, a.slipped, a.framesPerStep, a.startX, a.startY, a.hazard]).toEqual([
    b.count,
    b.slipped,
    b.framesPerStep,
    b.startX,
    b.startY,
    b.hazard,
  ]);
  const part = (p: DodgePlan) => [p.moves, p.x, p.y, p.values, p.hazards].map((v) => Array.from(v.subarray(0, p.count)));
  expect(part(a)).toEqual(part(b));
}

describe('calm decisions given back (calm-cache.ts)', () => {
  for (const name of ['hard', 'normal', 'easy', 'imap-multi', 'imap']) {
    it(`${name}: the same numbers as a search from scratch, and the slip step after a kept one`, () => {
      const params = dodgeParamsOf(getDodgePreset(name));
      const dodger = new Dodger(params, 64);
      const rand = seedrandom(`calm-cache:${name}`);
      const w = new DodgeWorld(64);
      let kept = 0;
      for (let i = 0; i < 80; i++) {
        const prev = situation(rand, w);
        const got = dodger.choose(w, prev);
        if (dodger.work.states === 0) kept++;
        const fresh = new Dodger(params, 64);
        const want = fresh.choose(w, prev);
        expect(fresh.work.states).toBeGreaterThan(0);
        const exact = new Dodger(params, 64).decide(w, prev);
        expectSameDecision(got, want, exact);
        expectSamePlan(dodger.plan, fresh.plan);
        // A deliberate slip: a surviving first move other than the best one reads the map.
        const a = (got.move + 1 + Math.floor(rand() * (got.rootL.length - 1))) % got.rootL.length;
        if (got.rootL[a]! >= 1) expectSamePlan(dodger.planFirstStep(a), fresh.planFirstStep(a));
      }
      // 4 spots × 3 held moves × 2 goals: most calm situations repeat an earlier one.
      expect(kept).toBeGreaterThan(20);
    });
  }

  it('decide() (the exact reference) never gives a kept result back', () => {
    const dodger = new Dodger(dodgeParamsOf(getDodgePreset('hard')), 64);
    const w = new DodgeWorld(64);
    for (let i = 0; i < 10; i++) {
      w.clear();
      w.shipX = 200;
      w.shipY = 400;
      w.goalY = FIELD_H * 0.7;
      dodger.choose(w, 0);
      dodger.decide(w, 0);
      expect(dodger.work.states).toBeGreaterThan(0);
    }
  });
});
