// A reference player: a model of a person playing, for judging difficulty by people rather than by
// our own CPU (docs/reference-players.md). Not the dodger with slower settings: it sees what a
// person sees (perception.ts: late, extrapolated in part, misjudged speeds, a few threats), weighs
// 9 pictured moves (choice.ts), and plays them with a person's hands: decisions at intermittent
// moments, presses no shorter than a minimum hold, skipped decisions, slipped directions, and its
// habits for focus, the shot key and the charge attack.
import { ShotSpells } from '../../cpu/shot-spells';
import type { Controller } from '../../sim/controller';
import { Input, MOVE_BITS } from '../../sim/input';
import { matchStream, type Rng } from '../../sim/rng';
import type { MatchState } from '../../sim/state';
import { chargeLevel, gaugeLevels } from '../../sim/versus';
import { bestMove, newChoiceContext, newRating, rateMoves, setShipFeel, type ChoiceContext, type Rating } from './choice';
import { perceive, Percept } from './perception';
import type { ReferencePlayer } from './schema';

/** A tracked threat this close (units) counts toward the focus habit's crowd. */
export const FOCUS_RADIUS = 64;
/** How much better a full-speed move must rate before a crowded player lets go of focus. */
const FOCUS_HABIT = 0.1;

export class ReferenceController implements Controller {
  readonly spec: string;
  /** A model of a person, not a person: replays and the study must never count it as human. */
  readonly human = false;
  private readonly seen = new Percept();
  private readonly rating = newRating();
  /** In a crowd: the same moves at full speed, to let go of focus when only they get out. */
  private readonly fast = newRating();
  private readonly ctx: ChoiceContext = newChoiceContext();
  private rng: Rng | null = null;
  private salt = 0;
  private held = 0;
  private heldFor = 0;
  /** Move chosen but not pressed yet (the current press is shorter than the minimum hold); −1 none. */
  private pending = -1;
  private nextDecision = 0;
  private focus = false;
  private readonly spells: ShotSpells;
  /** Charge level being charged toward (0: not charging). */
  private chargeTarget = 0;
  private chargeSince = 0;
  /** Smallest pictured clearance along the chosen move at the last decision. */
  lastClearance = Infinity;
  /** Frame of the last decision that looked at the field (−1: none yet). */
  lastLookFrame = -1;

  constructor(
    readonly params: ReferencePlayer,
    spec?: string,
  ) {
    this.spec = spec ?? `human:${params.name}`;
    this.spells = new ShotSpells(params.shootShare);
  }

  /** Its full parameters: what a replay stores as this side's preset (src/replay/record.ts). */
  get preset(): ReferencePlayer {
    return this.params;
  }

  /** What it perceived at its last decision (tests and overlays). */
  get percept(): Readonly<Percept> {
    return this.seen;
  }

  decide(state: Readonly<MatchState>, side: number): number {
    const me = state.sides[side]!;
    if (me.ship.lives <= 0) return 0;
    const p = this.params;
    if (!this.rng) {
      this.rng = matchStream(state.config.seed, `ref${side}:${p.name}`);
      this.salt = this.rng.int(0x7fffffff);
      this.nextDecision = state.frame + this.rng.int(p.decisionFrames);
    }
    const t = state.frame;
    if (t >= this.nextDecision) this.look(state, side);
    // The minimum hold: a press shorter than it cannot be changed yet; the choice waits.
    if (this.pending >= 0 && (this.held === 0 || this.heldFor >= p.minHoldFrames)) {
      this.held = this.pending;
      this.heldFor = 0;
      this.pending = -1;
    }
    this.heldFor++;
    let bits = MOVE_BITS[this.held]!;
    if (this.focus) bits |= Input.FOCUS;
    if (this.shotKey()) bits |= Input.SHOT;
    if (this.chargeKey(state, side)) bits |= Input.CHARGE;
    return bits;
  }

  /** One decision: perceive, rate the moves, choose with the person's spread, slips and habits. */
  private look(state: Readonly<MatchState>, side: number): void {
    const p = this.params;
    const rng = this.rng!;
    const t = state.frame;
    const interval = Math.max(1, Math.round(p.decisionFrames * (0.75 + 0.5 * rng.next())));
    const hesitate = rng.next() < p.hesitation;
    const noise = rng.next();
    const slipDraw = rng.next();
    const slipSide = rng.next();
    const panicDraw = rng.next();
    if (hesitate) {
      // A hesitation makes the decision late (half an interval), not skipped: the hands go on meanwhile.
      this.nextDecision = t + Math.max(1, Math.round(interval / 2));
      return;
    }
    this.nextDecision = t + interval;
    this.lastLookFrame = t;
    const me = state.sides[side]!;
    const ship = me.ship;
    perceive(state, side, p, ship.x, ship.y, this.salt, this.seen);
    // The focus habit: in a crowd it prefers the slow, precise moves, but lets go of focus when
    // only a fast move gets out (a habit, not a blindfold).
    const crowded = p.focusCrowd > 0 && crowdNear(this.seen, ship.x, ship.y) >= p.focusCrowd;
    const c = this.ctx;
    c.shipX = ship.x;
    c.shipY = ship.y;
    setShipFeel(c, me.character);
    c.focused = crowded || ship.charge > 0;
    c.held = this.pending >= 0 ? this.pending : this.held;
    c.targetX = calm(this.seen, p.margin) ? targetX(state, side, p) : Number.NaN;
    // A move is pictured at least as long as it will be held: until the next decision.
    c.horizon = Math.max(p.horizonFrames, interval);
    c.hold = interval;
    rateMoves(p, this.seen, c, this.rating);
    // Judgement spread: a uniform jitter on every rating, drawn from one number per decision so the
    // stream's use does not depend on the field.
    let h = jitter(this.rating, p.noise, Math.floor(noise * 0x7fffffff) | 1);
    let rating = this.rating;
    this.focus = crowded;
    if (crowded && ship.charge === 0) {
      c.focused = false;
      rateMoves(p, this.seen, c, this.fast);
      h = jitter(this.fast, p.noise, h);
      if (this.fast.score[bestMove(this.fast)]! > this.rating.score[bestMove(this.rating)]! + FOCUS_HABIT) {
        rating = this.fast;
        this.focus = false;
      }
    }
    let choice = bestMove(rating);
    if (choice !== 0 && choice !== c.held && slipDraw < p.slip) choice = 1 + ((choice - 1 + (slipSide < 0.5 ? 7 : 1)) % 8);
    this.lastClearance = rating.clearance[choice]!;
    this.pending = choice === this.held ? -1 : choice;
    // Habits of the charge key: a panic clear when even the chosen move pictures a hit; an attack
    // across when calm with enough gauge.
    const levels = gaugeLevels(me);
    if (this.chargeTarget === 0 && ship.charge === 0 && levels >= 1) {
      if (this.lastClearance < 0 && ship.invuln === 0 && panicDraw < p.panicClear) this.startCharge(1, t);
      else if (p.attackAt > 0 && levels >= Math.max(2, p.attackAt) && !Number.isNaN(c.targetX) && this.lastClearance > p.margin)
        this.startCharge(Math.min(3, levels), t);
    }
  }

  private startCharge(level: number, t: number): void {
    this.chargeTarget = level;
    this.chargeSince = t;
  }

  private shotKey(): boolean {
    return this.spells.held(() => this.rng!);
  }

  /** Holds the charge key toward the target level and lets go once it is reached (that fires). */
  private chargeKey(state: Readonly<MatchState>, side: number): boolean {
    if (this.chargeTarget === 0) return false;
    const me = state.sides[side]!;
    const t = state.frame;
    // Let go once the level is reached, when a hit is pictured during an attack charge, or when the
    // key did nothing (a hit reset the charge, the gauge was spent).
    const reached = me.ship.charge > 0 && chargeLevel(me) >= this.chargeTarget;
    const threatened = this.chargeTarget > 1 && this.lastClearance < 0 && this.lastLookFrame > this.chargeSince;
    const dead = me.ship.charge === 0 && t > this.chargeSince + 1;
    if (reached || threatened || dead) {
      this.chargeTarget = 0;
      return false;
    }
    return true;
  }
}

/** Adds a uniform ±noise to each rating from the hash chain `h`; returns the chain's next value. */
function jitter(r: Rating, noise: number, h0: number): number {
  let h = h0;
  for (let m = 0; m < 9; m++) {
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) ^ (h >>> 12);
    r.score[m] = r.score[m]! + noise * (((h >>> 0) / 4294967296) * 2 - 1);
  }
  return h;
}

/** Tracked threats within FOCUS_RADIUS of the ship (the focus habit's crowd; the fitter reads it too). */
export function crowdNear(seen: Percept, x: number, y: number): number {
  let n = 0;
  for (let s = 0; s < seen.tracked; s++) {
    const i = seen.order[s]!;
    const dx = seen.x[i]! - x;
    const dy = seen.y[i]! - y;
    if (dx * dx + dy * dy < FOCUS_RADIUS * FOCUS_RADIUS) n++;
  }
  return n;
}

/** Nothing tracked comes within twice the margin while the ship stays (attention's key). */
export function calm(seen: Percept, margin: number): boolean {
  return seen.tracked === 0 || seen.near[0]! >= 2 * margin;
}

/** x (as seen) of the lowest enemy above the ship, old enough to be seen; NaN when none. */
export function targetX(state: Readonly<MatchState>, side: number, p: ReferencePlayer): number {
  const me = state.sides[side]!;
  const d = p.delayFrames;
  const pool = me.enemies;
  let best = Number.NaN;
  let bestY = -Infinity;
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (e.age <= d || e.invulnerable) continue;
    const y = e.y - e.vy * d;
    if (y > me.ship.y - 60 || y < 0) continue;
    if (y > bestY) {
      bestY = y;
      best = e.x - e.vx * d * (1 - p.lagCompensation);
    }
  }
  return best;
}
