// An independent plan validator: replays a plan's actions on the instance using only the edge
// list and the rules (it shares no code with the searches) and recomputes every total.

import type { Instance, Plan } from './types';

export interface PlanCheck {
  ok: boolean;
  /** What is wrong, one line each, with the action index. */
  errors: string[];
  reward: number;
  time: number;
  finalHp: number;
  kills: number;
  /** Largest damage reached at any point. */
  peakDamage: number;
}

/** Checks that `p` is a legal plan for `inst` and that its reported totals are right. */
export function validatePlan(inst: Instance, p: Plan): PlanCheck {
  const errors: string[] = [];
  const edgeTime = new Map<string, number>();
  const add = (u: string, v: string, t: number) => {
    const key = `${u}\u0000${v}`;
    const old = edgeTime.get(key);
    if (old === undefined || t < old) edgeTime.set(key, t);
  };
  for (const [u, v, t] of inst.edges) {
    add(inst.names[u]!, inst.names[v]!, t);
    if (!inst.directed) add(inst.names[v]!, inst.names[u]!, t);
  }
  const enemyAt = new Map<string, number>();
  inst.enemies.forEach((e, i) => enemyAt.set(inst.names[e.node]!, i));
  const alive = new Set<number>(inst.enemies.map((_, i) => i));
  let at = inst.names[inst.start]!;
  let damage = inst.maxHp - inst.hp;
  let peak = damage;
  let time = 0;
  let reward = 0;
  let kills = 0;
  if (!p.feasible) {
    return {
      ok: p.actions.length === 0,
      errors: p.actions.length ? ['an infeasible plan must have no actions'] : [],
      reward: 0,
      time: 0,
      finalHp: inst.hp,
      kills: 0,
      peakDamage: damage,
    };
  }
  p.actions.forEach((a, i) => {
    if (a.do === 'move') {
      const t = edgeTime.get(`${at}\u0000${a.at}`);
      if (t === undefined) errors.push(`action ${i}: no edge from "${at}" to "${a.at}"`);
      time += t ?? 0;
      at = a.at;
    } else if (a.do === 'attack') {
      if (a.at !== at) errors.push(`action ${i}: attack at "${a.at}" but the agent is at "${at}"`);
      time += inst.timeAttack;
      const e = enemyAt.get(at);
      if (e !== undefined && alive.has(e)) {
        alive.delete(e);
        kills++;
        reward += inst.enemies[e]!.reward;
        damage += inst.enemies[e]!.damage;
      }
    } else if (a.do === 'heal') {
      if (a.at !== at) errors.push(`action ${i}: heal at "${a.at}" but the agent is at "${at}"`);
      const idx = inst.index.get(at);
      if (idx === undefined || !inst.healable[idx]) errors.push(`action ${i}: healing is not allowed at "${at}"`);
      time += inst.timeHeal;
      damage = Math.max(0, damage - 1);
    } else errors.push(`action ${i}: unknown action "${String((a as { do: unknown }).do)}"`);
    if (damage > inst.lambda) errors.push(`action ${i}: damage ${damage} exceeds λ = ${inst.lambda}`);
    peak = Math.max(peak, damage);
  });
  if (!inst.goals.some((g) => inst.names[g] === at)) errors.push(`the plan ends at "${at}", not at a goal`);
  const finalHp = inst.maxHp - damage;
  const close = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x), Math.abs(y));
  if (!close(reward, p.reward)) errors.push(`reported reward ${p.reward}, replay gives ${reward}`);
  if (!close(time, p.time)) errors.push(`reported time ${p.time}, replay gives ${time}`);
  if (finalHp !== p.finalHp) errors.push(`reported finalHp ${p.finalHp}, replay gives ${finalHp}`);
  if (kills !== p.killed.length) errors.push(`reported ${p.killed.length} kills, replay gives ${kills}`);
  return { ok: errors.length === 0, errors, reward, time, finalHp, kills, peakDamage: peak };
}
