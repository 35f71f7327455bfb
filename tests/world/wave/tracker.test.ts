import { describe, expect, it } from 'vitest';
import { WaveField } from '../../../src/world/wave/field';
import type { TileGrid } from '../../../src/geom/grid';
import { arrivalDirection, WavePlusTracker, WaveTracker } from '../../../src/world/wave/tracker';
import { parseMaze } from '../../../src/maze/maze';

const open = (w: number, h: number): TileGrid => ({ width: w, height: h, walls: new Uint8Array(w * h) });

describe('WaveTracker (threshold, turn, ignore until re-emitted)', () => {
  it('waits, turns toward the source when |z| first passes the threshold, then ignores that wave', () => {
    const f = new WaveField(open(41, 41), { waves: 1, lifetime: 10000, resolution: 1, schedule: 'manual' });
    const t = new WaveTracker(f, { threshold: 0.005 });
    f.emit(0, 20, 20);
    expect(t.heading).toEqual({ x: 0, y: 0 });
    let reactedAt = -1;
    for (let i = 1; i <= 200; i++) {
      f.step();
      if (t.update(30.5, 20.5)) {
        expect(reactedAt).toBe(-1); // only once per emission
        reactedAt = i;
      }
    }
    expect(reactedAt).toBeGreaterThan(5);
    expect(t.reactions).toBe(1);
    expect(t.heading.x).toBeCloseTo(-1, 6); // toward the source on the left
    expect(Math.abs(t.heading.y)).toBeLessThan(1e-6);
    // Re-emission: reacts again.
    f.emit(0, 20, 10);
    let again = false;
    for (let i = 0; i < 200 && !again; i++) {
      f.step();
      again = t.update(20.5, 30.5);
    }
    expect(again).toBe(true);
    expect(t.reactions).toBe(2);
    expect(t.heading.y).toBeLessThan(-0.99); // source straight above
  });

  it('does not react below the threshold', () => {
    const f = new WaveField(open(41, 41), { waves: 1, lifetime: 10000, resolution: 1, schedule: 'manual' });
    const t = new WaveTracker(f, { threshold: 10 });
    f.emit(0, 20, 20);
    for (let i = 0; i < 100; i++) {
      f.step();
      expect(t.update(25.5, 20.5)).toBe(false);
    }
  });

  it('points diagonally for a diagonal source', () => {
    const f = new WaveField(open(41, 41), { waves: 1, lifetime: 10000, resolution: 1, schedule: 'manual' });
    const t = new WaveTracker(f, { threshold: 0.005 });
    f.emit(0, 20, 20);
    for (let i = 0; i < 100; i++) {
      f.step();
      t.update(27.5, 27.5);
    }
    expect(t.heading.x).toBeCloseTo(-Math.SQRT1_2, 2);
    expect(t.heading.y).toBeCloseTo(-Math.SQRT1_2, 2);
  });
});

describe('WavePlusTracker (first-arrival map)', () => {
  it('needs a field that records arrivals', () => {
    expect(() => new WavePlusTracker(new WaveField(open(5, 5)))).toThrow(/arrival/);
  });

  it('steers toward the source along the first front and records sub-step arrival ages', () => {
    const f = new WaveField(open(41, 41), { waves: 1, lifetime: 10000, resolution: 1, schedule: 'manual', arrival: true });
    const t = new WavePlusTracker(f);
    f.emit(0, 20, 20);
    expect(t.update(30.5, 24.5)).toBe(false); // not reached yet
    for (let i = 0; i < 80; i++) f.step();
    expect(f.arrivalAt(0, 20, 20)).toBe(0);
    expect(f.arrivalAt(0, 30, 20)).toBeGreaterThan(f.arrivalAt(0, 25, 20));
    expect(t.update(30.5, 24.5)).toBe(true);
    const dx = 20.5 - 30.5;
    const dy = 20.5 - 24.5;
    const len = Math.hypot(dx, dy);
    expect(t.heading.x * (dx / len) + t.heading.y * (dy / len)).toBeGreaterThan(0.9);
  });
});

describe('per-chaser shortcuts change nothing', () => {
  const maze = parseMaze(
    ['############', '#P.....#...#', '#.###..#.#.#', '#...#....#.#', '###.####.#.#', '#.........A#', '############'].join('\n'),
  );

  it('WaveTracker reacts exactly when and how the rule read every step says (light-cone skip, one lookup for all waves)', () => {
    const f = new WaveField(maze, { resolution: 2, lifetime: 120 });
    f.setTarget(1.5, 1.5);
    const pts: [number, number][] = [];
    for (let y = 1; y < maze.height - 1; y++)
      for (let x = 1; x < maze.width - 1; x++) if (!maze.walls[y * maze.width + x]) pts.push([x + 0.3, y + 0.7]);
    const trackers = pts.map(() => new WaveTracker(f, { threshold: 1e-5 }));
    // The rule itself: per wave not reacted to since its emission, |value| ≥ threshold → react to the youngest.
    const seen = pts.map(() => new Int32Array(f.waves).fill(-1));
    let reactions = 0;
    for (let step = 0; step < 400; step++) {
      f.step();
      pts.forEach(([x, y], k) => {
        let best = -1;
        for (let w = 0; w < f.waves; w++) {
          if (f.age[w]! < 0 || seen[k]![w] === f.generation[w]) continue;
          if (Math.abs(f.value(w, x, y)) >= 1e-5) {
            seen[k]![w] = f.generation[w]!;
            if (best < 0 || f.age[w]! < f.age[best]!) best = w;
          }
        }
        expect(trackers[k]!.update(x, y), `step ${step} point ${k}`).toBe(best >= 0);
        if (best >= 0) {
          reactions++;
          const s = f.sample(best, x, y, { z: 0, gx: 0, gy: 0 });
          const len = Math.sqrt(s.gx * s.gx + s.gy * s.gy);
          expect(trackers[k]!.heading.x).toBe(s.gx / len);
          expect(trackers[k]!.heading.y).toBe(s.gy / len);
        }
      });
    }
    expect(reactions).toBeGreaterThan(pts.length); // every point reacted, most more than once
  });

  it(
    'WavePlusTracker steers by arrivalDirection of the newest wave that reached its cell, which is the bilinear blend of the ' +
      'reached corners',
    () => {
      const f = new WaveField(maze, { resolution: 2, lifetime: 120, arrival: true });
      f.setTarget(1.5, 1.5);
      const pts: [number, number][] = [];
      for (let y = 1; y < maze.height - 1; y++)
        for (let x = 1; x < maze.width - 1; x++)
          if (!maze.walls[y * maze.width + x]) pts.push((x + y) % 2 ? [x + 0.3, y + 0.7] : [x + 0.8, y + 0.15]);
      const trackers = pts.map(() => new WavePlusTracker(f));
      // The rule, written out: own copies of the last heading, wave and generation per point.
      const mine = pts.map(() => ({ hx: 0, hy: 0, wave: -1, gen: -1 }));
      const out = { x: 0, y: 0 };
      let turns = 0;
      for (let step = 0; step < 260; step++) {
        f.step();
        pts.forEach(([x, y], k) => {
          let best = -1;
          for (let w = 0; w < f.waves; w++) {
            if (f.age[w]! >= 0 && f.arrivalAt(w, Math.floor(x * 2), Math.floor(y * 2)) >= 0 && (best < 0 || f.age[w]! < f.age[best]!))
              best = w;
          }
          let want = false;
          const m = mine[k]!;
          if (best >= 0) {
            // The blend: corners reached by wave `best`, bilinear weights, normalised.
            const gx = x * 2 - 0.5;
            const gy = y * 2 - 0.5;
            const i = Math.floor(gx);
            const j = Math.floor(gy);
            let sx = 0;
            let sy = 0;
            for (const [di, dj, wt] of [
              [0, 0, (1 - (gx - i)) * (1 - (gy - j))],
              [1, 0, (gx - i) * (1 - (gy - j))],
              [0, 1, (1 - (gx - i)) * (gy - j)],
              [1, 1, (gx - i) * (gy - j)],
            ] as const) {
              if (f.arrivalAt(best, i + di, j + dj) < 0) continue;
              const p = (j + dj + 2) * f.stride + i + di + 2;
              sx += wt * f.arrivalDirXBuffer(best)![p]!;
              sy += wt * f.arrivalDirYBuffer(best)![p]!;
            }
            const len = Math.sqrt(sx * sx + sy * sy);
            expect(arrivalDirection(f, best, x, y, out)).toBe(len > 0);
            if (len > 0) {
              expect([out.x, out.y]).toEqual([sx / len, sy / len]);
              const gen = f.generation[best]!;
              const uTurn = best === m.wave && gen === m.gen && out.x * m.hx + out.y * m.hy < -0.5;
              if (!uTurn) {
                want = true;
                Object.assign(m, { hx: out.x, hy: out.y, wave: best, gen });
              }
            }
          }
          expect(trackers[k]!.update(x, y), `step ${step} point ${k}`).toBe(want);
          expect([trackers[k]!.heading.x, trackers[k]!.heading.y]).toEqual([m.hx, m.hy]);
          if (want) turns++;
        });
      }
      expect(turns).toBeGreaterThan(pts.length * 60); // once reached, every step re-reads the heading
    },
  );

  it('the field’s precomputed arrival directions equal upwind differences of the final arrival map', () => {
    const f = new WaveField(maze, { resolution: 2, lifetime: 600, arrival: true, waves: 1, schedule: 'manual' });
    f.emitAt(0, 10.5, 5.5);
    for (let i = 0; i < 300; i++) f.step();
    const ox = f.arrivalDirXBuffer(0)!;
    const oy = f.arrivalDirYBuffer(0)!;
    let checked = 0;
    for (let gy = 0; gy < f.height; gy++) {
      for (let gx = 0; gx < f.width; gx++) {
        const t = f.arrivalAt(0, gx, gy);
        if (t < 0) continue;
        const earlier = (a: number) => a >= 0 && a < t;
        const [l, r, u, d] = [
          f.arrivalAt(0, gx - 1, gy),
          f.arrivalAt(0, gx + 1, gy),
          f.arrivalAt(0, gx, gy - 1),
          f.arrivalAt(0, gx, gy + 1),
        ];
        const dx = earlier(l) && (!earlier(r) || l <= r) ? -(t - l) : earlier(r) ? t - r : 0;
        const dy = earlier(u) && (!earlier(d) || u <= d) ? -(t - u) : earlier(d) ? t - d : 0;
        const len = Math.hypot(dx, dy);
        const p = (gy + 2) * f.stride + gx + 2;
        expect(ox[p]).toBeCloseTo(len > 0 ? dx / len : 0, 12);
        expect(oy[p]).toBeCloseTo(len > 0 ? dy / len : 0, 12);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});
