// A person at the keyboard or gamepad. The scene supplies a function that reads the device
// state; this class only adapts it to the Controller interface the sim's runner expects.
import type { Controller } from '../sim/controller';

export class HumanController implements Controller {
  readonly spec = 'human';
  readonly human = true;
  constructor(private readonly read: () => number) {}
  decide(): number {
    return this.read();
  }
}
