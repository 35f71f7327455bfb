// The characters the bundled fonts keep (scripts/build-assets.ts subsets the fonts to them; the tests
// check the built fonts still cover them). The Japanese sources are read from disk on every call, so
// a build or a test sees whatever the catalogue holds at that moment.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';

/** Symbols the menus, HUD and lab draw (besides letters): in the Latin fonts, and in the Japanese one where it has them. */
const SYMBOLS = '−∓∙√∞∇∑∫≈≠≡≤≥⊕⌊⌋─│┌┐└┘├┤┬┴┼═║■□▪▲△▶▷▼▽◀◁◆◇○●◦❚';
/** Punctuation and arrows: U+2010–2027, U+2030–203A, U+2190–2199. */
const PUNCTUATION: [number, number][] = [
  [0x2010, 0x2027],
  [0x2030, 0x203a],
  [0x2190, 0x2199],
];

/** Of SYMBOLS and PUNCTUATION, those Noto Sans CJK JP lacks (the Latin fonts before it in FONT draw them). */
const NOT_IN_NOTO_CJK = '‗‛‟‣․‱‴‶‷‸∙⌊⌋❚';

function ranges(rs: readonly [number, number][]): string {
  let s = '';
  for (const [a, b] of rs) for (let c = a; c <= b; c++) s += String.fromCodePoint(c);
  return s;
}

/** The characters the bundled Latin fonts keep: Latin (with Latin-1 and Latin Extended-A), Greek and the
 * punctuation, arrows, maths, box and shape symbols the menus, HUD and lab use. */
export function fontText(): string {
  return (
    SYMBOLS +
    ranges([
      [0x20, 0x7e],
      [0xa0, 0x17f],
      [0x391, 0x3c9],
    ]) +
    ranges(PUNCTUATION)
  );
}

/** Every string in a parsed JSON value (or in nested objects and arrays), joined. */
function jsonStrings(v: unknown, keyOk: (key: string) => boolean = () => true): string {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.map((x) => jsonStrings(x, keyOk)).join('');
  if (v && typeof v === 'object')
    return Object.entries(v)
      .map(([k, x]) => (typeof x === 'string' ? (keyOk(k) ? x : '') : jsonStrings(x, keyOk)))
      .join('');
  return '';
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));

/**
 * The non-ASCII characters of a TypeScript file's string and template literals (esbuild drops its
 * comments); of the whole file if it does not parse (being edited).
 */
function literalText(path: string): string {
  const src = readFileSync(path, 'utf8');
  let code = src;
  try {
    code = transformSync(src, { loader: 'ts', charset: 'utf8', legalComments: 'none' }).code;
  } catch {}
  return code.replace(/[\x00-\x7f]/g, '');
}

/** The .ts files under `dir` (relative to `root`), recursively, sorted. */
function tsFiles(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .sort()
    .map((f) => join(dir, f));
}

/** Where the Japanese the game and the study page show comes from, one string per source. */
export function japaneseSources(root = '.'): Record<string, string> {
  const r = (p: string) => join(root, p);
  const studyFiles = [...tsFiles(root, 'src/study/page'), 'src/study/texts.ts', 'src/study/template.ts'];
  const gameFiles = ['src/scenes', 'src/views', 'src/ui'].flatMap((d) => tsFiles(root, d));
  return {
    'the Japanese catalogue (src/i18n/ja/*.json)': jsonFiles(r('src/i18n/ja'))
      .map((f) => jsonStrings(readJson(f)))
      .join(''),
    // Read as text, not imported (it imports the game's i18n): its `ja` lines are all of its non-ASCII.
    'the story lines (src/story/lines.ts)': literalText(r('src/story/lines.ts')),
    'the roster (src/sim/characters/roster/*.json, *Ja)': jsonFiles(r('src/sim/characters/roster'))
      .map((f) => jsonStrings(readJson(f), (k) => k.endsWith('Ja')))
      .join(''),
    'the study page (src/study/page/*.ts, texts.ts, template.ts)': studyFiles.map((f) => literalText(r(f))).join(''),
    "the game's own literals (src/scenes, src/views, src/ui)": gameFiles.map((f) => literalText(r(f))).join(''),
    'kana, CJK punctuation, full-width forms, ASCII and UI symbols': ranges([
      [0x20, 0x7e],
      [0x3000, 0x303f],
      [0x3041, 0x3096],
      [0x3099, 0x30ff],
      [0xff01, 0xff5e],
      ...PUNCTUATION,
    ])
      .concat(SYMBOLS)
      .replace(new RegExp(`[${NOT_IN_NOTO_CJK}]`, 'gu'), ''),
  };
}

/** The distinct characters of `s` in code point order, without control characters. */
export function distinctChars(s: string): string {
  const cps = new Set<number>();
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x20 && !(c >= 0x7f && c < 0xa0)) cps.add(c);
  }
  return String.fromCodePoint(...[...cps].sort((a, b) => a - b));
}

/** Every character the Japanese font (public/fonts/twinfield-jp*.woff2) keeps. */
export function japaneseText(root = '.'): string {
  return distinctChars(Object.values(japaneseSources(root)).join(''));
}
