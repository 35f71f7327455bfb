// A controller that plays back one side's recorded inputs (frame by frame, 0 after the end).
import type { Controller } from '../sim/controller';
import type { MatchState } from '../sim/state';

export class ReplayInputController implements Controller {
  constructor(
    private readonly inputs: Uint8Array,
    readonly spec: string,
    readonly human: boolean,
  ) {}

  decide(state: Readonly<MatchState>): number {
    return this.inputs[state.frame] ?? 0;
  }
}
