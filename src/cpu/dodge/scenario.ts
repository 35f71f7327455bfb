// A dodge scenario file (for the `dodge` tool and tests): the ship and the obstacles it faces.
// r is the obstacle's hit radius (the ship is hit when the centre distance is ≤ r + ship radius);
// age is frames since it appeared (the reaction delay hides young ones).
import { z } from 'zod';
import { SHIP_EDGE } from '../../sim/constants';
import { DodgeWorld } from './world';

/**
 * Sizes and magnitudes a scenario may have, checked before any work (docs/reliability.md): the
 * field bounds the dodger's grids, the obstacle count its time; coordinates and speeds far inside
 * a double keep every sum and distance finite.
 */
export const DODGE_LIMITS = Object.freeze({ field: 4096, obstacles: 5000, coordinate: 1e6, speed: 1000, age: 1e6 });

/** Largest obstacle radius r (a hit radius; the biggest sprite is far smaller). */
export const MAX_OBSTACLE_RADIUS = 200;

const finite = z.number().refine(Number.isFinite, 'must be a finite number');
const coord = finite.refine((v) => Math.abs(v) <= DODGE_LIMITS.coordinate, { message: `must be within ±${DODGE_LIMITS.coordinate}` });
const speed = finite.refine((v) => Math.abs(v) <= DODGE_LIMITS.speed, { message: `must be within ±${DODGE_LIMITS.speed} per frame` });
/**
 * A whole number in lo..hi. The range is checked before wholeness, so 1e308 is reported against
 * hi (z.int() would first report zod's own safe-integer bound).
 */
const wholeIn = (lo: number, hi: number) => z.number().min(lo).max(hi).refine(Number.isInteger, 'must be a whole number');
const Obstacle = z.strictObject({
  x: coord,
  y: coord,
  vx: speed,
  vy: speed,
  r: z.number().min(0).max(MAX_OBSTACLE_RADIUS),
  age: wholeIn(0, DODGE_LIMITS.age),
});

export const DodgeScenarioSchema = z.strictObject({
  ship: z.strictObject({ x: coord, y: coord }),
  field: z
    .strictObject({ width: z.number().positive().max(DODGE_LIMITS.field), height: z.number().positive().max(DODGE_LIMITS.field) })
    .optional(),
  bullets: z.array(Obstacle).max(DODGE_LIMITS.obstacles).default([]),
  enemies: z.array(Obstacle).max(DODGE_LIMITS.obstacles).default([]),
  /** Move index (MOVE_BITS order) held before the decision, for the switch penalty: −1 (none) .. 16. */
  prevMove: wholeIn(-1, 16).optional(),
  /**
   * x the ship likes to be near (used with a preset's lure). The CPU in versus play sets it to the
   * x of the lowest enemy above it, only while the danger at the ship is ≤ 10 (SAFE_DANGER).
   */
  goalX: coord.optional(),
  /**
   * y the ship does not like to be above (used with a preset's lure). The CPU always sets its home
   * line, 313.6 (0.7 × 448, HOME_Y in cpu-controller.ts), when its preset has a lure.
   */
  goalY: coord.optional(),
});

export type DodgeScenario = z.infer<typeof DodgeScenarioSchema>;

export class ScenarioError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'ScenarioError';
  }
}

/**
 * Validates scenario data; throws ScenarioError naming the field (`where: bullets[3].vx: reason`).
 * Beyond the schema: each field side must be at least twice the ship's edge margin (the ship's
 * centre stays within [edge, side − edge]), and the ship must start inside that area.
 */
export function parseDodgeScenario(data: unknown, where = 'scenario'): DodgeScenario {
  const r = DodgeScenarioSchema.safeParse(data);
  if (r.success) {
    const s = r.data;
    const w = new DodgeWorld(1);
    const W = s.field?.width ?? w.width;
    const H = s.field?.height ?? w.height;
    const e = SHIP_EDGE;
    for (const [key, v] of [
      ['width', W],
      ['height', H],
    ] as const) {
      if (v < 2 * e)
        throw new ScenarioError(`${where}: field.${key}: ${v} is smaller than twice the ship's edge margin (2 × ${e} = ${2 * e})`);
    }
    for (const [key, v, side] of [
      ['x', s.ship.x, W],
      ['y', s.ship.y, H],
    ] as const) {
      if (v < e || v > side - e) {
        throw new ScenarioError(
          `${where}: ship.${key}: ${v} is outside the field (the ship's centre stays within ${e}..${side - e} of ` +
            `${key === 'x' ? 'width' : 'height'} ${side})`,
        );
      }
    }
    return s;
  }
  const issue = r.error.issues[0]!;
  const parts = [...issue.path];
  if (issue.code === 'unrecognized_keys') parts.push(...issue.keys);
  let path = '';
  for (const p of parts) path += typeof p === 'number' ? `[${p}]` : (path ? '.' : '') + String(p);
  throw new ScenarioError(`${where}: ${path || '(top level)'}: ${issueText(issue, valueAt(data, issue.path))}`);
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let v = data;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

/** A value as it appears in a message: numbers as JS prints them, strings quoted and cut short. */
function shown(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (typeof v === 'string') return JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);
  if (Array.isArray(v)) return `a list of ${v.length}`;
  if (v === null) return 'null';
  return typeof v === 'object' ? 'an object' : String(v);
}

/** The reason of a schema issue with the value and the limit in it ("6000 is above the limit of 4096"). */
function issueText(issue: z.core.$ZodIssue, value: unknown): string {
  switch (issue.code) {
    case 'too_big':
      return Array.isArray(value)
        ? `${value.length} entries, the limit is ${String(issue.maximum)}`
        : `${shown(value)} is above the limit of ${String(issue.maximum)}`;
    case 'too_small':
      if (Array.isArray(value)) return `${value.length} entries, the minimum is ${String(issue.minimum)}`;
      return issue.inclusive === false
        ? `${shown(value)} must be greater than ${String(issue.minimum)}`
        : `${shown(value)} is below the minimum of ${String(issue.minimum)}`;
    case 'invalid_type':
      return value === undefined
        ? 'missing (required)'
        : `must be ${issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}, got ${shown(value)}`;
    case 'unrecognized_keys':
      return 'unknown field';
    case 'custom':
      return value === undefined ? issue.message : `${issue.message}, got ${shown(value)}`;
    default:
      return issue.message;
  }
}

export function worldOfScenario(s: DodgeScenario): DodgeWorld {
  const w = new DodgeWorld(Math.max(16, s.bullets.length + s.enemies.length));
  if (s.field) {
    w.width = s.field.width;
    w.height = s.field.height;
  }
  w.shipX = s.ship.x;
  w.shipY = s.ship.y;
  if (s.goalX !== undefined) w.goalX = s.goalX;
  if (s.goalY !== undefined) w.goalY = s.goalY;
  for (const o of s.bullets) w.add(o.x, o.y, o.vx, o.vy, o.r, o.age);
  for (const o of s.enemies) w.add(o.x, o.y, o.vx, o.vy, o.r, o.age);
  return w;
}
