import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MASTER, SAMPLE_RATE, SFX_NAMES, SOUNDS, type Voice } from '../../assets/sfx/sounds';
import { encodeWav, renderSound, soundLength } from '../../scripts/sfx-synth';

const tone = (f: number, dur: number, wave: 'sine' | 'square' = 'sine'): Voice => ({
  kind: 'tone',
  wave,
  f0: f,
  f1: f,
  at: 0,
  dur,
  vol: 1,
});

function crossings(x: Float32Array, from: number, to: number): number {
  let n = 0;
  for (let i = from + 1; i < to; i++) if (x[i - 1]! < 0 && x[i]! >= 0) n++;
  return n;
}

describe('sfx synth (assets/sfx → WAV)', () => {
  it('a steady tone has its frequency and fades by 60 dB over its duration', () => {
    const sr = 22050;
    const x = renderSound([tone(441, 1)], sr, 1);
    expect(x.length).toBe(Math.ceil(soundLength([tone(441, 1)]) * sr));
    // Upward zero crossings over the first half second: 441 Hz → about 220.
    expect(Math.abs(crossings(x, 0, sr / 2) - 220)).toBeLessThanOrEqual(1);
    const peak = (a: number, b: number) => {
      let m = 0;
      for (let i = a; i < b; i++) m = Math.max(m, Math.abs(x[i]!));
      return m;
    };
    expect(peak(0, 200)).toBeGreaterThan(0.9);
    expect(peak(sr - 200, sr)).toBeLessThan(0.002);
  });

  it('a glide moves from f0 to f1', () => {
    const sr = 22050;
    const x = renderSound([{ kind: 'tone', wave: 'sine', f0: 200, f1: 800, at: 0, dur: 1, vol: 1 }], sr, 1);
    const early = crossings(x, 0, sr / 10);
    const late = crossings(x, (sr * 9) / 10, sr);
    expect(early).toBeGreaterThanOrEqual(19);
    expect(early).toBeLessThanOrEqual(23);
    expect(late).toBeGreaterThanOrEqual(74);
    expect(late).toBeLessThanOrEqual(80);
  });

  it('the noise low-pass keeps less high-frequency energy with a lower cutoff', () => {
    const sr = 22050;
    const hf = (cut: number) => {
      const x = renderSound([{ kind: 'noise', cutoff0: cut, cutoff1: cut, at: 0, dur: 0.5, vol: 1 }], sr, 1);
      let d = 0;
      let e = 0;
      for (let i = 1; i < x.length; i++) {
        d += (x[i]! - x[i - 1]!) ** 2;
        e += x[i]! ** 2;
      }
      return d / e; // first-difference energy ratio: large for bright noise
    };
    expect(hf(300)).toBeLessThan(hf(4000) / 4);
  });

  it('voices start at their time and the mix is scaled and clipped', () => {
    const sr = 8000;
    const x = renderSound([{ ...tone(500, 0.1, 'square'), at: 0.2 }], sr, 0.5);
    for (let i = 0; i < 0.2 * sr - 1; i++) expect(x[i]).toBe(0);
    expect(Math.max(...x)).toBeLessThanOrEqual(0.5 + 0.1);
    const loud = renderSound([tone(300, 0.1), tone(300, 0.1), tone(300, 0.1)], sr, 1);
    expect(Math.max(...loud)).toBe(1);
    expect(Math.min(...loud)).toBe(-1);
  });

  it('writes a 16-bit mono PCM WAV', () => {
    const b = encodeWav(Float32Array.from([0, 1, -1, 0.5]), 22050);
    const d = new DataView(b.buffer);
    expect(String.fromCharCode(...b.slice(0, 4), ...b.slice(8, 16))).toBe('RIFFWAVEfmt ');
    expect(d.getUint32(4, true)).toBe(b.length - 8);
    expect(d.getUint16(20, true)).toBe(1);
    expect(d.getUint16(22, true)).toBe(1);
    expect(d.getUint32(24, true)).toBe(22050);
    expect(d.getUint16(34, true)).toBe(16);
    expect(d.getUint32(40, true)).toBe(8);
    expect([0, 1, 2, 3].map((i) => d.getInt16(44 + i * 2, true))).toEqual([0, 32767, -32767, 16384]);
  });

  it('the committed files are what the definitions render (npm run -s build:assets -- --only sfx)', () => {
    for (const name of SFX_NAMES) {
      const want = encodeWav(renderSound(SOUNDS[name], SAMPLE_RATE, MASTER), SAMPLE_RATE);
      const got = new Uint8Array(readFileSync(`public/media/sfx/${name}.wav`));
      expect(got.length, name).toBe(want.length);
      expect(Buffer.compare(Buffer.from(got), Buffer.from(want)), name).toBe(0);
    }
  });
});
