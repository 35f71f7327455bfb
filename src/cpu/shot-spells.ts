// Holding the shot key for a share of the time, as people and an easy CPU do: spells held and let
// go alternate, each of random length around its mean (0.5–1.5×), the means in proportion so the
// key is held `share` of the time.
import type { Rng } from '../sim/rng';

/** Mean length of a spell with the shot key held, frames (4 s). */
export const SHOT_SPELL = 240;

export class ShotSpells {
  private shot = false;
  private left = 0;

  constructor(private readonly share: number) {}

  /** Whether the key is held this frame (call once per frame); `rng` draws only when share < 1. */
  held(rng: () => Rng): boolean {
    if (this.share >= 1) return true;
    if (this.share <= 0) return false;
    if (--this.left <= 0) {
      this.shot = !this.shot;
      const mean = this.shot ? SHOT_SPELL : (SHOT_SPELL * (1 - this.share)) / this.share;
      this.left = Math.max(1, Math.round(mean * (0.5 + rng().next())));
    }
    return this.shot;
  }

  reset(): void {
    this.shot = false;
    this.left = 0;
  }
}
