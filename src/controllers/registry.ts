// Controller specs as strings ('idle', 'random:7', 'scripted', later 'cpu:PRESET' and
// 'replay:FILE'): what tools take as arguments and what replays store.
import type { Controller } from '../sim/controller';
import { IdleController } from './idle';
import { RandomController } from './random';
import { ScriptedCpu } from './scripted';
import { CpuController } from '../cpu/cpu-controller';
import { DODGE_PRESETS, type DodgePreset } from '../cpu/presets';
import { createReferenceController, REFERENCE_NAMES } from './reference';

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

/** For kinds that take nothing after the name: `idle:5` is an error, not a silent `idle`. */
function noArgument(kind: string, arg: string | undefined, spec: string): void {
  if (arg !== undefined) throw new ControllerSpecError(`controller '${spec}': ${kind} takes no argument (write '${kind}')`);
}

/** Largest random:SEED: beyond 2^53 neighbouring seeds are one double and would play the same. */
export const MAX_CONTROLLER_SEED = Number.MAX_SAFE_INTEGER;

registerController('idle', 'idle — presses nothing', (arg, spec) => {
  noArgument('idle', arg, spec);
  return new IdleController();
});
registerController('scripted', 'scripted — simple scripted CPU (not the real dodger)', (arg, spec) => {
  noArgument('scripted', arg, spec);
  return new ScriptedCpu();
});
registerController('random', 'random:SEED — seeded random inputs (SEED 0..2^53-1)', (arg, spec) => {
  if (arg === undefined || !/^\d+$/.test(arg))
    throw new ControllerSpecError(`controller '${spec}': random needs a whole-number seed, e.g. random:7`);
  const seed = Number(arg);
  if (!(seed <= MAX_CONTROLLER_SEED))
    throw new ControllerSpecError(`controller '${spec}': seed ${arg} is above the limit of ${MAX_CONTROLLER_SEED} (2^53 − 1)`);
  return new RandomController(seed);
});

/** The person's own CPU presets (the browser's preset library), found by `cpu:NAME` before the built-ins. */
const userPresets = new Map<string, DodgePreset>();

/** Makes `cpu:NAME` find these presets (replacing the earlier list). */
export function setUserCpuPresets(presets: readonly DodgePreset[]): void {
  userPresets.clear();
  for (const p of presets) userPresets.set(p.name, p);
}

registerController(
  'cpu',
  `cpu:PRESET — the influence-map dodger CPU; presets: ${DODGE_PRESETS.map((p) => p.name).join(', ')}`,
  (arg, spec) => {
    if (!arg)
      throw new ControllerSpecError(
        `controller '${spec}': cpu needs a preset, e.g. cpu:normal (presets: ${DODGE_PRESETS.map((p) => p.name).join(', ')})`,
      );
    try {
      return new CpuController(userPresets.get(arg) ?? arg);
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
  },
);

registerController(
  'human',
  `human:REFERENCE — a reference player modelled on a person (docs/reference-players.md): ${REFERENCE_NAMES.join(', ')}`,
  (arg, spec) => {
    if (!arg)
      throw new ControllerSpecError(`controller '${spec}': human needs a reference, e.g. human:casual (${REFERENCE_NAMES.join(', ')})`);
    try {
      return createReferenceController(arg);
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
  },
);

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
