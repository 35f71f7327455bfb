import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADAPTIVE_START, afterMatch, newAdaptive } from '../../src/cpu/presets/adaptive';
import { ADAPTIVE_KEY, forgetAdaptive, formatAdaptive, loadAdaptive, parseAdaptive, saveAdaptive } from '../../src/storage/adaptive-store';

/** A localStorage stand-in for Node. */
class MemoryStore {
  readonly items = new Map<string, string>();
  getItem(k: string): string | null {
    return this.items.get(k) ?? null;
  }
  setItem(k: string, v: string): void {
    this.items.set(k, v);
  }
  removeItem(k: string): void {
    this.items.delete(k);
  }
}

describe('the saved adaptive state', () => {
  it('round-trips through its versioned JSON', () => {
    const st = afterMatch(afterMatch(newAdaptive(ADAPTIVE_START, 0.7), 1), 0);
    const text = formatAdaptive(st);
    expect(JSON.parse(text)).toEqual({ v: 1, strength: st.strength, matches: 2, target: 0.7 });
    expect(parseAdaptive(text)).toEqual(st);
  });

  it('refuses what is absent, not JSON, of another version or out of range (null: the caller starts fresh)', () => {
    const good = { v: 1, strength: 0.42, matches: 3, target: 0.5 };
    expect(parseAdaptive(JSON.stringify(good))).toEqual({ strength: 0.42, matches: 3, target: 0.5 });
    const bad: unknown[] = [
      null,
      '',
      '{',
      'null',
      '[1,2]',
      '"text"',
      '42',
      { ...good, v: 0 },
      { ...good, v: 2 },
      { strength: 0.42, matches: 3, target: 0.5 }, // no version: an older shape
      { ...good, strength: -0.1 },
      { ...good, strength: 1.5 },
      { ...good, strength: '0.4' },
      { ...good, strength: null },
      { ...good, matches: -1 },
      { ...good, matches: 2.5 },
      { ...good, matches: 1e300 },
      { ...good, target: 0.55 },
      { ...good, target: 0.8 },
      { ...good, target: '0.5' },
    ];
    for (const b of bad) expect(parseAdaptive(typeof b === 'string' || b === null ? b : JSON.stringify(b)), JSON.stringify(b)).toBeNull();
    // NaN and Infinity cannot be written in JSON at all.
    expect(parseAdaptive('{"v":1,"strength":NaN,"matches":0,"target":0.5}')).toBeNull();
  });

  it('keeps the two-decimal strength the model uses', () => {
    expect(parseAdaptive(JSON.stringify({ v: 1, strength: 0.4249, matches: 0, target: 0.3 }))!.strength).toBe(0.42);
  });

  describe('in a browser store', () => {
    const g = globalThis as { localStorage?: unknown };
    let mem: MemoryStore;
    beforeEach(() => {
      mem = new MemoryStore();
      g.localStorage = mem;
    });
    afterEach(() => {
      delete g.localStorage;
    });

    it('is a fresh state (Normal, aim 50 %) when none is saved', () => {
      expect(loadAdaptive()).toEqual(newAdaptive());
      expect(loadAdaptive().strength).toBe(ADAPTIVE_START);
    });

    it('a bad or old saved value falls back to a fresh state, and nothing else saved is touched', () => {
      mem.setItem('twinfield.muted', '1');
      mem.setItem('twinfield.record-study', '{"name":"s.json","text":"{}"}');
      for (const text of ['garbage', '{"strength":0.9,"matches":4,"target":0.5}', '{"v":1,"strength":9,"matches":0,"target":0.5}']) {
        mem.setItem(ADAPTIVE_KEY, text);
        expect(loadAdaptive()).toEqual(newAdaptive());
      }
      expect(mem.getItem('twinfield.muted')).toBe('1');
      expect(mem.getItem('twinfield.record-study')).toBe('{"name":"s.json","text":"{}"}');
      // Saving over the bad value works; other keys stay.
      const st = afterMatch(newAdaptive(), 1);
      expect(saveAdaptive(st)).toBe(true);
      expect(loadAdaptive()).toEqual(st);
      expect(mem.items.size).toBe(3);
      forgetAdaptive();
      expect(mem.getItem(ADAPTIVE_KEY)).toBeNull();
      expect(mem.items.size).toBe(2);
    });

    it('a store that throws (blocked, full) loses the save but never stops the game', () => {
      g.localStorage = {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => {
          throw new Error('SecurityError');
        },
      };
      expect(loadAdaptive()).toEqual(newAdaptive());
      expect(saveAdaptive(newAdaptive())).toBe(false);
      expect(() => forgetAdaptive()).not.toThrow();
    });
  });

  it('without any store: a fresh state, and saving reports it did not keep it', () => {
    expect(loadAdaptive()).toEqual(newAdaptive());
    expect(saveAdaptive(newAdaptive())).toBe(false);
  });
});
