import { describe, expect, it } from 'vitest';
import { hasCjk, wrapMixed } from '../../src/views/wrap';

// One unit per character: widths are character counts.
const measure = (s: string): number => [...s].length;

describe('wrapMixed', () => {
  it('keeps Latin words whole and breaks at spaces', () => {
    expect(wrapMixed('one two three four', measure, 9)).toEqual(['one two', 'three', 'four']);
  });

  it('breaks Japanese between characters', () => {
    expect(wrapMixed('あいうえおかきくけこ', measure, 4)).toEqual(['あいうえ', 'おかきく', 'けこ']);
  });

  it('never starts a line with closing punctuation or small kana, nor ends one with an opening bracket', () => {
    expect(wrapMixed('あいう。えお', measure, 3)).toEqual(['あい', 'う。え', 'お']);
    expect(wrapMixed('あい「うえ」', measure, 3)).toEqual(['あい', '「う', 'え」']);
    expect(wrapMixed('きゃっと', measure, 1)).toEqual(['きゃっ', 'と']);
  });

  it('keeps a Latin word inside Japanese whole, and the given line breaks', () => {
    expect(wrapMixed('Zでショット\nShiftで低速', measure, 5)).toEqual(['Zでショッ', 'ト', 'Shift', 'で低速']);
  });

  it('tells Japanese text from Latin', () => {
    expect(hasCjk('Level 3')).toBe(false);
    expect(hasCjk('レベル 3')).toBe(true);
  });
});
