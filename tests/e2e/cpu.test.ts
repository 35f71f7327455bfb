// The CPU opponent in the real game: CPU vs CPU runs, and F3 shows its influence map and path.
import { expect, it } from 'vitest';
import { fieldRects } from '../../src/views/layout';
import { screenshot, useGame } from './browser';

const game = useGame();

it('watches CPU vs CPU and toggles the dodger overlay with F3', async () => {
  const { page } = game;
  await page.evaluate(() => (window as any).__twinfield.startMatch({ seed: 5, p1: 'cpu:hard', p2: 'cpu:imap-multi', difficulty: 'hard' }));
  await page.waitForFunction(() => (window as any).__twinfield.frame() > 5, null, { timeout: 30_000 });
  // 10 s in: bullets on both fields, and the match (which the presets' strength decides) still on.
  await page.evaluate(() => (window as any).__twinfield.advance(600));
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
  // The planned path is drawn: per CPU field a visible path through the plan's points, the same
  // points as the controller's plannedPath, starting near the ship (the plan is at most one held step, < 10 frames, old).
  // advance() steps without drawing: wait until a rendered frame shows the sim's frame. The page
  // steps and draws in one update, so within one evaluate the drawn path and the plan agree.
  await page.evaluate(() => (window as any).__twinfield.advance(1));
  await page.waitForFunction(() => (window as any).__twinfield.hud().frame === (window as any).__twinfield.frame(), null, {
    timeout: 30_000,
  });
  const paths = await page.evaluate(() => {
    const scene = (window as any).__twinfield_game.scene.getScene('match');
    const found: any[] = [];
    const walk = (list: any[]) => list.forEach((o) => (o.list ? walk(o.list) : /^dodgemap\d-path$/.test(o.name ?? '') && found.push(o)));
    walk(scene.children.list);
    const api = (window as any).__twinfield;
    const st = api.state();
    const drawnFrame = api.hud().frame;
    return found
      .sort((a, b) => (a.name < b.name ? -1 : 1))
      .map((o) => {
        const side = Number(o.name.slice('dodgemap'.length, 'dodgemap'.length + 1));
        const plan = scene.runner.controllers[side].plannedPath;
        const want = [plan.startX, plan.startY];
        for (let k = 0; k < plan.count; k++) want.push(plan.x[k], plan.y[k]);
        return {
          name: o.name,
          visible: o.visible,
          points: o.getData('overlay').drawnPath() as number[],
          want,
          ship: st.sides[side],
          drawnFrame,
          frame: st.frame,
        };
      });
  });
  expect(paths.map((p) => [p.name, p.visible])).toEqual([
    ['dodgemap0-path', true],
    ['dodgemap1-path', true],
  ]);
  for (const p of paths) {
    expect(p.drawnFrame).toBe(p.frame); // read at a drawn frame
    expect(p.points.length).toBeGreaterThanOrEqual(2); // the start; a plan may be empty at a given frame
    expect(p.points).toEqual(p.want);
    expect(Math.hypot(p.points[0]! - p.ship.x, p.points[1]! - p.ship.y)).toBeLessThanOrEqual(10 * 4);
  }
  // The key to F3 sits between the fields (over neither) and says what the colours and the line are;
  // the heat uses a low-saturation sepia no bullet has (tests/views/overlay-scales.test.ts).
  const legend = await page.evaluate(() => {
    const o = (window as any).__twinfield_game.scene.getScene('match').mv.legends.cpu.root;
    const b = o.getBounds();
    return { visible: o.visible, x: b.x, w: b.width };
  });
  expect(legend.visible).toBe(true);
  for (const r of fieldRects(2)) expect(legend.x + legend.w <= r.x || legend.x >= r.x + r.w).toBe(true);
  const texts = await page.evaluate(() => (window as any).__twinfield.texts() as string[]);
  expect(texts).toEqual(expect.arrayContaining(['F3 · CPU VIEW', 'danger', 'green line: its plan']));
  const sat = await page.evaluate(() => {
    const ctx = (window as any).__twinfield_game.textures.get('dodgemap0').getContext();
    const d = ctx.getImageData(0, 0, ctx.canvas.width, ctx.canvas.height).data;
    let max = 0,
      painted = 0;
    for (let i = 0; i < d.length; i += 4) {
      if (d[i + 3] < 64) continue; // faint pixels lose colour precision in the canvas (premultiplied alpha)
      painted++;
      const hi = Math.max(d[i], d[i + 1], d[i + 2]),
        lo = Math.min(d[i], d[i + 1], d[i + 2]);
      max = Math.max(max, (hi - lo) / hi);
    }
    return { max, painted };
  });
  expect(sat.painted).toBeGreaterThan(0);
  expect(sat.max).toBeLessThan(0.45);
  // At least one CPU has a plan of one or more nodes drawn.
  expect(paths.some((p) => p.points.length >= 4)).toBe(true);
  await screenshot(page, 'cpu-overlay');
  const s = await page.evaluate(() => (window as any).__twinfield.state());
  expect(s.frame).toBeGreaterThan(600);
  expect(s.result).toBeNull();
  expect(game.errors).toEqual([]);
});
