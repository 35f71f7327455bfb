// The planner CPU in maze stages and the Planner lab in real Chromium: F3 in a maze match shows the
// planner overlay (route, action tint, HP), the lab runs the three modes on a preset and on a bad
// edit shows the planner's error; screenshots test-artifacts/planner-overlay.png and planner-lab.png.
import { describe, expect, it } from 'vitest';
import { call, inPage, press, screenshot, useGame } from './browser';


const game = useGame();

describe('planner CPU and Planner lab in Chromium', () => {
  it('F3 in a maze match draws the planner overlay: legend, HP current/max', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 3, p1: 'cpu:normal', p2: 'cpu:normal', stages: 'maze', maze: 'pillars' });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 20, null, { timeout: 90_000 });
    await inPage(page, (h) => h.advance(200));
    await press(page, 'F3');
    await page.waitForTimeout(300);
    const texts = await inPage(page, (h) => h.texts());
    for (const t of ['move', 'attack', 'heal']) expect(texts).toContain(t);
    expect(texts.some((t) => /^\d+\/5$/.test(t)), 'HP as current/max').toBe(true);
    expect(texts.some((t) => t.startsWith('exact · kills'))).toBe(true);
    await screenshot(page, 'planner-overlay');
  });

  it('the Planner lab runs the three modes on a preset, steps turns, and shows errors', async () => {
    const { page } = game;
    await inPage(page, (h) => h.openPlannerLab());
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await page.waitForTimeout(300);
    let texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.startsWith('PLANNER LAB'))).toBe(true);
    for (const m of ['restricted', 'unrestricted', 'exact']) expect(texts).toContain(m);
    // The first preset (grid10-hp5): restricted kills 3, the other two all 5, as in docs/planner.md.
    expect(texts.some((t) => t.startsWith('exact · turn 1/'))).toBe(true);
    await press(page, 'Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.startsWith('exact · turn 7/'))).toBe(true);
    await screenshot(page, 'planner-lab');
    // A bad edit: λ below the initial damage (HP 1 of 5 needs λ ≥ 4).
    await press(page, 'a', 'a', 'a', 'a', 'd', 'd', 'd');
    await page.waitForFunction(() => ((window as any).__twinfield.texts() as string[]).some((t) => t.startsWith('error: ')), null, { timeout: 30_000 });
    texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => /error: .*lambda: 1 is less than the initial damage/.test(t)), texts.join(' | ')).toBe(true);
    await screenshot(page, 'planner-lab-error');
    // The graph preset of §3.5 and the 24×28 maze load and run too.
    await press(page, 'P', 'P');
    await page.waitForFunction(() => ((window as any).__twinfield.texts() as string[]).some((t) => t.includes('paper-3.5.json')), null, { timeout: 30_000 });
    texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.includes('paper-3.5.json'))).toBe(true);
    expect(texts.some((t) => t.startsWith('exact · turn 1/'))).toBe(true);
    await screenshot(page, 'planner-lab-graph');
  });

  it('the title menu reaches the Planner lab and Esc comes back', async () => {
    const { page } = game;
    await press(page, 'Escape');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
    await page.waitForTimeout(200);
    // The menu wraps: up from the first row is its last row, "Planner lab".
    await press(page, 'ArrowUp', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await press(page, 'Escape');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
