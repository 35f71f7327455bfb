// Controller specs as strings ('idle', 'random:7', 'scripted', later 'cpu:PRESET' and
// 'replay:FILE'): what tools take as arguments and what replays store.
import type { Controller } from '../sim/controller';
import { IdleController } from './idle';
import { RandomController } from './random';
import { ScriptedCpu } from './scripted';
import { CpuController } from '../cpu/cpu-controller';
import { DODGE_PRESETS } from '../cpu/presets';

export class ControllerSpecError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'ControllerSpecError';
  }
}

export type ControllerFactory = (arg: string | undefined, spec: string) => Controller;

const factories = new Map<string, { make: ControllerFactory; help: string }>();

/** Later subsystems (the CPU, replays) add their kinds here. */
export function registerController(kind: string, help: string, make: ControllerFactory): void {
  factories.set(kind, { make, help });
}

registerController('idle', 'idle — presses nothing', () => new IdleController());
registerController('scripted', 'scripted — simple scripted CPU (not the real dodger)', () => new ScriptedCpu());
registerController('random', 'random:SEED — seeded random inputs', (arg, spec) => {
  if (arg === undefined || !/^\d+$/.test(arg)) throw new ControllerSpecError(`controller '${spec}': random needs a whole-number seed, e.g. random:7`);
  return new RandomController(Number(arg));
});

registerController('cpu', `cpu:PRESET — the influence-map dodger CPU; presets: ${DODGE_PRESETS.map((p) => p.name).join(', ')}`, (arg, spec) => {
  if (!arg) throw new ControllerSpecError(`controller '${spec}': cpu needs a preset, e.g. cpu:normal (presets: ${DODGE_PRESETS.map((p) => p.name).join(', ')})`);
  try {
    return new CpuController(arg);
  } catch (e) {
    throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
  }
});

export function controllerKinds(): string[] {
  return [...factories.values()].map((f) => f.help);
}

export function createController(spec: string): Controller {
  const colon = spec.indexOf(':');
  const kind = colon >= 0 ? spec.slice(0, colon) : spec;
  const arg = colon >= 0 ? spec.slice(colon + 1) : undefined;
  const f = factories.get(kind);
  if (!f) throw new ControllerSpecError(`unknown controller '${spec}' (known: ${[...factories.keys()].join(', ')})`);
  return f.make(arg, spec);
}
