// CPU dodge presets: plain data validated by one zod schema. The paper's three players (seed 004,
// table 1 and A.5) plus the game's difficulties, all built from the same parameters. Preset tooling
// reuses DodgePresetSchema and parseDodgePreset.
import { z } from 'zod';
import type { DodgeParams } from './dodge/params';
import { DEFAULT_PLANNER } from './maze-cpu';
import { MODES, OBJECTIVES } from './planner/types';

/** The maze planner settings a preset gets when its data gives none: MazeCpu's own defaults. */
export { DEFAULT_PLANNER };

export const DodgePresetSchema = z.strictObject({
  /** Id used on command lines and in controller specs ('cpu:hard'). */
  name: z.string().regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes'),
  /** Display name. */
  label: z.string().min(1),
  description: z.string(),
  /** Search depth in steps (paper: 5). */
  depth: z.int().min(1).max(8),
  /** Frames one step holds its direction (paper: 1, or 5 with multi-frame moves). */
  framesPerStep: z.int().min(1).max(30),
  /** Objects younger than this (frames) are invisible (paper: 24 = 0.4 s in A.5, 15 = 0.25 s in §3.3.2). */
  reactionFrames: z.int().min(0).max(120),
  /** false: the paper's Base player (node value 0 unless hit). */
  influenceMap: z.boolean(),
  /** Also consider the 8 focused (slow) directions. */
  focus: z.boolean(),
  /** Cost for changing the held direction (paper's future work); 0 = off. */
  switchPenalty: z.number().min(0).max(1000),
  /** Path weight w (paper: 0.003). */
  w: z.number().gt(0).lt(1),
  /**
   * Pull below the home line and, in versus play, toward the x of the enemy to shoot (node value
   * −lure·max(0, |x − goalX| − LURE_BAND)/width − lure·max(0, homeY − y)/height). The home line
   * always acts; the x term only while the danger at the ship is ≤ 10 (docs/dodger.md, "Versus
   * play"); 0 = off (the paper's players).
   */
  lure: z.number().min(0).max(200),
  /**
   * Deliberate imperfection: probability per decision of playing a random first move among those
   * that survive at least one step, drawn from the controller's seeded stream.
   */
  slip: z.number().min(0).max(1),
  /** Versus play on top of dodging (docs/dodger.md, "Versus play"). */
  cpu: z.strictObject({
    /** Keep the shot key held. */
    shoot: z.boolean(),
    /** Spend the charge attack at all. */
    charge: z.boolean(),
    /**
     * Level-1 clear (bullets near the ship): fired when the search finds no safe path or the danger
     * part of its best path's value (A.4 node values, no lure, maze pull or switch penalty; a
     * nearly-hit pair costs 50) is below this. Default −120.
     */
    clearBelow: z.number().min(-2000).max(0).default(-120),
    /**
     * Gauge levels a calm CPU waits for before charging an attack across: 2 sends the level-2
     * pattern as soon as it can (spends early), 3 saves for the level-3 boss. Default 3.
     */
    attackAt: z.int().min(2).max(3).default(3),
  }),
  /** Maze stages: the planner's mode and objective (docs/planner.md); always stored resolved. */
  planner: z
    .strictObject({
      mode: z.enum(MODES).default(DEFAULT_PLANNER.mode),
      objective: z.enum(OBJECTIVES).default(DEFAULT_PLANNER.objective),
    })
    .default(() => ({ ...DEFAULT_PLANNER })),
});

/** A resolved preset: every value present (defaults filled in), as stored in replays. */
export type DodgePreset = z.infer<typeof DodgePresetSchema>;
/** Preset data as written: fields with a default may be left out. */
export type DodgePresetInput = z.input<typeof DodgePresetSchema>;

export class PresetError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'PresetError';
  }
}

/** Validates preset data; throws PresetError naming the field (`where.field: reason`). */
export function parseDodgePreset(data: unknown, where = 'preset'): DodgePreset {
  const r = DodgePresetSchema.safeParse(data);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  let path = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') path = [...issue.path.map(String), ...issue.keys].join('.');
  throw new PresetError(`${where}${path ? '.' + path : ''}: ${issue.message}`);
}

const DATA: unknown[] = [
  {
    name: 'base',
    label: 'Base',
    description: 'Paper: search only (depth 5, 1-frame steps); every node that is not hit is worth 0.',
    depth: 5, framesPerStep: 1, reactionFrames: 24, influenceMap: false, focus: false,
    switchPenalty: 0, w: 0.003, lure: 0, slip: 0, cpu: { shoot: true, charge: false, clearBelow: -120, attackAt: 3 },
  },
  {
    name: 'imap',
    label: 'I-Map',
    description: 'Paper: search with influence-map node values (depth 5, 1-frame steps).',
    depth: 5, framesPerStep: 1, reactionFrames: 24, influenceMap: true, focus: false,
    switchPenalty: 0, w: 0.003, lure: 0, slip: 0, cpu: { shoot: true, charge: false, clearBelow: -120, attackAt: 3 },
  },
  {
    name: 'imap-multi',
    label: 'I-Map+multi-frame',
    description: 'Paper: influence map, one step holds a direction for 5 frames, depth 5.',
    depth: 5, framesPerStep: 5, reactionFrames: 24, influenceMap: true, focus: false,
    switchPenalty: 0, w: 0.003, lure: 0, slip: 0, cpu: { shoot: true, charge: false, clearBelow: -120, attackAt: 3 },
  },
  // The difficulties differ on the paper's own parameters (reaction delay, depth, frames per
  // step) plus the switch penalty and slips; measured with eval:dodge (docs/dodger.md). Focused
  // moves are off: with them Hard was hit more often in eval:dodge, not less.
  {
    name: 'easy',
    label: 'Easy',
    description: 'Slow to react (0.83 s), a 2-step lookahead of long held moves, a heavy hand, frequent slips; spends its gauge early.',
    depth: 2, framesPerStep: 6, reactionFrames: 50, influenceMap: true, focus: false,
    switchPenalty: 20, w: 0.003, lure: 8, slip: 0.3, cpu: { shoot: true, charge: true, clearBelow: -60, attackAt: 2 },
  },
  {
    name: 'normal',
    label: 'Normal',
    description: 'The paper\'s reaction delay (0.4 s) and multi-frame moves at depth 4, a calmer hand (switch penalty), rare slips.',
    depth: 4, framesPerStep: 5, reactionFrames: 24, influenceMap: true, focus: false,
    switchPenalty: 15, w: 0.003, lure: 10, slip: 0.02, cpu: { shoot: true, charge: true, clearBelow: -120, attackAt: 2 },
  },
  {
    name: 'hard',
    label: 'Hard',
    description: 'Quick reactions (0.25 s, the paper text), the paper\'s depth 5 of 5-frame moves, no slips; saves its gauge for level 3.',
    depth: 5, framesPerStep: 5, reactionFrames: 15, influenceMap: true, focus: false,
    switchPenalty: 10, w: 0.003, lure: 12, slip: 0, cpu: { shoot: true, charge: true, clearBelow: -250, attackAt: 3 },
  },
  {
    name: 'lunatic',
    label: 'Lunatic',
    description: 'Near-instant reactions (0.13 s), depth 5 of 5-frame moves, the lightest hand; saves its gauge for level 3.',
    depth: 5, framesPerStep: 5, reactionFrames: 8, influenceMap: true, focus: false,
    switchPenalty: 6, w: 0.003, lure: 14, slip: 0, cpu: { shoot: true, charge: true, clearBelow: -250, attackAt: 3 },
  },
];

/** Every preset, validated and resolved (defaults filled in) when this module loads. */
export const DODGE_PRESETS: readonly DodgePreset[] = DATA.map((d, i) => parseDodgePreset(d, `presets[${i}]`));

/** The paper's three players, in table-1 order. */
export const PAPER_PRESETS = ['base', 'imap', 'imap-multi'] as const;
/** The game's difficulties. */
export const DIFFICULTY_PRESETS = ['easy', 'normal', 'hard', 'lunatic'] as const;

function norm(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A preset by name or label, case- and punctuation-insensitive ('I-Map+multi-frame', 'imap-multi'). */
export function getDodgePreset(name: string): DodgePreset {
  const n = norm(name);
  const p = DODGE_PRESETS.find((x) => norm(x.name) === n || norm(x.label) === n);
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
