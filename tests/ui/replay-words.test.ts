// The Replays screen's words (src/ui/replay-words.ts) say in English exactly what the storage
// modules say (replay-meta.ts, replay-library.ts), and say it in Japanese once the language is ja.
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
import {
  displayName,
  formatResult,
  formatWho,
  importMessage,
  normalizeName,
  normalizeTag,
  playerLabel,
  progressLine,
  versionNote,
  type ReplayMeta,
} from '../../src/storage/replay-meta';

const base: ReplayMeta = {
  date: '2025-06-01T12:34:00Z',
  mode: 'versus',
  stages: 'open',
  difficulty: 'normal',
  seed: 1,
  simVersion: 3,
  gameVersion: '1',
  players: ['Player 1', 'cpu:normal'],
  controllers: ['human', 'cpu:normal'],
  human: [true, false],
  winner: 0,
  reason: 'lives',
  finished: true,
  frames: 3600,
};
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
const summary = [
  { hits: 1, metrics: { moving_fraction: 0.5, mean_clearance: 12.34, dir_changes_per_s: 1.5 } },
  { hits: 3, metrics: { moving_fraction: null, mean_clearance: null, dir_changes_per_s: null } },
] as never;

describe('replay words in English', () => {
  it('match replay-meta word for word', () => {
    for (const m of metas) {
      expect(resultWords(m)).toBe(formatResult(m));
      expect(whoWords(m)).toBe(formatWho(m));
      for (const i of [0, 1]) expect(playerWords(m, i)).toBe(playerLabel(m, i));
      expect(displayWords({ name: '', meta: m })).toBe(displayName({ name: '', meta: m }));
      expect(versionWords({ meta: m, summary, trace: 'stored' }, 4)).toBe(versionNote({ meta: m, summary, trace: 'stored' }, 4));
      expect(versionWords({ meta: m, summary: null, trace: 'stored' }, 4)).toBe(
        versionNote({ meta: m, summary: null, trace: 'stored' }, 4),
      );
    }
    for (const [a, d, r] of [
      [1, 0, []],
      [2, 1, rejected.slice(0, 1)],
      [0, 0, rejected],
      [3, 2, rejected.slice(0, 2)],
    ] as const) {
      expect(importWords(a, d, r)).toEqual(importMessage(a, d, r));
      expect(importWords(a, d, r, { cancelled: true })).toEqual(importMessage(a, d, r, { cancelled: true }));
      const failed = { message: 'Could not save: boom', quota: false };
      expect(importWords(a, d, r, { failed })).toEqual(importMessage(a, d, r, { failed }));
      const quota = { message: 'x', quota: true };
      expect(importWords(a, d, r, { failed: quota, notWritten: 5 })).toEqual(importMessage(a, d, r, { failed: quota, notWritten: 5 }));
      expect(importWords(a, d, r, { failed: quota })).toEqual(importMessage(a, d, r, { failed: quota }));
    }
    for (const phase of ['checking', 'saving', 'exporting'] as const) {
      const p = { phase, done: 3, total: 10, added: 2, duplicates: 1, rejected: 1 };
      expect(progressWords(p)).toBe(progressLine(p));
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
