// The rater page online, in Chromium: inside JATOS (served under a /publix/ address with a jatos.js
// stand-in that records every call: the run starts in jatos.onLoad, one appendResultData line per
// saved step, the practice replay uploaded with uploadResultFile, the group balanced through the
// batch session's test-and-set, endStudy last), and a Prolific participant on a static host with
// answers.postUrl (the ids recorded, the POST retried after a failure, the completion code shown and
// the redirect to Prolific only once the answers are stored); and with the study server (src/server/,
// started in this process): a rater joins, every step and the practice replay are stored there, the
// same pid resumes on another device; the remote recording view plays both drill variants, each
// accepted by the server, and a wrong token is refused with the server's reason.
import { cpSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { writePackage } from '../../src/cli/study-site';
import { createStudyServer, type StudyServer } from '../../src/server/app';
import { decodeReplay } from '../../src/replay';
import { buildPackage } from '../../src/study/build';
import { type Manifest, parseManifest } from '../../src/study/manifest';
import { stepsFor } from '../../src/study/flow';
import { paperInput } from '../study/page/fixtures';
import { type Child, startServerProcess } from '../server/spawn';
import { launch, screenshot } from './browser';

const DIR = resolve('test-artifacts/study-online-e2e');
const SITE = join(DIR, 'site');
const STANDIN = resolve('tests/e2e/jatos-standin.js');
const JATOS_PREFIX = '/publix/abc123/';
const STATIC_PREFIX = '/study/';
const CODE = 'CQ7X2M1';

let manifest: Manifest;
let server: Server;
let origin: string;
let browser: Browser;
/** Bodies POSTed to /collect (answers.postUrl); the first POST is answered 503. */
const collected: unknown[] = [];
let collectCalls = 0;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
  '.twrp': 'application/octet-stream',
};

/** Serves site/ under /publix/abc123/ (with the stand-in as jatos.js) and /study/, and takes POST /collect. */
function serve(): Promise<void> {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname === '/collect') {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        collectCalls++;
        if (collectCalls === 1) {
          res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"busy"}');
          return;
        }
        collected.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    const prefix = [JATOS_PREFIX, STATIC_PREFIX].find((p) => url.pathname.startsWith(p));
    if (!prefix) return void res.writeHead(404).end();
    let rel = decodeURIComponent(url.pathname.slice(prefix.length)) || 'index.html';
    if (rel.endsWith('/')) rel += 'index.html';
    const file =
      prefix === JATOS_PREFIX && rel === 'jatos.js' ? STANDIN : normalize(join(SITE, rel)).startsWith(SITE) ? join(SITE, rel) : '';
    try {
      if (!file || !statSync(file).isFile()) throw new Error('missing');
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
      res.end(readFileSync(file));
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((ok) =>
    server.listen(0, '127.0.0.1', () => {
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      ok();
    }),
  );
}

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  cpSync(inject('studyPage'), SITE, { recursive: true }); // the page global-setup built
  const pkg = buildPackage(paperInput(60));
  writePackage(pkg, DIR, SITE);
  // One set per group keeps the run short; the study records the practice and ends on Prolific.
  const m = JSON.parse(JSON.stringify(pkg.manifest)) as Record<string, unknown> & Manifest;
  m.groups = m.groups.map((g) => ({ ...g, sets: g.sets.slice(0, 1) }));
  m.attention = [];
  m.setOrder = 'fixed';
  await serve();
  m.answers = { postUrl: `${origin}/collect`, jatos: false };
  m.prolific = { completionCode: CODE };
  // Two short drill variants to record remotely (the server checks each replay against its config).
  const short = { ...m.practice.config, timeLimit: 90 };
  m.recording = { practice: true, configs: { a: { ...short, seed: 11 }, b: { ...short, seed: 12 } } };
  manifest = parseManifest(m);
  writeFileSync(join(SITE, 'manifest.json'), JSON.stringify(manifest, null, 2));
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await new Promise((r) => server?.close(r));
});

/**
 * Plays the rater flow to the end with whatever screen shows: buttons clicked, the first option of
 * every multiple choice, 3 on every scale; the practice and the clips play by themselves.
 */
async function playThrough(page: Page): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (await page.evaluate(() => !!document.getElementById('study')?.dataset.done)) return;
    const acted = (await page.evaluate(() => {
      const root = document.getElementById('study')!;
      if (root.querySelector('#stage')) return 'playing';
      const rating = root.querySelector<HTMLFormElement>('form.tf-rating, form.tf-choice');
      if (rating) {
        for (const fs of rating.querySelectorAll('fieldset')) {
          const radios = fs.querySelectorAll<HTMLInputElement>('input[type=radio]');
          (radios[2] ?? radios[0])?.click();
        }
        const b = rating.querySelector<HTMLButtonElement>('button[type=submit]');
        if (b && !b.disabled) b.click();
        return 'rated';
      }
      const mc = root.querySelector('#jspsych-survey-multi-choice-next')?.closest('form');
      if (mc) {
        const names = new Set([...mc.querySelectorAll<HTMLInputElement>('input[type=radio]')].map((r) => r.name));
        for (const n of names) mc.querySelector<HTMLInputElement>(`input[type=radio][name="${n}"]`)?.click();
        mc.querySelector<HTMLInputElement>('#jspsych-survey-multi-choice-next')?.click();
        return 'chose';
      }
      const btn = root.querySelector<HTMLButtonElement>('.jspsych-btn:not([disabled])');
      if (btn && !root.dataset.done) {
        btn.click();
        return 'clicked';
      }
      return 'waiting';
    })) as string;
    await page.waitForTimeout(acted === 'playing' || acted === 'waiting' ? 200 : 400);
  }
  throw new Error('the rater flow did not reach its end');
}

interface Call {
  fn: string;
  data?: string;
  filename?: string;
  size?: number;
  base64?: string;
  name?: string;
  value?: Record<string, number>;
}

describe('rater page inside JATOS (jatos.js stand-in)', () => {
  it('starts in onLoad, appends one line per saved step, uploads the practice, balances by batch session, ends last', async (ctx) => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-online-jatos-failed');
    });
    await page.goto(`${origin}${JATOS_PREFIX}?lang=en`);
    await playThrough(page);
    await page.waitForFunction(
      () => ((window as unknown as { __jatosCalls: { fn: string }[] }).__jatosCalls ?? []).some((c) => c.fn.startsWith('endStudy')),
      null,
      { timeout: 60_000 },
    );
    const calls = (await page.evaluate(() => (window as unknown as { __jatosCalls: unknown[] }).__jatosCalls)) as Call[];
    expect(calls[0]!.fn).toBe('onLoad');
    // The group: the first set refused (someone else counted in A meanwhile), read again, B taken.
    const sets = calls.filter((c) => c.fn === 'batchSession.set');
    expect(sets).toHaveLength(2);
    expect(sets[1]!.value).toEqual({ A: 1, B: 1 });
    const lines = calls.filter((c) => c.fn === 'appendResultData').map((c) => c.data!);
    for (const l of lines) expect(l.endsWith('\n') && !l.slice(0, -1).includes('\n')).toBe(true);
    const objs = lines.map(
      (l) => JSON.parse(l) as { twinfield: number; kind: string; record: { progress: number; answer: Record<string, unknown> } },
    );
    for (const o of objs) expect(Object.keys(o)).toEqual(['twinfield', 'kind', 'record']);
    expect(objs.every((o) => o.twinfield === 1 && o.kind === 'record')).toBe(true);
    const last = objs.at(-1)!.record;
    expect(last.answer.group).toBe('B');
    const steps = stepsFor(manifest, 'B');
    // One line per saved step, in order: progress 1, 2, … to the end.
    expect(objs.map((o) => o.record.progress)).toEqual(Array.from({ length: steps.length - 1 }, (_, i) => i + 1));
    expect(last.answer.finishedAt).not.toBeNull();
    expect(last.answer.trials as unknown[]).toHaveLength(1);
    // The practice replay, a person's play of the study's practice config.
    const uploads = calls.filter((c) => c.fn === 'uploadResultFile');
    expect(uploads.map((u) => u.filename)).toEqual([`practice-${last.answer.pid}.twrp`]);
    const replay = decodeReplay(Buffer.from(uploads[0]!.base64!, 'base64'));
    expect(replay.sides[0]!.human).toBe(true);
    expect(replay.frames).toBeGreaterThan(60);
    expect((replay.extra.study as { pid: string; kind: string }).kind).toBe('practice');
    // The end comes after every line and the upload.
    const endAt = calls.findIndex((c) => c.fn === 'endStudy');
    expect(endAt).toBe(calls.length - 1);
    expect(calls.filter((c) => c.fn === 'endStudyAndRedirect')).toEqual([]);
    expect(await page.getAttribute('#study', 'data-sent')).toBe('sent');
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('rater page from Prolific on a static host (answers.postUrl)', () => {
  it('records the ids, retries the POST, shows the code and returns to Prolific only after the answers are stored', async (ctx) => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-online-prolific-failed');
    });
    let prolificHit = '';
    await page.route('https://app.prolific.com/**', (route) => {
      prolificHit = route.request().url();
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<p>prolific</p>' });
    });
    const ids = 'PROLIFIC_PID=5f0c9e1a2b3c4d5e6f708192&STUDY_ID=63aa01bb02cc03dd&SESSION_ID=s7k2m9x1';
    await page.goto(`${origin}${STATIC_PREFIX}?lang=en&${ids}`);
    await playThrough(page);
    // Not before the answers are stored (the first POST failed and was retried).
    await page.waitForFunction(() => document.getElementById('study')?.dataset.stored === '1', null, { timeout: 60_000 });
    expect(collectCalls).toBe(2);
    expect(collected).toHaveLength(1);
    const answer = collected[0] as { prolific: unknown; finishedAt: string | null; trials: unknown[] };
    expect(answer.prolific).toEqual({ pid: '5f0c9e1a2b3c4d5e6f708192', studyId: '63aa01bb02cc03dd', sessionId: 's7k2m9x1' });
    expect(answer.finishedAt).not.toBeNull();
    expect(await page.textContent('.tf-code')).toBe(CODE);
    await screenshot(page, 'study-online-prolific-end');
    await page.waitForURL(/app\.prolific\.com/, { timeout: 30_000 });
    expect(prolificHit).toBe(`https://app.prolific.com/submissions/complete?cc=${CODE}`);
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('with the study server', () => {
  let study: StudyServer;
  let base: string;
  const TOKEN = 'rec-token-e2e-1';

  beforeAll(async () => {
    study = await createStudyServer({ out: DIR, recordToken: TOKEN, rateLimit: 0 });
    await study.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(study.app.server.address() as AddressInfo).port}/`;
  });

  afterAll(async () => {
    await study?.close();
  });

  it('joins through the server, stores every step and the practice there, and resumes the pid on another device', async (ctx) => {
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-online-server-failed');
    });
    await page.route('https://app.prolific.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }));
    // The connection drops for every save (PUT) of the run: nothing is lost, the page says what waits.
    const saves = /\/api\/participants\/[^/?]+$/;
    await page.route(saves, (route) => (route.request().method() === 'PUT' ? route.abort('internetdisconnected') : route.continue()));
    await page.goto(`${base}?lang=en&PROLIFIC_PID=aa11bb22&STUDY_ID=cc33&SESSION_ID=dd44`);
    await page.waitForFunction(() => document.body.dataset.channel === 'server', null, { timeout: 30_000 });
    await playThrough(page);
    const pid = (await page.getAttribute('#study', 'data-done'))!;
    const group = ((await (await fetch(`${base}api/participants/${pid}`)).json()) as { record: { answer: { group: string } } }).record
      .answer.group;
    const steps = stepsFor(manifest, group);
    await page.waitForFunction(
      (n) => document.querySelector('.tf-outbox')?.textContent === `${n} answers not sent yet — retrying`,
      steps.length - 1,
      { timeout: 30_000 },
    );
    expect(await page.getAttribute('#study', 'data-stored')).toBeNull(); // no redirect to Prolific yet
    await screenshot(page, 'study-online-unsent');
    await page.unroute(saves);
    // Back online: the browser says so and the outbox tries at once (not after its backoff).
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await page.waitForFunction(() => document.getElementById('study')?.dataset.stored === '1', null, { timeout: 90_000 });
    expect(await page.isHidden('.tf-outbox')).toBe(true);
    const r = await fetch(`${base}api/participants/${pid}`);
    const { record } = (await r.json()) as { record: { progress: number; groupHow: string; answer: Record<string, unknown> } };
    expect(record.progress).toBe(steps.length - 1);
    expect(record.groupHow).toBe('server');
    expect(record.answer.prolific).toEqual({ pid: 'aa11bb22', studyId: 'cc33', sessionId: 'dd44' });
    const rows = study.ctx.db.prepare("SELECT kind, pid, frames FROM replays WHERE kind = 'practice'").all() as {
      pid: string;
      frames: number;
    }[];
    expect(rows.map((x) => x.pid)).toEqual([pid]);
    expect(rows[0]!.frames).toBeGreaterThan(60);
    expect(await page.textContent('.tf-code')).toBe(CODE);
    await page.waitForURL(/app\.prolific\.com/, { timeout: 30_000 });
    await context.close();
    // Another device (nothing in its IndexedDB): the same pid is finished there too.
    const other = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const p2 = await other.newPage();
    await p2.route('https://app.prolific.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }));
    await p2.goto(`${base}?pid=${pid}`);
    await p2.waitForFunction((id) => document.getElementById('study')?.dataset.done === id, pid, { timeout: 30_000 });
    expect(await p2.$('form, #stage')).toBeNull();
    await other.close();
    expect(errors).toEqual([]);
  }, 240_000);

  it('remote recording: each drill variant played, uploaded and accepted; a wrong token refused with the reason', async (ctx) => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 820 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-online-record-failed');
    });
    await page.goto(`${base}?view=record&player=expert-1&token=${TOKEN}&lang=en`);
    await page.click('[data-start]');
    for (const v of ['a', 'b']) {
      await page.waitForFunction((x) => document.getElementById('study')?.dataset.variant === x, v, { timeout: 30_000 });
      await page.waitForFunction(() => document.getElementById('study')?.dataset.verdict === 'accepted', null, { timeout: 60_000 });
      expect(await page.textContent('.tf-status')).toBe('Recording accepted.');
      if (v === 'a') await screenshot(page, 'study-online-record-accepted');
      await page.click('[data-next]');
    }
    await page.waitForFunction(() => document.getElementById('study')?.dataset.recordDone === '1', null, { timeout: 30_000 });
    const rows = study.ctx.db.prepare("SELECT player, variant FROM replays WHERE kind = 'recording' ORDER BY variant").all();
    expect(rows).toEqual([
      { player: 'expert-1', variant: 'a' },
      { player: 'expert-1', variant: 'b' },
    ]);
    // A wrong token: refused, the server's reason shown, the recording offered as a download.
    await page.goto(`${base}?view=record&player=expert-1&token=wrong&lang=en`);
    await page.click('[data-start]');
    await page.waitForFunction(() => document.getElementById('study')?.dataset.verdict === 'refused', null, { timeout: 60_000 });
    expect(await page.textContent('.tf-status')).toMatch(/^Recording not accepted: .*x-record-token/);
    expect(await page.$('[data-download]')).not.toBeNull();
    expect(await page.$('[data-again]')).not.toBeNull();
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);
});

describe('the study server killed mid-study', () => {
  it('a rater keeps going while it is down; after a restart every answer is stored, none twice', async (ctx) => {
    let server: Child = await startServerProcess(DIR, ['--token', 'researcher-token-kill', '--rate-limit', '0']);
    const port = Number(new URL(server.url).port);
    const context = await browser.newContext({ viewport: { width: 1100, height: 820 } });
    const page = await context.newPage();
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-online-kill-failed');
    });
    try {
      await page.route('https://app.prolific.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: 'ok' }));
      const before = new Set(
        (
          (await fetch(`${server.url}/api/researcher/answers.json?token=researcher-token-kill`).then((r) => r.json())) as { pid: string }[]
        ).map((p) => p.pid),
      );
      await page.goto(`${server.url}/?lang=en`);
      await page.waitForFunction(() => document.body.dataset.channel === 'server', null, { timeout: 30_000 });
      const played = playThrough(page);
      const progress = async (): Promise<{ pid: string; progress: number }[]> => {
        const r = await fetch(`${server.url}/api/researcher/answers.json?token=researcher-token-kill`);
        return ((await r.json()) as { pid: string; progress: number }[]).filter((p) => !before.has(p.pid));
      };
      // Killed (SIGKILL: no clean shutdown) once the practice is behind the rater.
      const deadline = Date.now() + 120_000;
      while (((await progress())[0]?.progress ?? 0) < 6 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
      const killedAt = (await progress())[0]!.progress;
      server.proc.kill('SIGKILL');
      await server.exited;
      // Down for a while: the rater goes on, the page queues what it cannot send.
      await page
        .waitForFunction(() => /not sent yet/.test(document.querySelector('.tf-outbox')?.textContent ?? ''), null, { timeout: 60_000 })
        .catch(async (e) => {
          console.log('stuck at', await page.evaluate(() => document.body.innerText.slice(0, 500)));
          throw e;
        });
      server = await startServerProcess(DIR, ['--token', 'researcher-token-kill', '--rate-limit', '0'], {}, port);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await played;
      await page.waitForFunction(() => document.getElementById('study')?.dataset.stored === '1', null, { timeout: 90_000 });
      const pid = (await page.getAttribute('#study', 'data-done'))!;
      const rec = (await (await fetch(`${server.url}/api/participants/${pid}`)).json()) as {
        record: { progress: number; answer: { group: string; trials: unknown[] } };
      };
      const steps = stepsFor(manifest, rec.record.answer.group);
      expect(rec.record.progress).toBe(steps.length - 1);
      expect(rec.record.answer.trials).toHaveLength(manifest.groups[0]!.sets.length);
      // The step log: one row per step (sent before the kill or resent after), none twice.
      server.proc.kill('SIGTERM');
      await server.exited;
      const { default: Database } = await import('better-sqlite3');
      const db = new Database(join(DIR, 'study.sqlite'), { readonly: true });
      const logged = (db.prepare('SELECT progress FROM steps WHERE pid = ? ORDER BY progress').all(pid) as { progress: number }[]).map(
        (r) => r.progress,
      );
      db.close();
      // Steps saved while it was down reach it as one record (the outbox keeps the latest, which holds them all).
      expect(logged[0]).toBe(0);
      expect(logged.at(-1)).toBe(steps.length - 1);
      expect(new Set(logged).size).toBe(logged.length);
      // Before the kill the server logged the step it reported. Not necessarily every one before it: a step
      // saved while the previous send was still in flight is carried by the next (the outbox keeps the
      // latest record), which a loaded machine makes happen (CI 2026-11-28: steps 0–4, 6 logged, 5 carried).
      expect(logged).toContain(killedAt);
    } finally {
      server.proc.kill('SIGKILL');
      await context.close();
    }
  }, 300_000);
});
