// A character: how its ship moves and shoots, how fast it charges, and what its charge attacks and
// chains do (issue 24). Characters are data: one JSON file of this schema each (roster/); the sim
// reads only the parsed values. A replay names its characters (config p1Character, p2Character),
// and SIM_VERSION pins the files' contents (tests/sim/characters.test.ts checks their digest).
import { z } from 'zod';
import { PATTERN_NAMES, SHAPE_NAMES } from '../patterns';

export const SHOT_KINDS = ['spread', 'needle', 'homing', 'heavy', 'wide', 'twin'] as const;
export type ShotKind = (typeof SHOT_KINDS)[number];

const name = z.string().min(1).max(60);
/** An attack's Japanese name (display only, not a rule: src/i18n/character-words.ts shows it). */
const nameJa = name.optional();
// 'stream' locks its aim in aimX/aimY, which maze enemies use for their facing: not for characters.
const pattern = z.enum(PATTERN_NAMES).exclude(['none', 'stream']);
const radius = z.number().min(0).max(240);
const damage = z.number().min(0).max(200);

export const CharacterSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'must be lower-case letters, digits and dashes')
    .max(24),
  name,
  nameJa: name,
  /** One line: how it plays. */
  description: z.string().min(1).max(120),
  descriptionJa: z.string().min(1).max(120),
  /** Theme colour (#rrggbb) for menus and effects. */
  color: z.string().regex(/^#[0-9a-f]{6}$/, 'must be a colour #rrggbb'),
  /** Field units per frame, unfocused and focused (charging moves at the focused speed). */
  speed: z.number().min(2).max(6),
  focusSpeed: z.number().min(1).max(4),
  /** Hit radius of the ship (field units). */
  hitRadius: z.number().min(1.5).max(4),
  /** Frames the charge key must be held per gauge level. */
  chargeFrames: z.int().min(8).max(60),
  shot: z.strictObject({
    kind: z.enum(SHOT_KINDS),
    /** Frames between volleys. */
    period: z.int().min(2).max(20),
    /** Upward speed, field units per frame. */
    speed: z.number().min(4).max(24),
    /** Damage of one unfocused shot, and of one focused shot. */
    damage: z.number().min(0.1).max(20),
    focusedDamage: z.number().min(0.1).max(20),
  }),
  /** Level 1: the charge shot. Clears enemy bullets and damages enemies within the radius. */
  charge: z.strictObject({ name, nameJa, radius, damage }),
  /** Level 2: the EX attack sent across — spirits firing the character's pattern. */
  ex: z.strictObject({
    name,
    nameJa,
    /** Bullet clear around the ship when it fires. */
    radius,
    pattern,
    /** 1–3 spirits across the top of the other field. */
    spirits: z.int().min(1).max(3),
    period: z.int().min(2).max(60),
    firstFire: z.int().min(0).max(120),
    /** Frames the spirits stay before leaving. */
    stay: z.int().min(60).max(600),
  }),
  /** Level 3: the spell in the character's own field (clear and damage), which also sends the Boss Attack. */
  spell: z.strictObject({ name, nameJa, radius, damage }),
  /**
   * The Boss Attack: a boss of the character crossing into the other field, one named pattern after
   * another; it fires for BOSS_FRAMES (7 s), split evenly between its phases.
   */
  boss: z.strictObject({
    name,
    nameJa,
    phases: z
      .array(z.strictObject({ name, nameJa, pattern, period: z.int().min(2).max(60) }))
      .min(1)
      .max(4),
  }),
  /** What its kill chains send: bullets (2+ kills) and a spirit (5+ kills). */
  sent: z.strictObject({
    shape: z.enum(SHAPE_NAMES),
    speedMin: z.number().min(0.5).max(5),
    speedMax: z.number().min(0.5).max(6),
    /** Random spread around the aim at the ship, radians either way. */
    spread: z.number().min(0).max(1.5),
    spiritPattern: pattern,
    spiritPeriod: z.int().min(4).max(90),
  }),
  /** Shown in the select screen: the roster. The neutral ship of the study and drills is not. */
  selectable: z.boolean(),
});

export type Character = z.infer<typeof CharacterSchema>;
