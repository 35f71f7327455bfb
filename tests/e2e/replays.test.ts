// Replays in real Chromium: record in the page and verify in Node, record in Node and play in the
// page to the same hash, automatic saving at a match's end and on Quit (through the real match
// scene), the library (import all-or-nothing, export bundle and one file, drag and drop, rename,
// tag, delete, a full storage), the Replays scene and the playback scene (seek, desync, survey mode).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { getDodgePreset } from '../../src/cpu/presets';
import { decodeReplay, encodeReplay, replayFromRunner, verifyReplay } from '../../src/replay';
import { createMatch, hashState, MatchRunner, type MatchConfig } from '../../src/sim';
import { decodeBundle } from '../../src/storage/bundle';
import { call, press, screenshot, useGame, waitFrames } from './browser';
import { FIELD_TOP } from '../../src/views/layout';
import { FIELD_H } from '../../src/sim/constants';

const game = useGame();

interface PlaybackInfo {
  loaded: boolean;
  overlays: { wave: boolean; cpu: boolean };
  frame: number;
  frames: number;
  lastFrame: number;
  playing: boolean;
  hash: string | null;
  marks: number;
  indexed: boolean;
  survey: boolean;
  desync: { frame: number; message: string } | null;
  error: string | null;
}

async function waitPlayback(page: Page): Promise<PlaybackInfo> {
  await page.waitForFunction(
    () => {
      const p = (window as any).__twinfield.playback();
      return p && (p.loaded || p.error) && (p.indexed || p.error);
    },
    null,
    { timeout: 30_000 },
  );
  return call<PlaybackInfo>(page, 'playback');
}

/** A replay recorded headless in this process. */
function nodeReplay(seed: number, frames: number, p1 = 'random:7', p2 = 'scripted', cfg: Partial<MatchConfig> = {}) {
  const s = createMatch({ seed, timeLimit: frames, ...cfg });
  const runner = new MatchRunner(s, [createController(p1), createController(p2)]);
  runner.runUntil(frames + 10);
  const replay = replayFromRunner(runner, { date: '2025-06-01T12:00:00.000Z', names: ['Node One', 'Node Two'] });
  return { replay, bytes: encodeReplay(replay), hash: hashState(s) };
}

interface Entry {
  id: string;
  name: string;
  tags: string[];
  meta: { frames: number; finished: boolean; controllers: string[]; players: string[]; human: boolean[] };
}

const entries = (page: Page) => call<Entry[]>(page, 'replays');

/** Waits until the library holds `n` replays (saving runs in the background). */
async function waitCount(page: Page, n: number): Promise<void> {
  // replayCount() is a promise, which waitForFunction would take as truthy at once: poll it instead.
  await expect.poll(() => call<number>(page, 'replayCount'), { timeout: 30_000, interval: 250 }).toBe(n);
}

/** Waits for a visible text passing `test` (it runs in the page: it may use only its argument). */
async function waitText(page: Page, test: (t: string) => boolean, what: string): Promise<string> {
  const src = `(t) => (${test.toString()})(t)`;
  await page.waitForFunction(`window.__twinfield.texts().some(${src})`, null, { timeout: 15_000 }).catch(async () => {
    throw new Error(`no text ${what} in ${JSON.stringify(await call<string[]>(page, 'texts'))}`);
  });
  return (await call<string[]>(page, 'texts')).find(test)!;
}

/** The one-line text panel (rename, tag): waits for it, optionally types a value, submits with Enter. */
async function answerPrompt(page: Page, value?: string): Promise<string> {
  const input = page.locator('.tf-panel input[type=text]');
  await input.waitFor({ timeout: 10_000 });
  await page.waitForFunction(() => document.activeElement?.matches('.tf-panel input[type=text]') === true); // focus comes just after
  const shown = await input.inputValue();
  if (value !== undefined) await input.fill(value);
  await input.press('Enter');
  await page.locator('.tf-panel').waitFor({ state: 'detached', timeout: 10_000 });
  return shown;
}

/** Drops files on the page, as dragging them from a file manager does. */
async function dropFiles(page: Page, files: { name: string; bytes: Uint8Array }[]): Promise<void> {
  await page.evaluate(`(() => {
    const dt = new DataTransfer();
    for (const f of ${JSON.stringify(files.map((f) => ({ name: f.name, bytes: Array.from(f.bytes) })))})
      dt.items.add(new File([new Uint8Array(f.bytes)], f.name));
    for (const type of ['dragenter', 'dragover', 'drop'])
      window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
  })()`);
}

// Every test starts with an empty library (and, from useGame, on a fresh title screen).
beforeEach(async () => {
  await call(game.page, 'deleteAllReplays');
});

/** A person against CPU Easy, played in real time to a 3-second limit through the match scene: its saved replay. */
async function playHumanVsCpu(page: Page): Promise<Entry> {
  const n = await call<number>(page, 'replayCount');
  await call(page, 'startMatch', { seed: 2024, p1: 'human', p2: 'cpu:easy', timeLimit: 180 });
  await page.waitForFunction(() => (window as any).__twinfield.scene() === 'result', null, { timeout: 60_000 });
  await waitCount(page, n + 1);
  return (await entries(page)).find((e) => e.meta.controllers.join() === 'human,cpu:easy')!;
}

/** The Node replay of seed 99 (900 frames) imported and open in playback at 8×. */
async function playNodeReplay(page: Page): Promise<{ hash: string }> {
  const rec = nodeReplay(99, 900);
  const res = await call<{ ok: boolean; added: string[]; error?: string }>(page, 'importReplays', [
    { name: 'node.twrp', bytes: Array.from(rec.bytes) },
  ]);
  expect(res.ok, res.error).toBe(true);
  await call(page, 'openReplay', res.added[0]!);
  await waitPlayback(page);
  await call(page, 'playbackSpeed', 8);
  return { hash: rec.hash };
}

/** The library scene open on `count` short Node replays (seeds 40, 41, …), one of them tagged partial. */
async function libraryWith(page: Page, count: number): Promise<void> {
  const files = Array.from({ length: count }, (_, i) => ({ name: `lib${i}.twrp`, bytes: Array.from(nodeReplay(40 + i, 240).bytes) }));
  expect((await call<{ ok: boolean }>(page, 'importReplays', files)).ok).toBe(true);
  await call(page, 'startMatch', { seed: 45, p1: 'random:2', p2: 'scripted', timeLimit: 3600 });
  await page.waitForFunction(() => (window as any).__twinfield.frame() > 30, null, { timeout: 30_000 });
  expect((await call<{ ok: boolean }>(page, 'saveReplay', { partial: true })).ok).toBe(true);
  await call(page, 'openReplays');
  const heading = `${count + 1} replays`;
  await expect.poll(async () => (await call<string[]>(page, 'texts')).some((t) => t.startsWith(heading)), { timeout: 30_000 }).toBe(true);
}
describe('replays in Chromium', () => {
  it('records a match in Chromium that verifies in Node (finished and partial)', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 4242, p1: 'random:3', p2: 'scripted', timeLimit: 300 });
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 0, null, { timeout: 30_000 });
    const saved = (await page.evaluate('(() => { const h = window.__twinfield; h.advance(400); return h.saveReplay(); })()')) as {
      ok: boolean;
      entry: { id: string; meta: { frames: number; finished: boolean } };
    };
    expect(saved.ok).toBe(true);
    expect(saved.entry.meta.frames).toBe(300);
    expect(saved.entry.meta.finished).toBe(true);
    const bytes = Uint8Array.from(await call<number[]>(page, 'replayBytes', saved.entry.id));
    const r = decodeReplay(bytes);
    expect(r.result?.reason).toBe('time');
    expect(r.sides.map((s) => s.controller)).toEqual(['random:3', 'scripted']);
    const v = verifyReplay(r);
    expect(v.ok, v.reason ?? '').toBe(true);
    expect(v.frames).toBe(300);

    // Quitting half-way: a partial replay, tagged, still verifies.
    await call(page, 'startMatch', { seed: 77, p1: 'random:9', p2: 'scripted', timeLimit: 3600 });
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 0, null, { timeout: 30_000 });
    const part = (await page.evaluate(
      '(() => { const h = window.__twinfield; h.advance(200); return h.saveReplay({ partial: true }); })()',
    )) as { ok: boolean; entry: { id: string; tags: string[]; meta: { finished: boolean; frames: number } } };
    expect(part.ok).toBe(true);
    expect(part.entry.tags).toContain('partial');
    expect(part.entry.meta.finished).toBe(false);
    const pr = decodeReplay(Uint8Array.from(await call<number[]>(page, 'replayBytes', part.entry.id)));
    expect(pr.result).toBeNull();
    expect(verifyReplay(pr).ok).toBe(true);
  });

  it('saves every match automatically through the match scene: at its end, and tagged partial on Quit', async () => {
    const { page } = game;
    let n = await call<number>(page, 'replayCount');
    // A person against a CPU, played in real time to the 3-second limit: the result screen follows.
    await call(page, 'startMatch', { seed: 2024, p1: 'human', p2: 'cpu:easy', timeLimit: 180 });
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'result', null, { timeout: 60_000 });
    await waitCount(page, ++n);
    const done = (await entries(page)).find((e) => e.meta.controllers.join() === 'human,cpu:easy')!;
    expect(done.meta).toMatchObject({ frames: 180, finished: true, human: [true, false] });
    expect(done.tags).not.toContain('partial');
    const r = decodeReplay(Uint8Array.from(await call<number[]>(page, 'replayBytes', done.id)));
    expect(r.result?.reason).toBe('time');
    expect(verifyReplay(r).ok).toBe(true);

    // Esc, then "Quit to title" in the pause menu: a partial replay.
    await call(page, 'startMatch', { seed: 2025, p1: 'human', p2: 'cpu:normal', timeLimit: 3600 });
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 90, null, { timeout: 30_000 });
    await press(page, 'Escape');
    await waitText(page, (t) => t === 'PAUSED', "'PAUSED'");
    const at = await call<number>(page, 'frame');
    await press(page, 'ArrowDown', 'ArrowDown');
    const pause = (await call<{ scene: string; rows: string[]; selected: number }[]>(page, 'menus')).find((m) => m.scene === 'match')!;
    expect(pause.rows[pause.selected]).toBe('Quit to title');
    await press(page, 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 15_000 });
    await waitCount(page, ++n);
    const quit = (await entries(page)).find((e) => e.meta.controllers.join() === 'human,cpu:normal')!;
    expect(quit.tags).toContain('partial');
    expect(quit.meta.finished).toBe(false);
    expect(quit.meta.frames).toBe(at); // paused: nothing was played after Esc
    const q = decodeReplay(Uint8Array.from(await call<number[]>(page, 'replayBytes', quit.id)));
    expect(q.result).toBeNull();
    expect(verifyReplay(q).ok).toBe(true);
  });

  it('imports a replay recorded in Node and plays it in Chromium to the same final hash', async () => {
    const { page } = game;
    const rec = nodeReplay(99, 900);
    const res = await call<{ ok: boolean; added: string[]; error?: string }>(page, 'importReplays', [
      { name: 'node.twrp', bytes: Array.from(rec.bytes) },
    ]);
    expect(res.ok, res.error).toBe(true);
    const id = res.added[0]!;
    await call(page, 'openReplay', id);
    let info = await waitPlayback(page);
    expect(info.frames).toBe(900);
    expect(info.marks).toBeGreaterThan(0);
    // Seek straight to the end: the hash of the last state equals Node's.
    expect(await call<number>(page, 'playbackSeek', 900)).toBe(900);
    info = await call<PlaybackInfo>(page, 'playback');
    expect(info.hash).toBe(rec.hash);
    // And by playing: from 6 s at 8× to the end.
    await call(page, 'playbackSeek', 360);
    await call(page, 'playbackSpeed', 8);
    await call(page, 'playbackToggle');
    await page.waitForFunction(() => (window as any).__twinfield.playback().frame >= 900, null, { timeout: 60_000 });
    info = await call<PlaybackInfo>(page, 'playback');
    expect(info.playing).toBe(false);
    expect(info.hash).toBe(rec.hash);
    expect(info.desync).toBeNull();
  });

  it('shows the playback scene with its timeline and steps frames', async () => {
    const { page } = game;
    await playNodeReplay(page);
    await call(page, 'playbackSeek', 480);
    await press(page, '.', '.', '.');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(483);
    await press(page, ',');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(482);
    await press(page, 'ArrowLeft');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(422);
    const texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('Node One · human') || t.includes('Node One · CPU'))).toBe(true);
    expect(
      texts.some((t) => /❚❚\s+8×\s+0:07 \/ 0:15\s+frame 422/.test(t)),
      JSON.stringify(texts),
    ).toBe(true);
    await screenshot(page, 'playback');
  });

  it(
    'paused playback leaves the fields uncovered (pixel check on their bottom rows); status and help never touch; no gamepad, no ' +
      'gamepad help',
    async () => {
      const { page } = game;
      await playNodeReplay(page);
      await call(page, 'playbackSeek', 300);
      const info = await call<PlaybackInfo & { panelTop: number; statusRight: number; helpLeft: number; padHint: boolean }>(
        page,
        'playback',
      );
      expect(info.playing).toBe(false);
      expect(info.panelTop).toBe(FIELD_TOP + FIELD_H);
      expect(info.statusRight).toBeLessThan(info.helpLeft);
      expect(info.padHint).toBe(false);
      expect((await call<string[]>(page, 'texts')).join('\n')).not.toContain('A play / pause');
      await waitFrames(page, 3);
      const png = (await page.locator('canvas').screenshot()).toString('base64');
      // Share of pixels in a band of rows that are exactly the control panel's colour (5, 2, 14).
      const share = (await page.evaluate(
        async ({ png, bands }) => {
          const img = new Image();
          img.src = `data:image/png;base64,${png}`;
          await img.decode();
          const c = document.createElement('canvas');
          c.width = img.width;
          c.height = img.height;
          const g = c.getContext('2d')!;
          g.drawImage(img, 0, 0);
          const k = img.width / 960;
          return (bands as [number, number, [number, number][]][]).map(([y0, y1, xs]) => {
            let n = 0;
            let panel = 0;
            for (const [x0, x1] of xs as [number, number][])
              for (let y = Math.ceil(y0 * k); y < Math.floor(y1 * k); y++) {
                const d = g.getImageData(Math.ceil(x0 * k), y, Math.floor((x1 - x0) * k), 1).data;
                for (let i = 0; i < d.length; i += 4) {
                  n++;
                  if (Math.abs(d[i]! - 5) <= 2 && Math.abs(d[i + 1]! - 2) <= 2 && Math.abs(d[i + 2]! - 14) <= 2) panel++;
                }
              }
            return panel / Math.max(1, n);
          });
        },
        {
          png,
          bands: [
            [
              FIELD_TOP + FIELD_H - 10,
              FIELD_TOP + FIELD_H,
              [
                [30, 400],
                [560, 930],
              ],
            ],
            [FIELD_TOP + FIELD_H, FIELD_TOP + FIELD_H + 2, [[30, 930]]],
          ],
        },
      )) as number[];
      // The fields' last 10 rows show the fields, not the panel; right below them the panel is drawn.
      expect(share[0]).toBeLessThan(0.2);
      expect(share[1]).toBeGreaterThan(0.6);
      console.log(
        `paused playback: panel colour in the fields' bottom 10 rows ${(share[0]! * 100).toFixed(1)}%, in the 2 rows below them ` +
          `${(share[1]! * 100).toFixed(1)}%`,
      );
      await screenshot(page, 'playback-paused');
    },
  );

  it('survey mode hides everything that tells the person from the CPU (a human-vs-CPU replay)', async () => {
    const { page } = game;
    const humanVsCpu = (await playHumanVsCpu(page)).id;
    const r = decodeReplay(Uint8Array.from(await call<number[]>(page, 'replayBytes', humanVsCpu)));
    expect(r.sides.map((s) => s.human)).toEqual([true, false]);
    await call(page, 'openReplay', humanVsCpu);
    await waitPlayback(page);
    await call(page, 'playbackSeek', 120);
    // Words that give a side away: who it is, what it is, the CPU's preset (name and label).
    const tells = [
      ...r.sides.flatMap((s) => [s.name, s.controller]),
      'cpu',
      'human',
      'player',
      'you',
      'easy',
      getDodgePreset('easy').label,
      'normal',
      'hard',
      'lunatic',
      'scripted',
      'random',
    ];
    const found = (texts: string[]) => tells.filter((w) => texts.join('\n').toLowerCase().includes(w.toLowerCase()));
    // Without survey mode the HUD does tell (so the check below can fail).
    expect(found(await call<string[]>(page, 'texts'))).toEqual(expect.arrayContaining(['cpu', 'human']));
    await press(page, 'h');
    expect((await call<PlaybackInfo>(page, 'playback')).survey).toBe(true);
    expect(found(await call<string[]>(page, 'texts'))).toEqual([]);
    // F3 (the CPU's map and path) and F2 stay off in survey mode.
    await press(page, 'F3');
    expect((await call<PlaybackInfo>(page, 'playback')).overlays).toEqual({ wave: false, cpu: false });
    expect(await call<string[]>(page, 'texts')).toContain('Overlays are off in survey mode');
    await call(page, 'playbackToggle'); // play a little: nothing appears on the way either
    await page.waitForFunction(() => (window as any).__twinfield.playback().frame >= 150, null, { timeout: 30_000 });
    await call(page, 'playbackToggle');
    expect(found(await call<string[]>(page, 'texts'))).toEqual([]);
    expect((await call<string[]>(page, 'texts')).join(' ')).not.toContain(' fps');
    await page.waitForFunction(() => !(window as any).__twinfield.texts().includes('Overlays are off in survey mode'), null, {
      timeout: 10_000,
    }); // the note fades
    await screenshot(page, 'playback-survey');
    await press(page, 'h');
  });

  it('stops playback at a desync with the frame number', async () => {
    const { page } = game;
    const rec = nodeReplay(5, 400);
    const bad = { ...rec.replay, checksums: rec.replay.checksums.map((c, i) => (i === 2 ? { ...c, hash: '0123456789abcdef' } : c)) };
    await call(page, 'playReplayBytes', Array.from(encodeReplay(bad)));
    const info = await waitPlayback(page);
    expect(info.desync?.frame).toBe(180);
    expect(info.lastFrame).toBe(180);
    await call(page, 'playbackSpeed', 8);
    await call(page, 'playbackToggle');
    await page.waitForFunction(() => !(window as any).__twinfield.playback().playing, null, { timeout: 30_000 });
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(180);
    const texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.startsWith('Playback stopped at frame 180'))).toBe(true);
    await screenshot(page, 'playback-desync');
  });

  it('F3 in playback shows what a CPU side saw and planned: exact from the start, recomputed after a seek', async () => {
    const { page } = game;
    const rec = nodeReplay(8, 600, 'cpu:normal', 'cpu:hard', { stages: 'maze', maze: 'pillars' });
    await call(page, 'playReplayBytes', Array.from(rec.bytes));
    await waitPlayback(page);
    await press(page, 'F3');
    let texts = await call<string[]>(page, 'texts');
    expect(
      texts.some((t) => t.startsWith('CPU view: exactly what the recorded CPU saw')),
      JSON.stringify(texts),
    ).toBe(true);
    for (const t of ['move', 'attack', 'heal']) expect(texts).toContain(t); // the planner overlay's legend
    // Played forward from 0:00 the shadow stays the recorded CPU.
    await call(page, 'playbackSpeed', 2);
    await call(page, 'playbackToggle');
    await page.waitForFunction(() => (window as any).__twinfield.playback().frame >= 120, null, { timeout: 30_000 });
    await call(page, 'playbackToggle');
    // Paused, the control bar shows again on the next rendered frame.
    await waitText(page, (t) => t.includes('· CPU view exact'), "'· CPU view exact'");
    await screenshot(page, 'playback-cpu');
    // A seek: the CPU's memory is not in the replay, so the view is recomputed and says so.
    await call(page, 'playbackSeek', 400);
    texts = await call<string[]>(page, 'texts');
    expect(
      texts.some((t) => t.includes('· CPU view recomputed')),
      JSON.stringify(texts),
    ).toBe(true);
    // Survey mode turns the overlays off (they tell a CPU from a person).
    await press(page, 'h');
    texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('CPU view'))).toBe(false);
    expect(texts).not.toContain('attack');
    await press(page, 'h');
  });

  it('lists the library in the Replays scene; a mixed import adds the valid replays and lists the bad one', async () => {
    const { page } = game;
    await libraryWith(page, 4);
    const before = await call<number>(page, 'replayCount');
    expect(before).toBe(5); // 4 imported, 1 saved from a running match
    await screenshot(page, 'replays');
    // The real file picker (I), with two good files and one truncated one: each is judged alone.
    const good = nodeReplay(11, 240).bytes;
    const good2 = nodeReplay(14, 240).bytes;
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    const at = (await page.evaluate(
      `(() => { const s = window.__twinfield_game.scene.getScene('replays'); const b = s.children.list.find((o) => o.type === ` +
        `'Text' && o.text === 'Import'); return [b.x + b.width / 2, b.y + b.height / 2]; })()`,
    )) as [number, number];
    await page.mouse.click(at[0], at[1]);
    await (await chooser).setFiles([
      { name: 'good.twrp', mimeType: 'application/octet-stream', buffer: Buffer.from(good) },
      { name: 'bad.twrp', mimeType: 'application/octet-stream', buffer: Buffer.from(good.subarray(0, 100)) },
      { name: 'good2.twrp', mimeType: 'application/octet-stream', buffer: Buffer.from(good2) },
    ]);
    const msg = await waitText(page, (t) => t.startsWith('Imported 2 replays.'), "'Imported 2 replays.'");
    expect(msg).toBe(
      'Imported 2 replays.\n1 file was not imported:\nbad.twrp — the file is incomplete (cut short while downloading or copying?).',
    );
    expect(await call<number>(page, 'replayCount')).toBe(before + 2);
    await screenshot(page, 'replays-import-mixed');
    // Not a replay at all, through the hook: nothing added, the file listed with its reason.
    const junk = await call<{ ok: boolean; added: string[]; rejected: { file: string; reason: string; detail: string }[] }>(
      page,
      'importReplays',
      [{ name: 'notes.txt', bytes: Array.from(Buffer.from('hello')) }],
    );
    expect(junk).toMatchObject({ ok: true, added: [], rejected: [{ file: 'notes.txt', reason: 'this is not a Twinfield replay file' }] });
    expect(junk.rejected[0]!.detail).toMatch(/notes\.txt: .*not a Twinfield replay/);
    expect(await call<number>(page, 'replayCount')).toBe(before + 2);
  });

  it('imports dropped files, exports a bundle that Node reads, and deletes with confirmation', async () => {
    const { page } = game;
    await libraryWith(page, 2);
    const n = await call<number>(page, 'replayCount');
    await dropFiles(page, [{ name: 'dropped.twrp', bytes: nodeReplay(12, 240).bytes }]);
    await waitText(page, (t) => t.startsWith('Imported 1 replay'), "'Imported 1 replay'");
    expect(await call<number>(page, 'replayCount')).toBe(n + 1);
    const bundle = decodeBundle(Uint8Array.from(await call<number[]>(page, 'exportAllReplays')), 'all.twrb');
    expect(bundle).toHaveLength(n + 1);
    expect(bundle.some((b) => b.tags.includes('partial'))).toBe(true);
    // Re-importing the bundle adds nothing (same files).
    const again = await call<{ ok: boolean; added: string[]; duplicates: number }>(page, 'importReplays', [
      { name: 'all.twrb', bytes: await call<number[]>(page, 'exportAllReplays') },
    ]);
    expect(again).toMatchObject({ ok: true, added: [], duplicates: n + 1 });
    // Delete: asks first; N keeps it, Y deletes it.
    await press(page, 'Delete');
    expect((await call<string[]>(page, 'texts')).some((t) => t.startsWith('Delete “'))).toBe(true);
    await screenshot(page, 'replays-delete');
    await press(page, 'n');
    expect(await call<number>(page, 'replayCount')).toBe(n + 1);
    await press(page, 'Delete', 'y');
    await waitText(page, (t) => t.startsWith('Deleted'), "'Deleted'");
    expect(await call<number>(page, 'replayCount')).toBe(n);
  });

  it('renames, tags and untags the chosen replay, and exports it as one file', async () => {
    const { page } = game;
    await libraryWith(page, 2);
    const id = (await entries(page))[0]!.id; // the list's first row (newest) is chosen
    const before = Uint8Array.from(await call<number[]>(page, 'replayBytes', id));
    await press(page, 'Home', 'r');
    await answerPrompt(page, 'Survey run 1');
    await waitText(page, (t) => t === 'Renamed to “Survey run 1”.', 'about the rename');
    const byId = async () => (await entries(page)).find((e) => e.id === id)!;
    expect((await byId()).name).toBe('Survey run 1');
    await waitText(page, (t) => t === 'Survey run 1', 'with the new name in the list');
    // T opens an empty prompt; "survey" adds the tag; T again with "survey" removes it.
    await press(page, 't');
    expect(await answerPrompt(page, 'survey')).toBe('');
    await waitText(page, (t) => t === 'Tagged “survey”.', 'about the tag');
    expect((await byId()).tags).toContain('survey');
    await press(page, 't');
    expect(await answerPrompt(page, 'survey')).toBe('');
    await waitText(page, (t) => t === 'Removed the tag “survey”.', 'about the removed tag');
    expect((await byId()).tags).not.toContain('survey');
    // E: the file itself, named after the entry.
    const download = page.waitForEvent('download', { timeout: 15_000 });
    await press(page, 'e');
    const d = await download;
    expect(d.suggestedFilename()).toMatch(/^twinfield-.*survey-run-1\.twrp$/);
    const file = new Uint8Array(readFileSync((await d.path())!));
    expect(Buffer.from(file).equals(Buffer.from(before))).toBe(true);
    expect(verifyReplay(decodeReplay(file)).ok).toBe(true);
    const said = await waitText(page, (t) => t.startsWith('Exported twinfield-'), 'about the export');
    expect(said.startsWith(`Exported ${d.suggestedFilename()} (`)).toBe(true);
  });

  it('comes back from playing a replay to the row that was chosen, and to it again after a visit to the title', async () => {
    const { page } = game;
    await libraryWith(page, 3);
    await press(page, 'Home', 'ArrowDown', 'ArrowDown');
    const chosen = (await call<{ ids: string[]; selected: number }>(page, 'replaysList'))!;
    expect(chosen.selected).toBe(2);
    await press(page, 'Enter');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'playback', null, { timeout: 30_000 });
    await press(page, 'Escape');
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'replays', null, { timeout: 30_000 });
    await expect
      .poll(async () => (await call<{ ids: string[]; selected: number }>(page, 'replaysList'))!.selected, { timeout: 30_000 })
      .toBe(2);
    const back = (await call<{ ids: string[]; selected: number }>(page, 'replaysList'))!;
    expect(back.ids[back.selected]).toBe(chosen.ids[2]);
    await press(page, 'Escape'); // to the title, and Replays again
    await page.waitForFunction(() => (window as any).__twinfield.scene() === 'title', null, { timeout: 30_000 });
    await call(page, 'openReplays');
    await expect
      .poll(
        async () => {
          const l = await call<{ ids: string[]; selected: number } | null>(page, 'replaysList');
          return l ? l.ids[l.selected] : null;
        },
        { timeout: 30_000 },
      )
      .toBe(chosen.ids[2]);
  });

  it('shows a full storage (quota) error in the Replays scene and loses nothing', async () => {
    const { page } = game;
    await libraryWith(page, 2);
    /**
     * Makes IndexedDB in the page fail as a full storage does: after `after` more put/add calls, the
     * next one's request fails with a QuotaExceededError DOMException and its transaction aborts.
     * The failure is IndexedDB's own (the record is written, then added again under its key: a real
     * request error whose unhandled error event aborts the transaction, rolling back everything it
     * wrote); only the error the request and the transaction report is the quota one. put/add are
     * restored once it has fired.
     */
    const failWrite = (after: number) =>
      page.evaluate((after) => {
        const proto = IDBObjectStore.prototype;
        const { put, add } = proto;
        let left = after;
        const fail = (store: IDBObjectStore, real: typeof put, args: [unknown, IDBValidKey?]): IDBRequest<IDBValidKey> => {
          if (left-- > 0) return real.apply(store, args);
          proto.put = put;
          proto.add = add;
          put.apply(store, args);
          const req = add.apply(store, args);
          const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
          Object.defineProperty(req, 'error', { get: () => quota });
          Object.defineProperty(store.transaction, 'error', { get: () => quota });
          return req;
        };
        proto.put = function (this: IDBObjectStore, ...args: [unknown, IDBValidKey?]) {
          return fail(this, put, args);
        };
        proto.add = function (this: IDBObjectStore, ...args: [unknown, IDBValidKey?]) {
          return fail(this, add, args);
        };
      }, after);
    const before = await entries(page);
    const file = { name: 'later.twrp', bytes: nodeReplay(13, 240).bytes };
    // The import's second write (its bytes, after its list record) fails: the whole transaction goes.
    await failWrite(1);
    await dropFiles(page, [file]);
    const msg = await waitText(page, (t) => t.startsWith('Could not import'), 'about the failed import');
    expect(msg).toMatch(/storage .* is full \(quota exceeded\)\. Nothing was changed/);
    await screenshot(page, 'replays-quota');
    expect(await entries(page)).toEqual(before);
    // Nothing half-written either: the same file imports now (it is not taken for a duplicate).
    await dropFiles(page, [file]);
    await waitText(page, (t) => t === 'Imported 1 replay.', "'Imported 1 replay.'");
    expect(await call<number>(page, 'replayCount')).toBe(before.length + 1);
    // A rename that hits the full storage keeps the old name.
    const first = (await entries(page))[0]!;
    await failWrite(0);
    await press(page, 'Home', 'r');
    await answerPrompt(page, 'Never saved');
    await waitText(page, (t) => /^Could not rename the replay: .*quota exceeded/.test(t), 'about the failed rename');
    expect((await entries(page)).find((e) => e.id === first.id)!.name).toBe(first.name);
    for (const e of before) expect((await call<number[]>(page, 'replayBytes', e.id)).length).toBeGreaterThan(0);
    // The failing IndexedDB stays patched in this page: reload it, so the next test has a working one.
    await page.reload();
    await page.waitForFunction(() => (window as any).__twinfield?.ready === true, null, { timeout: 60_000 });
  });

  it('seeks from keyframes: no seek re-simulates more than one keyframe interval (latency printed)', async () => {
    const { page } = game;
    const rec = nodeReplay(31, 3600, 'random:4', 'cpu:normal');
    await call(page, 'playReplayBytes', Array.from(rec.bytes));
    await waitPlayback(page);
    const bench = await call<{
      median: number;
      max: number;
      maxSteps: number;
      totalSteps: number;
      missed: number;
      keyframeInterval: number;
    }>(page, 'playbackSeekBench', 100);
    expect(bench.missed).toBe(0);
    expect(bench.keyframeInterval).toBe(300);
    // Replaying from frame 0 would step up to 3,600 frames per seek (≈ 1,800 on average).
    expect(bench.maxSteps).toBeLessThan(bench.keyframeInterval);
    expect(bench.totalSteps / 100).toBeLessThan(bench.keyframeInterval);
    console.log(
      `seek (1-minute cpu:normal replay, 100 seeded random seeks): at most ${bench.maxSteps} frames re-simulated per seek (mean ` +
        `${(bench.totalSteps / 100).toFixed(0)}); latency median ${bench.median.toFixed(2)} ms, max ${bench.max.toFixed(2)} ms`,
    );
    expect((await call<PlaybackInfo>(page, 'playback')).desync).toBeNull();
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
