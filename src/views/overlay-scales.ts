// Colour scales of the debug overlays, as plain functions (no Phaser) so they can be tested.
// F3 danger (the dodger's influence map): a sepia ramp, dark umber to sand — low saturation, so it
// never looks like a bullet (every bullet colour is a saturated hue or white; see
// tests/views/overlay-scales.test.ts). F2 wave field: a diverging scale, blue below zero, red above,
// by decades of |z| (1e-5 … 1), faint stays faint, with a white line at each wave's front: where
// that wave has reached (|z| ≥ 1e-5) next to where it has not yet — young waves show as rings
// spreading from the target. Lines at every decade or sign change were tried: the field behind the
// fronts is a fine interference pattern, and they drew it everywhere (unreadable).

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
  return level > 0
    ? [Math.round(120 + 135 * m), Math.round(40 * m), Math.round(30 * (1 - m)), a]
    : [Math.round(30 * (1 - m)), Math.round(70 + 90 * m), Math.round(140 + 115 * m), a];
}

/** A level grid's mark for a wall point: never reached, never "not yet reached" (no front along walls). */
export const WALL_LEVEL = 127;

/**
 * The front line of one wave's level grid (w × h, row-major), added into `out`: 1 at a point
 * where the wave has reached (level ≠ 0) and its right, left, lower or upper neighbour has not
 * (level 0; WALL_LEVEL points are neither).
 */
export function contourMask(levels: Int8Array, w: number, h: number, out: Uint8Array = new Uint8Array(w * h)): Uint8Array {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (levels[i] === 0 || levels[i] === WALL_LEVEL) continue;
      if (
        (x + 1 < w && levels[i + 1] === 0) ||
        (x > 0 && levels[i - 1] === 0) ||
        (y + 1 < h && levels[i + w] === 0) ||
        (y > 0 && levels[i - w] === 0)
      )
        out[i] = 1;
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
