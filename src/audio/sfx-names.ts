// The game's sound effects by name (their definitions: assets/sfx/sounds.ts; their files:
// public/media/sfx/NAME.wav, loaded as audio key `sfx-NAME`).
export const SFX_NAMES = [
  'shot',
  'kill',
  'hit',
  'graze',
  'charge',
  'bomb',
  'send',
  'arrive',
  'select',
  'move',
  'pause',
  'win',
  'lose',
] as const;
export type SfxName = (typeof SFX_NAMES)[number];

export const sfxKey = (name: SfxName): string => `sfx-${name}`;

/** Shortest gap between two plays of the same sound, so a bullet storm does not turn into noise. */
export const MIN_GAP_MS: Partial<Record<SfxName, number>> = { shot: 70, kill: 35, graze: 45, arrive: 120, move: 30 };
