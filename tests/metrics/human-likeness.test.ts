import { describe, expect, it } from 'vitest';
import {
  clearanceStats,
  directionChanges,
  humanLikeness,
  MAX_MOVE_STEP,
  moveCode,
  movingFrames,
  nearestClearance,
  oneFramePresses,
  pooledHumanLikeness,
  PooledLikeness,
} from '../../src/metrics/index';
import { Input } from '../../src/sim/input';

const { UP, DOWN, LEFT, RIGHT, SHOT, FOCUS } = Input;

describe('1-frame presses', () => {
  it('counts each direction key held for exactly one frame', () => {
    expect(oneFramePresses([0, LEFT, 0, LEFT, LEFT, 0])).toBe(1);
    expect(oneFramePresses([LEFT, 0])).toBe(1); // before and after the log count as up
    expect(oneFramePresses([SHOT, 0, SHOT | FOCUS, 0])).toBe(0); // not direction keys
    // a diagonal tap is two 1-frame presses; a key held across a direction change is not one
    expect(oneFramePresses([0, UP | LEFT, 0])).toBe(2);
    expect(oneFramePresses([UP, UP | LEFT, UP])).toBe(1);
    // a tap of the opposite key is a press even though the movement cancels
    expect(oneFramePresses([LEFT, LEFT | RIGHT, LEFT])).toBe(1);
  });

  it('in a window, counts presses on its frames but reads the frames around it', () => {
    const log = [0, LEFT, LEFT, 0, RIGHT, 0, UP];
    expect(oneFramePresses(log)).toBe(2);
    expect(oneFramePresses(log, 2, 3)).toBe(0); // frame 2's LEFT was held since frame 1
    expect(oneFramePresses(log, 4, 5)).toBe(1);
    expect(oneFramePresses(log, 5, 7)).toBe(1); // the UP at the end of the log
    expect(oneFramePresses(log, 0, 4)).toBe(0);
  });
});

describe('direction changes', () => {
  it('counts changes of the 9-way movement, opposite keys cancelling, start and stop included', () => {
    expect(moveCode(LEFT | RIGHT)).toBe(0);
    expect(moveCode(UP | SHOT)).toBe(moveCode(UP));
    expect(new Set([0, UP, DOWN, LEFT, RIGHT, UP | LEFT, UP | RIGHT, DOWN | LEFT, DOWN | RIGHT].map(moveCode)).size).toBe(9);
    expect(directionChanges([0, 0, LEFT, LEFT, LEFT | UP, 0, LEFT | RIGHT])).toBe(3);
    expect(directionChanges([LEFT])).toBe(0); // frame 0 has nothing to change from
    expect(directionChanges([UP, UP | SHOT, UP | FOCUS])).toBe(0);
  });

  it('in a window, compares its first frame with the one before', () => {
    const log = [0, LEFT, LEFT, RIGHT, RIGHT, 0];
    expect(directionChanges(log)).toBe(3);
    expect(directionChanges(log, 1, 3)).toBe(1); // frame 1 (0 → LEFT)
    expect(directionChanges(log, 3, 6)).toBe(2);
    expect(directionChanges(log, 4, 5)).toBe(0);
  });
});

describe('time moving', () => {
  // frame i moves the ship from (x[i], y[i]) to (x[i+1], y[i+1])
  const x = [100, 100, 104, 104, 104, 400, 402.8, 402.8];
  const y = [300, 300, 300, 300, 296, 40, 37.2, 37.2];
  it('counts frames in which the position changed, not resets', () => {
    // frames: 0 still, 1 moved, 2 still (pushing into a wall looks like this), 3 moved, 4 reset, 5 moved (diagonal), 6 still
    expect(movingFrames(x, y)).toBe(3);
    expect(movingFrames(x, y, 2, 5)).toBe(1);
    expect(movingFrames(x, y, 5, 100)).toBe(1);
    expect(MAX_MOVE_STEP).toBe(8);
  });
});

describe('clearance', () => {
  it('is the surface gap to the nearest bullet', () => {
    expect(nearestClearance(0, 0, 2.5, [10, 0], [0, 20], [3, 3], 2)).toBeCloseTo(4.5, 12);
    expect(nearestClearance(0, 0, 2.5, [5], [0], [3], 1)).toBeCloseTo(-0.5, 12);
    expect(nearestClearance(0, 0, 2.5, [], [], [], 0)).toBeNaN();
  });

  it('mean and minimum over frames with bullets', () => {
    expect(clearanceStats([4, NaN, 2, 6])).toEqual({ mean: 4, min: 2 });
    expect(clearanceStats([4, NaN, 2, 6], 2, 4)).toEqual({ mean: 4, min: 2 });
    expect(clearanceStats([4, NaN, 2, 6], 0, 2)).toEqual({ mean: 4, min: 4 });
    expect(clearanceStats([NaN])).toEqual({ mean: null, min: null });
  });
});

describe('humanLikeness', () => {
  /** 10 s: a 1-frame RIGHT tap at 0:00.5, 0:01.5, …; the ship moves on those frames only (4 units). */
  function tenSeconds() {
    const inputs = new Array<number>(600).fill(0);
    const xs = [192];
    for (let s = 0; s < 10; s++) inputs[s * 60 + 30] = RIGHT;
    for (let f = 0; f < 600; f++) xs.push(xs[f]! + (inputs[f] ? 4 : 0));
    const clearance = new Array<number>(600).fill(10);
    clearance[100] = 1;
    clearance[200] = NaN;
    return { inputs, x: xs, y: new Array<number>(601).fill(400), clearance, hitFrames: [50, 300] };
  }

  it('puts the counts on a per-minute / per-second scale', () => {
    const m = humanLikeness(tenSeconds());
    expect(m.frames).toBe(600);
    expect(m.one_frame_per_min).toBeCloseTo(60, 12); // 10 presses in 1/6 min
    expect(m.dir_changes_per_s).toBeCloseTo(2, 12); // start + stop per tap
    expect(m.moving_fraction).toBeCloseTo(10 / 600, 12);
    expect(m.mean_clearance).toBeCloseTo((598 * 10 + 1) / 599, 12);
    expect(m.min_clearance).toBe(1);
    expect(m.hits_per_min).toBeCloseTo(12, 12);
  });

  it('measures a window of the log', () => {
    const m = humanLikeness(tenSeconds(), { from: 0, to: 120 }); // 2 s: taps at frames 30 and 90, a hit at 50
    expect(m.frames).toBe(120);
    expect(m.one_frame_per_min).toBeCloseTo(60, 12);
    expect(m.dir_changes_per_s).toBeCloseTo(2, 12);
    expect(m.moving_fraction).toBeCloseTo(2 / 120, 12);
    expect(m.mean_clearance).toBeCloseTo((119 * 10 + 1) / 120, 12);
    expect(m.hits_per_min).toBeCloseTo(30, 12);
    expect(humanLikeness(tenSeconds(), { from: 300, to: 10_000 }).frames).toBe(300); // clipped to the log
  });

  it('moving is the ship moving, not a move key held', () => {
    // LEFT held for 6 frames, the ship against the left edge after 2 of them
    const m = humanLikeness({
      inputs: [LEFT, LEFT, LEFT, LEFT, LEFT, LEFT],
      x: [16, 12, 8, 8, 8, 8, 8],
      y: [400, 400, 400, 400, 400, 400, 400],
    });
    expect(m.moving_fraction).toBeCloseTo(2 / 6, 12);
  });

  it('reports null for data the log does not have, never 0', () => {
    const m = humanLikeness({ inputs: [0, LEFT] });
    expect(m.moving_fraction).toBeNull();
    expect(m.mean_clearance).toBeNull();
    expect(m.min_clearance).toBeNull();
    expect(m.hits_per_min).toBeNull();
    expect(humanLikeness({ inputs: [0, 0], clearance: [NaN, NaN], hitFrames: [] })).toMatchObject({
      mean_clearance: null,
      hits_per_min: 0,
    });
    const none = humanLikeness(tenSeconds(), { from: 600, to: 700 });
    expect(none).toEqual({
      frames: 0,
      one_frame_per_min: null,
      dir_changes_per_s: null,
      moving_fraction: null,
      mean_clearance: null,
      min_clearance: null,
      hits_per_min: null,
    });
  });

  it('pools logs over their total time', () => {
    const a = {
      inputs: new Array<number>(1800).fill(LEFT),
      x: Array.from({ length: 1801 }, (_, i) => Math.max(8, 200 - 4 * i)),
      y: new Array<number>(1801).fill(0),
      hitFrames: [5],
      clearance: [3, 5],
    };
    const b = {
      inputs: new Array<number>(1800).fill(0),
      x: new Array<number>(1801).fill(0),
      y: new Array<number>(1801).fill(0),
      hitFrames: [],
      clearance: [1],
    };
    const m = pooledHumanLikeness([a, b]);
    expect(m.frames).toBe(3600);
    expect(m.hits_per_min).toBeCloseTo(1, 12);
    expect(m.moving_fraction).toBeCloseTo(48 / 3600, 12); // (200 − 8) / 4 frames until the edge
    expect(m.dir_changes_per_s).toBe(0);
    expect(m.mean_clearance).toBe(3);
    expect(m.min_clearance).toBe(1);
    expect(pooledHumanLikeness([a, { inputs: [0] }]).moving_fraction).toBeNull(); // one log without positions
    expect(pooledHumanLikeness([a, b], { from: 0, to: 60 }).hits_per_min).toBeCloseTo(30, 12); // 1 hit in 2 s (1 s of each log)
  });

  it('pools one log at a time to the same figures, keeping only the counts (the metrics tool drops each log)', () => {
    const a = {
      inputs: [LEFT, 0, LEFT, LEFT, 0],
      x: [10, 6, 6, 2, 0, 0],
      y: [0, 0, 0, 0, 0, 0],
      hitFrames: [2],
      clearance: [4, Number.NaN, 2],
    };
    const b = { inputs: [0, UP, 0], x: [0, 0, 0, 0], y: [9, 9, 5, 5], hitFrames: [], clearance: [7] };
    for (const range of [undefined, { from: 1, to: 3 }]) {
      const pool = new PooledLikeness(range);
      expect(pool.count).toBe(0);
      expect(pool.result()).toEqual(pooledHumanLikeness([], range));
      pool.add(a);
      pool.add(b);
      expect(pool.count).toBe(2);
      expect(pool.result()).toEqual(pooledHumanLikeness([a, b], range));
    }
  });
});
