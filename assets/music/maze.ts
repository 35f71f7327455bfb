// Maze stages: "Corridor of Waves". E Phrygian colour, 118 bpm: a ticking arpeggio, a sparse searching
// lead and a low pulse, for the chase through corridors.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'e5 - - - f5 - - - g5 - - - f5 - e5 -',
  'd5 - - - - - - - c5 - d5 - e5 - - -',
  'e5 - - - f5 - - - a5 - - - g5 - f5 -',
  'e5 - - - - - - - - - - - . . . .',
].join('|');
const B = [
  'b5 - - - a5 - - - g5 - - - f5 - - -',
  'e5 - - - f5 - g5 - a5 - - - - - - -',
  'c6 - - - b5 - - - a5 - - - g5 - - -',
  'f5 - - - - - - - e5 - - - - - - -',
].join('|');

export const maze: TrackSource = {
  name: 'maze',
  about: 'maze stages: E Phrygian, 118 bpm, ticking and searching',
  bpm: 118,
  voice: { arpOctave: 1, leadIndex: 1.2, leadRatio: 3, bassCutoff: 380, padCutoff: 1100 },
  mix: { lead: 0.26, arp: 0.11, pad: 0.08, drums: 0.36 },
  intro: [{ chords: 'Em F Em Dm', pad: true, arp: '0 1 2 1 0 1 2 1 0 1 2 1 0 1 2 1', drums: [BEAT.hats] }],
  loop: [
    {
      chords: 'Em F Em Dm Em F G F',
      lead: `${A}|${A}`,
      pad: true,
      bass: 'r . . r . . r . r . . r . . o .',
      arp: '0 1 2 1 0 1 2 1 0 1 2 1 0 1 2 1',
      drums: [BEAT.half],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Am G F Em Am G F Em',
      lead: `${B}|${B}`,
      pad: true,
      counterPattern: '0 - - - 1 - - - 2 - - - 1 - - -',
      bass: 'r . r . r . r . r . r . r . 5 .',
      arp: '0 2 1 2 0 2 1 2 0 2 1 2 0 2 1 2',
      drums: [BEAT.fourS],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Em F Em Dm Em F G F',
      lead: `${A}|${A}`,
      leadOctave: 1,
      bass: 'r . . r . . r . r . . r . . o .',
      arp: '0 1 2 1 0 1 2 1 0 1 2 1 0 1 2 1',
      drums: [BEAT.shuffle],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
