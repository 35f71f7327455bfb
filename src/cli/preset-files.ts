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

registerController(
  'cpu',
  `cpu:PRESET — the influence-map dodger CPU; PRESET is ${DODGE_PRESETS.map((p) => p.name).join(', ')} or a preset file (.json)`,
  (arg, spec) => {
    if (!arg) throw new ControllerSpecError(`controller '${spec}': cpu needs a preset, e.g. cpu:normal or cpu:my-cpu.json`);
    try {
      return new CpuController(loadCpuPreset(arg));
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
  },
);

registerController(
  'human',
  `human:REFERENCE — a reference player modelled on a person; REFERENCE is ${REFERENCE_NAMES.join(', ')} or a reference file (.json)`,
  (arg, spec) => {
    if (!arg) throw new ControllerSpecError(`controller '${spec}': human needs a reference, e.g. human:casual or human:my-reference.json`);
    try {
      return new ReferenceController(loadReferencePlayer(arg));
    } catch (e) {
      throw new ControllerSpecError(`controller '${spec}': ${(e as Error).message}`);
    }
  },
);
