import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { DodgeDecision, Dodger, DodgeWorld, PAPER_PARAMS, randomWorld, type DodgeParams } from '../../../src/cpu/dodge/index';
import { Input, MOVE_BITS } from '../../../src/sim/input';
import { mazeAround, world } from './helpers';

const P = (over: Partial<DodgeParams> = {}): DodgeParams => ({ ...PAPER_PARAMS, reactionFrames: 0, ...over });

describe('search behaviour', () => {
  it('Base stays when nothing threatens (paper A.5)', () => {
    const d = new Dodger(P({ influenceMap: false }));
    const r = d.decide(world(192, 400, [[50, 50, 0, 1, 3, 99]]));
    expect(r.move).toBe(0);
    expect(r.value).toBe(0);
    expect(r.survived).toBe(5);
  });

  it('a bullet about to hit makes the ship leave (hit nodes are unreachable)', () => {
    // Falls 4 units a frame straight onto the ship: staying is hit within 5 frames.
    const w = world(192, 400, [[192, 390, 0, 4, 4, 99]]); // staying is hit on frame 1
    for (const params of [P({ influenceMap: false }), P()]) {
      const d = new Dodger(params);
      const r = d.decide(w);
      expect(r.survived).toBe(5);
      expect(r.move).not.toBe(0);
      expect(r.rootL[0]).toBe(0);
    }
  });

  it('the influence map keeps the ship away from a bullet it would not hit yet', () => {
    // A slow bullet above: no hit within 5 frames, but the triangle covers the ship.
    const w = world(192, 400, [[192, 340, 0, 1, 4, 99]]);
    expect(new Dodger(P({ influenceMap: false })).decide(w).move).toBe(0);
    const r = new Dodger(P()).decide(w);
    expect(r.move).not.toBe(0);
    expect(r.value).toBeLessThan(0);
  });

  it('reaction delay: objects younger than the delay are invisible', () => {
    const young = world(192, 400, [[192, 384, 0, 4, 4, 10]]);
    const seen = new Dodger(P({ reactionFrames: 10 })).decide(young);
    expect(seen.move).not.toBe(0); // age 10 ≥ 10: visible
    const d = new Dodger(P({ reactionFrames: 11, influenceMap: false }));
    const blind = d.decide(young);
    expect(blind.move).toBe(0); // age 10 < 11: the search does not know it is there
    expect(d.problem.world.count).toBe(0);
  });

  it('multi-frame moves: one step holds its direction for F frames', () => {
    const d = new Dodger(P({ framesPerStep: 5 }));
    d.decide(world(192, 400, [[192, 330, 0, 2, 4, 99]]));
    const plan = d.plan;
    expect(plan.count).toBe(5);
    let x = plan.startX;
    let y = plan.startY;
    for (let k = 0; k < plan.count; k++) {
      const b = MOVE_BITS[plan.moves[k]!]!;
      const dx = (b & Input.RIGHT ? 1 : 0) - (b & Input.LEFT ? 1 : 0);
      const dy = (b & Input.DOWN ? 1 : 0) - (b & Input.UP ? 1 : 0);
      const step = dx !== 0 && dy !== 0 ? 4 * Math.SQRT1_2 : 4;
      x = Math.min(376, Math.max(8, x + 5 * dx * step));
      y = Math.min(440, Math.max(8, y + 5 * dy * step));
      expect(plan.x[k]).toBeCloseTo(x, 1);
      expect(plan.y[k]).toBeCloseTo(y, 1);
    }
  });

  it('a bullet crossing between node frames still hits a held move', () => {
    // Horizontal bullet crosses x = 192 at frame 2; F = 5 means no node at frame 2, yet staying is hit.
    const w = world(192, 400, [[184, 400, 4, 0, 3, 99]]);
    const d = new Dodger(P({ framesPerStep: 5, influenceMap: false }));
    const r = d.decide(w);
    expect(r.rootL[0]).toBe(0);
    expect(r.survived).toBe(5);
  });

  it('nearly-hit frames are counted and cost 50 each', () => {
    // One bullet passing 8 units beside the ship for a few frames (Rhit = 5.5, 2·Rhit = 11).
    const w = world(192, 400, [[200, 380, 0, 1, 3, 99]]);
    const d = new Dodger(P({ depth: 1 }));
    const E = d.problem;
    d.decide(w);
    const n = E.contacts(0, E.startX, E.startY, 0, null, 0);
    expect(n).toBe(0);
    const w2 = world(192, 400, [[200, 399, 0, 1, 3, 99]]);
    d.decide(w2);
    expect(E.contacts(0, E.startX, E.startY, 0, null, 0)).toBe(1);
    expect(d.decision.rootV[0]).toBeLessThanOrEqual(-50);
  });

  it('switch penalty keeps the held direction when the alternatives are about as good', () => {
    // Going right (3) and going on left (7, held) are equally good: without the penalty the earlier
    // move wins the tie; with it, switching to 3 costs 40 on its first node and 7 is kept.
    const w = world(192, 400, [[192, 300, 0, 1.5, 4, 99]]);
    const free = new Dodger(P({ framesPerStep: 5 })).decide(w, 7);
    const calm = new Dodger(P({ framesPerStep: 5, switchPenalty: 40 })).decide(w, 7);
    expect(free.move).toBe(3);
    expect(free.rootV[7]).toBe(free.value);
    expect(calm.move).toBe(7);
    expect(calm.rootV[7]).toBe(free.rootV[7]);
    expect(calm.rootV[3]).toBeLessThan(free.rootV[3]!);
  });

  it('with focus, focused moves are candidates and carry the FOCUS bit', () => {
    const d = new Dodger(P({ focus: true, depth: 2 }));
    expect(d.problem.moves.count).toBe(17);
    expect(d.problem.moves.bits[9]! & Input.FOCUS).toBe(Input.FOCUS);
    const r = d.decide(world(192, 400, [[192, 380, 0, 2, 3, 99]]));
    expect(r.survived).toBe(2);
  });

  it('when every path is hit it keeps the longest survival', () => {
    const obs: [number, number, number, number, number, number][] = [];
    for (let a = 0; a < 16; a++)
      obs.push([
        192 + 40 * Math.cos((a * Math.PI) / 8),
        400 + 40 * Math.sin((a * Math.PI) / 8),
        -10 * Math.cos((a * Math.PI) / 8),
        -10 * Math.sin((a * Math.PI) / 8),
        8,
        99,
      ]);
    const w = world(192, 400, obs);
    const d = new Dodger(P());
    const r = d.decide(w);
    const ex = d.decideExhaustive(w);
    expect(r.survived).toBeLessThan(5);
    expect(ex.survived).toBe(r.survived);
    expect(ex.value).toBe(r.value);
  });
});

describe('fast search = exhaustive reference', () => {
  // Every decision: the fast search's (survived, value) is the reference's, its move is one of the
  // reference's best, and every first move gets the reference's (survived, value) for it.
  function same(f: DodgeDecision, ex: DodgeDecision, moves: number): boolean {
    if (f.value !== ex.value || f.survived !== ex.survived) return false;
    if (ex.rootL[f.move] !== ex.survived || ex.rootV[f.move] !== ex.value) return false;
    for (let a = 0; a < moves; a++) if (f.rootL[a] !== ex.rootL[a] || f.rootV[a] !== ex.rootV[a]) return false;
    return true;
  }

  function check(d: Dodger, ex: DodgeDecision, w: DodgeWorld, prev: number): boolean {
    const f = d.decide(w, prev);
    const fast = new DodgeDecision(d.problem.moves.count);
    fast.move = f.move;
    fast.value = f.value;
    fast.survived = f.survived;
    fast.rootL.set(f.rootL);
    fast.rootV.set(f.rootV);
    d.decideExhaustive(w, prev, ex);
    return same(fast, ex, d.problem.moves.count);
  }

  // [name, params, situations, bullets (min, spread), within this radius of the ship (0: anywhere)]
  const configs: [string, Partial<DodgeParams>, number, [number, number], number][] = [
    ['I-Map depth 3', { depth: 3 }, 400, [5, 40], 60],
    ['Base depth 3', { depth: 3, influenceMap: false }, 150, [5, 40], 60],
    ['multi-frame depth 3, F=4', { depth: 3, framesPerStep: 4 }, 250, [5, 40], 60],
    ['switch penalty depth 3, F=3', { depth: 3, framesPerStep: 3, switchPenalty: 25 }, 150, [5, 40], 60],
    ['focus + lure depth 2, F=2', { depth: 2, framesPerStep: 2, focus: true, lure: 20 }, 100, [5, 40], 60],
    ['I-Map depth 5', { depth: 5 }, 12, [5, 40], 60],
    // The paper's players at their own depth, in sparse and in dense fields.
    ['I-Map depth 5, 100–200 bullets', { depth: 5 }, 12, [100, 100], 0],
    ['I-Map + multi-frame depth 5, F=5', { depth: 5, framesPerStep: 5 }, 30, [5, 40], 100],
    ['I-Map + multi-frame depth 5, F=5, 100–200 bullets', { depth: 5, framesPerStep: 5 }, 14, [100, 100], 0],
    ['I-Map + multi-frame depth 5, F=5, 400–600 bullets', { depth: 5, framesPerStep: 5 }, 8, [400, 200], 0],
    ['switch penalty + lure depth 4, F=5, 100–200 bullets', { depth: 4, framesPerStep: 5, switchPenalty: 15, lure: 10 }, 12, [100, 100], 0],
  ];
  for (const [name, over, count, [b0, bn], radius] of configs) {
    it(`${name}: equal decision values on ${count} seeded situations`, () => {
      const rand = seedrandom(`dodge-equal:${name}`);
      const d = new Dodger(P(over), b0 + bn);
      const ex = new DodgeDecision(d.problem.moves.count);
      const w = new DodgeWorld(b0 + bn);
      let disagreements = 0;
      for (let s = 0; s < count; s++) {
        const bullets = b0 + Math.floor(rand() * bn);
        const r = radius > 0 ? radius * (0.6 + rand() * 0.6) : undefined;
        randomWorld(rand, { bullets, radius: r, maxAge: 60 }, w);
        w.goalX = rand() * 384;
        w.goalY = rand() * 448;
        const prev = Math.floor(rand() * (d.problem.moves.count + 1)) - 1;
        if (!check(d, ex, w, prev)) disagreements++;
      }
      expect(disagreements).toBe(0);
    });
  }

  // The fast search uses a fixed lattice template away from the edges and hashes positions near
  // them (moves clamped) or in mazes (wall sliding): both must match the reference.
  it('near the field edges (clamped moves) and in mazes (walls, pull): equal decision values', () => {
    const rand = seedrandom('dodge-equal:edges-walls');
    let disagreements = 0;
    let n = 0;
    for (const [over, maze, count, bullets] of [
      [{ depth: 4 }, false, 60, 40],
      [{ depth: 3, framesPerStep: 3, switchPenalty: 25 }, false, 40, 40],
      [{ depth: 3 }, true, 40, 40],
      [{ depth: 3, framesPerStep: 2 }, true, 40, 40],
      [{ depth: 5, framesPerStep: 5 }, false, 12, 150],
      [{ depth: 4, framesPerStep: 5 }, true, 12, 40],
    ] as [Partial<DodgeParams>, boolean, number, number][]) {
      const d = new Dodger(P(over), 256);
      const ex = new DodgeDecision(d.problem.moves.count);
      const w = new DodgeWorld(256);
      for (let s = 0; s < count; s++) {
        const dense = bullets > 40;
        randomWorld(rand, { bullets: 5 + Math.floor(rand() * bullets), radius: dense ? undefined : 60 + rand() * 60, maxAge: 60 }, w);
        w.walls = null;
        w.pull = 0;
        w.pathW = Number.NaN;
        w.goalField = null;
        if (maze) {
          // Open cells around the ship, 15 % walls elsewhere; pulled toward a goal (geodesic half the time).
          mazeAround(rand, w);
        } else {
          // Within 20 units of a side or a corner.
          if (rand() < 0.7) w.shipX = rand() < 0.5 ? 8 + rand() * 20 : 376 - rand() * 20;
          if (rand() < 0.7) w.shipY = rand() < 0.5 ? 8 + rand() * 20 : 440 - rand() * 20;
        }
        w.goalX = rand() * 384;
        w.goalY = rand() * 448;
        const prev = Math.floor(rand() * (d.problem.moves.count + 1)) - 1;
        if (!check(d, ex, w, prev)) disagreements++;
        n++;
      }
    }
    expect(n).toBe(204);
    expect(disagreements).toBe(0);
  });
});
