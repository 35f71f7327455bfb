// Keyboard and gamepad → input bits. Genre controls: arrows move, Z shot, Shift focus,
// X charge attack (Esc pause is handled by the scene). Gamepad: d-pad or left stick, A shot,
// shoulder buttons focus, B charge, Start pause.
import Phaser from 'phaser';
import { Input } from '../sim/input';

export class InputDevice {
  private keys: Record<'up' | 'down' | 'left' | 'right' | 'shot' | 'focus' | 'charge', Phaser.Input.Keyboard.Key>;

  constructor(private readonly scene: Phaser.Scene) {
    const kb = scene.input.keyboard!;
    const K = Phaser.Input.Keyboard.KeyCodes;
    this.keys = {
      up: kb.addKey(K.UP),
      down: kb.addKey(K.DOWN),
      left: kb.addKey(K.LEFT),
      right: kb.addKey(K.RIGHT),
      shot: kb.addKey(K.Z),
      focus: kb.addKey(K.SHIFT),
      charge: kb.addKey(K.X),
    };
  }

  bits(): number {
    const k = this.keys;
    let b = 0;
    if (k.up.isDown) b |= Input.UP;
    if (k.down.isDown) b |= Input.DOWN;
    if (k.left.isDown) b |= Input.LEFT;
    if (k.right.isDown) b |= Input.RIGHT;
    if (k.shot.isDown) b |= Input.SHOT;
    if (k.focus.isDown) b |= Input.FOCUS;
    if (k.charge.isDown) b |= Input.CHARGE;
    const pad = this.scene.input.gamepad?.pad1;
    if (pad) {
      const sx = pad.leftStick.x;
      const sy = pad.leftStick.y;
      if (pad.up || sy < -0.4) b |= Input.UP;
      if (pad.down || sy > 0.4) b |= Input.DOWN;
      if (pad.left || sx < -0.4) b |= Input.LEFT;
      if (pad.right || sx > 0.4) b |= Input.RIGHT;
      if (pad.A) b |= Input.SHOT;
      if (pad.L1 > 0.5 || pad.R1 > 0.5) b |= Input.FOCUS;
      if (pad.B) b |= Input.CHARGE;
    }
    return b;
  }

  /** Gamepad Start (button 9) as a pause request. */
  padPause(): boolean {
    const pad = this.scene.input.gamepad?.pad1;
    return !!pad && pad.isButtonDown(9);
  }
}
