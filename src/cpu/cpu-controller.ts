// The CPU opponent: the seed-004 dodger (influence-map lookahead, multi-frame moves, reaction
// delay) driving the same input bits a person produces, plus versus play: it keeps shooting, the
// preset's lure keeps it below a home line and, only while the danger at the ship is low, pulls it
// under an enemy; it spends the charge attack — level 1 (clears bullets near the ship)
// when the search sees no safe path or the best path's danger alone (no lure or maze pull) is very
// high, and when safe an attack across: level 3 with a full gauge, level 2 with two levels if the
// preset spends early (cpu.attackAt = 2); a charge under way is released (fired) when danger comes.
//
// Charging slows the ship to the focus speed from the frame after the key goes down until the
// frame it is released (src/sim/ship.ts reads ship.charge before this frame's charge update). The
// controller knows that speed exactly each frame (ship.charge > 0), plans with a second dodger whose
// moves have the focus speed while it holds, and replans at once when the speed changes, so every
// frame it plays was planned at the speed the ship really has.
import { dodgeParamsOf, getDodgePreset, type DodgePreset } from './presets';
import { BULLET_CAPACITY, ENEMY_CAPACITY, FIELD_H } from '../sim/constants';
import { getCharacter, NEUTRAL, type Character } from '../sim/characters';
import type { Controller } from '../sim/controller';
import { Input } from '../sim/input';
import { matchStream, type Rng } from '../sim/rng';
import type { MatchState } from '../sim/state';
import { chargeLevel, gaugeLevels } from '../sim/versus';
import { Dodger, DodgeWorld, worldFromMatch, type DodgePlan, type InfluenceMap } from './dodge/index';
import { dangerAt } from './dodge/ship-danger';
import { MazeCpu } from './maze-cpu';
import { CpuLapses } from './cpu-lapses';
import { moveShip } from '../sim/ship';

export interface CpuOptions {
  /**
   * Versus behaviour (the lure toward enemies' x, charge attacks). Off for dodge drills, where the
   * lure's home line remains. Default true.
   */
  versus?: boolean;
}

/**
 * The home line: with a preset lure, the CPU prefers not to be above this y (0.7 × 448 = 313.6),
 * always, in danger too (docs/dodger.md: gating it in danger raised eval:dodge's hits).
 */
export const HOME_Y = FIELD_H * 0.7;
/**
 * "Safe" for versus play: the A.2 danger at the ship (visible obstacles, no grid) is at most this,
 * a fifth of Imax: no bullet within 2.7·Rhit of the ship, none heading straight at it within 72
 * frames. The lure toward an enemy's x acts, and an attack across is charged, only when safe.
 */
export const SAFE_DANGER = 10;
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
  /** The dodger at the ship's normal speed (its character's speeds: rebuilt when the character changes). */
  dodger: Dodger;
  /** The same dodger with the charging speed (every move at the focus speed, no separate focus moves). */
  chargeDodger: Dodger;
  /** The character the dodgers move as. */
  private character: Character = getCharacter(NEUTRAL);
  private readonly world = new DodgeWorld(BULLET_CAPACITY + ENEMY_CAPACITY);
  private readonly versus: boolean;
  private rng: Rng | null = null;
  /** Move index being held and frames left to hold it. */
  private held = 0;
  private holdLeft = 0;
  /** Whether the current plan was made for a charging (slow) ship. */
  private slow = false;
  /**
   * From the last search: no safe path, or the best path's danger-only value (DodgePlan.hazard: no
   * lure, maze pull or switch penalty) below cpu.clearBelow.
   */
  private danger = false;
  /** From the last search: a safe path and the danger at the ship ≤ SAFE_DANGER. */
  private calm = false;
  private chargeTarget = 0;
  /** A.2 danger at the ship at the last decision (visible obstacles). */
  shipDanger = 0;
  /** Whether the lure pulled toward an enemy's x at the last decision (versus play, safe, an enemy to shoot). */
  lureActive = false;
  /** Frame of the last search (−1: none yet). */
  lastPlanFrame = -1;
  private mazeCpu: MazeCpu;
  private readonly lapses: CpuLapses;

  constructor(preset: DodgePreset | string, opts: CpuOptions = {}) {
    this.preset = typeof preset === 'string' ? getDodgePreset(preset) : preset;
    this.spec = `cpu:${this.preset.name}`;
    this.versus = opts.versus ?? true;
    [this.dodger, this.chargeDodger] = this.makeDodgers(this.character);
    this.mazeCpu = new MazeCpu(this.preset.planner);
    this.lapses = new CpuLapses(this.preset.cpu.shootShare, this.preset.cpu.blunder);
  }

  /** The two dodgers for a character: its own speeds (issue 24; the hitbox comes with the world). */
  private makeDodgers(ch: Character): [Dodger, Dodger] {
    const params = { ...dodgeParamsOf(this.preset), shipSpeed: ch.speed, focusSpeed: ch.focusSpeed };
    const n = BULLET_CAPACITY + ENEMY_CAPACITY;
    return [new Dodger(params, n), new Dodger({ ...params, focus: false, shipSpeed: ch.focusSpeed }, n)];
  }

  /** Whether the CPU is in a visible mistake (drifting without looking). */
  get blundering(): boolean {
    return this.lapses.blunderLeft > 0;
  }

  /** The dodger of the current plan: chargeDodger while the ship is charging. */
  get activeDodger(): Dodger {
    return this.slow ? this.chargeDodger : this.dodger;
  }

  /** Whether the current plan is for a charging (focus-speed) ship. */
  get planningCharged(): boolean {
    return this.slow;
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
    this.slow = false;
    this.danger = false;
    this.calm = false;
    this.chargeTarget = 0;
    this.shipDanger = 0;
    this.lureActive = false;
    this.lastPlanFrame = -1;
    this.mazeCpu = new MazeCpu(this.preset.planner);
    this.lapses.reset();
  }

  decide(state: Readonly<MatchState>, side: number): number {
    const me = state.sides[side]!;
    if (me.ship.lives <= 0) return 0;
    if (me.character !== this.character) {
      this.character = me.character;
      [this.dodger, this.chargeDodger] = this.makeDodgers(me.character);
    }
    if (!this.rng) this.rng = matchStream(state.config.seed, `cpu${side}:${this.preset.name}`);
    const mz = me.maze;
    if (mz) this.maze.update(state, side);
    // The ship is slow this frame iff it was already charging before it (src/sim/ship.ts).
    const slow = me.ship.charge > 0;
    const lapses = this.lapses;
    if (lapses.blunderLeft > 0) lapses.blunderLeft--;
    else if (this.holdLeft > 0 && slow === this.slow) this.holdLeft--;
    else if (this.versus && !mz && lapses.startsBlunder(state.config.seed, side, this.preset.name, this.preset.framesPerStep)) {
      // A visible mistake: keep going the way it was going (or drift off if it stood still), unseeing.
      if (this.held === 0) this.held = lapses.driftMove(state.config.seed, side, this.preset.name);
      this.danger = false;
      this.calm = false;
    } else this.plan(state, side, slow);
    let bits = this.activeDodger.problem.moves.bits[this.held]!;
    if (mz && (bits & DIR_BITS) !== 0) {
      // Never push into a wall: a held move the walls stop dead this frame becomes "stay" (same place).
      const to = moveShip(me.ship.x, me.ship.y, bits, (bits & Input.FOCUS) !== 0 || me.ship.charge > 0, mz.maze, me.character);
      if (to.x === me.ship.x && to.y === me.ship.y) bits &= ~DIR_BITS;
    }
    if (this.preset.cpu.shoot && lapses.shotKey(state.config.seed, side, this.preset.name)) bits |= Input.SHOT;
    if (this.versus && this.preset.cpu.charge && this.chargeKey(state, side)) bits |= Input.CHARGE;
    return bits;
  }

  /**
   * The planned path of the last search (field units), for a debug overlay. After a slip it is the
   * slipped move's single step (plan.slipped), the move really played.
   */
  get plannedPath(): DodgePlan {
    return this.activeDodger.plan;
  }

  /** A full-field map of what the CPU saw at its last decision (builds one; pass `out` to reuse). */
  influenceMap(out?: InfluenceMap): InfluenceMap {
    return this.activeDodger.overlayMap(0, out);
  }

  private plan(state: Readonly<MatchState>, side: number, slow: boolean): void {
    if (slow !== this.slow) {
      // Same direction in the other move set: the charging set has no separate focused moves.
      if (slow && this.held >= 9) this.held -= 8;
      this.slow = slow;
    }
    const dodger = this.activeDodger;
    this.lastPlanFrame = state.frame;
    const w = worldFromMatch(state, side, this.world);
    this.shipDanger = dangerAt(w, w.shipX, w.shipY, this.preset.reactionFrames);
    this.lureActive = false;
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
      // Toward the x of the enemy to shoot (versus play) only while safe: in danger no pull sideways.
      w.goalX = this.versus && this.preset.lure > 0 && this.shipDanger <= SAFE_DANGER ? targetX(state, side) : Number.NaN;
      this.lureActive = !Number.isNaN(w.goalX);
      // Below the home line, away from where enemies appear and fire point-blank: always (drills and
      // danger too). At most lure·0.7 per node, it only tips near-equal dodges downward; switched off
      // in danger the presets were hit more (the ship dodged upward and was caught up there).
      w.goalY = this.preset.lure > 0 ? HOME_Y : Number.NaN;
    }
    const d = dodger.choose(w, this.held);
    const safe = d.survived === this.preset.depth;
    // Danger is judged on the danger part of the best path only: the maze pull (0.5 per unit from
    // the planner's stop) or the lure would otherwise read as danger with no bullet near.
    this.danger = !safe || dodger.plan.hazard < this.preset.cpu.clearBelow;
    this.calm = safe && this.shipDanger <= SAFE_DANGER;
    let move = d.move;
    const rng = this.rng!;
    if (rng.next() < this.preset.slip) {
      // A deliberate slip: any first move that survives its own step.
      const M = dodger.problem.moves.count;
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
    // The overlay shows the move really played: after a slip, that move's one step.
    if (move !== d.move) dodger.planFirstStep(move);
    this.held = move;
    this.holdLeft = this.preset.framesPerStep - 1;
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
        return false; // danger while charging: release, firing the level reached (≥ 1 clears bullets too)
      }
      return true;
    }
    const levels = gaugeLevels(me);
    if (levels >= 1 && ship.invuln === 0 && this.danger) {
      this.chargeTarget = 1; // a 1-frame press: clear the bullets around the ship
      return true;
    }
    if (levels >= 1 && ship.invuln === 0 && this.calm && blastKills(me) >= BLAST_KILLS) {
      this.chargeTarget = 1; // the character's charge shot kills a group at once: kills chain into gauge
      return true;
    }
    if (!this.calm || state.sides.length < 2) return false;
    const at = this.preset.cpu.attackAt;
    if (at === 0) return false; // never attacks across (clears only)
    const target = levels >= 3 ? 3 : levels >= Math.max(2, at) ? levels : 0;
    if (target < 2) return false;
    this.chargeTarget = target;
    return true;
  }
}

/** Kills the level-1 charge shot must promise before the CPU spends a level on it (not on a single enemy). */
export const BLAST_KILLS = 3;

/** Enemies the side's level-1 charge shot would kill if fired now (0 for a character whose shot only clears). */
export function blastKills(me: Readonly<MatchState['sides'][number]>): number {
  const { radius, damage } = me.character.charge;
  if (damage <= 0) return 0;
  const pool = me.enemies;
  let n = 0;
  for (let j = 0; j < pool.count; j++) {
    const e = pool.items[j]!;
    if (e.age < 0 || e.invulnerable || e.hp > damage) continue;
    const dx = e.x - me.ship.x;
    const dy = e.y - me.ship.y;
    const r = radius + e.r;
    if (dx * dx + dy * dy <= r * r) n++;
  }
  return n;
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
