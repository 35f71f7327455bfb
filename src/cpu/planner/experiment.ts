// The 10×10 experiments of seed 001 §3.6–3.7: an agent replans after every step while some
// enemies walk back and forth on fixed routes (the rest stand still).
//
// One turn: the agent plans from the current snapshot (its cell, HP, the live enemies where they
// are now) and carries out the start of the plan — either the actions it plans at its current cell,
// or its next move together with the actions it plans on arrival (so "reach the enemy, attack,
// heal" is one turn, as in Figs. 3.10–3.12). Then every moving enemy advances one location along
// its route ("enemies move all together after the agent's action"). The run ends when a plan is
// used up at the goal, when no plan exists, or after maxTurns.

import { z } from 'zod';
import { fieldPath, instanceSchema, parseInstance, withState } from './instance';
import { plan } from './plan';
import { OBJECTIVES, PlannerInputError, type Action, type Instance, type Mode, type Objective } from './types';

const experimentSchema = z.strictObject({
  name: z.string({ error: 'must be a string' }),
  notes: z.string().optional(),
  /** The paper's reported outcome per mode, shown next to ours. */
  paper: z.record(z.string(), z.string()).optional(),
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
    throw new PlannerInputError(source, fieldPath(issue.path), issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : issue.message);
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
      throw new PlannerInputError(source, `instance.${fieldPath(issue.path)}`, issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys[0]}` : issue.message);
    }
    throw e;
  }
  if (r.data.objective) instance = Object.freeze({ ...instance, objective: r.data.objective });
  const seen = new Set<number>();
  const routes = r.data.routes.map((rt, i): Route => {
    if (rt.enemy >= instance.enemies.length) throw new PlannerInputError(source, `routes[${i}].enemy`, `no enemy ${rt.enemy} (the instance has ${instance.enemies.length})`);
    if (seen.has(rt.enemy)) throw new PlannerInputError(source, `routes[${i}].enemy`, `enemy ${rt.enemy} already has a route`);
    seen.add(rt.enemy);
    const path = rt.path.map((nm, k) => {
      const v = instance.index.get(nm);
      if (v === undefined) throw new PlannerInputError(source, `routes[${i}].path[${k}]`, `unknown node "${nm}"`);
      return v;
    });
    if (path[0] !== instance.enemies[rt.enemy]!.node) throw new PlannerInputError(source, `routes[${i}].path[0]`, `must be where enemy ${rt.enemy} starts ("${instance.names[instance.enemies[rt.enemy]!.node]}")`);
    for (let k = 1; k < path.length; k++) {
      const u = path[k - 1]!;
      let ok = false;
      for (let q = instance.outStart[u]!; q < instance.outStart[u + 1]!; q++) if (instance.outTo[q] === path[k]) ok = true;
      if (!ok) throw new PlannerInputError(source, `routes[${i}].path[${k}]`, `"${rt.path[k]}" is not next to "${rt.path[k - 1]}"`);
    }
    return { enemy: rt.enemy, path };
  });
  return { name: r.data.name, notes: r.data.notes ?? '', paper: r.data.paper ?? {}, instance, routes, maxTurns: r.data.maxTurns ?? 400 };
}

export interface TurnRecord {
  turn: number;
  /** Agent cell before the turn. */
  agent: string;
  hp: number;
  /** Live enemies at the time of planning: original index and node name. */
  enemies: { enemy: number; at: string }[];
  /** The plan made this turn (its route is what an overlay draws). */
  planned: Action[];
  /** What the agent did this turn. */
  done: Action[];
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

/** Runs one experiment with one planner mode; deterministic. */
export function runExperiment(exp: Experiment, mode: Mode, objective: Objective = exp.instance.objective): RunResult {
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
  for (; turn < exp.maxTurns; turn++) {
    // Snapshot: live enemies; if two share a cell only the first is visible this turn.
    const snapIdx: number[] = [];
    const taken = new Set<number>();
    for (let i = 0; i < E; i++) {
      if (!alive[i] || taken.has(pos[i]!)) continue;
      taken.add(pos[i]!);
      snapIdx.push(i);
    }
    const inst = withState(base, {
      start: agent,
      hp: base.maxHp - damage,
      enemies: snapIdx.map((i) => ({ node: pos[i]!, reward: base.enemies[i]!.reward, damage: base.enemies[i]!.damage })),
    });
    const p = plan(inst, { mode, objective });
    const rec: TurnRecord = {
      turn,
      agent: base.names[agent]!,
      hp: base.maxHp - damage,
      enemies: snapIdx.map((i) => ({ enemy: i, at: base.names[pos[i]!]! })),
      planned: p.actions,
      done: [],
    };
    history.push(rec);
    if (!p.feasible) {
      end = 'no-plan';
      break;
    }
    if (p.actions.length === 0) {
      end = 'goal';
      break;
    }
    let i = 0;
    const exec = (a: Action) => {
      rec.done.push(a);
      nActions++;
      if (a.do === 'move') {
        const v = base.index.get(a.at)!;
        let t = Infinity;
        for (let q = base.outStart[agent]!; q < base.outStart[agent + 1]!; q++) if (base.outTo[q] === v) t = Math.min(t, base.outTime[q]!);
        time += t;
        agent = v;
      } else if (a.do === 'attack') {
        time += base.timeAttack;
        const s = inst.enemyAt[agent]!;
        if (s >= 0) {
          const orig = snapIdx[s]!;
          if (alive[orig]) {
            alive[orig] = 0;
            killed.push(orig);
            reward += base.enemies[orig]!.reward;
            damage += base.enemies[orig]!.damage;
          }
        }
      } else {
        time += base.timeHeal;
        damage = Math.max(0, damage - 1);
      }
    };
    if (p.actions[0]!.do === 'move') exec(p.actions[i++]!);
    while (i < p.actions.length && p.actions[i]!.do !== 'move') exec(p.actions[i++]!);
    if (i === p.actions.length) {
      end = 'goal';
      turn++;
      break;
    }
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
