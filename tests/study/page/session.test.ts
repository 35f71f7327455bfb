import { describe, expect, it } from 'vitest';
import { STRINGS, HUD_TEXT } from '../../../src/study/page/i18n';
import { isPreviewPid, localCounts, pageMode, playbackOf, previewPid } from '../../../src/study/page/session';

const q = (s: string) => new URLSearchParams(s);

describe('pageMode', () => {
  it('honours ?rate= only in a researcher preview', () => {
    expect(pageMode(q('rate=6'))).toEqual({ preview: false, rate: 1 });
    expect(pageMode(q('view=preview&rate=6'))).toEqual({ preview: true, rate: 6 });
    expect(pageMode(q('view=preview'))).toEqual({ preview: true, rate: 1 });
  });

  it('keeps the preview rate within 1–16 and ignores nonsense', () => {
    expect(pageMode(q('view=preview&rate=100')).rate).toBe(16);
    expect(pageMode(q('view=preview&rate=0.5')).rate).toBe(1);
    expect(pageMode(q('view=preview&rate=abc')).rate).toBe(1);
    expect(pageMode(q('view=preview&rate=-3')).rate).toBe(1);
  });
});

describe('preview pids', () => {
  it('prefixes once and recognises the prefix', () => {
    expect(previewPid('p1')).toBe('preview-p1');
    expect(previewPid('preview-p1')).toBe('preview-p1');
    expect(isPreviewPid('preview-x')).toBe(true);
    expect(isPreviewPid('x-preview-')).toBe(false);
    expect(previewPid('a'.repeat(64))).toHaveLength(64);
  });
});

describe('localCounts', () => {
  it('counts participants per group, previews left out', () => {
    const p = (pid: string, group: string) => ({ answer: { pid, group } });
    expect(localCounts([p('a', 'A'), p('b', 'A'), p('c', 'B'), p('preview-d', 'B'), p('preview-e', 'C')])).toEqual({ A: 2, B: 1 });
    expect(localCounts([])).toEqual({});
  });
});

describe('playbackOf', () => {
  const win = { innerWidth: 1366, innerHeight: 657, devicePixelRatio: 2 };

  it('gives a clip played on time 60 fps, with the window it played in', () => {
    expect(playbackOf({ kind: 'clip', set: 3, which: 'second', clip: 'cabc123' }, { frames: 119, wallMs: 1983 }, 1, win)).toEqual({
      kind: 'clip',
      set: 3,
      which: 'second',
      clip: 'cabc123',
      frames: 119,
      wallMs: 1983,
      fps: 60.01,
      rate: 1,
      width: 1366,
      height: 657,
      dpr: 2,
    });
  });

  it('shows a slowed practice and a preview rate in fps (sim frames per wall second)', () => {
    const slow = playbackOf({ kind: 'practice' }, { frames: 10800, wallMs: 270_000 }, 1, win);
    expect([slow.kind, slow.set, slow.which, slow.clip, slow.fps]).toEqual(['practice', null, null, null, 40]);
    expect(playbackOf({ kind: 'practice' }, { frames: 360, wallMs: 1000 }, 6, win).fps / 6).toBe(60);
  });

  it('gives 0 fps when nothing played', () => {
    expect(playbackOf({ kind: 'practice' }, { frames: 0, wallMs: 0 }, 1, win).fps).toBe(0);
  });
});

describe('page texts', () => {
  it('has every HUD label in both languages', () => {
    expect(HUD_TEXT.en.time).toBe('TIME');
    expect(Object.keys(HUD_TEXT.ja).sort()).toEqual(Object.keys(HUD_TEXT.en).sort());
    for (const v of Object.values(HUD_TEXT.ja)) expect(v.length).toBeGreaterThan(0);
  });

  it('says the study’s duration on the welcome page and asks for a choice in the page language', () => {
    expect(STRINGS.en.welcomeBody(15)).toContain('about 15 minutes');
    expect(STRINGS.en.welcomeBody(1)).toContain('about 1 minute.');
    expect(STRINGS.ja.welcomeBody(15)).toContain('約15分');
    expect(STRINGS.ja.choose).not.toMatch(/[A-Za-z]/);
    expect(STRINGS.ja.required).not.toMatch(/[A-Za-z]/);
  });
});
