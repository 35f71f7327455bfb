import { describe, expect, it } from 'vitest';
import { BULLET_COLORS } from '../../src/art/palette';
import { contourMask, heatRgba, hexRgb, saturation, waveLevel, waveRgba } from '../../src/views/overlay-scales';

const dist = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);

describe('F3 danger scale', () => {
  const samples = Array.from({ length: 21 }, (_, k) => heatRgba(k / 20));

  it('is transparent at no danger and grows more opaque and lighter with danger', () => {
    expect(samples[0]![3]).toBe(0);
    for (let k = 1; k < samples.length; k++) {
      expect(samples[k]![3]).toBeGreaterThan(samples[k - 1]![3]);
      expect(samples[k]![0] + samples[k]![1] + samples[k]![2]).toBeGreaterThan(
        samples[k - 1]![0] + samples[k - 1]![1] + samples[k - 1]![2],
      );
    }
    expect(heatRgba(2)).toEqual(heatRgba(1));
    expect(heatRgba(-1)).toEqual(heatRgba(0));
  });

  it('uses no colour a bullet uses: far from every bullet colour and less saturated than any coloured bullet', () => {
    const bullets = BULLET_COLORS.map(hexRgb);
    const coloured = bullets.filter((c) => saturation(c) > 0.2);
    const minColouredSat = Math.min(...coloured.map(saturation));
    for (const c of samples.slice(1)) {
      for (const b of bullets) expect(dist(c, b)).toBeGreaterThan(95);
      expect(saturation(c)).toBeLessThan(minColouredSat - 0.2);
    }
  });
});

describe('F2 wave scale', () => {
  it('maps values to signed decades', () => {
    expect(waveLevel(0)).toBe(0);
    expect(waveLevel(5e-6)).toBe(0);
    expect(waveLevel(2e-5)).toBe(1);
    expect(waveLevel(-2e-5)).toBe(-1);
    expect(waveLevel(0.5)).toBe(5);
    expect(waveLevel(-3)).toBe(-5);
    expect(waveLevel(Number.NaN)).toBe(0);
    expect(waveLevel(0.002)).toBe(3);
  });

  it('is red above zero, blue below, stronger with the decade', () => {
    const [r, , b] = waveRgba(4);
    expect(r).toBeGreaterThan(b);
    const [r2, , b2] = waveRgba(-4);
    expect(b2).toBeGreaterThan(r2);
    expect(waveRgba(5)[3]).toBeGreaterThan(waveRgba(1)[3]);
    expect(waveRgba(0)[3]).toBe(0);
  });

  it("draws a wave's front where it has reached next to where it has not, nothing inside", () => {
    const w = 8,
      h = 3;
    const lv = new Int8Array(w * h);
    for (let y = 0; y < h; y++) lv.set([0, 0, 2, -2, 5, -4, -4, 0], y * w);
    const m = contourMask(lv, w, h);
    for (let y = 0; y < h; y++) expect(Array.from(m.slice(y * w, y * w + w))).toEqual([0, 0, 1, 0, 0, 0, 1, 0]);
    expect(contourMask(new Int8Array(w * h), w, h).some((v) => v !== 0)).toBe(false);
    // Fully reached: no front at all; and masks of several waves add up.
    const full = new Int8Array(w * h).fill(3);
    expect(contourMask(full, w, h).some((v) => v !== 0)).toBe(false);
    const both = contourMask(full, w, h, contourMask(lv, w, h));
    expect(both).toEqual(m);
  });
});
