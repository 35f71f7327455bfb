// The charge button across a pause. The sim fires a charge attack when the charge bit goes from
// held to released, so resuming must not change what a held button means to it:
// - held when the pause began and still held: the sim goes on seeing it held (charging continues);
// - pressed during the pause (the B or X that left the pause menu): ignored until released, so it
//   does not start a charge the player did not mean.
// Pure: the input device feeds it the button state once per sim step.

export class ChargeLatch {
  private latched = false;
  /** The charge bit the sim was last given. */
  private sent = false;

  /** The charge bit for this sim step, given whether the button is held. */
  next(held: boolean): boolean {
    if (!held) this.latched = false;
    this.sent = held && !this.latched;
    return this.sent;
  }

  /** Call on resume: a press the sim did not already see as held waits for its release. */
  resume(): void {
    if (!this.sent) this.latched = true;
  }
}
