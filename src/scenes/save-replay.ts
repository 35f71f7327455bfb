// Saving the match just played (or left) to the replay library. The match scene calls this at
// the end of every match and when the player quits (a partial replay). It never throws: the
// result says what happened, so the scene can show a message on failure. A later save of the same
// match replaces an earlier one (`replaces`), so the library never holds two copies of one match.
// The library (IndexedDB, bundles, SHA-256) is loaded with the first save, not before the title.
import { encodeReplay, replayFromRunner } from '../replay';
import type { MatchRunner } from '../sim/runner';
import type { LibraryEntry } from '../storage/replay-meta';
import type { MatchSetup } from './match-setup';
import { t } from '../i18n/i18n';

export type SaveReplayResult =
  | { ok: true; entry: LibraryEntry; partial: boolean }
  | { ok: false; error: string; quota: boolean; partial: boolean }
  /** Nothing to save (no frame was played). */
  | { ok: null; partial: boolean };

/** Names for the library: people are "Player N", CPUs their spec; the setup may override (future). */
function namesFor(runner: MatchRunner, setup: MatchSetup): string[] {
  const specs = [setup.p1, setup.p2];
  return runner.controllers.map((c, i) => (c.human ? `Player ${i + 1}` : (specs[i] ?? c.spec)));
}

/**
 * Saves the match as it stands. `replaces`: an earlier save of this same match (the page was
 * hidden, then shown again from the back-forward cache and played on); once the new replay is
 * stored, the earlier entry is deleted and its name and the tags a person gave it carry over. The
 * earlier one is kept if the new save fails, so nothing played is lost.
 */
export async function saveMatchReplay(
  runner: MatchRunner,
  setup: MatchSetup,
  opts: { partial: boolean; replaces?: Promise<SaveReplayResult> },
): Promise<SaveReplayResult> {
  const partial = opts.partial || runner.state.result === null;
  if (runner.state.frame === 0) return { ok: null, partial };
  const library = import('../storage/replay-library');
  try {
    // Built synchronously, before the scene can go on stepping the runner.
    const replay = replayFromRunner(runner, {
      date: new Date().toISOString(),
      names: namesFor(runner, setup),
      extra: { ...(setup.extra ?? {}), partial },
    });
    const bytes = encodeReplay(replay);
    const lib = await (await library).ReplayLibrary.open();
    const before = await opts.replaces;
    const old = before?.ok ? await lib.get(before.entry.id) : undefined;
    const tags = [...(old?.tags.filter((t) => t !== 'partial') ?? []), ...(partial ? ['partial'] : [])];
    const entry = await lib.save(bytes, { name: old?.name, tags });
    // The new replay is stored: a failure to delete the old copy must not report it as lost.
    if (old && old.id !== entry.id) await lib.delete(old.id).catch(() => undefined);
    return { ok: true, entry, partial };
  } catch (e) {
    // The library's wording when it loaded (it may be what failed to load).
    const why = await library.then(
      (m) => m.describeError(e),
      () => (e instanceof Error ? e.message : String(e)),
    );
    return { ok: false, error: t('result.notSaved', { why }), quota: (e as { quota?: boolean }).quota === true, partial };
  }
}
