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
import { MazeCpu } from './maze-cpu';
import { moveShip } from '../sim/ship';

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
/** Maze stages: node-value pull toward the planner's steering point, per field unit of distance. */
export const MAZE_PULL = 0.5;
/** Maze stages: path weight w of the dodger (the paper's 0.003 only values where a path ends). */
export const MAZE_PATH_W = 0.3;
/** Maze stages: switch penalty (the presets' calm hand makes the coarse held moves stop short of cells). */
export const MAZE_SWITCH_PENALTY = 0;
const DIR_BITS = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT;

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
  private mazeCpu: MazeCpu;

  constructor(preset: DodgePreset | string, opts: CpuOptions = {}) {
    this.preset = typeof preset === 'string' ? getDodgePreset(preset) : preset;
    this.spec = `cpu:${this.preset.name}`;
    this.versus = opts.versus ?? true;
    this.dodger = new Dodger(dodgeParamsOf(this.preset), BULLET_CAPACITY + ENEMY_CAPACITY);
    this.mazeCpu = new MazeCpu(this.preset.planner ?? {});
  }

  /** The planner CPU of maze stages (route, fights, heals); drives the dodger's goal there. */
  get maze(): MazeCpu {
    return this.mazeCpu;
  }

  /**
   * Forgets all it remembers (held move and hold time, random draws, charge intent, the maze
   * planner's fought chasers), as if new: replays start one afresh after a seek (cpu-shadow.ts).
   */
  reset(): void {
    this.rng = null;
    this.held = 0;
    this.holdLeft = 0;
    this.danger = false;
    this.calm = false;
    this.chargeTarget = 0;
    this.mazeCpu = new MazeCpu(this.preset.planner ?? {});
  }

  decide(state: Readonly<MatchState>, side: number): number {
    const me = state.sides[side]!;
    if (me.ship.lives <= 0) return 0;
    if (!this.rng) this.rng = matchStream(state.config.seed, `cpu${side}:${this.preset.name}`);
    const mz = me.maze;
    if (mz) this.maze.update(state, side);
    if (this.holdLeft > 0) this.holdLeft--;
    else this.plan(state, side);
    let bits = this.dodger.problem.moves.bits[this.held]!;
    if (mz && (bits & DIR_BITS) !== 0) {
      // Never push into a wall: a held move the walls stop dead this frame becomes "stay" (same place).
      const to = moveShip(me.ship.x, me.ship.y, bits, (bits & Input.FOCUS) !== 0 || me.ship.charge > 0, mz.maze);
      if (to.x === me.ship.x && to.y === me.ship.y) bits &= ~DIR_BITS;
    }
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
    if (state.sides[side]!.maze) {
      // Maze stages: the planner's steering point (next route cells, a chaser to fight, a heal pad).
      w.goalX = this.maze.goalX;
      w.goalY = this.maze.goalY;
      w.goalField = this.maze.goalField;
      w.pull = MAZE_PULL;
      w.pathW = MAZE_PATH_W;
      w.switchPenalty = MAZE_SWITCH_PENALTY;
    } else {
      w.switchPenalty = Number.NaN;
      w.pull = 0;
      w.pathW = Number.NaN;
      w.goalField = null;
      w.goalX = this.versus && this.preset.lure > 0 ? targetX(state, side) : Number.NaN;
      // Stay in the lower part of the field, away from where enemies appear and fire point-blank.
      w.goalY = HOME_Y;
    }
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
