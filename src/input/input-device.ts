// Keyboard and gamepad → input bits. Genre controls: arrows move, Z shot, Shift focus,
// X charge attack (Esc pause is handled by the scene). Gamepad (Phaser's gamepad input, standard
// mapping): d-pad or left stick, A shot, L1/R1 focus, B charge, Start pause. Alone, every connected
// pad counts, so it does not matter which one the player picked up. Player vs Player splits the
// keyboard (P1 arrows + Z/X/Shift, P2 WASD + J/K/L) and gives each player one pad (the first
// connected pad is P1's, the second P2's).
import Phaser from 'phaser';
import { ChargeLatch } from './charge-latch';
import { mergePads, NO_PAD, readPad, type PadLike, type PadState } from './pad-state';
import { Input } from '../sim/input';
import { KEYMAPS, padOf, type Action, type InputScheme } from './keymap';

export { keyLegend, type InputScheme } from './keymap';

/** The scene's connected gamepads read as one (`only`: just the only-th connected pad). */
export function readScenePads(scene: Phaser.Scene, mode: 'play' | 'menu', only?: number): PadState {
  const plugin = scene.input.gamepad;
  if (!plugin?.enabled) return NO_PAD;
  let pads = plugin.getAll().filter((p) => p.connected);
  if (only !== undefined) pads = pads.slice(only, only + 1);
  return pads.length ? mergePads(pads.map((p) => readPad(p as unknown as PadLike, mode))) : NO_PAD;
}

export class InputDevice {
  private keys: Record<Action, Phaser.Input.Keyboard.Key>;
  /** The pad this device reads: every pad (solo) or the scheme's own. */
  private readonly pad: number | undefined;
  /** Start was down at the last pausePressed() (edges only: holding Start does not flicker the pause). */
  private startWasDown: boolean;
  /** The charge button across a pause (src/input/charge-latch.ts). */
  private readonly charge = new ChargeLatch();

  constructor(
    private readonly scene: Phaser.Scene,
    readonly scheme: InputScheme = 'solo',
  ) {
    const kb = scene.input.keyboard!;
    const K = Phaser.Input.Keyboard.KeyCodes;
    const map = KEYMAPS[scheme];
    this.keys = Object.fromEntries(Object.entries(map).map(([a, code]) => [a, kb.addKey(K[code as keyof typeof K])])) as Record<
      Action,
      Phaser.Input.Keyboard.Key
    >;
    this.pad = padOf(scheme);
    this.startWasDown = readScenePads(scene, 'play', this.pad).start;
  }

  bits(): number {
    const k = this.keys;
    const pad = readScenePads(this.scene, 'play', this.pad);
    let b = 0;
    if (k.up.isDown || pad.up) b |= Input.UP;
    if (k.down.isDown || pad.down) b |= Input.DOWN;
    if (k.left.isDown || pad.left) b |= Input.LEFT;
    if (k.right.isDown || pad.right) b |= Input.RIGHT;
    if (k.shot.isDown || pad.a) b |= Input.SHOT;
    if (k.focus.isDown || pad.l1 || pad.r1) b |= Input.FOCUS;
    if (this.charge.next(k.charge.isDown || pad.b)) b |= Input.CHARGE;
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
