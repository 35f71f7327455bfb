// Replays in real Chromium: record in the page and verify in Node, record in Node and play in the
// page to the same hash, the library (import all-or-nothing, export bundle, drag and drop), the
// Replays scene and the playback scene (seek, desync, survey mode).
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { decodeReplay, encodeReplay, replayFromRunner, verifyReplay } from '../../src/replay';
import { createMatch, hashState, MatchRunner, type MatchConfig } from '../../src/sim';
import { decodeBundle } from '../../src/storage/bundle';
import { call, press, screenshot, useGame } from './browser';

const game = useGame();

interface PlaybackInfo {
  loaded: boolean;
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
  await page.waitForFunction(() => {
    const p = (window as any).__twinfield.playback();
    return p && (p.loaded || p.error) && (p.indexed || p.error);
  }, null, { timeout: 30_000 });
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

beforeAll(async () => {
  await call(game.page, 'deleteAllReplays');
});
describe('replays in Chromium', () => {
  it('records a match in Chromium that verifies in Node (finished and partial)', async () => {
    const { page } = game;
    await call(page, 'startMatch', { seed: 4242, p1: 'random:3', p2: 'scripted', timeLimit: 300 });
    await page.waitForFunction(() => (window as any).__twinfield.frame() > 0, null, { timeout: 30_000 });
    const saved = (await page.evaluate('(() => { const h = window.__twinfield; h.advance(400); return h.saveReplay(); })()')) as { ok: boolean; entry: { id: string; meta: { frames: number; finished: boolean } } };
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
    const part = (await page.evaluate('(() => { const h = window.__twinfield; h.advance(200); return h.saveReplay({ partial: true }); })()')) as { ok: boolean; entry: { id: string; tags: string[]; meta: { finished: boolean; frames: number } } };
    expect(part.ok).toBe(true);
    expect(part.entry.tags).toContain('partial');
    expect(part.entry.meta.finished).toBe(false);
    const pr = decodeReplay(Uint8Array.from(await call<number[]>(page, 'replayBytes', part.entry.id)));
    expect(pr.result).toBeNull();
    expect(verifyReplay(pr).ok).toBe(true);
  });

  it('imports a replay recorded in Node and plays it in Chromium to the same final hash', async () => {
    const { page } = game;
    const rec = nodeReplay(99, 900);
    const res = await call<{ ok: boolean; added: string[]; error?: string }>(page, 'importReplays', [{ name: 'node.twrp', bytes: Array.from(rec.bytes) }]);
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

  it('shows the playback scene with its timeline, steps frames, and hides identities in survey mode', async () => {
    const { page } = game;
    await call(page, 'playbackSeek', 480);
    await press(page, '.', '.', '.');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(483);
    await press(page, ',');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(482);
    await press(page, 'ArrowLeft');
    expect((await call<PlaybackInfo>(page, 'playback')).frame).toBe(422);
    const texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('Node One · human') || t.includes('Node One · CPU'))).toBe(true);
    expect(texts.some((t) => /❚❚\s+8×\s+0:07 \/ 0:15\s+frame 422/.test(t)), JSON.stringify(texts)).toBe(true);
    await screenshot(page, 'playback');
    await press(page, 'h');
    const survey = await call<string[]>(page, 'texts');
    const shown = survey.join('\n');
    for (const word of ['Node One', 'Node Two', 'human', 'random:7', 'scripted', ' fps']) expect(shown).not.toContain(word);
    expect((await call<PlaybackInfo>(page, 'playback')).survey).toBe(true);
    await page.waitForTimeout(2300); // the "survey mode" note fades
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
    expect(texts.some((t) => t.startsWith('CPU view: exactly what the recorded CPU saw')), JSON.stringify(texts)).toBe(true);
    for (const t of ['move', 'attack', 'heal']) expect(texts).toContain(t); // the planner overlay's legend
    // Played forward from 0:00 the shadow stays the recorded CPU.
    await call(page, 'playbackSpeed', 2);
    await call(page, 'playbackToggle');
    await page.waitForFunction(() => (window as any).__twinfield.playback().frame >= 120, null, { timeout: 30_000 });
    await call(page, 'playbackToggle');
    texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('· CPU view exact')), JSON.stringify(texts)).toBe(true);
    await screenshot(page, 'playback-cpu');
    // A seek: the CPU's memory is not in the replay, so the view is recomputed and says so.
    await call(page, 'playbackSeek', 400);
    texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('· CPU view recomputed')), JSON.stringify(texts)).toBe(true);
    // Survey mode turns the overlays off (they tell a CPU from a person).
    await press(page, 'h');
    texts = await call<string[]>(page, 'texts');
    expect(texts.some((t) => t.includes('CPU view'))).toBe(false);
    expect(texts).not.toContain('attack');
    await press(page, 'h');
  });

  it('lists the library in the Replays scene and refuses a bad import without changing it', async () => {
    const { page } = game;
    await call(page, 'openReplays');
    await page.waitForFunction(() => (window as any).__twinfield.texts().some((t: string) => /^3 replays/.test(t)), null, { timeout: 15_000 });
    const before = await call<number>(page, 'replayCount');
    expect(before).toBe(3);
    await screenshot(page, 'replays');
    // The real file picker (I), with one good and one truncated file: nothing may be added.
    const good = nodeReplay(11, 240).bytes;
    const chooser = page.waitForEvent('filechooser', { timeout: 10_000 });
    const at = (await page.evaluate(`(() => { const s = window.__twinfield_game.scene.getScene('replays'); const b = s.children.list.find((o) => o.type === 'Text' && o.text === 'Import'); return [b.x + b.width / 2, b.y + b.height / 2]; })()`)) as [number, number];
    await page.mouse.click(at[0], at[1]);
    await (await chooser).setFiles([
      { name: 'good.twrp', mimeType: 'application/octet-stream', buffer: Buffer.from(good) },
      { name: 'bad.twrp', mimeType: 'application/octet-stream', buffer: Buffer.from(good.subarray(0, 100)) },
    ]);
    await page.waitForFunction(() => (window as any).__twinfield.texts().some((t: string) => t.startsWith('Import refused')), null, { timeout: 15_000 });
    const msg = (await call<string[]>(page, 'texts')).find((t) => t.startsWith('Import refused'))!;
    expect(msg).toContain('bad.twrp');
    expect(msg).toContain('truncated');
    expect(await call<number>(page, 'replayCount')).toBe(before);
    await screenshot(page, 'replays-import-error');
    // Not a replay at all, through the hook: same refusal.
    const junk = await call<{ ok: boolean; error: string }>(page, 'importReplays', [{ name: 'notes.txt', bytes: Array.from(Buffer.from('hello')) }]);
    expect(junk.ok).toBe(false);
    expect(junk.error).toMatch(/notes\.txt: .*not a Twinfield replay/);
    expect(await call<number>(page, 'replayCount')).toBe(before);
  });

  it('imports dropped files, exports a bundle that Node reads, and deletes with confirmation', async () => {
    const { page } = game;
    const dropped = nodeReplay(12, 240).bytes;
    await page.evaluate(`(() => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(${JSON.stringify(Array.from(dropped))})], 'dropped.twrp'));
      for (const type of ['dragenter', 'dragover', 'drop']) window.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, cancelable: true }));
    })()`);
    await page.waitForFunction(() => (window as any).__twinfield.texts().some((t: string) => t.startsWith('Imported 1 replay')), null, { timeout: 15_000 });
    expect(await call<number>(page, 'replayCount')).toBe(4);
    const bundle = decodeBundle(Uint8Array.from(await call<number[]>(page, 'exportAllReplays')), 'all.twrb');
    expect(bundle).toHaveLength(4);
    expect(bundle.some((b) => b.tags.includes('partial'))).toBe(true);
    // Re-importing the bundle adds nothing (same files).
    const again = await call<{ ok: boolean; added: string[]; duplicates: number }>(page, 'importReplays', [{ name: 'all.twrb', bytes: await call<number[]>(page, 'exportAllReplays') }]);
    expect(again).toMatchObject({ ok: true, added: [], duplicates: 4 });
    // Delete: asks first; N keeps it, Y deletes it.
    await press(page, 'Delete');
    expect((await call<string[]>(page, 'texts')).some((t) => t.startsWith('Delete “'))).toBe(true);
    await screenshot(page, 'replays-delete');
    await press(page, 'n');
    expect(await call<number>(page, 'replayCount')).toBe(4);
    await press(page, 'Delete', 'y');
    await page.waitForFunction(() => (window as any).__twinfield.texts().some((t: string) => t.startsWith('Deleted')), null, { timeout: 10_000 });
    expect(await call<number>(page, 'replayCount')).toBe(3);
  });

  it('measures seek latency in the browser (figure for docs/replays.md)', async () => {
    const { page } = game;
    const rec = nodeReplay(31, 3600, 'random:4', 'cpu:normal');
    await call(page, 'playReplayBytes', Array.from(rec.bytes));
    await waitPlayback(page);
    const bench = await call<{ median: number; max: number }>(page, 'playbackSeekBench', 100);
    console.log(`seek latency (1-minute cpu:normal replay, 100 seeks): median ${bench.median.toFixed(2)} ms, max ${bench.max.toFixed(2)} ms`);
    expect(bench.median).toBeGreaterThanOrEqual(0);
    expect((await call<PlaybackInfo>(page, 'playback')).desync).toBeNull();
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
