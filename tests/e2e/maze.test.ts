// Maze stages in real Chromium: the title screen's Maze rows, a maze match started through the
// hook with the wave-field overlay (F2) on, and a screenshot to look at.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { launch, openGame, press, screenshot, type OpenedPage } from './browser';

interface Hook {
  scene(): string | null;
  frame(): number;
  state(): { frame: number; sides: { x: number; y: number; lives: number; score: number; enemies: number }[] } | null;
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

describe('maze stages in Chromium', () => {
  it('the title screen offers Maze stages and a Maze row that works only with them', async () => {
    const { page } = game;
    const texts = () => tf(page).eval((h) => h.texts());
    expect(await texts(), 'title texts').toContain('Maze   ◀ Pillars ▶');
    await press(page, 'ArrowDown', 'ArrowRight'); // Stages: Open → Maze
    expect(await texts()).toContain('Stages   ◀ Maze ▶');
    await press(page, 'ArrowDown', 'ArrowRight'); // the Maze row is now reachable: Pillars → Rooms
    expect(await texts()).toContain('Maze   ◀ Rooms ▶');
    await screenshot(page, 'title-maze');
    await press(page, 'ArrowLeft', 'ArrowUp', 'ArrowLeft'); // back to Pillars, Stages back to Open
  });

  it('plays a maze match started through the hook: frames advance, HUD counts mazes, overlay on F2', async () => {
    const { page } = game;
    await tf(page).eval(new Function('h', `return h.startMatch(${JSON.stringify({ seed: 5, stages: 'maze', maze: 'pillars', p1: 'scripted', p2: 'scripted', lives: 9 })})`) as (h: Hook) => void);
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 150, null, { timeout: 90_000 });
    const st = (await tf(page).eval((h) => h.state()))!;
    expect(st.sides.length).toBe(2);
    for (const s of st.sides) expect(s.enemies).toBeGreaterThanOrEqual(3); // chasers and turrets
    const texts = await tf(page).eval((h) => h.texts());
    expect(texts).toContain('MAZES');
    expect(texts.some((t) => /^\d+ : \d+$/.test(t))).toBe(true);
    await screenshot(page, 'maze');
    await press(page, 'F2');
    const f0 = await tf(page).eval((h) => h.frame());
    await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 30, f0, { timeout: 60_000 });
    await screenshot(page, 'maze-overlay');
  });

  it('runs a maze match in the page bit-for-bit like Node (catalog and generated mazes)', async () => {
    for (const maze of ['corridors', 'gen:77']) {
      const opts = { seed: 31, stages: 'maze', maze, p1: 'random:2', p2: 'scripted', frames: 1800 };
      const inPage = await tf(game.page).eval(new Function('h', `return h.simulate(${JSON.stringify(opts)})`) as (h: Hook) => ReturnType<Hook['simulate']>);
      const s = createMatch({ seed: 31, stages: 'maze', maze });
      const runner = new MatchRunner(s, [createController('random:2'), createController('scripted')]);
      runner.runUntil(1800);
      expect(inPage.hash).toBe(hashState(s));
      expect(inPage.checksums).toEqual(runner.checksums);
    }
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
