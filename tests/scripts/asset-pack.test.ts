import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BULLET_SHEET, ICON, IMAGES, SPRITES } from '../../assets/art/sprites';
import { ART_SCALES, type AssetPack, artScaleFor, artUrl, packTextures, packUrl } from '../../src/art/art-sets';
import { SFX_NAMES, sfxKey } from '../../src/audio/sfx-names';
import { BULLET_CELL, bulletFrame, SHAPE_COUNT } from '../../src/art/bullet-frames';
import { BULLET_COLORS } from '../../src/art/palette';
import { FONT_FACES, JAPANESE_FONT_FACES } from '../../src/art/font-faces';
import { TILE, SHIP_WALL_RADIUS } from '../../src/sim/maze-state';
import { opaqueWidth, readPng } from './png';

const packs = new Map(ART_SCALES.map((s) => [s, JSON.parse(readFileSync(`public/${packUrl(s)}`, 'utf8')) as AssetPack]));
const files = packs.get(1)!.main.files;

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
      for (const scale of ART_SCALES) {
        const hull = opaqueWidth(readPng(`public/${artUrl('sprites', k, scale)}`)) / scale;
        expect(hull, `${k} ${scale}×`).toBeGreaterThan(4);
        expect(hull, `${k} ${scale}×`).toBeLessThanOrEqual(2 * SHIP_WALL_RADIUS);
      }
    }
    expect(opaqueWidth(readPng('public/media/sprites/ship0.png'))).toBeGreaterThan(TILE);
  });

  it('has a 2× set: the same textures under the same keys, twice the pixels, in a pack of their own that says so', () => {
    const hi = packs.get(2)!;
    expect(hi.meta.resolution).toBe(2);
    expect(packs.get(1)!.meta.resolution).toBe(1);
    // Same keys, types and sounds, in the same order; only the texture files differ.
    const shape = (p: AssetPack) => p.main.files.map((f) => `${f.type}:${f.key}${f.type === 'audio' ? `:${f.url}` : ''}`);
    expect(shape(hi)).toEqual(shape(packs.get(1)!));
    for (const r of [...SPRITES, ...IMAGES]) {
      const f = hi.main.files.find((x) => x.key === r.key)!;
      expect(f.url).toBe(artUrl(SPRITES.includes(r) ? 'sprites' : 'images', r.key, 2));
      expect(pngSize(`public/${f.url}`), r.key).toEqual({ w: 2 * r.w, h: 2 * r.h });
    }
    const atlas = hi.main.files.find((f) => f.key === 'bullets')!;
    expect(pngSize(`public/${atlas.textureURL}`)).toEqual({ w: 2 * BULLET_SHEET.w, h: 2 * BULLET_SHEET.h });
    const json = JSON.parse(readFileSync(`public/${atlas.atlasURL}`, 'utf8')) as {
      frames: Record<string, { frame: { x: number; y: number; w: number; h: number } }>;
      meta: { image: string; scale: string };
    };
    expect(json.meta).toMatchObject({ image: 'bullets@2x.png', scale: '2' });
    expect(json.frames[bulletFrame(3, 2)]!.frame).toEqual({
      x: 4 * BULLET_CELL,
      y: 6 * BULLET_CELL,
      w: 2 * BULLET_CELL,
      h: 2 * BULLET_CELL,
    });
    // What the game reads from a pack: its resolution and the textures it applies to.
    expect(packTextures(hi)).toEqual({ resolution: 2, keys: [...SPRITES, ...IMAGES].map((r) => r.key).concat('bullets') });
    expect(artScaleFor(2)).toBe(2);
  });

  it('holds no file that no pack lists', () => {
    const listed = new Set(
      [...packs.values()].flatMap((p) => p.main.files.flatMap((f) => [f.url, f.textureURL, f.atlasURL].filter((u) => u !== undefined))),
    );
    for (const dir of ['sprites', 'images', 'sfx'])
      for (const name of readdirSync(`public/media/${dir}`)) expect(listed.has(`media/${dir}/${name}`), `${dir}/${name}`).toBe(true);
  });

  it('keeps the bundled fonts and their licences together', () => {
    for (const f of [
      'twinfield-sans.woff2',
      'twinfield-sans-bold.woff2',
      'twinfield-mono.woff2',
      ...JAPANESE_FONT_FACES.map((j) => j.file),
    ]) {
      const b = readFileSync(`public/fonts/${f}`);
      expect(b.subarray(0, 4).toString('latin1'), f).toBe('wOF2');
    }
    expect(readFileSync('public/fonts/LICENSE-DejaVu.txt', 'utf8')).toMatch(/Bitstream Vera/);
    const ofl = readFileSync('public/fonts/LICENSE-NotoSansCJK.txt', 'utf8');
    expect(ofl).toMatch(/Noto Sans CJK JP/);
    expect(ofl).toMatch(/SIL OPEN FONT LICENSE Version 1\.1/);
    expect(ofl).toMatch(/Copyright notice of the font: © \d{4}-\d{4} Adobe/);
    expect(ofl).toMatch(/5\) The Font Software, modified or unmodified/);
    const readme = readFileSync('public/fonts/README.txt', 'utf8');
    expect(readme).toMatch(/LICENSE-DejaVu\.txt/);
    expect(readme).toMatch(/twinfield-jp\.woff2.*Noto Sans CJK JP/s);
    expect(readme).toMatch(/"Twinfield JP"/);
    expect(readme).toMatch(/LICENSE-NotoSansCJK\.txt/);
  });

  it('keeps the Japanese font small: a subset, each weight under 400 KiB (the full face is 16 MB)', () => {
    for (const { file } of JAPANESE_FONT_FACES) {
      const bytes = statSync(`public/fonts/${file}`).size;
      expect(bytes, file).toBeGreaterThan(20_000);
      expect(bytes, file).toBeLessThan(400 * 1024);
    }
  });

  it('holds no font file the game does not load', () => {
    const served = [...FONT_FACES, ...JAPANESE_FONT_FACES].map((f) => f.file).sort();
    expect(
      readdirSync('public/fonts')
        .filter((f) => f.endsWith('.woff2'))
        .sort(),
    ).toEqual(served);
  });
});
