import { describe, expect, it } from 'vitest';
import { CTR2, dangerCircle, dangerOf, dangerTriangle, edgeDanger, EDGE_DANGER } from '../../../src/cpu/dodge/index';

describe('danger of one object (paper A.2)', () => {
  it('Ctr2 is tan 20°', () => {
    // Known value tan 20° = 0.36397023426620234, checked two ways that do not use the constant:
    expect(Math.tan((20 * Math.PI) / 180)).toBeCloseTo(0.36397023426620234, 15);
    // the triple-angle identity tan 60° = (3t − t³)/(1 − 3t²) = √3 for t = tan 20°,
    const t = CTR2;
    expect((3 * t - t * t * t) / (1 - 3 * t * t)).toBeCloseTo(Math.sqrt(3), 12);
    // and the triangle's edge: a point 19.9° off the axis is inside, 20.1° outside.
    const at = (deg: number) => dangerTriangle(60 * Math.sin((deg * Math.PI) / 180), 60 * Math.cos((deg * Math.PI) / 180), 0, 2);
    expect(at(19.9)).toBeGreaterThan(0);
    expect(at(20.1)).toBe(0);
  });

  it('Dci: Imax at the centre, falls with squared distance, 0 at Cci·Rhit (hand-computed)', () => {
    // Rhit = 5 → support radius 15. Distance 9: 50·(1 − 81/225) = 32; distance 5 (3-4-5): 50·(1 − 25/225) = 44.44…
    expect(dangerCircle(0, 0, 5)).toBe(50);
    expect(dangerCircle(9, 0, 5)).toBeCloseTo(32, 12);
    expect(dangerCircle(0, -9, 5)).toBeCloseTo(32, 12);
    expect(dangerCircle(3, 4, 5)).toBeCloseTo(44.444444444444, 10);
    // Rhit = 6.5 (bullet 4 + ship 2.5), distance 13: 50·(1 − 169/380.25) = 27.777…
    expect(dangerCircle(-12, 5, 6.5)).toBeCloseTo(27.777777777778, 10);
    expect(dangerCircle(15, 0, 5)).toBe(0);
    expect(dangerCircle(20, 0, 5)).toBe(0);
  });

  it('Dtr: m in frames of travel, s across; 0 behind, beyond Ctr1 and outside 20° (hand-computed)', () => {
    // v = (0, 2): 60 units ahead is m = 30 frames, s = 0 → 50·(1 − 30/90) = 33.333…
    expect(dangerTriangle(0, 60, 0, 2)).toBeCloseTo(33.333333333333, 10);
    // 10 units across at m = 30: s = 5 → 33.333·(1 − 5/(30·0.36397)) = 33.333·0.542088 = 18.06960
    expect(dangerTriangle(10, 60, 0, 2)).toBeCloseTo(18.0696, 4);
    expect(dangerTriangle(-10, 60, 0, 2)).toBeCloseTo(18.0696, 4);
    // v = (3, 4), |v|² = 25: (30, 40) is m = 10, s = 0 → 50·(1 − 10/90) = 44.444…;
    // (26, 43) is m = (78 + 172)/25 = 10, s = (3·43 − 4·26)/25 = 1 → 44.444·(1 − 1/3.6397) = 32.2334
    expect(dangerTriangle(30, 40, 3, 4)).toBeCloseTo(44.444444444444, 10);
    expect(dangerTriangle(26, 43, 3, 4)).toBeCloseTo(32.2334, 4);
    expect(dangerTriangle(0, -10, 0, 2)).toBe(0); // behind
    expect(dangerTriangle(0, 180, 0, 2)).toBe(0); // m = 90
    expect(dangerTriangle(30, 60, 0, 2)).toBe(0); // 26.6° off axis
    expect(dangerTriangle(0, 10, 0, 0)).toBe(0); // not moving
  });

  it('the triangle is the same along any direction of travel', () => {
    const a = dangerTriangle(0, 60, 0, 2);
    const b = dangerTriangle(60 / Math.SQRT2, 60 / Math.SQRT2, 2 / Math.SQRT2, 2 / Math.SQRT2);
    expect(b).toBeCloseTo(a, 10);
  });

  it('danger = max(Dci, Dtr)', () => {
    // 6 ahead of v = (0, 2), Rhit 5: Dci = 50·(1 − 36/225) = 42, Dtr = 50·(1 − 3/90) = 48.333… → 48.333…
    expect(dangerOf(0, 6, 0, 2, 5)).toBeCloseTo(48.333333333333, 10);
    // 6 behind: Dtr = 0, Dci = 42.
    expect(dangerOf(0, -6, 0, 2, 5)).toBeCloseTo(42, 12);
  });

  it('edge danger: top, left and right bands, not the bottom', () => {
    expect(edgeDanger(192, 10, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(10, 300, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(380, 300, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(192, 440, 384)).toBe(0);
    expect(edgeDanger(192, 200, 384)).toBe(0);
  });
});
