// Planning instances: the JSON schema (zod), its validation with errors that name the field,
// and the normalised `Instance` the searches use. Format and semantics: docs/planner.md.

import { z } from 'zod';
import { parseMaze, type Maze } from '../../maze/maze';
import { buildCsr } from './graph';
import { parseJsonText } from './json-text';
import { MODES, OBJECTIVES, PlannerInputError, type Enemy, type Instance, type Mode, type Objective } from './types';

/**
 * The message for a value that is not a (finite) number. JSON numbers beyond a double (1e400) read
 * as Infinity: that one is told its limit, looked up when the message is made (PLANNER_LIMITS is
 * defined below).
 */
const notANumber =
  (what: string, kind: string, limit: () => number) =>
  (iss: { input?: unknown }): string =>
    typeof iss.input === 'number'
      ? `${what} must be ${kind} of at most ${limit()}, got a number beyond a double's range (${iss.input})`
      : `${what} must be ${kind}`;
const posNumber = (what: string) =>
  z.number({ error: notANumber(what, 'a number', () => PLANNER_LIMITS.time) }).refine((x) => Number.isFinite(x) && x > 0, {
    error: (iss) => `${what} must be a positive number (zero and negative times are not allowed), got ${String(iss.input)}`,
  });
/** A whole number; its size is checked by checkLimits (PLANNER_LIMITS), so 1e300 is told the limit, not zod's safe-integer bound. */
const wholeNumber = (what: string, limit: () => number) =>
  z
    .number({ error: notANumber(what, 'a whole number', limit) })
    .refine(Number.isInteger, { error: (iss) => `${what} must be a whole number, got ${String(iss.input)}` });

const enemySchema = z.strictObject({
  at: z.string({ error: 'must be a node name (string)' }),
  reward: z
    .number({ error: notANumber('reward', 'a number', () => PLANNER_LIMITS.reward) })
    .refine((x) => Number.isFinite(x) && x >= 0, { error: (iss) => `reward must be a number ≥ 0, got ${String(iss.input)}` })
    .optional(),
  damage: wholeNumber('damage', () => PLANNER_LIMITS.damage)
    .refine((x) => x >= 0, { error: (iss) => `damage must be ≥ 0, got ${String(iss.input)}` })
    .optional(),
});

export const instanceSchema = z.strictObject({
  name: z.string().optional(),
  notes: z.string().optional(),
  graph: z
    .strictObject({
      nodes: z.array(z.string({ error: 'node names must be strings' }).min(1, { error: 'node names must not be empty' }), {
        error: 'must be a list of node names',
      }),
      edges: z.array(
        z.tuple(
          [
            z.string({ error: 'from must be a node name' }),
            z.string({ error: 'to must be a node name' }),
            z.number({ error: notANumber('time', 'a number', () => PLANNER_LIMITS.time) }),
          ],
          {
            error: 'each edge must be [from, to, time]',
          },
        ),
        { error: 'must be a list of [from, to, time]' },
      ),
      directed: z.boolean({ error: 'must be true or false' }).optional(),
    })
    .optional(),
  maze: z.array(z.string({ error: 'maze rows must be strings' }), { error: 'must be a list of rows (strings)' }).optional(),
  start: z.string({ error: 'must be a node name (string)' }).optional(),
  goal: z.string({ error: 'must be a node name (string)' }).optional(),
  hp: wholeNumber('hp', () => PLANNER_LIMITS.maxHp).optional(),
  maxHp: wholeNumber('maxHp', () => PLANNER_LIMITS.maxHp),
  lambda: wholeNumber('lambda', () => PLANNER_LIMITS.maxHp).optional(),
  enemies: z.array(enemySchema, { error: 'must be a list of {"at", "reward", "damage"}' }).optional(),
  time: z.strictObject({ attack: posNumber('time.attack').optional(), heal: posNumber('time.heal').optional() }).optional(),
  healAt: z
    .union([z.literal('anywhere'), z.array(z.string({ error: 'must be node names' }))], {
      error: 'must be "anywhere" or a list of node names',
    })
    .optional(),
  objective: z.enum(OBJECTIVES as [Objective, ...Objective[]], { error: `must be one of ${OBJECTIVES.join(', ')}` }).optional(),
  mode: z.enum(MODES as [Mode, ...Mode[]], { error: `must be one of ${MODES.join(', ')}` }).optional(),
});

export type InstanceJson = z.infer<typeof instanceSchema>;

/**
 * Sizes that drive the planner's time and memory, checked before any work (docs/reliability.md).
 * The searches keep per-node tables over HP levels, so maxHp bounds memory; finite bounds on times
 * and rewards keep every sum finite.
 */
export const PLANNER_LIMITS = Object.freeze({
  maxHp: 64,
  nodes: 20_000,
  edges: 200_000,
  enemies: 256,
  /** Largest edge, attack or heal time. */
  time: 1e6,
  /** Largest reward of one enemy (256 × 1e9 stays far inside a double). */
  reward: 1e9,
  damage: 64,
});

export function fieldPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s ? `.${String(p)}` : String(p);
  return s;
}

/** Parses JSON text of an instance; malformed JSON and every bad field give a PlannerInputError. */
export function parseInstanceText(text: string, source = 'instance'): Instance {
  return parseInstance(parseJsonText(text, source), source);
}

/** Validates a parsed JSON value and builds the normalised instance. Throws PlannerInputError naming the field. */
export function parseInstance(json: unknown, source = 'instance'): Instance {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    throw new PlannerInputError(source, '', 'an instance must be a JSON object');
  const r = instanceSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    if (issue.code === 'unrecognized_keys') {
      const where = fieldPath(issue.path);
      throw new PlannerInputError(source, where ? `${where}.${issue.keys[0]}` : issue.keys[0]!, 'unknown field');
    }
    if (issue.code === 'invalid_type' && valueAt(json, issue.path) === undefined)
      throw new PlannerInputError(source, fieldPath(issue.path), 'missing (required)');
    throw new PlannerInputError(source, fieldPath(issue.path), issue.message);
  }
  return buildInstance(r.data, source);
}

function valueAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = json;
  for (const p of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[p];
  }
  return v;
}

function fail(source: string, field: string, reason: string): never {
  throw new PlannerInputError(source, field, reason);
}

/** The PLANNER_LIMITS checks that need no graph: counts, times, rewards, HP. */
function checkLimits(j: InstanceJson, source: string): void {
  const L = PLANNER_LIMITS;
  const over = (field: string, value: number, limit: number) => fail(source, field, `${value} is above the limit of ${limit}`);
  if (j.maxHp > L.maxHp) over('maxHp', j.maxHp, L.maxHp);
  if (j.hp !== undefined && j.hp > L.maxHp) over('hp', j.hp, L.maxHp);
  if (j.lambda !== undefined && j.lambda > L.maxHp) over('lambda', j.lambda, L.maxHp);
  if (j.graph) {
    if (j.graph.nodes.length > L.nodes) fail(source, 'graph.nodes', `${j.graph.nodes.length} nodes, the limit is ${L.nodes}`);
    if (j.graph.edges.length > L.edges) fail(source, 'graph.edges', `${j.graph.edges.length} edges, the limit is ${L.edges}`);
    j.graph.edges.forEach(([, , t], i) => {
      if (t > L.time) over(`graph.edges[${i}][2]`, t, L.time);
    });
  }
  if (j.maze && j.maze.length > 0) {
    const cells = j.maze.length * j.maze.reduce((w, r) => Math.max(w, r.length), 0);
    if (cells > L.nodes) fail(source, 'maze', `${cells} cells, the limit is ${L.nodes}`);
  }
  if (j.time?.attack !== undefined && j.time.attack > L.time) over('time.attack', j.time.attack, L.time);
  if (j.time?.heal !== undefined && j.time.heal > L.time) over('time.heal', j.time.heal, L.time);
  if (j.enemies) {
    if (j.enemies.length > L.enemies) fail(source, 'enemies', `${j.enemies.length} enemies, the limit is ${L.enemies}`);
    j.enemies.forEach((e, i) => {
      if (e.reward !== undefined && e.reward > L.reward) over(`enemies[${i}].reward`, e.reward, L.reward);
      if (e.damage !== undefined && e.damage > L.damage) over(`enemies[${i}].damage`, e.damage, L.damage);
    });
  }
}

function buildInstance(j: InstanceJson, source: string): Instance {
  if (j.graph && j.maze) fail(source, 'maze', 'give either "graph" or "maze", not both');
  if (!j.graph && !j.maze) fail(source, 'graph', 'missing: give either "graph" or "maze"');
  checkLimits(j, source);
  let names: string[];
  const index = new Map<string, number>();
  let directed = false;
  const rawEdges: [number, number, number][] = [];
  let maze: Maze | undefined;
  if (j.graph) {
    names = j.graph.nodes.slice();
    directed = j.graph.directed ?? false;
    names.forEach((nm, i) => {
      if (index.has(nm)) fail(source, `graph.nodes[${i}]`, `duplicate node "${nm}" (also graph.nodes[${index.get(nm)}])`);
      index.set(nm, i);
    });
    if (names.length === 0) fail(source, 'graph.nodes', 'needs at least one node');
    j.graph.edges.forEach(([a, b, t], i) => {
      const u = index.get(a);
      const v = index.get(b);
      if (u === undefined) fail(source, `graph.edges[${i}][0]`, `unknown node "${a}"`);
      if (v === undefined) fail(source, `graph.edges[${i}][1]`, `unknown node "${b}"`);
      if (!(Number.isFinite(t) && t > 0))
        fail(source, `graph.edges[${i}][2]`, `time must be a positive number (got ${t}); zero and negative times are not allowed`);
      if (u === v) fail(source, `graph.edges[${i}]`, `edge from "${a}" to itself`);
      rawEdges.push([u, v, t]);
    });
  } else {
    maze = parseMaze(j.maze!.join('\n'), `${source}: maze`);
    names = [];
    for (let y = 0; y < maze.height; y++)
      for (let x = 0; x < maze.width; x++)
        if (maze.walls[y * maze.width + x] === 0) {
          index.set(`${x},${y}`, names.length);
          names.push(`${x},${y}`);
        }
    for (let y = 0; y < maze.height; y++)
      for (let x = 0; x < maze.width; x++) {
        const u = index.get(`${x},${y}`);
        if (u === undefined) continue;
        const r = index.get(`${x + 1},${y}`);
        const d = index.get(`${x},${y + 1}`);
        if (r !== undefined) rawEdges.push([u, r, 1]);
        if (d !== undefined) rawEdges.push([u, d, 1]);
      }
  }
  const n = names.length;
  const node = (name: string, field: string): number => {
    const i = index.get(name);
    if (i === undefined)
      fail(
        source,
        field,
        maze ? `unknown node "${name}" (maze nodes are open cells "x,y", 0-based from the top-left)` : `unknown node "${name}"`,
      );
    return i;
  };
  const cellName = (c: { x: number; y: number }) => `${c.x},${c.y}`;

  // Deduplicate edges (keep the fastest), in first-seen order.
  const seen = new Map<number, number>();
  const edges: [number, number, number][] = [];
  for (const [u, v, t] of rawEdges) {
    const a = directed ? u : Math.min(u, v);
    const b = directed ? v : Math.max(u, v);
    const key = a * n + b;
    const k = seen.get(key);
    if (k === undefined) {
      seen.set(key, edges.length);
      edges.push([u, v, t]);
    } else if (t < edges[k]![2]) edges[k]![2] = t;
  }
  const arcs: [number, number, number][] = [];
  for (const [u, v, t] of edges) {
    arcs.push([u, v, t]);
    if (!directed) arcs.push([v, u, t]);
  }
  const out = buildCsr(n, arcs);
  const inc = buildCsr(
    n,
    arcs.map(([u, v, t]) => [v, u, t] as const),
  );

  let start: number;
  if (j.start !== undefined) start = node(j.start, 'start');
  else if (maze) start = index.get(cellName(maze.start))!;
  else fail(source, 'start', 'missing (required)');

  let goals: number[];
  if (j.goal !== undefined) goals = [node(j.goal, 'goal')];
  else if (maze) {
    if (maze.exits.length === 0) fail(source, 'goal', 'missing: the maze has no \'G\' cell, so give "goal"');
    goals = maze.exits.map((c) => index.get(cellName(c))!);
  } else fail(source, 'goal', 'missing (required)');

  const maxHp = j.maxHp;
  if (maxHp < 1) fail(source, 'maxHp', `must be ≥ 1 (got ${maxHp})`);
  const hp = j.hp ?? maxHp;
  if (hp < 1) fail(source, 'hp', `must be ≥ 1 (got ${hp}): the agent must be alive`);
  if (hp > maxHp) fail(source, 'hp', `${hp} is more than maxHp ${maxHp}`);
  const lambda = j.lambda ?? maxHp - 1;
  if (lambda < 0) fail(source, 'lambda', `must be ≥ 0 (got ${lambda})`);
  if (lambda > maxHp - 1) fail(source, 'lambda', `${lambda} would let HP reach 0 (at most maxHp − 1 = ${maxHp - 1})`);
  if (lambda < maxHp - hp) fail(source, 'lambda', `${lambda} is less than the initial damage maxHp − hp = ${maxHp - hp}`);

  const enemies: Enemy[] = [];
  const enemyAt = new Int32Array(n).fill(-1);
  if (j.enemies !== undefined) {
    j.enemies.forEach((e, i) => {
      const v = node(e.at, `enemies[${i}].at`);
      if (enemyAt[v]! >= 0)
        fail(
          source,
          `enemies[${i}].at`,
          `node "${e.at}" already has an enemy (enemies[${enemyAt[v]}]); two enemies on one node are not allowed`,
        );
      enemyAt[v] = enemies.length;
      enemies.push({ node: v, reward: e.reward ?? 1, damage: e.damage ?? 1 });
    });
  } else if (maze) {
    if (maze.enemies.length > PLANNER_LIMITS.enemies)
      fail(source, 'maze', `${maze.enemies.length} enemies, the limit is ${PLANNER_LIMITS.enemies}`);
    for (const c of maze.enemies) {
      const v = index.get(cellName(c))!;
      enemyAt[v] = enemies.length;
      enemies.push({ node: v, reward: 1, damage: 1 });
    }
  }

  const healable = new Uint8Array(n);
  let healAnywhere = false;
  if (j.healAt === 'anywhere' || (j.healAt === undefined && !maze)) {
    healAnywhere = true;
    healable.fill(1);
  } else if (j.healAt !== undefined) {
    j.healAt.forEach((h, i) => (healable[node(h, `healAt[${i}]`)] = 1));
  } else {
    for (const c of maze!.heals) healable[index.get(cellName(c))!] = 1;
  }

  return Object.freeze({
    source,
    names,
    index,
    directed,
    edges,
    outStart: out.start,
    outTo: out.to,
    outTime: out.time,
    inStart: inc.start,
    inFrom: inc.to,
    inTime: inc.time,
    unitTime: edges.length > 0 && edges.every((e) => e[2] === edges[0]![2]) ? edges[0]![2] : 0,
    start,
    goals,
    hp,
    maxHp,
    lambda,
    enemies,
    enemyAt,
    timeAttack: j.time?.attack ?? 1,
    timeHeal: j.time?.heal ?? 1,
    healAnywhere,
    healable,
    objective: j.objective ?? 'kills',
    mode: j.mode ?? 'exact',
    ...(maze ? { grid: { width: maze.width, height: maze.height } } : {}),
  });
}

export interface StateOverride {
  start?: number;
  hp?: number;
  /** Replaces the enemies (node indices; two on one node are not allowed). */
  enemies?: readonly Enemy[];
}

/**
 * The same map with a new agent position, HP or enemy set — what replanning needs every step.
 * Shares the graph arrays with `base`; checks the new values like parseInstance does.
 */
export function withState(base: Instance, o: StateOverride): Instance {
  const n = base.names.length;
  const start = o.start ?? base.start;
  if (!(start >= 0 && start < n)) fail(base.source, 'start', `unknown node index ${start}`);
  const hp = o.hp ?? base.hp;
  if (!(Number.isInteger(hp) && hp >= 1 && hp <= base.maxHp))
    fail(base.source, 'hp', `must be a whole number in 1..${base.maxHp} (got ${hp})`);
  if (base.lambda < base.maxHp - hp)
    fail(base.source, 'lambda', `${base.lambda} is less than the initial damage maxHp − hp = ${base.maxHp - hp}`);
  let enemies = base.enemies;
  let enemyAt = base.enemyAt;
  if (o.enemies) {
    enemies = o.enemies.map((e) => ({ ...e }));
    enemyAt = new Int32Array(n).fill(-1);
    enemies.forEach((e, i) => {
      if (!(e.node >= 0 && e.node < n)) fail(base.source, `enemies[${i}].at`, `unknown node index ${e.node}`);
      if (enemyAt[e.node]! >= 0)
        fail(base.source, `enemies[${i}].at`, `node "${base.names[e.node]}" already has an enemy (enemies[${enemyAt[e.node]}])`);
      if (!(Number.isInteger(e.damage) && e.damage >= 0)) fail(base.source, `enemies[${i}].damage`, 'must be a whole number ≥ 0');
      if (!(Number.isFinite(e.reward) && e.reward >= 0)) fail(base.source, `enemies[${i}].reward`, 'must be a number ≥ 0');
      enemyAt[e.node] = i;
    });
  }
  return Object.freeze({ ...base, start, hp, enemies, enemyAt });
}
