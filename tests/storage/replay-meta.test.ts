import { describe, expect, it } from 'vitest';
import { allTags, displayName, fileStem, formatFrames, formatResult, formatWho, normalizeName, normalizeTag, queryEntries, type LibraryEntry, type ReplayMeta } from '../../src/storage/replay-meta';

function entry(id: string, o: Partial<ReplayMeta> & { name?: string; tags?: string[] } = {}): LibraryEntry {
  const meta: ReplayMeta = { date: '2025-06-01T12:00:00Z', mode: 'versus', stages: 'open', difficulty: 'normal', seed: 1, simVersion: 2, gameVersion: '0.1.0', players: ['Player 1', 'cpu:normal'], controllers: ['human', 'cpu:normal'], human: [true, false], winner: 0, reason: 'lives', finished: true, frames: 3600, ...o };
  return { id, name: o.name ?? '', tags: o.tags ?? [], savedAt: meta.date, size: 100, meta, clipCount: 0 };
}

describe('library lists', () => {
  const a = entry('a', { date: '2025-06-01T12:00:00Z', frames: 600, name: 'Zeta run' });
  const b = entry('b', { date: '2025-06-03T12:00:00Z', frames: 10800, mode: 'practice', players: ['Player 1'], tags: ['survey'] });
  const c = entry('c', { date: '2025-06-02T12:00:00Z', frames: 3000, players: ['Alice', 'cpu:hard'], controllers: ['human', 'cpu:hard'], tags: ['survey', 'best'] });

  it('sorts by date (newest first), duration (longest first) and name (A→Z), either way', () => {
    expect(queryEntries([a, b, c]).map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(queryEntries([a, b, c], { sort: 'date', descending: false }).map((e) => e.id)).toEqual(['a', 'c', 'b']);
    expect(queryEntries([a, b, c], { sort: 'duration' }).map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(queryEntries([a, b, c], { sort: 'name' }).map((e) => e.id)).toEqual(['c', 'b', 'a']);
  });

  it('filters by mode, tag and words (all words must match, any field, any case)', () => {
    expect(queryEntries([a, b, c], { mode: 'practice' }).map((e) => e.id)).toEqual(['b']);
    expect(queryEntries([a, b, c], { tag: 'survey' }).map((e) => e.id)).toEqual(['b', 'c']);
    expect(queryEntries([a, b, c], { text: 'ALICE hard' }).map((e) => e.id)).toEqual(['c']);
    expect(queryEntries([a, b, c], { text: 'zeta' }).map((e) => e.id)).toEqual(['a']);
    expect(queryEntries([a, b, c], { text: 'nobody' })).toEqual([]);
    expect(allTags([a, b, c])).toEqual(['best', 'survey']);
  });

  it('formats names, results, durations and file names', () => {
    expect(displayName(a)).toBe('Zeta run');
    expect(displayName(c)).toBe('Alice vs cpu:hard');
    expect(formatFrames(3600)).toBe('1:00');
    expect(formatFrames(10800 * 30)).toBe('1:30:00');
    expect(formatResult(a.meta)).toBe('P1 wins (K.O.)');
    expect(formatResult({ ...a.meta, winner: null, reason: 'time' })).toBe('draw (time)');
    expect(formatResult({ ...a.meta, finished: false, winner: null, reason: null })).toBe('unfinished');
    expect(formatWho(a.meta)).toBe('human vs CPU');
    expect(fileStem(c)).toMatch(/^twinfield-2025-06-0\d-\d{4}-alice-vs-cpu-hard$/);
  });

  it('normalizes tags and names, refusing bad ones with a message', () => {
    expect(normalizeTag('  Survey Set ')).toBe('survey-set');
    expect(() => normalizeTag('  ')).toThrow(/cannot be empty/);
    expect(() => normalizeTag('a,b')).toThrow(/commas/);
    expect(() => normalizeTag('x'.repeat(40))).toThrow(/at most 32/);
    expect(normalizeName('  My match\n')).toBe('My match');
    expect(() => normalizeName('x'.repeat(81))).toThrow(/at most 80/);
  });
});
