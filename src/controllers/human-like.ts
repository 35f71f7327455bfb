// Seeded input that stands in for a person at the keyboard (benchmarks, golden replays): keys held
// for several frames (mostly short taps and corrections, sometimes long sweeps, a third standing),
// the shot held in long spells, focus and charge now and then.
import type { Controller } from '../sim/controller';
import { Input, MOVE_BITS } from '../sim/input';
import { Rng } from '../sim/rng';

export interface HumanLikeOptions {
  /** Name of the seeded stream (different streams, different hands). */
  stream: string;
  /** What a replay records for this side: a person ('human', human: true) or a synthetic stream. */
  spec: string;
  human: boolean;
  /** Chance per frame of starting a charge. */
  chargeChance: number;
}

export class HumanLikeController implements Controller {
  readonly spec: string;
  readonly human: boolean;
  private readonly rng: Rng;
  private readonly chargeChance: number;
  private move = 0;
  private moveLeft = 0;
  private shot = true;
  private shotLeft = 0;
  private focus = false;
  private focusLeft = 0;
  private charge = 0;

  constructor(o: HumanLikeOptions) {
    this.spec = o.spec;
    this.human = o.human;
    this.rng = new Rng(o.stream);
    this.chargeChance = o.chargeChance;
  }

  decide(): number {
    const r = this.rng;
    if (--this.moveLeft <= 0) {
      this.move = r.next() < 0.35 ? 0 : MOVE_BITS[1 + r.int(8)]!;
      this.moveLeft = r.next() < 0.8 ? 4 + r.int(17) : 20 + r.int(60);
    }
    if (--this.shotLeft <= 0) {
      this.shot = r.next() < 0.9;
      this.shotLeft = this.shot ? 60 + r.int(300) : 5 + r.int(30);
    }
    if (--this.focusLeft <= 0) {
      this.focus = r.next() < 0.3;
      this.focusLeft = 20 + r.int(120);
    }
    if (this.charge > 0) this.charge--;
    else if (r.next() < this.chargeChance) this.charge = 30 + r.int(50);
    return this.move | (this.shot ? Input.SHOT : 0) | (this.focus ? Input.FOCUS : 0) | (this.charge > 0 ? Input.CHARGE : 0);
  }
}
