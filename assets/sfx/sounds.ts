// Editable source of the game's sound effects: each sound is a few voices (a tone gliding from f0 to
// f1 Hz, or low-passed noise whose cutoff glides) with an exponential fade. scripts/build-assets.ts
// renders them to WAV (public/assets/sfx/NAME.wav) with scripts/sfx-synth.ts. Original sounds made
// for Twinfield. Times are in seconds, volumes linear (the mix is scaled by MASTER).

export type Wave = 'sine' | 'square' | 'sawtooth' | 'triangle';

export type Voice =
  | { kind: 'tone'; wave: Wave; f0: number; f1: number; at: number; dur: number; vol: number }
  | { kind: 'noise'; cutoff0: number; cutoff1: number; at: number; dur: number; vol: number };

import type { SfxName } from '../../src/audio/sfx-names';

export { SFX_NAMES, type SfxName } from '../../src/audio/sfx-names';

/** The whole mix's level (what the game's master gain was). */
export const MASTER = 0.5;
export const SAMPLE_RATE = 22050;

const tone = (wave: Wave, f0: number, f1: number, at: number, dur: number, vol: number): Voice => ({
  kind: 'tone',
  wave,
  f0,
  f1,
  at,
  dur,
  vol,
});
const noise = (at: number, dur: number, vol: number, cutoff0: number, cutoff1: number): Voice => ({
  kind: 'noise',
  cutoff0,
  cutoff1,
  at,
  dur,
  vol,
});

export const SOUNDS: Record<SfxName, Voice[]> = {
  shot: [tone('square', 880, 660, 0, 0.04, 0.035)],
  kill: [noise(0, 0.18, 0.22, 2400, 300), tone('triangle', 520, 180, 0, 0.14, 0.16)],
  hit: [noise(0, 0.6, 0.5, 900, 60), tone('sawtooth', 180, 40, 0, 0.5, 0.3)],
  graze: [tone('sine', 2200, 2600, 0, 0.05, 0.06)],
  charge: [tone('triangle', 440, 880, 0, 0.16, 0.18)],
  bomb: [noise(0, 0.7, 0.45, 300, 3000), tone('sine', 120, 60, 0, 0.7, 0.4)],
  send: [tone('square', 660, 990, 0, 0.1, 0.08), tone('square', 990, 1320, 0.08, 0.1, 0.07)],
  arrive: [tone('sawtooth', 300, 200, 0, 0.25, 0.12)],
  select: [tone('square', 660, 660, 0, 0.06, 0.1), tone('square', 990, 990, 0.06, 0.08, 0.1)],
  move: [tone('square', 520, 520, 0, 0.03, 0.06)],
  pause: [tone('triangle', 700, 350, 0, 0.12, 0.15)],
  win: [523, 659, 784, 1047].map((f, i) => tone('triangle', f, f, i * 0.12, 0.18, 0.18)),
  lose: [392, 330, 262, 196].map((f, i) => tone('triangle', f, f * 0.98, i * 0.16, 0.22, 0.16)),
};
