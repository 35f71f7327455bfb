// Saving the match just played (or left) to the replay library. The match scene calls this at
// the end of every match and when the player quits (a partial replay). It never throws: the
// result says what happened, so the scene can show a message on failure.
import { encodeReplay, replayFromRunner } from '../replay';
import type { MatchRunner } from '../sim/runner';
import { describeError, ReplayLibrary } from '../storage/replay-library';
import type { LibraryEntry } from '../storage/replay-meta';
import type { MatchSetup } from './match-setup';

export type SaveReplayResult =
  | { ok: true; entry: LibraryEntry; partial: boolean }
  | { ok: false; error: string; quota: boolean; partial: boolean }
  /** Nothing to save (no frame was played). */
  | { ok: null; partial: boolean };

/** Names for the library: people are "Player N", CPUs their spec; the setup may override (future). */
function namesFor(runner: MatchRunner, setup: MatchSetup): string[] {
  const specs = [setup.p1, setup.p2];
  return runner.controllers.map((c, i) => (c.human ? `Player ${i + 1}` : specs[i] ?? c.spec));
}

export async function saveMatchReplay(runner: MatchRunner, setup: MatchSetup, opts: { partial: boolean }): Promise<SaveReplayResult> {
  const partial = opts.partial || runner.state.result === null;
  if (runner.state.frame === 0) return { ok: null, partial };
  try {
    // Built synchronously, before the scene can go on stepping the runner.
    const replay = replayFromRunner(runner, { date: new Date().toISOString(), names: namesFor(runner, setup), extra: { partial } });
    const bytes = encodeReplay(replay);
    const lib = await ReplayLibrary.open();
    const entry = await lib.save(bytes, { tags: partial ? ['partial'] : [] });
    return { ok: true, entry, partial };
  } catch (e) {
    return { ok: false, error: `The replay was not saved. ${describeError(e)}`, quota: (e as { quota?: boolean }).quota === true, partial };
  }
}
