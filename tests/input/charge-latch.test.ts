import { describe, expect, it } from 'vitest';
import { ChargeLatch } from '../../src/input/charge-latch';

/** The bits the sim gets for a sequence of held states. */
const run = (l: ChargeLatch, held: boolean[]): boolean[] => held.map((h) => l.next(h));

describe('ChargeLatch', () => {
  it('passes the button through when there is no pause', () => {
    expect(run(new ChargeLatch(), [false, true, true, false, true, false])).toEqual([false, true, true, false, true, false]);
  });

  it('a charge held through the pause stays held after it (no release, so no attack fires)', () => {
    const l = new ChargeLatch();
    expect(run(l, [true, true, true])).toEqual([true, true, true]);
    l.resume();
    expect(run(l, [true, true])).toEqual([true, true]);
    // The player lets go after the pause: that release reaches the sim.
    expect(run(l, [false])).toEqual([false]);
  });

  it('a press made during the pause (the button that resumed) is ignored until released', () => {
    const l = new ChargeLatch();
    expect(run(l, [false, false])).toEqual([false, false]);
    l.resume();
    expect(run(l, [true, true, true, false, true])).toEqual([false, false, false, false, true]);
  });

  it('a charge released during the pause reaches the sim as a release on resume', () => {
    const l = new ChargeLatch();
    run(l, [true, true]);
    l.resume();
    expect(run(l, [false, true])).toEqual([false, true]);
  });
});
