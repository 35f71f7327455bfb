// Node tools accept a preset file wherever they accept a preset name: `--p1 cpu:my-cpu.json`,
// `--p1 human:my-reference.json`, `--difficulty my-stage.json`. Importing this module makes the
// `cpu:` and `human:` controller kinds read files (anything ending in .json is a file path, relative
// to the working directory).
import {
  getReferencePlayer,
  parseReferencePlayer,
  REFERENCE_NAMES,
  ReferenceController,
  type ReferencePlayer,
} from '../controllers/reference';
import { CpuController } from '../cpu/cpu-controller';
import { DODGE_PRESETS, getDodgePreset, parseDodgePreset, type DodgePreset } from '../cpu/presets';
import { ControllerSpecError, registerController } from '../controllers/registry';
import type { Controller } from '../sim/controller';
import { getStagePreset, parseStagePreset, type StagePreset } from '../sim/stage-preset';
import { parseJsonText, readTextFileSync } from './common';

export const isPresetFile = (arg: string) => /\.json$/i.test(arg);

function readJson(path: string): unknown {
  // Bounded, UTF-8 checked, byte-order mark dropped; errors name the file.
  return parseJsonText(readTextFileSync(path), path);
}

/** A CPU preset by built-in name or from a .json file (errors name the file and field). */
export function loadCpuPreset(arg: string): DodgePreset {
  return isPresetFile(arg) ? parseDodgePreset(readJson(arg), arg) : getDodgePreset(arg);
}

/** A reference player by built-in name or from a .json file (errors name the file and field). */
export function loadReferencePlayer(arg: string): ReferencePlayer {
  return isPresetFile(arg) ? parseReferencePlayer(readJson(arg), arg) : getReferencePlayer(arg);
}

/** A stage preset by built-in name or from a .json file. */
export function loadStagePreset(arg: string): StagePreset {
  return isPresetFile(arg) ? parseStagePreset(readJson(arg), arg) : getStagePreset(arg);
}

/** Registers `kind:NAME` and `kind:FILE.json` (`make` finds a built-in or reads the file); errors name the spec. */
function registerFileController(kind: string, help: string, example: string, make: (arg: string) => Controller): void {
  registerController(kind, help, (arg, spec) => {
    if (!arg) throw new ControllerSpecError(`controller '${spec}': ${example}`);
    try {
      return make(arg);
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
  });
}

registerFileController(
  'cpu',
  `cpu:PRESET — the influence-map dodger CPU; PRESET is ${DODGE_PRESETS.map((p) => p.name).join(', ')} or a preset file (.json)`,
  'cpu needs a preset, e.g. cpu:normal or cpu:my-cpu.json',
  (arg) => new CpuController(loadCpuPreset(arg)),
);

registerFileController(
  'human',
  `human:REFERENCE — a reference player modelled on a person; REFERENCE is ${REFERENCE_NAMES.join(', ')} or a reference file (.json)`,
  'human needs a reference, e.g. human:casual or human:my-reference.json',
  (arg) => new ReferenceController(loadReferencePlayer(arg)),
);
