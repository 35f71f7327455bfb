// The real game in real Chromium: boot, menus, a match started with keys, movement, HUD,
// and determinism against Node.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { launch, openGame, press, screenshot, type OpenedPage } from './browser';

interface Hook {
  ready: boolean;
  scene(): string | null;
  frame(): number;
  hash(): string | null;
  checksums(): { frame: number; hash: string }[];
  state(): { frame: number; sides: { x: number; y: number; lives: number; score: number }[] } | null;
  texts(): string[];
  startMatch(o: object): void;
  simulate(o: object): { frame: number; hash: string; checksums: { frame: number; hash: string }[] };
}
const tf = (page: Page) => ({
  eval: <T>(fn: (h: Hook) => T) => page.evaluate(`(${fn.toString()})(window.__twinfield)`) as Promise<T>,
});

let browser: Browser;
let game: OpenedPage;

beforeAll(async () => {
  browser = await launch();
  game = await openGame(browser, inject('baseUrl'));
});
afterAll(async () => {
  await browser?.close();
});

describe('the game in Chromium', () => {
  it('boots to the title screen', async () => {
    expect(await tf(game.page).eval((h) => h.scene())).toBe('title');
    await screenshot(game.page, 'title');
  });

  it('starts a Player vs CPU match from the title screen with keys', async () => {
    const { page } = game;
    await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 5, null, { timeout: 30_000 });
    const texts = await tf(page).eval((h) => h.texts());
    expect(texts.some((t) => t.startsWith('P1 · YOU'))).toBe(true);
    expect(texts.some((t) => t.startsWith('P2 · CPU'))).toBe(true);
  });

  it('moves the ship while an arrow key is held', async () => {
    const { page } = game;
    const before = (await tf(page).eval((h) => h.state()))!.sides[0]!;
    const f0 = await tf(page).eval((h) => h.frame());
    await page.keyboard.down('ArrowLeft');
    await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 20, f0, { timeout: 30_000 });
    await page.keyboard.up('ArrowLeft');
    const after = (await tf(page).eval((h) => h.state()))!.sides[0]!;
    expect(after.x).toBeLessThan(before.x - 40);
    expect(after.y).toBe(before.y);
  });

  it('shows the HUD: scores, lives, clock, level, gauge, frame rate', async () => {
    const { page } = game;
    await page.keyboard.down('z');
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 200, null, { timeout: 60_000 });
    await page.keyboard.up('z');
    const texts = await tf(page).eval((h) => h.texts());
    for (const want of [/^SCORE \d{8}$/, /^TIME$/, /^\d:\d\d$/, /^LEVEL$/, /ATTACK LV \d/, /^\d+ fps$/]) {
      expect(texts.some((t) => want.test(t)), `HUD text matching ${want} in ${JSON.stringify(texts)}`).toBe(true);
    }
    await screenshot(page, 'match');
  });

  it('pauses with Esc and quits to the title', async () => {
    const { page } = game;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    const f = await tf(page).eval((h) => h.frame());
    await page.waitForTimeout(500);
    expect(await tf(page).eval((h) => h.frame())).toBe(f);
    expect(await tf(page).eval((h) => h.texts())).toContain('PAUSED');
    await screenshot(page, 'pause');
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 10_000 });
  });

  it('plays a match with the same checksums as Node', async () => {
    const { page } = game;
    const opts = { seed: 77, p1: 'random:5', p2: 'scripted', stages: 'open' };
    await tf(page).eval(new Function('h', `return h.startMatch(${JSON.stringify(opts)})`) as (h: Hook) => void);
    await page.waitForFunction(() => (window as any).__twinfield.frame() >= 240, null, { timeout: 90_000 });
    const browserSums = await tf(page).eval((h) => h.checksums());
    const s = createMatch({ seed: 77, stages: 'open' });
    const runner = new MatchRunner(s, [createController('random:5'), createController('scripted')]);
    runner.runUntil(browserSums[browserSums.length - 1]!.frame);
    expect(browserSums.length).toBeGreaterThanOrEqual(4);
    expect(browserSums).toEqual(runner.checksums);
  });

  it('runs the sim in the page bit-for-bit like Node over a long match', async () => {
    const inPage = await tf(game.page).eval((h) => h.simulate({ seed: 2026, p1: 'random:3', p2: 'scripted', difficulty: 'hard', frames: 6000 }));
    const s = createMatch({ seed: 2026, difficulty: 'hard' });
    const runner = new MatchRunner(s, [createController('random:3'), createController('scripted')]);
    runner.runUntil(6000);
    expect(inPage.frame).toBe(s.frame);
    expect(inPage.hash).toBe(hashState(s));
    expect(inPage.checksums).toEqual(runner.checksums);
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
