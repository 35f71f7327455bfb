import { describe, expect, it } from 'vitest';
import { clipFileName, clipRange, clipRect, parseTime } from '../../src/clips/clip-plan';
import { clipSupport } from '../../src/clips/support';

describe('clip plans', () => {
  it('defaults to 30 s, cut at the end of the replay, and refuses bad ranges with the times', () => {
    expect(clipRange(600, undefined, 10800)).toEqual({ start: 600, end: 2400 });
    expect(clipRange(10000, undefined, 10800)).toEqual({ start: 10000, end: 10801 });
    expect(() => clipRange(300, 300, 10800)).toThrow(/clip end 5\.00 s \(frame 300\) must be after its start/);
    expect(() => clipRange(0, 20000, 10800)).toThrow(/after the end of the replay \(180\.00 s \(frame 10800\)\)/);
    expect(() => clipRange(20000, undefined, 10800)).toThrow(/clip start .* after the end/);
    expect(() => clipRange(-1, 10, 100)).toThrow(/≥ 0/);
  });

  it('reads times as seconds, m:ss or frames', () => {
    expect(parseTime('12.5', 'Start')).toBe(750);
    expect(parseTime('1:30', 'End')).toBe(5400);
    expect(parseTime('750f', 'Start')).toBe(750);
    expect(() => parseTime('soon', 'End')).toThrow(/^End: 'soon' is not a time/);
  });

  it('crops one field or the whole screen with even sizes', () => {
    expect(clipRect('both', 2)).toEqual({ x: 0, y: 0, w: 960, h: 540 });
    expect(clipRect('left', 2)).toEqual({ x: 24, y: 62, w: 384, h: 448 });
    expect(clipRect('right', 2)).toEqual({ x: 552, y: 62, w: 384, h: 448 });
    expect(clipRect('left', 1)).toEqual({ x: 288, y: 62, w: 384, h: 448 });
    expect(() => clipRect('right', 1)).toThrow(/one field/);
    expect(clipFileName('twinfield-x', { start: 120, end: 240 }, 'both', 'webm')).toBe('twinfield-x-clip-2_0s-4_0s-both.webm');
  });

  it('picks H.264 for MP4 when it exists, else VP9 or AV1 in MP4, and says what is missing', async () => {
    const all = await clipSupport(960, 540, async () => true);
    expect(all.mp4.codec).toBe('avc');
    expect(all.webm.codec).toBe('vp9');
    const noAvc = await clipSupport(960, 540, async (c) => !c.codec.startsWith('avc1'));
    expect(noAvc.mp4).toMatchObject({ codec: 'vp9', unavailable: ['avc'] });
    expect(noAvc.mp4.note).toBe('MP4: H.264 unavailable in this browser, using VP9 in MP4');
    const none = await clipSupport(960, 540, async () => false);
    expect(none.webm.codec).toBeNull();
    expect(none.mp4.note).toMatch(/^MP4: unavailable \(no encoder for H\.264, VP9, AV1 at 960×540/);
  });
});
