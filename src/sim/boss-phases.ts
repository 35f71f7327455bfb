// A Boss Attack's boss fires its character's named patterns one after another (issue 24): BOSS_FRAMES
// of fire split evenly between the phases, each starting its pattern afresh.
import { CHARACTERS } from './characters';
import { BOSS_FRAMES } from './constants';
import { EnemyKind, type Enemy } from './enemy-pool';
import { PATTERN_NAMES } from './patterns';

/** Age of a Boss Attack boss's first volley. */
export const BOSS_FIRST_FIRE = 50;

/** Pattern id of a data pattern name. */
export function patternId(name: string): number {
  const i = (PATTERN_NAMES as readonly string[]).indexOf(name);
  if (i < 0) throw new Error(`unknown pattern '${name}'`);
  return i;
}

/** Index of the phase a boss of `phases` phases is in at `age` (frames since it appeared). */
export function bossPhaseAt(age: number, firstFire: number, phases: number): number {
  const len = Math.ceil(BOSS_FRAMES / phases);
  return Math.min(phases - 1, Math.max(0, Math.floor((age - firstFire) / len)));
}

/** Switches a character's boss to the pattern of its current phase (no-op for other enemies). */
export function updateBossPhase(e: Enemy): void {
  if (e.kind !== EnemyKind.BOSS || e.script < 0) return;
  const phases = CHARACTERS[e.script]!.boss.phases;
  if (phases.length < 2) return;
  const ph = phases[bossPhaseAt(e.age, BOSS_FIRST_FIRE, phases.length)]!;
  const id = patternId(ph.pattern);
  if (e.pattern === id) return;
  e.pattern = id;
  e.period = ph.period;
  e.phase = 0;
  e.burst = 0;
}
