// Seeded random inputs, held for random short spells like a button-masher (tests, fuzzing).
import { Input, MOVE_BITS } from '../sim/input';
import { Rng } from '../sim/rng';
import type { Controller } from '../sim/controller';

export class RandomController implements Controller {
  readonly spec: string;
  readonly human = false;
  private rng: Rng;
  private held = 0;
  private left = 0;

  constructor(readonly seed: number) {
    this.spec = `random:${seed}`;
    this.rng = new Rng(`random-controller:${seed}`);
  }

  decide(): number {
    if (this.left <= 0) {
      const move = MOVE_BITS[this.rng.int(MOVE_BITS.length)]!;
      let bits = move | Input.SHOT;
      if (this.rng.next() < 0.25) bits |= Input.FOCUS;
      if (this.rng.next() < 0.04) bits |= Input.CHARGE;
      this.held = bits;
      this.left = 1 + this.rng.int(20);
    }
    this.left--;
    return this.held;
  }
}
