// The planner CPU in maze stages and the Planner lab in real Chromium: F3 in a maze match shows the
// planner overlay (route, action tint, HP), the lab runs the three modes on a preset and on a bad
// edit shows the planner's error; screenshots test-artifacts/planner-overlay.png and planner-lab.png.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PlannerOverlayInfo } from '../../src/views/planner-overlay';
import { call, inPage, press, screenshot, useGame, waitFrames } from './browser';

/** The action colours of docs/planner.md: move blue, attack red, heal green. */
const ACTION_COLORS = { move: 0x3d7bff, attack: 0xff3b30, heal: 0x3ddc55 };

const game = useGame();

interface ShownOverlay extends PlannerOverlayInfo {
  /** The ship sprite of that side as drawn: its tint and tint mode (0 multiply = own colours, 1 fill). */
  ship: { tint: number; tintMode: number };
  /** The ship in the match state at the same moment: position and lives. */
  state: { x: number; y: number; lives: number };
}

/**
 * Presses F3 once and waits until both planner overlays are hidden, or shown and drawn (a legend
 * written by a draw); a double toggle times out.
 */
async function toggleOverlay(page: Page, on: boolean): Promise<void> {
  await press(page, 'F3');
  await expect.poll(async () => (await overlays(page)).map((o) => o.visible && o.legend !== ''), { timeout: 10_000 }).toEqual([on, on]);
}

/**
 * What each planner overlay shows (PlannerOverlay.describe(), found by its name 'planner-overlay'
 * in the display list), its ship sprite and the match state, all read at one moment.
 */
async function overlays(page: Page): Promise<ShownOverlay[]> {
  return page.evaluate(() => {
    const game = (window as any).__twinfield_game;
    const sides = (window as any).__twinfield.state().sides;
    const all: any[] = [];
    const visit = (list: any[]) => {
      for (const o of list) {
        all.push(o);
        if (Array.isArray(o.list)) visit(o.list);
      }
    };
    for (const s of game.scene.getScenes(true)) visit(s.children.list);
    return all
      .filter((o) => o.name === 'planner-overlay')
      .map((o) => {
        const info = o.getData('overlay').describe();
        // In a maze the ship is drawn with its maze-scale sprite `ship${side}s` (assets/art/sprites.ts).
        const ship = all.find((x) => x.type === 'Image' && x.texture?.key === `ship${info.side}s`);
        return { ...info, ship: { tint: ship.tint, tintMode: ship.tintMode }, state: sides[info.side] };
      });
  });
}

/** Texts of the running scenes whose bounds leave the 960×540 game area (a text overflowing its box). */
async function textsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const game = (window as any).__twinfield_game;
    const out: string[] = [];
    for (const s of game.scene.getScenes(true))
      for (const o of s.children.list)
        if (o.type === 'Text' && o.visible && o.text) {
          const b = o.getBounds();
          if (b.left < -1 || b.top < -1 || b.right > 961 || b.bottom > 541)
            out.push(`${o.text.slice(0, 40)} @ ${Math.round(b.right)},${Math.round(b.bottom)}`);
        }
    return out;
  });
}

describe('planner CPU and Planner lab in Chromium', () => {
  it('F3 in a maze match draws the planner overlay: route from the ship, ship tinted by its action, legend, HP current/max', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 3, p1: 'cpu:normal', p2: 'cpu:normal', stages: 'maze', maze: 'pillars' });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 20, null, {
      timeout: 90_000,
    });
    await inPage(page, (h) => h.advance(200));
    expect((await overlays(page)).every((o) => !o.visible && o.ship.tintMode === 0)).toBe(true);
    await toggleOverlay(page, true);
    const texts = await inPage(page, (h) => h.texts());
    for (const t of ['move', 'attack', 'heal']) expect(texts).toContain(t);
    expect(
      texts.some((t) => /^\d+\/5$/.test(t)),
      'HP as current/max',
    ).toBe(true);
    expect(texts.some((t) => t.startsWith('exact · kills'))).toBe(true);
    await screenshot(page, 'planner-overlay');
    const shown = await overlays(page);
    expect(shown.map((o) => o.side).sort()).toEqual([0, 1]);
    for (const o of shown) {
      const ship = o.state;
      expect(o.visible).toBe(true);
      // The route: from the ship's cell (planned before the last step: at most one cell behind),
      // one 4-neighbour step at a time, with the stop on it.
      expect(o.route.length, JSON.stringify(o)).toBeGreaterThanOrEqual(2);
      expect(Math.abs(o.route[0]!.x - Math.floor(ship.x / 16))).toBeLessThanOrEqual(1);
      expect(Math.abs(o.route[0]!.y - Math.floor(ship.y / 16))).toBeLessThanOrEqual(1);
      for (let k = 1; k < o.route.length; k++)
        expect(Math.abs(o.route[k]!.x - o.route[k - 1]!.x) + Math.abs(o.route[k]!.y - o.route[k - 1]!.y)).toBe(1);
      if (o.action !== 'attack') expect(o.route).toContainEqual(o.stop);
      for (const c of [...o.attacks, ...o.heals]) expect(o.route).toContainEqual(c);
      // The tint: the ship sprite is painted (fill) in the colour of the action the overlay reports.
      expect(o.shipTint).toBe(ACTION_COLORS[o.action]);
      expect(o.ship.tintMode).toBe(1);
      expect(o.ship.tint).toBe(ACTION_COLORS[o.action]);
      expect(o.hp).toMatch(/^[1-5]\/5$/);
      expect(Math.abs(Number(o.hp[0]) - ship.lives)).toBeLessThanOrEqual(1);
      expect(o.legend).toMatch(/^exact · kills\nplan: \d+ kills?$/);
    }
    // F3 again hides it and gives the ships their own colours back.
    await toggleOverlay(page, false);
    expect((await overlays(page)).every((o) => !o.visible && o.ship.tintMode === 0)).toBe(true);
  });

  it('the Planner lab runs the three modes on a preset, steps turns, and shows errors', async () => {
    const { page } = game;
    await inPage(page, (h) => h.openPlannerLab());
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await waitFrames(page, 3);
    let texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.startsWith('PLANNER LAB'))).toBe(true);
    for (const m of ['restricted', 'unrestricted', 'exact']) expect(texts).toContain(m);
    // The first preset (grid10-hp5): restricted kills 3, the other two all 5 (the paper's outcome),
    // each ending at the goal with HP 1, as the table shows: under each mode's header its kills,
    // final HP, time, actions, turns, end, ms per run and ms per plan.
    expect(texts.some((t) => t.startsWith('PLANNER LAB') && t.includes('(grid10-hp5.json)'))).toBe(true);
    const column = (mode: string) => texts.slice(texts.indexOf(mode) + 1, texts.indexOf(mode) + 9);
    expect(column('restricted').slice(0, 2)).toEqual(['3', '1']);
    expect(column('unrestricted').slice(0, 2)).toEqual(['5', '1']);
    expect(column('exact').slice(0, 2)).toEqual(['5', '1']);
    for (const m of ['restricted', 'unrestricted', 'exact']) expect(column(m)[5]).toBe('goal');
    expect(texts.some((t) => t.startsWith('exact · turn 1/'))).toBe(true);
    await press(page, 'Enter', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowRight');
    texts = await inPage(page, (h) => h.texts());
    expect(
      texts.some((t) => t.startsWith('exact · turn 7/')),
      texts.filter((t) => t.includes('turn')).join(' | '),
    ).toBe(true);
    await screenshot(page, 'planner-lab');
    // A bad edit: λ below the initial damage (HP 1 of 5 needs λ ≥ 4).
    await press(page, 'a', 'a', 'a', 'a', 'd', 'd', 'd');
    await page.waitForFunction(() => ((window as any).__twinfield.texts() as string[]).some((t) => t.includes('error: ')), null, {
      timeout: 30_000,
    });
    texts = await inPage(page, (h) => h.texts());
    expect(
      texts.some((t) => /error: .*lambda: 1 is less than the initial damage/.test(t)),
      texts.join(' | '),
    ).toBe(true);
    // …with a plain reason beside the planner's own message.
    expect(
      texts.some((t) => t.includes('λ 1 is too low: the agent starts with 4 damage already')),
      texts.join(' | '),
    ).toBe(true);
    await screenshot(page, 'planner-lab-error');
    // Another preset after edits asks first: N keeps the edits, Y throws them away.
    await press(page, 'P');
    await page.waitForSelector('.tf-panel', { timeout: 10_000 });
    await press(page, 'n');
    await page.waitForSelector('.tf-panel', { state: 'detached', timeout: 10_000 });
    expect((await inPage(page, (h) => h.texts())).some((t) => t.includes('(grid10-hp5.json)') && t.includes('edited'))).toBe(true);
    await press(page, 'P');
    await page.waitForSelector('.tf-panel', { timeout: 10_000 });
    await press(page, 'y');
    await page.waitForSelector('.tf-panel', { state: 'detached', timeout: 10_000 });
    // The graph preset of §3.5 and the 24×28 maze load and run too.
    await press(page, 'P');
    await page.waitForFunction(() => ((window as any).__twinfield.texts() as string[]).some((t) => t.includes('paper-3.5.json')), null, {
      timeout: 30_000,
    });
    texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.includes('paper-3.5.json'))).toBe(true);
    expect(texts.some((t) => t.startsWith('exact · turn 1/'))).toBe(true);
    await screenshot(page, 'planner-lab-graph');
    // No text of the lab runs off the screen, on any preset.
    for (let i = 0; i < 6; i++) {
      expect(await textsOffScreen(page), `preset ${i}`).toEqual([]);
      await press(page, 'p');
      await waitFrames(page);
    }
  });

  it('the Planner lab refuses a wall on the start cell and says why; H explains the terms', async () => {
    const { page } = game;
    await inPage(page, (h) => h.openPlannerLab());
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await waitFrames(page);
    // grid10-hp5: the start cell's centre on the screen, from the board's layout.
    const start = await page.evaluate(() => {
      const scene = (window as any).__twinfield_game.scene.getScene('planner-lab');
      const board = scene.board;
      const m = scene.model;
      const canvas = (window as any).__twinfield_game.canvas.getBoundingClientRect();
      const k = canvas.width / 960;
      return {
        x: canvas.left + (board.ox + (m.start.x + 0.5) * board.cell) * k,
        y: canvas.top + (board.oy + (m.start.y + 0.5) * board.cell) * k,
      };
    });
    await press(page, '1');
    await page.mouse.click(start.x, start.y);
    await waitFrames(page);
    const texts = await inPage(page, (h) => h.texts());
    expect(
      texts.some((t) => t.includes('A wall cannot go on the start cell')),
      texts.join(' | '),
    ).toBe(true);
    await press(page, 'h');
    await waitFrames(page);
    expect((await inPage(page, (h) => h.texts())).some((t) => t.includes('λ (lambda): the most damage'))).toBe(true);
    await screenshot(page, 'planner-lab-help');
    await press(page, 'h');
  });

  it('the Planner lab takes two quick taps in one game step as two steps, not more', async () => {
    const { page } = game;
    await inPage(page, (h) => h.openPlannerLab());
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await waitFrames(page);
    const lambda = async () => {
      const line = (await inPage(page, (h) => h.texts())).find((t) => /^HP \d+ .*λ \d+/.test(t)) ?? '';
      return Number(/λ (\d+)/.exec(line)?.[1] ?? NaN);
    };
    const before = await lambda();
    expect(before).toBeLessThanOrEqual(38); // E raises λ up to 40
    // Four key events in one task, so no game step runs between them: Phaser's keyboard plugin
    // replays the step's earlier events as each new one arrives (src/ui/key-once.ts).
    await page.evaluate(() => {
      for (const type of ['keydown', 'keyup', 'keydown', 'keyup'])
        window.dispatchEvent(new KeyboardEvent(type, { key: 'e', code: 'KeyE', keyCode: 69, bubbles: true }));
    });
    expect(await lambda()).toBe(before + 2);
    await waitFrames(page);
    expect(await lambda()).toBe(before + 2);
  });

  it('Esc leaves the Planner lab after asking when there are edits; the title menu reaches it and Esc comes back', async () => {
    const { page } = game;
    await inPage(page, (h) => h.openPlannerLab());
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await waitFrames(page);
    // An edit (λ up), then Esc asks before throwing it away: N keeps editing, Y leaves.
    const asked = () => page.waitForFunction(() => document.body.innerText.includes('Discard your edits?'), null, { timeout: 30_000 });
    await press(page, 'e');
    await waitFrames(page, 3);
    await press(page, 'Escape');
    await asked();
    await page.keyboard.press('n');
    await page.waitForFunction(() => !document.body.innerText.includes('Discard your edits?'), null, { timeout: 30_000 });
    await waitFrames(page, 3);
    expect(await page.evaluate(() => (window as any).__twinfield.scene())).toBe('planner-lab');
    await press(page, 'Escape');
    await asked();
    await page.keyboard.press('y');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
    await waitFrames(page, 3);
    // Title → Tools: Record for a study, Presets, Planner lab. Nothing edited: Esc leaves at once.
    await inPage(page, (h) => h.toTitle('tools'));
    await page.waitForFunction(() => (window as any).__twinfield.menus()[0]?.rows.includes('Planner lab'), null, { timeout: 30_000 });
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'planner-lab', null, { timeout: 30_000 });
    await press(page, 'Escape');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
