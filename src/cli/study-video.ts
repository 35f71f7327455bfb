// `study build --video`: WebM and MP4 files of every clip, for survey platforms that take videos.
// The built rater page renders them itself (?view=render, src/study/page/render.ts) in headless
// Chromium (playwright-core; CHROMIUM_PATH or /usr/bin/chromium), so a video shows exactly what the
// page shows. Files go to site/video/ under the clip's opaque file name; the manifest lists them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseManifest, type Manifest } from '../study/manifest';

export interface VideoResult {
  /** `seconds`: the page's render of that file (fetch, re-simulation, render, encode, transfer). */
  files: { clip: string; path: string; bytes: number; codec: string; frames: number; seconds: number }[];
  /** All of it: the server, the browser and the page's start-up included. */
  seconds: number;
}

/** What renderVideos passes to the page's renderer (src/study/page/render.ts, `RenderOptions`). */
export interface VideoOptions {
  /**
   * Real time (ms) the page lets pass before it renders each frame. Nothing a clip shows may depend
   * on it: tests render a package again with a delay and compare the files.
   */
  frameDelayMs?: number;
  /**
   * Renders the clips last to first (the manifest keeps its order). Nothing a clip shows may depend
   * on the clips rendered before it in the page: tests render a package again reversed and compare.
   */
  reversed?: boolean;
}

type PageRender = (id: string, format: string, o: VideoOptions) => Promise<{ base64: string; codec: string; frames: number }>;

export async function renderVideos(
  site: string,
  formats: readonly ('webm' | 'mp4')[],
  progress: (line: string) => void,
  opts: VideoOptions = {},
): Promise<VideoResult> {
  const t0 = performance.now();
  const { preview } = await import('vite');
  const { chromium } = await import('playwright-core');
  const manifestPath = join(site, 'manifest.json');
  const m: Manifest = parseManifest(JSON.parse(readFileSync(manifestPath, 'utf8')), manifestPath);
  const server = await preview({
    root: site,
    configFile: false,
    logLevel: 'silent',
    build: { outDir: site },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'],
  });
  const files: VideoResult['files'] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
    await page.goto(`${server.resolvedUrls!.local[0]!}?view=render`);
    await page.waitForSelector('[data-renderer="ready"]', { timeout: 60_000 });
    mkdirSync(join(site, 'video'), { recursive: true });
    let n = 0;
    const pageOpts = { frameDelayMs: opts.frameDelayMs };
    for (const clip of opts.reversed ? [...m.clips].reverse() : m.clips) {
      clip.video = {};
      for (const format of formats) {
        const t = performance.now();
        const args = [clip.id, format, pageOpts] as const;
        const r = await page.evaluate(([id, f, o]) => (window as unknown as { __studyRender: PageRender }).__studyRender(id, f, o), args);
        const seconds = (performance.now() - t) / 1000;
        const bytes = Buffer.from(r.base64, 'base64');
        const path = `video/${clip.file.replace(/^clips\//, '').replace(/\.twrp$/, '')}.${format}`;
        writeFileSync(join(site, path), bytes);
        clip.video[format] = path;
        files.push({ clip: clip.id, path, bytes: bytes.length, codec: r.codec, frames: r.frames, seconds });
        progress(
          `video ${++n}/${m.clips.length * formats.length}: ${path} (${r.codec}, ${(bytes.length / 1024).toFixed(0)} KiB, ` +
            `${(r.frames / seconds).toFixed(1)} frames/s)`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.close();
  }
  writeFileSync(manifestPath, `${JSON.stringify(parseManifest(m), null, 2)}\n`);
  return { files, seconds: (performance.now() - t0) / 1000 };
}
