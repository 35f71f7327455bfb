// Colour scales of the debug overlays, as plain functions (no Phaser) so they can be tested.
// F3 danger (the dodger's influence map): a sepia ramp, dark umber to sand — low saturation, so it
// never looks like a bullet (every bullet colour is a saturated hue or white; see
// tests/views/overlay-scales.test.ts). F2 wave field: a diverging scale, blue below zero, red above,
// by decades of |z| (1e-5 … 1), faint stays faint, with contour lines at the wave fronts: where the
// waves have reached (|z| ≥ 1e-5) next to where they have not, and where a strong crest meets a
// strong trough (|z| ≥ 1e-2 on both sides of a sign change). Every decade as a line was tried and
// drew the ripples everywhere: unreadable.

export type Rgba = [number, number, number, number];

/** Danger 0..1 (value / Imax) → colour and opacity: transparent at 0, opaque sand at 1. */
export function heatRgba(v: number): Rgba {
  const t = Math.min(1, Math.max(0, v));
  // greyish umber (90, 74, 58) → sand (212, 194, 160)
  return [Math.round(90 + 122 * t), Math.round(74 + 120 * t), Math.round(58 + 102 * t), Math.round(235 * Math.sqrt(t))];
}

/** Decades shown by the wave scale: |z| from 1e-5 to 1. */
export const WAVE_DECADES = 5;

/** The signed decade of a wave value: 0 below 1e-5, else ±1 … ±WAVE_DECADES (±5 for |z| ≥ 0.1). */
export function waveLevel(z: number): number {
  const a = Math.abs(z);
  if (!(a >= 1e-5)) return 0;
  const d = Math.min(WAVE_DECADES, Math.floor(Math.log10(a) + WAVE_DECADES) + 1);
  return z > 0 ? d : -d;
}

/** A signed decade → colour: red shades above zero, blue shades below, stronger with |level|. */
export function waveRgba(level: number): Rgba {
  if (level === 0) return [0, 0, 0, 0];
  const m = Math.abs(level) / WAVE_DECADES;
  const a = Math.round(25 + 205 * m * m);
  return level > 0 ? [Math.round(120 + 135 * m), Math.round(40 * m), Math.round(30 * (1 - m)), a] : [Math.round(30 * (1 - m)), Math.round(70 + 90 * m), Math.round(140 + 115 * m), a];
}

/** The smallest |level| on both sides of a sign change that draws a line (|z| ≥ 1e-2). */
export const STRONG_LEVEL = 4;

/** Whether the boundary between two neighbouring levels is a front line. */
function front(a: number, b: number): boolean {
  if ((a === 0) !== (b === 0)) return true;
  return a * b < 0 && Math.min(Math.abs(a), Math.abs(b)) >= STRONG_LEVEL;
}

/**
 * Front lines of a level grid (w × h, row-major): 1 at a point whose boundary with its right or
 * lower neighbour is a front (reached / not reached, or a strong crest against a strong trough).
 */
export function contourMask(levels: Int8Array, w: number, h: number, out: Uint8Array = new Uint8Array(w * h)): Uint8Array {
  out.fill(0);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = levels[i]!;
      if ((x + 1 < w && front(l, levels[i + 1]!)) || (y + 1 < h && front(l, levels[i + w]!))) out[i] = 1;
    }
  }
  return out;
}

/** sRGB hex '#rrggbb' → [r, g, b]. */
export function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** HSV saturation (0..1) of an RGB colour. */
export function saturation([r, g, b]: readonly number[]): number {
  const max = Math.max(r!, g!, b!);
  const min = Math.min(r!, g!, b!);
  return max === 0 ? 0 : (max - min) / max;
}
