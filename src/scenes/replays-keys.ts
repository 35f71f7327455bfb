// Key handling of the Replays scene as data: which command a key press means, and the list state
// the scene keeps between visits (the chosen row, sort and filters survive watching a replay).
// No Phaser here, so tests/scenes/replays-keys.test.ts runs it in Node.
import type { SortKey } from '../storage/replay-meta';

export type ReplaysCommand =
  | { kind: 'move'; by: number }
  | { kind: 'first' }
  | { kind: 'last' }
  | {
      kind:
        | 'play'
        | 'rename'
        | 'tag'
        | 'delete'
        | 'export'
        | 'export-all'
        | 'import'
        | 'next-sort'
        | 'flip-sort'
        | 'mode'
        | 'tag-filter'
        | 'search'
        | 'back';
    };

/** The delete question's answers. */
export type ConfirmAnswer = 'yes' | 'no';

/** A page of the list. */
export const LIST_ROWS = 11;

/** The command a key means in the list (null: none). Case matters only for E (Shift: export all) and S (Shift: flip). */
export function replaysKeyCommand(key: string): ReplaysCommand | null {
  switch (key) {
    case 'ArrowUp':
      return { kind: 'move', by: -1 };
    case 'ArrowDown':
      return { kind: 'move', by: 1 };
    case 'PageUp':
      return { kind: 'move', by: -LIST_ROWS };
    case 'PageDown':
      return { kind: 'move', by: LIST_ROWS };
    case 'Home':
      return { kind: 'first' };
    case 'End':
      return { kind: 'last' };
    case 'Enter':
    case 'z':
    case 'Z':
      return { kind: 'play' };
    case 'r':
    case 'R':
      return { kind: 'rename' };
    case 't':
    case 'T':
      return { kind: 'tag' };
    case 'Delete':
    case 'Backspace':
    case 'd':
    case 'D':
      return { kind: 'delete' };
    case 'e':
      return { kind: 'export' };
    case 'E':
      return { kind: 'export-all' };
    case 'i':
    case 'I':
      return { kind: 'import' };
    case 's':
      return { kind: 'next-sort' };
    case 'S':
      return { kind: 'flip-sort' };
    case 'm':
    case 'M':
      return { kind: 'mode' };
    case 'g':
    case 'G':
      return { kind: 'tag-filter' };
    case '/':
    case 'f':
    case 'F':
      return { kind: 'search' };
    case 'Escape':
      return { kind: 'back' };
    default:
      return null;
  }
}

/** The answer a key gives to "Delete this replay?" (null: not an answer). */
export function confirmKey(key: string): ConfirmAnswer | null {
  if (key === 'y' || key === 'Y' || key === 'Enter') return 'yes';
  if (key === 'n' || key === 'N' || key === 'Escape') return 'no';
  return null;
}

/** What the list looks like, kept while the page lives so coming back from a replay finds it as left. */
export interface ListView {
  /** The chosen replay's id (the row follows it when the list changes). */
  selectedId: string | null;
  sort: SortKey;
  desc: boolean;
  mode: 'versus' | 'practice' | null;
  tag: string | null;
  text: string;
}

export function defaultListView(): ListView {
  return { selectedId: null, sort: 'date', desc: true, mode: null, tag: null, text: '' };
}

/**
 * The row to choose in a freshly listed `ids`: the remembered replay's row when it is still
 * listed, else the row it had (clamped), else the first.
 */
export function rowFor(ids: readonly string[], selectedId: string | null, previousRow: number): number {
  if (ids.length === 0) return 0;
  const i = selectedId ? ids.indexOf(selectedId) : -1;
  return i >= 0 ? i : Math.max(0, Math.min(ids.length - 1, previousRow));
}
