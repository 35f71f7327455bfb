// Builds the files the game serves as is (public/) from the editable sources (assets/):
//   assets/art/sprites.ts  → public/media/sprites/*.png, public/media/images/*.png, bullets atlas,
//                            public/icon.png (Canvas 2D recipes rendered in headless Chromium), in
//                            two sets: 1× (KEY.png) and 2× (KEY@2x.png, for a canvas drawn at
//                            render scale 2; src/art/art-sets.ts)
//   assets/art/characters.ts → the roster's ships, bosses and portraits, public/media/characters/*.png,
//                            listed by public/media/characters.json and characters@2x.json (loaded on
//                            demand, src/art/character-art.ts); its small icons are in SPRITES
//   assets/sfx/sounds.ts   → public/media/sfx/*.wav (scripts/sfx-synth.ts)
//   DejaVu fonts (Debian fonts-dejavu-core) → public/fonts/twinfield-{sans,sans-bold,mono}.woff2, subset
//                            to the characters the UI uses (scripts/font-text.ts fontText()), with the
//                            licence beside them
//   Noto Sans CJK JP (Debian fonts-noto-cjk; the JP face of its .ttc collections) →
//                            public/fonts/twinfield-jp.woff2 and twinfield-jp-bold.woff2 (CSS family
//                            "Twinfield JP", loaded only when the language is Japanese), subset to the
//                            Japanese the game and the study page show (font-text.ts japaneseText()),
//                            with the OFL beside them (LICENSE-NotoSansCJK.txt)
//   assets/music/*.ts      → public/media/music/NAME.ogg (Opus) and NAME.mp3, public/media/music.json
//                            (scripts/music/render.ts renders PCM in Node; mediabunny encodes it in
//                            Chromium: Opus through WebCodecs, MP3 through @mediabunny/mp3-encoder)
//   → public/media/pack.json and pack@2x.json, the Phaser asset packs (one per art set, sounds in
//     both) the Preloader scene chooses from, and the app icon.
// Usage: npm run -s build:assets [-- --only art|sfx|fonts|music] [--json]
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync, copyFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import subsetFont from 'subset-font';
import { CHARACTER_ART, IMAGES, SPRITES } from '../assets/art/sprites';
import { MASTER, SAMPLE_RATE, SFX_NAMES, SOUNDS } from '../assets/sfx/sounds';
import { ART_SCALES, type ArtScale, type AssetPack, artSuffix, artUrl, type PackFile, packUrl } from '../src/art/art-sets';
import { characterArtUrl, characterPackUrl } from '../src/art/character-keys';
import { MUSIC } from '../assets/music/index';
import { MUSIC_NAMES, type MusicEntry, type MusicManifest } from '../src/audio/music-names';
import { levels, master, renderTrack } from './music/render';
import { encodeWav, renderSound } from './sfx-synth';
import { extractFace, faceIndex, faceNames } from './font-collection';
import { fontText, japaneseText } from './font-text';
import { missingChars, woff2CodePoints } from './woff2-cmap';

const HELP = `build-assets: renders assets/ (sprite recipes, sound definitions) and the bundled fonts into public/.
  The art comes in a 1× and a 2× set (KEY.png, KEY@2x.png), each listed by its own asset pack
  (media/pack.json, media/pack@2x.json; the sounds are in both); the roster's ships, bosses and
  portraits have packs of their own (media/characters.json, media/characters@2x.json).
  Music (assets/music/) is rendered to Opus-in-Ogg and MP3 files with public/media/music.json.
  --only WHAT   art, sfx, fonts or music (default: all)
  --json        print one JSON object (files written, bytes) as the last line`;

const PUB = 'public';
const MEDIA = join(PUB, 'media');
const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
const FONT_LICENCE = '/usr/share/doc/fonts-dejavu-core/copyright';
const CJK_DIR = '/usr/share/fonts/opentype/noto';
const CJK_COPYRIGHT = '/usr/share/doc/fonts-noto-cjk/copyright';
/** The face of the Noto Sans CJK collections that is subset (its family name; the .ttc holds JP, KR, SC, TC, HK and Mono faces). */
const CJK_FAMILY = 'Noto Sans CJK JP';
/**
 * OpenType features the Japanese subset keeps: composition, kerning and ligatures for horizontal text.
 * Keeping all (subset-font's default) keeps every glyph they can reach (locl alone pulls in the
 * Korean and Chinese forms), about 2.3× the size.
 */
const CJK_FEATURES = ['ccmp', 'kern', 'liga', 'calt', 'mark', 'mkmk'];

function fail(msg: string): never {
  process.stderr.write(`error: ${msg}\n`);
  process.exit(2);
}

const written: { path: string; bytes: number }[] = [];
function write(path: string, data: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
  written.push({ path, bytes: typeof data === 'string' ? Buffer.byteLength(data) : data.length });
}

/** Runs the sprite recipes in Chromium at every art scale; returns PNG bytes per output path. */
async function renderArt(): Promise<{
  bulletFrames: Record<string, { x: number; y: number; w: number; h: number }>;
  png: Map<string, Buffer>;
}> {
  const bundle = await build({
    entryPoints: ['assets/art/sprites.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'Art',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const code = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><html><body></body></html>');
    // tsx keeps function names with a __name helper the page does not have.
    await page.addScriptTag({ content: 'window.__name = (f) => f;' });
    await page.addScriptTag({ content: code });
    const sets = ART_SCALES.map((scale) => ({ scale, suffix: artSuffix(scale) }));
    const out = (await page.evaluate((sets) => {
      type Recipe = { key: string; w: number; h: number; draw: (ctx: CanvasRenderingContext2D) => void };
      const A = (
        window as unknown as {
          Art: {
            SPRITES: Recipe[];
            IMAGES: Recipe[];
            CHARACTER_ART: Recipe[];
            BULLET_SHEET: Recipe;
            ICON: Recipe;
            BULLET_CELL: number;
            SHAPE_COUNT: number;
          };
        }
      ).Art;
      // A recipe draws in logical units; at scale s its canvas is s times larger and every path,
      // gradient and line is rasterised at that resolution (not an upscale of the 1× picture).
      const render = (r: Recipe, scale: number): string => {
        const c = document.createElement('canvas');
        c.width = Math.round(r.w * scale);
        c.height = Math.round(r.h * scale);
        const ctx = c.getContext('2d')!;
        ctx.scale(scale, scale);
        r.draw(ctx);
        return c.toDataURL('image/png').slice('data:image/png;base64,'.length);
      };
      const files: Record<string, string> = {};
      for (const { scale, suffix } of sets) {
        for (const [dir, list] of [
          ['sprites', A.SPRITES],
          ['images', A.IMAGES],
        ] as const)
          for (const r of list) files[`media/${dir}/${r.key}${suffix}.png`] = render(r, scale);
        files[`media/sprites/bullets${suffix}.png`] = render(A.BULLET_SHEET, scale);
        for (const r of A.CHARACTER_ART) files[`media/characters/${r.key}${suffix}.png`] = render(r, scale);
      }
      files['icon.png'] = render(A.ICON, 1);
      const frames: Record<string, { x: number; y: number; w: number; h: number }> = {};
      const cols = A.BULLET_SHEET.w / A.BULLET_CELL;
      for (let s = 0; s < A.SHAPE_COUNT; s++)
        for (let c = 0; c < cols; c++)
          frames[`b${s}_${c}`] = { x: c * A.BULLET_CELL, y: s * A.BULLET_CELL, w: A.BULLET_CELL, h: A.BULLET_CELL };
      return { files, frames };
    }, sets)) as {
      files: Record<string, string>;
      frames: Record<string, { x: number; y: number; w: number; h: number }>;
    };
    const png = new Map<string, Buffer>();
    for (const [name, b64] of Object.entries(out.files)) png.set(name, Buffer.from(b64, 'base64'));
    return { bulletFrames: out.frames, png };
  } finally {
    await browser.close();
  }
}

/**
 * Phaser's JSON-hash atlas of the bullet sheet at `scale`: frames in the image's own pixels (texels),
 * as Phaser's parser expects; the game declares the set's scale on the texture (load-assets.ts).
 */
function bulletAtlas(
  frames: Record<string, { x: number; y: number; w: number; h: number }>,
  image: string,
  scale: number,
  size: { w: number; h: number },
): string {
  const f: Record<string, unknown> = {};
  for (const [k, r] of Object.entries(frames)) {
    const w = r.w * scale;
    const h = r.h * scale;
    f[k] = {
      frame: { x: r.x * scale, y: r.y * scale, w, h },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w, h },
      sourceSize: { w, h },
    };
  }
  return `${JSON.stringify(
    {
      frames: f,
      meta: {
        app: 'twinfield scripts/build-assets.ts',
        image,
        format: 'RGBA8888',
        size: { w: size.w * scale, h: size.h * scale },
        scale: String(scale),
      },
    },
    null,
    1,
  )}\n`;
}

/** The texture entries of the art set at `scale` (from the recipe lists, so `--only sfx` knows them too). */
function artFiles(scale: ArtScale): PackFile[] {
  const files: PackFile[] = [];
  for (const r of SPRITES) files.push({ type: 'image', key: r.key, url: artUrl('sprites', r.key, scale) });
  for (const r of IMAGES) files.push({ type: 'image', key: r.key, url: artUrl('images', r.key, scale) });
  files.push({
    type: 'atlas',
    key: 'bullets',
    textureURL: artUrl('sprites', 'bullets', scale),
    atlasURL: artUrl('sprites', 'bullets', scale, 'json'),
  });
  return files;
}

/** The character pack's entries at `scale` (characters.json, characters@2x.json). */
function characterFiles(scale: ArtScale): PackFile[] {
  return CHARACTER_ART.map((r) => ({ type: 'image', key: r.key, url: characterArtUrl(r.key, scale) }));
}

function sfxFiles(): PackFile[] {
  return SFX_NAMES.map((name) => ({ type: 'audio', key: `sfx-${name}`, url: `media/sfx/${name}.wav` }));
}

async function buildArt(): Promise<void> {
  const art = await renderArt();
  rmSync(join(MEDIA, 'sprites'), { recursive: true, force: true });
  rmSync(join(MEDIA, 'images'), { recursive: true, force: true });
  rmSync(join(MEDIA, 'characters'), { recursive: true, force: true });
  for (const [name, bytes] of art.png) write(join(PUB, name), bytes);
  const sheet = { w: 0, h: 0 };
  for (const f of Object.values(art.bulletFrames)) {
    sheet.w = Math.max(sheet.w, f.x + f.w);
    sheet.h = Math.max(sheet.h, f.y + f.h);
  }
  for (const scale of ART_SCALES) {
    const image = artUrl('sprites', 'bullets', scale).split('/').pop()!;
    write(join(PUB, artUrl('sprites', 'bullets', scale, 'json')), bulletAtlas(art.bulletFrames, image, scale, sheet));
  }
}

function buildSfx(): void {
  rmSync(join(MEDIA, 'sfx'), { recursive: true, force: true });
  for (const name of SFX_NAMES)
    write(join(MEDIA, `sfx/${name}.wav`), encodeWav(renderSound(SOUNDS[name], SAMPLE_RATE, MASTER), SAMPLE_RATE));
}

// ---------- music ----------
// Opus at 28 kbps keeps all the Opus files under 1.5 MB (≈ 6 min of music); the MP3 fallback is larger.
const MUSIC_BITRATE = { opus: 28_000, mp3: 96_000 };

/** Renders every track (Node) and encodes it twice in Chromium; writes the files and the manifest. */
async function buildMusic(): Promise<void> {
  const bundle = await build({
    entryPoints: ['scripts/music/encode-page.ts'],
    bundle: true,
    format: 'iife',
    globalName: 'Enc',
    write: false,
    platform: 'browser',
    target: 'es2022',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox'],
  });
  rmSync(join(MEDIA, 'music'), { recursive: true, force: true });
  const tracks = {} as MusicManifest['tracks'];
  let rate = 0;
  try {
    const page = await browser.newPage();
    // WebCodecs needs a secure context: about:blank is not one, a page at http://localhost is.
    await page.route('http://localhost/**', (r) => r.fulfill({ contentType: 'text/html', body: '<!doctype html><title>enc</title>' }));
    await page.goto('http://localhost/');
    await page.addScriptTag({ content: 'window.__name = (f) => f;' });
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    for (const name of MUSIC_NAMES) {
      const r = master(renderTrack(MUSIC[name]));
      rate = r.rate;
      const lv = levels(r);
      const n = r.left.length;
      const pcm = Buffer.alloc(n * 4);
      for (let i = 0; i < n; i++) {
        pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, r.left[i]!)) * 32767), i * 4);
        pcm.writeInt16LE(Math.round(Math.max(-1, Math.min(1, r.right[i]!)) * 32767), i * 4 + 2);
      }
      const b64 = pcm.toString('base64');
      const files: Record<'opus' | 'mp3', Buffer> = { opus: Buffer.alloc(0), mp3: Buffer.alloc(0) };
      const offset = { ogg: 0, mp3: 0 };
      for (const codec of ['opus', 'mp3'] as const) {
        const out = await page.evaluate(
          ([pcm, rate, codec, bitrate]) =>
            (
              window as unknown as {
                Enc: { encode: (...a: unknown[]) => Promise<{ file: string; offset: number; decodedS: number }> };
              }
            ).Enc.encode(pcm, rate, codec, bitrate),
          [b64, r.rate, codec, MUSIC_BITRATE[codec]] as const,
        );
        files[codec] = Buffer.from(out.file, 'base64');
        offset[codec === 'opus' ? 'ogg' : 'mp3'] = round6(out.offset);
      }
      const ogg = `media/music/${name}.ogg`;
      const mp3 = `media/music/${name}.mp3`;
      write(join(PUB, ogg), files.opus);
      write(join(PUB, mp3), files.mp3);
      const entry: MusicEntry = {
        ogg,
        mp3,
        duration: round6(n / r.rate),
        loop: r.loop ? { start: round6(r.loop.start / r.rate), end: round6(r.loop.end / r.rate) } : null,
        hash: createHash('sha256').update(pcm).digest('hex').slice(0, 16),
        bytes: { ogg: files.opus.length, mp3: files.mp3.length },
        offset,
        levels: { peakDb: Math.round(lv.peakDb * 100) / 100, rmsDb: Math.round(lv.rmsDb * 100) / 100 },
      };
      tracks[name] = entry;
      process.stdout.write(
        `  music ${name}: ${entry.duration.toFixed(1)} s, peak ${lv.peakDb.toFixed(1)} dBFS, RMS ${lv.rmsDb.toFixed(1)} dBFS, ` +
          `ogg ${(files.opus.length / 1024).toFixed(0)} KiB (offset ${(offset.ogg * 1000).toFixed(1)} ms), ` +
          `mp3 ${(files.mp3.length / 1024).toFixed(0)} KiB (offset ${(offset.mp3 * 1000).toFixed(1)} ms)\n`,
      );
    }
  } finally {
    await browser.close();
  }
  const manifest: MusicManifest = { rate, tracks };
  write(join(MEDIA, 'music.json'), `${JSON.stringify(manifest, null, 1)}\n`);
}

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

async function buildFonts(): Promise<void> {
  if (!existsSync(FONT_DIR)) fail(`${FONT_DIR}: DejaVu fonts not found (apt-get install fonts-dejavu-core)`);
  if (!existsSync(CJK_DIR)) fail(`${CJK_DIR}: Noto Sans CJK not found (apt-get install fonts-noto-cjk)`);
  rmSync(join(PUB, 'fonts'), { recursive: true, force: true });
  const text = fontText();
  for (const [src, out] of [
    ['DejaVuSans.ttf', 'twinfield-sans.woff2'],
    ['DejaVuSans-Bold.ttf', 'twinfield-sans-bold.woff2'],
    ['DejaVuSansMono.ttf', 'twinfield-mono.woff2'],
  ] as const) {
    const bytes = await subsetFont(readFileSync(join(FONT_DIR, src)), text, { targetFormat: 'woff2' });
    write(join(PUB, 'fonts', out), bytes);
  }
  mkdirSync(join(PUB, 'fonts'), { recursive: true });
  copyFileSync(FONT_LICENCE, join(PUB, 'fonts', 'LICENSE-DejaVu.txt'));
  written.push({ path: join(PUB, 'fonts', 'LICENSE-DejaVu.txt'), bytes: readFileSync(FONT_LICENCE).length });
  await buildJapaneseFonts();
  write(
    join(PUB, 'fonts', 'README.txt'),
    'DejaVu Sans, DejaVu Sans Bold and DejaVu Sans Mono (Debian package fonts-dejavu-core), subset to the\n' +
      'characters the game shows (scripts/build-assets.ts) and renamed Twinfield Sans / Twinfield Mono as the\n' +
      'Bitstream Vera licence asks of modified fonts. Licence: LICENSE-DejaVu.txt beside this file.\n' +
      '\n' +
      'twinfield-jp.woff2 and twinfield-jp-bold.woff2: Noto Sans CJK JP Regular and Bold (Debian package\n' +
      'fonts-noto-cjk, the JP face of NotoSansCJK-Regular.ttc / -Bold.ttc), subset to the Japanese the game and\n' +
      'the study page show (scripts/font-text.ts) and served under the CSS family name "Twinfield JP".\n' +
      'Licence: SIL Open Font License 1.1, LICENSE-NotoSansCJK.txt beside this file.\n',
  );
}

/** The SIL OFL paragraph of a Debian copyright file, as plain text (its one-space indent and "." lines undone). */
function oflText(copyright: string): string {
  const m = /^License: SIL-1\.1\n((?: .*\n?)+)/m.exec(copyright);
  if (!m) fail(`${CJK_COPYRIGHT}: no 'License: SIL-1.1' paragraph`);
  return m[1]!
    .split('\n')
    .map((l) => (l === ' .' ? '' : l.slice(1)))
    .join('\n')
    .trimEnd();
}

/** The JP face of Noto Sans CJK Regular and Bold, subset to japaneseText(), and its licence. */
async function buildJapaneseFonts(): Promise<void> {
  const text = japaneseText();
  let notice = '';
  for (const [src, out] of [
    ['NotoSansCJK-Regular.ttc', 'twinfield-jp.woff2'],
    ['NotoSansCJK-Bold.ttc', 'twinfield-jp-bold.woff2'],
  ] as const) {
    const ttc = readFileSync(join(CJK_DIR, src));
    const index = faceIndex(ttc, CJK_FAMILY);
    notice ||= faceNames(ttc, 0)[index]!;
    const bytes = await subsetFont(extractFace(ttc, index), text, { targetFormat: 'woff2', keepFeatures: CJK_FEATURES });
    const lacking = missingChars(text, woff2CodePoints(bytes));
    if (lacking) process.stderr.write(`warning: ${CJK_FAMILY} (${src}) has no glyph for ${JSON.stringify(lacking)}\n`);
    write(join(PUB, 'fonts', out), bytes);
    process.stdout.write(`  ${out}: face ${index} of ${src}, ${[...text].length} characters, ${(bytes.length / 1024).toFixed(0)} KiB\n`);
  }
  write(
    join(PUB, 'fonts', 'LICENSE-NotoSansCJK.txt'),
    'twinfield-jp.woff2 and twinfield-jp-bold.woff2 are subsets of Noto Sans CJK JP Regular and Bold\n' +
      '(https://github.com/googlefonts/noto-cjk, as packaged by Debian in fonts-noto-cjk).\n' +
      `Copyright notice of the font: ${notice}\n` +
      `Copyright in Debian's copyright file: ${/^Files: \*\nCopyright: (.*)$/m.exec(readFileSync(CJK_COPYRIGHT, 'utf8'))?.[1] ?? '?'}\n` +
      'They are licensed under the SIL Open Font License, Version 1.1:\n\n' +
      `${oflText(readFileSync(CJK_COPYRIGHT, 'utf8'))}\n`,
  );
}

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  let only: string | null = null;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      process.stdout.write(`${HELP}\n`);
      return;
    }
    if (a === '--json') json = true;
    else if (a === '--only') {
      only = argv[++i] ?? '';
      if (!['art', 'sfx', 'fonts', 'music'].includes(only)) fail(`--only: expected art, sfx, fonts or music, got '${only}'`);
    } else fail(`unknown argument ${a} (see --help)`);
  }
  if (!only || only === 'art') await buildArt();
  if (!only || only === 'sfx') buildSfx();
  if (!only || only === 'fonts') await buildFonts();
  if (!only || only === 'music') await buildMusic();
  // One pack per art set: its textures and the sounds (both sets share the WAVs).
  if (!only || only === 'art' || only === 'sfx')
    for (const scale of ART_SCALES) {
      const pack: AssetPack = {
        main: { files: [...artFiles(scale), ...sfxFiles()] },
        meta: { resolution: scale, app: 'twinfield scripts/build-assets.ts' },
      };
      write(join(PUB, packUrl(scale)), `${JSON.stringify(pack, null, 1)}\n`);
      const characters: AssetPack = {
        main: { files: characterFiles(scale) },
        meta: { resolution: scale, app: 'twinfield scripts/build-assets.ts' },
      };
      write(join(PUB, characterPackUrl(scale)), `${JSON.stringify(characters, null, 1)}\n`);
    }
  const total = written.reduce((s, f) => s + f.bytes, 0);
  process.stdout.write(`wrote ${written.length} files, ${(total / 1024).toFixed(0)} KiB\n`);
  for (const scale of ART_SCALES) {
    const inSet = new RegExp(`^public/media/(sprites|images)/[^@/]+${artSuffix(scale)}\\.(png|json)$`);
    const bytes = written.filter((f) => inSet.test(f.path.replaceAll('\\', '/'))).reduce((s, f) => s + f.bytes, 0);
    if (bytes) process.stdout.write(`  art ${scale}×: ${(bytes / 1024).toFixed(0)} KiB\n`);
    const inChars = new RegExp(`^public/media/characters/[^@/]+${artSuffix(scale)}\\.png$`);
    const chars = written.filter((f) => inChars.test(f.path.replaceAll('\\', '/'))).reduce((s, f) => s + f.bytes, 0);
    if (chars) process.stdout.write(`  characters ${scale}×: ${(chars / 1024).toFixed(0)} KiB\n`);
  }
  if (json) process.stdout.write(`${JSON.stringify({ files: written, bytes: total })}\n`);
}

main().catch((e) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
