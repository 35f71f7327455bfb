// The whole game in Japanese (issue 25), in real Chromium: with 日本語 saved in the settings, every
// screen a player meets (title and its pages, Options, the character select, a match with its HUD and
// pause menu, the result, Replays, a replay playing, Presets, the Planner lab, Story) speaks Japanese,
// drawn in the bundled face (public/fonts/twinfield-jp.woff2), not a system fallback. A screen fails
// when a visible text still holds an English catalogue phrase or a run of English words.
// Screenshots: test-artifacts/ja-*.png (looked at by a person after a change of layout).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EN } from '../../src/i18n/en';
import { JA } from '../../src/i18n/ja';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, MatchRunner } from '../../src/sim';
import { call, inPage, launch, openGame, press, screenshot, selectedRow, until, waitFrames } from './browser';

type Tree = { [k: string]: string | Tree };
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[prefix + k, v] as [string, string]] : leaves(v, `${prefix}${k}.`),
  );
}
const ja = new Map(leaves(JA as unknown as Tree));
/** English phrases (between placeholders) that have a Japanese translation: none may show in Japanese. */
const PHRASES = [
  ...new Set(
    leaves(EN as unknown as Tree)
      .filter(([k, v]) => ja.get(k) !== v)
      .flatMap(([, v]) => v.split(/\{\{\s*\w+\s*\}\}/))
      .map((f) => f.trim())
      .filter((f) => f.length >= 10 && / /.test(f) && /[a-z]{3}/.test(f)),
  ),
];
/** Three English words in a row, or one lower-case English word: a string that never went through the catalogue. */
const WORDS = /\b[A-Za-z]{3,}[ ,]+[A-Za-z]{3,}[ ,]+[A-Za-z]{3,}\b|(?<![A-Za-z.])[a-z]{4,}\b/;
/** Latin that stays Latin in Japanese: key names, units, file types and the ids of controllers and maze layouts. */
const LATIN = /\b(json|twrp|webm|idle|scripted|random|human|pillars|rooms|corridors|traps|serpentine|exact|kills)\b/gi;

/** The visible texts of a screen that are still English (names the player typed are allowed by `allow`). */
function english(texts: string[], allow: RegExp[] = []): string[] {
  return texts.filter((t) => {
    if (allow.some((a) => a.test(t))) return false;
    const rest = t.replace(LATIN, '');
    return PHRASES.some((p) => t.includes(p)) || WORDS.test(rest);
  });
}

let browser: Browser;
let page: Page;
let errors: string[] = [];
const texts = () => inPage(page, (h) => h.texts());

/** Screenshot `name` and check that what shows is Japanese. */
async function looksJapanese(name: string, allow: RegExp[] = []): Promise<void> {
  await waitFrames(page, 4);
  await screenshot(page, `ja-${name}`);
  const shown = await texts();
  expect(shown.length, `${name}: nothing shown`).toBeGreaterThan(0);
  expect(english(shown, allow), `${name}: English left on a Japanese screen`).toEqual([]);
  expect(
    shown.some((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t)),
    `${name}: no Japanese at all`,
  ).toBe(true);
}

/** A fresh title on `pageName`, once its menu shows (its first row's words). */
async function toTitle(pageName: 'main' | 'versus' | 'practice' | 'tools'): Promise<void> {
  const first = { main: 'title.main.story', versus: 'title.start', practice: 'title.start', tools: 'title.rows.record' }[pageName];
  await call(page, 'toTitle', pageName);
  await until(page, `h.scene() === 'title' && (h.menus()[0]?.rows[0] ?? '').startsWith(${JSON.stringify(ja.get(first))})`);
  await waitFrames(page, 2);
}

beforeAll(async () => {
  browser = await launch();
  ({ page, errors } = await openGame(browser, inject('baseUrl')));
  await page.evaluate(() => localStorage.setItem('twinfield.settings', JSON.stringify({ version: 1, language: 'ja' })));
  await page.reload();
  await until(page, 'h !== undefined && h.ready === true', 60_000);
}, 120_000);

afterAll(async () => {
  await page?.evaluate(() => localStorage.removeItem('twinfield.settings')).catch(() => undefined);
  await browser?.close();
});

describe('the game in Japanese', () => {
  it('loads the bundled Japanese face and opens on a Japanese main menu', async () => {
    await until(page, "h.scene() === 'title'");
    const font = await page.evaluate(async () => {
      await document.fonts.ready;
      return {
        loaded: [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'Twinfield JP' && f.status === 'loaded'),
        requested: performance.getEntriesByType('resource').some((e) => e.name.includes('twinfield-jp')),
      };
    });
    expect(font).toEqual({ loaded: true, requested: true });
    const menu = (await inPage(page, (h) => h.menus()))[0]!;
    expect(menu.rows).toEqual(['story', 'versus', 'practice', 'replays', 'options', 'tools'].map((k) => ja.get(`title.main.${k}`)));
    await looksJapanese('title');
  });

  it('speaks Japanese on the Versus, Practice and Tools pages and in Options', async () => {
    for (const p of ['versus', 'practice', 'tools'] as const) {
      await toTitle(p);
      // Tools → Record for a study shows the study file's own words (its players, drill and ids).
      await looksJapanese(`title-${p}`, p === 'tools' ? [/Human \(|survey|paper-004/] : []);
    }
    await toTitle('main');
    for (let i = 0; i < 6 && (await selectedRow(page)) !== ja.get('title.main.options'); i++) await press(page, 'ArrowDown');
    await press(page, 'Enter');
    await until(page, "h.menus().some((m) => m.scene !== 'title')", 20_000);
    await looksJapanese('options');
    // Each section of Options (the rows that open a page: not a value row, not Back), then Esc closes it.
    const options = async () => (await inPage(page, (h) => h.menus())).find((m) => m.scene !== 'title')!;
    const rows = (await options()).rows;
    for (let r = 0; r < rows.length; r++) {
      if (r > 0) await press(page, 'ArrowDown');
      if (rows[r]!.includes('◀') || r === rows.length - 1) continue;
      await press(page, 'Enter');
      await until(page, `h.menus().some((m) => m.scene !== 'title' && m.rows.join() !== ${JSON.stringify(rows.join())})`);
      await looksJapanese(`options-${r}`);
      await press(page, 'Escape');
      await until(page, `h.menus().some((m) => m.scene !== 'title' && m.rows.join() === ${JSON.stringify(rows.join())})`);
    }
    await press(page, 'Escape');
    await until(page, "h.menus().every((m) => m.scene === 'title')");
  });

  it('speaks Japanese in the character select, a match, its pause menu and the result', async () => {
    await toTitle('versus');
    await call(page, 'characterSelect', true);
    await press(page, 'Enter');
    await until(page, "h.scene() === 'select'");
    await looksJapanese('select');
    await call(page, 'characterSelect', false);
    await call(page, 'startMatch', { seed: 5, p1: 'human', p2: 'cpu:normal', p1Character: 'asagi', p2Character: 'shion' });
    await until(page, "h.scene() === 'match' && h.frame() >= 1");
    await call(page, 'advance', 600);
    await looksJapanese('match');
    await press(page, 'Escape');
    await waitFrames(page, 3);
    await looksJapanese('pause');
    await call(page, 'startMatch', { seed: 32, p1: 'idle', p2: 'scripted', timeLimit: 30 });
    await until(page, "h.scene() === 'result'", 30_000);
    await looksJapanese('result');
  });

  it('speaks Japanese in Replays, a replay playing, Presets and the Planner lab', async () => {
    const runner = new MatchRunner(createMatch({ seed: 61, timeLimit: 600 }), [createController('random:1'), createController('scripted')]);
    runner.runUntil(600);
    const bytes = encodeReplay(replayFromRunner(runner, { date: '2025-06-01T12:00:00.000Z', names: ['One', 'Two'] }));
    expect((await call<{ ok: boolean }>(page, 'importReplays', [{ name: 'ja.twrp', bytes: Array.from(bytes) }])).ok).toBe(true);
    await call(page, 'openReplays');
    await until(page, "h.scene() === 'replays' && h.replaysList() !== null && h.replaysList().ids.length > 0");
    // Names and file names the player gave stay as they are.
    const names = [/\bOne\b|\bTwo\b|\.twrp/];
    await looksJapanese('replays', names);
    const id = (await inPage(page, (h) => h.replaysList()))!.ids[0]!;
    await call(page, 'openReplay', id);
    await until(page, "h.scene() === 'playback' && h.playback() !== null && h.playback().loaded");
    await looksJapanese('playback', names);
    await call(page, 'openPresets');
    await until(page, "h.scene() === 'presets'", 30_000);
    await looksJapanese('presets');
    const panel = await page.evaluate(() => document.querySelector('.tf-presets')?.textContent ?? '');
    expect(english([panel]), 'the preset panel').toEqual([]);
    await call(page, 'openPlannerLab');
    await until(page, "h.scene() === 'planner-lab'", 30_000);
    await looksJapanese('planner-lab', [/\.json\b/]);
  });

  it('speaks Japanese in Story mode', async () => {
    await toTitle('main');
    expect(await selectedRow(page)).toBe(ja.get('title.main.story'));
    await press(page, 'Enter');
    await page.waitForFunction('window.__twinfield_story?.screen() === "start"', null, { timeout: 30_000 });
    await looksJapanese('story-start');
  });

  it('reached no console error on the way', () => {
    expect(errors).toEqual([]);
  });
});
