import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { cloneState, createMatch, hashState, MatchRunner, step } from '../../src/sim';

function play(seed: number, frames: number, p1 = 'random:11', p2 = 'scripted') {
  const s = createMatch({ seed, difficulty: 'hard', lives: 99 });
  const r = new MatchRunner(s, [createController(p1), createController(p2)]);
  r.runUntil(frames);
  return { s, r };
}

describe('determinism', () => {
  it('same seed and inputs give the same hash, frame after frame', () => {
    const a = play(42, 3000);
    const b = play(42, 3000);
    expect(a.r.checksums.length).toBe(50);
    expect(a.r.checksums).toEqual(b.r.checksums);
    expect(hashState(a.s)).toBe(hashState(b.s));
    expect(a.s.sides[0]!.kills + a.s.sides[1]!.kills).toBeGreaterThan(20); // a real match happened
  });

  it('a different seed or different inputs give a different game', () => {
    expect(hashState(play(42, 600).s)).not.toBe(hashState(play(43, 600).s));
    expect(hashState(play(42, 600).s)).not.toBe(hashState(play(42, 600, 'random:12').s));
  });

  it('recorded inputs replayed into a fresh match reproduce it exactly', () => {
    const a = play(7, 2000);
    const s = createMatch({ seed: 7, difficulty: 'hard', lives: 99 });
    const in0 = a.r.inputs(0);
    const in1 = a.r.inputs(1);
    for (let f = 0; f < in0.length; f++) step(s, in0[f]!, in1[f]!);
    expect(hashState(s)).toBe(hashState(a.s));
  });

  it('a cloned state continues exactly like the original and shares nothing with it', () => {
    const a = play(9, 900);
    const copy = cloneState(a.s);
    expect(hashState(copy)).toBe(hashState(a.s));
    for (let i = 0; i < 300; i++) {
      step(a.s, 17, 24);
      step(copy, 17, 24);
    }
    expect(hashState(copy)).toBe(hashState(a.s));
    step(copy, 1, 0);
    expect(hashState(copy)).not.toBe(hashState(a.s));
  });

  it('the hash covers the random streams and the pools', () => {
    const s = createMatch({ seed: 5 });
    const h0 = hashState(s);
    s.sides[1]!.rng.next();
    expect(hashState(s)).not.toBe(h0);
    const t = createMatch({ seed: 5 });
    t.sides[0]!.bullets.add(1, 2, 3, 4, 5, 0, 0, 0, -1);
    expect(hashState(t)).not.toBe(h0);
  });
});
