import { existsSync, readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BULLET_SHEET, ICON, IMAGES, SPRITES } from '../../assets/art/sprites';
import { SFX_NAMES, sfxKey } from '../../src/audio/sfx-names';
import { BULLET_CELL, bulletFrame, SHAPE_COUNT } from '../../src/art/bullet-frames';
import { BULLET_COLORS } from '../../src/art/palette';
import { TILE, SHIP_WALL_RADIUS } from '../../src/sim/maze-state';

interface PackFile {
  type: string;
  key: string;
  url?: string;
  textureURL?: string;
  atlasURL?: string;
}
const pack = JSON.parse(readFileSync('public/media/pack.json', 'utf8')) as { main: { files: PackFile[] } };
const files = pack.main.files;

/** Width of the columns holding a pixel at least half opaque (8-bit RGBA, non-interlaced PNG). */
function opaqueWidth(path: string): number {
  const b = readFileSync(path);
  const w = b.readUInt32BE(16);
  const h = b.readUInt32BE(20);
  expect([b[24], b[25], b[28]], path).toEqual([8, 6, 0]);
  const idat: Buffer[] = [];
  for (let at = 8; at < b.length; ) {
    const len = b.readUInt32BE(at);
    if (b.subarray(at + 4, at + 8).toString('latin1') === 'IDAT') idat.push(b.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = w * 4;
  const px = new Uint8Array(h * stride);
  for (let y = 0; y < h; y++) {
    const f = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i]!;
      const a = i >= 4 ? px[y * stride + i - 4]! : 0;
      const up = y > 0 ? px[(y - 1) * stride + i]! : 0;
      const ul = y > 0 && i >= 4 ? px[(y - 1) * stride + i - 4]! : 0;
      const p = a + up - ul;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - up);
      const pc = Math.abs(p - ul);
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? up : ul;
      px[y * stride + i] = (x + [0, a, up, (a + up) >> 1, paeth][f]!) & 255;
    }
  }
  let lo = w;
  let hi = -1;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (px[y * stride + x * 4 + 3]! >= 128) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
  return hi - lo + 1;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): { w: number; h: number } {
  const b = readFileSync(path);
  expect(b.subarray(1, 4).toString('latin1'), path).toBe('PNG');
  return { w: b.readUInt32BE(16), h: b.readUInt32BE(20) };
}

describe('the asset pack (public/media, built by scripts/build-assets.ts)', () => {
  it('lists every sprite and image recipe once, as a PNG of the recipe size', () => {
    for (const r of [...SPRITES, ...IMAGES]) {
      const entries = files.filter((f) => f.key === r.key);
      expect(entries, r.key).toHaveLength(1);
      expect(entries[0]!.type).toBe('image');
      expect(pngSize(`public/${entries[0]!.url}`), r.key).toEqual({ w: r.w, h: r.h });
    }
    expect(pngSize('public/icon.png')).toEqual({ w: ICON.w, h: ICON.h });
  });

  it('has the bullet atlas with one frame per shape and colour, inside its image', () => {
    const atlas = files.find((f) => f.key === 'bullets')!;
    expect(atlas.type).toBe('atlas');
    const size = pngSize(`public/${atlas.textureURL}`);
    expect(size).toEqual({ w: BULLET_SHEET.w, h: BULLET_SHEET.h });
    const json = JSON.parse(readFileSync(`public/${atlas.atlasURL}`, 'utf8')) as {
      frames: Record<string, { frame: { x: number; y: number; w: number; h: number } }>;
    };
    expect(Object.keys(json.frames)).toHaveLength(SHAPE_COUNT * BULLET_COLORS.length);
    for (let s = 0; s < SHAPE_COUNT; s++)
      for (let c = 0; c < BULLET_COLORS.length; c++) {
        const f = json.frames[bulletFrame(s, c)]!.frame;
        expect(f).toEqual({ x: c * BULLET_CELL, y: s * BULLET_CELL, w: BULLET_CELL, h: BULLET_CELL });
      }
  });

  it('has one WAV per sound effect', () => {
    for (const n of SFX_NAMES) {
      const f = files.find((x) => x.key === sfxKey(n));
      expect(f?.type, n).toBe('audio');
      expect(existsSync(`public/${f!.url}`), n).toBe(true);
    }
  });

  it('draws the maze ship no wider than the room its centre has between walls', () => {
    // The ship's centre keeps SHIP_WALL_RADIUS from walls, so a hull up to twice that wide never
    // covers a wall; the open-stage ship is far wider than a corridor (why the maze needs its own).
    for (const k of ['ship0s', 'ship1s', 'shipNs']) {
      const hull = opaqueWidth(`public/media/sprites/${k}.png`);
      expect(hull, k).toBeGreaterThan(4);
      expect(hull, k).toBeLessThanOrEqual(2 * SHIP_WALL_RADIUS);
    }
    expect(opaqueWidth('public/media/sprites/ship0.png')).toBeGreaterThan(TILE);
  });

  it('keeps the bundled font and its licence together', () => {
    for (const f of ['twinfield-sans.woff2', 'twinfield-sans-bold.woff2', 'twinfield-mono.woff2']) {
      const b = readFileSync(`public/fonts/${f}`);
      expect(b.subarray(0, 4).toString('latin1'), f).toBe('wOF2');
    }
    expect(readFileSync('public/fonts/LICENSE-DejaVu.txt', 'utf8')).toMatch(/Bitstream Vera/);
  });
});
