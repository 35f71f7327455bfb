// The reference player schema: a model of a person at the keyboard (perception, attention, hands,
// habits), one JSON file per reference. Every field carries its range, meaning and where its value
// comes from (docs/reference-players.md), like the CPU presets, so tools and the fitter read one list.
import { z } from 'zod';
import { intField, numField, parseWith, presetName, schemaFields, type PresetField } from '../../sim/preset-schema';

export const ReferencePlayerSchema = z.strictObject({
  /** Id in controller specs ('human:newcomer'). */
  name: presetName,
  label: z.string().min(1).max(40),
  description: z.string().max(600),
  // Perception
  delayFrames: intField({
    min: 0,
    max: 60,
    step: 1,
    unit: 'frames',
    description: 'Perception-to-action delay: what it acts on is the field as it was this many frames ago (visual reaction ≈ 12–15).',
  }),
  lagCompensation: numField({
    min: 0,
    max: 1,
    step: 0.05,
    description: 'Share of its own delay it extrapolates bullets over (1: sees where they are now, 0: where they were).',
  }),
  speedNoise: numField({
    min: 0,
    max: 0.5,
    step: 0.01,
    description: "Weber fraction of speed judgement: each bullet's speed is misjudged by a fixed factor of this spread.",
  }),
  attention: intField({ min: 1, max: 30, step: 1, unit: 'threats', description: 'How many of the nearest threats it tracks at once.' }),
  horizonFrames: intField({
    min: 4,
    max: 90,
    step: 1,
    unit: 'frames',
    description: 'How far ahead it pictures a move (the length of the hold it weighs).',
  }),
  margin: numField({ min: 2, max: 80, step: 1, unit: 'units', description: 'Clearance from a bullet it is comfortable with.' }),
  // Hands
  decisionFrames: intField({
    min: 2,
    max: 60,
    step: 1,
    unit: 'frames',
    description: 'Mean time between decisions (each is ±25 % of it): intermittent correction, not every frame.',
  }),
  minHoldFrames: intField({ min: 1, max: 30, step: 1, unit: 'frames', description: 'Shortest press of a direction key.' }),
  hesitation: numField({ min: 0, max: 1, step: 0.01, description: 'Chance a decision is skipped (it keeps doing what it did).' }),
  slip: numField({ min: 0, max: 1, step: 0.01, description: 'Chance a new press is the neighbouring direction (a motor slip).' }),
  noise: numField({
    min: 0,
    max: 5,
    step: 0.05,
    description: 'Spread of its judgement between moves (0: always the move it rates best).',
  }),
  switchCost: numField({ min: 0, max: 2, step: 0.05, description: 'Reluctance to change the held direction.' }),
  // Habits
  aim: numField({ min: 0, max: 2, step: 0.05, description: "Pull toward the lowest enemy's x when nothing threatens (to shoot it)." }),
  homeY: numField({ min: 100, max: 440, step: 1, unit: 'units', description: 'The height it likes to sit at (field units from the top).' }),
  focusCrowd: intField({
    min: 0,
    max: 30,
    step: 1,
    unit: 'threats',
    description: 'Holds focus while at least this many tracked threats are within 64 units (0: never focuses).',
  }),
  shootShare: numField({ min: 0, max: 1, step: 0.01, description: 'Share of the time the shot key is held.' }),
  panicClear: numField({
    min: 0,
    max: 1,
    step: 0.01,
    description: 'Chance it presses the charge key for a level-1 clear when it sees a hit coming (and has a level).',
  }),
  attackAt: intField({
    min: 0,
    max: 3,
    step: 1,
    unit: 'levels',
    description: 'Gauge levels it waits for before charging an attack across when calm (0: never sends one; 1 counts as 2).',
  }),
});

export type ReferencePlayer = z.infer<typeof ReferencePlayerSchema>;

/** Every tunable field with range and meaning (for tools, the fitter and docs). */
export const REFERENCE_FIELDS: readonly PresetField[] = schemaFields(ReferencePlayerSchema);

/** Validates reference data; throws PresetError naming the field (`where.field: reason`). */
export function parseReferencePlayer(data: unknown, where = 'reference'): ReferencePlayer {
  return parseWith(ReferencePlayerSchema, data, where);
}
