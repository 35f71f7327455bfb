// The CPU preset schema: the dodger's parameters (seed 004), the versus play on top and the maze
// planner's settings. Every tunable field carries its range, step, meaning and the paper's value
// (src/sim/preset-schema.ts), so the preset editor builds its sliders from it.
import { z } from 'zod';
import { DEFAULT_PLANNER } from '../maze-cpu';
import { MODES, OBJECTIVES } from '../planner/types';
import { boolField, enumField, intField, numField, parseWith, presetName, schemaFields, type PresetField } from '../../sim/preset-schema';

const clearBelow = numField({
  min: -2000,
  max: 0,
  step: 10,
  description: "Level-1 clear when no safe path is found or the best path's danger value is below this (a nearly-hit pair costs 50).",
});
const attackAt = intField({
  min: 0,
  max: 3,
  step: 1,
  description:
    'Gauge levels a calm CPU waits for before charging an attack across (2 spends early, 3 saves for the boss, ' +
    '0 never attacks; 1 counts as 2).',
});
const shootShare = numField({
  min: 0,
  max: 1,
  step: 0.01,
  description: 'Share of the time the shot key is held, in spells of seconds (fewer kills: fewer and shorter chains sent).',
});
const blunder = numField({
  min: 0,
  max: 2,
  step: 0.01,
  unit: '/s',
  description: 'Visible mistakes per second: for half a second it stops looking and keeps drifting the way it was going.',
});
const plannerMode = enumField(MODES as readonly string[] as readonly ['restricted', 'unrestricted', 'exact'], {
  description: 'Maze stages: how the planner searches (docs/planner.md).',
});
const plannerObjective = enumField(OBJECTIVES as readonly string[] as readonly ['kills', 'shortest'], {
  description: 'Maze stages: most kills within the damage limit, or the shortest route.',
});

export const DodgePresetSchema = z.strictObject({
  /** Id used on command lines and in controller specs ('cpu:hard'). */
  name: presetName,
  /** Display name. */
  label: z.string().min(1).max(40),
  description: z.string().max(400),
  depth: intField({ min: 1, max: 8, step: 1, unit: 'steps', paper: 5, description: 'Lookahead: search depth in steps.' }),
  framesPerStep: intField({
    min: 1,
    max: 30,
    step: 1,
    unit: 'frames',
    paper: 5,
    description: 'Frames one step holds its direction (paper: 1, or 5 with multi-frame moves).',
  }),
  reactionFrames: intField({
    min: 0,
    max: 120,
    step: 1,
    unit: 'frames',
    paper: 24,
    description: 'Reaction delay: objects younger than this are invisible (paper 0.25–0.4 s = 15–24 frames).',
  }),
  influenceMap: boolField({ paper: true, description: "Value nodes by the influence map (off: the paper's Base player, 0 unless hit)." }),
  focus: boolField({ paper: false, description: 'Also consider the 8 focused (slow) directions.' }),
  switchPenalty: numField({
    min: 0,
    max: 1000,
    step: 1,
    paper: 0,
    description: 'Cost for changing the held direction (a calmer hand); 0 = off.',
  }),
  w: numField({ min: 0.0001, max: 0.999, step: 0.0001, paper: 0.003, description: 'Path weight w: path value Σ w^(T−k)·E(n_k).' }),
  lure: numField({
    min: 0,
    max: 200,
    step: 1,
    paper: 0,
    description: 'Pull below the home line and (when safe, in versus) under the enemy to shoot; 0 = off.',
  }),
  slip: numField({
    min: 0,
    max: 1,
    step: 0.01,
    paper: 0,
    description: 'Probability per decision of a random first move among those that survive one step.',
  }),
  /** Versus play on top of dodging (docs/dodger.md, "Versus play"). */
  cpu: z.strictObject({
    shoot: boolField({ description: 'Keep the shot key held.' }),
    charge: boolField({ description: 'Use the charge attack at all (clears and attacks across).' }),
    clearBelow: clearBelow.default(-120),
    attackAt: attackAt.default(3),
    shootShare: shootShare.default(1),
    blunder: blunder.default(0),
  }),
  /** Maze stages: the planner's mode and objective (docs/planner.md); always stored resolved. */
  planner: z
    .strictObject({
      mode: plannerMode.default(DEFAULT_PLANNER.mode),
      objective: plannerObjective.default(DEFAULT_PLANNER.objective),
    })
    .default(() => ({ ...DEFAULT_PLANNER })),
});

/** A resolved preset: every value present (defaults filled in), as stored in replays. */
export type DodgePreset = z.infer<typeof DodgePresetSchema>;
/** Preset data as written: fields with a default may be left out. */
export type DodgePresetInput = z.input<typeof DodgePresetSchema>;

/** Every tunable field (`cpu.clearBelow`, `planner.mode`…) with range, step, meaning, paper value. */
export const CPU_PRESET_FIELDS: readonly PresetField[] = schemaFields(DodgePresetSchema);

/** Validates preset data; throws PresetError naming the field (`where.field: reason`). */
export function parseDodgePreset(data: unknown, where = 'preset'): DodgePreset {
  return parseWith(DodgePresetSchema, data, where);
}
