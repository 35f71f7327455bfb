// The game's files (public/, built from assets/ by scripts/build-assets.ts): the Phaser asset pack
// (sprites, backgrounds, the bullet atlas, sounds) and the bundled font. Used by the Preloader scene
// and by every other page that draws with the game's views (the study page).
import type Phaser from 'phaser';

/**
 * Where public/ is served. Built chunks live in assets/ beside it (Vite's assetsDir), so the root is
 * one folder up from this module, whichever page loaded it; the dev server serves public/ at /.
 */
function publicRoot(): string {
  return import.meta.env.DEV ? '/' : new URL(/* @vite-ignore */ '../', import.meta.url).href;
}

/** The bundled faces: DejaVu subsets renamed as their licence asks (public/fonts/README.txt). */
export const FONT_FACES = [
  { family: 'Twinfield Sans', file: 'twinfield-sans.woff2', weight: 'normal' },
  { family: 'Twinfield Sans', file: 'twinfield-sans-bold.woff2', weight: 'bold' },
  { family: 'Twinfield Mono', file: 'twinfield-mono.woff2', weight: 'normal' },
] as const;

/** Queues the asset pack on `scene`'s loader (call from preload()). */
export function queueGameAssets(scene: Phaser.Scene): void {
  scene.load.setBaseURL(publicRoot());
  scene.load.pack('twinfield', 'media/pack.json');
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
