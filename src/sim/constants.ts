// Fixed rules of the game. Units are logical pixels of one playfield; time is in 60 Hz frames.

export const FPS = 60;
export const FIELD_W = 384;
export const FIELD_H = 448;
/** Bullets and enemies further than this outside the field are removed. */
export const OFFSCREEN_MARGIN = 40;

export const SHIP_HIT_RADIUS = 2.5;
export const SHIP_GRAZE_RADIUS = 18;
export const SHIP_SPEED = 4;
export const SHIP_FOCUS_SPEED = 1.8;
/** Ships are kept this far from the field edges. */
export const SHIP_EDGE = 8;
export const SHIP_START_Y = 400;
export const DEFAULT_LIVES = 5;
export const INVULN_FRAMES = 120;
/** Enemy bullets this close to a ship that was just hit are cleared (the genre's mercy rule). */
export const HIT_CLEAR_RADIUS = 72;

export const SHOT_PERIOD = 5;
export const SHOT_SPEED = 14;
export const SHOT_RADIUS = 5;

export const GAUGE_PER_LEVEL = 100;
export const GAUGE_LEVELS = 3;
export const GAUGE_MAX = GAUGE_PER_LEVEL * GAUGE_LEVELS;
/** Gauge for a kill outside a chain (a spirit gives twice as much). */
export const GAUGE_PER_KILL = 9;
/** Chains count more: each kill adds this much more gauge per earlier kill of its chain… */
export const GAUGE_PER_CHAIN_LINK = 3;
/** …counting at most this many earlier kills (so a kill gives at most 9 + 3 × 5 = 24, a spirit 48). */
export const GAUGE_CHAIN_CAP = 5;
export const GAUGE_PER_GRAZE = 1;
/** Kills closer together than this (frames) form a chain. */
export const CHAIN_WINDOW = 75;
/** Frames X must be held to raise the charge attack by one level: the neutral ship's (characters have their own). */
export const CHARGE_FRAMES_PER_LEVEL = 24;
/** Delay between sending an attack and its arrival in the other field, so a player can see it coming. */
export const ATTACK_TRAVEL_FRAMES = 45;
export const BOSS_FRAMES = 420;
/** Story's final boss: in its boss phase it gains a gauge level this often (8 s). */
export const BOSS_PHASE_GAUGE_FRAMES = 480;

export const DEFAULT_TIME_LIMIT = 3 * 60 * FPS;

export const BULLET_CAPACITY = 2048;
export const SHOT_CAPACITY = 160;
export const ENEMY_CAPACITY = 96;
