// The real game in real Chromium: boot, menus, a match started with keys, movement, HUD,
// pause (resume, restart the same match, quit), replay saves and their failures, a gamepad
// driving the menus and the ship, and determinism against Node.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAD } from '../../src/input/pad-state';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, hashState, MatchRunner } from '../../src/sim';
import { GAUGE_PER_LEVEL } from '../../src/sim/constants';
import {
  call,
  inPage,
  installFakeGamepad,
  openTitlePage,
  padConnect,
  padSet,
  padTap,
  press,
  screenshot,
  useGame,
  waitFrames,
  type Hook,
  until,
  selectedRow,
} from './browser';

/**
 * Replay saves in the page: 'hold' makes each write wait until 'fail', which fails them all like
 * a full disk (QuotaExceededError); 'restore' puts the real IndexedDB write back. The test decides
 * when a save ends, so "the player moved on before the save ended" needs no timing.
 */
async function saves(page: Page, what: 'hold' | 'fail' | 'restore'): Promise<void> {
  await page.evaluate((what) => {
    const w = window as unknown as { __realAdd?: typeof IDBObjectStore.prototype.add; __held?: (() => void)[] };
    w.__realAdd ??= IDBObjectStore.prototype.add;
    if (what === 'restore') IDBObjectStore.prototype.add = w.__realAdd;
    else if (what === 'fail') for (const f of w.__held?.splice(0) ?? []) f();
    else {
      w.__held = [];
      // idb awaits what add returns, so a promise that rejects later is a write that fails later.
      IDBObjectStore.prototype.add = () =>
        new Promise((_, reject) =>
          w.__held!.push(() => reject(new DOMException('test: disk full', 'QuotaExceededError'))),
        ) as unknown as IDBRequest<IDBValidKey>;
    }
  }, what);
}

/** Waits (vitest's expect.poll) until an async page check holds; waitForFunction cannot await a promise. */
async function eventually(page: Page, fn: (h: Hook) => Promise<boolean>, timeout = 10_000): Promise<boolean> {
  await expect.poll(() => inPage(page, fn), { timeout, interval: 100 }).toBe(true);
  return true;
}

const notSaved = (texts: string[]): boolean => texts.some((t) => t.startsWith('The replay was not saved') && /full/.test(t));

const game = useGame();

/** From the fresh title each test starts on: Enter on START, a Player vs CPU match running. */
async function startFromTitle(page: Page): Promise<void> {
  expect(await selectedRow(page)).toBe('START');
  await press(page, 'Enter');
  await until(page, "h.scene() === 'match' && h.frame() > 5");
}

describe('the game in Chromium', () => {
  it('boots to the title screen', async () => {
    expect(await inPage(game.page, (h) => h.scene())).toBe('title');
    await screenshot(game.page, 'title');
  });

  it('the title opens on START with one Difficulty row: a named pair whose two parts show, and change under Custom', async () => {
    const { page } = game;
    expect(await selectedRow(page)).toBe('START');
    const texts = () => inPage(page, (h) => h.texts());
    // The line under START says what it will play.
    expect((await texts()).some((t) => /^Player vs CPU · open stages · Normal \(stage Normal, CPU Normal\)/.test(t))).toBe(true);
    await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown'); // Mode, Stages, Difficulty (Maze is skipped with open stages)
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Normal ▶');
    // The note under the row says who it is for in a player's words (issue 25); Stage and CPU show the
    // pair's two parts and are not choosable.
    expect((await texts()).some((t) => t.startsWith('For players who know the genre'))).toBe(true);
    await press(page, 'ArrowRight');
    await expect.poll(texts).toContain('Difficulty   ◀ Hard ▶');
    expect(await texts()).toEqual(expect.arrayContaining(['Stage   ◀ Hard ▶', 'CPU   ◀ Hard ▶']));
    await press(page, 'ArrowDown');
    expect(await selectedRow(page)).toBe('Back'); // Stage and CPU skipped
    await press(page, 'ArrowUp', 'ArrowRight', 'ArrowRight', 'ArrowRight'); // Lunatic, Adaptive, then Custom
    await expect.poll(texts).toContain('Difficulty   ◀ Custom ▶');
    expect(await texts()).toEqual(expect.arrayContaining(['Stage   ◀ Lunatic ▶', 'CPU   ◀ Lunatic ▶']));
    await press(page, 'ArrowDown', 'ArrowLeft', 'ArrowLeft', 'ArrowLeft'); // Stage: Lunatic → Easy
    expect(await selectedRow(page)).toBe('Stage   ◀ Easy ▶');
    expect((await texts()).some((t) => t.startsWith('Stage Easy: Slow, sparse bullets'))).toBe(true);
    await screenshot(page, 'title-custom');
    // START with Custom: Easy stages against the Lunatic CPU; the config carries the stage values.
    for (let i = 0; i < 10 && (await selectedRow(page)) !== 'START'; i++) await press(page, 'ArrowUp');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() >= 0");
    const setup = (await inPage(page, (h) => h.setup()))!;
    expect(setup).toMatchObject({ p1: 'human', p2: 'cpu:lunatic', config: { difficulty: 'easy', stages: 'open', mode: 'versus' } });
    expect(setup.config.stageSpeed).toBeLessThan(1);
    // Back on the title, the cursor is where it was (START) and the settings are kept.
    await press(page, 'Escape');
    await until(page, "h.texts().includes('PAUSED')");
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await until(page, "h.scene() === 'title'");
    expect(await selectedRow(page)).toBe('START');
    expect(await texts()).toContain('Difficulty   ◀ Custom ▶');
    // Put Normal back for the tests that follow: Difficulty row, right ×2 wraps Custom → Easy → Normal.
    await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowRight', 'ArrowRight');
    await expect.poll(texts).toContain('Difficulty   ◀ Normal ▶');
    for (let i = 0; i < 10 && (await selectedRow(page)) !== 'START'; i++) await press(page, 'ArrowUp');
  });

  it('starts a Player vs CPU match from the title screen with Enter', async () => {
    const { page } = game;
    expect(await selectedRow(page)).toBe('START');
    await press(page, 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match' && (window as any).__twinfield.frame() > 5, null, {
      timeout: 30_000,
    });
    const texts = await inPage(page, (h) => h.texts());
    expect(texts.some((t) => t.startsWith('P1 · YOU'))).toBe(true);
    expect(texts.some((t) => t.startsWith('P2 · CPU'))).toBe(true);
  });

  it('moves the ship while an arrow key is held', async () => {
    const { page } = game;
    await startFromTitle(page);
    const before = (await inPage(page, (h) => h.state()))!.sides[0]!;
    const f0 = await inPage(page, (h) => h.frame());
    await page.keyboard.down('ArrowLeft');
    await page.waitForFunction((f) => (window as any).__twinfield.frame() > f + 20, f0, { timeout: 30_000 });
    await page.keyboard.up('ArrowLeft');
    const after = (await inPage(page, (h) => h.state()))!.sides[0]!;
    expect(after.x).toBeLessThan(before.x - 40);
    expect(after.y).toBe(before.y);
  });

  it('shows the HUD: scores, lives, clock, level, gauge; no frame rate unless asked for in Options', async () => {
    const { page } = game;
    await startFromTitle(page);
    await page.keyboard.down('z');
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 200, null, { timeout: 60_000 });
    const texts = await inPage(page, (h) => h.texts());
    for (const want of [/^SCORE \d{8}$/, /^TIME$/, /^\d:\d\d$/, /^LEVEL$/, /ATTACK LV \d/]) {
      expect(
        texts.some((t) => want.test(t)),
        `HUD text matching ${want} in ${JSON.stringify(texts)}`,
      ).toBe(true);
    }
    expect(
      texts.some((t) => /^\d+ fps$/.test(t)),
      'the frame-rate readout is off by default (issue 25)',
    ).toBe(false);
    // Play on (faster than real time, Z still held) until there is something to show: a gauge
    // that is not empty and a life lost, on either side.
    const found = await inPage(page, (h) => {
      for (let i = 0; i < 60; i++) {
        const s = h.state()!;
        if (s.sides.some((d) => d.gauge > 0) && s.sides.some((d) => d.hits > 0)) return true;
        h.advance(60);
      }
      return false;
    });
    await page.keyboard.up('z');
    expect(found, 'a gauge filled and a hit taken within 60 s of play').toBe(true);
    // The HUD is drawn on the next rendered frame; then read what it shows and the sim together.
    await until(page, 'h.hud().frame === h.frame()');
    const { hud, state } = await inPage(page, (h) => ({ hud: h.hud()!, state: h.state()! }));
    expect(hud.frame).toBe(state.frame);
    state.sides.forEach((d, i) => {
      const shown = hud.sides[i]!;
      expect(shown.score).toBe(`SCORE ${String(d.score).padStart(8, '0')}`);
      // One ship icon per life left.
      expect(shown.lifeIcons, `side ${i} lives`).toBe(Math.max(0, d.lives));
      // The three gauge segments fill left to right and add up to the gauge.
      expect(shown.gauge.reduce((a, b) => a + b, 0) * GAUGE_PER_LEVEL).toBeCloseTo(d.gauge, 6);
      shown.gauge.forEach((f, k) => k > 0 && f > 0 && expect(shown.gauge[k - 1]).toBe(1));
      if (d.charge === 0) expect(shown.attack).toMatch(new RegExp(`ATTACK LV ${Math.floor(d.gauge / GAUGE_PER_LEVEL)}$`));
    });
    expect(state.sides.some((d, i) => d.gauge > 0 && hud.sides[i]!.gauge[0]! > 0)).toBe(true);
    expect(state.sides.some((d, i) => d.hits > 0 && hud.sides[i]!.lifeIcons < 5)).toBe(true);
    await screenshot(page, 'match');
  });

  it('pauses with Esc and resumes the same match', async () => {
    const { page } = game;
    await startFromTitle(page);
    const seed = (await inPage(page, (h) => h.setup()))!.config.seed;
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    await waitFrames(page, 3);
    const f = await inPage(page, (h) => h.frame());
    await waitFrames(page, 30); // 30 loop frames pass, the match frame must not
    expect(await inPage(page, (h) => h.frame())).toBe(f);
    expect(await selectedRow(page)).toBe('Resume');
    await screenshot(page, 'pause');
    await press(page, 'Enter');
    await until(page, `h.frame() > ${f + 30}`);
    expect(await inPage(page, (h) => h.texts())).not.toContain('PAUSED');
    expect((await inPage(page, (h) => h.setup()))!.config.seed).toBe(seed);
  });

  it('pauses with Esc and quits to the title', async () => {
    const { page } = game;
    await startFromTitle(page);
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    await press(page, 'ArrowDown', 'ArrowDown');
    expect(await selectedRow(page)).toBe('Quit to title');
    await press(page, 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 10_000 });
  });

  it('Restart from the pause menu plays the same match again: same seed, same checksums', async () => {
    const { page } = game;
    const opts = { seed: 4242, p1: 'idle', p2: 'scripted', stages: 'open', difficulty: 'hard' };
    await call(page, 'startMatch', opts);
    // advance() steps the same runner synchronously: the checksums do not depend on how fast it runs.
    await until(page, 'h.frame() >= 1');
    await inPage(page, (h) => h.advance(300));
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    const first = await inPage(page, (h) => ({ frame: h.frame(), sums: h.checksums() }));
    expect(first.sums.length).toBeGreaterThanOrEqual(4);
    await press(page, 'ArrowDown');
    expect(await selectedRow(page)).toBe('Restart');
    await press(page, 'Enter');
    // Back near the start (not a continuation): the frame counter passes below 60 again.
    await until(page, 'h.frame() >= 0 && h.frame() < 60', 10_000);
    const setup = (await inPage(page, (h) => h.setup()))!;
    expect(setup).toMatchObject({ p1: 'idle', p2: 'scripted', config: { seed: 4242, stages: 'open', difficulty: 'hard' } });
    const last = first.sums[first.sums.length - 1]!.frame;
    await page.evaluate(`window.__twinfield.advance(${last} - window.__twinfield.frame())`);
    await until(page, `h.frame() >= ${last}`);
    const again = await inPage(page, (h) => h.checksums());
    expect(again.slice(0, first.sums.length)).toEqual(first.sums);
    // The run that was left is in the library as a partial replay of the same seed (saved in the background).
    expect(await eventually(page, async (h) => (await h.replays()).some((e) => e.meta.seed === 4242 && e.tags.includes('partial')))).toBe(
      true,
    );
    const kept = await inPage(page, async (h) =>
      (await h.replays()).filter((e) => e.meta.seed === 4242 && e.tags.includes('partial')).map((e) => e.meta.frames),
    );
    expect(kept).toContain(first.frame);
  });

  it('a charge held through a pause goes on charging after it; a press that resumes does not start one', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 4343, p1: 'human', p2: 'idle', lives: 9 });
    await until(page, 'h.frame() >= 1');
    // Shoot (Z held) until side 0 has a gauge level to spend.
    await page.keyboard.down('z');
    const filled = (await page.evaluate(`(() => {
      const h = window.__twinfield;
      for (let i = 0; i < 120 && h.state().sides[0].gauge < ${GAUGE_PER_LEVEL}; i++) h.advance(30);
      return h.state().sides[0].gauge;
    })()`)) as number;
    await page.keyboard.up('z');
    expect(filled).toBeGreaterThanOrEqual(GAUGE_PER_LEVEL);
    // Hold X: charging. Pause and resume with X still held.
    await page.keyboard.down('x');
    await until(page, 'h.state().sides[0].charge > 10');
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    const paused = (await inPage(page, (h) => h.state()))!;
    await page.keyboard.press('Escape');
    await until(page, `h.frame() > ${paused.frame + 20}`);
    const after = (await inPage(page, (h) => h.state()))!.sides[0]!;
    expect(after.charge, 'still charging: the sim saw no release').toBeGreaterThan(paused.sides[0]!.charge);
    expect(after.gauge).toBeGreaterThanOrEqual(paused.sides[0]!.gauge);
    // Letting go now is the release that fires the attack and spends the gauge.
    await page.keyboard.up('x');
    await until(page, 'h.state().sides[0].charge === 0');
    expect((await inPage(page, (h) => h.state()))!.sides[0]!.gauge).toBeLessThan(after.gauge);
    // Paused without X, X (back in the pause menu) resumes; held on, it does not start a charge.
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    const f = await inPage(page, (h) => h.frame());
    await page.keyboard.down('x');
    await until(page, `h.frame() > ${f + 30}`);
    expect((await inPage(page, (h) => h.state()))!.sides[0]!.charge).toBe(0);
    await page.keyboard.up('x');
  });

  it('shows a failed save (storage full) after Restart, and after a Rematch picked before the save ended', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 31, p1: 'idle', p2: 'scripted' });
    await until(page, 'h.frame() >= 60');
    await saves(page, 'hold');
    await page.keyboard.press('Escape');
    await until(page, "h.texts().includes('PAUSED')");
    await press(page, 'ArrowDown', 'Enter');
    await until(page, 'h.frame() >= 0 && h.frame() < 60', 10_000);
    expect(notSaved(await inPage(page, (h) => h.texts()))).toBe(false);
    await saves(page, 'fail');
    await until(page, "h.texts().some((t) => t.startsWith('The replay was not saved'))", 10_000);
    expect(notSaved(await inPage(page, (h) => h.texts()))).toBe(true);
    expect(await inPage(page, (h) => h.scene())).toBe('match');
    await screenshot(page, 'match-save-error');

    // A short match ends on the time limit; the player picks Rematch while the save still runs.
    await call(page, 'startMatch', { seed: 32, p1: 'idle', p2: 'scripted', timeLimit: 30 });
    await until(page, "h.scene() === 'result'", 30_000);
    expect(await inPage(page, (h) => h.texts())).toContain('saving the replay…');
    expect(await selectedRow(page)).toBe('Rematch');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match'", 10_000);
    await saves(page, 'fail');
    await until(page, "h.texts().some((t) => t.startsWith('The replay was not saved'))", 10_000);
    expect(notSaved(await inPage(page, (h) => h.texts()))).toBe(true);

    // On the result screen itself the failure replaces the "saving" note.
    await call(page, 'startMatch', { seed: 33, p1: 'idle', p2: 'scripted', timeLimit: 30 });
    await until(page, "h.scene() === 'result'", 30_000);
    await saves(page, 'fail');
    await until(page, "h.texts().some((t) => t.startsWith('The replay was not saved'))", 10_000);
    await screenshot(page, 'result-save-error');
    await saves(page, 'restore');
  });

  it('shows the result screen with the saved replay', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 808, p1: 'scripted', p2: 'cpu:normal', timeLimit: 1200 });
    await until(page, 'h.frame() >= 1');
    await inPage(page, (h) => h.advance(1200));
    await until(page, "h.scene() === 'result'", 30_000);
    await until(page, "h.texts().some((t) => t.startsWith('Replay saved'))", 15_000);
    const texts = await inPage(page, (h) => h.texts());
    for (const want of [
      /WINS$|^DRAW$/,
      /^(Time up|Knock-out|Double knock-out)(: [a-z ,]+)? · \d:\d\d · seed 808$/,
      /^Score$/,
      /^Hits taken$/,
      /^Kills$/,
      /^Rematch$/,
      /^Title$/,
    ]) {
      expect(
        texts.some((t) => want.test(t)),
        `result text matching ${want} in ${JSON.stringify(texts)}`,
      ).toBe(true);
    }
    await screenshot(page, 'result');
    await press(page, 'ArrowDown', 'Enter');
    await until(page, "h.scene() === 'title'", 10_000);
  });

  it('saves the running match as a partial replay when the page is hidden', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 5151, p1: 'idle', p2: 'scripted' });
    await until(page, 'h.frame() >= 1');
    await inPage(page, (h) => h.advance(240));
    const frame = await inPage(page, (h) => {
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false }));
      return h.frame();
    });
    await eventually(page, async (h) => (await h.replays()).some((e) => e.meta.seed === 5151));
    const kept = await inPage(page, async (h) =>
      (await h.replays()).filter((e) => e.meta.seed === 5151).map((e) => ({ frames: e.meta.frames, tags: e.tags })),
    );
    expect(kept).toEqual([{ frames: frame, tags: ['partial'] }]);
  });

  it(
    'keeps one copy of a match saved on pagehide and then played on (back-forward cache): the finished replay replaces the ' + 'partial',
    async () => {
      const { page } = game;
      await call(page, 'startMatch', { seed: 5252, p1: 'idle', p2: 'scripted', timeLimit: 600 });
      await until(page, 'h.frame() >= 1');
      await inPage(page, (h) => h.advance(240));
      await inPage(page, () => window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true })));
      expect(await eventually(page, async (h) => (await h.replays()).some((e) => e.meta.seed === 5252))).toBe(true);
      // The page is shown again and the match goes on to its end: the result screen saves it.
      await inPage(page, (h) => h.advance(600));
      await until(page, "h.scene() === 'result'", 30_000);
      await until(page, "h.texts().some((t) => t.startsWith('Replay saved'))", 15_000);
      const kept = await inPage(page, async (h) =>
        (await h.replays()).filter((e) => e.meta.seed === 5252).map((e) => ({ frames: e.meta.frames, tags: e.tags })),
      );
      expect(kept).toEqual([{ frames: 600, tags: [] }]);
    },
  );

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
    const browserRun = await inPage(game.page, (h) =>
      h.simulate({ seed: 2026, p1: 'random:3', p2: 'scripted', difficulty: 'hard', frames: 6000 }),
    );
    const s = createMatch({ seed: 2026, difficulty: 'hard' });
    const runner = new MatchRunner(s, [createController('random:3'), createController('scripted')]);
    runner.runUntil(6000);
    expect(browserRun.frame).toBe(s.frame);
    expect(browserRun.hash).toBe(hashState(s));
    expect(browserRun.checksums).toEqual(runner.checksums);
  });

  it('drives the title and pause menus and the ship with a gamepad', async () => {
    const { page } = game;
    await installFakeGamepad(page);
    await page.reload();
    await until(page, 'h !== undefined && h.ready === true', 60_000);
    await padConnect(page);
    const rowText = async (i: number) => (await inPage(page, (h) => h.menus()))[0]!.rows[i]!;
    // A reloaded page opens on the main menu: down to Versus, A opens its page on START.
    expect(await selectedRow(page)).toBe('Story');
    await padTap(page, PAD.DOWN);
    expect(await selectedRow(page)).toBe('Versus');
    await padTap(page, PAD.A);
    await until(page, "h.menus()[0]?.rows[0] === 'START'");
    expect(await selectedRow(page)).toBe('START');
    await padTap(page, PAD.DOWN);
    expect(await selectedRow(page)).toMatch(/^Mode/);
    // Left stick right changes the Mode row's value; a push inside the dead zone does nothing.
    await padSet(page, { axes: [1, 0, 0, 0] });
    await padSet(page, { axes: [0, 0, 0, 0] });
    expect(await rowText(1)).toBe('Mode   ◀ Player vs Player ▶');
    await padSet(page, { axes: [-0.3, 0.3, 0, 0] });
    await padSet(page, { axes: [0, 0, 0, 0] });
    expect(await rowText(1)).toBe('Mode   ◀ Player vs Player ▶');
    expect(await selectedRow(page)).toMatch(/^Mode/);
    await padSet(page, { axes: [-1, 0, 0, 0] });
    await padSet(page, { axes: [0, 0, 0, 0] });
    expect(await rowText(1)).toBe('Mode   ◀ Player vs CPU ▶');
    // Holding the d-pad repeats: one hold walks down several rows.
    await padSet(page, { buttons: { [PAD.DOWN]: true } });
    await until(page, 'h.menus()[0].selected >= 4', 60_000);
    await padSet(page, { buttons: { [PAD.DOWN]: false } });
    // Back to START with taps on d-pad up.
    for (let i = 0; i < 12 && (await selectedRow(page)) !== 'START'; i++) await padTap(page, PAD.UP);
    expect(await selectedRow(page)).toBe('START');
    await padTap(page, PAD.A);
    await until(page, "h.scene() === 'match' && h.frame() > 5");
    expect((await inPage(page, (h) => h.setup()))!.p1).toBe('human');

    // The stick moves the ship.
    const x0 = (await inPage(page, (h) => h.state()))!.sides[0]!.x;
    const f0 = await inPage(page, (h) => h.frame());
    await padSet(page, { axes: [-1, 0, 0, 0] });
    await until(page, `h.frame() > ${f0 + 20}`);
    await padSet(page, { axes: [0, 0, 0, 0] });
    expect((await inPage(page, (h) => h.state()))!.sides[0]!.x).toBeLessThan(x0 - 40);

    // Start pauses; B goes back to the match (same match, frames go on).
    await padTap(page, PAD.START);
    await until(page, "h.texts().includes('PAUSED')");
    expect(await selectedRow(page)).toBe('Resume');
    await padTap(page, PAD.DOWN);
    expect(await selectedRow(page)).toBe('Restart');
    const paused = await inPage(page, (h) => h.frame());
    await padTap(page, PAD.B);
    await until(page, `h.frame() > ${paused + 10}`);
    expect(await inPage(page, (h) => h.texts())).not.toContain('PAUSED');
    // Start toggles: pause, then Start again resumes.
    await padTap(page, PAD.START);
    await until(page, "h.texts().includes('PAUSED')");
    await padTap(page, PAD.START);
    await until(page, "!h.texts().includes('PAUSED')");
    // Pause again (the menu opens on Resume again) and quit to the title with the d-pad and A.
    await padTap(page, PAD.START);
    await until(page, "h.texts().includes('PAUSED')");
    expect(await selectedRow(page)).toBe('Resume');
    await padTap(page, PAD.DOWN, PAD.DOWN);
    expect(await selectedRow(page)).toBe('Quit to title');
    await padTap(page, PAD.A);
    await until(page, "h.scene() === 'title'", 10_000);
  });

  it(
    'a gamepad reaches Replays, chooses, plays and seeks a replay, and B goes back; B leaves the Planner lab and the ' + 'result screen',
    async () => {
      const { page } = game;
      await installFakeGamepad(page);
      await page.reload();
      await until(page, 'h !== undefined && h.ready === true', 60_000);
      await padConnect(page);
      // Two short replays made in Node, so the list has rows to choose from whatever ran before.
      for (const seed of [61, 62]) {
        const runner = new MatchRunner(createMatch({ seed, timeLimit: 600 }), [createController('random:1'), createController('scripted')]);
        runner.runUntil(600);
        const bytes = encodeReplay(replayFromRunner(runner, { date: '2025-06-01T12:00:00.000Z', names: ['One', 'Two'] }));
        expect((await call<{ ok: boolean }>(page, 'importReplays', [{ name: `pad${seed}.twrp`, bytes: Array.from(bytes) }])).ok).toBe(true);
      }
      await until(page, "h.scene() === 'title'");
      // The reloaded page opens on the main menu: up from Story wraps to Tools, then Options, then Replays.
      expect(await selectedRow(page)).toBe('Story');
      await padTap(page, PAD.UP, PAD.UP, PAD.UP);
      expect(await selectedRow(page)).toBe('Replays');
      await padTap(page, PAD.A);
      await until(page, "h.scene() === 'replays' && h.replaysList() !== null && h.replaysList().ids.length >= 2");
      const list = (await inPage(page, (h) => h.replaysList()))!;
      expect(list.selected).toBe(0);
      await padTap(page, PAD.DOWN);
      expect((await inPage(page, (h) => h.replaysList()))!.selected).toBe(1);
      await padTap(page, PAD.DOWN, PAD.UP);
      expect((await inPage(page, (h) => h.replaysList()))!.selected).toBe(1);
      await padTap(page, PAD.A);
      await until(page, "h.scene() === 'playback' && h.playback() !== null && h.playback().loaded");
      const info = () => inPage(page, (h) => h.playback()!);
      expect((await info()).id).toBe(list.ids[1]);
      // A plays, A pauses; right and left seek one second; up and down change the speed.
      await padTap(page, PAD.A);
      expect((await info()).playing).toBe(true);
      await padTap(page, PAD.A);
      expect((await info()).playing).toBe(false);
      const { frame: at, frames } = await info();
      await padTap(page, PAD.RIGHT);
      const right = Math.min(frames, at + 60);
      expect((await info()).frame).toBe(right);
      await padTap(page, PAD.LEFT);
      expect((await info()).frame).toBe(Math.max(0, right - 60));
      await padTap(page, PAD.UP);
      expect((await info()).speed).toBe(2);
      await padTap(page, PAD.DOWN, PAD.DOWN);
      expect((await info()).speed).toBe(0.5);
      // B: back to the list, then back to the title.
      await padTap(page, PAD.B);
      await until(page, "h.scene() === 'replays'");
      await padTap(page, PAD.B);
      await until(page, "h.scene() === 'title'");
      // The Planner lab, under Tools: the title's cursor is back on Replays; right steps a turn, B goes back.
      expect(await selectedRow(page)).toBe('Replays');
      await padTap(page, PAD.DOWN, PAD.DOWN);
      expect(await selectedRow(page)).toBe('Tools');
      await padTap(page, PAD.A);
      await until(page, "h.menus()[0]?.rows.includes('Planner lab')");
      await padTap(page, PAD.DOWN, PAD.DOWN);
      expect(await selectedRow(page)).toBe('Planner lab');
      await padTap(page, PAD.A);
      await until(page, "h.scene() === 'planner-lab' && h.texts().some((t) => t.startsWith('exact · turn 1/'))");
      await padTap(page, PAD.RIGHT);
      expect((await inPage(page, (h) => h.texts())).some((t) => t.startsWith('exact · turn 2/'))).toBe(true);
      await padTap(page, PAD.B);
      await until(page, "h.scene() === 'title'");
      // The result screen: B is Title.
      await call(page, 'startMatch', { seed: 34, p1: 'idle', p2: 'scripted', timeLimit: 30 });
      await until(page, "h.scene() === 'result'", 30_000);
      expect(await selectedRow(page)).toBe('Rematch');
      // An X still held from the match (the keyboard's auto-repeat) is not a press of back.
      await inPage(page, () => window.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', code: 'KeyX', keyCode: 88, repeat: true })));
      await waitFrames(page);
      expect(await inPage(page, (h) => h.scene())).toBe('result');
      await padTap(page, PAD.B);
      await until(page, "h.scene() === 'title'");
    },
  );

  it("the main menu offers a player's choices first and the tools under one entry; Esc comes back", async () => {
    const { page } = game;
    await call(page, 'toTitle', 'main');
    await until(page, "h.menus()[0]?.rows[0] === 'Story'");
    const menu = async () => (await inPage(page, (h) => h.menus()))[0]!;
    expect((await menu()).rows).toEqual(['Story', 'Versus', 'Practice', 'Replays', 'Options', 'Tools']);
    await screenshot(page, 'title-main');
    // Tools: the researcher's and designer's three, and Back; Esc goes back to the main menu on Tools.
    await openTitlePage(page, 'Tools');
    const tools = (await menu()).rows;
    expect(tools[0]).toMatch(/^Record for a study {3}◀ /);
    expect(tools.slice(1)).toEqual(['Presets', 'Planner lab', 'Back']);
    await screenshot(page, 'title-tools');
    await press(page, 'Escape');
    await until(page, "h.menus()[0]?.rows[0] === 'Story'");
    expect(await selectedRow(page)).toBe('Tools');
    // Versus and Practice speak a player's words: no research terms in any row or note of theirs.
    const jargon = /paper|depth|reaction delay|1-frame|lookahead|influence|preset/i;
    for (const label of ['Versus', 'Practice'] as const) {
      await openTitlePage(page, label);
      const seen = new Set<string>();
      const rows = (await menu()).rows.length;
      // Every row, and each of its values (a row shows one note at a time); rows without values once.
      for (let r = 0; r < rows + 1; r++) {
        const first = await selectedRow(page);
        for (let v = 0; v < 12; v++) {
          for (const t of await inPage(page, (h) => h.texts())) seen.add(t);
          if (!first.includes('◀')) break;
          await press(page, 'ArrowRight');
          if ((await selectedRow(page)) === first) break; // wrapped round to where it started
        }
        await press(page, 'ArrowDown');
      }
      const bad = [...seen].filter((t) => jargon.test(t) && !t.startsWith('Gamepad:'));
      expect(bad, `${label}: research terms on a player's screen`).toEqual([]);
      await screenshot(page, `title-${label.toLowerCase()}`);
      await call(page, 'toTitle', 'main');
      await until(page, "h.menus()[0]?.rows[0] === 'Story'");
    }
  });

  it('high-contrast bullets (Options → Accessibility) draw a white rim under every bullet; off, none', async () => {
    const { page } = game;
    const drawn = () =>
      page.evaluate(`(() => {
        const v = window.__twinfield_game.scene.getScene('match').mv.views[0];
        const shown = (pool) => pool.items.filter((i) => i.visible);
        const rims = v.rims ? shown(v.rims) : [];
        const bullets = shown(v.bullets);
        return { bullets: bullets.length, rims: rims.length, same: rims.every((r, i) => r.x === bullets[i].x && r.y === bullets[i].y) };
      })()`) as Promise<{ bullets: number; rims: number; same: boolean }>;
    for (const on of [true, false]) {
      await call(page, 'setSettings', { highContrastBullets: on });
      await call(page, 'startMatch', { seed: 77, p1: 'idle', p2: 'scripted' });
      await until(page, "h.scene() === 'match' && h.frame() >= 1");
      await call(page, 'advance', 900);
      await waitFrames(page, 3);
      const d = await drawn();
      expect(d.bullets).toBeGreaterThan(5);
      expect(d.rims).toBe(on ? d.bullets : 0);
      expect(d.same).toBe(true);
      if (on) await screenshot(page, 'high-contrast-bullets');
    }
  });

  it('a hit is felt: the game holds a moment, the field flashes, the HUD pops the lost life', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 4545, p1: 'human', p2: 'scripted', lives: 9 });
    await until(page, "h.scene() === 'match' && h.frame() >= 1");
    // Nobody at the keys: step until side 0 is hit; read the feel right after the hit's step.
    const hit = (await page.evaluate(`(() => {
      const h = window.__twinfield, m = window.__twinfield_game.scene.getScene('match');
      for (let i = 0; i < 4000 && h.state().sides[0].hits === 0; i++) h.advance(1);
      return { state: h.state(), feel: m.feel() };
    })()`)) as { state: ReturnType<Hook['state']> & object; feel: { holds: { hit: number }; flash: number[]; coach: (string[] | null)[] } };
    expect(hit.state.sides[0]!.hits).toBe(1);
    expect(hit.feel.holds.hit).toBeGreaterThanOrEqual(1);
    expect(hit.feel.flash[0]).toBeGreaterThan(0.3);
    // The player touched nothing: the controls panel has ticked nothing off; the CPU side has none.
    expect(hit.feel.coach).toEqual([[], null]);
    await until(page, 'h.hud().frame === h.frame()');
    const hud = (await inPage(page, (h) => h.hud()))!;
    expect(hud.lifePops).toBe(1);
    expect(hud.sides[0]!.lifeIcons).toBe(hit.state.sides[0]!.lives);
    expect(await inPage(page, (h) => h.texts())).toContain('−1');
    await screenshot(page, 'hit-feel');
  }, 300_000);

  it('Player vs Player starts from the title with both keyboards: P1 arrows + Z/X/Shift, P2 WASD + J/K/L', async () => {
    const { page } = game;
    expect(await selectedRow(page)).toBe('START');
    await press(page, 'ArrowDown', 'ArrowRight');
    expect(await selectedRow(page)).toBe('Mode   ◀ Player vs Player ▶');
    const texts = () => inPage(page, (h) => h.texts());
    expect((await texts()).some((t) => t.includes('P2 WASD + J/K/L'))).toBe(true);
    expect(await texts()).toContain('CPU   ◀ Normal ▶'); // shown, but no CPU plays: the row is skipped
    await press(page, 'ArrowUp', 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    const setup = (await inPage(page, (h) => h.setup()))!;
    expect([setup.p1, setup.p2]).toEqual(['human', 'human']);
    const shown = await texts();
    expect(shown).toEqual(expect.arrayContaining(['P1 · PLAYER 1', 'P2 · PLAYER 2', 'P1 CONTROLS', 'P2 CONTROLS']));
    expect(shown.some((t) => t.startsWith('WASD'))).toBe(true);
    expect(shown.some((t) => t.startsWith('Arrows'))).toBe(true);
    const feel = () =>
      page.evaluate(`window.__twinfield_game.scene.getScene('match').feel()`) as Promise<{
        pvp: boolean;
        schemes: string[];
        coach: string[][];
      }>;
    expect(await feel()).toMatchObject({ pvp: true, schemes: ['p1', 'p2'] });
    const ships = async () => (await inPage(page, (h) => h.state()))!.sides.map((d) => ({ x: d.x, y: d.y }));
    const hold = async (key: string) => {
      const f0 = await inPage(page, (h) => h.frame());
      await page.keyboard.down(key);
      await until(page, `h.frame() > ${f0 + 20}`);
      await page.keyboard.up(key);
    };
    // P1's arrow moves only P1's ship; P2's A moves only P2's.
    let before = await ships();
    await hold('ArrowLeft');
    let after = await ships();
    expect(after[0]!.x).toBeLessThan(before[0]!.x - 30);
    expect(after[1]).toEqual(before[1]);
    before = after;
    await hold('a');
    after = await ships();
    expect(after[1]!.x).toBeLessThan(before[1]!.x - 30);
    expect(after[0]).toEqual(before[0]);
    // P2's J shoots and L focuses (ticked off on P2's panel only); P1's Z is P1's.
    await hold('j');
    await hold('l');
    await until(page, 'h.hud().frame === h.frame()');
    const coach = (await feel()).coach;
    expect(coach[1]).toEqual(expect.arrayContaining(['move', 'shot', 'focus']));
    expect(coach[0]).toEqual(['move']);
    await screenshot(page, 'pvp');
    // Left from the pause menu: the replay records both sides as people.
    const seed = setup.config.seed;
    await press(page, 'Escape');
    await until(page, "h.texts().includes('PAUSED')");
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await until(page, "h.scene() === 'title'");
    const meta = async () =>
      (await page.evaluate(`window.__twinfield.replays().then((l) => l.find((e) => e.meta.seed === ${seed})?.meta ?? null)`)) as {
        human: boolean[];
      } | null;
    await expect.poll(meta, { timeout: 10_000 }).not.toBeNull();
    expect((await meta())!.human).toEqual([true, true]);
  }, 300_000);

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
