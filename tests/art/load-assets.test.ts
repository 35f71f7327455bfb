// loadJapaneseFont (src/art/load-assets.ts): adds the two "Twinfield JP" faces to the document once,
// resolves true when both load and false on an error or a timeout, and never rejects. The browser's
// FontFace and document.fonts are stood in for here.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('phaser', () => ({ default: {} }));

type Outcome = 'load' | 'fail' | 'hang';
let added: { family: string; source: string; weight: string }[] = [];
let outcome: (file: string) => Outcome = () => 'load';

class FakeFontFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: { weight: string },
  ) {}
  load(): Promise<this> {
    const o = outcome(this.source);
    if (o === 'fail') return Promise.reject(new Error('network'));
    if (o === 'hang') return new Promise(() => {});
    return Promise.resolve(this);
  }
}

beforeEach(() => {
  vi.resetModules();
  added = [];
  outcome = () => 'load';
  vi.stubGlobal('FontFace', FakeFontFace);
  vi.stubGlobal('document', {
    fonts: { add: (f: FakeFontFace) => added.push({ family: f.family, source: f.source, weight: f.descriptors.weight }) },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const load = async () => (await import('../../src/art/load-assets')).loadJapaneseFont;

describe('loadJapaneseFont', () => {
  it('adds both weights of "Twinfield JP" from public/fonts and resolves true, once per page', async () => {
    const loadJapaneseFont = await load();
    const first = loadJapaneseFont();
    expect(loadJapaneseFont()).toBe(first);
    expect(await first).toBe(true);
    expect(await loadJapaneseFont()).toBe(true);
    expect(added).toEqual([
      { family: 'Twinfield JP', source: "url(/fonts/twinfield-jp.woff2) format('woff2')", weight: 'normal' },
      { family: 'Twinfield JP', source: "url(/fonts/twinfield-jp-bold.woff2) format('woff2')", weight: 'bold' },
    ]);
  });

  it('resolves false when a face fails to load', async () => {
    outcome = (src) => (src.includes('bold') ? 'fail' : 'load');
    expect(await (await load())()).toBe(false);
  });

  it('resolves false after the timeout when a face never loads', async () => {
    vi.useFakeTimers();
    outcome = () => 'hang';
    const p = (await load())(500);
    await vi.advanceTimersByTimeAsync(499);
    let settled = false;
    void p.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await p).toBe(false);
  });
});
