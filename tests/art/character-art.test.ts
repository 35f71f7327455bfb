// The roster's art (issue 24): the character packs that scripts/build-assets.ts writes from
// assets/art/characters.ts, the icons it adds to the main pack, what the pictures look like where a
// test can tell (size, transparency, colour, distinct silhouettes), and loadCharacterArt against a
// stand-in for a Phaser scene.
import { readdirSync, readFileSync } from 'node:fs';
import EventEmitter from 'eventemitter3';
import { describe, expect, it } from 'vitest';
import { CHARACTER_ART, CHARACTER_ART_COLORS, CHARACTER_ICONS } from '../../assets/art/characters';
import { ART_SCALES, type AssetPack, packUrl } from '../../src/art/art-sets';
import {
  bossKey,
  CHARACTER_ART_IDS,
  CHARACTER_PACK_KEY,
  characterPackUrl,
  characterTextureKeys,
  charIconKey,
  charShipKey,
  loadCharacterArt,
  portraitKey,
} from '../../src/art/character-art';
import { getCharacter, ROSTER } from '../../src/sim/characters';
import { opaqueWidth, readPng, type Rgba } from '../scripts/png';
import { SHIP_WALL_RADIUS } from '../../src/sim/maze-state';

const readJson = (path: string): AssetPack => JSON.parse(readFileSync(`public/${path}`, 'utf8')) as AssetPack;
const charPacks = new Map(ART_SCALES.map((s) => [s, readJson(characterPackUrl(s))]));
const mainPacks = new Map(ART_SCALES.map((s) => [s, readJson(packUrl(s))]));

/** Hue (degrees) of the picture's opaque, coloured pixels: a circular mean weighted by alpha × saturation. */
function meanHue(img: Rgba): number {
  let x = 0;
  let y = 0;
  for (let i = 0; i < img.w * img.h; i++) {
    const [r, g, b, a] = [img.px[4 * i]!, img.px[4 * i + 1]!, img.px[4 * i + 2]!, img.px[4 * i + 3]!];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    if (a < 128 || max - min < 40) continue;
    const h = hueOf(r, g, b);
    const w = ((max - min) / 255) * (a / 255);
    x += w * Math.cos((h * Math.PI) / 180);
    y += w * Math.sin((h * Math.PI) / 180);
  }
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

function hueOf(r: number, g: number, b: number): number {
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return h * 60;
}

const hexHue = (hex: string): number =>
  hueOf(...([1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]));
const hueGap = (a: number, b: number): number => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

/** Share of pixels opaque in one mask but not in both (1 − intersection / union). */
function maskDifference(a: Rgba, b: Rgba): number {
  let both = 0;
  let any = 0;
  for (let i = 0; i < a.w * a.h; i++) {
    const pa = a.px[4 * i + 3]! >= 128;
    const pb = b.px[4 * i + 3]! >= 128;
    if (pa && pb) both++;
    if (pa || pb) any++;
  }
  return 1 - both / any;
}

describe('the character packs (public/media/characters*.json)', () => {
  it('has art for exactly the roster, in its order and in its colours', () => {
    expect([...CHARACTER_ART_IDS]).toEqual([...ROSTER]);
    for (const id of CHARACTER_ART_IDS) expect(CHARACTER_ART_COLORS[id], id).toBe(getCharacter(id).color);
  });

  it('lists every ship, boss and portrait once per set, as PNGs of the recipe size at the set scale', () => {
    for (const [scale, pack] of charPacks) {
      expect(pack.meta.resolution).toBe(scale);
      expect(pack.main.files.map((f) => f.key)).toEqual(CHARACTER_ART.map((r) => r.key));
      for (const r of CHARACTER_ART) {
        const f = pack.main.files.find((x) => x.key === r.key)!;
        expect(f.type).toBe('image');
        const img = readPng(`public/${f.url}`);
        expect([img.w, img.h], `${r.key} ${scale}×`).toEqual([r.w * scale, r.h * scale]);
      }
    }
    const keys = CHARACTER_ART_IDS.flatMap((id) => [charShipKey(id), bossKey(id), portraitKey(id)]);
    expect(CHARACTER_ART.map((r) => r.key).sort()).toEqual(keys.sort());
    expect(characterTextureKeys().sort()).toEqual([...keys, ...CHARACTER_ART_IDS.map(charIconKey)].sort());
  });

  it('keeps the icons in the main pack and the rest out of it; every file in media/characters is listed', () => {
    for (const [scale, pack] of mainPacks) {
      const keys = pack.main.files.map((f) => f.key);
      for (const r of CHARACTER_ICONS) {
        const f = pack.main.files.find((x) => x.key === r.key);
        expect(f, `${r.key} ${scale}×`).toBeDefined();
        const img = readPng(`public/${f!.url}`);
        expect([img.w, img.h]).toEqual([r.w * scale, r.h * scale]);
      }
      for (const r of CHARACTER_ART) expect(keys, r.key).not.toContain(r.key);
    }
    const listed = new Set([...charPacks.values()].flatMap((p) => p.main.files.map((f) => f.url)));
    const names = readdirSync('public/media/characters');
    expect(names.length).toBe(listed.size);
    for (const n of names) expect(listed.has(`media/characters/${n}`), n).toBe(true);
  });

  it('draws portraits on a transparent background, filling the frame from the head down to the bottom edge', () => {
    for (const id of CHARACTER_ART_IDS) {
      const img = readPng(`public/media/characters/${portraitKey(id)}.png`);
      const alpha = (x: number, y: number) => img.px[(y * img.w + x) * 4 + 3]!;
      for (const [x, y] of [
        [0, 0],
        [img.w - 1, 0],
        [2, 120],
        [img.w - 3, 120],
      ] as const)
        expect(alpha(x, y), `${id} (${x}, ${y})`).toBe(0);
      expect(alpha(100, 120), `${id} face`).toBe(255);
      expect(alpha(100, img.h - 1), `${id} chest at the bottom edge`).toBe(255);
    }
  });

  it('colours each ship, icon and boss nearest its own theme colour of the six', () => {
    for (const id of CHARACTER_ART_IDS) {
      for (const key of [charShipKey(id), bossKey(id)]) {
        const hue = meanHue(readPng(`public/media/characters/${key}.png`));
        const nearest = [...CHARACTER_ART_IDS].sort(
          (a, b) => hueGap(hue, hexHue(getCharacter(a).color)) - hueGap(hue, hexHue(getCharacter(b).color)),
        );
        expect(nearest[0], `${key}: hue ${hue.toFixed(0)}`).toBe(id);
      }
      const icon = meanHue(readPng(`public/media/sprites/${charIconKey(id)}.png`));
      expect(hueGap(icon, hexHue(getCharacter(id).color)), charIconKey(id)).toBeLessThan(20);
    }
  });

  it('gives every ship its own silhouette, and icons that fit a maze corridor', () => {
    const ships = CHARACTER_ART_IDS.map((id) => readPng(`public/media/characters/${charShipKey(id)}.png`));
    const ship0 = readPng('public/media/sprites/ship0.png');
    for (let i = 0; i < ships.length; i++) {
      expect(maskDifference(ships[i]!, ship0), `${CHARACTER_ART_IDS[i]} vs ship0`).toBeGreaterThan(0.2);
      for (let j = i + 1; j < ships.length; j++)
        expect(maskDifference(ships[i]!, ships[j]!), `${CHARACTER_ART_IDS[i]} vs ${CHARACTER_ART_IDS[j]}`).toBeGreaterThan(0.2);
    }
    for (const id of CHARACTER_ART_IDS)
      for (const scale of ART_SCALES) {
        const suffix = scale === 1 ? '' : `@${scale}x`;
        const hull = opaqueWidth(readPng(`public/media/sprites/${charIconKey(id)}${suffix}.png`)) / scale;
        expect(hull, `${id} ${scale}×`).toBeGreaterThan(4);
        expect(hull, `${id} ${scale}×`).toBeLessThanOrEqual(2 * SHIP_WALL_RADIUS);
      }
  });
});

/** A stand-in for the parts of a Phaser scene loadCharacterArt uses; `serve` plays the loader. */
function fakeScene(initial: string[] = []) {
  const textures = new Map<string, { source: { resolution: number }[]; frames: Record<string, unknown> }>();
  const texture = (w: number) => {
    const frame = {
      realWidth: w,
      realHeight: w,
      x: 0,
      y: 0,
      width: w,
      height: w,
      trim: null as number[] | null,
      setTrim(...a: number[]) {
        frame.trim = a;
      },
    };
    return { source: [{ resolution: 1 }], frames: { __BASE: frame } };
  };
  for (const k of initial) textures.set(k, texture(8));
  const json = new Map<string, unknown>();
  const queued: string[] = [];
  const load = Object.assign(new EventEmitter(), {
    baseURL: 'elsewhere/',
    loading: false,
    started: 0,
    setBaseURL(u: string) {
      load.baseURL = u;
    },
    pack(key: string, url: string) {
      queued.push(`${load.baseURL}|${key}|${url}`);
    },
    isLoading: () => load.loading,
    start() {
      load.started++;
      load.loading = true;
    },
  });
  const scene = {
    load,
    events: new EventEmitter(),
    textures: { exists: (k: string) => textures.has(k), get: (k: string) => textures.get(k) },
    cache: {
      json: {
        get: (k: string) => json.get(k),
        exists: (k: string) => json.has(k),
        remove: (k: string) => json.delete(k),
      },
    },
  };
  /** Finishes the load: the pack file for `scale` arrives and its textures load, except `fail`. */
  const serve = (scale: 1 | 2, fail: string[] = []) => {
    const pack = charPacks.get(scale)!;
    json.set(CHARACTER_PACK_KEY, pack);
    for (const f of pack.main.files)
      if (fail.includes(f.key)) load.emit('loaderror', { key: f.key, src: f.url });
      else textures.set(f.key, texture(8 * scale));
    load.loading = false;
    load.emit('complete');
  };
  return { scene: scene as unknown as Parameters<typeof loadCharacterArt>[0], load, queued, textures, serve };
}

describe('loadCharacterArt', () => {
  const icons = CHARACTER_ART_IDS.map(charIconKey);

  it('resolves at once, loading nothing, when every character texture is there', async () => {
    const f = fakeScene(characterTextureKeys());
    await loadCharacterArt(f.scene, 2);
    expect(f.queued).toEqual([]);
    expect(f.load.started).toBe(0);
  });

  it('loads the pack of the art set, declares its resolution, and shares one load between callers', async () => {
    const f = fakeScene(icons);
    const a = loadCharacterArt(f.scene, 2);
    const b = loadCharacterArt(f.scene, 2);
    expect(b).toBe(a);
    expect(f.queued).toHaveLength(1);
    expect(f.queued[0]).toMatch(/\|twinfield-characters\|media\/characters@2x\.json$/);
    expect(f.queued[0]!.startsWith('elsewhere/')).toBe(false);
    expect(f.load.started).toBe(1);
    f.serve(2);
    await a;
    expect(f.load.baseURL).toBe('elsewhere/');
    const portrait = f.textures.get(portraitKey('ruri'))!;
    expect(portrait.source[0]!.resolution).toBe(2);
    expect((portrait.frames.__BASE as { trim: number[] }).trim.slice(0, 2)).toEqual([8, 8]);
    // The icons came with the main pack: not declared again by this one.
    expect(f.textures.get(charIconKey('ruri'))!.source[0]!.resolution).toBe(1);
    await loadCharacterArt(f.scene, 2);
    expect(f.queued).toHaveLength(1);
  });

  it('picks the 1× pack below render scale 2 and joins a load already running', async () => {
    const f = fakeScene(icons);
    f.load.loading = true;
    const p = loadCharacterArt(f.scene, 1.5);
    expect(f.queued[0]).toMatch(/\|media\/characters\.json$/);
    expect(f.load.started).toBe(0);
    f.serve(1);
    await p;
    expect(f.textures.get(bossKey('asagi'))!.source[0]!.resolution).toBe(1);
  });

  it('rejects naming a file that failed, and a later call tries again', async () => {
    const f = fakeScene(icons);
    const p = loadCharacterArt(f.scene, 1);
    f.serve(1, [portraitKey('shion')]);
    await expect(p).rejects.toThrow(/portrait-shion\.png/);
    const again = loadCharacterArt(f.scene, 1);
    expect(f.queued).toHaveLength(2);
    f.serve(1);
    await again;
  });

  it('rejects when the scene shuts down first', async () => {
    const f = fakeScene(icons);
    const p = loadCharacterArt(f.scene, 1);
    f.scene.events.emit('shutdown');
    await expect(p).rejects.toThrow(/shut down/);
    expect(f.load.listenerCount('complete')).toBe(0);
  });
});
