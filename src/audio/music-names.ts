// The game's music by name (sources: assets/music/; files: public/media/music/NAME.ogg and .mp3,
// listed by public/media/music.json; loaded as audio key `music-NAME`).
export const TRACK_NAMES = ['title', 'select', 'versus-1', 'versus-2', 'versus-3', 'maze', 'final'] as const;
export const JINGLE_NAMES = ['win', 'lose', 'result'] as const;
export const MUSIC_NAMES = [...TRACK_NAMES, ...JINGLE_NAMES] as const;

export type TrackName = (typeof TRACK_NAMES)[number];
export type JingleName = (typeof JINGLE_NAMES)[number];
export type MusicName = TrackName | JingleName;

export const musicKey = (name: MusicName): string => `music-${name}`;
export const MUSIC_MANIFEST_URL = 'media/music.json';

/** One entry of public/media/music.json. */
export interface MusicEntry {
  /** Opus in Ogg and the MP3 fallback, relative to public/. */
  ogg: string;
  mp3: string;
  /** Seconds. */
  duration: number;
  /** The loop region in seconds; null for a jingle. */
  loop: { start: number; end: number } | null;
  /** SHA-256 of the rendered PCM's source data (first 16 hex digits), to tell builds apart. */
  hash: string;
  bytes: { ogg: number; mp3: number };
  /**
   * Where the music starts in each file as Chromium decodes it, seconds: the encoder's delay that the
   * decoder keeps (MP3 has no gapless trim; Opus's pre-skip is trimmed). Markers are shifted by it.
   */
  offset: { ogg: number; mp3: number };
  /** Peak and RMS of the rendered PCM, dBFS (both channels). */
  levels: { peakDb: number; rmsDb: number };
}

export interface MusicManifest {
  rate: number;
  tracks: Record<MusicName, MusicEntry>;
}
