// The music synth's loop seam and the built files' figures (public/media/music.json).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Section, TrackSource } from '../../assets/music/types';
import { type MusicManifest, MUSIC_NAMES, TRACK_NAMES } from '../../src/audio/music-names';
import { chordTones, noteMidi, renderTrack } from '../../scripts/music/render';

// 120 bpm: a bar is exactly 96 000 samples, so a pass shifted by whole bars lands on the same samples.
const silentIntro: Section = { chords: 'Am' };
const body: Section = {
  chords: 'Am F G',
  lead: 'a5 - c6 - e6 - - - | f6 - - - c6 - a5 - | g5 - b5 - d6 - - g6',
  counterPattern: '2 - - - 1 - - -',
  bass: 'r . r o r . 5 o',
  arp: '0 1 2 3 2 1 0 1 2 3 2 1 0 1 2 3',
  pad: true,
};
const looped: TrackSource = { name: 't', about: '', bpm: 120, intro: [silentIntro], loop: [body] };
// the same music played straight through: the loop twice, no loop point
const straight: TrackSource = { name: 't', about: '', bpm: 120, intro: [silentIntro, body, body], loop: [] };

describe('music synth', () => {
  it('reads notes and chords', () => {
    expect(noteMidi('a4')).toBe(69);
    expect(noteMidi('c#5')).toBe(73);
    expect(noteMidi('bb3')).toBe(58);
    expect(chordTones('Am')).toEqual([57, 60, 64]);
    expect(chordTones('F#m7b5')).toEqual([54, 57, 60, 64]);
    expect(() => chordTones('Hm')).toThrow();
  });

  it('a loop joins without a click: played twice it equals a straight render of the music', () => {
    const a = renderTrack(looped);
    const b = renderTrack(straight);
    const { start, end } = a.loop!;
    expect(start).toBe(96000);
    expect(end - start).toBe(3 * 96000);
    const L = end - start;
    // the file's loop region is what a listener hears on every pass after the first: the second pass
    // of the straight render (tails of the pass before it included)
    let maxDiff = 0;
    let maxAbs = 0;
    for (const [x, y] of [
      [a.left, b.left],
      [a.right, b.right],
    ] as const)
      for (let k = 0; k < L; k++) {
        maxDiff = Math.max(maxDiff, Math.abs(x[start + k]! - y[start + L + k]!));
        maxAbs = Math.max(maxAbs, Math.abs(y[start + L + k]!));
      }
    expect(maxAbs).toBeGreaterThan(0.05);
    expect(maxDiff / maxAbs).toBeLessThan(1e-3);
    // and the seam itself: from the file's last sample to its loop start is a step like the music's own
    const step = Math.abs(a.left[end - 1]! - a.left[start]!);
    const straightStep = Math.abs(b.left[start + 2 * L - 1]! - b.left[start + 2 * L]!);
    expect(Math.abs(step - straightStep)).toBeLessThan(1e-3 * maxAbs);
  });

  it('is deterministic', () => {
    const short: TrackSource = { ...looped, loop: [{ ...body, chords: 'Am', lead: 'a5 c6 e6 a6' }] };
    const a = renderTrack(short);
    const b = renderTrack(short);
    expect(Buffer.from(a.left.buffer).equals(Buffer.from(b.left.buffer))).toBe(true);
  });
});

describe('built music (npm run -s build:assets -- --only music)', () => {
  const path = 'public/media/music.json';
  const m = JSON.parse(readFileSync(path, 'utf8')) as MusicManifest;

  it('lists every track with both files, its length and loop point', () => {
    expect(Object.keys(m.tracks).sort()).toEqual([...MUSIC_NAMES].sort());
    for (const name of MUSIC_NAMES) {
      const e = m.tracks[name];
      for (const f of [e.ogg, e.mp3]) {
        expect(existsSync(`public/${f}`), f).toBe(true);
        expect(statSync(`public/${f}`).size).toBe(f.endsWith('.ogg') ? e.bytes.ogg : e.bytes.mp3);
      }
      if ((TRACK_NAMES as readonly string[]).includes(name)) {
        expect(e.loop, name).not.toBeNull();
        expect(e.loop!.end - e.loop!.start, name).toBeGreaterThanOrEqual(40);
        expect(e.loop!.end - e.loop!.start, name).toBeLessThanOrEqual(90);
        expect(e.loop!.start, name).toBeGreaterThan(0);
        expect(e.loop!.end, name).toBeCloseTo(e.duration, 3);
      } else {
        expect(e.loop, name).toBeNull();
        expect(e.duration, name).toBeGreaterThanOrEqual(2);
        expect(e.duration, name).toBeLessThanOrEqual(5);
      }
    }
  });

  it('holds no music file the manifest does not list', () => {
    const listed = new Set(MUSIC_NAMES.flatMap((n) => [m.tracks[n].ogg, m.tracks[n].mp3]));
    for (const f of readdirSync('public/media/music')) expect(listed.has(`media/music/${f}`), f).toBe(true);
  });

  it('no clipping (peak ≤ −1 dBFS) and even loudness (RMS within 3 dB of each other)', () => {
    const rms = MUSIC_NAMES.map((n) => m.tracks[n].levels.rmsDb);
    for (const n of MUSIC_NAMES) expect(m.tracks[n].levels.peakDb, n).toBeLessThanOrEqual(-1);
    expect(Math.max(...rms) - Math.min(...rms)).toBeLessThanOrEqual(3);
  });

  it('the Opus files stay within 1.5 MB together', () => {
    const total = MUSIC_NAMES.reduce((s, n) => s + m.tracks[n].bytes.ogg, 0);
    expect(total).toBeLessThanOrEqual(1_500_000);
  });
});
