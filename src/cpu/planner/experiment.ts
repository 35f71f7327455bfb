// The 10×10 experiments of seed 001 §3.6–3.7: an agent replans each time it moves to a point while
// some enemies walk back and forth on fixed routes (the rest stand still).
//
// One turn: the agent carries out the start of its current plan — either the actions it planned at
// its current cell, or its next move together with the actions it planned on arrival (so "reach the
// enemy, attack, heal" is one turn, as in Figs. 3.10–3.12). Then every moving enemy advances one
// location along its route ("enemies move all together after the agent's action"). The agent
// replans from the new snapshot (its cell, HP, the live enemies where they are now) only after a
// turn in which it moved: "each time the agent moves to a point" (§3.6); a turn of in-place actions
// only (heal where it stands) keeps the plan, whose next step is then a move. In restricted mode
// the passage restriction also holds across turns: when the agent replans at a cell where it has
// already attacked or healed since arriving, those action nodes are used up (no second heal at the
// same point). The run ends when a plan is used up at the goal, when no plan exists, or after
// maxTurns.

import { z } from 'zod';
import { fieldPath, instanceSchema, parseInstance, withState } from './instance';
import { plan, type PlanOptions } from './plan';
import { OBJECTIVES, PlannerInputError, type Action, type Instance, type Mode, type Objective } from './types';

const experimentSchema = z.strictObject({
  name: z.string({ error: 'must be a string' }),
  notes: z.string().optional(),
  /** The paper's reported outcome per mode, shown next to ours. */
  paper: z.record(z.string(), z.string()).optional(),
  /** The paper's run told step by step, per mode (eval:planner prints it beside our per-turn trace). */
  narrative: z.record(z.string(), z.array(z.string())).optional(),
  /** Where our run differs from the paper's and why, per mode (eval:planner ends its report with them). */
  differences: z.record(z.string(), z.array(z.string())).optional(),
  instance: z.unknown(),
  routes: z.array(
    z.strictObject({
      enemy: z.number().int({ error: 'must be an enemy index' }).min(0),
      path: z.array(z.string()).min(1, { error: 'needs at least one node' }),
    }),
  ),
  maxTurns: z.number().int().positive().optional(),
  objective: z.enum(OBJECTIVES as [Objective, ...Objective[]]).optional(),
});

export interface Route {
  enemy: number;
  /** Node indices; walked back and forth (ping-pong) starting at path[0]. */
  path: number[];
}

export interface Experiment {
  name: string;
  notes: string;
  paper: Record<string, string>;
  narrative: Record<string, string[]>;
  differences: Record<string, string[]>;
  instance: Instance;
  routes: Route[];
  maxTurns: number;
}

/** Is this JSON an experiment (rather than a plain instance)? */
export function isExperimentJson(json: unknown): boolean {
  return typeof json === 'object' && json !== null && 'instance' in json && 'routes' in json;
}

export function parseExperiment(json: unknown, source = 'experiment'): Experiment {
  const r = experimentSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new PlannerInputError(
      source,
      fieldPath(issue.path),
      issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : issue.message,
    );
  }
  let instance: Instance;
  try {
    // Validate the shape first so messages say "instance.<field>".
    instanceSchema.parse(r.data.instance);
    instance = parseInstance(r.data.instance, source);
  } catch (e) {
    if (e instanceof PlannerInputError) throw new PlannerInputError(source, `instance.${e.field}`.replace(/\.$/, ''), e.reason);
    if (e instanceof z.ZodError) {
      const issue = e.issues[0]!;
      throw new PlannerInputError(
        source,
        `instance.${fieldPath(issue.path)}`,
        issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : issue.message,
      );
    }
    throw e;
  }
  if (r.data.objective) instance = Object.freeze({ ...instance, objective: r.data.objective });
  const seen = new Set<number>();
  const routes = r.data.routes.map((rt, i): Route => {
    if (rt.enemy >= instance.enemies.length)
      throw new PlannerInputError(source, `routes[${i}].enemy`, `no enemy ${rt.enemy} (the instance has ${instance.enemies.length})`);
    if (seen.has(rt.enemy)) throw new PlannerInputError(source, `routes[${i}].enemy`, `enemy ${rt.enemy} already has a route`);
    seen.add(rt.enemy);
    const path = rt.path.map((nm, k) => {
      const v = instance.index.get(nm);
      if (v === undefined) throw new PlannerInputError(source, `routes[${i}].path[${k}]`, `unknown node "${nm}"`);
      return v;
    });
    if (path[0] !== instance.enemies[rt.enemy]!.node)
      throw new PlannerInputError(
        source,
        `routes[${i}].path[0]`,
        `must be where enemy ${rt.enemy} starts ("${instance.names[instance.enemies[rt.enemy]!.node]}")`,
      );
    for (let k = 1; k < path.length; k++) {
      const u = path[k - 1]!;
      let ok = false;
      for (let q = instance.outStart[u]!; q < instance.outStart[u + 1]!; q++) if (instance.outTo[q] === path[k]) ok = true;
      if (!ok) throw new PlannerInputError(source, `routes[${i}].path[${k}]`, `"${rt.path[k]}" is not next to "${rt.path[k - 1]}"`);
    }
    return { enemy: rt.enemy, path };
  });
  return {
    name: r.data.name,
    notes: r.data.notes ?? '',
    paper: r.data.paper ?? {},
    narrative: r.data.narrative ?? {},
    differences: r.data.differences ?? {},
    instance,
    routes,
    maxTurns: r.data.maxTurns ?? 400,
  };
}

export interface TurnRecord {
  turn: number;
  /** Agent cell before the turn. */
  agent: string;
  hp: number;
  /** Live enemies at the time of planning: original index and node name. */
  enemies: { enemy: number; at: string }[];
  /** The plan being followed this turn, from this turn on (its route is what an overlay draws). */
  planned: Action[];
  /** Whether the plan was made this turn (after a move) or kept from an earlier turn. */
  replanned: boolean;
  /** Action nodes of the agent's cell already used since it arrived (restricted mode excludes them when replanning). */
  used: { attack: boolean; heal: boolean };
  /** What the agent did this turn. */
  done: Action[];
  /** Enemies (original indices) killed this turn, in order. */
  killed: number[];
}

export interface RunResult {
  mode: Mode;
  objective: Objective;
  kills: number;
  /** Original enemy indices in kill order. */
  killed: number[];
  reward: number;
  finalHp: number;
  time: number;
  actions: number;
  turns: number;
  reachedGoal: boolean;
  /** Why the run ended. */
  end: 'goal' | 'no-plan' | 'max-turns';
  history: TurnRecord[];
}

/**
 * The instance with the start cell's attack and/or heal node used up (restricted mode: each action
 * node of a location at most once, across replans during one visit).
 */
export function withUsedActions(inst: Instance, attack: boolean, heal: boolean): Instance {
  const enemyAt = attack && inst.enemyAt[inst.start]! >= 0 ? Int32Array.from(inst.enemyAt) : inst.enemyAt;
  if (enemyAt !== inst.enemyAt) enemyAt[inst.start] = -1;
  const healable = heal && inst.healable[inst.start] === 1 ? Uint8Array.from(inst.healable) : inst.healable;
  if (healable !== inst.healable) healable[inst.start] = 0;
  return Object.freeze({ ...inst, enemyAt, healable });
}

/** Runs one experiment with one planner mode; deterministic. */
export function runExperiment(
  exp: Experiment,
  mode: Mode,
  objective: Objective = exp.instance.objective,
  opts: Pick<PlanOptions, 'restrictedHeals'> = {},
): RunResult {
  const base = exp.instance;
  const E = base.enemies.length;
  const pos = base.enemies.map((e) => e.node);
  const routeOf: (Route | undefined)[] = new Array(E).fill(undefined);
  for (const r of exp.routes) routeOf[r.enemy] = r;
  const idx = new Int32Array(E);
  const dir = new Int32Array(E).fill(1);
  const alive = new Uint8Array(E).fill(1);
  let agent = base.start;
  let damage = base.maxHp - base.hp;
  let time = 0;
  let reward = 0;
  let nActions = 0;
  const killed: number[] = [];
  const history: TurnRecord[] = [];
  let end: RunResult['end'] = 'max-turns';
  let turn = 0;
  // The plan being followed (null: replan at the next turn) and what is left of it.
  let current: Action[] | null = null;
  let at = 0;
  // Action nodes used at the agent's cell since it arrived there (restricted mode's restriction).
  let usedAttack = false;
  let usedHeal = false;
  for (; turn < exp.maxTurns; turn++) {
    // Snapshot: live enemies; if two share a cell only the first is visible this turn.
    const snapIdx: number[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < E; i++) {
      if (!alive[i] || taken.has(pos[i]!)) continue;
      taken.add(pos[i]!);
      snapIdx.push(i);
    }
    const rec: TurnRecord = {
      turn,
      agent: base.names[agent]!,
      hp: base.maxHp - damage,
      enemies: snapIdx.map((i) => ({ enemy: i, at: base.names[pos[i]!]! })),
      planned: [],
      replanned: current === null,
      used: { attack: usedAttack, heal: usedHeal },
      done: [],
      killed: [],
    };
    history.push(rec);
    if (current === null) {
      let inst = withState(base, {
        start: agent,
        hp: base.maxHp - damage,
        enemies: snapIdx.map((i) => ({ node: pos[i]!, reward: base.enemies[i]!.reward, damage: base.enemies[i]!.damage })),
      });
      if (mode === 'restricted' && (usedAttack || usedHeal)) inst = withUsedActions(inst, usedAttack, usedHeal);
      const p = plan(inst, { mode, objective, ...opts });
      if (!p.feasible) {
        end = 'no-plan';
        break;
      }
      current = p.actions;
      at = 0;
    }
    rec.planned = current.slice(at);
    if (at === current.length) {
      end = 'goal';
      break;
    }
    const exec = (a: Action) => {
      rec.done.push(a);
      nActions++;
      if (a.do === 'move') {
        const v = base.index.get(a.at)!;
        let t = Infinity;
        for (let q = base.outStart[agent]!; q < base.outStart[agent + 1]!; q++) if (base.outTo[q] === v) t = Math.min(t, base.outTime[q]!);
        time += t;
        agent = v;
        usedAttack = false;
        usedHeal = false;
      } else if (a.do === 'attack') {
        time += base.timeAttack;
        usedAttack = true;
        // The first live enemy standing here now (a kept plan may be older than the enemies' last move).
        for (const orig of snapIdx) {
          if (!alive[orig] || pos[orig] !== agent) continue;
          alive[orig] = 0;
          killed.push(orig);
          rec.killed.push(orig);
          reward += base.enemies[orig]!.reward;
          damage += base.enemies[orig]!.damage;
          break;
        }
      } else {
        time += base.timeHeal;
        usedHeal = true;
        damage = Math.max(0, damage - 1);
      }
    };
    const moved = current[at]!.do === 'move';
    if (moved) exec(current[at++]!);
    while (at < current.length && current[at]!.do !== 'move') exec(current[at++]!);
    if (at === current.length) {
      end = 'goal';
      turn++;
      break;
    }
    if (moved) current = null; // replan each time the agent moves to a point
    // Enemies advance one location along their routes (ping-pong).
    for (let e = 0; e < E; e++) {
      const r = routeOf[e];
      if (!alive[e] || !r || r.path.length < 2) continue;
      let k = idx[e]! + dir[e]!;
      if (k < 0 || k >= r.path.length) {
        dir[e] = -dir[e]!;
        k = idx[e]! + dir[e]!;
      }
      idx[e] = k;
      pos[e] = r.path[k]!;
    }
  }
  return {
    mode,
    objective,
    kills: killed.length,
    killed,
    reward,
    finalHp: base.maxHp - damage,
    time,
    actions: nActions,
    turns: turn,
    reachedGoal: end === 'goal',
    end,
    history,
  };
}
