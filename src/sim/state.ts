// The whole game state. Everything that can influence a future frame lives here (and is hashed);
// nothing else does. Views read it and never write it.
import { BulletPool } from './bullet-pool';
import type { MatchConfig } from './config';
import { BULLET_CAPACITY, ENEMY_CAPACITY, FIELD_W, SHIP_START_Y, SHOT_CAPACITY } from './constants';
import { EnemyPool } from './enemy-pool';
import type { MazeSideState } from './maze-state';
import type { Rng } from './rng';
import type { SimEvent } from './events';
import { getCharacter, type Character } from './characters';

export interface ShipState {
  x: number;
  y: number;
  lives: number;
  /** Frames of invulnerability left after a hit or a charge attack. */
  invuln: number;
  shotCooldown: number;
  focused: boolean;
  /** Frames the charge key has been held (0 when released). */
  charge: number;
  /** Input bits of the previous frame (edge detection for the charge key). */
  lastInput: number;
}

export const AttackKind = {
  /** Extra bullets from a kill chain. */
  BULLETS: 0,
  /** A spirit enemy from a long chain. */
  SPIRIT: 1,
  /** Level-2 charge attack: an extra attack pattern. */
  PATTERN: 2,
  /** Level-3 charge attack: a boss-style attack. */
  BOSS: 3,
} as const;

export interface IncomingAttack {
  kind: number;
  /** Strength: bullet count for BULLETS, chain length for SPIRIT. */
  power: number;
  arriveAt: number;
  from: number;
}

export interface SideState {
  index: number;
  /** The side's character (config p1Character / p2Character): read-only rules, not state. */
  readonly character: Character;
  ship: ShipState;
  /** Enemy bullets: they hurt this side's ship. */
  bullets: BulletPool;
  /** This ship's own shots: they hurt enemies in this field. */
  shots: BulletPool;
  enemies: EnemyPool;
  score: number;
  hits: number;
  kills: number;
  grazes: number;
  gauge: number;
  chain: number;
  /** Frame at which the current chain ends. */
  chainEnd: number;
  bestChain: number;
  attacksSent: number;
  incoming: IncomingAttack[];
  /** Per-side random stream (random bursts, where sent attacks appear). */
  rng: Rng;
  /** Maze stages: this field's maze (src/sim/maze-state.ts); null in open stages. */
  maze: MazeSideState | null;
  /** Maze stages: exits reached so far. */
  mazesCleared: number;
  /** Story's final boss (config.finalBoss, side 2): in its boss phase. */
  bossPhase: boolean;
  /** Frame its boss phase gains the next gauge level. */
  bossGaugeAt: number;
}

export interface MatchResult {
  /** Winning side, or null for a draw (and for practice). */
  winner: number | null;
  reason: 'lives' | 'time';
  frames: number;
  /**
   * What decided it when neither side was simply out (time limit, or both out on one frame): more
   * mazes cleared, more lives left, higher score or fewer hits (with infinite lives, fewer hits
   * comes where lives would). null for a knock-out, a draw, practice and drills. Not hashed: it
   * follows from the hashed state.
   */
  decidedBy: Decider | null;
}

/** What a result at the time limit (or a double knock-out) was decided by: see MatchResult. */
export type Decider = 'mazes' | 'lives' | 'score' | 'hits';

export interface StageState {
  /** Frame the next wave spawns. */
  nextWave: number;
  waveIndex: number;
  /** Shared by both fields so both sides face the same waves. */
  rng: Rng;
}

export interface MatchState {
  config: MatchConfig;
  frame: number;
  sides: SideState[];
  stage: StageState;
  result: MatchResult | null;
  /** Events of the last step only; not part of the state hash. */
  events: SimEvent[];
}

export function newShip(lives: number): ShipState {
  return { x: FIELD_W / 2, y: SHIP_START_Y, lives, invuln: 0, shotCooldown: 0, focused: false, charge: 0, lastInput: 0 };
}

export function newSide(index: number, lives: number, rng: Rng, character = 'neutral'): SideState {
  return {
    index,
    character: getCharacter(character),
    ship: newShip(lives),
    bullets: new BulletPool(BULLET_CAPACITY),
    shots: new BulletPool(SHOT_CAPACITY),
    enemies: new EnemyPool(ENEMY_CAPACITY),
    score: 0,
    hits: 0,
    kills: 0,
    grazes: 0,
    gauge: 0,
    chain: 0,
    chainEnd: 0,
    bestChain: 0,
    attacksSent: 0,
    incoming: [],
    rng,
    maze: null,
    mazesCleared: 0,
    bossPhase: false,
    bossGaugeAt: 0,
  };
}

/** The opponent of side i, or null in single-field practice. */
export function opponent(s: MatchState, i: number): SideState | null {
  return s.sides.length > 1 ? s.sides[1 - i]! : null;
}
