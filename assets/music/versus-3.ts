// Versus 3: "Honeycomb Overdrive". C minor, 172 bpm: the fastest theme, stabbing lead and octave bass.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'c6 - g5 - c6 - d6 - eb6 - d6 - c6 - g5 -',
  'ab5 - - - c6 - - - bb5 - ab5 - g5 - f5 -',
  'g5 - - - bb5 - - - d6 - - - f6 - eb6 d6',
  'b5 - - - - - - - g5 ab5 b5 c6 d6 eb6 f6 g6',
].join('|');
const B = [
  'eb6 - - - d6 - c6 - bb5 - - - g5 - - -',
  'ab5 - - - g5 - f5 - eb5 - - - c5 - - -',
  'f5 - - - ab5 - c6 - f6 - - - eb6 - d6 -',
  'd6 - - - - - - - b5 - - - d6 - - -',
].join('|');
const C = [
  'g5 c6 eb6 g6 g5 c6 eb6 g6 f6 eb6 d6 c6 bb5 ab5 g5 f5',
  'ab5 c6 eb6 ab6 ab5 c6 eb6 ab6 g6 f6 eb6 d6 c6 bb5 ab5 g5',
  'f5 ab5 c6 f6 f5 ab5 c6 f6 eb6 d6 c6 bb5 ab5 g5 f5 eb5',
  'd5 - - - g5 - - - b5 - - - d6 - - -',
].join('|');

export const versus3: TrackSource = {
  name: 'versus-3',
  about: 'versus (open stages, third theme): C minor, 172 bpm, the fastest, stabbing lead',
  bpm: 172,
  voice: { arpOctave: 1, leadIndex: 3, bassCutoff: 600 },
  intro: [{ chords: 'Cm Cm Ab G', bass: 'r o r o r o r o r o r o r o r o', drums: [BEAT.four], fill: BEAT.fill2 }],
  loop: [
    {
      chords: 'Cm Ab Bb G Cm Ab Bb G',
      lead: `${A}|${A}`,
      bass: 'r o r o r o r o r o r o r o 5 o',
      arp: '0 1 2 1 0 1 2 1 0 1 2 1 0 1 2 1',
      drums: [BEAT.drive, BEAT.drive2],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Cm Fm Bb G Cm Fm Fm G',
      lead: `${B}|${B}`,
      pad: true,
      counterPattern: '2 - - - 1 - - - 0 - - - 2 - - -',
      bass: 'r . r o . r o . r . r o . r o .',
      arp: '0 1 2 3 2 1 0 1 2 3 2 1 0 1 2 3',
      drums: [BEAT.fourS],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'Cm Ab Fm G Cm Ab Fm G',
      lead: `${C}|${C}`,
      bass: 'r o r o r o r o r o r o r o 5 o',
      counterPattern: '4 - - - 3 - - - 2 - - - 1 - - -',
      drums: [BEAT.drive2],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Cm Ab Bb G Cm Ab Bb G',
      lead: `${A}|${A}`,
      pad: true,
      bass: 'r o r o r o r o r o r o r o 5 o',
      arp: '0 1 2 1 0 1 2 1 0 1 2 1 0 1 2 1',
      drums: [BEAT.drive],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
