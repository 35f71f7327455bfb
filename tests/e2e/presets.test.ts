// The preset editor in Chromium: the panel is built from the schema, a slider moved with the keyboard
// restarts the preview (its state hash changes) and the readouts fill in; a saved preset survives a
// reload; "Play against it" starts a match with it; a broken import is refused with the reason and
// loses nothing; at render scale 2 the preview fills the space beside the panel (one field or two)
// with nothing overlapping, and the "vs references" figure is computed again after a change.
// Screenshots: test-artifacts/presets-editor.png, presets-ab.png, presets-vs-references.png.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { VsReferenceOptions } from '../../src/preset-eval/vs-references';
import type { PresetEditorInfo } from '../../src/scenes/presets-scene';
import type { FieldRect } from '../../src/views/layout';
import { call, inPage, screenshot, useGame } from './browser';

const game = useGame();

async function openEditor(page: Page): Promise<PresetEditorInfo> {
  await inPage(page, (h) => h.openPresets());
  await page.waitForFunction(() => (window as any).__twinfield.presets()?.frames?.[0] > 30, null, { timeout: 60_000 });
  return (await inPage(page, (h) => h.presets()))!;
}

const info = async (page: Page) => (await inPage(page, (h) => h.presets()))!;

/** Chooses the option shown as `text` in the nth panel list that offers it (Tweakpane's option values are indices). */
async function choose(page: Page, value: string, nth = 0): Promise<void> {
  await page.evaluate(
    ([v, n]) => {
      const lists = [...document.querySelectorAll<HTMLSelectElement>('.tf-presets select')].filter((s) =>
        [...s.options].some((o) => o.textContent === v),
      );
      const s = lists[n as number];
      if (!s) throw new Error(`no list offers ${v}`);
      s.selectedIndex = [...s.options].findIndex((o) => o.textContent === v);
      s.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [value, nth] as const,
  );
}

/** Seeds, references and match length of the editor's "vs references" figure (computed again at once). */
async function setVsOptions(page: Page, o: VsReferenceOptions): Promise<void> {
  await page.evaluate((o) => (window as any).__twinfield_game.scene.getScene('presets').setVsReferenceOptions(o), o);
}

/** Reloads the page (at `query`) and waits for the title. */
async function reload(page: Page, query = ''): Promise<void> {
  await page.goto(`${inject('baseUrl')}${query}`);
  await page.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
}

const overlap = (a: FieldRect, b: FieldRect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/**
 * The preview fills the free space (the canvas right of the panel, measured in the page): its fields
 * together are at least 60 % of its width, and the fields and texts stay on the canvas, right of the
 * panel, without overlapping one another.
 */
async function expectFilled(page: Page, ed: PresetEditorInfo, fields: number): Promise<void> {
  const px = await page.evaluate(() => {
    const c = document.querySelector('canvas')!.getBoundingClientRect();
    const p = document.querySelector('.tf-presets')!.getBoundingClientRect();
    return { canvasLeft: c.left, canvasW: c.width, panelRight: p.right };
  });
  const unit = px.canvasW / 960; // CSS px per logical unit
  const panelRight = (px.panelRight - px.canvasLeft) / unit;
  const free = 960 - panelRight;
  const { fields: rects, texts } = ed.layout;
  expect(rects).toHaveLength(fields);
  const drawn = rects.reduce((w, f) => w + f.w, 0);
  expect(drawn / free).toBeGreaterThanOrEqual(0.6);
  const all = [...rects, ...texts];
  for (const r of all) {
    expect(r.x).toBeGreaterThanOrEqual(panelRight);
    expect(r.y).toBeGreaterThanOrEqual(0);
    expect(r.x + r.w).toBeLessThanOrEqual(960);
    expect(r.y + r.h).toBeLessThanOrEqual(540);
  }
  for (let i = 0; i < all.length; i++)
    for (let j = i + 1; j < all.length; j++)
      expect(overlap(all[i]!, all[j]!), `${JSON.stringify(all[i])} overlaps ${JSON.stringify(all[j])}`).toBe(false);
}

describe('preset editor in Chromium', () => {
  it('builds its panel from the schema and restarts the preview when a slider moves', async () => {
    const { page } = game;
    const before = await openEditor(page);
    expect(before.cpu).toBe('normal');
    // One slider row per CPU field of the schema, with the field's meaning as hover text.
    const depthRow = page.locator('.tf-presets [data-field="depth"]');
    await expect.poll(() => depthRow.count()).toBe(1);
    expect(await depthRow.getAttribute('title')).toMatch(/Lookahead.*Range 1–8.*Paper: 5/);
    // Play 10 s of the preview: the readouts fill in. Then move the depth slider one step with the keyboard.
    const played = (await call<PresetEditorInfo>(page, 'advancePresetsTo', 600))!;
    expect(played.readouts[0]).toMatch(/hits \/ min\s+\d/);
    const hashAtSameFrame = played.hashes[0];
    const knob = depthRow.locator('.tp-sldv_k, .tp-sldv_t').first();
    await knob.click();
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => (window as any).__twinfield.presets().dirty === true, null, { timeout: 10_000 });
    const after = await info(page);
    expect(after.cpu).toBe('normal-copy'); // a built-in is never edited in place
    expect(after.status).toMatch(/copy of the built-in 'normal'/);
    // Restarted from frame 0 with the edited preset: the same 10 s end elsewhere.
    await page.waitForFunction(() => (window as any).__twinfield.presets().frames[0] < 100, null, { timeout: 10_000 });
    const edited = (await call<PresetEditorInfo>(page, 'advancePresetsTo', 600))!;
    expect(edited.frames[0]).toBe(played.frames[0]);
    expect(edited.hashes[0]).not.toBe(hashAtSameFrame);
    expect(edited.readouts[0]).toMatch(/Normal \(copy\)/);
    await screenshot(page, 'presets-editor');
  });

  it('refuses a typed value outside the range with the reason', async () => {
    const { page } = game;
    await openEditor(page);
    const input = page.locator('.tf-presets [data-field="depth"] input').first();
    await input.fill('99');
    await input.press('Enter');
    await page.waitForFunction(() => /Refused: depth: 99 is above the maximum 8/.test((window as any).__twinfield.presets().status), null, {
      timeout: 10_000,
    });
  });

  it('saves a preset that is still there after a reload, and plays a match against it', async () => {
    const { page } = game;
    await openEditor(page);
    const file = {
      name: 'calm.json',
      text: JSON.stringify({
        name: 'calm-cpu',
        label: 'Calm CPU',
        description: '',
        depth: 3,
        framesPerStep: 5,
        reactionFrames: 30,
        influenceMap: true,
        focus: false,
        switchPenalty: 0,
        w: 0.003,
        lure: 0,
        slip: 0.1,
        cpu: { shoot: true, charge: false },
      }),
    };
    const status = await call<string>(page, 'importPresets', [file]);
    expect(status).toMatch(/Imported calm\.json as 'calm-cpu'/);
    await page.reload();
    await page.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
    await openEditor(page);
    // The editor lists it after the reload (its library is IndexedDB).
    await expect
      .poll(async () => page.locator('.tf-presets select option', { hasText: 'Calm CPU (yours)' }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await choose(page, 'Calm CPU (yours)');
    await page.waitForFunction(() => (window as any).__twinfield.presets().cpu === 'calm-cpu', null, { timeout: 10_000 });
    await page.getByText('▶ Play against it').click();
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'match', null, { timeout: 30_000 });
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 10, null, { timeout: 30_000 });
    const setup = await inPage(page, (h) => h.setup());
    expect(setup?.p2).toBe('cpu:calm-cpu');
    expect(setup?.p1).toBe('human');
  });

  it('a broken import lists the file and the reason; the saved presets stay', async () => {
    const { page } = game;
    await openEditor(page);
    const status = await call<string>(page, 'importPresets', [
      { name: 'broken.json', text: '{"name": "x", ' },
      {
        name: 'bad-depth.json',
        text: JSON.stringify({
          name: 'deep',
          label: 'Deep',
          description: '',
          depth: 50,
          framesPerStep: 1,
          reactionFrames: 0,
          influenceMap: true,
          focus: false,
          switchPenalty: 0,
          w: 0.003,
          lure: 0,
          slip: 0,
          cpu: { shoot: true, charge: true },
        }),
      },
    ]);
    expect(status).toMatch(/Not imported: broken\.json:1:\d+: malformed JSON/);
    expect(status).toMatch(/Not imported: CPU preset\.depth: /);
    await expect
      .poll(async () => page.locator('.tf-presets select option', { hasText: 'Calm CPU (yours)' }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
  });

  it('A/B: two presets side by side on the same seed', async () => {
    const { page } = game;
    await openEditor(page);
    await choose(page, 'I-Map', 1); // the second list offering CPU presets: "A/B with"
    await page.waitForFunction(() => (window as any).__twinfield.presets().hashes.length === 2, null, { timeout: 30_000 });
    const ab = (await call<PresetEditorInfo>(page, 'advancePresetsTo', 600))!;
    expect(ab.frames[0]).toBe(ab.frames[1]);
    expect(ab.compare).toBe('imap');
    expect(ab.hashes[0]).not.toBe(ab.hashes[1]);
    await screenshot(page, 'presets-ab');
    await page.keyboard.press('Escape');
  });

  it('fills the space beside the panel at render scale 2, and computes "vs references" again after a change', async () => {
    const { page } = game;
    // Render scale 2 (a 1280×720 window and up): cameras in canvas pixels, layout in logical units.
    await reload(page, '?scale=2');
    try {
      await inPage(page, (h) => h.openPresets());
      await page.waitForFunction(() => (window as any).__twinfield.presets() !== null, null, { timeout: 60_000 });
      // One short match per reference keeps it quick (the full figure the editor started is dropped).
      await setVsOptions(page, { seeds: 1, seconds: 10 });
      await expectFilled(page, await info(page), 1);
      const figure = /^vs references: newcomer \d+ % · casual \d+ % · skilled \d+ % \(CPU wins, 1 seed, 10 s matches\)$/;
      await page.waitForFunction(() => (window as any).__twinfield.presets().vsDone, null, { timeout: 60_000 });
      const first = await info(page);
      expect(first.vsReferences).toMatch(figure);
      // A change (the depth slider one step) starts the figure again after the preview's debounce; it reaches a figure.
      const knob = page.locator('.tf-presets [data-field="depth"]').locator('.tp-sldv_k, .tp-sldv_t').first();
      await knob.click();
      await page.keyboard.press('ArrowLeft');
      await page.waitForFunction(
        (n) => {
          const ed = (window as any).__twinfield.presets();
          return ed.vsStarts > n && ed.vsDone;
        },
        first.vsStarts,
        { timeout: 60_000 },
      );
      const changed = await info(page);
      expect(changed.cpu).toBe('normal-copy');
      expect(changed.vsReferences).toMatch(figure);
      expect(changed.vsMs).toBeGreaterThan(0);
      await expectFilled(page, changed, 1);
      await screenshot(page, 'presets-vs-references');
      // A/B: both fields and both readouts, the figure under them.
      await choose(page, 'I-Map', 1);
      await page.waitForFunction(() => (window as any).__twinfield.presets().hashes.length === 2, null, { timeout: 30_000 });
      await expectFilled(page, await info(page), 2);
    } finally {
      await reload(page);
    }
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
