// Danger at the ship position from the grid (paper A.3). g0 is the nearest cell centre; gx1 / gy1
// the next centres toward the ship along x / y, g11 the diagonal one. When the offset from g0 is
// diagonal-ish (its angles with both axes exceed Can = arctan ½, i.e. 2|dy| > |dx| and 2|dx| > |dy|,
// no trigonometry needed) the value runs linearly toward g11 by L1 distance; otherwise the x and y
// differences are added separately. Neighbours outside the grid count as g0 itself.
import type { InfluenceMap } from './influence-map';

export function interpolateDanger(map: InfluenceMap, x: number, y: number): number {
  const cell = map.cell;
  const cols = map.cols;
  const rows = map.rows;
  const vals = map.values;
  let c0 = Math.round(x / cell - 0.5);
  let r0 = Math.round(y / cell - 0.5);
  if (c0 < 0) c0 = 0;
  else if (c0 >= cols) c0 = cols - 1;
  if (r0 < 0) r0 = 0;
  else if (r0 >= rows) r0 = rows - 1;
  const dx = x - (c0 + 0.5) * cell;
  const dy = y - (r0 + 0.5) * cell;
  let c1 = dx >= 0 ? c0 + 1 : c0 - 1;
  let r1 = dy >= 0 ? r0 + 1 : r0 - 1;
  if (c1 < 0 || c1 >= cols) c1 = c0;
  if (r1 < 0 || r1 >= rows) r1 = r0;
  const adx = dx < 0 ? -dx : dx;
  const ady = dy < 0 ? -dy : dy;
  const i0 = vals[r0 * cols + c0]!;
  if (2 * ady > adx && 2 * adx > ady) {
    return i0 + ((vals[r1 * cols + c1]! - i0) * (adx + ady)) / (2 * cell);
  }
  const ddx = ((vals[r0 * cols + c1]! - i0) * adx) / cell;
  const ddy = ((vals[r1 * cols + c0]! - i0) * ady) / cell;
  return i0 + ddx + ddy;
}
