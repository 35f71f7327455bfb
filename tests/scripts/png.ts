// A small PNG reader for tests: 8-bit RGBA or RGB, not interlaced (what Chromium's canvas writes for
// the built art). Returns straight (not premultiplied) RGBA.
import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export interface Rgba {
  w: number;
  h: number;
  /** w·h·4 bytes, row by row. */
  px: Uint8Array;
}

export function decodePng(b: Buffer): Rgba {
  if (b.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('not a PNG');
  const w = b.readUInt32BE(16);
  const h = b.readUInt32BE(20);
  const [depth, type, interlace] = [b[24], b[25], b[28]];
  if (depth !== 8 || (type !== 6 && type !== 2) || interlace !== 0) throw new Error(`unsupported PNG: depth ${depth} type ${type}`);
  const bpp = type === 6 ? 4 : 3;
  const idat: Buffer[] = [];
  for (let at = 8; at < b.length; ) {
    const len = b.readUInt32BE(at);
    if (b.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  const line = new Uint8Array(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? line[y * stride + i - bpp]! : 0;
      const up = y > 0 ? line[(y - 1) * stride + i]! : 0;
      const ul = y > 0 && i >= bpp ? line[(y - 1) * stride + i - bpp]! : 0;
      const p = a + up - ul;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - ul);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? up : ul;
      line[y * stride + i] = (x + [0, a, up, (a + up) >> 1, paeth][f]!) & 255;
    }
  }
  if (bpp === 4) return { w, h, px: line };
  const px = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    px[i * 4] = line[i * 3]!;
    px[i * 4 + 1] = line[i * 3 + 1]!;
    px[i * 4 + 2] = line[i * 3 + 2]!;
    px[i * 4 + 3] = 255;
  }
  return { w, h, px };
}

export function readPng(path: string): Rgba {
  return decodePng(readFileSync(path));
}

/** Width of the columns holding a pixel at least half opaque. */
export function opaqueWidth(img: Rgba): number {
  let lo = img.w;
  let hi = -1;
  for (let y = 0; y < img.h; y++)
    for (let x = 0; x < img.w; x++)
      if (img.px[(y * img.w + x) * 4 + 3]! >= 128) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
  return hi - lo + 1;
}

/**
 * `img` enlarged k times by bilinear filtering, as a GPU samples a texture drawn k times its size
 * (texel centres, edges clamped). Straight RGBA in, straight RGBA out (colours weighted by alpha).
 */
export function upscaleLinear(img: Rgba, k: number): Rgba {
  const w = img.w * k;
  const h = img.h * k;
  const px = new Uint8Array(w * h * 4);
  const at = (x: number, y: number) => (Math.min(img.h - 1, Math.max(0, y)) * img.w + Math.min(img.w - 1, Math.max(0, x))) * 4;
  for (let y = 0; y < h; y++) {
    const v = (y + 0.5) / k - 0.5;
    const y0 = Math.floor(v);
    const fy = v - y0;
    for (let x = 0; x < w; x++) {
      const u = (x + 0.5) / k - 0.5;
      const x0 = Math.floor(u);
      const fx = u - x0;
      const taps: [number, number][] = [
        [at(x0, y0), (1 - fx) * (1 - fy)],
        [at(x0 + 1, y0), fx * (1 - fy)],
        [at(x0, y0 + 1), (1 - fx) * fy],
        [at(x0 + 1, y0 + 1), fx * fy],
      ];
      let a = 0;
      const c = [0, 0, 0];
      for (const [i, wt] of taps) {
        const al = img.px[i + 3]! * wt;
        a += al;
        for (let ch = 0; ch < 3; ch++) c[ch]! += img.px[i + ch]! * al;
      }
      const o = (y * w + x) * 4;
      for (let ch = 0; ch < 3; ch++) px[o + ch] = a > 0 ? Math.round(c[ch]! / a) : 0;
      px[o + 3] = Math.round(a);
    }
  }
  return { w, h, px };
}
