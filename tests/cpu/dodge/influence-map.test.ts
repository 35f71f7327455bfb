import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import {
  AxisReads,
  DodgeWorld,
  EDGE_DANGER,
  InfluenceMap,
  MapShapes,
  interpolateDanger,
  randomWorld,
  readHi,
  readLo,
} from '../../../src/cpu/dodge/index';
import { ReadCells } from '../../../src/cpu/dodge/interpolate';
import { CellPainter } from '../../../src/cpu/dodge/cell-painter';
import { mixedWorld, world } from './helpers';

describe('influence map (paper §3.2.2)', () => {
  it('support-limited build equals every-cell-against-every-object', () => {
    const rand = seedrandom('imap-build');
    for (let s = 0; s < 5; s++) {
      const w = randomWorld(rand, { bullets: 60 }, new DodgeWorld(60));
      const a = new InfluenceMap(384, 448).build(w, 7);
      const b = new InfluenceMap(384, 448).buildNaive(w, 7);
      for (let i = 0; i < a.values.length; i++) expect(a.values[i]).toBeCloseTo(b.values[i]!, 9);
    }
  });

  it('a window build gives the same cell values as the full build', () => {
    const w = randomWorld(seedrandom('imap-window'), { bullets: 120 }, new DodgeWorld(120));
    const full = new InfluenceMap(384, 448).build(w, 3);
    const win = new InfluenceMap(384, 448).build(w, 3, 10, 30, 20, 50);
    for (let r = 20; r <= 50; r++) for (let c = 10; c <= 30; c++) expect(win.value(c, r)).toBe(full.value(c, r));
  });

  it('takes the max over objects, not the sum', () => {
    const one = new InfluenceMap(384, 448).build(world(0, 0, [[196, 300, 0, 0, 3, 99]]), 0);
    const two = new InfluenceMap(384, 448).build(
      world(0, 0, [
        [196, 300, 0, 0, 3, 99],
        [196, 300, 0, 0, 3, 99],
      ]),
      0,
    );
    expect(two.value(24, 37)).toBe(one.value(24, 37));
  });

  it('extrapolates objects t frames ahead', () => {
    const w = world(0, 0, [[100, 100, 2, 0, 3, 99]]);
    const m = new InfluenceMap(384, 448).build(w, 10); // the object is at (120, 100)
    // cell (14, 12) has centre (116, 100): 4 units from the object → Dci = 50·(1 − 16/(5.5²·9))
    expect(m.value(14, 12)).toBeCloseTo(50 * (1 - 16 / (5.5 * 5.5 * 9)), 9);
  });

  it('adds the constant edge danger near the top', () => {
    const m = new InfluenceMap(384, 448).build(world(0, 0), 0);
    expect(m.value(24, 0)).toBe(EDGE_DANGER);
    expect(m.value(24, 55)).toBe(0);
  });
});

describe('interpolation at the ship (paper A.3)', () => {
  function mapWith(f: (c: number, r: number) => number): InfluenceMap {
    const m = new InfluenceMap(384, 448);
    for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) m.values[r * m.cols + c] = f(c, r);
    return m;
  }

  it('is the cell value at a cell centre', () => {
    const m = mapWith((c, r) => c * 10 + r);
    expect(interpolateDanger(m, 100, 100)).toBe(12 * 10 + 12); // centre of cell (12, 12)
  });

  it('adds the x and y differences separately near an axis', () => {
    const m = mapWith((c, r) => (c === 13 && r === 12 ? 40 : c === 12 && r === 13 ? 20 : 0));
    // offset (+3, +1) from centre (100, 100): 2·1 > 3 is false → axis case
    // dx = (40 − 0)·3/8 = 15, dy = (20 − 0)·1/8 = 2.5
    expect(interpolateDanger(m, 103, 101)).toBeCloseTo(17.5, 12);
  });

  it('runs toward the diagonal neighbour by L1 distance in the diagonal cone', () => {
    const m = mapWith((c, r) => (c === 13 && r === 13 ? 80 : c === 13 || r === 13 ? 999 : 0));
    // offset (+2, +2): both angles are 45° > arctan ½ → 0 + (80 − 0)·(2 + 2)/(8 + 8) = 20
    expect(interpolateDanger(m, 102, 102)).toBeCloseTo(20, 12);
    // toward the other side uses the other neighbours
    const n = mapWith((c, r) => (c === 11 && r === 11 ? 80 : 0));
    expect(interpolateDanger(n, 97, 97)).toBeCloseTo((80 * 6) / 16, 12);
  });

  it('treats neighbours outside the grid as the nearest cell', () => {
    const m = mapWith(() => 7);
    expect(interpolateDanger(m, 1, 1)).toBe(7);
    expect(interpolateDanger(m, 383, 447)).toBe(7);
  });
});

describe('fast-search map windows and reads', () => {
  it('buildWindow() over shapes collected for the window equals build()', () => {
    const rand = seedrandom('imap-build-window');
    const shapes = new MapShapes();
    for (let s = 0; s < 40; s++) {
      const w = mixedWorld(rand, 20 + Math.floor(rand() * 400));
      if (s % 5 === 4) w.walls = { width: 24, height: 28, walls: new Uint8Array(24 * 28) }; // no edge bands
      const t = 1 + Math.floor(rand() * 30);
      const full = new InfluenceMap(384, 448).build(w, t);
      const c0 = Math.floor(rand() * 48) - 2;
      const r0 = Math.floor(rand() * 56) - 2;
      const c1 = c0 + Math.floor(rand() * 12);
      const r1 = r0 + Math.floor(rand() * 12);
      const cell = full.cell;
      // Collected for a larger box and time span than the build's, as the fast search does.
      shapes.collect(
        w,
        t - Math.floor(rand() * 3),
        t + Math.floor(rand() * 3),
        (c0 - 1.5) * cell,
        (c1 + 2.5) * cell,
        (r0 - 1.5) * cell,
        (r1 + 2.5) * cell,
        cell,
      );
      const win = new InfluenceMap(384, 448).buildWindow(w, t, c0, c1, r0, r1, shapes);
      for (let r = Math.max(0, r0); r <= Math.min(55, r1); r++) {
        for (let c = Math.max(0, c0); c <= Math.min(47, c1); c++) expect(Object.is(win.value(c, r), full.value(c, r))).toBe(true);
      }
    }
  });

  it('buildWindow() on large windows and on obstacles placed on cell centres or moving along an axis equals build()', () => {
    // Large windows exercise the bound order over many triangles; apexes on cell centres and axis
    // velocities put cells exactly on a triangle's apex and axis, where the bounds' margins matter.
    const rand = seedrandom('imap-build-window-large');
    const shapes = new MapShapes();
    for (let s = 0; s < 24; s++) {
      const w = mixedWorld(rand, 50 + Math.floor(rand() * 500));
      for (let i = 0; i < w.count; i++) {
        const u = rand();
        if (u < 0.2) {
          w.x[i] = (Math.floor(w.x[i]! / 8) + 0.5) * 8;
          w.y[i] = (Math.floor(w.y[i]! / 8) + 0.5) * 8;
        }
        if (u > 0.8) w.vx[i] = 0;
        else if (u > 0.6) w.vy[i] = 0;
      }
      const t = s % 3 === 0 ? 0 : 1 + Math.floor(rand() * 30);
      const full = new InfluenceMap(384, 448).build(w, t);
      const c0 = Math.floor(rand() * 30) - 2;
      const r0 = Math.floor(rand() * 36) - 2;
      const c1 = c0 + 4 + Math.floor(rand() * 26);
      const r1 = r0 + 4 + Math.floor(rand() * 26);
      const cell = full.cell;
      shapes.collect(w, t, t, (c0 - 0.5) * cell, (c1 + 0.5) * cell, (r0 - 0.5) * cell, (r1 + 0.5) * cell, cell);
      const win = new InfluenceMap(384, 448).buildWindow(w, t, c0, c1, r0, r1, shapes);
      for (let r = Math.max(0, r0); r <= Math.min(55, r1); r++) {
        for (let c = Math.max(0, c0); c <= Math.min(47, c1); c++) expect(Object.is(win.value(c, r), full.value(c, r))).toBe(true);
      }
    }
  });

  it('buildWindow() keeps the larger of two nearly equal contributions to a cell (bounds and skip tests are exact)', () => {
    // Per test cell, two bullets coming straight at it (on its column, so lat = 1 or nearly) from
    // distances whose values differ by δ, and a still bullet whose circle gives about the same: the
    // window must keep the largest, whatever order the shapes are drawn in.
    const shapes = new MapShapes();
    for (const lateral of [0, 1e-7, 0.3]) {
      const w = new DodgeWorld(512);
      let k = 0;
      for (const delta of [0, 1e-12, 1e-9, 1e-6, 1e-3, 0.05, 0.5]) {
        for (const vA of [1.5, 3.7]) {
          const c = 4 + (k % 8) * 5;
          const r = 10 + Math.floor(k / 8) * 6;
          k++;
          const cx = (c + 0.5) * 8;
          const cy = (r + 0.5) * 8;
          const mA = 10 + k; // frames of travel to the cell
          const mB = mA - (delta * 90) / 50; // its value is δ higher
          const vB = vA * 0.8;
          w.add(cx + lateral, cy - mA * vA, 0, vA, 2, 99);
          w.add(cx - lateral, cy - mB * vB, 0, vB, 3, 99);
          // A still bullet whose circle gives the cell about the same value: 50·(1 − d²/(Rhit²·9)).
          const target = 50 * (1 - mA / 90);
          const rh = 2 + w.shipR;
          const d = Math.sqrt((1 - target / 50) * rh * rh * 9);
          w.add(cx + d, cy, 0, 0, 2, 99);
        }
      }
      const full = new InfluenceMap(384, 448).build(w, 0);
      shapes.collect(w, 0, 0, 0, 384, 0, 448, 8);
      const win = new InfluenceMap(384, 448);
      win.buildWindow(w, 0, 0, 47, 0, 55, shapes);
      for (let i = 0; i < full.values.length; i++) expect(Object.is(win.values[i], full.values[i])).toBe(true);
      // One- and two-cell windows around each test cell, where the bounds are tight.
      for (let j = 0; j < k; j++) {
        const c = 4 + (j % 8) * 5;
        const r = 10 + Math.floor(j / 8) * 6;
        for (const [dc, dr] of [
          [0, 0],
          [1, 0],
          [0, 1],
        ]) {
          win.buildWindow(w, 0, c, c + dc, r, r + dr, shapes);
          for (let rr = r; rr <= r + dr; rr++)
            for (let cc = c; cc <= c + dc; cc++) expect(Object.is(win.value(cc, rr), full.value(cc, rr))).toBe(true);
        }
      }
    }
  });

  it('ReadCells lists the cells interpolateDanger() reads once each; drawn by CellPainter, dangersOf() gives interpolateDanger()', () => {
    const rand = seedrandom('imap-read-cells');
    const shapes = new MapShapes();
    const reads = new ReadCells(48, 56, 8);
    const painter = new CellPainter();
    for (let s = 0; s < 12; s++) {
      const w = mixedWorld(rand, 100 + Math.floor(rand() * 400));
      const t = 5 + Math.floor(rand() * 20);
      const full = new InfluenceMap(384, 448).build(w, t);
      // Points spread like a multi-frame search level: a few dozen, some on the field's border.
      reads.reset();
      const pts: [number, number][] = [];
      const cx = 40 + rand() * 300;
      const cy = 40 + rand() * 370;
      for (let i = 0; i < 40; i++) {
        const x = i < 3 ? [8, 376, cx][i]! : cx + (rand() - 0.5) * 160;
        const y = i < 3 ? [cy, 440, 8][i]! : cy + (rand() - 0.5) * 160;
        const px = Math.min(376, Math.max(8, x));
        const py = Math.min(440, Math.max(8, y));
        pts.push([px, py]);
        reads.markPoint(i, px, py, 1);
      }
      // The listed cells: each marked cell once, no other.
      const listed = Array.from(reads.fresh.subarray(0, reads.nFresh));
      expect(new Set(listed).size).toBe(listed.length);
      let marked = 0;
      for (let c = 0; c < reads.cellGen.length; c++) if (reads.cellGen[c] === reads.gen) marked++;
      expect(listed.length).toBe(marked);
      expect(marked).toBeLessThanOrEqual(3 * pts.length);
      shapes.collect(w, t, t, 0, 384, 0, 448, 8);
      const m = new InfluenceMap(384, 448);
      m.values.fill(Number.NaN);
      painter.fill(m, w, t, shapes, reads.fresh, reads.nFresh);
      const got = new Float64Array(pts.length);
      reads.dangersOf(m.values, Int32Array.from(pts.keys()), pts.length, got);
      pts.forEach(([x, y], i) => expect(Object.is(got[i], interpolateDanger(full, x, y))).toBe(true));
      // Unmarked cells are not read: changing them all changes no point's value.
      for (let i = 0; i < m.values.length; i++) if (reads.cellGen[i] !== reads.gen) m.values[i] = 1e6;
      pts.forEach(([x, y], i) => expect(interpolateDanger(m, x, y)).toBe(got[i]));
    }
  });

  it('AxisReads gives interpolateDanger() bit for bit; readLo/readHi bound the cells it reads', () => {
    const rand = seedrandom('imap-axis-reads');
    const m = new InfluenceMap(384, 448);
    for (let i = 0; i < m.values.length; i++) m.values[i] = rand() < 0.3 ? 0 : rand() * 60;
    const ax = new AxisReads();
    const xs: number[] = [];
    const ys: number[] = [];
    for (let i = 0; i < 40; i++) xs.push(i < 4 ? [-3, 0, 383.9, 390][i]! : rand() * 384);
    for (let j = 0; j < 40; j++) ys.push(j < 4 ? [-3, 0, 447.9, 455][j]! : rand() * 448);
    ax.reset(m, xs.length, ys.length);
    xs.forEach((x, i) => ax.setX(i, x));
    ys.forEach((y, j) => ax.setY(j, y));
    for (let i = 0; i < xs.length; i++)
      for (let j = 0; j < ys.length; j++) expect(Object.is(ax.at(i, j), interpolateDanger(m, xs[i]!, ys[j]!))).toBe(true);
    // A read outside [readLo(lo), readHi(hi)] would change the value when that cell changes.
    for (let s = 0; s < 200; s++) {
      const lo = rand() * 400 - 8;
      const hi = lo + rand() * 40;
      const y = rand() * 448;
      const a = readLo(lo, m.cell, m.cols);
      const b = readHi(hi, m.cell, m.cols);
      for (const x of [lo, hi, lo + (hi - lo) * rand()]) {
        const before = interpolateDanger(m, x, y);
        const saved = m.values.slice();
        for (let r = 0; r < m.rows; r++) for (let c = 0; c < m.cols; c++) if (c < a || c > b) m.values[r * m.cols + c] = 1e6;
        expect(interpolateDanger(m, x, y)).toBe(before);
        m.values.set(saved);
      }
    }
  });
});
