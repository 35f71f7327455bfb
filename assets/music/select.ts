// Character select: "Six Wings Waiting". E minor, 126 bpm: light, bouncing, a little playful.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'e5 - g5 - b5 - a5 g5',
  'f#5 - d5 - a5 - - -',
  'g5 - e5 - c6 - b5 a5',
  'b5 - - - f#5 - - -',
  'e5 - g5 - b5 - e6 -',
  'd6 - b5 - a5 - f#5 -',
  'g5 a5 b5 - c6 - a5 -',
  'b5 - - - d#6 - - -',
].join('|');
const B = [
  'c6 - b5 - a5 - g5 -',
  'a5 - - b5 g5 - d5 -',
  'b5 - a5 - g5 - f#5 -',
  'g5 - - - e5 - - -',
  'c6 - b5 - a5 - e6 -',
  'd6 - - c6 b5 - g5 -',
  'a5 - b5 - c6 - a5 -',
  'b5 - - - - - . .',
].join('|');

export const select: TrackSource = {
  name: 'select',
  about: 'character select: E minor, 126 bpm, light and bouncing',
  bpm: 126,
  voice: { arpOctave: 1, leadIndex: 1.4, leadRatio: 2 },
  mix: { lead: 0.27, arp: 0.1 },
  intro: [
    {
      chords: 'Em D C B7',
      arp: '0 2 1 3 0 2 1 3 0 2 1 3 0 2 1 3',
      pad: true,
      bass: 'r . . r . . r .',
      drums: [BEAT.hats],
      fill: BEAT.fill,
    },
  ],
  loop: [
    {
      chords: 'Em D C B7 Em D C B7',
      lead: A,
      arp: '0 2 1 3 0 2 1 3 0 2 1 3 0 2 1 3',
      bass: 'r . r 5 . r o .',
      drums: [BEAT.shuffle],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Am D G Em Am D C B7',
      lead: B,
      pad: true,
      counterPattern: '2 - - 1 - - 0 -',
      arp: '0 1 2 3 2 1 0 1 2 3 4 3 2 1 0 1',
      bass: 'r . r 5 . r o .',
      drums: [BEAT.shuffle, BEAT.half],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'Em D C B7 Em D C B7',
      lead: A,
      leadOctave: -1,
      counterPattern: '4 - 3 - 2 - 1 -',
      arp: '0 2 1 3 0 2 1 3 0 2 1 3 0 2 1 3',
      bass: 'r r . r 5 . o .',
      drums: [BEAT.fourS],
      fill: BEAT.fill,
      crash: true,
    },
  ],
};
