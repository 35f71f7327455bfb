import { describe, expect, it } from 'vitest';
import { WaveField, WaveFieldError } from '../../../src/world/wave/field';
import type { TileGrid } from '../../../src/geom/grid';

const open = (w: number, h: number, wallsAt: [number, number][] = []): TileGrid => {
  const walls = new Uint8Array(w * h);
  for (const [x, y] of wallsAt) walls[y * w + x] = 1;
  return { width: w, height: h, walls };
};

describe('WaveField update (eqs. 13–15)', () => {
  it('matches hand-computed values on a 3×3 grid', () => {
    const f = new WaveField(open(3, 3), { delta: 0.25, waves: 1, lifetime: 100, resolution: 1, schedule: 'manual' });
    f.emit(0, 1, 1);
    expect(f.gridValue(0, 1, 1)).toBe(1);
    f.step();
    // centre, k = 4: δ·0 + (2 − 4δ)·1 − 0
    expect(f.gridValue(0, 1, 1)).toBeCloseTo(1, 12);
    // edge, k = 3: δ·1 + (2 − 3δ)·0 − 0
    expect(f.gridValue(0, 1, 0)).toBeCloseTo(0.25, 12);
    expect(f.gridValue(0, 0, 0)).toBe(0);
    f.step();
    expect(f.gridValue(0, 1, 1)).toBeCloseTo(0.25 * 1 + 1 * 1 - 1, 12); // δ·(4·0.25) + 1·1 − 1
    expect(f.gridValue(0, 1, 0)).toBeCloseTo(0.25 * 1 + 1.25 * 0.25, 12); // δ·(1+0+0) + (2−3δ)·0.25
    expect(f.gridValue(0, 0, 0)).toBeCloseTo(0.25 * 0.5, 12); // corner, k = 2: δ·(0.25+0.25) + (2−2δ)·0
  });

  it('holds wall cells at 0 and counts them as neighbours (reflection)', () => {
    const f = new WaveField(open(3, 3, [[2, 1]]), { delta: 0.25, waves: 1, lifetime: 100, resolution: 1, schedule: 'manual' });
    f.emit(0, 1, 1);
    f.step();
    f.step();
    expect(f.gridValue(0, 2, 1)).toBe(0);
    // centre keeps k = 4 (the wall is in the grid, value 0): δ·(3·0.25 + 0) + 1·1 − 1
    expect(f.gridValue(0, 1, 1)).toBeCloseTo(0.1875, 12);
    for (let i = 0; i < 50; i++) f.step();
    expect(f.gridValue(0, 2, 1)).toBe(0);
  });

  it('refuses delta > 0.5 as unstable', () => {
    expect(() => new WaveField(open(3, 3), { delta: 0.51 })).toThrow(WaveFieldError);
    expect(() => new WaveField(open(3, 3), { delta: 0.6 })).toThrow(/unstable/);
    expect(() => new WaveField(open(3, 3), { delta: 0.5 })).not.toThrow();
    expect(() => new WaveField(open(3, 3), { delta: 0 })).toThrow(WaveFieldError);
  });

  it('stays bounded inside walls up to delta 0.5 over a long run', () => {
    const ring: [number, number][] = [];
    for (let i = 0; i < 12; i++) ring.push([i, 0], [i, 11], [0, i], [11, i]);
    for (const delta of [0.25, 0.45, 0.5]) {
      const f = new WaveField(open(12, 12, ring), { delta, waves: 1, lifetime: 100000, resolution: 1, schedule: 'manual' });
      f.emit(0, 5, 5);
      for (let i = 0; i < 3000; i++) f.step();
      for (let y = 0; y < 12; y++) for (let x = 0; x < 12; x++) expect(Math.abs(f.gridValue(0, x, y))).toBeLessThan(3);
    }
  });

  it('conserves the mean at open grid borders (eqs. 14–15 are a zero-flux border)', () => {
    // With (2 − kδ) the border acts as if the missing neighbour equalled the cell: the sum of z over
    // an open grid changes by the same amount every step (an impulse of velocity adds a constant rate).
    const f = new WaveField(open(6, 6), { delta: 0.25, waves: 1, lifetime: 100000, resolution: 1, schedule: 'manual' });
    f.emit(0, 2, 3);
    const sums: number[] = [];
    for (let i = 0; i < 5; i++) {
      let s = 0;
      for (let y = 0; y < 6; y++) for (let x = 0; x < 6; x++) s += f.gridValue(0, x, y);
      sums.push(s);
      f.step();
    }
    for (let i = 0; i < 5; i++) expect(sums[i]).toBeCloseTo(i + 1, 9);
  });

  it('interpolates value and gradient bilinearly (eqs. 16–20)', () => {
    const f = new WaveField(open(3, 3), { delta: 0.25, waves: 1, lifetime: 100, resolution: 1, schedule: 'manual' });
    f.emit(0, 1, 1);
    f.step(); // centre 1, edges 0.25, corners 0
    const s = { z: 0, gx: 0, gy: 0 };
    f.sample(0, 1.5, 1.5, s); // exactly on the centre grid point
    expect(s.z).toBeCloseTo(1, 12);
    expect(s.gx).toBeCloseTo(0, 12);
    f.sample(0, 1.0, 1.5, s); // halfway between grid points (0,1) and (1,1)
    expect(s.z).toBeCloseTo(0.5 * 0.25 + 0.5 * 1, 12);
    // ∂x at (0,1) = (1 − 0)/2, at (1,1) = (0.25 − 0.25)/2 → average 0.25; ∂y is 0 on that row.
    expect(s.gx).toBeCloseTo(0.25, 12);
    expect(s.gy).toBeCloseTo(0, 12);
    f.sample(0, 1.25, 1.0, s); // u = 0.75 between columns 0,1; v = 0.5 between rows 0,1
    const z = 0.25 * 0.5 * 0 + 0.75 * 0.5 * 0.25 + 0.25 * 0.5 * 0.25 + 0.75 * 0.5 * 1;
    expect(s.z).toBeCloseTo(z, 12);
    expect(f.value(0, 1.25, 1.0)).toBeCloseTo(z, 12);
  });

  it('scales coordinates and gradients with the resolution', () => {
    const f = new WaveField(open(4, 4), { waves: 1, lifetime: 100, resolution: 2, schedule: 'manual' });
    expect([f.width, f.height]).toEqual([8, 8]);
    f.emitAt(0, 2.2, 2.2); // cell units → grid point (4, 4)
    expect(f.emittedFrom[0]).toBe(4 * 8 + 4);
    const s = { z: 0, gx: 0, gy: 0 };
    f.sample(0, 2.25, 2.25, s);
    expect(s.z).toBe(1);
  });

  it('emits n waves T/n steps apart and re-emits each every T steps', () => {
    const f = new WaveField(open(5, 5), { waves: 3, lifetime: 300, resolution: 1 });
    f.setTarget(2.5, 2.5);
    const starts: number[][] = [[], [], []];
    const gen = [0, 0, 0];
    for (let t = 1; t <= 700; t++) {
      f.step();
      for (let w = 0; w < 3; w++)
        if (f.generation[w] !== gen[w]) {
          gen[w] = f.generation[w]!;
          starts[w]!.push(t);
        }
    }
    expect(starts).toEqual([
      [1, 301, 601],
      [101, 401],
      [201, 501],
    ]);
  });

  it('keeps the waves independent (one wave does not change another)', () => {
    const g = open(9, 9);
    const a = new WaveField(g, { waves: 2, lifetime: 1000, resolution: 1, schedule: 'manual' });
    const b = new WaveField(g, { waves: 1, lifetime: 1000, resolution: 1, schedule: 'manual' });
    a.emit(0, 4, 4);
    a.emit(1, 1, 1);
    b.emit(0, 4, 4);
    for (let i = 0; i < 30; i++) {
      a.step();
      b.step();
    }
    for (let y = 0; y < 9; y++) for (let x = 0; x < 9; x++) expect(a.gridValue(0, x, y)).toBe(b.gridValue(0, x, y));
  });

  it('is deterministic', () => {
    const run = (): number => {
      const f = new WaveField(
        open(20, 20, [
          [5, 5],
          [5, 6],
          [6, 5],
        ]),
        { resolution: 2 },
      );
      f.setTarget(10.5, 10.5);
      for (let i = 0; i < 250; i++) f.step();
      return f.value(0, 3.3, 4.4) + f.value(1, 12.1, 2.2);
    };
    expect(run()).toBe(run());
  });
});
