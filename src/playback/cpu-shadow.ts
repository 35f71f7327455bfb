// A CPU side's controller re-run alongside a replay, so playback can show what that CPU saw and
// planned (the dodger's influence map and path, the maze planner's route). The replay stores the
// CPU's complete preset, and a CpuController is deterministic, so a shadow that has observed every
// frame from 0 is the recorded CPU exactly: each frame it presses what the recording pressed. A
// seek breaks the chain (the controller's memory — held move, random draws, chasers fought — is not
// in the replay), so the shadow then starts afresh at the new frame and says so.
import { CpuController } from '../cpu/cpu-controller';
import { parseDodgePreset } from '../cpu/presets';
import type { MatchState } from '../sim/state';
import type { Replay } from '../replay/format';

export class CpuShadow {
  readonly controller: CpuController;
  /** Frame observed last (−1: none). */
  private last = -1;
  /** Frame from which it has observed without a gap (0: from the start, as the recorded CPU). */
  since = -1;
  /** First frame whose input differed from the recording (−1: none since `since`). */
  firstMismatch = -1;

  constructor(
    readonly side: number,
    controller: CpuController,
  ) {
    this.controller = controller;
  }

  /**
   * A shadow per side of the replay: for a CPU side whose stored preset is valid, else null (people,
   * other controllers, or a preset this build cannot read).
   */
  static forReplay(replay: Replay): (CpuShadow | null)[] {
    return replay.sides.map((s, i) => {
      if (s.human || !s.controller.startsWith('cpu:') || s.preset === null) return null;
      try {
        return new CpuShadow(i, new CpuController(parseDodgePreset(s.preset, `sides[${i}].preset`)));
      } catch {
        return null;
      }
    });
  }

  /** True while it is the recorded CPU: observed every frame from 0 and pressed what it pressed. */
  get exact(): boolean {
    return this.since === 0 && this.firstMismatch < 0;
  }

  /**
   * Forgets what it observed: the next `observe` starts the controller afresh at that frame (as
   * after a seek). Clip export calls it so a clip's overlay does not depend on what was watched before.
   */
  restart(): void {
    this.last = -1;
  }

  /**
   * Lets the controller decide at `state` (a frame's state before its step), as the match did,
   * and compares with `recorded`, the side's input at that frame. Observing the same frame twice
   * does nothing; a gap (a seek) resets the controller first.
   */
  observe(state: Readonly<MatchState>, recorded: number): void {
    const f = state.frame;
    if (f === this.last) return;
    if (this.last < 0 || f !== this.last + 1) {
      this.controller.reset();
      this.since = f;
      this.firstMismatch = -1;
    }
    this.last = f;
    const bits = this.controller.decide(state, this.side);
    // The runner records the low 7 bits (the input mask), so compare those.
    if ((bits & 0x7f) !== recorded && this.firstMismatch < 0) this.firstMismatch = f;
  }
}
