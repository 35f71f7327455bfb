// Story mode in real Chromium: the start screen, a difficulty and a character picked with the keys,
// the dialogue before each stage, the story line over the match, stage-clear tallies, a loss and a
// continue (score back to 0), all six stages to the ending and credits, a high score entered by
// name and still there after a reload, and a story stage's replay verifying in Node with its tag.
// Matches end in seconds: window.__twinfield_story.setTest gives both sides CPUs or 'idle', 1 life
// and 30 s (seed 7: the player's CPU beats the idle opponent, the idle player loses; checked in Node).
// Screenshots: /tmp/shots-story/. The tests run in order on one page (the run carries over).
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeReplay, verifyReplay } from '../../src/replay';
import { getCharacter } from '../../src/sim/characters';
import { preMatchLine, RIVALS } from '../../src/story';
import type { StoryApi } from '../../src/scenes/story/story-test-hook';
import { call, inPage, launch, openGame, press, selectedRow, until, waitFrames } from './browser';

const SHOTS = '/tmp/shots-story';
const WIN = { p1: 'cpu:lunatic', p2: 'idle', lives: 1, timeLimit: 1800, seed: 7 };
const LOSE = { p1: 'idle', p2: 'cpu:hard', lives: 1, timeLimit: 1800, seed: 7 };

let browser: Browser;
let page: Page;
let errors: string[] = [];

function story<T>(fn: (s: StoryApi) => T): Promise<Awaited<T>> {
  return page.evaluate(`(${fn.toString()})(window.__twinfield_story)`) as Promise<Awaited<T>>;
}
const run = () => story((s) => s.run());

async function shot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await waitFrames(page, 3);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function waitScreen(name: string, timeout = 60_000): Promise<void> {
  await page.waitForFunction(`window.__twinfield_story?.screen() === ${JSON.stringify(name)}`, null, { timeout });
  await waitFrames(page, 2);
}

async function openStoryPage(): Promise<void> {
  const opened = await openGame(browser, inject('baseUrl'));
  page = opened.page;
  errors = opened.errors;
}

/** From the title to the story start screen. */
async function toStoryStart(): Promise<void> {
  for (let i = 0; i < 16 && (await selectedRow(page)) !== 'Story'; i++) await press(page, 'ArrowDown');
  expect(await selectedRow(page)).toBe('Story');
  await press(page, 'Enter');
  await page.waitForFunction('window.__twinfield_story !== undefined');
  await waitScreen('start');
}

/** On the dialogue screen: fights the stage with `who` playing, to its end; returns the setup it played. */
async function fight(who: typeof WIN, screenshot = '') {
  await page.evaluate(`window.__twinfield_story.setTest(${JSON.stringify(who)})`);
  expect(await selectedRow(page)).toBe('Fight!');
  await press(page, 'Enter');
  await until(page, 'h.state() !== null && h.state().frame >= 0');
  const setup = await call<{ config: Record<string, unknown>; extra: { story: unknown } }>(page, 'setup');
  await page.waitForFunction('window.__twinfield_story.hud() !== null');
  await call(page, 'advance', 60);
  await waitFrames(page, 2);
  // Read together, between two frames: the story line shows what the match's state holds.
  const [hud, score] = (await page.evaluate('[window.__twinfield_story.hud(), window.__twinfield.state().sides[0].score]')) as [
    { stage: number; total: number; match: number },
    number,
  ];
  expect(hud.match).toBe(score);
  if (screenshot) {
    await call(page, 'advance', 240);
    await call(page, 'resetVisuals');
    await shot(screenshot);
  }
  await call(page, 'advance', 5000);
  return { setup, hud };
}

beforeAll(async () => {
  browser = await launch();
  await openStoryPage();
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('Story mode in Chromium', () => {
  let name = '';
  let character = '';
  let firstReplay = '';
  let finalScore = 0;

  it('picks a difficulty and a character, wins a stage, loses one, continues with the score reset to 0', async () => {
    await toStoryStart();
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Normal ▶');
    await press(page, 'ArrowLeft');
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Easy ▶');
    await press(page, 'ArrowDown');
    expect(await selectedRow(page)).toBe('Start');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'select'");
    await waitFrames(page, 3);
    await press(page, 'ArrowRight', 'z');
    await waitScreen('dialogue');
    const r0 = (await run())!;
    character = r0.character;
    expect(r0).toMatchObject({ difficulty: 'easy', stage: 1, score: 0, continues: 0, phase: 'playing' });
    expect(r0.opponents[5]).toBe(RIVALS[character]);
    const texts = await inPage(page, (h) => h.texts());
    expect(texts).toContain(`“${preMatchLine(r0.opponents[0]!, 1).en}”`);
    await shot('dialogue');

    // Stage 1: won. The replay is tagged, the tally adds the match and its bonus.
    const s1 = await fight(WIN, 'match');
    expect(s1.setup.extra.story).toEqual({ stage: 1, character, difficulty: 'easy' });
    expect(s1.setup.config).toMatchObject({ p1Character: character, p2Character: r0.opponents[0], finalBoss: false });
    expect(s1.hud).toMatchObject({ stage: 1, total: 0 });
    await waitScreen('tally');
    await shot('tally');
    const r1 = (await run())!;
    expect(r1.stage).toBe(2);
    const t1 = r1.tallies[0]!;
    expect(r1.score).toBe(t1.match + t1.bonus);
    expect(r1.score).toBeGreaterThan(0);
    expect(r1.replayIds).toHaveLength(1);
    firstReplay = r1.replayIds[0]!;
    await press(page, 'Enter');
    await waitScreen('dialogue');

    // Stage 2: lost → the continue screen with its countdown; Continue resets the score.
    const s2 = await fight(LOSE);
    expect(s2.hud).toMatchObject({ stage: 2, total: r1.score });
    await waitScreen('continue');
    expect(await story((s) => s.countdown())).toBeGreaterThan(0);
    expect(await story((s) => s.countdown())).toBeLessThanOrEqual(10);
    await shot('continue');
    expect((await run())!).toMatchObject({ phase: 'lost', stage: 2, score: r1.score });
    expect(await selectedRow(page)).toBe('Continue');
    await press(page, 'Enter');
    await waitScreen('dialogue');
    expect((await run())!).toMatchObject({ phase: 'playing', stage: 2, score: 0, continues: 1 });
  });

  it('clears the remaining stages (the last against the rival as a boss), then ending, credits and name entry', async () => {
    for (let stage = 2; stage <= 6; stage++) {
      const r = (await run())!;
      expect(r.stage).toBe(stage);
      const s = await fight(WIN);
      expect(s.setup.config.finalBoss).toBe(stage === 6);
      expect(s.setup.config.p2Character).toBe(r.opponents[stage - 1]);
      await waitScreen('tally');
      if (stage === 6) await shot('tally-final');
      await press(page, 'Enter');
      if (stage < 6) await waitScreen('dialogue');
    }
    const done = (await run())!;
    expect(done.phase).toBe('cleared');
    expect(done.continues).toBe(1);
    expect(done.replayIds).toHaveLength(7);
    finalScore = done.score;
    await waitScreen('ending');
    await page.waitForFunction("window.__twinfield_game.scene.getScene('story').tweens.getTweens().length === 0", null, {
      timeout: 30_000,
    });
    const texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.includes(getCharacter(character).name) && t.includes('Ending'))).toBe(true);
    await shot('ending');
    await press(page, 'Enter');
    await waitScreen('credits');
    expect(await inPage(page, (h) => h.texts())).toContain('Libraries');
    await shot('credits');
    await press(page, 'Enter');
    await waitScreen('name');
    await page.waitForSelector('.tf-panel input', { timeout: 30_000 });
    name = 'STORY☆1';
    await page.fill('.tf-panel input', name);
    await shot('name-entry');
    await page.keyboard.press('Enter');
    await waitScreen('scores');
    await page.waitForFunction('window.__twinfield_story.scores().length > 0', null, { timeout: 30_000 });
    const rows = await story((s) => s.scores());
    expect(rows[0]).toEqual({ rank: 1, name, score: finalScore, stage: 6, cleared: true, continues: 1 });
    await shot('high-scores');
  });

  it('keeps the high score over a reload, reachable from the story start screen', async () => {
    await page.reload();
    await page.waitForFunction('window.__twinfield?.ready === true', null, { timeout: 120_000 });
    await toStoryStart();
    await press(page, 'ArrowLeft', 'ArrowDown', 'ArrowDown');
    expect(await selectedRow(page)).toBe('High scores');
    await press(page, 'Enter');
    await waitScreen('scores');
    // The table shown is the last chosen difficulty and character; after a reload: Easy and the default.
    for (let i = 0; i < 8 && (await selectedRow(page)) !== `Character   ◀ ${getCharacter(character).name} ▶`; i++) {
      if (!(await selectedRow(page)).startsWith('Character')) await press(page, 'ArrowDown');
      else await press(page, 'ArrowRight');
      await waitScreen('scores');
    }
    await page.waitForFunction('window.__twinfield_story.scores().length > 0', null, { timeout: 30_000 });
    expect((await story((s) => s.scores()))[0]).toMatchObject({ rank: 1, name, score: finalScore });
    await shot('high-scores-after-reload');
  });

  it("saves a story stage's replay, tagged, that verifies in Node", async () => {
    const bytes = Uint8Array.from(await call<number[]>(page, 'replayBytes', firstReplay));
    const r = decodeReplay(bytes);
    expect(r.extra.story).toEqual({ stage: 1, character, difficulty: 'easy' });
    expect(r.config.p1Character).toBe(character);
    const v = verifyReplay(r);
    expect(v.ok, v.reason ?? '').toBe(true);
    expect(errors.filter((e) => !/favicon|Failed to load resource/.test(e))).toEqual([]);
  });
});
