// The two catalogues hold the same keys with the same {{placeholders}}, every Japanese string is
// filled in, and t()/tn() look up, fill and count in either language.
import { describe, expect, it } from 'vitest';
import { EN } from '../../src/i18n/en';
import { JA } from '../../src/i18n/ja';
import { language, setLanguage, t, tIn, tn } from '../../src/i18n/i18n';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of leaves(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}
const placeholders = (s: string): string[] => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();

const en = leaves(EN as unknown as Tree);
const ja = leaves(JA as unknown as Tree);

describe('the catalogues', () => {
  it('have the same keys in English and Japanese', () => {
    expect(
      [...en.keys()].filter((k) => !ja.has(k)),
      'keys missing in src/i18n/ja',
    ).toEqual([]);
    expect(
      [...ja.keys()].filter((k) => !en.has(k)),
      'keys in src/i18n/ja that English does not have',
    ).toEqual([]);
  });

  it('use the same placeholders in both languages', () => {
    const differ = [...en].filter(([k, v]) => ja.has(k) && placeholders(v).join() !== placeholders(ja.get(k)!).join());
    expect(differ.map(([k]) => k)).toEqual([]);
  });

  it('have every Japanese string filled in, and Japanese where English has words', () => {
    expect([...ja].filter(([, v]) => v.trim() === '').map(([k]) => k)).toEqual([]);
    // A Japanese string identical to a worded English one is an untranslated copy (symbols and names may match).
    const copied = [...en].filter(([k, v]) => /[a-z]{4,}/.test(v.replace(/\{\{\w+\}\}/g, '')) && ja.get(k) === v);
    expect(copied.map(([k]) => k)).toEqual([]);
  });

  it('pair every counted phrase (_one with _other)', () => {
    const ones = [...en.keys()].filter((k) => k.endsWith('_one'));
    expect(ones.filter((k) => !en.has(k.replace(/_one$/, '_other')))).toEqual([]);
    for (const k of ones) expect(placeholders(en.get(k)!), k).toContain('n');
  });
});

describe('t and tn', () => {
  it('look up and fill placeholders in the current language, and switch', async () => {
    expect(language()).toBe('en');
    expect(t('title.main.story')).toBe('Story');
    expect(t('title.level.label', { n: 3 })).toBe('Level 3');
    expect(tn('title.tools.opened', 1, { file: 'a.json', study: 's' })).toBe('Opened a.json: study s, 1 human clip to record.');
    expect(tn('title.tools.opened', 2, { file: 'a.json', study: 's' })).toBe('Opened a.json: study s, 2 human clips to record.');
    await setLanguage('ja');
    try {
      expect(language()).toBe('ja');
      expect(t('title.main.story')).toBe(JA.title.main.story);
      expect(t('title.level.label', { n: 3 })).toContain('3');
      expect(tIn('en', 'title.main.story')).toBe('Story');
    } finally {
      await setLanguage('en');
    }
    expect(t('title.main.story')).toBe('Story');
  });

  it('answers a missing key with the key itself, so a gap shows instead of a blank', () => {
    expect(t('title.no.such' as never)).toBe('title.no.such');
  });
});
