// The planner's entry point: `plan(instance, { mode, objective })` → Plan.

import { searchExact } from './exact';
import { pathTo, shortestPaths } from './graph';
import { searchRestricted, shortestRestricted, type HealTie } from './restricted';
import {
  KIND_NAMES,
  type FeasiblePlan,
  type InfeasiblePlan,
  type Instance,
  type Mode,
  type Objective,
  type Plan,
  type Step,
} from './types';
import { searchUnrestricted } from './unrestricted';

export interface PlanOptions {
  /** Overrides the instance's `mode`. */
  mode?: Mode;
  /** Overrides the instance's `objective`. */
  objective?: Objective;
  /** Restricted mode only: where heals sit among otherwise equal plans (default 'hurt'; see `HealTie`). */
  restrictedHeals?: HealTie;
}

/** Plans from the instance's start to its goal. Never throws for an infeasible instance: `feasible` is false then. */
export function plan(inst: Instance, opts: PlanOptions = {}): Plan {
  const mode = opts.mode ?? inst.mode;
  const objective = opts.objective ?? inst.objective;
  const steps = planSteps(inst, mode, objective, opts.restrictedHeals ?? 'hurt');
  if (!steps) return infeasible(inst, mode, objective);
  return toPlan(inst, mode, objective, steps);
}

function planSteps(inst: Instance, mode: Mode, objective: Objective, ties: HealTie): Step[] | null {
  if (objective === 'shortest') {
    if (mode === 'restricted') return shortestRestricted(inst)?.steps ?? null;
    return shortestSteps(inst);
  }
  if (mode === 'restricted') return searchRestricted(inst, undefined, ties)?.steps ?? null;
  const r = mode === 'exact' ? searchExact(inst) : searchUnrestricted(inst);
  if (!r) return null;
  return inst.healAnywhere ? healEarly(r.steps, inst.start) : r.steps;
}

/** Least time (then fewest moves) to a goal on the full graph. */
function shortestSteps(inst: Instance): Step[] | null {
  const sp = shortestPaths(inst, [inst.start]);
  let best = -1;
  for (const g of inst.goals) {
    if (sp.time[g] === Infinity) continue;
    if (best < 0 || sp.time[g]! < sp.time[best]! || (sp.time[g] === sp.time[best] && sp.hops[g]! < sp.hops[best]!)) best = g;
  }
  if (best < 0) return null;
  return pathTo(sp, best)!.map((node) => ({ kind: 0, node }));
}

/**
 * With healAt "anywhere", heals of equal cost can sit anywhere between two attacks; we move each
 * one back over the moves before it, so the agent heals right after being hurt (as in the paper's
 * runs) instead of just before the next fight. Damage on the way only goes down, so the plan stays
 * valid with the same reward, time and number of actions.
 */
export function healEarly(steps: readonly Step[], start: number): Step[] {
  const out: Step[] = [];
  for (const s of steps) {
    if (s.kind !== 2) {
      out.push(s);
      continue;
    }
    let i = out.length;
    while (i > 0 && out[i - 1]!.kind === 0) i--;
    let at = start;
    for (let q = i - 1; q >= 0; q--)
      if (out[q]!.kind === 0) {
        at = out[q]!.node;
        break;
      }
    out.splice(i, 0, { kind: 2, node: at });
  }
  return out;
}

function infeasible(inst: Instance, mode: Mode, objective: Objective): InfeasiblePlan {
  const where = mode === 'restricted' ? ' on the restricted (one-way) graph' : '';
  return {
    feasible: false,
    mode,
    objective,
    reason: `no goal can be reached from the start${where} within λ = ${inst.lambda}`,
    reward: 0,
    time: null,
    finalHp: null,
    killed: [],
    actions: [],
  };
}

/** Turns search steps into a Plan, computing its totals by replaying it. */
function toPlan(inst: Instance, mode: Mode, objective: Objective, steps: Step[]): FeasiblePlan {
  let node = inst.start;
  let damage = inst.maxHp - inst.hp;
  let time = 0;
  let reward = 0;
  const alive = new Uint8Array(inst.enemies.length).fill(1);
  const killed: number[] = [];
  const actions = steps.map((s) => {
    if (s.kind === 0) {
      let t = Infinity;
      for (let k = inst.outStart[node]!; k < inst.outStart[node + 1]!; k++)
        if (inst.outTo[k] === s.node && inst.outTime[k]! < t) t = inst.outTime[k]!;
      time += t;
      node = s.node;
    } else if (s.kind === 1) {
      time += inst.timeAttack;
      const e = inst.enemyAt[node]!;
      if (e >= 0 && alive[e]) {
        alive[e] = 0;
        killed.push(e);
        reward += inst.enemies[e]!.reward;
        damage += inst.enemies[e]!.damage;
      }
    } else {
      time += inst.timeHeal;
      damage = Math.max(0, damage - 1);
    }
    return { at: inst.names[node]!, do: KIND_NAMES[s.kind]! };
  });
  return { feasible: true, mode, objective, reward, time, finalHp: inst.maxHp - damage, killed, actions };
}
