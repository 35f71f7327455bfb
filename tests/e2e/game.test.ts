// The real game in real Chromium: boot, menus, a match started with keys, movement, HUD,
// and determinism against Node.
import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { call, inPage, press, screenshot, useGame } from './browser';


const game = useGame();

describe('the game in Chromium', () => {
  it('boots to the title screen', async () => {
    expect(await inPage(game.page, (h) => h.scene())).toBe('title');
    await screenshot(game.page, 'title');
  });

  it('starts a Player vs CPU match from the title screen with keys', async () => {
    const { page } = game;
    await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 5, null, { timeout: 30_000 });
    const texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.startsWith('P1 · YOU'))).toBe(true);
    expect(texts.some((t) => t.startsWith('P2 · CPU'))).toBe(true);
  });

  it('moves the ship while an arrow key is held', async () => {
    const { page } = game;
    const before = (await inPage(page, (h) => h.state()))!.sides[0]!;
    const f0 = await inPage(page, (h) => h.frame());
    await page.keyboard.down('ArrowLeft');
    await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 20, f0, { timeout: 30_000 });
    await page.keyboard.up('ArrowLeft');
    const after = (await inPage(page, (h) => h.state()))!.sides[0]!;
    expect(after.x).toBeLessThan(before.x - 40);
    expect(after.y).toBe(before.y);
  });

  it('shows the HUD: scores, lives, clock, level, gauge, frame rate', async () => {
    const { page } = game;
    await page.keyboard.down('z');
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 200, null, { timeout: 60_000 });
    await page.keyboard.up('z');
    const texts = await inPage(page, (h) => h.texts());
    for (const want of [/^SCORE \d{8}$/, /^TIME$/, /^\d:\d\d$/, /^LEVEL$/, /ATTACK LV \d/, /^\d+ fps$/]) {
      expect(texts.some((t) => want.test(t)), `HUD text matching ${want} in ${JSON.stringify(texts)}`).toBe(true);
    }
    await screenshot(page, 'match');
  });

  it('pauses with Esc and quits to the title', async () => {
    const { page } = game;
    await page.keyboard.press('Escape');
    await page.waitForTimeout(200);
    const f = await inPage(page, (h) => h.frame());
    await page.waitForTimeout(500);
    expect(await inPage(page, (h) => h.frame())).toBe(f);
    expect(await inPage(page, (h) => h.texts())).toContain('PAUSED');
    await screenshot(page, 'pause');
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 10_000 });
  });

  it('plays a match with the same checksums as Node', async () => {
    const { page } = game;
    const opts = { seed: 77, p1: 'random:5', p2: 'scripted', stages: 'open' };
    await call(page, 'startMatch', opts);
    await page.waitForFunction(() => (window as any).__twinfield.frame() >= 240, null, { timeout: 90_000 });
    const browserSums = await inPage(page, (h) => h.checksums());
    const s = createMatch({ seed: 77, stages: 'open' });
    const runner = new MatchRunner(s, [createController('random:5'), createController('scripted')]);
    runner.runUntil(browserSums[browserSums.length - 1]!.frame);
    expect(browserSums.length).toBeGreaterThanOrEqual(4);
    expect(browserSums).toEqual(runner.checksums);
  });

  it('runs the sim in the page bit-for-bit like Node over a long match', async () => {
    const browserRun = await inPage(game.page, (h) => h.simulate({ seed: 2026, p1: 'random:3', p2: 'scripted', difficulty: 'hard', frames: 6000 }));
    const s = createMatch({ seed: 2026, difficulty: 'hard' });
    const runner = new MatchRunner(s, [createController('random:3'), createController('scripted')]);
    runner.runUntil(6000);
    expect(browserRun.frame).toBe(s.frame);
    expect(browserRun.hash).toBe(hashState(s));
    expect(browserRun.checksums).toEqual(runner.checksums);
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
