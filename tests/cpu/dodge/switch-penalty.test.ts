// The input-switch penalty (the paper's future work): a cost for changing the held direction.
import { describe, expect, it } from 'vitest';
import { DodgeDecision, Dodger, moveIndexOf, PAPER_PARAMS, type DodgeParams } from '../../../src/cpu/dodge/index';
import { Input } from '../../../src/sim/input';
import { world } from './helpers';

const P = (over: Partial<DodgeParams> = {}): DodgeParams => ({ ...PAPER_PARAMS, reactionFrames: 0, framesPerStep: 5, ...over });

describe('switch penalty', () => {
  // A bullet falling straight onto the ship: escaping left and escaping right are mirror images.
  const threat = () => world(192, 400, [[192, 330, 0, 2, 4, 99]]);
  const moves = new Dodger(P()).problem.moves;
  const LEFT = moveIndexOf(moves, Input.LEFT);
  const RIGHT = moveIndexOf(moves, Input.RIGHT);

  it('without it the ship moving left turns right (the earlier of two equal moves); with it, it keeps going left', () => {
    const free = new Dodger(P()).decide(threat(), LEFT);
    expect(free.rootV[LEFT]).toBe(free.rootV[RIGHT]); // mirror images, equal value
    expect(free.move).toBe(RIGHT); // changes direction
    for (const penalty of [5, 10, 40]) {
      const d = new Dodger(P({ switchPenalty: penalty }));
      const calm = d.decide(threat(), LEFT);
      expect(calm.move).toBe(LEFT); // holds
      expect(calm.rootV[LEFT]).toBeGreaterThan(calm.rootV[RIGHT]);
      // Same decision value as the exhaustive reference.
      const ex = d.decideExhaustive(threat(), LEFT, new DodgeDecision(d.problem.moves.count));
      expect(ex.move).toBe(LEFT);
      expect(ex.value).toBe(calm.value);
    }
  });

  it('holds whichever direction it was moving in, and does nothing without a held move', () => {
    const d = new Dodger(P({ switchPenalty: 10 }));
    expect(d.decide(threat(), RIGHT).move).toBe(RIGHT);
    expect(d.decide(threat(), LEFT).move).toBe(LEFT);
    // No previous move (−1): nothing to switch from, same as no penalty.
    const none = d.decide(threat(), -1);
    const free = new Dodger(P()).decide(threat(), -1);
    expect(none.move).toBe(free.move);
    expect(none.value).toBe(free.value);
  });

  it('costs exactly the penalty at each node whose move differs from the one before', () => {
    const d = new Dodger(P({ switchPenalty: 10 }));
    d.decide(threat(), LEFT);
    d.decideExhaustive(threat(), LEFT); // same world again, with full-field maps for transition()
    // Along the chosen path, a node's value is the unpenalised value minus 10 where its move changes.
    const plan = d.plan;
    let last = LEFT;
    let changes = 0;
    for (let k = 0; k < plan.count; k++) {
      const problem = d.problem;
      const x0 = k === 0 ? plan.startX : plan.x[k - 1]!;
      const y0 = k === 0 ? plan.startY : plan.y[k - 1]!;
      const E = problem.transition(k, Math.round(x0 * 256), Math.round(y0 * 256), plan.moves[k]!, null, 0);
      const want = plan.moves[k] !== last ? E - 10 : E;
      if (plan.moves[k] !== last) changes++;
      expect(plan.values[k]).toBe(want);
      last = plan.moves[k]!;
    }
    expect(plan.count).toBe(5);
    expect(changes).toBeLessThanOrEqual(1);
  });
});
