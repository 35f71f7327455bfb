// What makes an easy CPU look like an easy opponent rather than a slow one: it lets go of the shot
// key for spells (fewer kills, so fewer and shorter chains sent) and makes visible mistakes (for
// half a second it stops looking and keeps drifting the way it was going). Drawn from a stream of
// its own, so presets without lapses play exactly as before.
import { matchStream, type Rng } from '../sim/rng';
import { ShotSpells } from './shot-spells';

/** Length of a visible mistake, frames (0.5 s: long enough to be seen, and to be hit). */
export const BLUNDER_FRAMES = 30;

export class CpuLapses {
  private rng: Rng | null = null;
  private readonly spells: ShotSpells;
  /** Frames left of the current mistake (0: none). */
  blunderLeft = 0;

  constructor(
    shootShare: number,
    /** Mistakes per second. */
    private readonly blunder: number,
  ) {
    this.spells = new ShotSpells(shootShare);
  }

  private stream(seed: number, side: number, name: string): Rng {
    this.rng ??= matchStream(seed, `cpu${side}:${name}:lapses`);
    return this.rng;
  }

  /** Whether the shot key is held this frame (call once per frame). */
  shotKey(seed: number, side: number, name: string): boolean {
    return this.spells.held(() => this.stream(seed, side, name));
  }

  /**
   * At a decision of `frames` frames: whether a mistake starts now (then the caller keeps its held
   * move for BLUNDER_FRAMES without looking). `rate` per second, so the chance per decision scales
   * with its length.
   */
  startsBlunder(seed: number, side: number, name: string, frames: number): boolean {
    if (this.blunder <= 0) return false;
    if (this.stream(seed, side, name).next() >= (this.blunder * frames) / 60) return false;
    this.blunderLeft = BLUNDER_FRAMES;
    return true;
  }

  /** A random direction (1..8 of MOVE_BITS) to drift in when a mistake starts standing still. */
  driftMove(seed: number, side: number, name: string): number {
    return 1 + this.stream(seed, side, name).int(8);
  }

  reset(): void {
    this.rng = null;
    this.spells.reset();
    this.blunderLeft = 0;
  }
}
