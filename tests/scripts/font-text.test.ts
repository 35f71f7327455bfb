// The bundled Japanese font against the text it must show: every character of japaneseText()
// (scripts/font-text.ts: the Japanese catalogue, the story lines, the roster, the study page, kana
// and punctuation) must be in both weights' cmap, read from the built files themselves. A string
// added to the catalogue without rebuilding the font fails here, naming what is missing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { distinctChars, fontText, japaneseSources, japaneseText } from '../../scripts/font-text';
import { missingChars, woff2CodePoints } from '../../scripts/woff2-cmap';

const REBUILD = 'npm run build:assets -- --only fonts';
const sources = japaneseSources();

describe('the Japanese font (public/fonts/twinfield-jp*.woff2, scripts/build-assets.ts)', () => {
  for (const file of ['twinfield-jp.woff2', 'twinfield-jp-bold.woff2'])
    it(`${file} has a glyph for every character the game and the study page show in Japanese`, () => {
      const cmap = woff2CodePoints(readFileSync(`public/fonts/${file}`));
      const gaps = Object.entries(sources)
        .map(([source, text]) => ({ source, missing: missingChars(distinctChars(text), cmap) }))
        .filter((g) => g.missing);
      expect(gaps, `public/fonts/${file} lacks characters (listed below by source); rebuild the fonts: ${REBUILD}`).toEqual([]);
      expect(missingChars(japaneseText(), cmap)).toBe('');
    });

  it('gathers the catalogue, the story, the roster, the study page, kana and full-width forms', () => {
    const text = japaneseText();
    for (const ch of ['あ', 'ん', 'ア', 'ヶ', '。', '「', 'Ａ', '～', 'A', '~', '→', '●', '露', '同意'[0]!, '浅葱'[0]!])
      expect(text, ch).toContain(ch);
    expect(distinctChars(text)).toBe(text);
    expect(text).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(sources['the roster (src/sim/characters/roster/*.json, *Ja)']).toContain('紅');
    expect(sources['the study page (src/study/page/*.ts, texts.ts, template.ts)']).toContain('人間らしい');
    // Comments are not shown: a word only a comment of the study page uses is left out.
    expect(sources['the study page (src/study/page/*.ts, texts.ts, template.ts)']).not.toContain('わずかづつ');
  });

  it('keeps the Latin set to Latin, Greek and symbols', () => {
    expect(fontText()).toContain('é');
    expect(fontText()).not.toMatch(/[\u3000-\u9fff]/);
  });
});
