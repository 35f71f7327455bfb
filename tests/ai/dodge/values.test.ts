import { describe, expect, it } from 'vitest';
import { nodeValue, pathValue, pathWeights } from '../../../src/ai/dodge/index';

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
  it('weights node k by w^(T−k): the last node counts fully', () => {
    const w = 0.003;
    expect(Array.from(pathWeights(3, w))).toEqual([w * w, w, 1]);
    expect(pathValue([-10, -20, -30], w)).toBeCloseTo(-30 + w * -20 + w * w * -10, 15);
  });

  it('a safe end beats a safe start (escape through danger into safety)', () => {
    const throughDanger = pathValue([-300, -300, -300, -300, 0], 0.003);
    const intoDanger = pathValue([0, 0, 0, 0, -1], 0.003);
    expect(throughDanger).toBeGreaterThan(intoDanger);
  });

  it('earlier nodes only break ties', () => {
    expect(pathValue([-1, -5], 0.003)).toBeGreaterThan(pathValue([-2, -5], 0.003));
  });
});
