// Versus 1: "Crossfire Lanes". A minor, 160 bpm: the classic — fast lead runs over a pumping bass.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'a5 - - e5 a5 - c6 - b5 - a5 - g5 - e5 -',
  'f5 - - - a5 - - - g5 - f5 - e5 - d5 -',
  'e5 - - - g5 - - - c6 - - - b5 - g5 -',
  'e5 - - - - - - - e5 f5 g#5 a5 b5 c6 d6 e6',
].join('|');
const A2 = [
  'a5 - - e5 a5 - c6 - e6 - d6 - c6 - b5 -',
  'c6 - - - a5 - - - f5 - a5 - c6 - f6 -',
  'e6 - d6 - c6 - b5 - c6 - b5 - a5 - g5 -',
  'a5 - - - - - - - - - - - . . . .',
].join('|');
const B = [
  'd6 - - - c6 - - - a5 - - - f5 - - -',
  'g5 - - - e5 - - - c5 - - - e5 - g5 -',
  'a5 - - - g5 - - - f5 - - - a5 - - -',
  'g#5 - - - - - - - b5 - - - e6 - - -',
].join('|');
const C = [
  'a5 b5 c6 e6 a5 b5 c6 e6 d6 - c6 - b5 - a5 -',
  'f5 g5 a5 c6 f5 g5 a5 c6 d6 - c6 - a5 - f5 -',
  'g5 a5 b5 d6 g5 a5 b5 d6 e6 - d6 - b5 - g5 -',
  'e6 - - - d6 - - - c6 - - - b5 - - -',
].join('|');

const bass = 'r o r o r o r o r o r o r o 5 o';

export const versus1: TrackSource = {
  name: 'versus-1',
  about: 'versus (open stages, first theme): A minor, 160 bpm, fast runs and pumping bass',
  bpm: 160,
  voice: { arpOctave: 1, leadIndex: 2.6 },
  intro: [
    {
      chords: 'Am F G E',
      arp: '0 1 2 3 2 1 0 1 2 3 2 1 0 1 2 3',
      bass: 'r . . . r . . . r . . . r . r .',
      drums: [BEAT.four],
      fill: BEAT.fill2,
    },
  ],
  loop: [
    {
      chords: 'Am F C E Am F C E',
      lead: `${A}|${A2}`,
      bass,
      arp: '0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2',
      drums: [BEAT.drive],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Dm C F E Dm C F E',
      lead: `${B}|${B}`,
      pad: true,
      counterPattern: '2 - - - 1 - - - 0 - - - 1 - - -',
      bass,
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      drums: [BEAT.fourS],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'Am F G Em F G Am E',
      lead: `${C}|${C}`,
      bass: 'r r o r r r o r r r o r 5 5 o 5',
      counterPattern: '4 - - - 3 - - - 2 - - - 3 - - -',
      arp: '0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2',
      drums: [BEAT.drive2],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Am F C E Am F C E',
      lead: `${A}|${A2}`,
      pad: true,
      bass,
      arp: '0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2',
      drums: [BEAT.drive],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
