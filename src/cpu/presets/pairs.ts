// Named difficulty pairs: one choice sets both the stage preset and the CPU preset (Easy stages face
// CPU Easy). The built-ins are Easy, Normal, Hard and Lunatic; users add their own pairs, naming
// built-in or custom presets.
import { z } from 'zod';
import { normName, parseWith, presetName, PresetError } from '../../sim/preset-schema';
import { STAGE_PRESETS, type StagePreset } from '../../sim/stage-preset';
import { DODGE_PRESETS, type DodgePreset } from './index';

export const DifficultyPairSchema = z.strictObject({
  name: presetName,
  label: z.string().min(1).max(40),
  /** Stage preset name. */
  stage: presetName,
  /** CPU preset name. */
  cpu: presetName,
});
export type DifficultyPair = z.infer<typeof DifficultyPairSchema>;

export function parseDifficultyPair(data: unknown, where = 'pair'): DifficultyPair {
  return parseWith(DifficultyPairSchema, data, where);
}

/** The built-in pairs, easiest first: each stage preset with the CPU preset of the same name. */
export const DIFFICULTY_PAIRS: readonly DifficultyPair[] = (['easy', 'normal', 'hard', 'lunatic'] as const).map((n) => ({
  name: n,
  label: n[0]!.toUpperCase() + n.slice(1),
  stage: n,
  cpu: n,
}));

/** Built-in pairs first, then the user's (a user pair with a built-in's name is refused). */
export function listPairs(user: readonly DifficultyPair[] = []): DifficultyPair[] {
  const out = [...DIFFICULTY_PAIRS];
  for (const p of user) {
    if (out.some((q) => q.name === p.name)) throw new PresetError(`pair '${p.name}': the name is already taken`);
    out.push(p);
  }
  return out;
}

/** Presets a pair can name beyond the built-ins (the user's library). */
export interface PresetLibrary {
  stage?: readonly StagePreset[];
  cpu?: readonly DodgePreset[];
}

/** The pair's two presets, looked up among the built-ins and the library (library first). */
export function resolvePair(pair: DifficultyPair, lib: PresetLibrary = {}): { stage: StagePreset; cpu: DodgePreset } {
  const stage = [...(lib.stage ?? []), ...STAGE_PRESETS].find((p) => p.name === pair.stage);
  if (!stage) throw new PresetError(`pair '${pair.name}'.stage: no stage preset '${pair.stage}'`);
  const cpu = [...(lib.cpu ?? []), ...DODGE_PRESETS].find((p) => p.name === pair.cpu);
  if (!cpu) throw new PresetError(`pair '${pair.name}'.cpu: no CPU preset '${pair.cpu}'`);
  return { stage, cpu };
}

/** A pair by name or label among built-ins and `user` pairs. */
export function getPair(name: string, user: readonly DifficultyPair[] = []): DifficultyPair {
  const n = normName(name);
  const all = listPairs(user);
  const p = all.find((x) => normName(x.name) === n || normName(x.label) === n);
  if (!p) throw new PresetError(`pair: unknown '${name}' (known: ${all.map((x) => x.name).join(', ')})`);
  return p;
}
