// The built art comes in sets, one per texture scale: the 1× set (one texel per logical unit) and the
// 2× set for a canvas drawn at render scale 2 (render-scale.ts). Both are rendered from the same
// recipes (assets/art/sprites.ts) by scripts/build-assets.ts; each set has its own asset pack that
// lists its textures and the sounds, and says its scale (`meta.resolution`). A game loads the one pack
// that matches its render scale (load-assets.ts). Pure: the build script and the unit tests use it too.

/** The texture scales the asset build renders. */
export const ART_SCALES = [1, 2] as const;
export type ArtScale = (typeof ART_SCALES)[number];

/** The set for a render scale: the largest built scale not above it (1 for anything below 2). */
export function artScaleFor(renderScale: number): ArtScale {
  let best: ArtScale = 1;
  for (const s of ART_SCALES) if (s <= renderScale) best = s;
  return best;
}

/** What a set's file names end with before the extension: '' at 1×, '@2x' at 2×. */
export function artSuffix(scale: ArtScale): string {
  return scale === 1 ? '' : `@${scale}x`;
}

/** A set's asset pack, relative to public/: media/pack.json, media/pack@2x.json. */
export function packUrl(scale: ArtScale): string {
  return `media/pack${artSuffix(scale)}.json`;
}

/** A texture file of a set, relative to public/: media/sprites/ship0.png, media/sprites/ship0@2x.png. */
export function artUrl(dir: 'sprites' | 'images', key: string, scale: ArtScale, ext = 'png'): string {
  return `media/${dir}/${key}${artSuffix(scale)}.${ext}`;
}

/** One file entry of a Phaser asset pack. */
export interface PackFile {
  type: 'image' | 'atlas' | 'audio';
  key: string;
  url?: string;
  textureURL?: string;
  atlasURL?: string;
}

/** An asset pack as the build writes it: Phaser reads `main.files`; `meta` says the set's scale. */
export interface AssetPack {
  main: { files: PackFile[] };
  meta: { resolution: ArtScale; app: string };
}

/**
 * The scale a loaded pack declares (1 when it says none or nonsense), and the keys of the textures
 * it lists: the textures that scale applies to.
 */
export function packTextures(pack: unknown): { resolution: number; keys: string[] } {
  const p = pack as Partial<AssetPack> | null | undefined;
  const r = p?.meta?.resolution;
  const resolution = typeof r === 'number' && Number.isFinite(r) && r >= 1 ? r : 1;
  const files = Array.isArray(p?.main?.files) ? p.main.files : [];
  return { resolution, keys: files.filter((f) => f && (f.type === 'image' || f.type === 'atlas')).map((f) => f.key) };
}
