// setTextureResolution against Phaser's own code: its Frame, and the two WebGL render nodes that turn
// an Image into a quad (TexturerImage: size from the frame and the source resolution;
// TransformerImage: corners from the position, the display origin and that size). Node can run
// these files as they are: they touch no browser API.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type ScalableTexture, setTextureResolution } from '../../src/art/texture-resolution';

const require = createRequire(import.meta.url);
const SRC = '../../node_modules/phaser/src/';
type Ctor = new (...a: unknown[]) => Record<string, unknown>;
const Frame = require(`${SRC}textures/Frame.js`) as Ctor;
const TexturerImage = require(`${SRC}renderer/webgl/renderNodes/texturer/TexturerImage.js`) as Ctor;
const TransformerImage = require(`${SRC}renderer/webgl/renderNodes/transformer/TransformerImage.js`) as Ctor;
const TransformMatrix = require(`${SRC}gameobjects/components/TransformMatrix.js`) as Ctor;

interface Frameish {
  realWidth: number;
  realHeight: number;
  width: number;
  cutWidth: number;
  cutHeight: number;
  u0: number;
  u1: number;
}

/** A one-image texture of w×h texels, as the loader makes it (its whole-image __BASE frame). */
function imageTexture(w: number, h: number): ScalableTexture {
  const t = { source: [{ width: w, height: h, resolution: 1 }], frames: {} as Record<string, unknown> };
  t.frames.__BASE = new Frame(t, '__BASE', 0, 0, 0, w, h);
  return t as unknown as ScalableTexture;
}

/** The screen quad (x0, y0, x1, y1) Phaser's WebGL renderer draws for an Image of `frame` at (x, y), origin 0.5. */
function quad(frame: unknown, x: number, y: number, scale = 1): number[] {
  const f = frame as Frameish;
  // An Image sizes itself from its frame (Components.Size#setSizeToFrame) and centres on its display origin.
  const image = {
    frame,
    isCropped: false,
    x,
    y,
    rotation: 0,
    scaleX: scale,
    scaleY: scale,
    flipX: false,
    flipY: false,
    displayOriginX: f.realWidth / 2,
    displayOriginY: f.realHeight / 2,
    scrollFactorX: 1,
    scrollFactorY: 1,
    willRoundVertices: () => false,
  };
  const ctx = { camera: { getViewMatrix: () => new TransformMatrix(), scrollX: 0, scrollY: 0 } };
  const tex = new TexturerImage({});
  const tr = new TransformerImage({});
  (tex.run as (c: unknown, g: unknown) => void)(ctx, image);
  (tr.run as (c: unknown, g: unknown, t: unknown) => void)(ctx, image, tex);
  const q = tr.quad as Float32Array;
  return [q[0]!, q[1]!, q[4]!, q[5]!];
}

describe('texture resolution (high-DPI textures at their logical size)', () => {
  it('draws a 2× sprite where and as large as its 1× sprite, sampling all of its texels', () => {
    const lo = imageTexture(40, 48);
    const hi = imageTexture(80, 96);
    expect(quad(lo.frames.__BASE, 100, 200)).toEqual([80, 176, 120, 224]);
    expect(setTextureResolution(hi, 2)).toBe(true);
    const f = hi.frames.__BASE as unknown as Frameish;
    expect(quad(f, 100, 200)).toEqual([80, 176, 120, 224]);
    expect(quad(f, 100, 200, 0.5)).toEqual(quad(lo.frames.__BASE, 100, 200, 0.5));
    expect(hi.source[0]!.resolution).toBe(2);
    expect({ w: f.realWidth, h: f.realHeight, width: f.width }).toEqual({ w: 40, h: 48, width: 40 });
    // The texels sampled are still the whole 80×96 image.
    expect({ cw: f.cutWidth, ch: f.cutHeight, u0: f.u0, u1: f.u1 }).toEqual({ cw: 80, ch: 96, u0: 0, u1: 1 });
  });

  it('needs the frame sizes too: the source resolution alone draws the sprite half its size off centre', () => {
    const hi = imageTexture(80, 96);
    hi.source[0]!.resolution = 2;
    expect(quad(hi.frames.__BASE, 100, 200)).toEqual([60, 152, 100, 200]);
  });

  it('applies to every frame of an atlas, and only once', () => {
    const t = { source: [{ width: 160, height: 80, resolution: 1 }], frames: {} as Record<string, unknown> };
    t.frames.__BASE = new Frame(t, '__BASE', 0, 0, 0, 160, 80);
    t.frames.b0_1 = new Frame(t, 'b0_1', 0, 80, 0, 80, 80);
    const atlas = t as unknown as ScalableTexture;
    expect(setTextureResolution(atlas, 2)).toBe(true);
    expect(setTextureResolution(atlas, 2)).toBe(false);
    const f = atlas.frames.b0_1 as unknown as Frameish;
    expect({ w: f.realWidth, cut: f.cutWidth, u0: f.u0, u1: f.u1 }).toEqual({ w: 40, cut: 80, u0: 0.5, u1: 1 });
    expect(quad(f, 0, 0)).toEqual([-20, -20, 20, 20]);
    expect((atlas.frames.__BASE as unknown as Frameish).realWidth).toBe(80);
  });

  it('leaves a 1× texture alone', () => {
    const t = imageTexture(40, 48);
    expect(setTextureResolution(t, 1)).toBe(false);
    expect((t.frames.__BASE as unknown as Frameish).realWidth).toBe(40);
  });
});
