// The page's language: <html lang>, and for Japanese the bundled Japanese face ("Twinfield JP",
// public/fonts/twinfield-jp*.woff2), which study.css names after the Latin face and the game's views
// draw with (palette FONT), so the page's Japanese looks the same on every machine.
import { loadJapaneseFont } from '../../art/load-assets';
import type { Lang } from '../manifest';

/** Sets the page's language; resolves once its font is ready (at once for English; never rejects). */
export function setPageLang(lang: Lang): Promise<boolean> {
  document.documentElement.lang = lang;
  return lang === 'ja' ? loadJapaneseFont() : Promise.resolve(true);
}

/** Whether the page shows Japanese (its game views then wait for the Japanese face before drawing). */
export function pageIsJapanese(): boolean {
  return document.documentElement.lang === 'ja';
}
