// Stage presets: how hard the stage's own enemies are (bullet speed, volley density, time between
// waves, how fast the level ramps and where it stops, lives, time limit). One zod schema; the
// built-ins Easy–Lunatic are JSON files of it (stage-presets/). A match config carries the full
// values (config.ts: stage* fields), so a replay of a custom stage preset plays without the file.
import { z } from 'zod';
import easy from './stage-presets/easy.json';
import hard from './stage-presets/hard.json';
import lunatic from './stage-presets/lunatic.json';
import normal from './stage-presets/normal.json';
import { intField, numField, normName, parseWith, presetName, PresetError, schemaFields, type PresetField } from './preset-schema';

export const StagePresetSchema = z.strictObject({
  name: presetName,
  label: z.string().min(1).max(40),
  description: z.string().max(400).default(''),
  speed: numField({ min: 0.3, max: 2.5, step: 0.05, unit: '×', description: 'Multiplies every bullet speed.' }),
  density: numField({ min: 0.1, max: 3, step: 0.05, unit: '×', description: 'Multiplies the bullets per volley (rounded, at least 1).' }),
  interval: numField({
    min: 0.3,
    max: 3,
    step: 0.05,
    unit: '×',
    description: 'Multiplies the time between waves (base max(90, 210 − 12·level) frames).',
  }),
  framesPerLevel: intField({
    min: 300,
    max: 10800,
    step: 60,
    unit: 'frames',
    description: 'Level ramp: the level rises by one every this many frames (1200 = 20 s).',
  }),
  maxLevel: intField({ min: 1, max: 20, step: 1, description: 'Level cap: the level stops rising here.' }),
  densityRamp: numField({ min: 0, max: 0.5, step: 0.01, description: 'Volley size grows by this fraction per level above 1.' }),
  speedRamp: numField({ min: 0, max: 0.2, step: 0.005, description: 'Bullet speed grows by this fraction per level above 1.' }),
  lives: intField({ min: 1, max: 99, step: 1, description: 'Lives of each side.' }),
  timeLimit: intField({ min: 0, max: 3600, step: 10, unit: 's', description: 'Match length in seconds; 0 = no limit.' }),
});

/** A stage preset with every value present. */
export type StagePreset = z.infer<typeof StagePresetSchema>;
export type StagePresetInput = z.input<typeof StagePresetSchema>;

/** The tunable fields, for UIs and docs. */
export const STAGE_PRESET_FIELDS: readonly PresetField[] = schemaFields(StagePresetSchema);

/** Validates stage preset data; throws PresetError naming the field. */
export function parseStagePreset(data: unknown, where = 'stage preset'): StagePreset {
  return parseWith(StagePresetSchema, data, where);
}

/** The built-in stage presets, Easy to Lunatic. */
export const STAGE_PRESETS: readonly StagePreset[] = [easy, normal, hard, lunatic].map((d) =>
  parseStagePreset(d, `stage-presets/${d.name}.json`),
);

/** A built-in stage preset by name or label (case- and punctuation-insensitive). */
export function getStagePreset(name: string): StagePreset {
  const p = findStagePreset(name);
  if (!p) throw new PresetError(`stage preset: unknown '${name}' (known: ${STAGE_PRESETS.map((x) => x.name).join(', ')})`);
  return p;
}

export function findStagePreset(name: string): StagePreset | undefined {
  const n = normName(name);
  return STAGE_PRESETS.find((x) => normName(x.name) === n || normName(x.label) === n);
}
