// The player's settings as data: the zod schema with a default per field, the default key and pad
// bindings, and the binding rules (one key per action, none shared between the two players).
// No storage and no Phaser here, so Node tests it; src/storage/settings.ts keeps it in localStorage.
import { z } from 'zod';
import { LANGUAGES, type Language } from '../i18n/i18n';

export const SETTINGS_VERSION = 1;

/** What a person presses in a match (directions, shot, focus, charge). */
export const ACTIONS = ['up', 'down', 'left', 'right', 'shot', 'focus', 'charge'] as const;
export type Action = (typeof ACTIONS)[number];
/** The pad's directions are the d-pad and stick; these are its buttons. */
export const PAD_ACTIONS = ['shot', 'focus', 'charge'] as const;
export type PadAction = (typeof PAD_ACTIONS)[number];
/** The two keyboard players (playing alone uses P1's keys). */
export const PLAYERS = ['p1', 'p2'] as const;
export type Player = (typeof PLAYERS)[number];

export type KeyBindings = Record<Player, Record<Action, string>>;
export type PadBindings = Record<PadAction, number[]>;

/** Key code names (Phaser.Input.Keyboard.KeyCodes): P1 arrows + Z/X/Shift, P2 WASD + J/K/L (PoFV style). */
export const DEFAULT_KEYS: Readonly<KeyBindings> = {
  p1: { up: 'UP', down: 'DOWN', left: 'LEFT', right: 'RIGHT', shot: 'Z', focus: 'SHIFT', charge: 'X' },
  p2: { up: 'W', down: 'S', left: 'A', right: 'D', shot: 'J', focus: 'L', charge: 'K' },
};
/** W3C standard-mapping button indices: A shot, L1 or R1 focus, B charge. */
export const DEFAULT_PAD: Readonly<PadBindings> = { shot: [0], focus: [4, 5], charge: [1] };
export const DEFAULT_DEAD_ZONE = 0.4;
export const DEAD_ZONE_MIN = 0.05;
export const DEAD_ZONE_MAX = 0.6;
/** Esc pauses and cancels, F11 toggles fullscreen (src/main.ts): neither can play. */
export const RESERVED_KEYS: readonly string[] = ['ESC', 'F11'];
/** Start pauses; the d-pad moves. */
export const RESERVED_BUTTONS: readonly number[] = [9, 12, 13, 14, 15];
export const SCALES = ['fit', 1, 2, 3] as const;
export type Scale = (typeof SCALES)[number];
export { LANGUAGES, type Language };

const keyName = z.string().regex(/^[A-Z][A-Z0-9_]*$/);
const button = z.number().int().min(0).max(31);

function keysSchema(def: Record<Action, string>) {
  return z.object(Object.fromEntries(ACTIONS.map((a) => [a, keyName.catch(def[a])])) as Record<Action, z.ZodCatch<typeof keyName>>);
}

/** The language a browser asks for, as one the game has. */
export function languageOf(navigatorLanguage: string | undefined): Language {
  return navigatorLanguage?.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

export function defaultSettings(language: Language = 'en') {
  return {
    version: SETTINGS_VERSION,
    keys: structuredClone(DEFAULT_KEYS) as KeyBindings,
    pad: { buttons: structuredClone(DEFAULT_PAD) as PadBindings, deadZone: DEFAULT_DEAD_ZONE },
    bgmVolume: 0.7,
    sfxVolume: 1,
    scale: 'fit' as Scale,
    fullscreen: false,
    // The frame rate is for developers; a player does not need it (docs/options.md).
    showFps: false,
    reducedFlashing: false,
    reducedShake: false,
    highContrastBullets: false,
    language,
  };
}
export type Settings = ReturnType<typeof defaultSettings>;

/**
 * The schema: every field has `.catch(default)`, so a value that is missing, of the wrong type or
 * out of range becomes that field's default and the others are kept. Unknown fields (a newer
 * version's) pass through, so saving here does not drop them.
 */
export function settingsSchema(def: Settings = defaultSettings()) {
  const keys = z.object({ p1: keysSchema(def.keys.p1).catch(def.keys.p1), p2: keysSchema(def.keys.p2).catch(def.keys.p2) });
  const buttons = z.object(
    Object.fromEntries(PAD_ACTIONS.map((a) => [a, z.array(button).min(1).max(4).catch(def.pad.buttons[a])])) as Record<
      PadAction,
      z.ZodCatch<z.ZodArray<typeof button>>
    >,
  );
  const bool = (d: boolean) => z.boolean().catch(d);
  const volume = (d: number) => z.number().min(0).max(1).catch(d);
  return z.looseObject({
    version: z.literal(SETTINGS_VERSION).catch(SETTINGS_VERSION),
    keys: keys.catch(def.keys),
    pad: z
      .object({
        buttons: buttons.catch(def.pad.buttons),
        deadZone: z.number().min(DEAD_ZONE_MIN).max(DEAD_ZONE_MAX).catch(def.pad.deadZone),
      })
      .catch(def.pad),
    bgmVolume: volume(def.bgmVolume),
    sfxVolume: volume(def.sfxVolume),
    scale: z.union(SCALES.map((s) => z.literal(s))).catch(def.scale),
    fullscreen: bool(def.fullscreen),
    showFps: bool(def.showFps),
    reducedFlashing: bool(def.reducedFlashing),
    reducedShake: bool(def.reducedShake),
    highContrastBullets: bool(def.highContrastBullets),
    language: z.enum(LANGUAGES).catch(def.language),
  });
}

/**
 * Reads a saved record (any version, any shape) field by field. Bindings that break the rules
 * (a key on two actions or on both players, a reserved key) fall back to the defaults of that table.
 */
export function parseSettings(raw: unknown, def: Settings = defaultSettings()): Settings {
  const obj = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  const s = settingsSchema(def).parse(obj) as Settings & Record<string, unknown>;
  s.version = SETTINGS_VERSION;
  if (keyProblems(s.keys).length) s.keys = structuredClone(def.keys);
  if (padProblems(s.pad.buttons).length) s.pad = { ...s.pad, buttons: structuredClone(def.pad.buttons) };
  return s;
}

const PLAYER_NAME: Record<Player, string> = { p1: 'P1', p2: 'P2' };
export const ACTION_NAME: Record<Action, string> = {
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  shot: 'Shot',
  focus: 'Focus',
  charge: 'Charge',
};

/** A key code name as a person reads it: 'SHIFT' → 'Shift', 'NUMPAD_ONE' → 'Numpad one'. */
export function keyLabel(code: string): string {
  const arrows: Record<string, string> = { UP: '↑', DOWN: '↓', LEFT: '←', RIGHT: '→' };
  if (arrows[code]) return arrows[code];
  if (code.length === 1) return code;
  const s = code.replace(/_/g, ' ').toLowerCase();
  return s[0]!.toUpperCase() + s.slice(1);
}

const BUTTON_NAMES = ['A', 'B', 'X', 'Y', 'L1', 'R1', 'L2', 'R2', 'Select', 'Start', 'L3', 'R3', 'Up', 'Down', 'Left', 'Right', 'Home'];
export function buttonLabel(i: number): string {
  return BUTTON_NAMES[i] ?? `Button ${i}`;
}

/**
 * Why `code` cannot play `player`'s `action`, or null if it can: a reserved key, or a key already
 * on another action of either player (both players share the keyboard in Player vs Player).
 */
export function keyConflict(keys: KeyBindings, player: Player, action: Action, code: string): string | null {
  const what = `${PLAYER_NAME[player]} ${ACTION_NAME[action]}`;
  if (RESERVED_KEYS.includes(code)) return `${keyLabel(code)} is reserved (${code === 'ESC' ? 'pause' : 'fullscreen'}).`;
  for (const p of PLAYERS)
    for (const a of ACTIONS) {
      if ((p === player && a === action) || keys[p][a] !== code) continue;
      return `${keyLabel(code)} is already ${PLAYER_NAME[p]} ${ACTION_NAME[a]}: it cannot also be ${what}.`;
    }
  return null;
}

/** Why `button` cannot be the pad's `action`, or null. */
export function padConflict(buttons: PadBindings, action: PadAction, b: number): string | null {
  if (RESERVED_BUTTONS.includes(b)) return `${buttonLabel(b)} is reserved (${b === 9 ? 'pause' : 'movement'}).`;
  for (const a of PAD_ACTIONS)
    if (a !== action && buttons[a].includes(b))
      return `${buttonLabel(b)} is already ${ACTION_NAME[a]}: it cannot also be ${ACTION_NAME[action]}.`;
  return null;
}

/** Every broken rule in a key table (empty: playable). */
export function keyProblems(keys: KeyBindings): string[] {
  const out: string[] = [];
  for (const p of PLAYERS)
    for (const a of ACTIONS) {
      const why = keyConflict(keys, p, a, keys[p][a]);
      if (why) out.push(why);
    }
  return out;
}

export function padProblems(buttons: PadBindings): string[] {
  const out: string[] = [];
  for (const a of PAD_ACTIONS)
    for (const b of buttons[a]) {
      const why = padConflict(buttons, a, b);
      if (why) out.push(why);
    }
  return out;
}
