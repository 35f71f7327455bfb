// The character select in Chromium (issue 24): from the title's START through both sides' picks
// (Player vs CPU) into a match flown by those characters, Random resolving to a roster id, back
// stepping back to P1 and to the title, a replay row naming the characters, and screenshots of the
// select screen and of each character in play (saved to /tmp/shots-select/ to be looked at).
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ROSTER } from '../../src/sim/characters';
import { call, inPage, press, selectedRow, until, useGame, waitFrames } from './browser';

const SHOTS = process.env.SELECT_SHOTS ?? '/tmp/shots-select';
const game = useGame();

async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitFrames(page, 3);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

type Sel = { step: number; focus: string; picks: string[] } | null;
const select = (page: Page) => call<Sel>(page, 'select');

/** Moves the select's focus with `key` until it is on `id` (at most one lap). */
async function focusOn(page: Page, id: string, key = 'ArrowRight'): Promise<void> {
  for (let i = 0; i < 8 && (await select(page))?.focus !== id; i++) await press(page, key);
  expect((await select(page))?.focus).toBe(id);
}

/** START on the fresh title (Player vs CPU) with the select turned on: the select's first step. */
async function openSelect(page: Page): Promise<void> {
  await call(page, 'characterSelect', true);
  await press(page, 'Enter');
  await until(page, "h.scene() === 'select'");
  expect((await select(page))?.step).toBe(0);
}

describe('character select', () => {
  it('picks both sides of a Player vs CPU match, Random included, and the match flies them', async () => {
    const { page } = game;
    await openSelect(page);
    await focusOn(page, 'kurenai');
    await until(page, "h.texts().includes('Crimson Slash')"); // the focused one's charge shot is named
    await shot(page, 'select-p1');
    await press(page, 'z');
    expect(await select(page)).toMatchObject({ step: 1, picks: ['kurenai'] });
    await focusOn(page, 'random', 'ArrowLeft');
    await shot(page, 'select-p2-random');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    const chars = await call<string[]>(page, 'characters');
    expect(chars[0]).toBe('kurenai');
    expect(ROSTER).toContain(chars[1]);
    const setup = await inPage(page, (h) => h.setup());
    expect(setup?.config).toMatchObject({ p1Character: 'kurenai', p2Character: chars[1] });
    const hud = await inPage(page, (h) => h.hud());
    expect(hud?.sides[0]?.character).toMatch(/^Kurenai/);
  });

  it('back on P2 returns to P1, back on P1 returns to the title; the last picks are remembered', async () => {
    const { page } = game;
    await openSelect(page);
    await focusOn(page, 'shion');
    await press(page, 'z');
    expect((await select(page))?.step).toBe(1);
    await press(page, 'x');
    // Back on P1's step, on P1's last choice.
    expect(await select(page)).toMatchObject({ step: 0, focus: 'shion', picks: [] });
    await press(page, 'Escape');
    await until(page, "h.scene() === 'title'");
    await press(page, 'Enter');
    await until(page, "h.scene() === 'select'");
    expect((await select(page))?.focus).toBe('shion');
    await press(page, 'Escape');
    await until(page, "h.scene() === 'title'");
  });

  it('a replay of a character match names the characters in the Replays list', async () => {
    const { page } = game;
    await call(page, 'deleteAllReplays');
    await call(page, 'startMatch', { seed: 24, p1: 'cpu:normal', p2: 'cpu:normal', p1Character: 'ruri', p2Character: 'kohaku' });
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    await call(page, 'advance', 300);
    await call(page, 'saveReplay', { partial: true });
    await call(page, 'openReplays');
    await until(page, "h.scene() === 'replays' && h.texts().some((t) => t.includes('Ruri/Kohaku'))", 20_000);
    await shot(page, 'replays-row');
    // It plays back with the characters' ships.
    const [entry] = await call<{ id: string }[]>(page, 'replays');
    await call(page, 'openReplay', entry!.id);
    await until(
      page,
      "h.scene() === 'playback' && window.__twinfield_game.scene.getScene('playback').mv?.views[1].ship.texture.key === 'char-kohaku'",
      20_000,
    );
  });

  it('Player vs Player: P2 picks with its own keys (A/D, J), the arrows do not move P2', async () => {
    const { page } = game;
    await press(page, 'ArrowDown', 'ArrowRight', 'ArrowUp'); // Mode: Player vs Player, back on START
    await openSelect(page);
    await focusOn(page, 'midori');
    await press(page, 'z');
    expect((await select(page))?.step).toBe(1);
    const before = (await select(page))!.focus;
    await press(page, 'ArrowRight');
    expect((await select(page))?.focus).toBe(before);
    await focusOn(page, 'asagi', 'd');
    await shot(page, 'select-pvp-p2');
    await press(page, 'j');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    const setup = await inPage(page, (h) => h.setup());
    expect(setup).toMatchObject({ p1: 'human', p2: 'human', config: { p1Character: 'midori', p2Character: 'asagi' } });
  });

  it("the title's Story row opens Story mode", async () => {
    const { page } = game;
    await call(page, 'toTitle', 'main');
    await until(page, "h.menus()[0]?.rows[0] === 'Story'");
    expect(await selectedRow(page)).toBe('Story');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'story' || h.scene() === 'story-hud'", 20_000);
  });

  it('Practice asks for one character, and starts at the chosen level with infinite lives', async () => {
    const { page } = game;
    // Main menu → Practice: its own page, START first.
    await call(page, 'toTitle', 'main');
    await until(page, "h.menus()[0]?.rows[0] === 'Story'");
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await until(page, "h.menus()[0]?.rows[0] === 'START'");
    // Practice's own rows: Start level 3, Lives infinite (issue 25).
    for (let i = 0; i < 8 && !(await selectedRow(page)).startsWith('Start level'); i++) await press(page, 'ArrowDown');
    expect(await selectedRow(page)).toMatch(/^Start level/);
    await press(page, 'ArrowRight', 'ArrowRight', 'ArrowDown', 'ArrowRight');
    for (let i = 0; i < 8 && (await selectedRow(page)) !== 'START'; i++) await press(page, 'ArrowUp');
    await openSelect(page);
    await focusOn(page, 'kohaku');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    expect(await call<string[]>(page, 'characters')).toEqual(['kohaku']);
    const setup = await inPage(page, (h) => h.setup());
    expect(setup!.config).toMatchObject({ mode: 'practice', startLevel: 3, infiniteLives: true });
    await call(page, 'advance', 240);
    await call(page, 'resetVisuals');
    await shot(page, 'practice-kohaku');
  });

  it('the result screen names both characters', async () => {
    const { page } = game;
    await call(page, 'startMatch', {
      seed: 5,
      p1: 'cpu:hard',
      p2: 'cpu:hard',
      p1Character: 'shion',
      p2Character: 'midori',
      timeLimit: 120,
    });
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    await call(page, 'advance', 200);
    await until(page, "h.scene() === 'result'", 20_000);
    const texts = await inPage(page, (h) => h.texts());
    expect(texts).toEqual(expect.arrayContaining(['Shion 紫苑', 'Midori 翠']));
    await shot(page, 'result');
  });

  it('each character in play: its ship, shots and HUD name (screenshots)', async () => {
    const { page } = game;
    for (const [i, id] of ROSTER.entries()) {
      const other = ROSTER[(i + 3) % ROSTER.length]!;
      // One long CPU name: the HUD fits it and the character's name beside the score.
      const p2 = i === 1 ? 'cpu:imap-multi' : 'cpu:hard';
      await call(page, 'startMatch', { seed: 100 + i, p1: 'cpu:hard', p2, p1Character: id, p2Character: other });
      await until(page, "h.scene() === 'match' && h.frame() > 2");
      expect(await call<string[]>(page, 'characters')).toEqual([id, other]);
      // The ships come from the character pack: wait until the field draws them.
      await until(page, `window.__twinfield_game.scene.getScene('match').mv.views[0].ship.texture.key === 'char-${id}'`, 20_000);
      await call(page, 'advance', 420);
      await call(page, 'resetVisuals');
      await shot(page, `play-${id}`);
    }
  });

  it('an EX attack, spell or Boss Attack shows its name over the field', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 7, p1: 'cpu:hard', p2: 'cpu:hard', p1Character: 'asagi', p2Character: 'kurenai' });
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    let banners: string[] = [];
    // The CPUs fire their charge attacks when their gauges fill: play on until a banner shows.
    for (let k = 0; k < 60 && !banners.some(Boolean); k++) {
      await call(page, 'resetVisuals');
      await call(page, 'advance', 60);
      banners = await call<string[]>(page, 'banners');
    }
    expect(banners.join(' ')).toMatch(/EX ATTACK|SPELL|BOSS ATTACK/);
    await shot(page, 'banner');
    // A spell sends the Boss Attack: the boss flies in the other field as its character's sprite.
    const bossDrawn = `(() => { const views = window.__twinfield_game.scene.getScene('match').mv.views;
      return views.some((v) => v.enemies.items.some((e) => e.visible && e.texture.key.startsWith('boss-'))); })()`;
    for (let k = 0; k < 80 && !(await page.evaluate(bossDrawn)); k++) await call(page, 'advance', 30);
    expect(await page.evaluate(bossDrawn)).toBe(true);
    await call(page, 'resetVisuals');
    await shot(page, 'boss');
  });

  it('attract mode: left alone, the title plays a CPU-vs-CPU demo of two roster characters; a key brings the title back', async () => {
    const { page } = game;
    await call(page, 'toTitle');
    await until(page, "h.scene() === 'title'");
    await call(page, 'attractAfter', 1500);
    try {
      await until(page, "h.scene() === 'match' && h.frame() > 30", 60_000);
      const setup = await inPage(page, (h) => h.setup());
      expect(setup).toMatchObject({ p1: 'cpu:hard', p2: 'cpu:hard', demo: true });
      for (const id of await call<string[]>(page, 'characters')) expect(ROSTER).toContain(id);
      expect(await inPage(page, (h) => h.texts())).toContain('DEMO · press any key');
      const before = await call<number>(page, 'replayCount');
      await page.keyboard.press('x');
      await until(page, "h.scene() === 'title'");
      expect(await call<number>(page, 'replayCount')).toBe(before); // a demo is not saved
    } finally {
      await call(page, 'attractAfter', Number.POSITIVE_INFINITY);
    }
  });
});
