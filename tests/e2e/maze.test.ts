// Maze stages in real Chromium: the title screen's Maze rows, a maze match started through the
// hook with the wave-field overlay (F2) on, and a screenshot to look at.
import { describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { call, inPage, press, screenshot, useGame, type Hook } from './browser';


const game = useGame();

describe('maze stages in Chromium', () => {
  it('the title screen offers Maze stages and a Maze row that works only with them', async () => {
    const { page } = game;
    const texts = () => inPage(page, (h) => h.texts());
    expect(await texts(), 'title texts').toContain('Maze   ◀ Pillars ▶');
    await press(page, 'ArrowDown', 'ArrowRight'); // Stages: Open → Maze
    // Keys are handled on the game's next step, which may come late on a loaded machine: poll.
    await expect.poll(texts, { timeout: 5000 }).toContain('Stages   ◀ Maze ▶');
    await press(page, 'ArrowDown', 'ArrowRight'); // the Maze row is now reachable: Pillars → Rooms
    await expect.poll(texts, { timeout: 5000 }).toContain('Maze   ◀ Rooms ▶');
    await screenshot(page, 'title-maze');
    await press(page, 'ArrowLeft', 'ArrowUp', 'ArrowLeft'); // back to Pillars, Stages back to Open
  });

  it('plays a maze match started through the hook: frames advance, HUD counts mazes, overlay on F2', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5, stages: 'maze', maze: 'pillars', p1: 'scripted', p2: 'scripted', lives: 9 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 150, null, { timeout: 90_000 });
    const st = (await inPage(page, (h) => h.state()))!;
    expect(st.sides.length).toBe(2);
    for (const s of st.sides) expect(s.enemies).toBeGreaterThanOrEqual(3); // chasers and turrets
    const texts = await inPage(page, (h) => h.texts());
    expect(texts).toContain('MAZES');
    expect(texts.some((t) => /^\d+ : \d+$/.test(t))).toBe(true);
    await screenshot(page, 'maze');
    await press(page, 'F2');
    const f0 = await inPage(page, (h) => h.frame());
    await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 30, f0, { timeout: 60_000 });
    await screenshot(page, 'maze-overlay');
  });

  it('runs a maze match in the page bit-for-bit like Node (catalog and generated mazes)', async () => {
    for (const maze of ['corridors', 'gen:77']) {
      const opts = { seed: 31, stages: 'maze', maze, p1: 'random:2', p2: 'scripted', frames: 1800 };
      const browserRun = await call<ReturnType<Hook['simulate']>>(game.page, 'simulate', opts);
      const s = createMatch({ seed: 31, stages: 'maze', maze });
      const runner = new MatchRunner(s, [createController('random:2'), createController('scripted')]);
      runner.runUntil(1800);
      expect(browserRun.hash).toBe(hashState(s));
      expect(browserRun.checksums).toEqual(runner.checksums);
    }
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
