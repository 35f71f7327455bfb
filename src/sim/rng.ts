// Seeded random streams. Every stream is owned by the match and has one purpose, so adding a draw
// in one place cannot shift the numbers another system sees (the Taisei rand_game / rand_visual split).
import seedrandom from 'seedrandom';

type AleaState = seedrandom.State.Alea;

export class Rng {
  private prng: seedrandom.StatefulPRNG<AleaState>;

  constructor(seed: string, state?: AleaState) {
    this.prng = seedrandom.alea(seed, { state: state ?? true });
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.prng();
  }

  /** Uniform in [lo, hi). */
  range(lo: number, hi: number): number {
    return lo + (hi - lo) * this.prng();
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.prng() * n);
  }

  state(): AleaState {
    return this.prng.state();
  }

  clone(): Rng {
    return new Rng('', this.state());
  }
}

/** The stream for one purpose of one match: independent of every other purpose. */
export function matchStream(seed: number | string, purpose: string): Rng {
  return new Rng(`twinfield:${seed}:${purpose}`);
}
