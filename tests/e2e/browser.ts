// Debian's Chromium driven by playwright-core; SwiftShader gives WebGL without a GPU.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest';
import type { TwinfieldApi } from '../../src/scenes/test-hook';

export const ARTIFACTS = 'test-artifacts';

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

export interface OpenedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
}

export async function openGame(browser: Browser, url: string): Promise<OpenedPage> {
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) =>
    errors.push(`uncaught: ${e.message}${e.message.length < 8 && e.stack ? ` (${e.stack.split('\n').slice(0, 3).join(' | ')})` : ''}`),
  );
  await page.goto(url, { timeout: 120_000 });
  await page.waitForFunction(() => (window as unknown as { __twinfield?: { ready: boolean } }).__twinfield?.ready === true, null, {
    timeout: 60_000,
  });
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const path = `${ARTIFACTS}/${name}.png`;
  await page.screenshot({ path });
  return path;
}

/**
 * Presses keys one after another with a short gap. Phaser drops a key event whose code, type and
 * timestamp equal the previous one's (some systems double-fire), and synthetic presses sent
 * back to back can share a timestamp; a person's presses never do.
 */
export async function press(page: Page, ...keys: string[]): Promise<void> {
  for (const k of keys) {
    await page.keyboard.press(k);
    await nextPaint(page, 2); // the game reads it in a frame; the next key gets a later timestamp
  }
}

/**
 * Waits until the page has painted `n` more times (requestAnimationFrame), in any page — the
 * production build, the study page — where the game hook (waitFrames) may not exist.
 */
export async function nextPaint(page: Page, n = 2): Promise<void> {
  try {
    await page.evaluate(
      (count) =>
        new Promise<void>((done) => {
          let left = count;
          const tick = () => (--left <= 0 ? done() : requestAnimationFrame(tick));
          requestAnimationFrame(tick);
        }),
      n,
    );
  } catch (e) {
    // A key that navigates (a reload, a new page) ends the old page before it paints: nothing to
    // wait for there; the caller waits for what the new page shows.
    if (!/Execution context was destroyed|because of a navigation/.test(String((e as Error).message))) throw e;
  }
}

/** Waits until the game loop has run `n` more frames (what was drawn is then on the screen). */
export async function waitFrames(page: Page, n = 2): Promise<void> {
  const start = (await page.evaluate('window.__twinfield_game.loop.frame')) as number;
  await page.waitForFunction(`window.__twinfield_game.loop.frame >= ${start + n}`, null, { timeout: 30_000 });
}

/** window.__twinfield as the page defines it (src/scenes/test-hook.ts). */
export type Hook = TwinfieldApi;

/**
 * Runs fn(window.__twinfield) in the page. fn travels as source text, so it may use only its
 * argument (pass values in through a template, or use call()).
 */
export function inPage<T>(page: Page, fn: (h: Hook) => T): Promise<Awaited<T>> {
  return page.evaluate(`(${fn.toString()})(window.__twinfield)`) as Promise<Awaited<T>>;
}

/** Calls window.__twinfield.NAME(...args) in the page (args go through JSON). */
/** Waits until the page's hook says so (fn runs in the page with window.__twinfield as h). */
export function until(page: Page, fn: string, timeout = 30_000): Promise<unknown> {
  return page.waitForFunction(`(() => { const h = window.__twinfield; return ${fn}; })()`, null, { timeout });
}

/** The selected row of the menu taking input now ('' when none). */
export async function selectedRow(page: Page): Promise<string> {
  const menus = await inPage(page, (h) => h.menus());
  const m = menus[menus.length - 1];
  return m ? m.rows[m.selected]! : '';
}

/**
 * From any page of the title, by keys as a player would: back to the main menu (Esc), down to `label`
 * (Versus, Practice or Tools) and into it.
 */
export async function openTitlePage(page: Page, label: 'Versus' | 'Practice' | 'Tools'): Promise<void> {
  const first = async (): Promise<string> => (await inPage(page, (h) => h.menus()))[0]?.rows[0] ?? '';
  for (let i = 0; i < 3 && (await first()) !== 'Story'; i++) await press(page, 'Escape');
  for (let i = 0; i < 6 && (await selectedRow(page)) !== label; i++) await press(page, 'ArrowDown');
  expect(await selectedRow(page)).toBe(label);
  const before = await first();
  await press(page, 'Enter');
  await until(page, `(h.menus()[0]?.rows[0] ?? '') !== ${JSON.stringify(before)}`);
}

export function call<T>(page: Page, name: keyof Hook & string, ...args: unknown[]): Promise<T> {
  return page.evaluate(`window.__twinfield.${name}(...${JSON.stringify(args)})`) as Promise<T>;
}

/** The page of a test file, with the console check each test gets. */
export interface GamePage extends OpenedPage {
  /**
   * This test expects the page to log an error matching `pattern` (e.g. a broken file imported on
   * purpose): it is not counted against the test, and the test fails if no such error came.
   */
  expectConsoleError(pattern: RegExp): void;
}

/**
 * One Chromium and one game page shared by a test file's tests: launched before them, closed
 * after. Read `.page` and `.errors` inside tests (they exist once beforeAll has run). Each test
 * starts on a fresh title screen (the hook's toTitle: other scenes stopped, the title's remembered
 * choices forgotten) on its Versus page, START on Player vs CPU (a test of the main menu, Practice or
 * Tools goes there with call(page, 'toTitle', 'main')), so tests do not depend on their order. After each test, the console errors
 * and uncaught exceptions it caused fail it (unless it expected them with expectConsoleError), so
 * an error is blamed on the test that made it.
 */
export function useGame(): GamePage {
  let browser: Browser | undefined;
  let opened: OpenedPage | undefined;
  let checked = 0;
  let expected: RegExp[] = [];
  beforeAll(async () => {
    browser = await launch();
    opened = await openGame(browser, inject('baseUrl'));
  });
  beforeEach(async () => {
    const { page } = opened!;
    await page.keyboard.up('Shift'); // nothing held over from the test before
    await page.evaluate(() => (window as unknown as { __twinfield: { toTitle(page: string): void } }).__twinfield.toTitle('versus'));
    await page.waitForFunction(() => (window as unknown as { __twinfield: { scene(): string | null } }).__twinfield.scene() === 'title');
    await waitFrames(page, 2);
  });
  afterEach(() => {
    if (!opened) return;
    const fresh = opened.errors.slice(checked);
    checked = opened.errors.length;
    const want = expected;
    expected = [];
    const unexpected = fresh.filter((e) => !want.some((p) => p.test(e)));
    const missing = want.filter((p) => !fresh.some((e) => p.test(e)));
    if (unexpected.length > 0) throw new Error(`the page logged errors during this test:\n  ${unexpected.join('\n  ')}`);
    if (missing.length > 0) throw new Error(`expected a console error matching ${missing.join(', ')}, none came`);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get page() {
      return opened!.page;
    },
    get errors() {
      return opened!.errors;
    },
    expectConsoleError(pattern: RegExp) {
      expected.push(pattern);
    },
  };
}

/**
 * A fake gamepad for the page (call before the page loads, or reload after): navigator.getGamepads
 * returns one pad in the W3C "standard" mapping, which is what Phaser's gamepad plugin reads
 * (id, index, connected, mapping, timestamp, buttons[i].value/pressed, axes). Drive it with
 * padSet / padTap; window.__fakePad.polls counts the page's reads, so a helper can wait until the
 * game has seen a change instead of sleeping. Like a real pad, its timestamp changes only when
 * its input does (padSet): Phaser's Gamepad.update skips a state older than the Gamepad object,
 * so a scene that starts while a button is held sees it only after the next change.
 */
export async function installFakeGamepad(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const pad = {
      id: 'Twinfield test pad (STANDARD GAMEPAD Vendor: 0000 Product: 0000)',
      index: 0,
      connected: true,
      mapping: 'standard',
      timestamp: 0,
      axes: [0, 0, 0, 0],
      buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
      vibrationActuator: null,
      polls: 0,
    };
    Object.defineProperty(navigator, 'getGamepads', {
      configurable: true,
      value: () => {
        pad.polls++;
        return [pad, null, null, null];
      },
    });
    (window as unknown as { __fakePad: typeof pad }).__fakePad = pad;
  });
}

/** Announces the fake pad the way a browser does when a pad is plugged in. */
export async function padConnect(page: Page): Promise<void> {
  await page.evaluate(() => {
    const pad = (window as unknown as { __fakePad: unknown }).__fakePad;
    window.dispatchEvent(Object.assign(new Event('gamepadconnected'), { gamepad: pad }));
  });
}

/** Sets buttons (index → held) and axes of the fake pad, then waits until the game has read it in two frames. */
export async function padSet(page: Page, o: { buttons?: Record<number, boolean>; axes?: number[] }): Promise<void> {
  const polls = await page.evaluate((o) => {
    const pad = (
      window as unknown as {
        __fakePad: { buttons: { pressed: boolean; touched: boolean; value: number }[]; axes: number[]; polls: number; timestamp: number };
      }
    ).__fakePad;
    for (const [i, on] of Object.entries(o.buttons ?? {})) pad.buttons[Number(i)] = { pressed: on, touched: on, value: on ? 1 : 0 };
    if (o.axes) pad.axes = o.axes.slice();
    pad.timestamp = performance.now();
    return pad.polls;
  }, o);
  await page.waitForFunction((p) => (window as unknown as { __fakePad: { polls: number } }).__fakePad.polls >= p + 2, polls, {
    timeout: 10_000,
  });
}

/** Presses and releases pad buttons one after another (each seen pressed, then released). */
export async function padTap(page: Page, ...buttons: number[]): Promise<void> {
  for (const b of buttons) {
    await padSet(page, { buttons: { [b]: true } });
    await padSet(page, { buttons: { [b]: false } });
  }
}
