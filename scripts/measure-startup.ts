// Startup cost of built games: the JavaScript a visitor downloads before the title screen (raw and
// gzip) and the time from navigation to an interactive title screen in headless Chromium.
// Usage: npm run -s measure:startup -- [--dist DIR]... [--runs N] [--lang en|ja] [--json]
// Each --dist is a built game (vite build output); the first is the baseline the others are compared
// with. Runs are interleaved (A B A B …), each in a fresh browser context (cold cache).
import { readFileSync, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const HELP = `measure-startup: initial JS (gzip) and time to an interactive title screen of built games.
  --dist DIR   a built game folder (repeatable; default dist). The first is the baseline.
  --runs N     page loads per build (default 5); medians are reported
  --lang L     the saved language before each load: en or ja (ja: the title waits for the Japanese catalogue and font)
  --json       print one JSON object as the last line`;

const MIME: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.png': 'image/png',
  '.json': 'application/json',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

function fail(msg: string): never {
  process.stderr.write(`error: ${msg}\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { dists: string[]; runs: number; json: boolean; lang: 'en' | 'ja' | null } {
  const dists: string[] = [];
  let runs = 5;
  let json = false;
  let lang: 'en' | 'ja' | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') {
      process.stdout.write(`${HELP}\n`);
      process.exit(0);
    } else if (a === '--json') json = true;
    else if (a === '--dist') {
      const d = argv[++i];
      if (!d) fail('--dist needs a folder');
      dists.push(d);
    } else if (a === '--lang') {
      const l = argv[++i];
      if (l !== 'en' && l !== 'ja') fail(`--lang: expected en or ja, got ${l ?? 'nothing'}`);
      lang = l;
    } else if (a === '--runs') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1 || n > 50) fail(`--runs: expected an integer 1..50, got ${argv[i]}`);
      runs = n;
    } else fail(`unknown argument ${a} (see --help)`);
  }
  if (!dists.length) dists.push('dist');
  for (const d of dists) if (!existsSync(join(d, 'index.html'))) fail(`--dist ${d}: no index.html there (build first: npm run -s build)`);
  return { dists, runs, json, lang };
}

/** The scripts index.html loads before anything runs: its module entry and modulepreload links. */
export function initialScripts(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) out.add(m[1]!);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) out.add(m[1]!);
  return [...out];
}

function jsSizes(dist: string): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = initialScripts(html);
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const buf = readFileSync(join(dist, f));
    raw += buf.length;
    gzip += gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip };
}

function serve(dist: string): Promise<{ server: Server; url: string }> {
  const root = resolve(dist);
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0]!));
    let file = join(root, path);
    if (!file.startsWith(root)) {
      res.writeHead(403).end();
      return;
    }
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      ok({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/` });
    }),
  );
}

const median = (xs: number[]): number => {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const { dists, runs, json, lang } = parseArgs(process.argv.slice(2));
  const servers = await Promise.all(dists.map(serve));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--no-sandbox', '--disable-background-networking', '--no-first-run'],
  });
  const times: number[][] = dists.map(() => []);
  try {
    for (let r = 0; r < runs; r++) {
      for (let d = 0; d < dists.length; d++) {
        const ctx = await browser.newContext({ viewport: { width: 960, height: 540 } });
        if (lang)
          await ctx.addInitScript((l) => localStorage.setItem('twinfield.settings', JSON.stringify({ version: 1, language: l })), lang);
        const page = await ctx.newPage();
        await page.goto(servers[d]!.url);
        // The title screen marks itself (performance.mark); older builds set __twinfield.ready.
        const ms = (await page
          .waitForFunction(
            () => {
              const mark = performance.getEntriesByName('twinfield:title');
              if (mark.length) return mark[0]!.startTime;
              return (window as unknown as { __twinfield?: { ready: boolean } }).__twinfield?.ready ? performance.now() : 0;
            },
            null,
            { timeout: 60_000, polling: 'raf' },
          )
          .then((h) => h.jsonValue())) as number;
        times[d]!.push(ms);
        await ctx.close();
        process.stderr.write(`run ${r + 1}/${runs} ${dists[d]}: ${ms.toFixed(0)} ms\n`);
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.server.close();
  }
  const base = { js: jsSizes(dists[0]!), ms: median(times[0]!) };
  const rows = dists.map((dist, d) => {
    const js = jsSizes(dist);
    const ms = median(times[d]!);
    return {
      dist,
      initialJsFiles: js.files.length,
      initialJsBytes: js.raw,
      initialJsGzipBytes: js.gzip,
      titleMsMedian: Math.round(ms),
      titleMs: times[d]!.map(Math.round),
      gzipRatio: +(js.gzip / base.js.gzip).toFixed(3),
      titleRatio: +(ms / base.ms).toFixed(3),
    };
  });
  for (const r of rows)
    process.stdout.write(
      `${r.dist}: initial JS ${(r.initialJsBytes / 1024).toFixed(0)} KiB in ${r.initialJsFiles} file(s), gzip ` +
        `${(r.initialJsGzipBytes / 1024).toFixed(0)} KiB (×${r.gzipRatio}); title after ${r.titleMsMedian} ms median of ${runs} ` +
        `(×${r.titleRatio})\n`,
    );
  if (json) process.stdout.write(`${JSON.stringify({ runs, builds: rows })}\n`);
}

main().catch((e) => {
  process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
