// Drives one match: asks each side's controller for input bits, steps the sim, records the
// inputs and a checksum every CHECKSUM_INTERVAL frames (what a replay stores), and re-emits the
// step's events through eventemitter3 for views and sound.
import EventEmitter from 'eventemitter3';
import type { Controller } from './controller';
import type { SimEvent } from './events';
import { hashState } from './hash';
import { step } from './match';
import type { MatchState } from './state';

export const CHECKSUM_INTERVAL = 60;

type EventMap = { [K in SimEvent['type']]: [Extract<SimEvent, { type: K }>] } & { step: [MatchState] };

export interface Checksum {
  frame: number;
  hash: string;
}

export class MatchRunner extends EventEmitter<EventMap> {
  /** Input bits of each side, one byte per frame played so far. */
  private log: Uint8Array[];
  readonly checksums: Checksum[] = [];

  constructor(
    readonly state: MatchState,
    readonly controllers: Controller[],
  ) {
    super();
    if (controllers.length !== state.sides.length) {
      throw new Error(`a ${state.config.mode} match needs ${state.sides.length} controller(s), got ${controllers.length}`);
    }
    this.log = controllers.map(() => new Uint8Array(4096));
  }

  get frame(): number {
    return this.state.frame;
  }

  get finished(): boolean {
    return this.state.result !== null;
  }

  /** The recorded inputs of side i (a view of the first `frame` entries). */
  inputs(i: number): Uint8Array {
    return this.log[i]!.subarray(0, this.state.frame);
  }

  /** Plays one frame. Returns false once the match is over. */
  tick(): boolean {
    const s = this.state;
    if (s.result) return false;
    const a = this.controllers[0]!.decide(s, 0) & 0x7f;
    const b = this.controllers.length > 1 ? this.controllers[1]!.decide(s, 1) & 0x7f : 0;
    this.record(s.frame, a, b);
    step(s, a, b);
    if (s.frame % CHECKSUM_INTERVAL === 0) this.checksums.push({ frame: s.frame, hash: hashState(s) });
    for (const ev of s.events) (this.emit as (t: string, e: SimEvent) => boolean)(ev.type, ev);
    this.emit('step', s);
    return s.result === null;
  }

  /** Plays until the match ends or `frames` frames have been played in total. */
  runUntil(frames: number): void {
    while (this.state.frame < frames && this.tick());
  }

  private record(frame: number, a: number, b: number): void {
    if (frame >= this.log[0]!.length) {
      this.log = this.log.map((l) => {
        const bigger = new Uint8Array(l.length * 2);
        bigger.set(l);
        return bigger;
      });
    }
    this.log[0]![frame] = a;
    if (this.log.length > 1) this.log[1]![frame] = b;
  }
}
