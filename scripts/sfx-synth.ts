// Offline renderer for the sound definitions in assets/sfx/sounds.ts: mono 16-bit PCM WAV. Tones are
// band-limited (PolyBLEP) so square and sawtooth voices do not alias; noise is a fixed LCG stream
// through a swept two-pole low-pass (RBJ biquad). Every voice fades exponentially to −60 dB over its
// duration, as the former Web Audio recipes did, and stops 20 ms later.
import type { Voice, Wave } from '../assets/sfx/sounds';

const TAIL = 0.02;

/** Band-limiting correction of a saw/square edge (PolyBLEP); the music synth uses it too. */
export function polyBlep(t: number, dt: number): number {
  if (t < dt) {
    const x = t / dt;
    return x + x - x * x - 1;
  }
  if (t > 1 - dt) {
    const x = (t - 1) / dt;
    return x * x + x + x + 1;
  }
  return 0;
}

function oscSample(wave: Wave, phase: number, dt: number): number {
  switch (wave) {
    case 'sine':
      return Math.sin(2 * Math.PI * phase);
    case 'sawtooth':
      return 2 * phase - 1 - polyBlep(phase, dt);
    case 'square': {
      let v = phase < 0.5 ? 1 : -1;
      v += polyBlep(phase, dt);
      v -= polyBlep((phase + 0.5) % 1, dt);
      return v;
    }
    case 'triangle':
      return phase < 0.5 ? 4 * phase - 1 : 3 - 4 * phase;
  }
}

/** Length in seconds of a sound: its last voice's end plus the stop tail. */
export function soundLength(voices: readonly Voice[]): number {
  let end = 0;
  for (const v of voices) end = Math.max(end, v.at + v.dur + TAIL);
  return end;
}

/** The sound as float samples (−1…1 after `master`, clipped). */
export function renderSound(voices: readonly Voice[], sampleRate: number, master: number): Float32Array {
  const n = Math.ceil(soundLength(voices) * sampleRate);
  const out = new Float32Array(n);
  for (const v of voices) {
    const start = Math.round(v.at * sampleRate);
    const len = Math.min(n - start, Math.ceil((v.dur + TAIL) * sampleRate));
    const fade = (t: number) => v.vol * (0.001 / v.vol) ** Math.min(1, t / v.dur);
    if (v.kind === 'tone') {
      let phase = 0;
      for (let i = 0; i < len; i++) {
        const t = i / sampleRate;
        const f = v.f0 * (Math.max(20, v.f1) / v.f0) ** Math.min(1, t / v.dur);
        const dt = f / sampleRate;
        out[start + i]! += oscSample(v.wave, phase, dt) * fade(t);
        phase += dt;
        if (phase >= 1) phase -= 1;
      }
    } else {
      let x = 12345;
      let x1 = 0;
      let x2 = 0;
      let y1 = 0;
      let y2 = 0;
      const q = Math.SQRT1_2;
      for (let i = 0; i < len; i++) {
        const t = i / sampleRate;
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const s = (x / 0xffffffff) * 2 - 1;
        const fc = Math.min(sampleRate * 0.45, v.cutoff0 * (Math.max(20, v.cutoff1) / v.cutoff0) ** Math.min(1, t / v.dur));
        const w = (2 * Math.PI * fc) / sampleRate;
        const alpha = Math.sin(w) / (2 * q);
        const cw = Math.cos(w);
        const a0 = 1 + alpha;
        const b0 = (1 - cw) / 2 / a0;
        const b1 = (1 - cw) / a0;
        const a1 = (-2 * cw) / a0;
        const a2 = (1 - alpha) / a0;
        const y = b0 * s + b1 * x1 + b0 * x2 - a1 * y1 - a2 * y2;
        x2 = x1;
        x1 = s;
        y2 = y1;
        y1 = y;
        out[start + i]! += y * fade(t);
      }
    }
  }
  for (let i = 0; i < n; i++) out[i] = Math.max(-1, Math.min(1, out[i]! * master));
  return out;
}

/** A mono 16-bit PCM WAV file of `samples`. */
export function encodeWav(samples: Float32Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + samples.length * 2);
  const d = new DataView(bytes.buffer);
  const ascii = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) d.setUint8(at + i, s.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  d.setUint32(4, 36 + samples.length * 2, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  d.setUint32(16, 16, true);
  d.setUint16(20, 1, true); // PCM
  d.setUint16(22, 1, true); // mono
  d.setUint32(24, sampleRate, true);
  d.setUint32(28, sampleRate * 2, true);
  d.setUint16(32, 2, true);
  d.setUint16(34, 16, true);
  ascii(36, 'data');
  d.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) d.setInt16(44 + i * 2, Math.round(samples[i]! * 32767), true);
  return bytes;
}
