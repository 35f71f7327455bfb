// High-DPI textures: how a texture with `r` texels per logical unit (the 2× art set, a maze wall
// layer drawn at render scale 2) keeps its logical size wherever it is placed.
//
// Phaser 4 has the notion built in, half-way: `TextureSource.resolution` (Text objects set it on
// their canvas) makes the WebGL renderer draw an Image's quad cutWidth / resolution units wide
// (renderNodes/texturer/TexturerImage.js). But an Image takes its size — and so its display origin,
// bounds and flip — from its frame's `realWidth`, which counts texels, and no loader option sets the
// resolution. With only the source resolution set, a centred 80-texel sprite would be drawn 40 units
// wide but offset by 40: half a sprite up and left. So each frame also states its logical geometry:
// `Frame.setTrim` (public API; what an atlas with trimmed frames declares) sets the display size,
// offset and source size, in logical units, while the cut rectangle (the texels sampled, the UVs)
// stays as loaded. Then every Image, Sprite or pooled particle placed with the texture — setTexture,
// setFrame, setScale, origin — works in logical units with no change where it is placed.
import type Phaser from 'phaser';

/** The frame fields this module reads and sets (a Phaser.Textures.Frame has them all). */
export interface ScalableFrame {
  readonly realWidth: number;
  readonly realHeight: number;
  x: number;
  y: number;
  width: number;
  height: number;
  setTrim(actualWidth: number, actualHeight: number, destX: number, destY: number, destWidth: number, destHeight: number): unknown;
}

/** The texture fields this module reads and sets. */
export interface ScalableTexture {
  source: { resolution: number }[];
  frames: Record<string, ScalableFrame>;
}

/**
 * Declares that `texture` holds `r` texels per logical unit (r ≥ 1): every source gets resolution r and
 * every frame a logical size (its texel size / r). A texture already declared is left as it is, so
 * calling this twice does not shrink it twice. Returns whether it changed anything.
 */
export function setTextureResolution(texture: ScalableTexture | Phaser.Textures.Texture, r: number): boolean {
  const t = texture as unknown as ScalableTexture;
  if (!(r > 1) || t.source.length === 0 || t.source.some((s) => s.resolution !== 1)) return false;
  for (const s of t.source) s.resolution = r;
  for (const f of Object.values(t.frames)) f.setTrim(f.realWidth / r, f.realHeight / r, f.x / r, f.y / r, f.width / r, f.height / r);
  return true;
}
