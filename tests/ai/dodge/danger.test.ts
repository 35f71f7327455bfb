import { describe, expect, it } from 'vitest';
import { CTR2, dangerCircle, dangerOf, dangerTriangle, edgeDanger, EDGE_DANGER } from '../../../src/ai/dodge/index';

describe('danger of one object (paper A.2)', () => {
  it('uses the paper constants', () => {
    expect(CTR2).toBeCloseTo(0.36397023426620234, 15); // tan 20°
  });

  it('Dci: Imax at the centre, falls with squared distance, 0 at Cci·Rhit', () => {
    // Rhit = 5 → support radius 15; at distance 9: 50·(1 − 81/225) = 32.
    expect(dangerCircle(0, 0, 5)).toBe(50);
    expect(dangerCircle(9, 0, 5)).toBeCloseTo(32, 12);
    expect(dangerCircle(0, -9, 5)).toBeCloseTo(32, 12);
    expect(dangerCircle(15, 0, 5)).toBe(0);
    expect(dangerCircle(20, 0, 5)).toBe(0);
  });

  it('Dtr: m in frames of travel, s across; 0 behind, beyond Ctr1 and outside 20°', () => {
    // v = (0, 2): a point 60 units ahead is m = 30 frames; on the axis s = 0 → 50·(1 − 30/90) = 33.33…
    expect(dangerTriangle(0, 60, 0, 2)).toBeCloseTo(50 * (1 - 30 / 90), 12);
    // 10 units across at m = 30: s = 5 (in |v| units); 1 − 5/(30·tan20°) = 0.54210…
    const lat = 1 - 5 / (30 * 0.36397023426620234);
    expect(dangerTriangle(10, 60, 0, 2)).toBeCloseTo(50 * (2 / 3) * lat, 12);
    expect(dangerTriangle(-10, 60, 0, 2)).toBeCloseTo(50 * (2 / 3) * lat, 12);
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
    expect(dangerOf(0, 6, 0, 2, 5)).toBeCloseTo(Math.max(dangerCircle(0, 6, 5), dangerTriangle(0, 6, 0, 2)), 12);
    expect(dangerOf(0, 60, 0, 2, 5)).toBeCloseTo(dangerTriangle(0, 60, 0, 2), 12);
  });

  it('edge danger: top, left and right bands, not the bottom', () => {
    expect(edgeDanger(192, 10, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(10, 300, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(380, 300, 384)).toBe(EDGE_DANGER);
    expect(edgeDanger(192, 440, 384)).toBe(0);
    expect(edgeDanger(192, 200, 384)).toBe(0);
  });
});
