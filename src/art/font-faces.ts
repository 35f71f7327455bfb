// The bundled font faces (public/fonts/, built by scripts/build-assets.ts; loaded by load-assets.ts).

/** The faces of the first load: DejaVu subsets renamed as their licence asks (public/fonts/README.txt). */
export const FONT_FACES = [
  { family: 'Twinfield Sans', file: 'twinfield-sans.woff2', weight: 'normal' },
  { family: 'Twinfield Sans', file: 'twinfield-sans-bold.woff2', weight: 'bold' },
  { family: 'Twinfield Mono', file: 'twinfield-mono.woff2', weight: 'normal' },
] as const;

/**
 * The Japanese face, Noto Sans CJK JP subsets (public/fonts/README.txt), loaded only when the language
 * is Japanese (loadJapaneseFont); FONT (palette.ts) names it after "Twinfield Sans", so Latin stays
 * DejaVu and every glyph DejaVu lacks comes from it.
 */
export const JAPANESE_FONT_FACES = [
  { family: 'Twinfield JP', file: 'twinfield-jp.woff2', weight: 'normal' },
  { family: 'Twinfield JP', file: 'twinfield-jp-bold.woff2', weight: 'bold' },
] as const;
