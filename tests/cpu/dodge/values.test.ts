import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import {
  DodgeDecision,
  DodgePlan,
  Dodger,
  DodgeWorld,
  LURE_BAND,
  nodeValue,
  PAPER_PARAMS,
  pathValue,
  pathWeights,
  randomWorld,
  type DodgeParams,
} from '../../../src/cpu/dodge/index';
import { world } from './helpers';

describe('node value (paper A.4)', () => {
  it('is −I − 50·min(6, N_nearlyHit)', () => {
    expect(nodeValue(12.5, 0, true)).toBe(-12.5);
    expect(nodeValue(12.5, 2, true)).toBe(-112.5);
    expect(nodeValue(0, 6, true)).toBe(-300);
    expect(nodeValue(0, 40, true)).toBe(-300);
  });

  it('is 0 for the Base player', () => {
    expect(nodeValue(12.5, 3, false)).toBe(0);
  });
});

describe('path value (paper A.1)', () => {
  const w = 0.003;
  it('weights node k by w^(T−k): the last node counts fully; summed from the last node back', () => {
    expect(Array.from(pathWeights(3, w))).toEqual([w * w, w, 1]);
    expect(pathValue([-10, -20, -30], pathWeights(3, w))).toBe(w * w * -10 + (w * -20 + (1 * -30 + 0)));
  });

  it('a path hit after n < T nodes keeps the weights of a full path', () => {
    // Depth 3, hit on the third step: the two nodes it survives weigh w² and w (not w and 1).
    expect(pathValue([-10, -20, 999], pathWeights(3, w), 2)).toBe(w * w * -10 + (w * -20 + 0));
  });

  it('a safe end beats a safe start (escape through danger into safety)', () => {
    const W = pathWeights(5, w);
    expect(pathValue([-300, -300, -300, -300, 0], W)).toBeGreaterThan(pathValue([0, 0, 0, 0, -1], W));
  });

  it('earlier nodes only break ties', () => {
    const W = pathWeights(2, w);
    expect(pathValue([-1, -5], W)).toBeGreaterThan(pathValue([-2, -5], W));
  });
});

describe('the best path of both searches: pathValue of its node values is the decision value', () => {
  const P = (over: Partial<DodgeParams>): DodgeParams => ({ ...PAPER_PARAMS, reactionFrames: 0, ...over });
  for (const [name, over, maze] of [
    ['I-Map depth 4', { depth: 4 }, false],
    ['multi-frame depth 4, F=3, switch penalty + lure', { depth: 4, framesPerStep: 3, switchPenalty: 15, lure: 10 }, false],
    ['multi-frame depth 3, F=5 (last step checked lazily)', { depth: 3, framesPerStep: 5 }, false],
    ['maze pull depth 3, F=2', { depth: 3, framesPerStep: 2 }, true],
  ] as [string, Partial<DodgeParams>, boolean][]) {
    it(`${name}: bit for bit, and the plan's hazard is the danger part alone`, () => {
      const rand = seedrandom(`path-value:${name}`);
      const d = new Dodger(P(over), 64);
      const ex = new DodgeDecision(d.problem.moves.count);
      const exPlan = new DodgePlan(d.problem.depth);
      const wd = new DodgeWorld(64);
      for (let s = 0; s < 30; s++) {
        randomWorld(rand, { bullets: 5 + Math.floor(rand() * 40), radius: 50 + rand() * 50, maxAge: 60 }, wd);
        wd.goalX = rand() * 384;
        wd.goalY = rand() * 448;
        wd.walls = null;
        if (maze) {
          wd.walls = { width: 24, height: 28, walls: new Uint8Array(24 * 28) };
          wd.pull = 0.5;
          wd.pathW = 0.3;
        }
        const prev = Math.floor(rand() * d.problem.moves.count);
        const f = d.decide(wd, prev);
        const plan = d.plan;
        expect(plan.count).toBe(f.survived);
        expect(pathValue(plan.values, d.problem.weights, plan.count)).toBe(f.value);
        d.decideExhaustive(wd, prev, ex, exPlan);
        expect(pathValue(exPlan.values, d.problem.weights, exPlan.count)).toBe(ex.value);
        expect(exPlan.hazard).toBe(pathValue(exPlan.hazards, d.problem.weights, exPlan.count));
        if (
          exPlan.count === plan.count &&
          Array.from(exPlan.moves.subarray(0, exPlan.count)).join() === Array.from(plan.moves.subarray(0, plan.count)).join()
        ) {
          // Same path found by both: the same danger parts.
          expect(Array.from(plan.hazards.subarray(0, plan.count))).toEqual(Array.from(exPlan.hazards.subarray(0, plan.count)));
        }
        // The node value is its danger part minus the lure / pull and the switch penalty (≥ 0).
        for (let k = 0; k < plan.count; k++) {
          const h = plan.hazards[k]!;
          if (maze) expect(plan.values[k]).toBe(h - 0.5 * d.problem.goalDistance(plan.x[k]!, plan.y[k]!));
          else if (!over.lure && !over.switchPenalty) expect(plan.values[k]).toBe(h);
          else expect(plan.values[k]!).toBeLessThanOrEqual(h);
        }
      }
    });
  }

  it("no obstacle and the ship above the lure's home line: the value is the lure alone, the hazard 0", () => {
    // Ship at (192, 200), goalY 313.6: 5 one-frame steps down (4 units each) end at y = 220; no edge
    // danger there (more than 32 units from the top and sides), no bullets.
    const d = new Dodger(P({ depth: 5, lure: 10 }));
    const w = world(192, 200);
    w.goalY = 313.6;
    const r = d.decide(w);
    expect(r.move).toBe(5); // down (MOVE_BITS order: stay, up, up-right, right, down-right, down, …)
    const pull = (y: number) => -(10 * (313.6 - y)) / 448;
    const W = pathWeights(5, 0.003);
    expect(r.value).toBe(pathValue([pull(204), pull(208), pull(212), pull(216), pull(220)], W));
    expect(Array.from(d.plan.hazards.subarray(0, 5))).toEqual([-0, -0, -0, -0, -0]);
    expect(d.plan.hazard).toBe(0);
    // Within the x band nothing pulls sideways: a goalX 10 units away (< LURE_BAND) leaves it equal.
    w.goalX = 192 + LURE_BAND - 6;
    expect(new Dodger(P({ depth: 5, lure: 10 })).decide(w).value).toBe(r.value);
  });
});
