// The high-score tables on IndexedDB (fake-indexeddb in Node): ranking, the cap, separate tables,
// reopening, failed writes, another tab's upgrade and rows that do not read as entries.
import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it } from 'vitest';
import {
  HighScoreError,
  type HighScores,
  type NewScore,
  openHighScores,
  SCORES_DB_VERSION,
  SCORES_VERSION_CHANGE_MESSAGE,
  TABLE_SIZE,
} from '../../src/storage/high-scores';
import { LibraryError } from '../../src/storage/storage-error';

let dbNo = 0;
const freshName = () => `scores-test-${++dbNo}`;
const open: HighScores[] = [];
afterEach(() => {
  for (const hs of open.splice(0)) hs.close();
});

async function openNew(name = freshName(), extra: Parameters<typeof openHighScores>[0] = {}): Promise<HighScores> {
  const hs = await openHighScores({ name, ...extra });
  open.push(hs);
  return hs;
}

const run = (name: string, score: number, more: Partial<NewScore> = {}): NewScore => ({
  difficulty: 'normal',
  character: 'asagi',
  name,
  score,
  stage: 3,
  cleared: false,
  continues: 0,
  ...more,
});

const names = async (hs: HighScores, d = 'normal', c = 'asagi') => (await hs.table(d, c)).map((r) => r.name);
const dbName = (hs: HighScores) => (hs as unknown as { db: { name: string } }).db.name;

/** Replaces an IDBObjectStore method for the duration of `f` (a failing write inside the browser). */
async function withStoreMethod<T>(method: 'add' | 'delete', fail: () => never, f: () => Promise<T>): Promise<T> {
  const proto = (globalThis as unknown as { IDBObjectStore: { prototype: Record<string, (...a: unknown[]) => unknown> } }).IDBObjectStore
    .prototype;
  const orig = proto[method]!;
  proto[method] = fail;
  try {
    return await f();
  } finally {
    proto[method] = orig;
  }
}

describe('high scores (IndexedDB)', () => {
  it('ranks best first, an equal score after the earlier entry, and returns the rank taken', async () => {
    const hs = await openNew();
    expect(await hs.table('normal', 'asagi')).toEqual([]);
    expect(await hs.add(run('A', 500))).toBe(1);
    expect(await hs.add(run('B', 900))).toBe(1);
    expect(await hs.add(run('C', 500))).toBe(3);
    expect(await hs.add(run('D', 700))).toBe(2);
    expect(await hs.add(run('E', 900))).toBe(2);
    const t = await hs.table('normal', 'asagi');
    expect(t.map((r) => [r.rank, r.name, r.score])).toEqual([
      [1, 'B', 900],
      [2, 'E', 900],
      [3, 'D', 700],
      [4, 'A', 500],
      [5, 'C', 500],
    ]);
  });

  it('stores every field of a run, cleans the name and dates it', async () => {
    const hs = await openNew(freshName(), { now: () => new Date('2026-11-27T12:00:00Z') });
    await hs.add(run('  ＲＥＩＭＵ ', 1234, { stage: 6, cleared: true, continues: 2, replayIds: ['r1', 'r2'] }));
    await hs.add(run('', 10, { date: '2026-01-02T03:04:05.000Z' }));
    const [a, b] = await hs.table('normal', 'asagi');
    expect(a).toMatchObject({ name: 'REIMU', score: 1234, stage: 6, cleared: true, continues: 2, replayIds: ['r1', 'r2'] });
    expect(a!.date).toBe('2026-11-27T12:00:00.000Z');
    expect(b).toMatchObject({ name: 'PLAYER', replayIds: [], date: '2026-01-02T03:04:05.000Z' });
    expect(b!.id).toBeGreaterThan(a!.id);
  });

  it(`keeps the best ${TABLE_SIZE}: a lower or equal score than the last is not stored, a better one pushes the last off`, async () => {
    const hs = await openNew();
    for (let i = 1; i <= TABLE_SIZE; i++) expect(await hs.add(run(`P${i}`, i * 100))).toBe(1);
    const before = await hs.table('normal', 'asagi');
    expect(before).toHaveLength(TABLE_SIZE);
    expect(await hs.add(run('low', 50))).toBeNull();
    expect(await hs.add(run('tie', 100))).toBeNull(); // equals the 10th: the earlier entry keeps its place
    expect(await hs.table('normal', 'asagi')).toEqual(before);
    expect(await hs.add(run('mid', 550))).toBe(6);
    const after = await hs.table('normal', 'asagi');
    expect(after).toHaveLength(TABLE_SIZE);
    expect(after.map((r) => r.name)).toEqual(['P10', 'P9', 'P8', 'P7', 'P6', 'mid', 'P5', 'P4', 'P3', 'P2']);
    const raw = await openDB(dbName(hs));
    expect(await raw.count('entries')).toBe(TABLE_SIZE);
    raw.close();
  });

  it('prints how long an add to a full table and a table read take (docs/scores.md; nothing asserted about time)', async () => {
    const hs = await openNew();
    for (let i = 0; i < TABLE_SIZE; i++) await hs.add(run(`P${i}`, i));
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
    const adds: number[] = [];
    const reads: number[] = [];
    for (let i = 0; i < 41; i++) {
      let t = performance.now();
      expect(await hs.add(run(`N${i}`, 100 + i))).toBe(1);
      adds.push(performance.now() - t);
      t = performance.now();
      expect(await hs.table('normal', 'asagi')).toHaveLength(TABLE_SIZE);
      reads.push(performance.now() - t);
    }
    console.log(`full table: add (with push-off) median ${median(adds).toFixed(2)} ms, table() ${median(reads).toFixed(2)} ms (41 each)`);
  });

  it('keeps a table per difficulty and character', async () => {
    const hs = await openNew();
    await hs.add(run('N-asagi', 300));
    await hs.add(run('H-asagi', 200, { difficulty: 'hard' }));
    await hs.add(run('N-kurenai', 100, { character: 'kurenai' }));
    await hs.add(run('L-asagi', 50, { difficulty: 'lunatic' }));
    await hs.add(run('E-ruri', 10, { difficulty: 'easy', character: 'ruri' }));
    await hs.add(run('custom', 10, { difficulty: 'my-preset' }));
    expect(await names(hs)).toEqual(['N-asagi']);
    expect(await names(hs, 'hard')).toEqual(['H-asagi']);
    expect(await names(hs, 'normal', 'kurenai')).toEqual(['N-kurenai']);
    expect(await names(hs, 'hard', 'kurenai')).toEqual([]);
    // Each table has its own 10: filling one leaves the others alone.
    for (let i = 0; i < TABLE_SIZE + 3; i++) await hs.add(run(`H${i}`, 1000 + i, { difficulty: 'hard' }));
    expect(await names(hs)).toEqual(['N-asagi']);
    expect(await hs.qualifies('normal', 'asagi', 1)).toBe(2);
    expect(await hs.tables()).toEqual([
      { difficulty: 'easy', character: 'ruri' },
      { difficulty: 'normal', character: 'asagi' },
      { difficulty: 'normal', character: 'kurenai' },
      { difficulty: 'hard', character: 'asagi' },
      { difficulty: 'lunatic', character: 'asagi' },
      { difficulty: 'my-preset', character: 'asagi' },
    ]);
  });

  it('qualifies gives the rank add would take, or null, and writes nothing', async () => {
    const hs = await openNew();
    expect(await hs.qualifies('normal', 'asagi', 0)).toBe(1);
    const scores = [90, 80, 70, 70, 60, 50, 40, 30, 20, 10];
    for (const [i, s] of scores.entries()) await hs.add(run(`P${i}`, s));
    for (const [score, want] of [
      [100, 1],
      [90, 2],
      [75, 3],
      [70, 5],
      [11, 10],
      [10, null],
      [0, null],
    ] as const) {
      expect(await hs.qualifies('normal', 'asagi', score), `score ${score}`).toBe(want);
    }
    expect(await hs.table('normal', 'asagi')).toHaveLength(TABLE_SIZE);
    expect(await hs.qualifies('hard', 'asagi', 0)).toBe(1);
    for (const bad of [-1, 1.5, Number.NaN]) await expect(hs.qualifies('normal', 'asagi', bad)).rejects.toBeInstanceOf(HighScoreError);
    // And add agrees with it.
    expect(await hs.add(run('new', 70))).toBe(5);
  });

  it('keeps the rows after closing and reopening, and new entries still rank after earlier equal ones', async () => {
    const name = freshName();
    const hs = await openHighScores({ name });
    await hs.add(run('first', 500, { replayIds: ['x'] }));
    await hs.add(run('second', 400));
    const before = await hs.table('normal', 'asagi');
    hs.close();
    const again = await openNew(name);
    expect(await again.table('normal', 'asagi')).toEqual(before);
    expect(await again.add(run('third', 500))).toBe(2);
    expect(await names(again)).toEqual(['first', 'third', 'second']);
    expect(again.skipped).toBe(0);
  });

  it('refuses a bad entry with a plain message and writes nothing', async () => {
    const hs = await openNew();
    await hs.add(run('kept', 5));
    const cases: [Partial<NewScore>, RegExp][] = [
      [{ name: 'a<b' }, /normal \/ asagi high-score table: the name is refused \(The name cannot contain '<'/],
      [{ name: 'ABCDEFGHIJKL' }, /too long: 12 characters/],
      [{ score: -5 }, /the score -5 is not a whole number ≥ 0/],
      [{ score: 1.5 }, /the score 1\.5/],
      [{ stage: 0 }, /the stage 0 is not a whole number ≥ 1/],
      [{ continues: -1 }, /continues -1/],
      [{ difficulty: 'Normal' }, /the difficulty is not an id/],
      [{ character: '' }, /the character is not an id/],
      [{ replayIds: [''] }, /a replay id is empty/],
      [{ date: 'yesterday' }, /the date 'yesterday' is not a date/],
    ];
    for (const [more, msg] of cases) {
      const p = hs.add(run('x', 10, more));
      await expect(p, JSON.stringify(more)).rejects.toBeInstanceOf(HighScoreError);
      await expect(p).rejects.toThrow(msg);
    }
    expect(await names(hs)).toEqual(['kept']);
  });

  it('a write that fails half-way (the push-off delete) loses nothing and adds nothing', async () => {
    const hs = await openNew();
    for (let i = 1; i <= TABLE_SIZE; i++) await hs.add(run(`P${i}`, i * 10));
    const before = await hs.table('normal', 'asagi');
    const err = await withStoreMethod(
      'delete',
      () => {
        throw new DOMException('The transaction failed.', 'UnknownError');
      },
      () => hs.add(run('best', 1000)).catch((e: unknown) => e),
    );
    expect(err).toBeInstanceOf(HighScoreError);
    expect(err).toBeInstanceOf(LibraryError);
    expect((err as Error).message).toMatch(/^Could not save the score to the normal \/ asagi high-score table: the browser's storage/);
    expect(await hs.table('normal', 'asagi')).toEqual(before);
    const raw = await openDB(dbName(hs));
    expect(await raw.count('entries')).toBe(TABLE_SIZE);
    raw.close();
    // The same add works once the store does.
    expect(await hs.add(run('best', 1000))).toBe(1);
  });

  it('a full storage is reported as such and changes nothing', async () => {
    const hs = await openNew();
    await hs.add(run('kept', 5));
    const err = await withStoreMethod(
      'add',
      () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
      () => hs.add(run('new', 50)).catch((e: unknown) => e),
    );
    expect(err).toBeInstanceOf(HighScoreError);
    expect((err as HighScoreError).quota).toBe(true);
    expect((err as Error).message).toMatch(/high-score table: the browser's storage for this page is full.*The table is unchanged/);
    expect(await names(hs)).toEqual(['kept']);
  });

  it('steps aside when another tab opens a newer version, and says so', async () => {
    const name = freshName();
    const notices: string[] = [];
    const hs = await openNew(name, { onVersionChange: (m) => notices.push(m) });
    await hs.add(run('kept', 5));
    const newer = await openDB(name, SCORES_DB_VERSION + 1);
    expect(notices).toEqual([SCORES_VERSION_CHANGE_MESSAGE]);
    await expect(hs.table('normal', 'asagi')).rejects.toThrow(SCORES_VERSION_CHANGE_MESSAGE);
    await expect(hs.add(run('late', 9))).rejects.toBeInstanceOf(HighScoreError);
    expect(await newer.count('entries')).toBe(1);
    newer.close();
  });

  it('an older page opening a newer database gets a plain message', async () => {
    const name = freshName();
    (await openDB(name, SCORES_DB_VERSION + 1)).close();
    const p = openHighScores({ name });
    await expect(p).rejects.toBeInstanceOf(HighScoreError);
    await expect(p).rejects.toThrow(/^Could not open the high scores: .*upgraded by a newer version.*reload this page/);
  });

  it('skips stored rows that are not entries, counts them, ranks without them and leaves them in place', async () => {
    const name = freshName();
    (await openHighScores({ name })).close();
    const raw = await openDB(name);
    const good = {
      difficulty: 'normal',
      character: 'asagi',
      stage: 2,
      cleared: false,
      continues: 0,
      replayIds: [],
      date: '2026-01-01T00:00:00Z',
    };
    for (let i = 1; i <= TABLE_SIZE; i++) await raw.put('entries', { ...good, id: i, name: `P${i}`, score: i * 10 });
    // An older shape (no replayIds), a hand-edited score, a name against the rules, a missing character, a bad date.
    const { replayIds: _r, ...noReplays } = good;
    await raw.put('entries', { ...noReplays, id: 20, name: 'old', score: 999 });
    await raw.put('entries', { ...good, id: 21, name: 'text', score: '500' });
    await raw.put('entries', { ...good, id: 22, name: '<hack>', score: 900 });
    await raw.put('entries', { ...good, id: 23, name: 'nochar', score: 900, character: undefined });
    await raw.put('entries', { ...good, id: 24, name: 'when', score: 900, date: 'someday' });
    raw.close();

    const hs = await openNew(name);
    expect(hs.skipped).toBe(5);
    expect(hs.problems).toEqual([
      'entry 20: replayIds is not a list of replay ids',
      'entry 21: score is not a whole number ≥ 0',
      'entry 22: name does not follow the name rules',
      'entry 23: character is not an id (lower-case letters, digits and dashes)',
      'entry 24: date is not a date',
    ]);
    expect(hs.skippedMessage()).toMatch(/^5 stored high-score entries could not be read .* left out of the tables\.$/);
    expect((await hs.table('normal', 'asagi')).map((r) => r.score)).toEqual([100, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    expect(await hs.tables()).toEqual([{ difficulty: 'normal', character: 'asagi' }]);
    expect(await hs.qualifies('normal', 'asagi', 15)).toBe(10);
    // The new entry's id comes after the hand-written ones, and only the pushed-off row goes.
    expect(await hs.add(run('new', 15))).toBe(10);
    const t = await hs.table('normal', 'asagi');
    expect(t.at(-1)!.name).toBe('new');
    expect(t.at(-1)!.id).toBeGreaterThan(24);
    const after = await openDB(name);
    expect((await after.getAllKeys('entries')).sort((a, b) => Number(a) - Number(b))).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 21, 22, 23, 24, 25,
    ]);
    after.close();
    expect(hs.skipped).toBe(5);
  });

  it('never deletes more than the one row an entry pushes off, even from a table holding more than 10', async () => {
    const name = freshName();
    (await openHighScores({ name })).close();
    const raw = await openDB(name);
    const good = {
      difficulty: 'hard',
      character: 'shion',
      stage: 1,
      cleared: false,
      continues: 3,
      replayIds: [],
      date: '2026-01-01T00:00:00Z',
    };
    for (let i = 1; i <= TABLE_SIZE + 2; i++) await raw.put('entries', { ...good, id: i, name: `P${i}`, score: i });
    raw.close();
    const hs = await openNew(name);
    expect(await hs.table('hard', 'shion')).toHaveLength(TABLE_SIZE);
    expect(await hs.add(run('top', 100, { difficulty: 'hard', character: 'shion' }))).toBe(1);
    const again = await openDB(name);
    // 12 + 1 − the one that was 10th (score 3); the two already below the table (1, 2) stay.
    expect((await again.getAll('entries')).map((r) => r.score).sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 100]);
    again.close();
  });
});
