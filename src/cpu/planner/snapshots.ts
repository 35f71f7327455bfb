// Rebuilding the instances an experiment run planned on (for benchmarks and the Planner lab's playback).

import { withState } from './instance';
import { withUsedActions, type Experiment, type RunResult } from './experiment';
import type { Instance } from './types';

/**
 * The instance the agent saw at each turn of a run (the one it planned on, at the turns it replanned;
 * in restricted mode with the action nodes it had used at its cell since arriving taken out).
 */
export function runSnapshots(exp: Experiment, run: RunResult): Instance[] {
  const base = exp.instance;
  return run.history.map((h) => {
    const inst = withState(base, {
      start: base.index.get(h.agent)!,
      hp: h.hp,
      enemies: h.enemies.map((e) => ({
        node: base.index.get(e.at)!,
        reward: base.enemies[e.enemy]!.reward,
        damage: base.enemies[e.enemy]!.damage,
      })),
    });
    return run.mode === 'restricted' && (h.used.attack || h.used.heal) ? withUsedActions(inst, h.used.attack, h.used.heal) : inst;
  });
}
