// The CPU opponent: the seed-004 dodger (influence-map lookahead, multi-frame moves, reaction
// delay) driving the same input bits a person produces, plus versus play: it keeps shooting,
// drifts under an enemy when that costs little danger (the preset's lure), and spends the charge
// attack — level 1 (clears bullets near the ship) when the search sees no safe path or a very
// dangerous one, level 3 (boss attack across) when the gauge is full and the field is calm.
import { dodgeParamsOf, getDodgePreset, type DodgePreset } from '../presets/dodge';
import { BULLET_CAPACITY, ENEMY_CAPACITY, FIELD_H } from '../sim/constants';
import type { Controller } from '../sim/controller';
import { Input } from '../sim/input';
import { matchStream, type Rng } from '../sim/rng';
import type { MatchState } from '../sim/state';
import { chargeLevel, gaugeLevels } from '../sim/versus';
import { Dodger, DodgeWorld, worldFromMatch, type DodgePlan, type InfluenceMap } from './dodge/index';

export interface CpuOptions {
  /** Versus behaviour (lure toward enemies, charge attacks). Off for pure dodge drills. Default true. */
  versus?: boolean;
}

/** The CPU prefers not to be above this y (with a preset lure). */
const HOME_Y = FIELD_H * 0.7;
/** Path value below which the CPU calls the situation dangerous (a nearly-hit costs 50). */
const DANGER_VALUE = -120;
/** Path value above which the field is calm enough to charge a level-3 attack. */
const CALM_VALUE = -15;

export class CpuController implements Controller {
  readonly spec: string;
  readonly human = false;
  readonly preset: DodgePreset;
  readonly dodger: Dodger;
  private readonly world = new DodgeWorld(BULLET_CAPACITY + ENEMY_CAPACITY);
  private readonly versus: boolean;
  private rng: Rng | null = null;
  /** Move index being held and frames left to hold it. */
  private held = 0;
  private holdLeft = 0;
  /** From the last search: no safe path / dangerous best path. */
  private danger = false;
  private calm = false;
  private chargeTarget = 0;

  constructor(preset: DodgePreset | string, opts: CpuOptions = {}) {
    this.preset = typeof preset === 'string' ? getDodgePreset(preset) : preset;
    this.spec = `cpu:${this.preset.name}`;
    this.versus = opts.versus ?? true;
    this.dodger = new Dodger(dodgeParamsOf(this.preset), BULLET_CAPACITY + ENEMY_CAPACITY);
  }

  decide(state: Readonly<MatchState>, side: number): number {
    const me = state.sides[side]!;
    if (me.ship.lives <= 0) return 0;
    if (!this.rng) this.rng = matchStream(state.config.seed, `cpu${side}:${this.preset.name}`);
    if (this.holdLeft > 0) this.holdLeft--;
    else this.plan(state, side);
    let bits = this.dodger.problem.moves.bits[this.held]!;
    if (this.preset.cpu.shoot) bits |= Input.SHOT;
    if (this.versus && this.preset.cpu.charge && this.chargeKey(state, side)) bits |= Input.CHARGE;
    return bits;
  }

  /** The planned path of the last search (field units), for a debug overlay. */
  get plannedPath(): DodgePlan {
    return this.dodger.plan;
  }

  /** A full-field map of what the CPU saw at its last decision (builds one; pass `out` to reuse). */
  influenceMap(out?: InfluenceMap): InfluenceMap {
    return this.dodger.overlayMap(0, out);
  }

  private plan(state: Readonly<MatchState>, side: number): void {
    const w = worldFromMatch(state, side, this.world);
    w.goalX = this.versus && this.preset.lure > 0 ? targetX(state, side) : Number.NaN;
    // Stay in the lower part of the field, away from where enemies appear and fire point-blank.
    w.goalY = HOME_Y;
    const d = this.dodger.decide(w, this.held);
    let move = d.move;
    const rng = this.rng!;
    if (rng.next() < this.preset.slip) {
      // A deliberate slip: any first move that survives its own step.
      const M = this.dodger.problem.moves.count;
      let n = 0;
      for (let a = 0; a < M; a++) if (d.rootL[a]! >= 1) n++;
      if (n > 0) {
        let pick = rng.int(n);
        for (let a = 0; a < M; a++) {
          if (d.rootL[a]! < 1) continue;
          if (pick-- === 0) {
            move = a;
            break;
          }
        }
      }
    }
    this.held = move;
    this.holdLeft = this.preset.framesPerStep - 1;
    const safe = d.survived === this.preset.depth;
    this.danger = !safe || d.value < DANGER_VALUE;
    this.calm = safe && d.value > CALM_VALUE;
  }

  /** Whether to hold the charge key this frame (releasing fires). */
  private chargeKey(state: Readonly<MatchState>, side: number): boolean {
    const me = state.sides[side]!;
    const ship = me.ship;
    if (ship.charge > 0) {
      if (chargeLevel(me) >= this.chargeTarget) {
        this.chargeTarget = 0;
        return false; // release: fire
      }
      if (this.chargeTarget > 1 && this.danger) {
        this.chargeTarget = 0;
        return false; // danger while charging: fire what we have
      }
      return true;
    }
    const levels = gaugeLevels(me);
    if (levels >= 1 && ship.invuln === 0 && this.danger) {
      this.chargeTarget = 1;
      return true;
    }
    if (levels >= 3 && this.calm && state.sides.length > 1) {
      this.chargeTarget = 3;
      return true;
    }
    return false;
  }
}

/** x of the enemy to shoot: the lowest vulnerable, arrived enemy above the ship (NaN: none). */
function targetX(state: Readonly<MatchState>, side: number): number {
  const me = state.sides[side]!;
  const pool = me.enemies;
  let best = Number.NaN;
  let bestY = -Infinity;
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (e.age < 0 || e.invulnerable || e.y > me.ship.y - 60 || e.y < 0) continue;
    if (e.y > bestY) {
      bestY = e.y;
      best = e.x;
    }
  }
  return best;
}

/** A CPU controller from a spec 'cpu:NAME' or a bare preset name. Throws PresetError for unknown names. */
export function createCpuController(spec: string, opts?: CpuOptions): CpuController {
  return new CpuController(spec.startsWith('cpu:') ? spec.slice(4) : spec, opts);
}
