// CPU presets as data: one zod schema (schema.ts) and the built-ins as JSON files of it (builtin/):
// the paper's three players (seed 004, table 1 and A.5), the game's difficulties Easy–Lunatic, and
// the frozen `novice` reference the ladder is tuned against (docs/presets.md).
import type { DodgeParams } from '../dodge/params';
import { DEFAULT_PLANNER } from '../maze-cpu';
import { normName, PresetError } from '../../sim/preset-schema';
import { parseDodgePreset, type DodgePreset } from './schema';
import base from './builtin/base.json';
import easy from './builtin/easy.json';
import hard from './builtin/hard.json';
import imap from './builtin/imap.json';
import imapMulti from './builtin/imap-multi.json';
import lunatic from './builtin/lunatic.json';
import normal from './builtin/normal.json';
import novice from './builtin/novice.json';

export { CPU_PRESET_FIELDS, DodgePresetSchema, parseDodgePreset, type DodgePreset, type DodgePresetInput } from './schema';
export { PresetError } from '../../sim/preset-schema';
export type { PresetField, FieldMeta } from '../../sim/preset-schema';
/** The maze planner settings a preset gets when its data gives none: MazeCpu's own defaults. */
export { DEFAULT_PLANNER };

/** Every built-in preset, validated and resolved (defaults filled in) when this module loads. */
export const DODGE_PRESETS: readonly DodgePreset[] = [base, imap, imapMulti, easy, normal, hard, lunatic, novice].map((d) =>
  parseDodgePreset(d, `presets/builtin/${d.name}.json`),
);

/** The paper's three players, in table-1 order. */
export const PAPER_PRESETS = ['base', 'imap', 'imap-multi'] as const;
/** The game's difficulties. */
export const DIFFICULTY_PRESETS = ['easy', 'normal', 'hard', 'lunatic'] as const;
/** The frozen beginner model the ladder is measured against; never tuned with the ladder. */
export const NOVICE_PRESET = 'novice';

/** A built-in preset by name or label, case- and punctuation-insensitive ('I-Map+multi-frame', 'imap-multi'). */
export function getDodgePreset(name: string): DodgePreset {
  const n = normName(name);
  const p = DODGE_PRESETS.find((x) => normName(x.name) === n || normName(x.label) === n);
  if (!p) throw new PresetError(`preset: unknown preset '${name}' (known: ${DODGE_PRESETS.map((x) => x.name).join(', ')})`);
  return p;
}

export function dodgeParamsOf(p: DodgePreset): DodgeParams {
  return {
    depth: p.depth,
    framesPerStep: p.framesPerStep,
    reactionFrames: p.reactionFrames,
    influenceMap: p.influenceMap,
    focus: p.focus,
    switchPenalty: p.switchPenalty,
    w: p.w,
    lure: p.lure,
  };
}
