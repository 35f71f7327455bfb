// The game's words in the player's language. Every string a player reads comes from the catalogue
// (src/i18n/en/*.json, src/i18n/ja/*.json, one file per area) through t(); rosetta does the lookup and
// the {{name}} placeholders. English is loaded with the game; Japanese (its catalogue and its font) is
// loaded when chosen, so the first load stays small. Scenes read the words when they are built, so a
// change of language shows from the next screen (Options rebuilds itself at once).
import rosetta from 'rosetta';
import { EN } from './en';

/** The languages the game speaks (the settings' language field takes one of these). */
export const LANGUAGES = ['en', 'ja'] as const;
export type Language = (typeof LANGUAGES)[number];

export type Catalogue = typeof EN;

/** Every key of a nested catalogue as a dotted path: 'title.menu.story'. */
type Paths<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Paths<T[K], `${P}${K}.`>;
}[keyof T & string];
export type Key = Paths<Catalogue>;
/** Keys with a singular and a plural (`x_one`, `x_other`), named without the suffix: tn('replays.count', n). */
export type PluralKey = Key extends infer K ? (K extends `${infer B}_other` ? B : never) : never;

export type Params = Record<string, string | number>;

const i18n = rosetta<Catalogue>({ en: EN });
i18n.locale('en');
let current: Language = 'en';

/** The language the game speaks now. */
export function language(): Language {
  return current;
}

/** The string under `key` in the current language, with {{placeholders}} filled; the key itself if missing. */
export function t(key: Key, params?: Params): string {
  const s = i18n.t(key, params);
  return typeof s === 'string' && s !== '' ? s : key;
}

/** A counted phrase: the `_one` or `_other` form by the language's plural rule ({{n}} is the count). */
export function tn(key: PluralKey, n: number, params?: Params): string {
  const form = new Intl.PluralRules(current).select(n) === 'one' ? 'one' : 'other';
  return t(`${key}_${form}` as Key, { n, ...params });
}

/** The same text in either language (a study page or a test asking for one without switching). */
export function tIn(lang: Language, key: Key, params?: Params): string {
  const s = i18n.t(key, params, lang);
  return typeof s === 'string' && s !== '' ? s : key;
}

/**
 * Loaders for what a language needs beyond the English bundled with the game. The Japanese face is
 * the browser's business (src/art/load-assets.ts): the boot sets `jaFont`; in Node there is none.
 */
export const loaders = {
  ja: async (): Promise<Catalogue> => (await import('./ja')).JA as Catalogue,
  jaFont: async (): Promise<boolean> => true,
};

/**
 * Switches the game's language. Japanese loads its catalogue and its font first (both once); if the
 * catalogue cannot be loaded the game stays in the language it had and the promise rejects with why.
 */
export async function setLanguage(lang: Language): Promise<void> {
  if (lang === 'ja' && !i18n.table('ja')) {
    const [table] = await Promise.all([loaders.ja(), loaders.jaFont()]);
    i18n.set('ja', table);
  }
  i18n.locale(lang);
  current = lang;
}
