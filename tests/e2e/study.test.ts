// The rater package end to end: the paper's study (template) with short clips and practice, CPU
// clips recorded headless, stand-in human clips, `study build`, then one rater in Chromium through
// the whole jsPsych flow with the keyboard only — reloading mid-set and resuming — and the CSV
// export read back by the answers parser (and `study analyze` when it is there). Blinding is
// checked on the folder, the DOM at every screen, storage keys and every network request.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { parseAnswersCsv, parseAnswersJson } from '../../src/study/answers';
import { parseKey } from '../../src/study/key';
import { parseManifest, type Manifest } from '../../src/study/manifest';
import { clipFrames, drillConfig } from '../../src/cli/study-recordings';
import { checkStudy, type Study } from '../../src/study/schema';
import { paperStudyInput } from '../../src/study/template';
import { bufferIo } from '../../src/cli/common';
import { buildMain } from '../../src/cli/study-build';
import { analyzeMain, recordMain } from '../../src/cli/study';
import { launch, nextPaint, screenshot } from './browser';

const DIR = resolve('test-artifacts/study-e2e');
const OUT = join(DIR, 'package');
/** Words that would give a player away (ids, labels, sources, presets); 'human' is checked where the research question cannot appear. */
let TELLS: string[] = [];

let study: Study;
let manifest: Manifest;
let server: PreviewServer;
let url: string;
let browser: Browser;
let page: Page;
const requests: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(join(DIR, 'recordings'), { recursive: true });
  const input = paperStudyInput();
  input.clip = { seconds: 2, start: 0.5 };
  input.practice = { seconds: 2 };
  study = checkStudy(input, 'e2e study');
  const studyPath = join(DIR, 'study.json');
  writeFileSync(studyPath, JSON.stringify(input, null, 2));
  // Stand-in human clips: seeded random inputs on the exact drill variant, saved as a person's replay.
  const { end } = clipFrames(study);
  for (const p of study.players.filter((x) => x.source === 'human')) {
    for (const [i, file] of p.replays!.entries()) {
      const variant = /-([a-z])\.twrp$/.exec(file)![1]!;
      const state = createMatch(drillConfig(study, variant));
      const runner = new MatchRunner(state, [createController(`random:${i + 7}`)]);
      runner.runUntil(end + 30);
      const r = replayFromRunner(runner, {
        date: '2026-11-23T12:00:00.000Z',
        names: [p.label],
        extra: { study: { id: study.id, player: p.id } },
      });
      r.sides[0] = { ...r.sides[0]!, controller: 'human', human: true };
      writeFileSync(join(DIR, file), encodeReplay(r));
    }
  }
  const rec = bufferIo();
  expect(await recordMain([studyPath, '--json'], rec), rec.err).toBe(0); // study record: the CPU clips
  const io = bufferIo();
  const code = await buildMain([studyPath, '--out', OUT, '--json'], io);
  expect(
    io.err.split('\n').filter((l) => l.startsWith('error')),
    io.err,
  ).toEqual([]);
  expect(code).toBe(0);
  const report = JSON.parse(io.out.trim().split('\n').at(-1)!);
  expect(report.clips).toBe(16);
  manifest = parseManifest(JSON.parse(readFileSync(join(OUT, 'site', 'manifest.json'), 'utf8')));
  TELLS = [
    ...new Set(
      study.players
        .flatMap((p) => [p.id, p.label, p.source])
        .concat(['cpu', 'preset', 'beginner', 'expert'])
        .map((w) => w.toLowerCase()),
    ),
  ].filter((w) => w !== 'human');
  server = await preview({
    root: OUT,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: join(OUT, 'site') },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
  });
  url = server.resolvedUrls!.local[0]!;
  browser = await launch();
  page = await browser.newPage({ viewport: { width: 1100, height: 820 }, acceptDownloads: true });
  page.on('request', (r) => requests.push(r.url()));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Waits until the page has put the keyboard focus on a control (pages do that when they open). */
async function focused(): Promise<void> {
  await page.waitForFunction(() => document.activeElement?.matches('button, input, textarea') === true, null, { timeout: 30_000 });
}

async function keys(...ks: string[]): Promise<void> {
  for (const k of ks) {
    await page.keyboard.press(k);
    await nextPaint(page, 2);
  }
}

/** The page as a person (and a script reading the DOM) sees it, lower-cased, scripts' URLs left out. */
async function domText(): Promise<string> {
  return ((await page.evaluate(() => document.body.outerHTML + document.title + location.href)) as string).toLowerCase();
}

async function expectBlindDom(where: string): Promise<void> {
  const text = await domText();
  for (const w of TELLS) expect(text.includes(w), `${where}: the page mentions '${w}'`).toBe(false);
}

async function rateFirst(abs: string, reason: string): Promise<void> {
  await page.waitForSelector('form.tf-rating');
  await expectBlindDom('rating');
  await focused();
  await keys(abs, 'Tab');
  await page.keyboard.type(reason);
  await keys('Tab', 'Enter');
}

async function rateSecond(abs: string, rel: string, reason: string): Promise<void> {
  await page.waitForSelector('form.tf-rating fieldset[data-name="relative"]');
  await expectBlindDom('rating');
  await focused();
  await keys(abs, 'Tab');
  await page.keyboard.type(reason);
  await keys('Tab', rel, 'Tab');
  await page.keyboard.type('=1+1');
  await keys('Tab', 'Enter');
}

/** Clips shown since the page was (re)loaded. */
let shown = 0;

/** Waits until the next clip has been on screen and its rating form is up (labelled with the clip). */
async function clipPlays(label: RegExp): Promise<void> {
  shown++;
  await page.waitForFunction((n) => Number(document.body.dataset.clipsShown ?? 0) >= n, shown, { timeout: 60_000 });
  await page.waitForSelector('form.tf-rating', { timeout: 60_000 });
  expect(await page.textContent('.tf-clip-label')).toMatch(label);
}

describe('study package', () => {
  it('is blind on disk: opaque file names, no player in the manifest, the key outside the served folder', () => {
    const site = join(OUT, 'site');
    expect(existsSync(join(site, 'index.html'))).toBe(true);
    expect(existsSync(join(site, 'key.json'))).toBe(false);
    const key = parseKey(readFileSync(join(OUT, 'key.json'), 'utf8'), 'key.json');
    expect(Object.keys(key).sort()).toEqual(manifest.clips.map((c) => c.id).sort());
    const text = readFileSync(join(site, 'manifest.json'), 'utf8').toLowerCase();
    for (const w of TELLS) expect(text.includes(w), `manifest mentions '${w}'`).toBe(false);
    for (const c of manifest.clips) expect(c.file).toMatch(/^clips\/c[a-z0-9]+\.twrp$/);
  });

  it('runs a rater through the flow with the keyboard, resumes after a reload, and exports answers', async (ctx) => {
    ctx.onTestFailed(async () => {
      await screenshot(page, 'study-failed');
    });
    const pid = 'e2e-rater-1';
    await page.goto(`${url}?group=B&pid=${pid}&lang=ja&rate=6`);
    await page.waitForSelector('button');
    await expectBlindDom('welcome');
    await focused();
    await keys('Enter'); // welcome
    await page.waitForSelector('text=同意する');
    await focused();
    await keys('Enter'); // consent
    await page.waitForSelector('#jspsych-survey-multi-choice-next');
    await focused();
    // experience: 1–5 titles; plays games: yes; age: 25–34
    await keys('Space', 'ArrowDown', 'Tab', 'Space', 'Tab', 'ArrowDown', 'ArrowDown', 'Tab', 'Enter');
    await page.waitForSelector('text=練習');
    await focused();
    await keys('Enter'); // practice: the game itself, played with the keyboard
    await page.waitForSelector('#stage canvas');
    await page.keyboard.down('ArrowLeft');
    await page.keyboard.down('z');
    await nextPaint(page, 40); // held for 40 frames, as a person holds keys
    await page.keyboard.up('ArrowLeft');
    await page.keyboard.up('z');
    await screenshot(page, 'study-practice');
    await page.waitForSelector('text=動画', { timeout: 60_000 });
    await focused();
    await keys('Enter'); // sets intro
    const want: { abs1: number; abs2: number; rel: number }[] = [];
    for (let set = 1; set <= 8; set++) {
      const a1 = ((set * 2) % 5) + 1;
      const a2 = ((set * 3) % 5) + 1;
      const rel = (set % 5) + 1;
      want.push({ abs1: a1, abs2: a2, rel });
      if (set === 4) {
        // The page opened again between sets (now at real-time speed): it goes straight to set 4.
        await page.goto(`${url}?group=B&pid=${pid}&lang=ja`);
        shown = 0;
        // A clip as raters see it, a moment into playing.
        await page.waitForFunction(() => Number(document.body.dataset.clipsShown ?? 0) >= 1, null, { timeout: 60_000 });
        await page.waitForTimeout(700);
        await screenshot(page, 'study-clip');
        await clipPlays(/8組中 4組目 · 動画1/);
        const firstClip = (await page.evaluate(
          () => performance.getEntriesByName('study:first-clip-playing')[0]?.startTime ?? -1,
        )) as number;
        writeFileSync(join(DIR, 'first-clip-ms.json'), JSON.stringify({ pageOpenToFirstClipMs: Math.round(firstClip) }));
        expect(firstClip).toBeGreaterThan(0);
        await rateFirst(String(a1), `reason ${set}a`);
        // Reloaded mid-set, while video 2 plays: video 1's answer is kept (checked in the CSV).
        await page.waitForFunction(
          () => !!document.querySelector('#stage') && (document.querySelector('.tf-clip-label')?.textContent ?? '').includes('動画2'),
          null,
          { timeout: 60_000 },
        );
        await page.reload();
        shown = 0;
        await page.waitForSelector('#stage', { timeout: 60_000 });
        expect(await page.textContent('.tf-clip-label')).toMatch(/8組中 4組目 · 動画2/);
        await screenshot(page, 'study-resume');
        await clipPlays(/8組中 4組目 · 動画2/);
      } else {
        await clipPlays(new RegExp(`8組中 ${set}組目 · 動画1`));
        if (set === 1) await screenshot(page, 'study-rating');
        await rateFirst(String(a1), `reason ${set}a`);
        await clipPlays(new RegExp(`8組中 ${set}組目 · 動画2`));
      }
      await rateSecond(String(a2), String(rel), `reason ${set}b`);
    }
    await page.waitForSelector('.tf-end');
    await focused();
    await expectBlindDom('end');
    await screenshot(page, 'study-end');
    // The end screen starts on "download CSV".
    const [download] = await Promise.all([page.waitForEvent('download'), keys('Enter')]);
    const csvPath = join(DIR, 'answers.csv');
    await download.saveAs(csvPath);
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv).toContain(",'=1+1");
    const [p] = parseAnswersCsv(csv, csvPath);
    expect(p!.pid).toBe(pid);
    expect(p!.group).toBe('B');
    expect(p!.lang).toBe('ja');
    expect(p!.finishedAt).not.toBeNull();
    expect(p!.demographics).toEqual({ experience: '1-5', playsGames: true, ageBand: '25–34' });
    expect(p!.trials).toHaveLength(8);
    const g = manifest.groups.find((x) => x.id === 'B')!;
    for (const [i, t] of p!.trials.entries()) {
      expect(t).toMatchObject({
        set: i + 1,
        order: 'BA',
        first: g.sets[i]!.first,
        second: g.sets[i]!.second,
        absFirst: want[i]!.abs1,
        absSecond: want[i]!.abs2,
        relative: want[i]!.rel,
        reasonRelative: '=1+1',
      });
      expect(t.reasonFirst).toBe(`reason ${i + 1}a`);
    }
    // The export goes straight into `study analyze` with the package's key: each player's ratings.
    const an = bufferIo();
    expect(await analyzeMain([csvPath, '--key', join(OUT, 'key.json'), '--study', join(DIR, 'study.json'), '--json'], an), an.err).toBe(0);
    const analysis = JSON.parse(an.out.trim().split('\n').at(-1)!) as {
      participants: number;
      trials: number;
      players: { id: string; n: number }[];
    };
    expect([analysis.participants, analysis.trials]).toEqual([1, 8]);
    expect(analysis.players.map((x) => x.id).sort()).toEqual(study.players.map((x) => x.id).sort());
    expect(analysis.players.reduce((a, x) => a + x.n, 0)).toBe(16);
    // Storage holds answers and opaque clip ids only.
    const stored = (await page.evaluate(async () => {
      const dbs = await indexedDB.databases();
      const out: string[] = dbs.map((d) => d.name ?? '');
      for (const d of dbs) {
        const db = await new Promise<IDBDatabase>((ok, no) => {
          const r = indexedDB.open(d.name!);
          r.onsuccess = () => ok(r.result);
          r.onerror = () => no(r.error);
        });
        for (const s of db.objectStoreNames) {
          const rows = await new Promise<unknown[]>((ok) => {
            const q = db.transaction(s).objectStore(s).getAll();
            q.onsuccess = () => ok(q.result);
          });
          const ks = await new Promise<unknown[]>((ok) => {
            const q = db.transaction(s).objectStore(s).getAllKeys();
            q.onsuccess = () => ok(q.result);
          });
          out.push(s, JSON.stringify(ks), JSON.stringify(rows));
        }
        db.close();
      }
      return out.concat(Object.keys(localStorage), Object.keys(sessionStorage)).join('\n');
    })) as string;
    for (const w of [...TELLS, 'human']) expect(stored.toLowerCase().includes(w), `storage mentions '${w}'`).toBe(false);
    writeFileSync(join(DIR, 'answers-ok'), 'ok');
  }, 600_000);

  it('starts the next participant on the same machine and lists both on the researcher page', async () => {
    expect(existsSync(join(DIR, 'answers-ok')), 'the rater test ran').toBe(true);
    await keys('Tab', 'Tab', 'Enter'); // "Next participant"
    await page.waitForSelector('text=Please choose a language.');
    await focused();
    await keys('Tab', 'Enter'); // English
    await page.waitForSelector('#jspsych-html-button-response-stimulus'); // their welcome page
    await page.goto(`${url}?view=researcher`);
    await page.waitForSelector('.tf-researcher table');
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('e2e-rater-1');
    expect(rows[0]![6]).toBe('finished');
    // The second person was balanced into the group with fewer participants.
    expect(rows[1]![1]).toBe('A (balanced)');
    await screenshot(page, 'study-researcher');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="json"]')]);
    const jsonPath = join(DIR, 'answers-all.json');
    await download.saveAs(jsonPath);
    const all = parseAnswersJson(readFileSync(jsonPath, 'utf8'), jsonPath);
    expect(all.map((p) => [p.pid, p.trials.length, p.finishedAt === null])).toEqual([
      ['e2e-rater-1', 8, false],
      [all[1]!.pid, 0, true],
    ]);
  });

  it('made every request to opaque addresses and logged no errors', () => {
    expect(requests.length).toBeGreaterThan(16);
    for (const r of requests)
      for (const w of [...TELLS, 'human']) expect(r.toLowerCase().includes(w), `request ${r} mentions '${w}'`).toBe(false);
    expect(errors).toEqual([]);
  });
});
