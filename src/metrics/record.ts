// Builds a side's InputLog from the real sim state while a match runs (a replay re-simulated, or
// a headless drill): positions, clearance and hits come from the state, not from guesses.
import type { MatchState } from '../sim/state';
import { nearestClearance } from './clearance';
import type { InputLog } from './input-log';

export class SideRecorder {
  private readonly inputs: Uint8Array;
  private readonly x: Float64Array;
  private readonly y: Float64Array;
  private readonly clearance: Float64Array;
  private readonly hitFrames: number[] = [];
  private n = 0;

  /** `state` is the match before the first recorded frame; `capacity` the most frames to record. */
  constructor(
    state: Readonly<MatchState>,
    readonly side: number,
    capacity: number,
  ) {
    this.inputs = new Uint8Array(capacity);
    this.x = new Float64Array(capacity + 1);
    this.y = new Float64Array(capacity + 1);
    this.clearance = new Float64Array(capacity);
    const ship = state.sides[side]!.ship;
    this.x[0] = ship.x;
    this.y[0] = ship.y;
  }

  /** Call right after `step`, with the bits this side pressed in it. */
  record(state: Readonly<MatchState>, bits: number): void {
    const f = this.n++;
    if (f >= this.inputs.length) throw new RangeError(`SideRecorder: more than ${this.inputs.length} frames`);
    const side = state.sides[this.side]!;
    this.inputs[f] = bits;
    this.x[f + 1] = side.ship.x;
    this.y[f + 1] = side.ship.y;
    const b = side.bullets;
    this.clearance[f] = nearestClearance(side.ship.x, side.ship.y, side.character.hitRadius, b.x, b.y, b.r, b.count);
    for (const ev of state.events) if (ev.type === 'hit' && ev.side === this.side) this.hitFrames.push(f);
  }

  /** The frames recorded so far. */
  get log(): InputLog {
    const n = this.n;
    return {
      inputs: this.inputs.subarray(0, n),
      x: this.x.subarray(0, n + 1),
      y: this.y.subarray(0, n + 1),
      clearance: this.clearance.subarray(0, n),
      hitFrames: this.hitFrames.slice(),
    };
  }
}
