import { describe, expect, it } from 'vitest';
import { getReferencePlayer, type ReferencePlayer } from '../../../src/controllers/reference';
import { attend, perceive, Percept, speedError } from '../../../src/controllers/reference/perception';
import { createMatch, step } from '../../../src/sim';

const ref = (o: Partial<ReferencePlayer> = {}): ReferencePlayer => ({ ...getReferencePlayer('casual'), ...o });

/** A quiet practice field at `frame` (no stage waves yet) with one bullet fired at `spawn`. */
function fieldWithBullet(spawn: number, frame: number) {
  const s = createMatch({ seed: 1, mode: 'practice' });
  while (s.frame < spawn) step(s, 0, 0);
  s.sides[0]!.bullets.add(100, 50, 1.5, 2, 4, s.frame, 0, 0, -1);
  const start = { x: 100, y: 50 };
  while (s.frame < frame) step(s, 0, 0);
  return { s, start };
}

describe('reference perception', () => {
  it('never sees a bullet before its delay: younger than delayFrames it is absent', () => {
    const p = ref({ delayFrames: 14 });
    const seen = new Percept();
    for (let age = 1; age <= 14; age++) {
      const { s } = fieldWithBullet(20, 20 + age);
      perceive(s, 0, p, 192, 400, 0, seen);
      expect(seen.count, `age ${age}`).toBe(0);
    }
    const { s } = fieldWithBullet(20, 35);
    perceive(s, 0, p, 192, 400, 0, seen);
    expect(seen.count).toBe(1);
  });

  it('with no lag compensation it sees where the bullet was delayFrames ago, exactly', () => {
    const d = 12;
    const p = ref({ delayFrames: d, lagCompensation: 0, speedNoise: 0 });
    const seen = new Percept();
    // Frame 20 + d + 5: the bullet has moved d + 5 steps since it appeared (moved on its spawn step).
    const { s } = fieldWithBullet(20, 20 + d + 5);
    perceive(s, 0, p, 192, 400, 0, seen);
    const b = s.sides[0]!.bullets;
    expect(seen.x[0]).toBeCloseTo(b.x[0]! - 1.5 * d, 9);
    expect(seen.y[0]).toBeCloseTo(b.y[0]! - 2 * d, 9);
  });

  it('full lag compensation without speed error sees it where it is now; errors scale with the delay', () => {
    const d = 15;
    const seen = new Percept();
    const { s } = fieldWithBullet(20, 50);
    const b = s.sides[0]!.bullets;
    perceive(s, 0, ref({ delayFrames: d, lagCompensation: 1, speedNoise: 0 }), 192, 400, 0, seen);
    expect(seen.x[0]).toBeCloseTo(b.x[0]!, 9);
    perceive(s, 0, ref({ delayFrames: d, lagCompensation: 0.5, speedNoise: 0 }), 192, 400, 0, seen);
    expect(b.x[0]! - seen.x[0]!).toBeCloseTo(1.5 * d * 0.5, 9);
  });

  it("a bullet's speed is misjudged by the same factor every frame; spread ≈ the Weber fraction", () => {
    expect(speedError(30, 1.5, 2, 7)).toBe(speedError(30, 1.5, 2, 7));
    const xs = Array.from({ length: 4000 }, (_, i) => speedError(i, (i % 13) * 0.3, 2, 99));
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / xs.length);
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(sd).toBeGreaterThan(0.9);
    expect(sd).toBeLessThan(1.1);
    expect(Math.max(...xs.map(Math.abs))).toBeLessThanOrEqual(3);
  });

  it('tracks only the `attention` threats whose closest approach is nearest', () => {
    const seen = new Percept();
    // Ship at (0,0); threats at distance 10..60, one far but heading straight in.
    for (const dx of [60, 10, 40, 30, 20]) seen.push(dx, 0, 0, 0, 0);
    seen.push(0, -200, 0, 10, 0); // reaches the ship within 20 frames
    attend(seen, 0, 0, 3, 30);
    const tracked = Array.from(seen.order.subarray(0, seen.tracked));
    expect(tracked).toEqual([5, 1, 4]);
    expect(Array.from(seen.near.subarray(0, 3))).toEqual([0, 10, 20]);
  });
});
