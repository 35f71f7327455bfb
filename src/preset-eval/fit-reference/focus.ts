// The focus habit: the crowd threshold under which the focus key is most likely, from the decisions'
// crowds with the key up and down. Part of the fit to recorded people (./fit.ts;
// docs/reference-players.md, "Fitting to recorded people").
import { ln } from './likelihood';

/** Candidate focus crowds: 0 (never focuses) to MAX_FOCUS_CROWD. */
export const MAX_FOCUS_CROWD = 10;
/** A focus-key share below this counts as never focusing. */
export const NEVER_FOCUS_SHARE = 0.01;
/** Chance the fit's percept puts a decision on the other side of a crowd threshold than the player's did. */
const FOCUS_SLIP = 0.02;

/**
 * The focus habit from the decisions' crowds (tracked threats within FOCUS_RADIUS on the fit's
 * percepts), with the focus key up and down. Under the model the key is down only in a crowd of at
 * least k, and in such a crowd it may still be let go (chance q, when an unfocused move is much
 * better): the likelihood of threshold k is that of q̂ = (key up in a crowd) / (decisions in a crowd),
 * with FOCUS_SLIP for the key against the rule. 0: never (also when the key is (almost) never down).
 */
export function focusCrowdFrom(up: ArrayLike<number>, down: ArrayLike<number>, focusShare: number): { value: number; crowded: number } {
  let upAll = 0;
  let downAll = 0;
  for (let c = 0; c < up.length; c++) {
    upAll += up[c]!;
    downAll += down[c]!;
  }
  const never = { value: 0, crowded: 0 };
  if (focusShare < NEVER_FOCUS_SHARE || downAll === 0) return never;
  const xlnx = (k: number, p: number) => (k > 0 ? k * ln(p) : 0);
  let best = xlnx(downAll, FOCUS_SLIP) + xlnx(upAll, 1 - FOCUS_SLIP);
  let out = never;
  for (let k = 1; k <= MAX_FOCUS_CROWD && k < up.length; k++) {
    let upIn = 0;
    let downIn = 0;
    for (let c = k; c < up.length; c++) {
      upIn += up[c]!;
      downIn += down[c]!;
    }
    const q = upIn / Math.max(1, upIn + downIn);
    const ll = xlnx(downIn, 1 - q) + xlnx(upIn, q) + xlnx(downAll - downIn, FOCUS_SLIP) + xlnx(upAll - upIn, 1 - FOCUS_SLIP);
    if (ll > best) {
      best = ll;
      out = { value: k, crowded: 1 - q };
    }
  }
  return out;
}
