import { describe, expect, it } from 'vitest';
import { characterLine } from '../../src/scenes/result-text';
import { formatCharacters, metaFromHeader, queryEntries, type LibraryEntry } from '../../src/storage/replay-meta';

function header(config: Record<string, unknown>, sides = 2) {
  return {
    simVersion: 9,
    gameVersion: '0.1.0',
    date: '2026-11-27T12:00:00Z',
    config: { seed: 3, mode: sides === 1 ? 'practice' : 'versus', stages: 'open', difficulty: 'normal', ...config },
    sides: [
      { controller: 'human', human: true, name: 'Player 1', preset: null },
      { controller: 'cpu:normal', human: false, name: 'cpu:normal', preset: null },
    ].slice(0, sides),
    frames: 600,
    result: { winner: 0, reason: 'lives' },
    finalHash: '0000000000000000',
    extra: {},
  } as unknown as Parameters<typeof metaFromHeader>[0];
}

describe('characters in replay lists and on the result screen', () => {
  it("a replay's characters come from its config; the list names them and search finds them", () => {
    const m = metaFromHeader(header({ p1Character: 'kurenai', p2Character: 'shion' }));
    expect(m.characters).toEqual(['kurenai', 'shion']);
    expect(formatCharacters(m)).toBe('Kurenai/Shion');
    const e: LibraryEntry = { id: 'c', name: '', tags: [], savedAt: '', size: 1, meta: m, clipCount: 0, trace: 'stored' };
    expect(queryEntries([e], { text: 'shion' }).map((x) => x.id)).toEqual(['c']);
  });

  it('neutral and older replays (no character in the config) have no characters field', () => {
    expect('characters' in metaFromHeader(header({}))).toBe(false);
    expect('characters' in metaFromHeader(header({ p1Character: 'neutral', p2Character: 'neutral' }))).toBe(false);
    expect(formatCharacters(metaFromHeader(header({})))).toBe('');
    // One side flying a character is enough; a practice replay has one side.
    expect(metaFromHeader(header({ p2Character: 'ruri' })).characters).toEqual(['neutral', 'ruri']);
    expect(metaFromHeader(header({ p1Character: 'midori' }, 1)).characters).toEqual(['midori']);
  });

  it('the result screen names a roster character with its Japanese name and colour, not the neutral ship', () => {
    expect(characterLine('kohaku')).toEqual({ text: 'Kohaku 琥珀', color: '#f0a531' });
    expect(characterLine('neutral')).toBeNull();
    expect(characterLine(undefined)).toBeNull();
  });
});
