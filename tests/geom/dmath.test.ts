import { describe, expect, it } from 'vitest';
import { datan2, dcos, dpowi, dsin } from '../../src/geom/dmath';

describe('deterministic trig', () => {
  it('matches Math.sin/cos closely over a wide range', () => {
    for (let k = -2000; k <= 2000; k++) {
      const x = k * 0.0137;
      expect(Math.abs(dsin(x) - Math.sin(x))).toBeLessThan(1e-10);
      expect(Math.abs(dcos(x) - Math.cos(x))).toBeLessThan(1e-10);
    }
  });
  it('matches Math.atan2 in every quadrant and on the axes', () => {
    for (let i = -20; i <= 20; i++)
      for (let j = -20; j <= 20; j++) expect(Math.abs(datan2(i * 0.7, j * 1.3) - Math.atan2(i * 0.7, j * 1.3))).toBeLessThan(1e-12);
    expect(datan2(0, -1)).toBeCloseTo(Math.PI, 14);
    expect(datan2(1, 0)).toBeCloseTo(Math.PI / 2, 14);
  });
  it('integer powers by squaring', () => {
    expect(dpowi(0.003, 0)).toBe(1);
    expect(dpowi(2, 10)).toBe(1024);
    expect(dpowi(0.003, 4)).toBeCloseTo(8.1e-11, 20);
  });
});
