// Rebuilding the instances an experiment run planned on (for benchmarks and the Planner lab's playback).

import { withState } from './instance';
import type { Experiment, RunResult } from './experiment';
import type { Instance } from './types';

/** The instance the agent planned on at each turn of a run. */
export function runSnapshots(exp: Experiment, run: RunResult): Instance[] {
  const base = exp.instance;
  return run.history.map((h) =>
    withState(base, {
      start: base.index.get(h.agent)!,
      hp: h.hp,
      enemies: h.enemies.map((e) => ({ node: base.index.get(e.at)!, reward: base.enemies[e.enemy]!.reward, damage: base.enemies[e.enemy]!.damage })),
    }),
  );
}
