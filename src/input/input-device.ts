// Keyboard and gamepad → input bits. Genre controls: arrows move, Z shot, Shift focus,
// X charge attack (Esc pause is handled by the scene). Gamepad (Phaser's gamepad input, standard
// mapping): d-pad or left stick, A shot, L1/R1 focus, B charge, Start pause. Alone, every connected
// pad counts, so it does not matter which one the player picked up. Player vs Player splits the
// keyboard (P1 arrows + Z/X/Shift, P2 WASD + J/K/L) and gives each player one pad (the first
// connected pad is P1's, the second P2's). Those are the defaults: the keys, pad buttons and
// stick dead zone come from the player's settings (Options, src/storage/settings.ts), read when
// the device is made (a match start).
import Phaser from 'phaser';
import { ChargeLatch } from './charge-latch';
import { anyDown, mergePads, NO_PAD, readPad, type PadLike, type PadState } from './pad-state';
import { Input } from '../sim/input';
import { KEYMAPS, keyLegend as legendOf, keysOf, padOf, type Action, type InputScheme, type KeyBindings } from './keymap';
import { settings, type PadBindings } from '../storage/settings';

export type { InputScheme } from './keymap';

/** The keys of a scheme as bound now (HUD, coach, controls panel). */
export function keyLegend(scheme: InputScheme): ReturnType<typeof legendOf> {
  return legendOf(scheme, settings.get().keys);
}

/** What a device plays with: key code names per scheme, pad buttons per action, the stick's dead zone. */
export interface DeviceBindings {
  keys: Readonly<KeyBindings>;
  pad: { buttons: Readonly<PadBindings>; deadZone: number };
}

/** The connected pads a scheme reads (`only`: just the only-th connected pad). */
function scenePads(scene: Phaser.Scene, only?: number): PadLike[] {
  const plugin = scene.input.gamepad;
  if (!plugin?.enabled) return [];
  let pads = plugin.getAll().filter((p) => p.connected);
  if (only !== undefined) pads = pads.slice(only, only + 1);
  return pads as unknown as PadLike[];
}

/** The scene's connected gamepads read as one (`only`: just the only-th connected pad). */
export function readScenePads(scene: Phaser.Scene, mode: 'play' | 'menu', only?: number): PadState {
  const pads = scenePads(scene, only);
  return pads.length ? mergePads(pads.map((p) => readPad(p, mode))) : NO_PAD;
}

export class InputDevice {
  private keys: Record<Action, Phaser.Input.Keyboard.Key>;
  /** The pad this device reads: every pad (solo) or the scheme's own. */
  private readonly pad: number | undefined;
  /** Start was down at the last pausePressed() (edges only: holding Start does not flicker the pause). */
  private startWasDown: boolean;
  /** The charge button across a pause (src/input/charge-latch.ts). */
  private readonly charge = new ChargeLatch();

  private readonly padBind: DeviceBindings['pad'];

  constructor(
    private readonly scene: Phaser.Scene,
    readonly scheme: InputScheme = 'solo',
    bindings: DeviceBindings = settings.get(),
  ) {
    const kb = scene.input.keyboard!;
    const K = Phaser.Input.Keyboard.KeyCodes;
    const map = keysOf(scheme, bindings.keys);
    // A name Phaser does not know (a setting from another version) plays its default key.
    const code = (a: Action): number => K[map[a] as keyof typeof K] ?? K[KEYMAPS[scheme][a] as keyof typeof K];
    this.keys = Object.fromEntries(Object.keys(map).map((a) => [a, kb.addKey(code(a as Action))])) as Record<
      Action,
      Phaser.Input.Keyboard.Key
    >;
    this.padBind = bindings.pad;
    this.pad = padOf(scheme);
    this.startWasDown = readScenePads(scene, 'play', this.pad).start;
  }

  bits(): number {
    const k = this.keys;
    const pads = scenePads(this.scene, this.pad);
    const { buttons, deadZone } = this.padBind;
    const pad = pads.length ? mergePads(pads.map((p) => readPad(p, 'play', deadZone))) : NO_PAD;
    const held = (bs: readonly number[]): boolean => pads.some((p) => anyDown(p, bs));
    let b = 0;
    if (k.up.isDown || pad.up) b |= Input.UP;
    if (k.down.isDown || pad.down) b |= Input.DOWN;
    if (k.left.isDown || pad.left) b |= Input.LEFT;
    if (k.right.isDown || pad.right) b |= Input.RIGHT;
    if (k.shot.isDown || held(buttons.shot)) b |= Input.SHOT;
    if (k.focus.isDown || held(buttons.focus)) b |= Input.FOCUS;
    if (this.charge.next(k.charge.isDown || held(buttons.charge))) b |= Input.CHARGE;
    return b;
  }

  /**
   * Call on resume: a charge the sim already sees as held goes on; a press made during the pause
   * (the B or X that left the pause menu) is ignored until released.
   */
  resumed(): void {
    this.charge.resume();
  }

  /** True once per press of the gamepad's Start button. */
  pausePressed(): boolean {
    const down = readScenePads(this.scene, 'play', this.pad).start;
    const pressed = down && !this.startWasDown;
    this.startWasDown = down;
    return pressed;
  }
}
