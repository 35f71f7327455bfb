// The pruned last step (Dodger.choose, what the CPU plays with) against the full fast search
// (Dodger.decide, itself checked against the paper's exhaustive search): the same move, value,
// nodes survived, plan and surviving first moves in every situation — open field, near edges and
// corners, mazes with a pull — for every shipped preset whose steps hold several frames; the
// other first moves' (survived, value) at most the exact ones; and less work done.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { Dodger, DodgeWorld, randomWorld, type DodgeDecision, type DodgeParams, type DodgePlan } from '../../../src/cpu/dodge/index';
import { LATTICE } from '../../../src/cpu/dodge/constants';
import { dodgeParamsOf, getDodgePreset } from '../../../src/cpu/presets';
import { FIELD_H } from '../../../src/sim/constants';
import { mazeAround } from './helpers';

type Kind = 'open' | 'edges' | 'maze';

function situation(rand: () => number, kind: Kind, w: DodgeWorld): void {
  randomWorld(rand, { bullets: 5 + Math.floor(rand() * 110), radius: 50 + rand() * 110, maxAge: 60 }, w);
  w.walls = null;
  w.pull = 0;
  w.pathW = Number.NaN;
  w.goalField = null;
  w.switchPenalty = Number.NaN;
  w.goalX = rand() < 0.6 ? rand() * w.width : Number.NaN;
  w.goalY = FIELD_H * 0.7;
  if (kind === 'edges') {
    if (rand() < 0.7) w.shipX = rand() < 0.5 ? 8 + rand() * 20 : 376 - rand() * 20;
    if (rand() < 0.7) w.shipY = rand() < 0.5 ? 8 + rand() * 20 : 440 - rand() * 20;
  } else if (kind === 'maze') {
    // Open cells around the ship, 15 % walls elsewhere, pulled toward a goal (geodesic half the time).
    mazeAround(rand, w);
    w.switchPenalty = 0;
    w.goalX = rand() * 384;
    w.goalY = rand() * 448;
  }
}

function samePlan(a: DodgePlan, b: DodgePlan): boolean {
  if (a.count !== b.count || a.hazard !== b.hazard || a.slipped !== b.slipped) return false;
  for (let k = 0; k < a.count; k++) {
    if (a.moves[k] !== b.moves[k] || a.x[k] !== b.x[k] || a.y[k] !== b.y[k]) return false;
    if (a.values[k] !== b.values[k] || a.hazards[k] !== b.hazards[k]) return false;
  }
  return true;
}

/** Whether (L, V) is at most (L0, V0) in the search's order (more nodes survived first). */
function atMost(L: number, V: number, L0: number, V0: number): boolean {
  return L < L0 || (L === L0 && V <= V0);
}

const PRESETS = ['easy', 'normal', 'hard', 'lunatic', 'novice', 'imap-multi'];

describe('Dodger.choose (pruned last step) = Dodger.decide', () => {
  for (const name of PRESETS) {
    it(`${name}: same decision, plan and surviving first moves in the open, at edges and in mazes`, () => {
      const params: DodgeParams = dodgeParamsOf(getDodgePreset(name));
      expect(params.framesPerStep).toBeGreaterThan(1);
      const full = new Dodger(params, 160);
      const pruned = new Dodger(params, 160);
      const rand = seedrandom(`search-pruned:${name}`);
      const w = new DodgeWorld(160);
      const work = [0, 0];
      let n = 0;
      for (const kind of ['open', 'edges', 'maze'] as Kind[]) {
        for (let s = 0; s < 14; s++) {
          situation(rand, kind, w);
          const prev = Math.floor(rand() * (full.problem.moves.count + 1)) - 1;
          const a: DodgeDecision = full.decide(w, prev);
          work[0] += full.work.states;
          const b: DodgeDecision = pruned.choose(w, prev);
          work[1] += pruned.work.states;
          const at = `${kind} situation ${s}`;
          expect([b.move, b.value, b.survived], at).toEqual([a.move, a.value, a.survived]);
          expect(samePlan(full.plan, pruned.plan), at).toBe(true);
          for (let m = 0; m < a.rootL.length; m++) {
            expect(b.rootL[m]! >= 1, `${at}, first move ${m}`).toBe(a.rootL[m]! >= 1);
            expect(atMost(b.rootL[m]!, b.rootV[m]!, a.rootL[m]!, a.rootV[m]!), `${at}, first move ${m}`).toBe(true);
          }
          n++;
        }
      }
      expect(n).toBe(42);
      expect(work[1]).toBeLessThan(work[0]); // it does skip work
    });
  }
});

describe('DodgeProblem.nodeBound', () => {
  it('is at least the node value with no danger at every lattice point of a box, and reached there', () => {
    const rand = seedrandom('node-bound');
    const d = new Dodger(dodgeParamsOf(getDodgePreset('hard')), 16);
    const w = new DodgeWorld(16);
    let tight = 0;
    for (let s = 0; s < 200; s++) {
      randomWorld(rand, { bullets: 3 }, w);
      w.goalX = rand() < 0.8 ? rand() * w.width : Number.NaN;
      w.goalY = rand() < 0.8 ? rand() * w.height : Number.NaN;
      d.problem.prepare(w, -1, false);
      const p = d.problem;
      const x0 = Math.round(rand() * 300 * LATTICE);
      const y0 = Math.round(rand() * 400 * LATTICE);
      const x1 = x0 + Math.round(rand() * 60 * LATTICE);
      const y1 = y0 + Math.round(rand() * 60 * LATTICE);
      const bound = p.nodeBound(x0, x1, y1);
      let most = -Infinity;
      for (let i = 0; i <= 16; i++) {
        for (let j = 0; j <= 16; j++) {
          const x = i === 16 ? x1 : x0 + Math.floor(((x1 - x0) * i) / 16);
          const y = j === 16 ? y1 : y0 + Math.floor(((y1 - y0) * j) / 16);
          const e = p.nodeE(x, y, 0, 0);
          expect(e, `situation ${s}`).toBeLessThanOrEqual(bound);
          most = Math.max(most, e);
        }
      }
      if (most === bound) tight++;
    }
    expect(tight).toBeGreaterThan(100); // not a loose bound: the box's best point reaches it
  });
});
