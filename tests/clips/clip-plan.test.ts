import { describe, expect, it } from 'vitest';
import { clipFileName, clipName, clipRange, clipRect, parseTime, surveyClipFileName } from '../../src/clips/clip-plan';
import { fileStem } from '../../src/storage/replay-meta';
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

  it('names survey clips neutrally: no date, players or field, yet a different name per replay and range', () => {
    const range = { start: 120, end: 240 };
    const a = surveyClipFileName('1f3a-0badcafe', range, 'both', 'webm');
    expect(a).toMatch(/^clip-[0-9a-f]{8}\.webm$/);
    expect(surveyClipFileName('1f3a-0badcafe', range, 'both', 'webm')).toBe(a); // stable
    const others = [
      surveyClipFileName('1f3a-0badcafd', range, 'both', 'webm'),
      surveyClipFileName('1f3a-0badcafe', { start: 121, end: 240 }, 'both', 'webm'),
      surveyClipFileName('1f3a-0badcafe', { start: 120, end: 241 }, 'both', 'webm'),
      surveyClipFileName('1f3a-0badcafe', range, 'left', 'webm'),
    ];
    expect(new Set([a, ...others]).size).toBe(5);
    expect(surveyClipFileName('1f3a-0badcafe', range, 'both', 'mp4')).toBe(a.replace('.webm', '.mp4'));
    // clipName picks the neutral name in survey mode, whatever the stem says about the match.
    const stem = fileStem({ name: '', meta: { date: '2025-06-01T12:34:56.789Z', players: ['Alice', 'cpu:hard'] } as never });
    expect(stem).toContain('alice');
    const named = clipName({ stem, replayKey: '1f3a-0badcafe' }, range, 'left', 'webm', false);
    expect(named).toContain('alice');
    const blind = clipName({ stem, replayKey: '1f3a-0badcafe' }, range, 'left', 'webm', true);
    expect(blind).toBe(surveyClipFileName('1f3a-0badcafe', range, 'left', 'webm'));
    for (const word of ['alice', 'cpu', 'hard', 'human', '2025', 'left', 'twinfield']) expect(blind.toLowerCase()).not.toContain(word);
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

describe('clip export estimate', () => {
  it('says the time before starting, from the measured speed or a first guess', async () => {
    const { estimateExport, nextRate, rateClass, remainingText, FIRST_GUESS_RATES } = await import('../../src/clips/clip-plan');
    expect(estimateExport(1800, 4, false)).toEqual({
      seconds: 450,
      text: 'Estimated time: about 7:30 (1800 frames at ~4.0 frames/s, a first guess; the next estimate uses the measured speed)',
    });
    expect(estimateExport(120, 25, true).text).toBe(
      'Estimated time: about 0:05 (120 frames at ~25 frames/s, the speed of the last export in this browser)',
    );
    expect(rateClass('left')).toBe('field');
    expect(rateClass('both', 2)).toBe('both@2x');
    expect(rateClass('right', 2)).toBe('field@2x');
    expect(FIRST_GUESS_RATES.both).toBeLessThan(FIRST_GUESS_RATES.field);
    expect(FIRST_GUESS_RATES['both@2x']).toBeLessThan(FIRST_GUESS_RATES.both);
    expect(FIRST_GUESS_RATES['field@2x']).toBeLessThan(FIRST_GUESS_RATES.field);
    // While it runs, the progress line says what is left at the speed so far.
    expect(remainingText(600, 1800, 20)).toBe('about 1:00 left');
    expect(remainingText(1800, 1800, 20)).toBe('about 0:00 left');
    expect(nextRate(null, 120, 10)).toBe(12);
    expect(nextRate(12, 120, 5)).toBe(18);
  });
});
