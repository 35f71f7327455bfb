// benchReplayBytes with scripted clocks: the figures are computed from what the clocks say (so the
// tool's arithmetic is checked without timing anything), seeks use the keyframes, and a replay
// that does not verify is refused.
import { describe, expect, it } from 'vitest';
import { encodeReplay } from '../../src/replay';
import { benchReplayBytes } from '../../src/replay/bench';
import { playReplay } from './helpers';

/** A wall clock that advances `step` ms per reading and a CPU clock at half that pace. */
function fakeClocks(step: number) {
  let wall = 0;
  let cpu = 0;
  return { wall: () => (wall += step), cpu: () => (cpu += step / 2) };
}

describe('benchReplayBytes', () => {
  const r = playReplay(1200, { lives: 99 }, 'random:8', 'scripted');
  const bytes = encodeReplay(r);

  it('reports size per minute, speed against real time and keyframe seeks', () => {
    const b = benchReplayBytes(bytes, fakeClocks(4), { runs: 3, seeks: 40 });
    expect(b.frames).toBe(1200);
    expect(b.bytes).toBe(bytes.length);
    expect(b.bytes_per_minute).toBe(Math.round(bytes.length * 3)); // 1200 frames = 20 s
    // Each verify run spans one wall tick (4 ms) and one CPU tick (2 ms) of 20 s of play.
    expect(b.verify_ms).toBe(4);
    expect(b.verify_x_realtime).toBe(5000);
    expect(b.verify_cpu_ms).toBe(2);
    expect(b.verify_cpu_x_realtime).toBe(10000);
    expect(b.verify_ms_all).toEqual([4, 4, 4]);
    expect(b.keyframe_interval).toBe(300);
    expect(b.seek_max_steps).toBeGreaterThan(0);
    expect(b.seek_max_steps).toBeLessThan(300);
  });

  it('refuses a replay that does not verify', () => {
    const bad = encodeReplay({ ...r, finalHash: '0123456789abcdef' });
    expect(() => benchReplayBytes(bad, fakeClocks(1), { runs: 1, seeks: 1 })).toThrow(/does not verify/);
  });
});
