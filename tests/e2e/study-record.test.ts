// Record for a study, for any study file: title → Record for a study → Open study file… lists that
// study's human clips, records the exact drill variant tagged for it, keeps the study over a reload,
// and a broken file is named with its field while nothing changes.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { paperStudyInput } from '../../src/study/template';
import { inPage, openTitlePage, press, screenshot, useGame, waitFrames, selectedRow } from './browser';

const game = useGame();

/** Moves the title's cursor to the Record row and its value to `value` (a prefix of the value's label). */
async function recordRow(page: Page, value: string): Promise<void> {
  if (!(await inPage(page, (h) => h.menus()))[0]?.rows.some((r) => r.startsWith('Record for a study'))) await openTitlePage(page, 'Tools');
  for (let i = 0; i < 12 && !(await selectedRow(page)).startsWith('Record for a study'); i++) await press(page, 'ArrowDown');
  for (let i = 0; i < 12 && !(await selectedRow(page)).includes(`◀ ${value}`); i++) await press(page, 'ArrowLeft');
  expect(await selectedRow(page)).toContain(`◀ ${value}`);
}

async function openStudyFile(page: Page, name: string, text: string): Promise<void> {
  await recordRow(page, 'Open study file…');
  await press(page, 'Enter'); // a panel with a focused "Choose file…" button: the dialog needs a real press
  await page.waitForSelector('.tf-panel button.primary', { timeout: 10_000 });
  await page.waitForFunction(() => document.activeElement?.matches('.tf-panel button.primary') === true);
  const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
  await page.click('.tf-panel button.primary');
  await (await chooser).setFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.waitForFunction(() => document.querySelector('.tf-panel') === null, null, { timeout: 10_000 });
  await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 10_000 });
  await waitFrames(page, 3);
}

const texts = (page: Page) => inPage(page, (h) => h.texts());

describe('Record for a study, any study file', () => {
  it('opens a study file, lists its human clips, keeps it over a reload and records its drill variant, tagged', async () => {
    const { page } = game;
    const mine = paperStudyInput();
    mine.id = 'pilot-study';
    mine.players = mine.players.map((p) => (p.id === 'expert' ? { ...p, label: 'Pilot' } : p));
    await openStudyFile(page, 'pilot.json', JSON.stringify(mine));
    await expect.poll(() => selectedRow(page)).toContain('◀ Pilot · variant a ▶');
    expect((await texts(page)).some((t) => t.includes('tagged for study pilot-study, player expert'))).toBe(true);
    await screenshot(page, 'title-record-study');
    // Kept in this browser: after a reload the row still lists this study's clips.
    await page.reload();
    await page.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
    await recordRow(page, 'Pilot · variant b');
    await press(page, 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match', null, { timeout: 30_000 });
    const setup = (await inPage(page, (h) => h.setup()))!;
    expect(setup.config).toMatchObject({ drill: mine.drill.name, drillVariant: 'b', seed: mine.drill.seed });
    expect(setup.extra).toMatchObject({ study: { id: 'pilot-study', player: 'expert', variant: 'b' } });
  });

  it('names a broken study file with its field and keeps the study it had', async () => {
    const { page } = game;
    const bad = { ...paperStudyInput(), sets: [{ a: 'base', b: 'nobody', variants: ['a', 'b'] }] };
    await openStudyFile(page, 'broken.json', JSON.stringify(bad));
    await expect
      .poll(async () => (await texts(page)).find((t) => t.startsWith('Not opened:')) ?? '')
      .toMatch(/^Not opened: broken\.json: sets/);
    await screenshot(page, 'title-record-study-error');
    await openStudyFile(page, 'notjson.json', '{ "format": ');
    await expect.poll(async () => (await texts(page)).find((t) => t.startsWith('Not opened:')) ?? '').toMatch(/^Not opened: notjson\.json/);
    // Still the paper's study (the fresh title of this test), untouched by the bad files.
    await recordRow(page, 'Human (skilled) · variant a');
  });
});
