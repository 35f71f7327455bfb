// How a person weighs their next move: each of the 9 moves (stay + 8 directions) pictured held
// until the next decision and the ship then still, over the horizon, against the tracked threats
// (as perceived), rated by how close those come inside the comfort margin, plus the pulls of play:
// sit at a liked height, line up under an enemy when nothing threatens, stay off the walls, and
// keep doing what the hands are doing.
import { FIELD_H, FIELD_W, SHIP_EDGE, SHIP_FOCUS_SPEED, SHIP_HIT_RADIUS, SHIP_SPEED } from '../../sim/constants';
import type { Character } from '../../sim/characters';
import { MOVE_BITS, inputDirX, inputDirY } from '../../sim/input';
import type { Percept } from './perception';
import type { ReferencePlayer } from './schema';

const DIAG = 0.7071067811865476;
/** Frames between the points of a pictured move at which clearance is judged. */
const SAMPLE = 3;
/** Cost of a pictured hit at one sample point (a margin's worth of crowding is 1). */
const HIT_COST = 8;

export interface ChoiceContext {
  shipX: number;
  shipY: number;
  focused: boolean;
  /** Index into MOVE_BITS of the move held now. */
  held: number;
  /** x of the enemy to line up under, NaN when none (or when threatened). */
  targetX: number;
  /** Frames the move is pictured for (≥ horizonFrames: until the next decision when that is later). */
  horizon: number;
  /** Frames the move is held (until the next decision); after that the ship is pictured still. */
  hold: number;
  /** The ship's speeds and hitbox: its character's (a person learns their ship's feel). */
  speed: number;
  focusSpeed: number;
  hitRadius: number;
}

/** A context with nothing decided yet and the neutral ship's feel (setShipFeel sets a character's). */
export function newChoiceContext(): ChoiceContext {
  return {
    shipX: 0,
    shipY: 0,
    focused: false,
    held: 0,
    targetX: Number.NaN,
    horizon: 0,
    hold: 0,
    speed: SHIP_SPEED,
    focusSpeed: SHIP_FOCUS_SPEED,
    hitRadius: SHIP_HIT_RADIUS,
  };
}

/** Sets the ship's feel in a context from its character. */
export function setShipFeel(c: ChoiceContext, ch: Character): void {
  c.speed = ch.speed;
  c.focusSpeed = ch.focusSpeed;
  c.hitRadius = ch.hitRadius;
}

export interface Rating {
  /** Score of each of the 9 moves (higher is better). */
  readonly score: Float64Array;
  /** Smallest pictured clearance along each move (units; negative: a hit pictured). */
  readonly clearance: Float64Array;
}

export function newRating(): Rating {
  return { score: new Float64Array(9), clearance: new Float64Array(9) };
}

/** Rates the 9 moves in `out`; `out.score[m]` is higher for the move the person prefers. */
export function rateMoves(p: ReferencePlayer, seen: Percept, c: ChoiceContext, out: Rating): void {
  const speed = c.focused ? c.focusSpeed : c.speed;
  const H = Math.max(c.horizon, SAMPLE);
  const margin = p.margin;
  const lo = SHIP_EDGE;
  const hiX = FIELD_W - SHIP_EDGE;
  const hiY = FIELD_H - SHIP_EDGE;
  for (let m = 0; m < 9; m++) {
    const bits = MOVE_BITS[m]!;
    const dx = inputDirX(bits);
    const dy = inputDirY(bits);
    const k = dx !== 0 && dy !== 0 ? speed * DIAG : speed;
    let crowd = 0;
    let minClr = Infinity;
    let x = c.shipX;
    let y = c.shipY;
    for (let f = SAMPLE; f <= H; f += SAMPLE) {
      // Held until the next decision, then the ship is pictured staying where the move took it.
      const moved = f < c.hold ? f : c.hold;
      x = Math.min(hiX, Math.max(lo, c.shipX + dx * k * moved));
      y = Math.min(hiY, Math.max(lo, c.shipY + dy * k * moved));
      // Nearer moments weigh more: the far end of a pictured move is vaguer.
      const wt = 1 - (0.5 * f) / H;
      for (let s = 0; s < seen.tracked; s++) {
        const i = seen.order[s]!;
        const ex = seen.x[i]! + seen.vx[i]! * f - x;
        const ey = seen.y[i]! + seen.vy[i]! * f - y;
        const clr = Math.sqrt(ex * ex + ey * ey) - seen.r[i]! - c.hitRadius;
        if (clr < minClr) minClr = clr;
        if (clr < 0) crowd += HIT_COST * wt;
        else if (clr < margin) {
          const q = (margin - clr) / margin;
          crowd += q * q * wt;
        }
      }
    }
    let pull = 0;
    pull += (0.6 * Math.abs(y - p.homeY)) / FIELD_H;
    if (!Number.isNaN(c.targetX)) pull += (p.aim * Math.abs(x - c.targetX)) / FIELD_W;
    // Walls close in: a person avoids being pinned against an edge.
    const edge = Math.min(x - lo, hiX - x, hiY - y);
    if (edge < 24) pull += (0.4 * (24 - edge)) / 24;
    if (m !== c.held) pull += p.switchCost;
    out.score[m] = -(crowd + pull);
    out.clearance[m] = minClr;
  }
}

/** The best-rated move (lowest index on ties, so a tie keeps "stay" first). */
export function bestMove(r: Rating): number {
  let best = 0;
  for (let m = 1; m < 9; m++) if (r.score[m]! > r.score[best]!) best = m;
  return best;
}
