// What the title screen (or a test) asks for: the sim config plus who plays each side.
import { createController } from '../controllers/registry';
import { HumanController } from '../input/human-controller';
import { getDodgePreset } from '../cpu/presets';
import type { MatchConfig } from '../sim/config';
import type { Controller } from '../sim/controller';

export interface MatchSetup {
  config: Partial<MatchConfig> & { seed: number };
  /** Controller specs: 'human' for the keyboard/gamepad, or any registry spec. */
  p1: string;
  p2: string;
}

export function makeControllers(setup: MatchSetup, sides: number, readHuman: () => number): Controller[] {
  const make = (spec: string): Controller => (spec === 'human' ? new HumanController(readHuman) : createController(spec));
  const list = [make(setup.p1)];
  if (sides > 1) list.push(make(setup.p2));
  return list;
}

export function sideName(spec: string, index: number, setup: MatchSetup): string {
  const who = spec === 'human' ? 'YOU' : spec === 'scripted' ? 'CPU (scripted)' : spec.startsWith('cpu:') ? `CPU · ${cpuLabel(spec.slice(4))}` : spec;
  return setup.config.mode === 'practice' ? who : `P${index + 1} · ${who}`;
}

function cpuLabel(name: string): string {
  try {
    return getDodgePreset(name).label;
  } catch {
    return name;
  }
}

/** A fresh seed for a new match (the seed is recorded, so the match stays reproducible). */
export function freshSeed(): number {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0]!;
}
