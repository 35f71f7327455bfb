// The rater package end to end: the paper's study (template) with short clips and practice, CPU
// clips recorded headless, stand-in human clips, `study build`, then one rater in Chromium through
// the whole jsPsych flow with the keyboard only — reloading mid-set and resuming — and the CSV
// export read back by the answers parser (and `study analyze` when it is there). Blinding is
// checked on the folder, the DOM at every screen, storage keys and every network request.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
import { STRINGS } from '../../src/study/page/i18n';
import { FIELD_TOP, GAME_H, GAME_W } from '../../src/views/layout';
import { FIELD_H } from '../../src/sim/constants';
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
  // The study file's own texts: consent duration, debrief, contact and an instructed-response item.
  input.consent = { text: { ja: '同意のテスト文です。参加に同意しますか？', en: 'A test consent text. Do you agree?' }, minutes: 12 };
  input.debrief = { ja: 'この調査の目的は…（説明のテスト）', en: 'What this study was about (a test debrief).' };
  input.contact = 'study-team@example.org';
  input.attention = [
    {
      afterSet: 2,
      prompt: { ja: 'この質問では「いいえ」を選んでください。', en: 'For this question, please choose "No".' },
      options: { ja: ['はい', 'いいえ', 'わからない'], en: ['Yes', 'No', 'Not sure'] },
      answer: 1,
    },
  ];
  study = checkStudy(input, 'e2e study');
  const studyPath = join(DIR, 'study.json');
  writeFileSync(studyPath, JSON.stringify(input, null, 2));
  // Stand-in human clips: seeded random inputs on the exact drill variant, saved as a person's replay.
  const { end } = clipFrames(study);
  // Each player's play is their own (a seed per player and variant): `record` refuses one play given for two players.
  for (const [pi, p] of study.players.filter((x) => x.source === 'human').entries()) {
    for (const [i, file] of p.replays!.entries()) {
      const variant = /-([a-z])\.twrp$/.exec(file)![1]!;
      const state = createMatch(drillConfig(study, variant));
      const runner = new MatchRunner(state, [createController(`random:${i + 7 + 100 * pi}`)]);
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
  const code = await buildMain([studyPath, '--out', OUT, '--page-from', inject('studyPage'), '--json'], io);
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

/** The validity message a required radio (the first one on the page) shows when left open. */
async function requiredMessage(): Promise<string> {
  return (await page.evaluate(
    () => document.querySelector<HTMLInputElement>('input[type=radio][required]')?.validationMessage ?? '',
  )) as string;
}

/**
 * The game (canvas) and its field with the HUD frame around it, ship included (the ship never
 * leaves its field), lie wholly inside the window: nothing of the play is scrolled off-screen.
 */
async function gameInView(where: string): Promise<void> {
  const b = (await page.evaluate(() => {
    const c = document.querySelector('#stage canvas')!.getBoundingClientRect();
    return { x: c.left, y: c.top, w: c.width, h: c.height, vw: innerWidth, vh: innerHeight };
  })) as { x: number; y: number; w: number; h: number; vw: number; vh: number };
  const k = b.w / GAME_W;
  expect(b.h / k, `${where}: the canvas keeps the game's shape`).toBeCloseTo(GAME_H, 0);
  const field = { top: b.y + (FIELD_TOP - 58) * k, bottom: b.y + (FIELD_TOP + FIELD_H + 38) * k };
  const inside = (v: number, max: number) => v >= -0.5 && v <= max + 0.5;
  expect(
    [b.x, b.y, b.x + b.w, b.y + b.h].map((v, i) => inside(v, i % 2 ? b.vh : b.vw)),
    `${where}: canvas ${JSON.stringify(b)}`,
  ).toEqual([true, true, true, true]);
  expect(inside(field.top, b.vh) && inside(field.bottom, b.vh), `${where}: field ${JSON.stringify(field)}`).toBe(true);
  expect(b.w, `${where}: the game is not shrunk to a stamp`).toBeGreaterThan(Math.min(b.vw, ((b.vh - 120) * 16) / 9) * 0.9);
}

/** Clips shown since the page was (re)loaded. */
let shown = 0;
/** The HUD on the first frame of every clip shown (read before the reload and at the end). */
interface ClipHud {
  clock: string;
  level: string;
  lives: [string, number][];
}
const firstHuds: ClipHud[] = [];
/** Takes the first-frame HUDs the page has recorded (before the page is left: they live in its window). */
async function collectHuds(): Promise<void> {
  firstHuds.push(...(JSON.parse((await page.evaluate(() => document.body.dataset.clipHuds)) ?? '[]') as ClipHud[]));
}

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
    // A researcher's preview (?view=preview): the only place ?rate= (faster clips) is honoured; it
    // runs the rater flow under a preview- pid that is never sent. In a laptop's window (1366×657).
    const pid = 'e2e-rater-1';
    const previewId = `preview-${pid}`;
    await page.setViewportSize({ width: 1366, height: 657 });
    await page.goto(`${url}?view=preview&group=B&pid=${pid}&rate=6`);
    // No ?lang=: the language chooser, keyboard only (日本語 has the focus).
    await page.waitForSelector('.tf-lang button');
    await focused();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('日本語');
    await screenshot(page, 'study-lang');
    await keys('Enter');
    await page.waitForSelector('.tf-welcome');
    // The chooser is gone; the welcome page has the focus and says the study file's duration.
    expect(await page.$('.tf-lang')).toBeNull();
    expect(await page.textContent('.tf-welcome')).toContain('約12分');
    await expectBlindDom('welcome');
    await focused();
    await screenshot(page, 'study-welcome');
    await keys('Enter'); // welcome
    await page.waitForSelector('.tf-consent');
    // The study file's consent text and the researcher's contact.
    const consent = (await page.textContent('.tf-consent')) ?? '';
    expect(consent).toContain('同意のテスト文です。');
    expect(consent).toContain('連絡先：study-team@example.org');
    await focused();
    await screenshot(page, 'study-consent');
    await keys('Enter'); // consent
    await page.waitForSelector('#jspsych-survey-multi-choice-next');
    await focused();
    // Enter with nothing chosen: the page stays, and says why in Japanese (not the browser's English).
    await keys('Enter');
    expect(await page.$('#jspsych-survey-multi-choice-next')).not.toBeNull();
    expect(await requiredMessage()).toBe(STRINGS.ja.choose);
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
    await gameInView('practice at 1366×657');
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
        await collectHuds();
        await page.goto(`${url}?view=preview&group=B&pid=${pid}`);
        shown = 0;
        // A clip as raters see it, a moment into playing.
        await page.waitForFunction(() => Number(document.body.dataset.clipsShown ?? 0) >= 1, null, { timeout: 60_000 });
        await page.waitForTimeout(700);
        await gameInView('clip at 1366×657');
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
        await collectHuds();
        await page.reload();
        shown = 0;
        await page.waitForSelector('#stage', { timeout: 60_000 });
        expect(await page.textContent('.tf-clip-label')).toMatch(/8組中 4組目 · 動画2/);
        await screenshot(page, 'study-resume');
        await clipPlays(/8組中 4組目 · 動画2/);
      } else {
        if (set === 6) {
          // A smaller window still (made so on the last rating page): the whole game is in view from the clip's first frame.
          await page.waitForFunction((n) => Number(document.body.dataset.clipsShown ?? 0) >= n, shown + 1, { timeout: 60_000 });
          await gameInView('clip at 1280×600');
          await screenshot(page, 'study-clip-1280');
        }
        await clipPlays(new RegExp(`8組中 ${set}組目 · 動画1`));
        if (set === 1) {
          await page.waitForSelector('form.tf-rating');
          // The study's reason prompt labels the free text.
          expect(await page.textContent('.tf-reason-prompt')).toBe(manifest.questions.reason.prompt.ja);
          await focused();
          await screenshot(page, 'study-rating');
          // Enter before choosing: the page's own Japanese message.
          await keys('Enter');
          expect(await page.$('form.tf-rating')).not.toBeNull();
          expect(await requiredMessage()).toBe(STRINGS.ja.required);
          await screenshot(page, 'study-required');
        }
        await rateFirst(String(a1), `reason ${set}a`);
        await clipPlays(new RegExp(`8組中 ${set}組目 · 動画2`));
      }
      // The window shrinks to 1280×600 between clips (while the canvas is off the page).
      if (set === 5) await page.setViewportSize({ width: 1280, height: 600 });
      await rateSecond(String(a2), String(rel), `reason ${set}b`);
      if (set === 2) {
        // The study's instructed-response item after the second set: radios, keyboard only.
        await page.waitForSelector('form.tf-choice');
        await expectBlindDom('attention');
        expect(await page.textContent('form.tf-choice legend')).toBe('この質問では「いいえ」を選んでください。');
        await focused();
        await screenshot(page, 'study-attention');
        await keys('Enter');
        expect(await requiredMessage()).toBe(STRINGS.ja.choose);
        // Arrows move between the options (the game, off stage since the practice, no longer swallows them).
        await keys('Space', 'ArrowDown', 'Enter'); // はい, then いいえ (the second option)
      }
    }
    await page.waitForSelector('.tf-end');
    // Every clip's first frame says the same about the match config: the clock, level and the lives
    // line (a clip from another config would show another time or no "∞" line); counts may differ.
    await collectHuds();
    expect(firstHuds.length).toBeGreaterThanOrEqual(16);
    for (const h of firstHuds) expect(h).toEqual(firstHuds[0]);
    expect(firstHuds[0]!.lives[0]![0]).toMatch(/^∞/);
    await focused();
    await expectBlindDom('end');
    // The study file's debrief and the contact.
    expect(await page.textContent('.tf-debrief')).toBe('この調査の目的は…（説明のテスト）');
    expect(await page.textContent('.tf-end')).toContain('study-team@example.org');
    await screenshot(page, 'study-end');
    // The end screen starts on "download CSV".
    const [download] = await Promise.all([page.waitForEvent('download'), keys('Enter')]);
    const csvPath = join(DIR, 'answers.csv');
    await download.saveAs(csvPath);
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv).toContain(",'=1+1");
    const [p] = parseAnswersCsv(csv, csvPath);
    expect(p!.pid).toBe(previewId);
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
    // The JSON export: the attention check's answer and how every clip and the practice played.
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="json"]')]);
    const jsonPath = join(DIR, 'answers-one.json');
    await jsonDownload.saveAs(jsonPath);
    const [pj] = parseAnswersJson(readFileSync(jsonPath, 'utf8'), jsonPath);
    expect(pj!.attention).toEqual([{ check: 0, afterSet: 2, answer: 1, correct: true }]);
    expect(pj!.playback.map((x) => x.kind)).toEqual(['practice', ...Array(16).fill('clip')]);
    expect(pj!.playback.filter((x) => x.kind === 'clip').map((x) => `${x.set}${x.which}`)).toEqual(
      [1, 2, 3, 4, 5, 6, 7, 8].flatMap((n) => [`${n}first`, `${n}second`]),
    );
    // Before the reload at set 4 clips played at the preview's rate 6; after it at 1 (the URL had none).
    expect(pj!.playback.filter((x) => x.kind === 'clip').map((x) => x.rate)).toEqual([...Array(6).fill(6), ...Array(10).fill(1)]);
    writeFileSync(join(DIR, 'playback.json'), JSON.stringify(pj!.playback, null, 1));
    // Frames are sim frames (a clip shows all of its own: the first drawn may come a few steps in);
    // fps = frames per wall second, over the rate 60 on time and never above it; a loaded machine
    // (this one runs other tests at once) shows lower figures, which is what the entry is for.
    for (const x of pj!.playback) {
      const info = JSON.stringify(x);
      const total = x.kind === 'clip' ? manifest.clipFrames - 1 : manifest.practice.seconds * 60;
      expect(x.frames, info).toBeLessThanOrEqual(total);
      expect(x.frames, info).toBeGreaterThan(total - 4 * x.rate - 2);
      expect(x.wallMs, info).toBeGreaterThan(0);
      expect(x.fps, info).toBeCloseTo(x.frames / (x.wallMs / 1000), 1);
      expect(x.fps / x.rate, info).toBeLessThan(66);
      expect(x.fps / x.rate, info).toBeGreaterThan(2);
      expect(x.dpr).toBeGreaterThan(0);
    }
    const perRate = pj!.playback.map((x) => x.fps / x.rate).sort((a, b) => a - b);
    writeFileSync(join(DIR, 'playback-fps.json'), JSON.stringify({ medianFpsOverRate: perRate[perRate.length >> 1] }));
    expect(pj!.playback[0]).toMatchObject({ kind: 'practice', rate: 1, width: 1366, height: 657 });
    expect(pj!.playback.filter((x) => x.set === 6 && x.which === 'first')[0]).toMatchObject({ width: 1280, height: 600 });
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
    await page.focus('[data-export="csv"]');
    await keys('Tab', 'Tab', 'Enter'); // "Next participant"
    await page.waitForSelector('text=Please choose a language.');
    await focused();
    await keys('Tab', 'Enter'); // English
    await page.waitForSelector('.tf-welcome'); // their welcome page, in English, with the focus
    expect(await page.textContent('.tf-welcome')).toContain('about 12 minutes');
    expect(await page.$('.tf-lang')).toBeNull();
    await focused();
    await keys('Enter');
    await page.waitForSelector('.tf-consent');
    expect(await page.textContent('.tf-consent')).toContain('A test consent text.');
    await page.goto(`${url}?view=researcher`);
    await page.waitForSelector('.tf-researcher table');
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows).toHaveLength(2);
    expect(rows[0]![0]).toBe('preview-e2e-rater-1');
    expect(rows[0]![6]).toBe('finished');
    // "Next participant" stays in the preview: the second run is a preview too, never a participant.
    expect(rows[1]![0]).toMatch(/^preview-/);
    expect(rows[1]![1]).toMatch(/^[AB] \(preview\)$/);
    await screenshot(page, 'study-researcher');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('[data-export="json"]')]);
    const jsonPath = join(DIR, 'answers-all.json');
    await download.saveAs(jsonPath);
    const all = parseAnswersJson(readFileSync(jsonPath, 'utf8'), jsonPath);
    expect(all.map((p) => [p.pid, p.trials.length, p.finishedAt === null])).toEqual([
      ['preview-e2e-rater-1', 8, false],
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
