// Clearance: the gap between the ship's hitbox and the nearest bullet's (negative when touching).

/** Smallest surface distance from a ship at (x, y) with hit radius shipR to bullets [0, count); NaN when none. */
export function nearestClearance(
  x: number,
  y: number,
  shipR: number,
  bx: ArrayLike<number>,
  by: ArrayLike<number>,
  br: ArrayLike<number>,
  count: number,
): number {
  let best = Infinity;
  for (let i = 0; i < count; i++) {
    const dx = bx[i]! - x;
    const dy = by[i]! - y;
    const c = Math.sqrt(dx * dx + dy * dy) - br[i]! - shipR;
    if (c < best) best = c;
  }
  return best === Infinity ? Number.NaN : best;
}

/** Sum, count and minimum of the finite entries in [from, to) (frames without bullets hold NaN). */
export function clearanceTotals(clearance: ArrayLike<number>, from = 0, to = clearance.length): { sum: number; n: number; min: number } {
  let sum = 0;
  let n = 0;
  let min = Infinity;
  for (let i = Math.max(0, from); i < Math.min(clearance.length, to); i++) {
    const c = clearance[i]!;
    if (!Number.isFinite(c)) continue;
    sum += c;
    n++;
    if (c < min) min = c;
  }
  return { sum, n, min };
}

/** Mean and minimum over the finite entries (null when there are none). */
export function clearanceStats(clearance: ArrayLike<number>, from = 0, to = clearance.length): { mean: number | null; min: number | null } {
  const t = clearanceTotals(clearance, from, to);
  return t.n === 0 ? { mean: null, min: null } : { mean: t.sum / t.n, min: t.min };
}
