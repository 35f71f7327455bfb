// One re-simulating pass over the replays (verifyReplay, so the field the model perceives is the
// real one): every direction change that acted is a decision, and each grid candidate's rating of
// the 9 moves is scored against the move the player really changed to. Pass 1 also records the
// metrics and the focus crowds. Part of the fit to recorded people (./fit.ts).
import { newChoiceContext, newRating, rateMoves, setShipFeel, type ChoiceContext } from '../../controllers/reference/choice';
import { perceive, Percept } from '../../controllers/reference/perception';
import { calm, crowdNear, targetX } from '../../controllers/reference/reference-controller';
import type { ReferencePlayer } from '../../controllers/reference/schema';
import { PooledLikeness, SideRecorder } from '../../metrics';
import { ReplayError } from '../../replay/errors';
import { verifyReplay } from '../../replay/verify';
import { Input } from '../../sim/input';
import type { MatchState } from '../../sim/state';
import { changeProbability, FIT_DELAYS, type Grid, ln } from './likelihood';
import { GAP_HIGH, GAP_LOW, moveIndex } from './timing';
import type { FitSource } from './types';

/**
 * The second pass's draws of the speed misjudgements (perception.ts speedError, one salt each): the
 * person's own are unknown, so a decision's likelihood is its mean over these draws.
 */
const SPEED_DRAWS = 8;
/** A decision's likelihood is never taken below this (slips and moves the model cannot explain). */
const MIN_PROBABILITY = 1e-3;

/** One re-simulating pass over the replays: the decisions' likelihood on a grid, and (pass 1) the metrics and focus. */
export class Pass {
  /** Per grid delay, the perceiving fields (base values otherwise). */
  private readonly perceivers: ReferencePlayer[];
  /** Per (grid delay, margin), the rater's fields. */
  private readonly raters: ReferencePlayer[];
  /** Speed-misjudgement salts (perception.ts): one with speeds judged right in pass 1, SPEED_DRAWS in pass 2. */
  private readonly salts: readonly number[];
  /** Per FIT_DELAYS entry, the perceivers of the focus crowds (pass 1 only). */
  private readonly focusPerceivers: ReferencePlayer[];
  /** Decisions per (FIT_DELAYS entry, focus key up/down, tracked threats within FOCUS_RADIUS (0..attention)). */
  readonly crowds: Float64Array;
  private readonly seen = new Percept();
  private readonly rating = newRating();
  private readonly ctx: ChoiceContext = newChoiceContext();
  /** Evidence of the two ratings a margin without crowding can have (without, with the aim pull). */
  private readonly cachedEvidence = [new Float64Array(2), new Float64Array(2)];
  private readonly cached = [false, false];
  private readonly ev = new Float64Array(2);
  /** Per margin, the mean probability of the new move over the salts. */
  private readonly mix: Float64Array;
  readonly likeness = new PooledLikeness();
  decisions = 0;

  constructor(
    readonly base: ReferencePlayer,
    readonly grid: Grid,
    /** The mean decision gap (frames): how long a pictured move is held when the drawn one is unknown. */
    readonly gap: number,
    /** Presses this short end in changes left out: the presses' 5th percentile (the minimum hold, or an upper bound of it). */
    readonly minHold: number,
    readonly first: boolean,
  ) {
    const noise = first ? 0 : base.speedNoise;
    const at = (d: number, speedNoise: number) => ({ ...base, delayFrames: d, speedNoise });
    this.perceivers = grid.delays.map((d) => at(d, noise));
    this.raters = this.perceivers.flatMap((p) => grid.margins.map((m) => ({ ...p, margin: m })));
    this.salts = noise > 0 ? Array.from({ length: SPEED_DRAWS }, (_, k) => Math.imul(k + 1, 0x2545f491)) : [0];
    this.focusPerceivers = first ? FIT_DELAYS.map((d) => at(d, 0)) : [];
    this.crowds = new Float64Array(this.focusPerceivers.length * 2 * (base.attention + 1));
    this.mix = new Float64Array(grid.margins.length);
  }

  add({ replay: r, sides, label }: FitSource): void {
    const recs: SideRecorder[] = [];
    const runStart = sides.map(() => -1);
    const v = verifyReplay(r, {
      onStart: (s) => {
        if (this.first) for (const side of sides) recs.push(new SideRecorder(s, side, r.frames));
      },
      onFrame: (s, frame, p1, p2) => {
        sides.forEach((side, k) => {
          if (this.first) recs[k]!.record(s, side === 0 ? p1 : p2);
          if (frame < r.frames) runStart[k] = this.frame(s, side, r.inputs[side]!, frame, runStart[k]!);
        });
      },
    });
    if (!v.ok) {
      const hashes = v.expected !== null ? ` (recorded ${v.expected}, re-simulated ${v.actual})` : '';
      throw new ReplayError(`does not re-simulate: ${v.reason}${hashes}; see replay verify`, label ?? null);
    }
    if (this.first) for (const rec of recs) this.likeness.add(rec.log);
  }

  /**
   * Frame i ≥ 1 of one side, `s` the state its input was chosen on: a change of the 9-way move is a
   * decision that acted. Returns the frame the current run started at (−1: the match's start).
   */
  private frame(s: Readonly<MatchState>, side: number, inputs: Uint8Array, i: number, start: number): number {
    const mv = moveIndex(inputs[i]!);
    const held = moveIndex(inputs[i - 1]!);
    if (mv === held) return start;
    if (s.sides[side]!.ship.lives <= 0) return i;
    // A press ended at the minimum hold may have been chosen earlier and waited for it (the field
    // then is not the one the choice saw): changes ending the shortest presses are left out.
    if (held !== 0 && start >= 0 && i - start <= this.minHold) return i;
    // The move is pictured held until the next decision. When the next change comes within the
    // single-gap block it most likely is that decision; otherwise the gap drawn is not in the
    // recording and its mean stands for it.
    let next = i + 1;
    const far = Math.ceil(this.gap * GAP_HIGH);
    while (next < inputs.length && next - i <= far && moveIndex(inputs[next]!) === mv) next++;
    const g = next - i;
    const hold = next < inputs.length && g >= this.gap * GAP_LOW && g <= this.gap * GAP_HIGH ? g : Math.round(this.gap);
    this.decide(s, side, mv, held, (inputs[i]! & Input.FOCUS) !== 0, hold);
    return i;
  }

  /** One decision that acted: each candidate's rating of the moves against the move taken. */
  private decide(s: Readonly<MatchState>, side: number, mv: number, held: number, focusKey: boolean, hold: number): void {
    const ship = s.sides[side]!.ship;
    if (this.first) {
      const n = this.base.attention + 1;
      for (let di = 0; di < this.focusPerceivers.length; di++) {
        perceive(s, side, this.focusPerceivers[di]!, ship.x, ship.y, 0, this.seen);
        this.crowds[(2 * di + (focusKey ? 1 : 0)) * n + crowdNear(this.seen, ship.x, ship.y)]!++;
      }
    }
    const c = this.ctx;
    c.shipX = ship.x;
    c.shipY = ship.y;
    setShipFeel(c, s.sides[side]!.character);
    // The focus key says which rating the move came from (the model rates focused moves in a crowd).
    c.focused = focusKey || ship.charge > 0;
    c.held = held;
    c.hold = hold;
    c.horizon = Math.max(this.base.horizonFrames, hold);
    const g = this.grid;
    const nm = g.margins.length;
    const ns = this.salts.length;
    const r = this.rating;
    for (let di = 0; di < g.delays.length; di++) {
      const p = this.perceivers[di]!;
      this.mix.fill(0);
      for (const salt of this.salts) {
        perceive(s, side, p, ship.x, ship.y, salt, this.seen);
        const tx = targetX(s, side, p);
        // A margin no pictured clearance falls below adds no crowding, so its rating is one of two
        // (without or with the pull toward the enemy) already made: exact, and it saves most
        // ratings far from the bullets.
        let clearMin = Number.NEGATIVE_INFINITY;
        this.cached[0] = this.cached[1] = false;
        for (let mi = 0; mi < nm; mi++) {
          const j = di * nm + mi;
          const q = this.raters[j]!;
          const aim = !Number.isNaN(tx) && calm(this.seen, q.margin);
          const slot = aim ? 1 : 0;
          let ev = this.cachedEvidence[slot]!;
          if (!(q.margin <= clearMin && this.cached[slot])) {
            c.targetX = aim ? tx : Number.NaN;
            rateMoves(q, this.seen, c, r);
            if (clearMin === Number.NEGATIVE_INFINITY) {
              clearMin = Number.POSITIVE_INFINITY;
              for (let m = 0; m < 9; m++) clearMin = Math.min(clearMin, r.clearance[m]!);
              if (clearMin < 0) clearMin = Number.NEGATIVE_INFINITY;
            }
            ev = this.ev;
            evidence(r.score, held, mv, this.base.noise, ev);
            if (q.margin <= clearMin) {
              this.cachedEvidence[slot]!.set(ev);
              this.cached[slot] = true;
            }
          }
          g.exact[j]! += ev[0]! / ns;
          this.mix[mi]! += ev[1]! / ns;
        }
      }
      for (let mi = 0; mi < nm; mi++) {
        const j = di * nm + mi;
        g.prob[j]! += this.mix[mi]!;
        g.loglik[j]! += ln(Math.max(this.mix[mi]!, MIN_PROBABILITY));
      }
    }
    this.decisions++;
  }
}

/** A decision's evidence from the rated scores: [the new move is the best rated other than the held one, its probability]. */
function evidence(score: Float64Array, held: number, mv: number, noise: number, out: Float64Array): void {
  let best = held === 0 ? 1 : 0;
  for (let m = 0; m < 9; m++) if (m !== held && score[m]! > score[best]!) best = m;
  out[0] = best === mv ? 1 : 0;
  out[1] = changeProbability(score, held, mv, noise);
}
