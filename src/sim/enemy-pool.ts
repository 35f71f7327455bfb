// Enemies live in a fixed pool of reusable records (no allocation while playing). Live enemies
// are the dense range [0, count); removal swaps records, so references into the pool are only
// valid within one step.

export const EnemyKind = {
  FAIRY: 0,
  SWEEPER: 1,
  SPINNER: 2,
  GUNSHIP: 3,
  /** Sent by a chain or a level-2 charge attack into the opponent's field. */
  SPIRIT: 4,
  /** Sent by a level-3 charge attack: invulnerable, runs a boss pattern, then leaves. */
  BOSS: 5,
  /** Maze stages: hunts the ship through the maze (src/sim/maze-chasers.ts); respawns. */
  CHASER: 6,
  /** Maze stages: a stationary turret that fires at a ship it sees (src/sim/maze-turrets.ts). */
  TURRET: 7,
} as const;
export type EnemyKindId = (typeof EnemyKind)[keyof typeof EnemyKind];

export interface Enemy {
  kind: number;
  x: number;
  y: number;
  /** Movement of the last step (the CPU extrapolates with it). */
  vx: number;
  vy: number;
  r: number;
  hp: number;
  maxHp: number;
  /** Frame it appeared. */
  spawn: number;
  age: number;
  /** Movement path id and its parameters (see paths.ts). */
  path: number;
  ox: number;
  oy: number;
  p0: number;
  p1: number;
  p2: number;
  /** Bullet pattern id and its state (see patterns.ts). */
  pattern: number;
  fireAt: number;
  period: number;
  phase: number;
  burst: number;
  aimX: number;
  aimY: number;
  /** Difficulty level at spawn (scales bullet count and speed). */
  level: number;
  /** -1 stage enemy, else the side that sent it. */
  owner: number;
  score: number;
  invulnerable: boolean;
  /** Bosses: the index (CHARACTERS) of the character whose Boss Attack this is, its phases; else −1. */
  script: number;
}

function blankEnemy(): Enemy {
  return {
    kind: 0,
    x: 0,
    y: 0,
    vx: 0,
    vy: 0,
    r: 0,
    hp: 0,
    maxHp: 0,
    spawn: 0,
    age: 0,
    path: 0,
    ox: 0,
    oy: 0,
    p0: 0,
    p1: 0,
    p2: 0,
    pattern: 0,
    fireAt: 0,
    period: 0,
    phase: 0,
    burst: 0,
    aimX: 0,
    aimY: 0,
    level: 0,
    owner: -1,
    score: 0,
    invulnerable: false,
    script: -1,
  };
}

export class EnemyPool {
  count = 0;
  readonly items: Enemy[];

  constructor(readonly capacity: number) {
    this.items = Array.from({ length: capacity }, blankEnemy);
  }

  /** A reset record at the end of the live range, or null when the pool is full. */
  add(): Enemy | null {
    if (this.count >= this.capacity) return null;
    const e = this.items[this.count++]!;
    Object.assign(e, BLANK);
    return e;
  }

  remove(i: number): void {
    const last = --this.count;
    if (i === last) return;
    const tmp = this.items[i]!;
    this.items[i] = this.items[last]!;
    this.items[last] = tmp;
  }

  clear(): void {
    this.count = 0;
  }

  copyFrom(o: EnemyPool): void {
    this.count = o.count;
    for (let i = 0; i < o.count; i++) Object.assign(this.items[i]!, o.items[i]!);
  }
}

const BLANK = blankEnemy();
