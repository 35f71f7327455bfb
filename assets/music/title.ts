// Title: "Twin Horizon". D minor, 140 bpm: a bright arpeggio opens, then a singing lead over a
// driving beat; hopeful B section in the relative major.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'd5 - - e5 f5 - a5 -',
  'bb5 - a5 - g5 - f5 g5',
  'e5 - c5 - g5 - e5 -',
  'c#5 - e5 - a5 - - -',
  'd6 - c6 - a5 - f5 -',
  'g5 - f5 - d5 - bb4 -',
  'c5 d5 e5 f5 g5 - c6 -',
  'a5 - - - c#6 - e6 -',
].join('|');
const B = [
  'f5 - - g5 a5 - bb5 -',
  'c6 - bb5 a5 g5 - e5 -',
  'a5 - - g5 e5 - c5 -',
  'd5 - f5 - a5 - d6 -',
  'bb5 - a5 - g5 - d5 -',
  'e5 f5 g5 - c6 - bb5 -',
  'a5 - - - e5 - a5 -',
  'c#6 - - - e6 - - -',
].join('|');

export const title: TrackSource = {
  name: 'title',
  about: 'title screen: D minor, 140 bpm, hopeful and driving',
  bpm: 140,
  voice: { arpOctave: 1, leadIndex: 2 },
  intro: [
    { chords: 'Dm Bb C A', arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1', pad: true, drums: [BEAT.hats], fill: BEAT.fill },
    {
      chords: 'Dm Bb C A',
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      pad: true,
      bass: 'r . r r o . r .',
      drums: [BEAT.half],
      fill: BEAT.fill2,
    },
  ],
  loop: [
    {
      chords: 'Dm Bb C A Dm Bb C A',
      lead: A,
      arp: '0 2 4 2 0 2 4 5 0 2 4 2 0 2 4 5',
      bass: 'r r o r r r o r',
      counterPattern: '2 - - - 1 - - -',
      drums: [BEAT.drive, BEAT.drive2],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Bb C Am Dm Gm C A A',
      lead: B,
      pad: true,
      arp: '0 1 2 4 2 1 0 1 2 3 4 5 4 3 2 1',
      bass: 'r . r o r . 5 r',
      drums: [BEAT.four],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'Dm Bb C A Dm Bb C A',
      lead: A,
      leadOctave: 0,
      counterPattern: '4 - 3 - 2 - 1 -',
      arp: '0 2 4 2 0 2 4 5 0 2 4 2 0 2 4 5',
      bass: 'r o r o r o 5 o',
      drums: [BEAT.drive2, BEAT.drive],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
