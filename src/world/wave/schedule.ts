// The multi-wave emission schedule shared by the wave field and Lee's automaton (so the baseline
// sees its target exactly as often): n waves of lifetime T; wave w first goes out after
// floor(w·T/n) steps, then again whenever it has lived T − 1 steps (every T/n steps one wave).
// Written once here; the two fields only say how one of their waves is emitted and advanced.
import type { HashSink } from '../../geom/grid';

/** 'periodic': waves go out from the source on the schedule; 'manual': only when emit() is called. */
export type EmissionMode = 'periodic' | 'manual';

/** True when wave w (age < 0: never emitted) is due for (re-)emission at step `time`. */
export function emissionDue(age: number, time: number, w: number, lifetime: number, waves: number): boolean {
  return age < 0 ? time > Math.floor((w * lifetime) / waves) : age >= lifetime - 1;
}

export class WaveSchedule {
  /** Steps taken so far. */
  time = 0;
  /** Grid point index the periodic emissions start from; -1 (no target yet): nothing goes out. */
  source = -1;
  /** Per wave: steps since its last emission, -1 while it has never been emitted. */
  readonly age: Int32Array;
  /** Per wave: incremented at every emission. Trackers remember the generation they reacted to. */
  readonly generation: Int32Array;

  constructor(
    readonly waves: number,
    readonly lifetime: number,
    readonly mode: EmissionMode = 'periodic',
  ) {
    this.age = new Int32Array(waves).fill(-1);
    this.generation = new Int32Array(waves);
  }

  /** Wave w goes out now: age 0, a new generation. */
  restart(w: number): void {
    this.age[w] = 0;
    this.generation[w]!++;
  }

  /**
   * One step: the clock advances; each wave that is due goes out again from the source (`emit`),
   * every other wave already out advances (`advance`, which sees the age before this step) and ages.
   */
  step(emit: (w: number, source: number) => void, advance: (w: number) => void): void {
    this.time++;
    const n = this.waves;
    for (let w = 0; w < n; w++) {
      if (this.mode === 'periodic' && this.source >= 0 && emissionDue(this.age[w]!, this.time, w, this.lifetime, n)) {
        emit(w, this.source);
        continue;
      }
      if (this.age[w]! < 0) continue;
      advance(w);
      this.age[w]!++;
    }
  }

  /** Makes this schedule's state equal to `o`'s (same waves); allocates nothing. */
  copyFrom(o: WaveSchedule): void {
    if (o.waves !== this.waves) throw new RangeError(`copyFrom: ${o.waves} waves into a schedule of ${this.waves}`);
    this.time = o.time;
    this.source = o.source;
    this.age.set(o.age);
    this.generation.set(o.generation);
  }

  /** The clock and the source, the part of the hash every field starts with. */
  hashClockInto(h: HashSink): void {
    h.int(this.time);
    h.int(this.source);
  }
}

/**
 * A field driven by a WaveSchedule (the wave field, Lee's automaton): the schedule's state read
 * through the field, as the trackers and overlays use it.
 */
export abstract class ScheduledField {
  /** When each wave goes out and how old it is. */
  abstract readonly clock: WaveSchedule;

  get waves(): number {
    return this.clock.waves;
  }

  get lifetime(): number {
    return this.clock.lifetime;
  }

  get schedule(): EmissionMode {
    return this.clock.mode;
  }

  /** Steps taken so far. */
  get time(): number {
    return this.clock.time;
  }

  /** Per wave: steps since its last emission, -1 while it has never been emitted. */
  get age(): Int32Array {
    return this.clock.age;
  }

  /** Per wave: incremented at every emission. Trackers remember the generation they reacted to. */
  get generation(): Int32Array {
    return this.clock.generation;
  }
}
