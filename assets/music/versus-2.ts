// Versus 2: "Moth Lantern Rondo". F# minor, 150 bpm: swinging syncopation, a darker dance.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = ['f#5 - c#6 - - b5 a5 -', 'g#5 - e5 - - c#5 e5 -', 'd5 - f#5 - a5 - d6 -', 'c#6 - - - e#5 - g#5 -'].join('|');
const A2 = ['f#5 - c#6 - - b5 a5 -', 'b5 - a5 - g#5 - e5 -', 'f#5 - a5 - d6 - c#6 b5', 'c#6 - - - - - . .'].join('|');
const B = [
  'a5 - b5 - c#6 - e6 -',
  'd6 - - c#6 b5 - f#5 -',
  'g#5 - a5 - b5 - e6 -',
  'c#6 - - b5 a5 - g#5 -',
  'f#5 - a5 - c#6 - f#6 -',
  'e6 - d6 - c#6 - b5 -',
  'a5 - g#5 - f#5 - e#5 -',
  'f#5 - - - g#5 - a5 -',
].join('|');

export const versus2: TrackSource = {
  name: 'versus-2',
  about: 'versus (open stages, second theme): F# minor, 150 bpm, syncopated and dark',
  bpm: 150,
  voice: { arpOctave: 1, leadIndex: 1.8, leadRatio: 2, bassCutoff: 420 },
  mix: { lead: 0.28 },
  intro: [
    {
      chords: 'F#m D E C#7',
      pad: true,
      bass: 'r . . r . . r .',
      arp: '0 . 1 . 2 . 3 . 0 . 1 . 2 . 3 .',
      drums: [BEAT.sparse],
      fill: BEAT.fill,
    },
  ],
  loop: [
    {
      chords: 'F#m E D C#7 F#m E D C#7',
      lead: `${A}|${A2}`,
      bass: 'r . r o . r 5 .',
      arp: '0 2 4 0 2 4 0 2 4 0 2 4 0 2 4 2',
      drums: [BEAT.shuffle, BEAT.drive],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'D E C#m F#m Bm E C#7 C#7',
      lead: B,
      pad: true,
      counterPattern: '0 - - 1 - - 2 -',
      bass: 'r . r o . r 5 .',
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      drums: [BEAT.fourS],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'F#m E D C#7 F#m E D C#7',
      lead: `${A}|${A2}`,
      leadOctave: 0,
      counterPattern: '4 - - 3 - - 2 -',
      bass: 'r r o r r o 5 r',
      arp: '0 2 4 0 2 4 0 2 4 0 2 4 0 2 4 2',
      drums: [BEAT.drive2],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Bm C#m D E Bm C#m D C#7',
      lead: B,
      leadOctave: -1,
      pad: true,
      bass: 'r . r o . r 5 .',
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      drums: [BEAT.half, BEAT.shuffle],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
