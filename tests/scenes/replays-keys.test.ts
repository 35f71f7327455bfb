import { describe, expect, it } from 'vitest';
import { confirmKey, LIST_ROWS, replaysKeyCommand, rowFor } from '../../src/scenes/replays-keys';

describe('Replays scene keys', () => {
  it('maps keys to list commands (Shift+E exports all, Shift+S flips the sort)', () => {
    expect(replaysKeyCommand('ArrowDown')).toEqual({ kind: 'move', by: 1 });
    expect(replaysKeyCommand('PageUp')).toEqual({ kind: 'move', by: -LIST_ROWS });
    expect(replaysKeyCommand('Enter')).toEqual({ kind: 'play' });
    expect(replaysKeyCommand('e')).toEqual({ kind: 'export' });
    expect(replaysKeyCommand('E')).toEqual({ kind: 'export-all' });
    expect(replaysKeyCommand('s')).toEqual({ kind: 'next-sort' });
    expect(replaysKeyCommand('S')).toEqual({ kind: 'flip-sort' });
    expect(replaysKeyCommand('Delete')).toEqual({ kind: 'delete' });
    expect(replaysKeyCommand('/')).toEqual({ kind: 'search' });
    expect(replaysKeyCommand('q')).toBeNull();
    expect([confirmKey('Y'), confirmKey('Escape'), confirmKey('x')]).toEqual(['yes', 'no', null]);
  });

  it('comes back to the remembered replay, or the row it had when it is gone', () => {
    expect(rowFor(['a', 'b', 'c'], 'c', 0)).toBe(2);
    expect(rowFor(['a', 'b'], 'c', 5)).toBe(1);
    expect(rowFor(['a', 'b'], null, 1)).toBe(1);
    expect(rowFor([], 'a', 3)).toBe(0);
  });
});
