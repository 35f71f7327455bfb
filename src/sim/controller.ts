// Anything that plays a side: keyboard/gamepad, replay, scripted or real CPU. Each turns what it
// can observe into the same input bits a person produces; none moves a ship directly.
import type { MatchState } from './state';

export interface Controller {
  /** The spec that recreates it, e.g. 'scripted', 'random:7', 'cpu:hard' (stored in replays). */
  readonly spec: string;
  /** True when a person is behind it (a replay of a person is a person too). */
  readonly human: boolean;
  /**
   * Input bits for `side` in the coming step. CPU controllers must be deterministic functions
   * of the states they have been shown (and their own seeded streams).
   */
  decide(state: Readonly<MatchState>, side: number): number;
}
