// Danger of one bullet or enemy at a point (paper A.2). Offsets are (point − object).
// `rhit` is the paper's R_hit: the centre distance at which the ship is hit (object r + ship r).
import { CCI, CTR1, CTR2, IMAX } from './constants';

/** Circular part: Imax · max(0, 1 − |g−b|² / (Rhit² · Cci²)). */
export function dangerCircle(dx: number, dy: number, rhit: number): number {
  const q = 1 - (dx * dx + dy * dy) / (rhit * rhit * (CCI * CCI));
  return q > 0 ? IMAX * q : 0;
}

/**
 * Forward triangle: (m, s) = [[vx, −vy], [vy, vx]]⁻¹ (g − b), so m is measured in frames of travel
 * (the paper avoids square roots) and s across in the same scale. 0 when v = 0 or m ≤ 0, else
 * Imax · max(0, 1 − m/Ctr1) · max(0, 1 − |s| / (m · Ctr2)).
 */
export function dangerTriangle(dx: number, dy: number, vx: number, vy: number): number {
  const v2 = vx * vx + vy * vy;
  if (v2 === 0) return 0;
  const m = (vx * dx + vy * dy) / v2;
  if (m <= 0 || m >= CTR1) return 0;
  const s = (vx * dy - vy * dx) / v2;
  const as = s < 0 ? -s : s;
  const lat = 1 - as / (m * CTR2);
  if (lat <= 0) return 0;
  return IMAX * (1 - m / CTR1) * lat;
}

/** max(Dci, Dtr) of one object at offset (dx, dy). */
export function dangerOf(dx: number, dy: number, vx: number, vy: number, rhit: number): number {
  const c = dangerCircle(dx, dy, rhit);
  const t = dangerTriangle(dx, dy, vx, vy);
  return c > t ? c : t;
}
