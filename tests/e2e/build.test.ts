// The production build (no test hook, Phaser in its own chunks, clip export and the Planner lab on
// demand, files loaded by the Preloader, bundled font, high-DPI, fullscreen) and, in the e2e build,
// the sound system, a screenshot of every scene, and the 2× art on a 2× screen.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { build, createLogger, type Plugin, preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ART_SCALES, type AssetPack, packUrl } from '../../src/art/art-sets';
import type { StartOptions } from '../../src/scenes/test-hook';
import { fieldRects, type FieldRect } from '../../src/views/layout';
import { readPng, type Rgba, upscaleLinear } from '../scripts/png';
import { call, inPage, launch, nextPaint, press, screenshot, useGame, waitFrames } from './browser';

const OUT = `${process.env.E2E_OUT || 'dist-e2e'}-prod`;
/** The budget for JavaScript loaded before the title screen (gzip, level 9). */
const INITIAL_GZIP_BUDGET = 450 * 1024;
/** Modules loaded after the title, on demand (with everything only they import). */
const ON_DEMAND = [
  'src/scenes/replays-scene.ts',
  'src/scenes/playback-scene.ts',
  'src/scenes/select-scene.ts',
  'src/scenes/options-scene.ts',
  'src/scenes/presets-scene.ts',
  'src/scenes/planner-lab-scene.ts',
  'src/storage/replay-library.ts',
  'src/ui/dom-panel.ts',
];
/** The chunk (assets/….js) holding each module of the build (path relative to the repository). */
const chunkOf = new Map<string, string>();
const chunkMap: Plugin = {
  name: 'chunk-of-module',
  generateBundle(_options, bundle) {
    for (const c of Object.values(bundle))
      if (c.type === 'chunk') for (const id of Object.keys(c.modules)) chunkOf.set(relative(process.cwd(), id), c.fileName);
  },
};
/** Vite's chunk-size warning threshold (its default; vite.config.ts does not raise it). */
const CHUNK_WARN = 500 * 1000;

function initialScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]!);
  return [...out].map((p) => p.replace(/^\.\//, ''));
}

async function until(page: Page, fn: string, timeout = 30_000): Promise<void> {
  await page.waitForFunction(fn, null, { timeout });
}

/** The asset pack of each art set (public/media/pack.json, pack@2x.json) and the URLs it lists. */
const IN_MATCH = "document.getElementById('fullscreen').classList.contains('between-fields')";

/**
 * Versus on the title's main menu, Enter on its START, then Enter through the character select (P1's pick, then the CPU's)
 * until a match runs. The production build has no hook to say when the select is up, so Enter is
 * pressed again until the match shows (a press before a scene listens is simply not seen).
 */
async function startMatchFromTitle(page: Page): Promise<void> {
  await page.keyboard.press('ArrowDown'); // main menu: Story → Versus (its page opens on START)
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Enter');
    await nextPaint(page, 6);
    if (await page.evaluate(IN_MATCH)) return;
  }
  await until(page, IN_MATCH, 30_000);
}

const packs = new Map(ART_SCALES.map((s) => [s, JSON.parse(readFileSync(`public/${packUrl(s)}`, 'utf8')) as AssetPack]));
const packUrls = (scale: 1 | 2): string[] =>
  packs.get(scale)!.main.files.flatMap((f) => [f.url, f.textureURL, f.atlasURL].filter((u): u is string => !!u));
/** Texture files (sprites, images, the atlas) a page requested, relative to public/. */
const artRequested = (urls: string[]): string[] =>
  urls.map((u) => /\/(media\/(sprites|images)\/[^?]+)/.exec(u)?.[1]).filter((u): u is string => !!u);

describe('production build', () => {
  const warnings: string[] = [];
  let server: PreviewServer | undefined;
  let url = '';
  let browser: Browser | undefined;

  beforeAll(async () => {
    const logger = createLogger('warn');
    const warn = logger.warn.bind(logger);
    logger.warn = (msg, o) => {
      warnings.push(msg);
      warn(msg, o);
    };
    await build({ mode: 'production', customLogger: logger, plugins: [chunkMap], build: { outDir: OUT, emptyOutDir: true } });
    server = await preview({ logLevel: 'warn', build: { outDir: OUT }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
    url = server.resolvedUrls!.local[0]!;
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const js = () => readdirSync(join(OUT, 'assets')).filter((f) => f.endsWith('.js'));

  it('has no test hook anywhere in its JavaScript', () => {
    expect(js().length).toBeGreaterThan(2);
    for (const f of js()) {
      const src = readFileSync(join(OUT, 'assets', f), 'utf8');
      expect(src.includes('__twinfield'), f).toBe(false);
      expect(src.includes('installHook'), f).toBe(false);
    }
  });

  it('loads Phaser in its own chunks and the app before the title, clip export and other scenes on demand, within the budget', () => {
    const html = readFileSync(join(OUT, 'index.html'), 'utf8');
    const initial = initialScripts(html);
    const entry = /<script[^>]*type="module"[^>]*src="\.\/([^"]+)"/.exec(html)![1]!;
    expect(initial.some((f) => /assets\/phaser-/.test(f))).toBe(true);
    // mediabunny and the lab exist as chunks, none loaded up front.
    const lazy = js().filter((f) => /^(export-clip|planner-lab-scene)-/.test(f));
    expect(lazy.map((f) => f.split('-')[0]).sort()).toEqual(['export', 'planner']);
    for (const f of lazy) expect(initial).not.toContain(`assets/${f}`);
    const mediabunny = js().filter((f) => readFileSync(join(OUT, 'assets', f), 'utf8').includes('mediabunny'));
    for (const f of mediabunny) expect(initial, `${f} mentions mediabunny`).not.toContain(`assets/${f}`);
    // What the title does not need loads on demand too (scenes/lazy-scenes.ts, save-replay.ts, pick-file.ts):
    // the chunk holding each such module is none of the initial files.
    for (const m of ON_DEMAND) {
      expect(chunkOf.get(m), m).toMatch(/^assets\//);
      expect(initial, m).not.toContain(chunkOf.get(m));
    }
    // The app's own chunks hold no Phaser (the Phaser chunks stay cached across game updates).
    for (const f of initial.filter((f) => !/assets\/phaser-/.test(f)))
      expect(readFileSync(join(OUT, f), 'utf8'), f).not.toMatch(/Phaser v\d|WebGLRenderer/);
    expect(readFileSync(join(OUT, entry), 'utf8')).toMatch(/PreloadScene|preload/);
    const gzip = initial.reduce((s, f) => s + gzipSync(readFileSync(join(OUT, f)), { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(INITIAL_GZIP_BUDGET);
  });

  it('raises no chunk-size warning: every chunk is under Vite default limit', () => {
    for (const f of js()) expect(readFileSync(join(OUT, 'assets', f)).length, f).toBeLessThan(CHUNK_WARN);
    expect(warnings.filter((w) => /larger than/i.test(w))).toEqual([]);
  });

  it('shows the title through the Preloader with every file, the bundled font, and no window.__twinfield', async () => {
    const page = await browser!.newPage({ viewport: { width: 960, height: 540 } });
    const errors: string[] = [];
    const failed: string[] = [];
    const media: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      if (/\/(media|fonts)\//.test(r.url())) media.push(r.url());
    });
    await page.goto(url);
    await until(page, "performance.getEntriesByName('twinfield:title').length > 0", 60_000);
    for (const u of packUrls(1))
      expect(
        media.some((m) => m.endsWith(u)),
        u,
      ).toBe(true);
    // A 1× screen loads the 1× art only.
    expect(artRequested(media).filter((u) => u.includes('@2x'))).toEqual([]);
    expect(failed).toEqual([]);
    const g = await page.evaluate(() => ({
      hook: typeof (window as unknown as Record<string, unknown>).__twinfield,
      game: typeof (window as unknown as Record<string, unknown>).__twinfield_game,
      sans: document.fonts.check('16px "Twinfield Sans"') && document.fonts.check('bold 16px "Twinfield Sans"'),
      mono: document.fonts.check('16px "Twinfield Mono"'),
      faces: [...document.fonts]
        .filter((f) => f.status === 'loaded')
        .map((f) => `${f.family.replace(/"/g, '')} ${f.weight}`)
        .sort(),
    }));
    expect(g).toEqual({
      hook: 'undefined',
      game: 'undefined',
      sans: true,
      mono: true,
      faces: ['Twinfield Mono normal', 'Twinfield Sans bold', 'Twinfield Sans normal'],
    });
    await nextPaint(page, 3);
    await screenshot(page, 'prod-title');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('draws at twice the canvas resolution on a 2× screen with the 2× art only, the page layout unchanged', async () => {
    const sizes: { css: number; px: number }[] = [];
    for (const dpr of [1, 2] as const) {
      const page = await browser!.newPage({ viewport: { width: 960, height: 540 }, deviceScaleFactor: dpr });
      const media: string[] = [];
      const errors: string[] = [];
      page.on('response', (r) => /\/media\//.test(r.url()) && media.push(r.url()));
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(url);
      await until(page, "performance.getEntriesByName('twinfield:title').length > 0", 60_000);
      sizes.push(
        await page.evaluate(() => ({
          css: Math.round(document.querySelector('canvas')!.getBoundingClientRect().width),
          px: document.querySelector('canvas')!.width,
        })),
      );
      // Only the set of this scale: every file its pack lists, not one texture of the other set.
      for (const u of packUrls(dpr))
        expect(
          media.some((m) => m.endsWith(u)),
          `${dpr}×: ${u}`,
        ).toBe(true);
      expect(artRequested(media).sort()).toEqual(
        packUrls(dpr)
          .filter((u) => /^media\/(sprites|images)\//.test(u))
          .sort(),
      );
      await nextPaint(page, 3);
      if (dpr === 2) await screenshot(page, 'prod-title-2x'); // (1×: prod-title.png, above)
      // A match as a player sees it at this scale (Enter on the title, then on the character select).
      await startMatchFromTitle(page);
      await nextPaint(page, 30);
      await screenshot(page, dpr === 2 ? 'prod-match-2x' : 'prod-match-1x');
      expect(errors).toEqual([]);
      await page.close();
    }
    expect(sizes).toEqual([
      { css: 960, px: 960 },
      { css: 960, px: 1920 },
    ]);
  });

  it('toggles fullscreen with the button and with F11', async () => {
    const page = await browser!.newPage({ viewport: { width: 960, height: 540 } });
    await page.goto(url);
    await until(page, "performance.getEntriesByName('twinfield:title').length > 0", 60_000);
    const fs = () => page.evaluate(() => document.fullscreenElement?.id ?? null);
    // Hidden over the game until the mouse moves.
    const shown = () => page.evaluate(() => document.getElementById('fullscreen')!.classList.contains('shown'));
    expect(await shown()).toBe(false);
    await page.mouse.move(400, 300);
    await page.mouse.move(480, 20);
    expect(await shown()).toBe(true);
    await page.click('#fullscreen');
    await until(page, 'document.fullscreenElement !== null', 10_000);
    expect(await fs()).toBe('app');
    // The scale manager reports the change a moment after the document does.
    await until(page, "document.getElementById('fullscreen').getAttribute('aria-pressed') === 'true'", 10_000);
    await page.keyboard.press('F11');
    await until(page, 'document.fullscreenElement === null', 10_000);
    await page.keyboard.press('F11');
    await until(page, 'document.fullscreenElement !== null', 10_000);
    expect(await fs()).toBe('app');
    await page.close();
  });

  it('puts the fullscreen button where no scene draws: top right on menus, between the fields in a match', async () => {
    const page = await browser!.newPage({ viewport: { width: 960, height: 540 } });
    await page.goto(url);
    await until(page, "performance.getEntriesByName('twinfield:title').length > 0", 60_000);
    const box = async () => (await page.locator('#fullscreen').boundingBox())!;
    const onTitle = await box();
    expect(onTitle.x + onTitle.width).toBeGreaterThan(940); // top right, clear of the centred title
    expect(onTitle.y).toBeLessThan(10);
    await startMatchFromTitle(page); // Versus, START: the character select, then the match
    const inMatch = await box();
    // Centred over the gap between the fields (x 412–548 at 960 wide), clear of both HUDs.
    expect(Math.abs(inMatch.x + inMatch.width / 2 - 480)).toBeLessThan(2);
    await page.close();
  });
});

describe('sound and every scene (e2e build)', () => {
  const game = useGame();

  it('loads every sound from its file and plays it through the sound manager, panned; M mutes, remembered', async () => {
    const { page } = game;
    const keys = (await page.evaluate('window.__twinfield_game.cache.audio.getKeys()')) as string[];
    expect(keys.filter((k) => k.startsWith('sfx-')).length).toBe(13);
    await page.evaluate(() => {
      const w = window as unknown as {
        __played: { key: string; pan: number }[];
        __twinfield_game: { sound: { play: (k: string, x?: { pan?: number }) => boolean } };
      };
      w.__played = [];
      const s = w.__twinfield_game.sound;
      const play = s.play.bind(s);
      s.play = (k, x) => {
        w.__played.push({ key: k, pan: x?.pan ?? 0 });
        return play(k, x);
      };
    });
    await press(page, 'ArrowDown', 'ArrowUp');
    const played = () => page.evaluate('window.__played') as Promise<{ key: string; pan: number }[]>;
    expect((await played()).map((p) => p.key)).toContain('sfx-move');
    expect(await page.evaluate('window.__twinfield_game.sound.locked')).toBe(false);
    // A match's kills sound from their own field: left side panned left, right side right.
    await inPage(page, (h) => h.startMatch({ seed: 5, p1: 'cpu:normal', p2: 'cpu:normal' }));
    await page.waitForFunction(() => (window as unknown as { __twinfield: { frame(): number } }).__twinfield.frame() > 2);
    await page.waitForFunction(
      () => (window as unknown as { __played: { key: string }[] }).__played.some((p) => p.key === 'sfx-kill'),
      null,
      { timeout: 60_000 },
    );
    const kills = (await played()).filter((p) => p.key === 'sfx-kill');
    expect(kills.every((p) => p.pan !== 0 && Math.abs(p.pan) <= 1)).toBe(true);
    // The manager's `mute` getter reads a gain the audio thread applies later (never while the
    // context is suspended, as on a blurred headless page): watch its 'mute' event instead.
    const watchMute = () =>
      page.evaluate(() => {
        const w = window as unknown as {
          __mutes: boolean[];
          __twinfield_game: { sound: { on(e: string, f: (m: unknown, v: boolean) => void): void } };
        };
        w.__mutes = [];
        w.__twinfield_game.sound.on('mute', (_m, v) => w.__mutes.push(v));
      });
    const mutes = () => page.evaluate('[window.__mutes, localStorage.getItem("twinfield.muted")]');
    await watchMute();
    await press(page, 'm');
    expect(await mutes()).toEqual([[true], '1']);
    // A new visit starts muted: the first M press unmutes.
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __twinfield?: { ready: boolean } }).__twinfield?.ready === true, null, {
      timeout: 60_000,
    });
    await watchMute();
    await inPage(page, (h) => h.startMatch({ seed: 5 }));
    await page.waitForFunction(() => (window as unknown as { __twinfield: { frame(): number } }).__twinfield.frame() > 2);
    await press(page, 'm');
    expect(await mutes()).toEqual([[false], '0']);
  });

  it('shows the Preloader progress bar while files arrive', async () => {
    const { page } = game;
    let release: () => void = () => {};
    const held = new Promise<void>((ok) => (release = ok));
    await page.route('**/media/sfx/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.reload();
    // The Preloader is in its LOADING state (Phaser.Scenes.LOADING = 3) while files arrive.
    await page.waitForFunction(
      () =>
        (
          window as unknown as { __twinfield_game?: { scene: { getScene(k: string): { sys: { settings: { status: number } } } | null } } }
        ).__twinfield_game?.scene.getScene('preload')?.sys.settings.status === 3,
      null,
      { timeout: 60_000 },
    );
    await nextPaint(page, 3);
    await screenshot(page, 'scene-preload');
    const title = await page.evaluate(() => (window as unknown as { __twinfield: { ready: boolean } }).__twinfield.ready);
    expect(title).toBe(false);
    release();
    await page.waitForFunction(() => (window as unknown as { __twinfield?: { ready: boolean } }).__twinfield?.ready === true, null, {
      timeout: 60_000,
    });
    await page.unroute('**/media/sfx/**');
  });

  it('takes a screenshot of every scene', async () => {
    const { page } = game;
    const scene = (k: string) => page.waitForFunction(`window.__twinfield.scene() === '${k}'`, null, { timeout: 30_000 });
    await scene('title');
    await waitFrames(page, 3);
    await screenshot(page, 'scene-title');
    await inPage(page, (h) => h.startMatch({ seed: 11, p1: 'cpu:normal', p2: 'cpu:hard' }));
    await scene('match');
    await inPage(page, (h) => h.advance(900));
    await inPage(page, (h) => h.resetVisuals());
    await waitFrames(page, 3);
    await screenshot(page, 'scene-match-open');
    await inPage(page, (h) => h.startMatch({ seed: 11, p1: 'cpu:normal', p2: 'cpu:hard', stages: 'maze' }));
    await page.waitForFunction(() => (window as unknown as { __twinfield: { frame(): number } }).__twinfield.frame() > 2);
    await inPage(page, (h) => h.advance(700));
    await inPage(page, (h) => h.resetVisuals());
    await waitFrames(page, 3);
    await screenshot(page, 'scene-match-maze');
    await inPage(page, (h) => h.startMatch({ seed: 12, p1: 'scripted', p2: 'cpu:normal', timeLimit: 600 }));
    await page.waitForFunction(() => (window as unknown as { __twinfield: { frame(): number } }).__twinfield.frame() > 2);
    await inPage(page, (h) => h.advance(600));
    await scene('result');
    await waitFrames(page, 3);
    await screenshot(page, 'scene-result');
    await inPage(page, (h) => h.openReplays());
    await scene('replays');
    await waitFrames(page, 3);
    await screenshot(page, 'scene-replays');
    const id = (await inPage(page, (h) => h.replays())) as unknown as { id: string }[];
    expect(id.length).toBeGreaterThan(0);
    await page.evaluate(`window.__twinfield.openReplay(${JSON.stringify(id[0]!.id)})`);
    await page.waitForFunction(`window.__twinfield.scene() === 'playback' && window.__twinfield.playback()?.loaded`, null, {
      timeout: 30_000,
    });
    await page.evaluate('window.__twinfield.playbackSeek(300)');
    await waitFrames(page, 3);
    await screenshot(page, 'scene-playback');
    await inPage(page, (h) => h.openPlannerLab());
    await scene('planner-lab');
    await waitFrames(page, 3);
    await screenshot(page, 'scene-planner-lab');
    expect(game.errors).toEqual([]);
  });
});

// ── High-DPI art: a 2× screen shows the 2× textures, each sprite at its logical size ──

type Rect = { x: number; y: number; w: number; h: number };

/** Mean absolute RGB difference of `a` and `b` over the pixels where `mask` holds. */
function meanDiff(a: Rgba, b: Rgba, mask: (i: number) => boolean): { mean: number; n: number } {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.w * a.h; i++) {
    if (!mask(i)) continue;
    for (let c = 0; c < 3; c++) sum += Math.abs(a.px[i * 4 + c]! - b.px[i * 4 + c]!);
    n++;
  }
  return { mean: sum / (3 * n), n };
}

/** `img` made k times smaller by averaging each k×k block (what a k× picture looks like at 1×). */
function downscale(img: Rgba, k: number): Rgba {
  const w = img.w / k;
  const h = img.h / k;
  const px = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let s = 0;
        for (let dy = 0; dy < k; dy++) for (let dx = 0; dx < k; dx++) s += img.px[((y * k + dy) * img.w + x * k + dx) * 4 + c]!;
        px[(y * w + x) * 4 + c] = Math.round(s / (k * k));
      }
  return { w, h, px };
}

/** Per `b`×`b` block of two same-sized pictures, the mean absolute RGB difference; sorted, largest last. */
function blockDiffs(a: Rgba, c: Rgba, b: number): number[] {
  const out: number[] = [];
  for (let by = 0; by + b <= a.h; by += b)
    for (let bx = 0; bx + b <= a.w; bx += b) {
      let s = 0;
      for (let y = by; y < by + b; y++)
        for (let x = bx; x < bx + b; x++)
          for (let ch = 0; ch < 3; ch++) s += Math.abs(a.px[(y * a.w + x) * 4 + ch]! - c.px[(y * c.w + x) * 4 + ch]!);
      out.push(s / (3 * b * b));
    }
  return out.sort((x, y) => x - y);
}

describe('high-DPI art (e2e build)', () => {
  let browser: Browser | undefined;
  const pages = new Map<1 | 2, { page: Page; errors: string[] }>();

  beforeAll(async () => {
    browser = await launch();
    for (const dpr of [1, 2] as const) {
      const page = await browser.newPage({ viewport: { width: 960, height: 540 }, deviceScaleFactor: dpr });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      await page.goto(inject('baseUrl'), { timeout: 120_000 });
      await until(page, 'window.__twinfield?.ready === true', 60_000);
      pages.set(dpr, { page, errors });
    }
  });
  afterAll(async () => {
    await browser?.close();
  });

  /**
   * Starts the same match in the page, stops the game loop once the countdown is over and plays the
   * sim to exactly `frame`, without particles or shake: the picture then depends on nothing but the
   * state and the render scale.
   */
  async function frozenMatch(page: Page, o: StartOptions, frame: number): Promise<void> {
    await page.evaluate('window.__twinfield_game.loop.wake()'); // (asleep after the last frozen match)
    await call(page, 'startMatch', o);
    await until(page, 'window.__twinfield.scene() === "match" && window.__twinfield.frame() > 0', 60_000);
    await page.evaluate('window.__twinfield_game.loop.sleep()');
    expect(await page.evaluate(`window.__twinfield.advance(${frame} - window.__twinfield.frame())`)).toBe(frame);
    await page.evaluate('window.__twinfield.resetVisuals()');
  }

  /** Draws one frame by hand (no sim step) and reads device-pixel rectangles of the game canvas. */
  async function read(page: Page, rects: Rect[]): Promise<Rgba[]> {
    const b64 = (await page.evaluate((rects) => {
      const g = (window as unknown as { __twinfield_game: { canvas: HTMLCanvasElement; step(t: number, d: number): void } })
        .__twinfield_game;
      g.step(performance.now(), 0);
      // Read right after the render, before the browser composites (and may clear) the canvas.
      const c = document.createElement('canvas');
      c.width = g.canvas.width;
      c.height = g.canvas.height;
      const ctx = c.getContext('2d')!;
      ctx.drawImage(g.canvas, 0, 0);
      return rects.map((r) => {
        const d = ctx.getImageData(r.x, r.y, r.w, r.h).data;
        let s = '';
        for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode(...d.subarray(i, i + 0x8000));
        return btoa(s);
      });
    }, rects)) as string[];
    return b64.map((s, i) => ({ w: rects[i]!.w, h: rects[i]!.h, px: new Uint8Array(Buffer.from(s, 'base64')) }));
  }

  const scaled = (r: Rect, k: number): Rect => ({ x: r.x * k, y: r.y * k, w: r.w * k, h: r.h * k });

  it('draws the ship from its 2× texture on a 2× screen: detail an upscaled 1× sprite cannot have, at its logical size', async () => {
    // P1 idles at its start (192, 400) in the left field: the ship's 40×48 sprite, centred there.
    const field = fieldRects(2)[0]!;
    const ship: Rect = { x: field.x + 192 - 20, y: field.y + 400 - 24, w: 40, h: 48 };
    const png1 = readPng('public/media/sprites/ship0.png');
    const png2 = readPng('public/media/sprites/ship0@2x.png');
    const up = upscaleLinear(png1, 2);
    const got = new Map<number, Rgba>();
    for (const dpr of [1, 2] as const) {
      const { page } = pages.get(dpr)!;
      await frozenMatch(page, { seed: 11, p1: 'idle', p2: 'cpu:hard' }, 120);
      const st = (await inPage(page, (h) => h.state()))!;
      expect(st.sides[0]).toMatchObject({ x: 192, y: 400, hits: 0 });
      got.set(dpr, (await read(page, [scaled(ship, dpr)]))[0]!);
    }
    // Where the sprite is opaque the screen shows its texels alone (no background): compare them.
    const opaque = (img: Rgba) => (i: number) => img.px[i * 4 + 3] === 255;
    const at1 = meanDiff(got.get(1)!, png1, opaque(png1));
    const both = (i: number) => png2.px[i * 4 + 3] === 255 && up.px[i * 4 + 3] === 255;
    const vs2x = meanDiff(got.get(2)!, png2, both);
    const vsUpscale = meanDiff(got.get(2)!, up, both);
    const upVs2x = meanDiff(up, png2, both);
    console.log(
      `ship crop, mean |Δ| over opaque pixels: 1× screen vs 1× PNG ${at1.mean.toFixed(2)} (${at1.n} px); 2× screen vs 2× PNG ` +
        `${vs2x.mean.toFixed(2)}, vs linear upscale of the 1× PNG ${vsUpscale.mean.toFixed(2)} (${vs2x.n} px; the two PNGs differ by ` +
        `${upVs2x.mean.toFixed(2)})`,
    );
    // 1×: the 1× texels, where the sprite belongs. 2×: the 2× texels there, 40×48 units large (an
    // unscaled 2× texture would cover 80×96 and match neither); far from an upscale of the 1× sprite.
    expect(at1.mean).toBeLessThan(1.5);
    expect(vs2x.n).toBeGreaterThan(1000);
    expect(vs2x.mean).toBeLessThan(1.5);
    expect(vsUpscale.mean).toBeGreaterThan(4 * vs2x.mean + 2);
  });

  it('keeps every sprite of both fields at its logical size and place: the 2× fields, shrunk, are the 1× fields', async () => {
    const rects = fieldRects(2);
    for (const [name, o, frame] of [
      ['open', { seed: 11, p1: 'cpu:normal', p2: 'cpu:hard' }, 900],
      ['maze', { seed: 11, p1: 'cpu:normal', p2: 'cpu:hard', stages: 'maze' }, 700],
    ] as const) {
      const shots = new Map<number, Rgba[]>();
      for (const dpr of [1, 2] as const) {
        const { page } = pages.get(dpr)!;
        await frozenMatch(page, o, frame);
        shots.set(
          dpr,
          await read(
            page,
            rects.map((r: FieldRect) => scaled(r, dpr)),
          ),
        );
        await screenshot(page, `hidpi-match-${name}-${dpr}x`);
      }
      for (const side of [0, 1]) {
        const d = blockDiffs(downscale(shots.get(2)![side]!, 2), shots.get(1)![side]!, 8);
        const p99 = d[Math.floor(d.length * 0.99)]!;
        const max = d[d.length - 1]!;
        const median = d[d.length >> 1]!;
        console.log(
          `${name} field ${side}: 8×8 blocks, mean |Δ| (2× shrunk vs 1×): median ${median.toFixed(2)}, ` +
            `p99 ${p99.toFixed(2)}, max ${max.toFixed(2)}`,
        );
        expect(p99, `${name} field ${side}`).toBeLessThan(12);
        expect(max, `${name} field ${side}`).toBeLessThan(32);
      }
    }
    for (const { errors } of pages.values()) expect(errors).toEqual([]);
  });
});
