// Node value (paper A.4): −I(pos) − 50 · min(6, N_nearlyHit), where N_nearlyHit counts the
// (object, frame) pairs within 2·Rhit while moving into the node, over every frame of a held move.
// The paper's Base player uses no influence map: every node that is not hit is worth 0.
import { NEARLY_CAP, NEARLY_COST } from './constants';

export function nodeValue(danger: number, nearly: number, useMap: boolean): number {
  if (!useMap) return 0;
  return -danger - NEARLY_COST * (nearly < NEARLY_CAP ? nearly : NEARLY_CAP);
}
