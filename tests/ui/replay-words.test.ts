// The Replays screen's words (src/ui/replay-words.ts): results, imports, progress and other sim
// versions in English; names, errors and tag refusals exactly as the storage modules say them
// (replay-meta.ts, replay-library.ts, which keep them for file names, search and the Node tools); and
// all of it in Japanese once the language is ja.
import { afterAll, describe, expect, it } from 'vitest';
import { setLanguage } from '../../src/i18n/i18n';
import {
  displayWords,
  errorWords,
  fitColumns,
  importWords,
  nameProblem,
  playerWords,
  progressWords,
  resultWords,
  tagProblem,
  versionWords,
  whoWords,
} from '../../src/ui/replay-words';
import { describeError, ImportError, LibraryError } from '../../src/storage/replay-library';
import { displayName, normalizeName, normalizeTag, playerLabel, type ReplayMeta } from '../../src/storage/replay-meta';
import { sampleMeta } from '../storage/replay-meta-sample';

const base: ReplayMeta = sampleMeta();
const metas: ReplayMeta[] = [
  base,
  { ...base, winner: null, reason: 'time' },
  { ...base, finished: false },
  { ...base, mode: 'practice', reason: 'time' },
  { ...base, mode: 'practice', reason: 'lives' },
  { ...base, adaptive: 42 },
  { ...base, players: ['Alice', 'Bob'], controllers: ['human', 'human'], human: [true, true] },
  { ...base, players: ['cpu:imap-multi', 'cpu:novice'], controllers: ['cpu:imap-multi', 'cpu:novice'], human: [false, false] },
  { ...base, players: ['', ''], controllers: ['human', 'human'], human: [true, true] },
];
const rejected = [
  { file: 'a.twrp', reason: 'the file is incomplete (cut short while downloading or copying?)' },
  { file: 'b.twrp', reason: 'the file is empty' },
  { file: 'c.twrp', reason: 'this is not a Twinfield replay file' },
  { file: 'd.twrp', reason: 'something else' },
];

describe('replay words in English', () => {
  it('name results, sides and who played', () => {
    expect(resultWords(base)).toBe('P1 wins (K.O.)');
    expect(resultWords({ ...base, winner: null, reason: 'time' })).toBe('draw (time)');
    expect(resultWords({ ...base, finished: false, winner: null, reason: null })).toBe('unfinished');
    expect(whoWords(base)).toBe('human vs CPU');
  });

  it('say which sim version made a replay and give its stored metrics', () => {
    const e = { meta: { ...base, simVersion: 3 } };
    const metrics = {
      frames: 3600,
      one_frame_per_min: 1,
      dir_changes_per_s: 1.5,
      moving_fraction: 0.634,
      mean_clearance: 21.04,
      min_clearance: 3,
      hits_per_min: 2,
    };
    expect(versionWords({ ...e, trace: 'stored', summary: null }, 3)).toBeNull();
    expect(versionWords({ ...e, trace: 'unavailable', summary: null }, 4)).toMatch(
      /^Made by sim version 3 \(this build runs version 4\): it cannot be played here\. .*no metrics/,
    );
    const two = [
      { hits: 2, metrics },
      { hits: 1, metrics },
    ];
    expect(versionWords({ ...e, trace: 'stored', summary: two }, 4)).toContain(
      'From its stored trace — You: 2 hits, moving 63%, 1.50 direction changes/s, mean clearance 21.0; CPU Normal: 1 hit',
    );
  });

  it('say what an import did: added, already there, refused, cancelled or stopped by a full storage', () => {
    expect(importWords(1, 0, [{ file: 'bad.twrp', reason: 'the file is empty' }])).toEqual({
      text: 'Imported 1 replay.\n1 file was not imported:\nbad.twrp — the file is empty.',
      kind: 'warn',
    });
    expect(importWords(0, 0, [{ file: 'a', reason: 'r' }]).kind).toBe('error');
    expect(importWords(2, 1, []).text).toBe('Imported 2 replays (1 already in the library).');
    expect(importWords(300, 2, [], { cancelled: true })).toEqual({
      text: 'Import cancelled: 300 replays imported (2 already in the library); the rest were not.',
      kind: 'ok',
    });
    const full = importWords(50, 0, [], { failed: { message: 'Could not import: full', quota: true }, notWritten: 950 });
    expect(full.kind).toBe('warn');
    expect(full.text.split('\n')).toEqual([
      'Imported 50 replays.',
      'The storage is full (quota exceeded): 950 more were not written. Delete or export replays, then import the rest.',
    ]);
    expect(importWords(50, 0, [], { failed: { message: 'Could not import: UnknownError: x', quota: false } }).text).toContain(
      'Then it stopped: Could not import: UnknownError: x',
    );
    const bad = Array.from({ length: 40 }, (_, i) => ({ file: `b${i}.twrp`, reason: 'the file is empty' }));
    const lines = importWords(10, 0, bad).text.split('\n');
    expect(lines).toHaveLength(2 + 3 + 1);
    expect(lines.at(-1)).toBe('… and 37 more.');
    expect(progressWords({ phase: 'saving', done: 300, total: 1000, added: 280, duplicates: 12, rejected: 8 })).toBe(
      '300 / 1000 replays saved · 280 added · 12 already in the library · 8 refused',
    );
    expect(progressWords({ phase: 'checking', done: 5, total: 9, added: 0, duplicates: 0, rejected: 0 })).toBe('5 / 9 checked');
  });

  it('match replay-meta and replay-library word for word where those still speak (names, errors, tags)', () => {
    for (const m of metas) {
      for (const i of [0, 1]) expect(playerWords(m, i)).toBe(playerLabel(m, i));
      expect(displayWords({ name: '', meta: m })).toBe(displayName({ name: '', meta: m }));
    }
    for (const e of [new ImportError(['a: bad']), new LibraryError('Nothing to export: the library is empty.'), new Error('x')])
      expect(errorWords(e)).toBe(describeError(e));
    for (const s of ['', 'ok', 'x'.repeat(40), 'a,b']) {
      let want: string | null = null;
      try {
        normalizeTag(s);
      } catch (e) {
        want = (e as Error).message;
      }
      expect(tagProblem(s)).toBe(want);
    }
    for (const s of ['fine', 'y'.repeat(90)]) {
      let want: string | null = null;
      try {
        normalizeName(s);
      } catch (e) {
        want = (e as Error).message;
      }
      expect(nameProblem(s)).toBe(want);
    }
  });

  it('cuts columns by width: a CJK character takes two', () => {
    expect(fitColumns('abcdef', 4)).toBe('abc…');
    expect(fitColumns('abcd', 4)).toBe('abcd');
    expect(fitColumns('あいうえお', 6)).toBe('あい…');
  });
});

describe('replay words in Japanese', () => {
  afterAll(() => setLanguage('en'));
  it('are Japanese', async () => {
    await setLanguage('ja');
    expect(resultWords(base)).toContain('勝ち');
    expect(playerWords(base, 0)).toBe('あなた');
    expect(importWords(2, 0, rejected.slice(0, 1)).text).toContain('途中で切れています');
    expect(errorWords(new LibraryError('Nothing to export: the library is empty.'))).toContain('ライブラリが空');
  });
});
