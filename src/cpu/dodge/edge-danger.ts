// The paper's small constant danger near the field edges (A.2 gives no numbers; ours in constants.ts).
import { EDGE_BAND, EDGE_DANGER } from './constants';

/** The constant edge danger at a grid point (top, left and right bands; not the bottom). */
export function edgeDanger(gx: number, gy: number, width: number): number {
  return gy < EDGE_BAND || gx < EDGE_BAND || gx > width - EDGE_BAND ? EDGE_DANGER : 0;
}
