// A gamepad read into plain booleans, for play and for menus. Button indices follow the W3C
// "standard" mapping (https://w3c.github.io/gamepad/#remapping), which Phaser's Gamepad uses too.
// Pure (no Phaser, no DOM), so the dead zones are unit-tested in Node.

export const PAD = {
  A: 0,
  B: 1,
  X: 2,
  Y: 3,
  L1: 4,
  R1: 5,
  L2: 6,
  R2: 7,
  SELECT: 8,
  START: 9,
  UP: 12,
  DOWN: 13,
  LEFT: 14,
  RIGHT: 15,
} as const;

/** What the reader needs of a pad: Phaser's Gamepad (buttons[i].value/pressed, axes[i].value) fits. */
export interface PadLike {
  readonly buttons: readonly { readonly value: number; readonly pressed: boolean }[];
  readonly axes: readonly { readonly value: number }[];
}

export interface PadState {
  up: boolean;
  down: boolean;
  left: boolean;
  right: boolean;
  a: boolean;
  b: boolean;
  l1: boolean;
  r1: boolean;
  start: boolean;
}

export const NO_PAD: Readonly<PadState> = {
  up: false,
  down: false,
  left: false,
  right: false,
  a: false,
  b: false,
  l1: false,
  r1: false,
  start: false,
};

/** Play: the stick counts past 0.4 on each axis independently, so diagonals work. */
export const PLAY_DEAD_ZONE = 0.4;
/** Menus: the stick counts past 0.5, and only along its dominant axis (a sloppy push moves one way). */
export const MENU_DEAD_ZONE = 0.5;

function down(pad: PadLike, i: number): boolean {
  const b = pad.buttons[i];
  // Phaser's `pressed` needs value ≥ 1; analog shoulders and some d-pads report less.
  return !!b && (b.pressed || b.value >= 0.5);
}

/** `deadZone` (play only): the player's own (Options), else PLAY_DEAD_ZONE. */
export function readPad(pad: PadLike, mode: 'play' | 'menu', deadZone = PLAY_DEAD_ZONE): PadState {
  const sx = pad.axes[0]?.value ?? 0;
  const sy = pad.axes[1]?.value ?? 0;
  let h = 0;
  let v = 0;
  if (mode === 'play') {
    h = Math.abs(sx) > deadZone ? Math.sign(sx) : 0;
    v = Math.abs(sy) > deadZone ? Math.sign(sy) : 0;
  } else if (Math.max(Math.abs(sx), Math.abs(sy)) > MENU_DEAD_ZONE) {
    if (Math.abs(sx) > Math.abs(sy)) h = Math.sign(sx);
    else v = Math.sign(sy);
  }
  return {
    up: down(pad, PAD.UP) || v < 0,
    down: down(pad, PAD.DOWN) || v > 0,
    left: down(pad, PAD.LEFT) || h < 0,
    right: down(pad, PAD.RIGHT) || h > 0,
    a: down(pad, PAD.A),
    b: down(pad, PAD.B),
    l1: down(pad, PAD.L1),
    r1: down(pad, PAD.R1),
    start: down(pad, PAD.START),
  };
}

/** Whether any of `buttons` (standard-mapping indices, a player's binding) is down. */
export function anyDown(pad: PadLike, buttons: readonly number[]): boolean {
  return buttons.some((i) => down(pad, i));
}

/** The buttons down now (for "press a button" in Options). */
export function buttonsDown(pad: PadLike): number[] {
  return pad.buttons.flatMap((_, i) => (down(pad, i) ? [i] : []));
}

/** Several pads act as one (whichever the player picked up). */
export function mergePads(states: readonly PadState[]): PadState {
  const out = { ...NO_PAD };
  for (const s of states) for (const k of Object.keys(out) as (keyof PadState)[]) out[k] ||= s[k];
  return out;
}
