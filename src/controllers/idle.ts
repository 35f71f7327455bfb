import type { Controller } from '../sim/controller';

/** Presses nothing: a target dummy for tests and practice. */
export class IdleController implements Controller {
  readonly spec = 'idle';
  readonly human = false;
  decide(): number {
    return 0;
  }
}
