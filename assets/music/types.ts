// The note-data format of the game's music (original, written for Twinfield). One file per track;
// scripts/music/render.ts turns a track into stereo PCM and scripts/build-assets.ts encodes it.
//
// A track is a list of sections played in order: `intro` once, then `loop` forever (the loop point
// is the first bar of `loop`). A section is a few bars: its chords (one symbol per bar, or two joined
// by `/` for two beats each) drive the bass, arpeggio and pad patterns; lead and counter-melody are
// written out note by note. Jingles have only `intro` and no loop.
//
// Melody strings: bars separated by `|`, each bar a list of equal steps separated by spaces (8 steps =
// eighth notes, 16 = sixteenths, 4 = quarters). A step is a note (`a4`, `c#5`, `bb3`), `-` (hold the
// note before) or `.` (rest).
// Pattern strings (bass, arp): one bar of steps over the bar's chord: `r` root, `3` third, `5` fifth,
// `7` the chord's fourth tone (or the octave), `o` root an octave up, `q` fifth an octave up, `-`, `.`.
// Arp steps may also be digits 0–9 indexing the chord's tones upward across octaves.
// Drum patterns: one bar per line of a 16-step grid: `k` kick, `s` snare, `h` closed hat, `o` open
// hat, `c` crash, `t` low tom, `T` high tom, `x` kick+hat, `.` nothing.

export interface Section {
  /** Chord symbols, one per bar (`Am`, `F`, `G7`, `Cmaj7`, `Bb`, `F#m7b5`, `Esus4`, `A/E` no, `Am/G` = two chords). */
  chords: string;
  lead?: string;
  counter?: string;
  /** A counter-line as a chord pattern (like `arp`, an octave below it) when not written out. */
  counterPattern?: string;
  /** One bar of bass steps, or one per bar separated by `|` (repeated when shorter). */
  bass?: string;
  arp?: string;
  /** Holds the chord on the pad voice (true) or not. */
  pad?: boolean;
  /** Drum bars (16 steps each), cycled over the section; the last one is played on the section's last bar when `fill`. */
  drums?: string[];
  fill?: string;
  /** Crash on the section's first beat. */
  crash?: boolean;
  /** Octave shift of the lead for this section (−1, 0, 1). */
  leadOctave?: number;
}

export interface TrackSource {
  name: string;
  /** What it is for and its mood, for the docs. */
  about: string;
  bpm: number;
  /** Beats per bar (4 unless said). */
  beats?: number;
  /** Instrument colours: lead FM ratio / brightness, arp octave, etc. */
  voice?: { leadRatio?: number; leadIndex?: number; arpOctave?: number; bassCutoff?: number; padCutoff?: number };
  /** Mix levels (linear) per part; defaults in the renderer. */
  mix?: Partial<Record<'lead' | 'counter' | 'bass' | 'arp' | 'pad' | 'drums', number>>;
  intro: Section[];
  loop: Section[];
}
