// The game's files (public/, built from assets/ by scripts/build-assets.ts): the Phaser asset pack
// (sprites, backgrounds, the bullet atlas, sounds) and the bundled fonts. Used by the Preloader scene
// and by every other page that draws with the game's views (the study page). The Japanese face is
// not part of the first load: loadJapaneseFont() fetches it when the language is Japanese.
//
// High-DPI: the art is built in a 1× and a 2× set (art-sets.ts), each with its own pack. A game loads
// only the pack of its render scale (render-scale.ts), so a 1× screen never downloads the 2× files
// and the other way round. The 2× textures keep the keys of the 1× ones and are declared 2 texels
// per logical unit once loaded, before anything draws them (texture-resolution.ts), so every view
// places them in logical units exactly as before, and a 2× canvas shows each texel on its own pixel.
import Phaser from 'phaser';
import { artScaleFor, packTextures, packUrl } from './art-sets';
import { renderScale } from './render-scale';
import { setTextureResolution } from './texture-resolution';
import { FONT_FACES, JAPANESE_FONT_FACES } from './font-faces';

/** The asset pack's key in the loader and the JSON cache (the pack file itself stays there). */
export const PACK_KEY = 'twinfield';

/**
 * Where public/ is served. Built chunks live in assets/ beside it (Vite's assetsDir), so the root is
 * one folder up from this module, whichever page loaded it; the dev server serves public/ at /.
 */
function publicRoot(): string {
  return import.meta.env.DEV ? '/' : new URL(/* @vite-ignore */ '../', import.meta.url).href;
}

export { FONT_FACES, JAPANESE_FONT_FACES } from './font-faces';

/**
 * Queues the asset pack of the art set for `scale` (default: the game's render scale) on `scene`'s
 * loader (call from preload()). Once everything has loaded, before the scene's create(), the pack's
 * textures get the resolution the pack declares (`meta.resolution`: 2 for the 2× set).
 */
export function queueGameAssets(scene: Phaser.Scene, scale: number = renderScale.value): void {
  scene.load.setBaseURL(publicRoot());
  scene.load.pack(PACK_KEY, packUrl(artScaleFor(scale)));
  scene.load.once(Phaser.Loader.Events.POST_PROCESS, () => declarePackResolution(scene));
}

/** Gives the loaded pack's textures the resolution the pack declares; returns how many changed. */
export function declarePackResolution(scene: Phaser.Scene): number {
  const { resolution, keys } = packTextures(scene.cache.json.get(PACK_KEY));
  let n = 0;
  for (const k of keys) if (scene.textures.exists(k) && setTextureResolution(scene.textures.get(k), resolution)) n++;
  return n;
}

let fonts: Promise<void> | null = null;

/**
 * Loads the bundled font faces into the document (once per page). Resolves when they are ready,
 * or after `timeoutMs` at the latest (text then draws in a fallback font rather than never).
 */
export function loadFonts(timeoutMs = 4000): Promise<void> {
  if (!fonts) {
    const root = publicRoot();
    const all = Promise.all(
      FONT_FACES.map(async (f) => {
        const face = new FontFace(f.family, `url(${root}fonts/${f.file}) format('woff2')`, { weight: f.weight });
        document.fonts.add(face);
        await face.load();
      }),
    ).then(() => undefined);
    fonts = Promise.race([all, new Promise<void>((ok) => setTimeout(ok, timeoutMs))]).catch(() => undefined);
  }
  return fonts;
}

let japanese: Promise<boolean> | null = null;

/**
 * Loads the Japanese face (both weights) into the document, once per page: later calls get the
 * first call's promise. Resolves true once both are loaded; false if one fails or `timeoutMs`
 * passes first (text then draws in a system font). Never rejects.
 */
export function loadJapaneseFont(timeoutMs = 8000): Promise<boolean> {
  if (!japanese) {
    const root = publicRoot();
    const all = Promise.all(
      JAPANESE_FONT_FACES.map((f) => {
        const face = new FontFace(f.family, `url(${root}fonts/${f.file}) format('woff2')`, { weight: f.weight });
        document.fonts.add(face);
        return face.load();
      }),
    ).then(
      () => true,
      () => false,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<boolean>((ok) => {
      timer = setTimeout(() => ok(false), timeoutMs);
    });
    japanese = Promise.race([all, timeout])
      .catch(() => false)
      .finally(() => clearTimeout(timer));
  }
  return japanese;
}
