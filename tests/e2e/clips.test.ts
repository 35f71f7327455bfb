// Clips to video in real Chromium: a replay recorded in Node is imported, opened, and 2-second
// clips are rendered frame by frame and encoded (WebM/VP9; MP4 with whatever codec the browser
// has); the files decode (in the page with mediabunny + WebCodecs, and demux in Node) with the
// expected duration and frame count, are stored next to their replay, and cancel works.
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { beforeAll, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, MatchRunner } from '../../src/sim';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ARTIFACTS, call, screenshot, useGame } from './browser';

const game = useGame();
let replayId = '';

interface ClipResult {
  ok: boolean;
  error?: string;
  id: string | null;
  bytes: number[];
  codec: string;
  mimeType: string;
  elapsed: number;
}

async function nodeDemux(bytes: Uint8Array): Promise<{ duration: number; packets: number; width: number; height: number; codec: string | null }> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  let packets = 0;
  for await (const _ of new EncodedPacketSink(track).packets()) packets++;
  return { duration: await input.computeDuration(), packets, width: await track.getCodedWidth(), height: await track.getCodedHeight(), codec: await track.getCodec() };
}

beforeAll(async () => {
  await call(game.page, 'deleteAllReplays');
  const s = createMatch({ seed: 321, timeLimit: 600 });
  const runner = new MatchRunner(s, [createController('random:2'), createController('scripted')]);
  runner.runUntil(600);
  const bytes = encodeReplay(replayFromRunner(runner, { date: '2025-06-02T10:00:00.000Z', names: ['Clip A', 'Clip B'] }));
  const res = await call<{ ok: boolean; added: string[] }>(game.page, 'importReplays', [{ name: 'clip.twrp', bytes: Array.from(bytes) }]);
  replayId = res.added[0]!;
  await call(game.page, 'openReplay', replayId);
  await game.page.waitForFunction(() => (window as any).__twinfield.playback()?.indexed === true, null, { timeout: 30_000 });
});
describe('clips to video', () => {
  it('exports a 2 s WebM (VP9) clip of both fields that decodes to 120 frames and 2 s', async () => {
    const { page } = game;
    await call(page, 'playbackSeek', 100);
    const r = await call<ClipResult>(page, 'exportClip', { start: 120, end: 240, field: 'both', format: 'webm' });
    expect(r.ok, r.error).toBe(true);
    expect(r.codec).toBe('vp9');
    console.log(`clip export: 120 frames of 960×540 WebM/VP9 in ${r.elapsed.toFixed(2)} s = ${(120 / r.elapsed).toFixed(0)} frames/s`);
    const probe = await call<{ ok: boolean; error?: string; duration: number; frames: number; width: number; height: number; codec: string }>(page, 'probeVideo', r.bytes);
    expect(probe.ok, probe.error).toBe(true);
    expect(probe).toMatchObject({ frames: 120, width: 960, height: 540, codec: 'vp9' });
    expect(probe.duration).toBeCloseTo(2, 2);
    // Keep a frame to look at (test-artifacts/clip-frame.png).
    const png = await call<string>(page, 'videoFramePng', r.bytes, 1.0);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(`${ARTIFACTS}/clip-frame.png`, Buffer.from(png.split(',')[1]!, 'base64'));
    writeFileSync(`${ARTIFACTS}/clip.webm`, Uint8Array.from(r.bytes));
    const node = await nodeDemux(Uint8Array.from(r.bytes));
    expect(node).toMatchObject({ packets: 120, width: 960, height: 540, codec: 'vp9' });
    expect(node.duration).toBeCloseTo(2, 2);
    // The playback scene is back where it was, and the clip is stored next to its replay.
    expect((await call<{ frame: number }>(page, 'playback')).frame).toBe(100);
    const clips = await call<{ id: string; startFrame: number; endFrame: number; field: string; format: string }[]>(page, 'clips', replayId);
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({ id: r.id, startFrame: 120, endFrame: 240, field: 'both', format: 'webm' });
    expect((await call<{ frames: number }>(page, 'probeClip', r.id)).frames).toBe(120);
  });

  it('exports one field to MP4 (H.264, or VP9/AV1 in MP4 where H.264 is missing)', async () => {
    const { page } = game;
    const r = await call<ClipResult>(page, 'exportClip', { start: 0, end: 120, field: 'right', format: 'mp4' });
    expect(r.ok, r.error).toBe(true);
    console.log(`MP4 clip codec in this Chromium: ${r.codec} (${r.mimeType}); ${(120 / r.elapsed).toFixed(0)} frames/s at 384×448`);
    const probe = await call<{ ok: boolean; duration: number; frames: number; width: number; height: number }>(page, 'probeVideo', r.bytes);
    expect(probe).toMatchObject({ ok: true, frames: 120, width: 384, height: 448 });
    expect(probe.duration).toBeCloseTo(2, 2);
    const node = await nodeDemux(Uint8Array.from(r.bytes));
    expect(node.packets).toBe(120);
    expect(await call<unknown[]>(page, 'clips', replayId)).toHaveLength(2);
  });

  it('cancels an export: nothing is stored and playback goes on', async () => {
    const { page } = game;
    const r = await call<ClipResult>(page, 'exportClip', { start: 0, end: 300, field: 'left', format: 'webm', cancelAfter: 20 });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/cancelled/);
    expect(await call<unknown[]>(page, 'clips', replayId)).toHaveLength(2);
    const bad = await call<ClipResult>(page, 'exportClip', { start: 500, end: 9000, field: 'both', format: 'webm' });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/after the end of the replay/);
  });

  it('shows the clip dialog with the stored clips', async () => {
    const { page } = game;
    await page.keyboard.press('c');
    await page.waitForSelector('.tf-panel li button', { timeout: 10_000 });
    await page.waitForFunction(() => !document.querySelector('.tf-panel .note')?.textContent?.startsWith('Checking'), null, { timeout: 10_000 });
    const note = await page.textContent('.tf-panel .note');
    expect(note).toMatch(/WEBM: VP9/);
    expect(await page.locator('.tf-panel li').count()).toBe(2);
    await screenshot(page, 'clip-dialog');
    await page.keyboard.press('Escape');
    expect(await page.locator('.tf-panel').count()).toBe(0);
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
