import { describe, expect, it } from 'vitest';
import { WaveField } from '../../../src/ai/wave/field';
import type { TileGrid } from '../../../src/ai/wave/grid';
import { WavePlusTracker, WaveTracker } from '../../../src/ai/wave/tracker';

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
