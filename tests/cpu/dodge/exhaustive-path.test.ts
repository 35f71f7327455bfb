// The exhaustive search's own best path (searchExhaustivePath): the same decision as the reference
// search, and a path that really is the best path: its moves, replayed, give its positions, node
// values and the decision value.
import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import {
  DodgeDecision,
  DodgePlan,
  Dodger,
  DodgeWorld,
  LATTICE,
  PAPER_PARAMS,
  randomWorld,
  searchExhaustive,
  type DodgeParams,
} from '../../../src/cpu/dodge/index';
import { searchExhaustivePath } from '../../../src/cpu/dodge/search-exhaustive';
import { world } from './helpers';

const P = (over: Partial<DodgeParams> = {}): DodgeParams => ({ ...PAPER_PARAMS, reactionFrames: 0, ...over });

/** Replays the plan's moves with transition(): positions, penalised node values and Σ w^(T−k)·E. */
function replay(d: Dodger, plan: DodgePlan): number {
  const p = d.problem;
  let x = p.startX;
  let y = p.startY;
  let last = p.prevMove;
  let acc = 0;
  const E: number[] = [];
  for (let k = 0; k < plan.count; k++) {
    const a = plan.moves[k]!;
    let e = p.transition(k, x, y, a, null, 0);
    expect(Number.isNaN(e)).toBe(false);
    if (p.switchPenalty > 0 && last >= 0 && a !== last) e -= p.switchPenalty;
    x = p.outX;
    y = p.outY;
    expect(plan.x[k]).toBe(x / LATTICE);
    expect(plan.y[k]).toBe(y / LATTICE);
    expect(plan.values[k]).toBe(e);
    E.push(e);
    last = a;
  }
  for (let k = plan.count - 1; k >= 0; k--) acc = p.weights[k]! * E[k]! + acc;
  return acc;
}

describe('exhaustive search with its own path', () => {
  const configs: [string, Partial<DodgeParams>, number][] = [
    ['I-Map depth 3', { depth: 3 }, 60],
    ['Base depth 3', { depth: 3, influenceMap: false }, 30],
    ['multi-frame depth 3, F=4', { depth: 3, framesPerStep: 4 }, 40],
    ['switch penalty depth 3, F=3', { depth: 3, framesPerStep: 3, switchPenalty: 25 }, 40],
    ['focus + lure depth 2, F=2', { depth: 2, framesPerStep: 2, focus: true, lure: 20 }, 30],
  ];
  for (const [name, over, count] of configs) {
    it(`${name}: same decision as searchExhaustive, and the path replays to its value (${count} situations)`, () => {
      const rand = seedrandom(`exhaustive-path:${name}`);
      const d = new Dodger(P(over), 64);
      const M = d.problem.moves.count;
      const a = new DodgeDecision(M);
      const b = new DodgeDecision(M);
      const plan = new DodgePlan(d.params.depth);
      const w = new DodgeWorld(64);
      for (let s = 0; s < count; s++) {
        randomWorld(rand, { bullets: 5 + Math.floor(rand() * 40), radius: 60 + rand() * 60, maxAge: 60 }, w);
        w.goalX = rand() * 384;
        w.goalY = rand() * 448;
        const prev = Math.floor(rand() * (M + 1)) - 1;
        d.decideExhaustive(w, prev, a);
        searchExhaustivePath(d.problem, b, plan); // same prepared problem
        expect([b.move, b.bits, b.value, b.survived]).toEqual([a.move, a.bits, a.value, a.survived]);
        expect(Array.from(b.rootL)).toEqual(Array.from(a.rootL));
        expect(Array.from(b.rootV)).toEqual(Array.from(a.rootV));
        expect(plan.count).toBe(a.survived);
        if (plan.count > 0) expect(plan.moves[0]).toBe(a.move);
        expect(replay(d, plan)).toBe(a.value);
      }
    });
  }

  it('when every path is hit, the path is the longest survival', () => {
    const obs: [number, number, number, number, number, number][] = [];
    for (let k = 0; k < 16; k++) {
      const c = Math.cos((k * Math.PI) / 8);
      const s = Math.sin((k * Math.PI) / 8);
      obs.push([192 + 40 * c, 400 + 40 * s, -10 * c, -10 * s, 8, 99]);
    }
    const d = new Dodger(P());
    const plan = new DodgePlan(5);
    const r = d.decideExhaustive(world(192, 400, obs), -1, undefined, plan);
    const ref = searchExhaustive(d.problem);
    expect(r.survived).toBeLessThan(5);
    expect(plan.count).toBe(r.survived);
    expect(r.value).toBe(ref.value);
  });
});
