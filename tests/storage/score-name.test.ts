// The high-score name rules (src/storage/score-name.ts): what is kept, what is refused and why.
import { describe, expect, it } from 'vitest';
import { cleanScoreName, DEFAULT_SCORE_NAME, MAX_SCORE_NAME } from '../../src/storage/score-name';

const errorOf = (raw: string): string => {
  const r = cleanScoreName(raw);
  if (typeof r === 'string') throw new Error(`'${raw}' was accepted as '${r}'`);
  return r.error;
};

describe('cleanScoreName', () => {
  it('gives the default name for an empty or blank entry', () => {
    expect(DEFAULT_SCORE_NAME).toBe('PLAYER');
    for (const raw of ['', '   ', '\t\n', '\u3000']) expect(cleanScoreName(raw), JSON.stringify(raw)).toBe('PLAYER');
  });

  it('trims and makes runs of spaces one', () => {
    expect(cleanScoreName('  Reimu  ')).toBe('Reimu');
    expect(cleanScoreName('A   B')).toBe('A B');
  });

  it('keeps letters of any script, digits, space and . - _ ! ? ☆ ♪', () => {
    for (const name of ['れいむ', 'Марйса', 'Ελένη', 'سارا', '魔理沙☆', 'a.b-c_d!?', '♪ 2nd ♪', 'Zoë', '१२३']) {
      expect(cleanScoreName(name), name).toBe(name);
    }
  });

  it('turns full-width letters and signs from an IME into plain ones', () => {
    expect(cleanScoreName('ＲＥＩＭＵ！')).toBe('REIMU!');
    expect(cleanScoreName('ｱｲ')).toBe('アイ');
  });

  it(`refuses more than ${MAX_SCORE_NAME} characters, counting a letter with its accent once`, () => {
    expect(cleanScoreName('ABCDEFGHIJ')).toBe('ABCDEFGHIJ');
    expect(errorOf('ABCDEFGHIJK')).toBe('The name is too long: 11 characters, at most 10.');
    // q + combining tilde has no precomposed form: 10 of them are 20 code points but 10 characters.
    const q = 'q\u0303';
    expect(cleanScoreName(q.repeat(10))).toBe(q.repeat(10));
    expect(errorOf(q.repeat(11))).toMatch(/too long: 11 characters/);
    expect(errorOf('q\u0303\u0304\u0305\u0306\u0307'.repeat(6))).toMatch(/too many accents/);
    expect(errorOf('\u0301abc')).toMatch(/accent on its own/);
  });

  it('names the characters it refuses, unprintable ones by code', () => {
    expect(errorOf('A#B')).toBe("The name cannot contain '#'. Use letters, digits, spaces and . - _ ! ? ☆ ♪.");
    expect(errorOf('<b>')).toMatch(/^The name cannot contain '<', '>'\./);
    expect(errorOf('A\tB')).toMatch(/cannot contain U\+0009/);
    expect(errorOf('😀')).toMatch(/cannot contain '😀'/);
    expect(errorOf('a$b%c&d*')).toMatch(/'\$', '%', '&', …/);
  });

  it('is stable: a cleaned name cleans to itself (the store checks stored names this way)', () => {
    for (const raw of ['  ｒｅｉｍｕ  ', 'A   B ☆', 'Zoe\u0308', '', 'q\u0303x']) {
      const once = cleanScoreName(raw);
      expect(typeof once).toBe('string');
      expect(cleanScoreName(once as string)).toBe(once);
    }
  });
});
