// Options in Chromium: a key and the SFX volume changed through the screen, kept over a reload, a
// rebound key playing in a match, the volume reaching Phaser's sound manager, and screenshots of
// every page (/tmp/shots-options/). Options is opened through window.__twinfieldOptions (the e2e
// build's hook, src/scenes/options-test-hook.ts); the title's own Options row is driven in game and
// japanese.test.ts.
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { OptionsApi } from '../../src/scenes/options-test-hook';
import { PAD } from '../../src/input/pad-state';
import { inPage, installFakeGamepad, launch, openGame, padConnect, padTap, press, selectedRow, until, waitFrames } from './browser';

const SHOTS = '/tmp/shots-options';

let browser: Browser;
let page: Page;
let errors: string[];

/** Runs fn(window.__twinfieldOptions) in the page. */
function opt<T>(fn: (o: OptionsApi) => T): Promise<Awaited<T>> {
  return page.evaluate(`(${fn.toString()})(window.__twinfieldOptions)`) as Promise<Awaited<T>>;
}
async function ready(): Promise<void> {
  await page.waitForFunction('!!window.__twinfieldOptions', null, { timeout: 30_000 });
}
async function shot(name: string): Promise<void> {
  await waitFrames(page, 3);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}
async function optionsOpen(): Promise<void> {
  await opt((o) => o.open());
  await page.waitForFunction('window.__twinfieldOptions.state()?.page === "main"', null, { timeout: 10_000 });
  await waitFrames(page, 2);
}
/** Moves the cursor to the row starting with `label` and activates it. */
async function choose(label: string): Promise<void> {
  for (let i = 0; i < 12 && !(await selectedRow(page)).startsWith(label); i++) await press(page, 'ArrowDown');
  expect(await selectedRow(page)).toMatch(new RegExp(`^${label}`));
}
const rows = async (): Promise<string[]> => (await opt((o) => o.state()))?.rows ?? [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  ({ page, errors } = await openGame(browser, inject('baseUrl')));
  await ready();
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  await opt((o) => o.close());
  await page.evaluate(() => (window as unknown as { __twinfield: { toTitle(page: string): void } }).__twinfield.toTitle('versus'));
  await until(page, "h.scene() === 'title'");
  await waitFrames(page, 2);
});

afterEach(async () => {
  await opt((o) => o.resetAll());
  expect(errors).toEqual([]);
});

describe('Options in Chromium', () => {
  it('a key and the SFX volume are set on the screen, refused on a conflict, and kept after a reload', async () => {
    await optionsOpen();
    await shot('main');
    await choose('Language');
    await press(page, 'ArrowRight');
    await expect.poll(rows).toContain('言語   ◀ 日本語 ▶'); // the screen speaks Japanese at once
    await shot('main-ja');
    await press(page, 'ArrowLeft', 'ArrowDown'); // English again; wrap to the top
    await choose('Keyboard: Player 1');
    await press(page, 'Enter');
    await choose('Shot');
    await press(page, 'Enter');
    await page.waitForFunction('window.__twinfieldOptions.state()?.binding === true');
    await shot('press-a-key');
    await press(page, 'c');
    await expect.poll(rows).toContain('Shot:  C');
    // C on a second action is refused, naming both; Esc cancels and nothing changes.
    await choose('Charge');
    await press(page, 'Enter');
    await page.waitForFunction('window.__twinfieldOptions.state()?.binding === true');
    await press(page, 'c');
    const refused = async (): Promise<boolean> =>
      (await inPage(page, (h) => h.texts())).some((t) => t.startsWith('C is already P1 Shot: it cannot also be P1 Charge.'));
    await expect.poll(refused).toBe(true);
    await shot('conflict');
    await press(page, 'Escape');
    await expect.poll(rows).toContain('Charge:  X');
    await shot('keys-p1');
    await press(page, 'Escape'); // back to the main page
    await choose('Sound');
    await press(page, 'Enter');
    await choose('SFX volume');
    await press(page, 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft');
    await expect.poll(rows).toContain('SFX volume   ◀ 40 % ▶');
    // sfx holds the volume and Phaser plays each effect at it; Phaser's global volume (music too) stays 1.
    await expect.poll(() => opt((o) => o.sfxVolume())).toEqual({ sfx: 0.4, sound: 1, played: 0.4 });
    await shot('sound');
    for (const page_ of ['Display', 'Accessibility', 'Gamepad', 'Keyboard: Player 2']) {
      await press(page, 'Escape');
      await choose(page_);
      await press(page, 'Enter');
      await shot(page_.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
    }
    await press(page, 'Escape', 'Escape');
    await expect.poll(() => opt((o) => o.closedCount)).toBe(1);
    expect(await opt((o) => o.state())).toBeNull();

    await page.reload();
    await page.waitForFunction('window.__twinfield?.ready === true', null, { timeout: 60_000 });
    await ready();
    const s = await opt((o) => o.settings());
    expect(s.keys.p1.shot).toBe('C');
    expect(s.keys.p1.charge).toBe('X');
    expect(s.sfxVolume).toBeCloseTo(0.4, 5);
    // Applied at boot: the next effect plays at 0.4.
    await expect.poll(() => opt((o) => o.sfxVolume())).toEqual({ sfx: 0.4, sound: 1, played: 0.4 });
    expect(JSON.parse((await opt((o) => o.saved()))!)).toMatchObject({ version: 1, sfxVolume: 0.4 });
  });

  it('a rebound key moves the ship in a match, and the old key no longer does', async () => {
    await optionsOpen();
    await choose('Keyboard: Player 1');
    await press(page, 'Enter');
    await choose('Left');
    await press(page, 'Enter');
    await page.waitForFunction('window.__twinfieldOptions.state()?.binding === true');
    await press(page, 'n');
    await expect.poll(rows).toContain('Left:  N');
    await press(page, 'Escape', 'Escape');
    await expect.poll(() => opt((o) => o.state())).toBeNull();
    expect(await selectedRow(page)).toBe('START');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 5");
    const x = async (): Promise<number> => (await inPage(page, (h) => h.state()))!.sides[0]!.x;
    const hold = async (key: string): Promise<void> => {
      const f0 = await inPage(page, (h) => h.frame());
      await page.keyboard.down(key);
      await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 20, f0, { timeout: 30_000 });
      await page.keyboard.up(key);
    };
    const x0 = await x();
    await hold('ArrowLeft');
    expect(await x()).toBe(x0);
    await hold('n');
    expect(await x()).toBeLessThan(x0 - 40);
    // The coach's key legend names the bound key.
    expect((await inPage(page, (h) => h.texts())).join('\n')).not.toMatch(/Arrows/);
  });

  it('works with the pad alone: a button bound, a conflict refused, the dead zone changed', async () => {
    await installFakeGamepad(page);
    await page.reload();
    await page.waitForFunction('window.__twinfield?.ready === true', null, { timeout: 60_000 });
    await ready();
    await padConnect(page);
    await optionsOpen();
    await padTap(page, PAD.DOWN);
    await padTap(page, PAD.DOWN);
    expect(await selectedRow(page)).toBe('Gamepad');
    await padTap(page, PAD.A);
    await expect.poll(async () => (await opt((o) => o.state()))?.page).toBe('pad');
    await padTap(page, PAD.A); // Shot
    await page.waitForFunction('window.__twinfieldOptions.state()?.binding === true');
    await padTap(page, PAD.R1);
    const texts = async (): Promise<string[]> => inPage(page, (h) => h.texts());
    await expect.poll(async () => (await texts()).some((t) => t.startsWith('R1 is already Focus: it cannot also be Shot.'))).toBe(true);
    await padTap(page, PAD.X);
    await expect.poll(rows).toContain('Shot:  X');
    for (let i = 0; i < 3; i++) await padTap(page, PAD.DOWN);
    await padTap(page, PAD.RIGHT);
    await expect.poll(rows).toContain('Stick dead zone   ◀ 45 % ▶');
    await padTap(page, PAD.B);
    await expect.poll(async () => (await opt((o) => o.state()))?.page).toBe('main');
    await padTap(page, PAD.B);
    await expect.poll(() => opt((o) => o.closedCount)).toBe(1);
    const s = await opt((o) => o.settings());
    expect(s.pad).toEqual({ buttons: { shot: [PAD.X], focus: [PAD.L1, PAD.R1], charge: [PAD.B] }, deadZone: 0.45 });
  });
});
