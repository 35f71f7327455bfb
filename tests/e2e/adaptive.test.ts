// The Adaptive difficulty in real Chromium (a 1280×720 window, render scale 2): chosen on the title
// with the keyboard (Player vs CPU only), its Aim and Start over rows, a match at the saved strength
// played to its end, the result line, the saved state moved as afterMatch says and kept over a
// reload, a left match not counted, and the replays carrying the state before and after.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ADAPTIVE_START, afterMatch, newAdaptive, type AdaptiveState } from '../../src/cpu/presets/adaptive';
import { strengthCpu } from '../../src/cpu/presets/strength';
import { decodeReplay } from '../../src/replay';
import { readAdaptiveTag } from '../../src/replay/adaptive-tag';
import { adaptiveNote, adaptiveResultLine, playerResult } from '../../src/scenes/adaptive-match';
import { ADAPTIVE_KEY, formatAdaptive } from '../../src/storage/adaptive-store';
import type { LibraryEntry } from '../../src/storage/replay-meta';
import { call, inPage, press, screenshot, useGame, waitFrames, until, selectedRow } from './browser';

const texts = (page: Page) => inPage(page, (h) => h.texts());
const saved = (page: Page) => inPage(page, (h) => h.adaptive());
const pct = (s: number) => Math.round(s * 100);
/** Where a fresh adaptive run starts: Normal's strength (from the ladder's placement, so not written here). */
const N = pct(ADAPTIVE_START);

async function reloadGame(page: Page): Promise<void> {
  await page.reload();
  await until(page, 'h !== undefined && h.ready === true', 60_000);
  await until(page, "h.scene() === 'title'");
  await waitFrames(page, 2);
  // A reloaded page opens on the main menu: Versus is the row under Story.
  expect(await selectedRow(page)).toBe('Story');
  await press(page, 'ArrowDown', 'Enter');
  await until(page, "h.menus()[0]?.rows[0] === 'START'");
}

/** From anywhere on the title menu, up to START. */
async function upToStart(page: Page): Promise<void> {
  for (let i = 0; i < 14 && (await selectedRow(page)) !== 'START'; i++) await press(page, 'ArrowUp');
  expect(await selectedRow(page)).toBe('START');
}

/** From START: the Difficulty row (three down with open stages), then right until Adaptive. */
async function chooseAdaptive(page: Page): Promise<void> {
  await press(page, 'ArrowDown', 'ArrowDown', 'ArrowDown');
  expect(await selectedRow(page)).toMatch(/^Difficulty {3}◀ /);
  for (let i = 0; i < 8 && (await selectedRow(page)) !== 'Difficulty   ◀ Adaptive ▶'; i++) await press(page, 'ArrowRight');
  expect(await selectedRow(page)).toBe('Difficulty   ◀ Adaptive ▶');
}

/** The newest replay in the library and its decoded file. */
async function newestReplay(page: Page, seed: number) {
  let entry: LibraryEntry | undefined;
  await expect
    .poll(
      async () => {
        entry = (await call<LibraryEntry[]>(page, 'replays')).find((e) => e.meta.seed === seed);
        return entry !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const bytes = await call<number[]>(page, 'replayBytes', entry!.id);
  return { entry: entry!, replay: decodeReplay(Uint8Array.from(bytes)) };
}

const game = useGame();

describe('Adaptive difficulty in Chromium', () => {
  it('is chosen on the title, plays a match at the saved strength, moves and keeps the strength, and tags the replay', async () => {
    const { page } = game;
    await page.setViewportSize({ width: 1280, height: 720 });
    await reloadGame(page);
    const fresh: AdaptiveState = newAdaptive();
    expect(await saved(page)).toEqual(fresh);

    // Title: Adaptive in the Difficulty row; its note says what it does and where it stands.
    expect(await selectedRow(page)).toBe('START');
    await chooseAdaptive(page);
    const note = adaptiveNote(fresh);
    expect(note).toBe(`The CPU adjusts after each match so you win about half the time. Now: strength ${N} of 100 (Normal is ${N}).`);
    await expect.poll(() => texts(page)).toContain(note);
    let shown = await texts(page);
    expect(shown).toEqual(expect.arrayContaining(['Aim   ◀ win 50 % ▶', 'Start adaptive over']));
    expect(shown.some((t) => /^(Stage|CPU) {3}◀/.test(t))).toBe(false); // Aim and Start over take their place

    // Another mode hides Adaptive (Normal stands in) and back in Player vs CPU it returns; once the
    // difficulty was changed in another mode, that choice stays.
    await press(page, 'ArrowUp', 'ArrowUp');
    expect(await selectedRow(page)).toMatch(/^Mode/);
    await press(page, 'ArrowRight');
    expect(await texts(page)).toEqual(expect.arrayContaining(['Mode   ◀ Player vs Player ▶', 'Difficulty   ◀ Normal ▶']));
    expect((await texts(page)).includes('Aim   ◀ win 50 % ▶')).toBe(false);
    await press(page, 'ArrowLeft');
    expect(await texts(page)).toEqual(expect.arrayContaining(['Difficulty   ◀ Adaptive ▶', 'Aim   ◀ win 50 % ▶']));
    await press(page, 'ArrowRight', 'ArrowRight');
    expect(await texts(page)).toContain('Mode   ◀ CPU vs CPU (watch) ▶');
    await press(page, 'ArrowDown', 'ArrowDown');
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Normal ▶');
    const seen: string[] = [];
    for (let i = 0; i < 6; i++) {
      await press(page, 'ArrowRight');
      seen.push(await selectedRow(page));
    }
    expect(seen.map((r) => r.replace(/^Difficulty {3}◀ (.*) ▶$/, '$1'))).toEqual(['Hard', 'Lunatic', 'Custom', 'Easy', 'Normal', 'Hard']);
    await press(page, 'ArrowLeft', 'ArrowUp', 'ArrowUp', 'ArrowLeft', 'ArrowLeft'); // Normal; Mode: CPU vs CPU → Player vs CPU
    expect(await texts(page)).toEqual(expect.arrayContaining(['Mode   ◀ Player vs CPU ▶', 'Difficulty   ◀ Normal ▶']));
    await press(page, 'ArrowDown', 'ArrowDown');
    for (let i = 0; i < 8 && (await selectedRow(page)) !== 'Difficulty   ◀ Adaptive ▶'; i++) await press(page, 'ArrowRight');
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Adaptive ▶');

    // Aim: kept at once; the Difficulty note follows it.
    await press(page, 'ArrowDown', 'ArrowRight');
    expect(await selectedRow(page)).toBe('Aim   ◀ win 60 % ▶');
    expect((await texts(page)).some((t) => t.startsWith('You should win about 6 matches in 10.'))).toBe(true);
    expect(await saved(page)).toEqual({ ...fresh, target: 0.6 });
    await press(page, 'ArrowLeft');
    expect(await saved(page)).toEqual(fresh);

    // Start adaptive over asks first; moving away keeps everything.
    await press(page, 'ArrowDown');
    expect(await selectedRow(page)).toBe('Start adaptive over');
    await press(page, 'Enter');
    expect((await texts(page)).some((t) => t.startsWith(`Press Enter again to go back to strength ${N} and forget 0 matches`))).toBe(true);
    await press(page, 'ArrowUp', 'ArrowUp');
    expect(await selectedRow(page)).toBe('Difficulty   ◀ Adaptive ▶');
    await expect.poll(() => texts(page)).toContain(note);
    await waitFrames(page, 3);
    await screenshot(page, 'adaptive-title');

    // START: the line under it names what will be played.
    await upToStart(page);
    expect(await texts(page)).toContain(`Player vs CPU · open stages · Adaptive (strength ${N}, aim: win 50 %). Press Enter or Z.`);
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    const setup = (await inPage(page, (h) => h.setup()))!;
    const cpu = strengthCpu(fresh.strength);
    expect(setup).toMatchObject({
      p1: 'human',
      p2: `cpu:strength-${N}`,
      adaptive: fresh,
      config: { difficulty: `strength-${N}`, mode: 'versus' },
    });
    // The HUD says it is adaptive and at what strength, in the CPU's name.
    expect(await texts(page)).toContain(`P2 · CPU · Adaptive ${N}`);
    await call(page, 'advance', 240);
    await inPage(page, (h) => h.resetVisuals());
    await waitFrames(page, 3);
    await screenshot(page, 'adaptive-hud');

    // Played to its end through the hook (the person presses nothing: the CPU wins within a minute or so).
    let result: { winner: number | null } | null = null;
    for (let i = 0; i < 40; i++) {
      result = await inPage(page, (h) => h.state()?.result ?? null);
      if (result) break;
      await call(page, 'advance', 600);
    }
    expect(result).not.toBeNull();
    const won = playerResult(result!.winner);
    const after = afterMatch(fresh, won);
    await until(page, "h.scene() === 'result'");
    const line = adaptiveResultLine({ before: fresh, after, won });
    expect(line).toMatch(new RegExp(`^Adaptive: strength ${N} → \\d+ \\((you won|you lost|a draw), `));
    await expect.poll(() => texts(page)).toContain(`Open stages · ${line}`);
    // Saved as afterMatch says, in its versioned JSON.
    expect(await saved(page)).toEqual(after);
    expect(await page.evaluate((k) => localStorage.getItem(k), ADAPTIVE_KEY)).toBe(formatAdaptive(after));
    await until(page, "h.texts().some((t) => t.startsWith('Replay saved'))");
    await screenshot(page, 'adaptive-result');

    // The replay: the state before and after, the CPU preset in full; the list names the strength.
    const first = await newestReplay(page, setup.config.seed);
    expect(readAdaptiveTag(first.replay.extra)).toEqual({ ...fresh, result: won, next: after });
    expect(first.replay.sides[1]).toMatchObject({ controller: `cpu:strength-${N}`, preset: JSON.parse(JSON.stringify(cpu)) });
    expect(first.replay.config.stageSpeed).toBe(setup.config.stageSpeed);
    expect(first.entry.meta.adaptive).toBe(N);

    // Rematch: at the new strength. Left from the pause menu, it does not count.
    expect(await selectedRow(page)).toBe('Rematch');
    await press(page, 'Enter');
    await until(page, "h.scene() === 'match' && h.frame() > 2");
    const again = (await inPage(page, (h) => h.setup()))!;
    expect(again).toMatchObject({ adaptive: after, p2: `cpu:strength-${pct(after.strength)}` });
    expect(await texts(page)).toContain(`P2 · CPU · Adaptive ${pct(after.strength)}`);
    await press(page, 'Escape');
    await until(page, "h.texts().includes('PAUSED')");
    expect(await texts(page)).toContain(`open stages · Adaptive ${pct(after.strength)} · seed ${again.config.seed}`);
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    await until(page, "h.scene() === 'title'");
    expect(await saved(page)).toEqual(after);
    const left = await newestReplay(page, again.config.seed);
    expect(left.entry.tags).toContain('partial');
    expect(readAdaptiveTag(left.replay.extra)).toEqual({ ...after, result: null, next: null });

    // The Replays list shows the strength.
    await call(page, 'openReplays');
    await until(page, "h.scene() === 'replays' && h.replaysList() !== null && h.replaysList().ids.length >= 2");
    shown = await texts(page);
    expect(shown).toContain(`You vs CPU Adaptive ${N}`);
    expect(shown).toContain(`You vs CPU Adaptive ${pct(after.strength)}`);
    await screenshot(page, 'adaptive-replays');

    // A reload keeps the state; the title shows it.
    await reloadGame(page);
    expect(await saved(page)).toEqual(after);
    await chooseAdaptive(page);
    await expect.poll(() => texts(page)).toContain(adaptiveNote(after));

    // Start adaptive over: the second press goes back to Normal's strength with no matches counted.
    await press(page, 'ArrowDown', 'ArrowDown', 'Enter');
    expect((await texts(page)).some((t) => t.startsWith(`Press Enter again to go back to strength ${N} and forget 1 match;`))).toBe(true);
    await screenshot(page, 'adaptive-start-over');
    await press(page, 'Enter');
    expect(await texts(page)).toContain(`Started over: strength ${N} of 100 (where Normal is), no matches counted yet.`);
    expect(await saved(page)).toEqual(fresh);
  }, 300_000);

  it('a bad saved value falls back to a fresh state and leaves other saved settings alone', async () => {
    const { page } = game;
    await page.evaluate((k) => {
      localStorage.setItem(k, '{"v":1,"strength":"lots"}');
      localStorage.setItem('twinfield.test-other', 'kept');
    }, ADAPTIVE_KEY);
    await reloadGame(page);
    expect(await saved(page)).toEqual(newAdaptive());
    await chooseAdaptive(page);
    await expect.poll(() => texts(page)).toContain(adaptiveNote(newAdaptive()));
    expect(await page.evaluate(() => localStorage.getItem('twinfield.test-other'))).toBe('kept');
    await page.evaluate(() => localStorage.removeItem('twinfield.test-other'));
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
