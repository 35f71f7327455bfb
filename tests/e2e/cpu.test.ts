// The CPU opponent in the real game: CPU vs CPU runs, and F3 shows its influence map and path.
import { expect, it } from 'vitest';
import { screenshot, useGame } from './browser';

const game = useGame();

it('watches CPU vs CPU and toggles the dodger overlay with F3', async () => {
  const { page } = game;
  await page.evaluate(() => (window as any).__twinfield.startMatch({ seed: 5, p1: 'cpu:hard', p2: 'cpu:imap-multi', difficulty: 'hard' }));
  await page.waitForFunction(() => (window as any).__twinfield.frame() > 5, null, { timeout: 30_000 });
  await page.evaluate(() => (window as any).__twinfield.advance(1800));
  const hasMap = () => page.evaluate(() => (window as any).__twinfield_game.textures.exists('dodgemap1') as boolean);
  expect(await hasMap()).toBe(false);
  await page.keyboard.press('F3');
  await page.waitForFunction(() => (window as any).__twinfield_game.textures.exists('dodgemap1'), null, { timeout: 30_000 });
  const visible = await page.evaluate(() => {
    const scene = (window as any).__twinfield_game.scene.getScene('match');
    const images: any[] = [];
    const walk = (list: any[]) => list.forEach((o) => (o.list ? walk(o.list) : o.texture?.key?.startsWith('dodgemap') && images.push(o)));
    walk(scene.children.list);
    return images.map((o) => o.visible);
  });
  expect(visible).toEqual([true, true]);
  await screenshot(page, 'cpu-overlay');
  const s = await page.evaluate(() => (window as any).__twinfield.state());
  expect(s.frame).toBeGreaterThan(1800);
  expect(game.errors).toEqual([]);
});
