// Bullet colours by the sim's palette index (src/sim/patterns.ts Color), and the UI colours.
export const BULLET_COLORS = ['#ff4060', '#ff9a30', '#ffe040', '#50ff80', '#40e8ff', '#4f86ff', '#c060ff', '#f0f0ff'] as const;

export const UI = {
  bgTop: 0x0b0620,
  bgBottom: 0x1a0b35,
  panel: 0x120a2a,
  frame: 0x8a7cff,
  text: '#eeeaff',
  dim: '#9a90c8',
  accent: '#ffd24a',
  p1: '#5ad8ff',
  p2: '#ff6fa8',
  p1Hex: 0x5ad8ff,
  p2Hex: 0xff6fa8,
  gauge: [0x47d7ff, 0xffd24a, 0xff5a7a] as const,
};

/** The bundled fonts (src/art/load-assets.ts), so text and survey clips look the same on every OS. */
export const FONT = '"Twinfield Sans", "Twinfield JP", "DejaVu Sans", Verdana, sans-serif';
export const MONO = '"Twinfield Mono", "DejaVu Sans Mono", "Twinfield JP", Consolas, monospace';
