import { describe, expect, it } from 'vitest';
import { LeeField, LeeTracker, leeDirection, snap8 } from '../../src/world/lee';
import type { TileGrid } from '../../src/geom/grid';

const open = (w: number, h: number): TileGrid => ({ width: w, height: h, walls: new Uint8Array(w * h) });

describe("Lee's algorithm", () => {
  it('spreads one cell per step in the Manhattan metric', () => {
    const f = new LeeField(open(11, 11), { resolution: 1, waves: 1, lifetime: 1000, schedule: 'manual' });
    f.emit(0, 5, 5);
    for (let i = 0; i < 4; i++) f.step();
    expect(f.stampAt(0, 9, 5)).toBe(4);
    expect(f.stampAt(0, 7, 7)).toBe(4);
    expect(f.stampAt(0, 8, 7)).toBe(-1); // Manhattan 5: not yet
    f.step();
    expect(f.stampAt(0, 8, 7)).toBe(5);
  });

  it('detects only the 8 compass directions', () => {
    const f = new LeeField(open(21, 21), { resolution: 1, waves: 1, lifetime: 1000, schedule: 'manual' });
    f.emit(0, 10, 10);
    for (let i = 0; i < 40; i++) f.step();
    const out = { x: 0, y: 0 };
    const s = Math.SQRT1_2;
    const cases: [number, number, number, number][] = [
      [15, 10, -1, 0],
      [5, 10, 1, 0],
      [10, 15, 0, -1],
      [10, 4, 0, 1],
      [14, 14, -s, -s],
      [6, 13, s, -s],
      [16, 12, -s, -s], // Manhattan front: anything off-axis comes from the diagonal
    ];
    for (const [x, y, ex, ey] of cases) {
      expect(leeDirection(f, 0, x, y, out)).toBe(true);
      expect(out.x).toBeCloseTo(ex, 12);
      expect(out.y).toBeCloseTo(ey, 12);
    }
    for (let y = 0; y < 21; y++) {
      for (let x = 0; x < 21; x++) {
        if (x === 10 && y === 10) continue;
        leeDirection(f, 0, x, y, out);
        const ok = [0, 1, s].some((a) => Math.abs(Math.abs(out.x) - a) < 1e-12) && Math.abs(Math.hypot(out.x, out.y) - 1) < 1e-12;
        expect(ok).toBe(true);
      }
    }
    expect(leeDirection(f, 0, 10, 10, out)).toBe(false); // the source
  });

  it('snaps vectors to the nearest of 8 directions', () => {
    const o = { x: 0, y: 0 };
    snap8(3, 1, o);
    expect(o).toEqual({ x: 1, y: 0 });
    snap8(2, -2, o);
    expect(o.x).toBeCloseTo(Math.SQRT1_2);
    expect(o.y).toBeCloseTo(-Math.SQRT1_2);
    expect(snap8(0, 0, o)).toBe(false);
  });

  it('reacts once per emission and not through walls', () => {
    const walls = new Uint8Array(9 * 3);
    for (let y = 0; y < 3; y++) walls[y * 9 + 4] = 1; // a full wall column
    const f = new LeeField({ width: 9, height: 3, walls }, { resolution: 1, waves: 1, lifetime: 1000, schedule: 'manual' });
    const t = new LeeTracker(f);
    const u = new LeeTracker(f);
    f.emit(0, 1, 1);
    let n = 0;
    for (let i = 0; i < 30; i++) {
      f.step();
      if (t.update(3.5, 1.5)) n++;
      expect(u.update(7.5, 1.5)).toBe(false);
    }
    expect(n).toBe(1);
    expect(t.heading).toEqual({ x: -1, y: 0 });
  });
});
