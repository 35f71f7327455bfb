// The story's last stage: "Two Fields, One Sky". B minor, 180 bpm: the grandest theme, a soaring lead
// with a written counter-melody, a relentless bass and a key lift to C# minor in its last section.
import { BEAT } from './drums';
import type { TrackSource } from './types';

const A = [
  'b5 - - - f#5 - - - b5 - c#6 - d6 - - -',
  'c#6 - - - a5 - - - e5 - f#5 - g5 - - -',
  'f#5 - - - d5 - - - f#5 - b5 - d6 - - -',
  'c#6 - - - - - - - a#5 - - - c#6 - - -',
].join('|');
const A2 = [
  'b5 - - - f#5 - - - b5 - c#6 - d6 - - -',
  'e6 - - - d6 - - - c#6 - - - a5 - - -',
  'b5 - a5 - g5 - - - d6 - c#6 - b5 - - -',
  'a#5 - - - - - - - f#5 - - - - - - -',
].join('|');
const CA = [
  'd5 - - - - - - - f#5 - - - - - - -',
  'e5 - - - - - - - c#5 - - - - - - -',
  'd5 - - - - - - - b4 - - - - - - -',
  'c#5 - - - - - - - e5 - - - - - - -',
].join('|');
const B = [
  'g5 - a5 - b5 - d6 - - - c#6 - b5 - a5 -',
  'a5 - - - f#5 - - - d5 - e5 - f#5 - - -',
  'e5 - f#5 - g5 - b5 - - - a5 - g5 - f#5 -',
  'f#5 - - - - - - - a#5 - - - c#6 - - -',
].join('|');
// the last section: the A tune a whole step up (C# minor)
const up = (s: string): string =>
  s.replace(/([a-g])(#|b)?(\d)/g, (_m, l: string, acc: string | undefined, o: string) => {
    const names = ['c', 'c#', 'd', 'eb', 'e', 'f', 'f#', 'g', 'g#', 'a', 'bb', 'b'];
    const pc = { c: 0, d: 2, e: 4, f: 5, g: 7, a: 9, b: 11 }[l as 'c']! + (acc === '#' ? 1 : acc === 'b' ? -1 : 0) + 2;
    return `${names[((pc % 12) + 12) % 12]}${Number(o) + Math.floor(pc / 12)}`;
  });

const bass = 'r r o r r r o r r r o r r r 5 r';

export const final: TrackSource = {
  name: 'final',
  about: "story's last stage: B minor, 180 bpm, soaring lead and counter-melody, lifts to C# minor",
  bpm: 180,
  voice: { arpOctave: 1, leadIndex: 2.4 },
  mix: { counter: 0.14 },
  intro: [
    { chords: 'Bm Bm G F#', pad: true, bass: 'r . . . . . . . r . . . . . . .', drums: [BEAT.sparse] },
    { chords: 'Bm Bm G F#', pad: true, arp: '0 1 2 3 2 1 0 1 2 3 2 1 0 1 2 3', bass, drums: [BEAT.four], fill: BEAT.fill2 },
  ],
  loop: [
    {
      chords: 'Bm A G F# Bm A G F#',
      lead: `${A}|${A2}`,
      counter: `${CA}|${CA}`,
      bass,
      arp: '0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2',
      drums: [BEAT.drive],
      fill: BEAT.fill,
      crash: true,
    },
    {
      chords: 'Em D Em F# Em D Em F#',
      lead: `${B}|${B}`,
      pad: true,
      counterPattern: '2 - - - 1 - - - 0 - - - 1 - - -',
      bass,
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      drums: [BEAT.fourS, BEAT.drive2],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'Bm A G F# Bm A G F#',
      lead: `${A}|${A2}`,
      leadOctave: 1,
      counter: `${CA}|${CA}`,
      pad: true,
      bass,
      drums: [BEAT.drive2],
      fill: BEAT.fill2,
      crash: true,
    },
    {
      chords: 'C#m B A G# C#m B A G#',
      lead: up(`${A}|${A2}`),
      counter: up(`${CA}|${CA}`),
      bass,
      arp: '0 2 4 2 0 2 4 2 0 2 4 2 0 2 4 2',
      drums: [BEAT.drive],
      fill: BEAT.fill2,
      crash: true,
    },
  ],
};
