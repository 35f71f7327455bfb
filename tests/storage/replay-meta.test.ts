import { describe, expect, it } from 'vitest';
import {
  allTags,
  displayName,
  fileStem,
  formatFrames,
  metaFromHeader,
  normalizeName,
  normalizeTag,
  queryEntries,
  type LibraryEntry,
  type ReplayMeta,
} from '../../src/storage/replay-meta';
import { sampleMeta } from './replay-meta-sample';

function entry(id: string, o: Partial<ReplayMeta> & { name?: string; tags?: string[] } = {}): LibraryEntry {
  const meta = sampleMeta(o);
  return { id, name: o.name ?? '', tags: o.tags ?? [], savedAt: meta.date, size: 100, meta, clipCount: 0, trace: 'stored', summary: null };
}

describe('library lists', () => {
  const a = entry('a', { date: '2025-06-01T12:00:00Z', frames: 600, name: 'Zeta run' });
  const b = entry('b', { date: '2025-06-03T12:00:00Z', frames: 10800, mode: 'practice', players: ['Player 1'], tags: ['survey'] });
  const c = entry('c', {
    date: '2025-06-02T12:00:00Z',
    frames: 3000,
    players: ['Alice', 'cpu:hard'],
    controllers: ['human', 'cpu:hard'],
    tags: ['survey', 'best'],
  });

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
    expect(displayName(c)).toBe('Alice vs CPU Hard');
    expect(displayName(b)).toBe('You');
    expect(displayName(entry('d'))).toBe('You vs CPU Normal');
    expect(displayName(entry('e', { players: ['Player 1', 'Player 2'], controllers: ['human', 'human'], human: [true, true] }))).toBe(
      'Player 1 vs Player 2',
    );
    expect(
      displayName(
        entry('f', { players: ['cpu:imap-multi', 'cpu:lunatic'], controllers: ['cpu:imap-multi', 'cpu:lunatic'], human: [false, false] }),
      ),
    ).toBe('CPU I-Map Multi vs CPU Lunatic');
    expect(formatFrames(3599)).toBe('0:59');
    expect(formatFrames(3600)).toBe('1:00');
    expect(formatFrames(10800 * 30)).toBe('1:30:00');
    expect(fileStem(c)).toMatch(/^twinfield-2025-06-0\d-\d{4}-alice-vs-cpu-hard$/);
  });

  it("an Adaptive match's CPU is named by its strength, from the replay's extra.adaptive; search finds it", () => {
    const header = (extra: Record<string, unknown>) =>
      ({
        simVersion: 6,
        gameVersion: '0.1.0',
        date: '2025-06-01T12:00:00Z',
        config: { seed: 3, mode: 'versus', stages: 'open', difficulty: 'strength-42' },
        sides: [
          { controller: 'human', human: true, name: 'Player 1', preset: null },
          { controller: 'cpu:strength-42', human: false, name: 'cpu:strength-42', preset: null },
        ],
        frames: 600,
        result: { winner: 0, reason: 'lives' },
        finalHash: '0000000000000000',
        extra,
      }) as unknown as Parameters<typeof metaFromHeader>[0];
    const tag = { strength: 0.42, matches: 3, target: 0.5, result: 1, next: { strength: 0.47, matches: 4, target: 0.5 } };
    const meta = metaFromHeader(header({ adaptive: tag, partial: false }));
    expect(meta.adaptive).toBe(42);
    const e = entry('ad', meta);
    expect(displayName(e)).toBe('You vs CPU Adaptive 42');
    expect(queryEntries([e, entry('n')], { text: 'adaptive 42' }).map((x) => x.id)).toEqual(['ad']);
    // Without the tag (or with a broken one) nothing changes: no field, the preset's own name.
    const plain = metaFromHeader(header({ partial: false }));
    expect('adaptive' in plain).toBe(false);
    expect('adaptive' in metaFromHeader(header({ adaptive: { strength: 'x' } }))).toBe(false);
    expect(displayName(entry('p', plain))).toBe('You vs CPU Strength 42');
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

describe('a library of thousands', () => {
  it('sorts and filters 5,000 entries the same as one at a time would, fast enough to redraw at once', () => {
    const many = Array.from({ length: 5000 }, (_, i) =>
      entry(`id${i}`, {
        date: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % 5000) * 3_600_000).toISOString(),
        frames: 60 * (1 + ((i * 31) % 7)),
        players: [`P${i % 13}`, 'cpu:normal'],
        mode: i % 7 === 0 ? 'practice' : 'versus',
        tags: i % 5 === 0 ? ['survey'] : [],
      }),
    );
    const byName = queryEntries(many, { sort: 'name' });
    for (let i = 1; i < byName.length; i++)
      expect(
        displayName(byName[i - 1]!).localeCompare(displayName(byName[i]!), undefined, { numeric: true, sensitivity: 'base' }),
      ).toBeLessThanOrEqual(0);
    const longest = queryEntries(many, { sort: 'duration' });
    expect(longest[0]!.meta.frames).toBe(420);
    const found = queryEntries(many, { text: 'p3 survey', mode: 'versus' });
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((e) => e.meta.players[0] === 'P3' && e.tags.includes('survey') && e.meta.mode === 'versus')).toBe(true);
    const t0 = performance.now();
    for (const sort of ['date', 'duration', 'name'] as const) queryEntries(many, { sort, descending: true });
    const ms = performance.now() - t0;
    console.log(`queryEntries on 5,000 entries, three sorts (keys cached): ${ms.toFixed(1)} ms`);
  });
});
