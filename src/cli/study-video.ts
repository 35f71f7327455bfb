// `study build --video`: WebM and MP4 files of every clip, for survey platforms that take videos.
// The built rater page renders them itself (?view=render, src/study/page/render.ts) in headless
// Chromium (playwright-core; CHROMIUM_PATH or /usr/bin/chromium), so a video shows exactly what the
// page shows. Each clip is rendered once for all its formats; the time goes into SwiftShader's
// rendering of each frame (docs/study.md, Figures). One browser keeps about one core busy (the page
// and its GPU process take turns), so a browser per core renders clips side by side (up to 2).
// Files go to site/video/ under the clip's opaque file name; the manifest lists them.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { ClipEncoding } from '../clips/export-clip';
import { parseManifest, type Manifest } from '../study/manifest';

export interface VideoResult {
  /**
   * `seconds`: the page's render of that file's clip (fetch, re-simulation, render, encode, transfer),
   * all formats of a clip at once: each format of a clip shows the same render's seconds.
   */
  files: { clip: string; path: string; bytes: number; codec: string; frames: number; seconds: number; hudLives: string }[];
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
  /** Overrides the page's encoding (STUDY_VIDEO_ENCODING in src/study/page/render.ts): figures and experiments. */
  encoding?: ClipEncoding;
  /** Video frames per second (`study build --video-fps`): 60, every sim frame (default), or 30. */
  fps?: 60 | 30;
  /**
   * Browsers rendering clips side by side, each with its own GPU process (SwiftShader); default one
   * per core, at most 2. Two pages of one browser share its GPU process and did not render faster.
   */
  browsers?: number;
}

type PageRender = (
  id: string,
  formats: readonly string[],
  o: { frameDelayMs?: number; encoding?: ClipEncoding; fps?: 60 | 30 },
) => Promise<{ base64: string; codec: string; frames: number; hudLives: string }[]>;

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
  const launch = () =>
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox'],
    });
  const files: VideoResult['files'] = [];
  try {
    const url = `${server.resolvedUrls!.local[0]!}?view=render`;
    mkdirSync(join(site, 'video'), { recursive: true });
    const queue = opts.reversed ? [...m.clips].reverse() : [...m.clips];
    const total = m.clips.length * formats.length;
    const pageOpts = { frameDelayMs: opts.frameDelayMs, encoding: opts.encoding, fps: opts.fps };
    // Each browser takes the next clip until none is left; a clip's files depend on nothing else.
    const worker = async () => {
      const browser = await launch();
      try {
        await renderIn(browser);
      } finally {
        await browser.close();
      }
    };
    const renderIn = async (browser: Awaited<ReturnType<typeof launch>>) => {
      const page = await browser.newPage({ viewport: { width: 960, height: 600 } });
      await page.goto(url);
      await page.waitForSelector('[data-renderer="ready"]', { timeout: 60_000 });
      for (let clip = queue.shift(); clip; clip = queue.shift()) {
        const t = performance.now();
        const args = [clip.id, formats, pageOpts] as const;
        const rs = await page.evaluate(([id, f, o]) => (window as unknown as { __studyRender: PageRender }).__studyRender(id, f, o), args);
        const seconds = (performance.now() - t) / 1000;
        clip.video = {};
        for (const [i, format] of formats.entries()) {
          const r = rs[i]!;
          const bytes = Buffer.from(r.base64, 'base64');
          const path = `video/${clip.file.replace(/^clips\//, '').replace(/\.twrp$/, '')}.${format}`;
          writeFileSync(join(site, path), bytes);
          clip.video[format] = path;
          files.push({ clip: clip.id, path, bytes: bytes.length, codec: r.codec, frames: r.frames, seconds, hudLives: r.hudLives });
          progress(
            `video ${files.length}/${total}: ${path} (${r.codec}, ${(bytes.length / 1024).toFixed(0)} KiB, ` +
              `${(r.frames / seconds).toFixed(1)} frames/s${formats.length > 1 ? ` with the clip's other formats` : ''})`,
          );
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.max(1, Math.min(opts.browsers ?? Math.min(2, availableParallelism()), m.clips.length)) }, worker),
    );
  } finally {
    await server.close();
  }
  // In the manifest's order, whichever page rendered them.
  const order = new Map(m.clips.map((c, i) => [c.id, i]));
  files.sort(
    (a, b) =>
      order.get(a.clip)! - order.get(b.clip)! ||
      formats.indexOf(a.path.split('.').pop() as 'webm') - formats.indexOf(b.path.split('.').pop() as 'webm'),
  );
  writeFileSync(manifestPath, `${JSON.stringify(parseManifest(m), null, 2)}\n`);
  return { files, seconds: (performance.now() - t0) / 1000 };
}
