import { describe, expect, it } from 'vitest';
import { clearanceStats, directionChanges, humanLikeness, moveCode, movingFraction, nearestClearance, oneFramePresses, pooledHumanLikeness } from '../../src/metrics/index';
import { Input } from '../../src/sim/input';

const { UP, DOWN, LEFT, RIGHT, SHOT } = Input;

describe('input metrics', () => {
  it('counts movement keys held for exactly one frame', () => {
    expect(oneFramePresses([0, LEFT, 0, LEFT, LEFT, 0])).toBe(1);
    expect(oneFramePresses([LEFT, 0])).toBe(1); // the log edge counts as released
    expect(oneFramePresses([SHOT, 0, SHOT])).toBe(0); // not a movement key
    // a diagonal tap is two 1-frame presses; a key held across a direction change is not
    expect(oneFramePresses([0, UP | LEFT, 0])).toBe(2);
    expect(oneFramePresses([UP, UP | LEFT, UP])).toBe(1);
  });

  it('counts changes of the 9-way movement, opposite keys cancelling', () => {
    expect(moveCode(LEFT | RIGHT)).toBe(0);
    expect(moveCode(UP | SHOT)).toBe(moveCode(UP));
    expect(new Set([0, UP, DOWN, LEFT, RIGHT, UP | LEFT, UP | RIGHT, DOWN | LEFT, DOWN | RIGHT].map(moveCode)).size).toBe(9);
    expect(directionChanges([0, 0, LEFT, LEFT, LEFT | UP, 0, LEFT | RIGHT])).toBe(3);
  });

  it('measures the fraction of frames moving', () => {
    expect(movingFraction([0, LEFT, LEFT | RIGHT, UP])).toBe(0.5);
    expect(movingFraction([])).toBe(0);
  });
});

describe('clearance', () => {
  it('is the surface gap to the nearest bullet', () => {
    expect(nearestClearance(0, 0, 2.5, [10, 0], [0, 20], [3, 3], 2)).toBeCloseTo(4.5, 12);
    expect(nearestClearance(0, 0, 2.5, [], [], [], 0)).toBeNaN();
  });

  it('mean and minimum over frames with bullets', () => {
    expect(clearanceStats([4, NaN, 2, 6])).toEqual({ mean: 4, min: 2 });
    expect(clearanceStats([NaN])).toEqual({ mean: null, min: null });
  });
});

describe('humanLikeness', () => {
  it('puts the rates on a per-minute / per-second scale', () => {
    // 10 s: 600 frames; a 1-frame tap every second, hits at two frames.
    const inputs = new Array<number>(600).fill(0);
    for (let s = 0; s < 10; s++) inputs[s * 60 + 30] = RIGHT;
    const clearance = new Array<number>(600).fill(10);
    clearance[100] = 1;
    const m = humanLikeness({ inputs, clearance, hitFrames: [50, 300] });
    expect(m.frames).toBe(600);
    expect(m.one_frame_per_min).toBeCloseTo(60, 12);
    expect(m.dir_changes_per_s).toBeCloseTo(2, 12);
    expect(m.moving_fraction).toBeCloseTo(10 / 600, 12);
    expect(m.mean_clearance).toBeCloseTo((599 * 10 + 1) / 600, 12);
    expect(m.min_clearance).toBe(1);
    expect(m.hits_per_min).toBeCloseTo(12, 12);
  });

  it('reports null for data the log does not have', () => {
    const m = humanLikeness({ inputs: [0, LEFT] });
    expect(m.mean_clearance).toBeNull();
    expect(m.hits_per_min).toBeNull();
  });

  it('pools logs over their total time', () => {
    const a = { inputs: new Array<number>(1800).fill(LEFT), hitFrames: [5], clearance: [3, 5] };
    const b = { inputs: new Array<number>(1800).fill(0), hitFrames: [], clearance: [1] };
    const m = pooledHumanLikeness([a, b]);
    expect(m.frames).toBe(3600);
    expect(m.hits_per_min).toBeCloseTo(1, 12);
    expect(m.moving_fraction).toBe(0.5);
    expect(m.mean_clearance).toBe(3);
    expect(m.min_clearance).toBe(1);
  });
});
