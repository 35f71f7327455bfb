// The pruned search's seed (search-seed.ts): in a sequence of decisions where the bullets fly on
// and the ship follows its plan, as in a match, each decision starts from the last plan one step
// on and skips the positions no path through which can beat it — and still gives decide()'s move,
// value, nodes survived, plan and surviving first moves. A seed worth more than its path (a wrong
// sum) would skip the best path: the decisions would differ.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Dodger, DodgeWorld, randomWorld } from '../../../src/cpu/dodge/index';
import { dodgeParamsOf, getDodgePreset } from '../../../src/cpu/presets';
import { FIELD_H } from '../../../src/sim/constants';

/** Bullets on for `frames` frames (the dodger extrapolates them the same way), the ship to (x, y). */
function advance(w: DodgeWorld, frames: number, x: number, y: number): void {
  for (let i = 0; i < w.count; i++) {
    w.x[i] = w.x[i]! + w.vx[i]! * frames;
    w.y[i] = w.y[i]! + w.vy[i]! * frames;
    w.age[i] = w.age[i]! + frames;
  }
  w.shipX = x;
  w.shipY = y;
}

describe('the pruned search seeded with the last plan (search-seed.ts)', () => {
  for (const name of ['hard', 'normal', 'lunatic']) {
    it(`${name}: decisions in sequence equal decide()'s, and the seed cuts positions`, () => {
      const params = dodgeParamsOf(getDodgePreset(name));
      const seeded = new Dodger(params, 256);
      const exact = new Dodger(params, 256);
      const rand = seedrandom(`search-seed:${name}`);
      const w = new DodgeWorld(256);
      let cut = 0;
      let decisions = 0;
      for (let run = 0; run < 6; run++) {
        randomWorld(rand, { bullets: 40 + Math.floor(rand() * 60), radius: 160, maxAge: 60 }, w);
        w.goalX = rand() < 0.7 ? rand() * w.width : Number.NaN;
        w.goalY = FIELD_H * 0.7;
        let prev = -1;
        for (let s = 0; s < 12; s++) {
          const a = exact.decide(w, prev);
          const b = seeded.choose(w, prev);
          cut += seeded.work.cut;
          decisions++;
          const at = `run ${run} decision ${s}`;
          expect([b.move, b.value, b.survived], at).toEqual([a.move, a.value, a.survived]);
          const plan = (d: Dodger) => [
            d.plan.count,
            d.plan.hazard,
            ...[d.plan.moves, d.plan.x, d.plan.y, d.plan.values].map((v) => Array.from(v.subarray(0, d.plan.count))),
          ];
          expect(plan(seeded), at).toEqual(plan(exact));
          expect(
            Array.from(b.rootL, (l) => l >= 1),
            at,
          ).toEqual(Array.from(a.rootL, (l) => l >= 1));
          if (b.survived < 1) break;
          prev = b.move;
          advance(w, params.framesPerStep, seeded.plan.x[0]!, seeded.plan.y[0]!);
        }
      }
      expect(decisions).toBeGreaterThan(40);
      // The seed does cut: several positions of level D − 2 a decision on average.
      expect(cut / decisions).toBeGreaterThan(2);
    });
  }
});
