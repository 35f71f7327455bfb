// The multi-wave schedule written once for the wave field and Lee's automaton: emission steps known by
// hand, ageing, manual mode, copies, and both fields on the same clock.
import { describe, expect, it } from 'vitest';
import { LeeField } from '../../../src/world/lee';
import { WaveField } from '../../../src/world/wave/field';
import { WaveSchedule } from '../../../src/world/wave/schedule';

/** Steps (1-based) at which each wave went out during `steps` steps. */
function emissions(s: WaveSchedule, steps: number): number[][] {
  const out: number[][] = Array.from({ length: s.waves }, () => []);
  for (let t = 0; t < steps; t++)
    s.step(
      (w) => {
        out[w]!.push(s.time);
        s.restart(w);
      },
      () => {},
    );
  return out;
}

describe('WaveSchedule', () => {
  it('sends n = 3 waves of lifetime T = 9 one every T/n = 3 steps, each again after T steps', () => {
    const s = new WaveSchedule(3, 9);
    s.source = 0;
    // Wave w first goes out after floor(w·9/3) steps (step 1, 4, 7), then whenever it has lived 8 steps.
    expect(emissions(s, 30)).toEqual([
      [1, 10, 19, 28],
      [4, 13, 22],
      [7, 16, 25],
    ]);
    expect(Array.from(s.generation)).toEqual([4, 3, 3]);
  });

  it('ages a wave once per step after it went out and passes advance the age before the step', () => {
    const s = new WaveSchedule(1, 5);
    s.source = 3;
    const seen: number[] = [];
    const sources: number[] = [];
    for (let t = 0; t < 7; t++)
      s.step(
        (w, source) => {
          sources.push(source);
          s.restart(w);
        },
        (w) => seen.push(s.age[w]!),
      );
    expect(sources).toEqual([3, 3]); // steps 1 and 6
    expect(seen).toEqual([0, 1, 2, 3, 0]);
    expect(s.age[0]).toBe(1);
  });

  it('sends nothing before the source is known, nor in manual mode', () => {
    const none = new WaveSchedule(2, 4);
    expect(emissions(none, 10)).toEqual([[], []]);
    const manual = new WaveSchedule(2, 4, 'manual');
    manual.source = 5;
    expect(emissions(manual, 10)).toEqual([[], []]);
    manual.restart(1);
    const ages: number[] = [];
    for (let t = 0; t < 3; t++)
      manual.step(
        () => {},
        (w) => ages.push(w),
      );
    expect(ages).toEqual([1, 1, 1]);
    expect(Array.from(manual.age)).toEqual([-1, 3]);
  });

  it('copies state and refuses a copy between different wave counts', () => {
    const a = new WaveSchedule(3, 9);
    a.source = 2;
    emissions(a, 11);
    const b = new WaveSchedule(3, 9);
    b.copyFrom(a);
    expect([b.time, b.source, Array.from(b.age), Array.from(b.generation)]).toEqual([11, 2, Array.from(a.age), Array.from(a.generation)]);
    expect(emissions(b, 20)).toEqual(emissions(a, 20));
    expect(() => new WaveSchedule(2, 9).copyFrom(a)).toThrow(/3 waves into a schedule of 2/);
  });

  it('drives the wave field and Lee on the same clock: equal ages and generations at every step', () => {
    const grid = { width: 6, height: 5, walls: new Uint8Array(30) };
    const wave = new WaveField(grid, { waves: 3, lifetime: 30 });
    const lee = new LeeField(grid, { waves: 3, lifetime: 30 });
    wave.setTarget(1.5, 1.5);
    lee.setTarget(1.5, 1.5);
    for (let t = 0; t < 100; t++) {
      wave.step();
      lee.step();
      expect([lee.time, Array.from(lee.age), Array.from(lee.generation)]).toEqual([
        wave.time,
        Array.from(wave.age),
        Array.from(wave.generation),
      ]);
    }
    expect(wave.generation[0]).toBeGreaterThan(2);
  });
});
