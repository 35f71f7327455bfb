// Jingles (no loop): a win fanfare, a falling lose phrase and a short result sting.
import { BEAT } from './drums';
import type { TrackSource } from './types';

export const win: TrackSource = {
  name: 'win',
  about: 'win jingle: C major fanfare, 170 bpm',
  bpm: 170,
  voice: { leadIndex: 2.4 },
  intro: [
    {
      chords: 'C F/G C',
      lead: 'c5 e5 g5 c6 - - e6 - | f6 - - - d6 - - - | c6 - - - - - - .',
      counterPattern: '0 - 1 - 2 - - - | 0 - - - 2 - - - | 3 - - - - - - -',
      bass: 'r . r . o . r . | r - - - r - - - | r - - - - - - .',
      drums: ['x.h.s.h.x.h.s.s.', 'k...s...k...ssss', 'c...............'],
      crash: true,
    },
  ],
  loop: [],
};

export const lose: TrackSource = {
  name: 'lose',
  about: 'lose jingle: A minor, a slow falling phrase, 112 bpm',
  bpm: 112,
  voice: { leadIndex: 1, leadRatio: 2, padCutoff: 900 },
  mix: { lead: 0.3 },
  intro: [
    {
      chords: 'Dm/E7 Am',
      lead: 'f5 - e5 - d5 - b4 g#4 | a4 - - - - - - .',
      pad: true,
      bass: 'r - - - r - - - | r - - - - - - .',
      drums: [BEAT.sparse, 'k...............'],
    },
  ],
  loop: [],
};

export const result: TrackSource = {
  name: 'result',
  about: 'result jingle: F major sting, 150 bpm',
  bpm: 150,
  voice: { leadIndex: 1.6, leadRatio: 2 },
  intro: [
    {
      chords: 'F/Bb C7 F',
      lead: 'a5 - c6 - f6 - d6 - | e6 - g6 - c6 - bb5 - | a5 - - - - - - .',
      arp: '0 1 2 3 4 3 2 1 0 1 2 3 4 3 2 1',
      bass: 'r . o . r . o . | r . o . r . o . | r - - - - - - .',
      pad: true,
      drums: ['x.h.h.h.s.h.h.hh', 'x.h.s.h.x.h.ssss', 'c...............'],
    },
  ],
  loop: [],
};
