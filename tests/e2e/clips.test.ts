// Clips to video in real Chromium: a replay recorded in Node is imported, opened, and 2-second
// clips are rendered frame by frame and encoded (WebM/VP9; MP4 with whatever codec the browser
// has); the files decode (in the page with mediabunny + WebCodecs, and demux in Node) with the
// expected duration and frame count, are stored next to their replay, and cancel works. A clip's
// pixels (hashed before encoding) depend only on the replay, range, field and options — also
// around a lost life (a shaken field, the HUD's animations) — they are the pixels the baseline
// capture (the whole canvas copied through a 2-D canvas) gives, and a survey clip shows no overlay
// and has a name that says nothing about the match.
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it } from 'vitest';
import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner } from '../../src/replay';
import { createMatch, MatchRunner, type MatchConfig } from '../../src/sim';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ARTIFACTS, call, press, screenshot, useGame } from './browser';

const game = useGame();
/** CLIP_BENCH=<runs>: also run the export speed measurement (prints figures; off in the suite). */
const BENCH_RUNS = Number(process.env.CLIP_BENCH ?? 0);
/** Rendering runs on software WebGL on a shared 2-core machine: clip tests may take minutes. */
const SLOW = { timeout: 600_000 };
let replayId = '';

interface ClipResult {
  ok: boolean;
  error?: string;
  id: string | null;
  bytes: number[];
  codec: string;
  mimeType: string;
  elapsed: number;
  filename: string;
  /** With frameHashes: one hash of the captured pixels per frame, and frames rendered with an overlay on. */
  hashes: string[];
  overlayFrames: number;
}

function record(
  seed: number,
  frames: number,
  p1: string,
  p2: string,
  cfg: Partial<MatchConfig> = {},
  names = ['Clip A', 'Clip B'],
): Uint8Array {
  const s = createMatch({ seed, timeLimit: frames, ...cfg });
  const runner = new MatchRunner(s, [createController(p1), createController(p2)]);
  runner.runUntil(frames);
  return encodeReplay(replayFromRunner(runner, { date: '2025-06-02T10:00:00.000Z', names }));
}

async function openBytes(page: Page, name: string, bytes: Uint8Array): Promise<string> {
  const res = await call<{ ok: boolean; added: string[] }>(page, 'importReplays', [{ name, bytes: Array.from(bytes) }]);
  const id = res.added[0]!;
  await call(page, 'openReplay', id);
  await page.waitForFunction(() => (window as any).__twinfield.playback()?.indexed === true, null, { timeout: 30_000 });
  return id;
}

interface Overlays {
  wave: boolean;
  cpu: boolean;
}
const overlays = async (page: Page) => (await call<{ overlays: Overlays }>(page, 'playback')).overlays;

async function nodeDemux(
  bytes: Uint8Array,
): Promise<{ duration: number; packets: number; width: number; height: number; codec: string | null }> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  let packets = 0;
  for await (const _ of new EncodedPacketSink(track).packets()) packets++;
  return {
    duration: await input.computeDuration(),
    packets,
    width: await track.getCodedWidth(),
    height: await track.getCodedHeight(),
    codec: await track.getCodec(),
  };
}

/** The frames at which a side is hit (its field shakes, the HUD pops a life icon off). */
function hitFrames(seed: number, frames: number, p1: string, p2: string, side: number): number[] {
  const runner = new MatchRunner(createMatch({ seed, timeLimit: frames }), [createController(p1), createController(p2)]);
  const out: number[] = [];
  for (let f = 1; f <= frames; f++) {
    runner.runUntil(f);
    if (runner.state.events.some((e) => e.type === 'hit' && e.side === side)) out.push(runner.state.frame);
  }
  return out;
}

const CLIP_REPLAY = record(321, 780, 'random:2', 'scripted');
/** The left side's first hit in CLIP_REPLAY (frame 609 when written): around it a field shakes and a life is lost. */
const HIT = hitFrames(321, 780, 'random:2', 'scripted', 0).find((f) => f >= 200 && f <= 780 - 110)!;
// Each test: an empty library holding only this replay, open in playback (useGame left a fresh title).
beforeEach(async () => {
  await call(game.page, 'deleteAllReplays');
  replayId = await openBytes(game.page, 'clip.twrp', CLIP_REPLAY);
});

interface Probe {
  ok: boolean;
  error?: string;
  duration: number;
  frames: number;
}

/**
 * The hook's exportClip run in the page without carrying the file's bytes across (a number array
 * through the protocol costs ~10 s per MB here); with `probe`, the page also decodes the file.
 */
async function exportInPage(page: Page, o: Record<string, unknown>, probe = false): Promise<Omit<ClipResult, 'bytes'> & { probe?: Probe }> {
  return page.evaluate(
    async ({ o, probe }) => {
      const h = (window as any).__twinfield;
      const { bytes, ...rest } = await h.exportClip(o);
      return { ...rest, probe: probe && rest.ok ? await h.probeVideo(bytes) : undefined };
    },
    { o, probe },
  );
}

/** A short survey clip of the open replay, stored with it. */
async function storeClip(page: Page, start: number): Promise<void> {
  const r = await exportInPage(page, { start, end: start + 30, field: 'left', format: 'webm' });
  expect(r.ok, r.error).toBe(true);
}
describe('clips to video', () => {
  it('exports a 2 s WebM (VP9) clip of both fields that decodes to 120 frames and 2 s', SLOW, async () => {
    const { page } = game;
    await call(page, 'playbackSeek', 100);
    const r = await call<ClipResult>(page, 'exportClip', { start: 120, end: 240, field: 'both', format: 'webm' });
    expect(r.ok, r.error).toBe(true);
    expect(r.codec).toBe('vp9');
    // A survey clip (the hook's default) is named by a hash, not by date and players.
    expect(r.filename).toMatch(/^clip-[0-9a-f]{8}\.webm$/);
    console.log(`clip export: 120 frames of 960×540 WebM/VP9 in ${r.elapsed.toFixed(2)} s = ${(120 / r.elapsed).toFixed(0)} frames/s`);
    const probe = await call<{
      ok: boolean;
      error?: string;
      duration: number;
      frames: number;
      width: number;
      height: number;
      codec: string;
    }>(page, 'probeVideo', r.bytes);
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
    const clips = await call<{ id: string; startFrame: number; endFrame: number; field: string; format: string }[]>(
      page,
      'clips',
      replayId,
    );
    expect(clips).toHaveLength(1);
    expect(clips[0]).toMatchObject({ id: r.id, startFrame: 120, endFrame: 240, field: 'both', format: 'webm' });
    expect((await call<{ frames: number }>(page, 'probeClip', r.id)).frames).toBe(120);
  });

  it('exports one field to MP4 (H.264, or VP9/AV1 in MP4 where H.264 is missing)', SLOW, async () => {
    const { page } = game;
    const r = await call<ClipResult>(page, 'exportClip', { start: 0, end: 120, field: 'right', format: 'mp4', survey: false });
    expect(r.ok, r.error).toBe(true);
    expect(r.filename).toMatch(/^twinfield-2025-06-02-.*clip-a-vs-clip-b-clip-0_0s-2_0s-right\.mp4$/);
    console.log(`MP4 clip codec in this Chromium: ${r.codec} (${r.mimeType}); ${(120 / r.elapsed).toFixed(0)} frames/s at 384×448`);
    const probe = await call<{ ok: boolean; duration: number; frames: number; width: number; height: number }>(page, 'probeVideo', r.bytes);
    expect(probe).toMatchObject({ ok: true, frames: 120, width: 384, height: 448 });
    expect(probe.duration).toBeCloseTo(2, 2);
    const node = await nodeDemux(Uint8Array.from(r.bytes));
    expect(node.packets).toBe(120);
    expect(await call<unknown[]>(page, 'clips', replayId)).toHaveLength(1);
  });

  it('cancels an export: nothing is stored and playback goes on', async () => {
    const { page } = game;
    await storeClip(page, 0);
    await storeClip(page, 60);
    const r = await exportInPage(page, { start: 0, end: 300, field: 'left', format: 'webm', cancelAfter: 20 });
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(/cancelled/);
    expect(await call<unknown[]>(page, 'clips', replayId)).toHaveLength(2);
    const bad = await exportInPage(page, { start: 500, end: 9000, field: 'both', format: 'webm' });
    expect(bad.ok).toBe(false);
    expect(bad.error).toMatch(/after the end of the replay/);
  });

  it('shows the clip dialog with the stored clips', async () => {
    const { page } = game;
    await storeClip(page, 0);
    await storeClip(page, 60);
    await page.keyboard.press('c');
    await page.waitForSelector('.tf-panel li button', { timeout: 10_000 });
    await page.waitForFunction(() => !document.querySelector('.tf-panel .note')?.textContent?.startsWith('Checking'), null, {
      timeout: 10_000,
    });
    const note = await page.textContent('.tf-panel .note');
    expect(note).toMatch(/WEBM: VP9/);
    expect(await page.locator('.tf-panel li').count()).toBe(2);
    // The time estimate for one field comes from the speed the two exports above measured.
    await page.selectOption('.tf-panel select[name=field]', 'left');
    expect(await page.textContent('.tf-panel [name=estimate]')).toMatch(
      /^Estimated time: about \d+:\d\d \(\d+ frames at ~[\d.]+ frames\/s, the speed of the last export in this browser\)$/,
    );
    await screenshot(page, 'clip-dialog');
    await page.keyboard.press('Escape');
    expect(await page.locator('.tf-panel').count()).toBe(0);
  });

  it("renders a clip's frames the same whatever was watched before (pixels hashed before encoding)", SLOW, async () => {
    const { page } = game;
    expect(HIT, 'a hit of the left side in the clip replay').toBeGreaterThan(0);
    // Both fields (the HUD too) after a lost life: in the first clip the unseen lead-in holds the
    // hit, so the field shakes and the HUD's icon pops off and "−1" fades during the clip; the
    // second's lead-in starts just after the hit (the life is already lost: nothing pops, though
    // the HUD showed more lives before the jump in one history and not in the other).
    const ranges = [
      { start: HIT + 20, end: HIT + 50 },
      { start: HIT + 61, end: HIT + 76 },
    ];
    const clip = (r: { start: number; end: number }) => exportInPage(page, { ...r, field: 'both', format: 'webm', frameHashes: true });
    await call(page, 'playbackSeek', 10);
    const first: string[][] = [];
    for (const r of ranges) {
      const res = await clip(r);
      expect(res.ok, res.error).toBe(true);
      expect(res.hashes).toHaveLength(r.end - r.start);
      first.push(res.hashes);
    }
    expect(new Set(first[0]).size).toBeGreaterThan(20); // the frames do move
    for (const [i, r] of ranges.entries()) {
      // Another viewing history: play across the hit at 8× (particles, shakes, the HUD's
      // animations, the visual random streams and the backdrop move on), step, then stop right
      // before the clip's start.
      await call(page, 'playbackSeek', HIT - 90);
      await call(page, 'playbackSpeed', 8);
      await call(page, 'playbackToggle');
      await page.waitForFunction((f) => (window as any).__twinfield.playback().frame >= f, HIT + 40, { timeout: 30_000 });
      await call(page, 'playbackToggle');
      await call(page, 'playbackSpeed', 1);
      await call(page, 'playbackSeek', r.start - 1);
      await press(page, '.');
      const second = await clip(r);
      expect(second.ok, second.error).toBe(true);
      expect(second.hashes, `clip ${r.start}–${r.end}`).toEqual(first[i]);
    }
  });

  it('a survey clip shows no overlay, even with F3 (the CPU view) and F2 on, and restores them after', SLOW, async () => {
    const { page } = game;
    // A CPU (left) in a maze stage: F3 draws its influence map, path, route, action tint and HP.
    await openBytes(
      page,
      'cpu-maze.twrp',
      record(17, 600, 'cpu:normal', 'random:5', { stages: 'maze', maze: 'pillars' }, ['Dodger', 'Masher']),
    );
    await press(page, 'F3', 'F2');
    expect(await overlays(page)).toEqual({ wave: true, cpu: true });
    const clip = { start: 240, end: 260, field: 'left', format: 'webm', frameHashes: true };
    const survey = await exportInPage(page, { ...clip, survey: true });
    expect(survey.ok, survey.error).toBe(true);
    expect(survey.overlayFrames).toBe(0);
    expect(await overlays(page)).toEqual({ wave: true, cpu: true }); // back as they were
    expect((await call<{ survey: boolean }>(page, 'playback')).survey).toBe(false);
    // With the overlays on and survey off, the same frames look different (so the check can fail)…
    const debug = await exportInPage(page, { ...clip, survey: false });
    expect(debug.overlayFrames).toBe(20);
    // …and with them off they are exactly the survey clip's (the left field holds no names).
    await press(page, 'F3', 'F2');
    expect(await overlays(page)).toEqual({ wave: false, cpu: false });
    const plain = await exportInPage(page, { ...clip, survey: false });
    expect(plain.overlayFrames).toBe(0);
    expect(survey.hashes).toEqual(plain.hashes);
    for (let i = 0; i < 20; i++) expect(debug.hashes[i], `frame ${240 + i}`).not.toBe(plain.hashes[i]);
    // Keep a survey frame to look at (test-artifacts/clip-survey-frame.png).
    await press(page, 'F3');
    const both = await call<ClipResult>(page, 'exportClip', { start: 240, end: 270, field: 'both', format: 'webm', survey: true });
    const png = await call<string>(page, 'videoFramePng', both.bytes, 0.25);
    writeFileSync(`${ARTIFACTS}/clip-survey-frame.png`, Buffer.from(png.split(',')[1]!, 'base64'));
    expect(both.filename).toMatch(/^clip-[0-9a-f]{8}\.webm$/);
  });

  it('renders the pixels of the baseline capture, faster (frames/s of both printed)', SLOW, async () => {
    const { page } = game;
    const runs: Record<'baseline' | 'fast', number[]> = { baseline: [], fast: [] };
    const hashes: Record<string, string[]> = {};
    // Alternating runs of one field in one session, so both see the same machine load.
    for (const mode of ['baseline', 'fast', 'baseline', 'fast'] as const) {
      const r = await exportInPage(page, { start: 120, end: 240, field: 'left', format: 'webm', mode, frameHashes: !hashes[mode] }, true);
      expect(r.ok, r.error).toBe(true);
      hashes[mode] ??= r.hashes;
      runs[mode].push(120 / r.elapsed);
      expect(r.probe).toMatchObject({ ok: true, frames: 120 });
      expect(r.probe!.duration).toBeCloseTo(2, 2);
    }
    // The same 120 frames are rendered and captured whichever way they are read.
    expect(hashes.fast).toHaveLength(120);
    expect(hashes.fast).toEqual(hashes.baseline);
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `clip export speed, 120 frames of one field (384×448) to WebM/VP9: baseline ` +
        `${runs.baseline.map((x) => x.toFixed(1)).join(', ')} frames/s; fast ${runs.fast.map((x) => x.toFixed(1)).join(', ')} ` +
        `frames/s; ratio of medians ${(med(runs.fast) / med(runs.baseline)).toFixed(2)}×`,
    );
    // Around a hit: the left field shakes, so its edge shows the backdrop the main camera draws
    // (the fast capture narrows that camera to the field instead of hiding it), and the HUD pops
    // a life off (both fields). The same pixels again.
    for (const field of ['left', 'both'] as const) {
      const got: Record<string, string[]> = {};
      for (const mode of ['baseline', 'fast'] as const) {
        const r = await exportInPage(page, {
          start: HIT - 5,
          end: HIT + 25,
          field,
          format: 'webm',
          mode,
          frameHashes: true,
        });
        expect(r.ok, r.error).toBe(true);
        got[mode] = r.hashes;
      }
      expect(got.fast).toHaveLength(30);
      expect(got.fast, field).toEqual(got.baseline);
    }
  });

  // Opt-in measurement (docs/replays.md): CLIP_BENCH=<runs> alternates the baseline and the fast
  // capture on a both-field WebM and a one-field MP4 and prints frames/s and where a frame's time
  // goes (the calls the export makes, timed by wrapping them in the page; `sync` also waits for
  // the GPU side after game.step with a 1-pixel readPixels). It asserts nothing about time.
  it.runIf(BENCH_RUNS > 0)('export speed: baseline vs fast capture (CLIP_BENCH=runs; prints figures)', { timeout: 3_600_000 }, async () => {
    const { page } = game;
    type Phases = Record<'sim' | 'draw' | 'step' | 'read' | 'frame', number>;
    const profile = (o: { start: number; end: number; field: string; format: string; mode: string; sync: boolean }) =>
      page.evaluate(async (o) => {
        const game = (window as any).__twinfield_game;
        const sc = game.scene.getScene('playback');
        const T: Record<string, number> = { sim: 0, draw: 0, step: 0, read: 0, frame: 0 };
        const undo: (() => void)[] = [];
        const wrap = (obj: any, key: string, slot: string) => {
          const orig = obj[key];
          const own = Object.hasOwn(obj, key);
          obj[key] = function (this: unknown, ...a: unknown[]) {
            const t = performance.now();
            try {
              return orig.apply(this, a);
            } finally {
              T[slot]! += performance.now() - t;
            }
          };
          undo.push(() => (own ? (obj[key] = orig) : delete obj[key]));
        };
        const gl = game.renderer.gl;
        const px = new Uint8Array(4);
        const readPixels = gl.readPixels;
        if (o.sync) {
          const step = game.step;
          game.step = function (...a: unknown[]) {
            step.apply(this, a);
            readPixels.call(gl, 0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, px);
          };
          undo.push(() => delete game.step);
        }
        wrap(sc.clips.h, 'advanceOne', 'sim');
        wrap(sc.mv, 'draw', 'draw');
        wrap(game, 'step', 'step');
        wrap(CanvasRenderingContext2D.prototype, 'drawImage', 'read');
        wrap(Object.getPrototypeOf(gl), 'readPixels', 'read');
        const VF = (window as any).VideoFrame;
        (window as any).VideoFrame = class extends VF {
          constructor(...a: unknown[]) {
            const t = performance.now();
            super(...a);
            T.frame! += performance.now() - t;
          }
        };
        undo.push(() => ((window as any).VideoFrame = VF));
        try {
          const req = { range: { start: o.start, end: o.end }, field: o.field, format: o.format, survey: true, mode: o.mode };
          const r = await sc.exportClip(req, () => {});
          return { elapsed: r.elapsed as number, T };
        } finally {
          for (const u of undo.reverse()) u();
        }
      }, o);
    const cases = [
      { field: 'both', format: 'webm' },
      { field: 'left', format: 'mp4' },
    ];
    const rows: Record<string, { fps: number[]; T: Phases[]; Ts: Phases[] }> = {};
    for (let run = 0; run < BENCH_RUNS; run++)
      for (const c of cases)
        for (const mode of run % 2 ? ['fast', 'baseline'] : ['baseline', 'fast']) {
          const row = (rows[`${c.field} ${c.format} ${mode}`] ??= { fps: [], T: [], Ts: [] });
          const plain = await profile({ start: 120, end: 240, ...c, mode, sync: false });
          row.fps.push(120 / plain.elapsed);
          row.T.push(plain.T as Phases);
          row.Ts.push((await profile({ start: 120, end: 240, ...c, mode, sync: true })).T as Phases);
        }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ms = (ts: Phases[], k: keyof Phases) => (med(ts.map((t) => t[k])) / 120).toFixed(1);
    for (const [name, r] of Object.entries(rows)) {
      const phases = (['sim', 'draw', 'step', 'read', 'frame'] as const).reduce((a, k) => a + Number(ms(r.T, k)), 0);
      console.log(
        `${name}: ${med(r.fps).toFixed(1)} frames/s (${r.fps.map((x) => x.toFixed(1)).join(', ')}); ms per frame: sim ${ms(r.T, 'sim')}, ` +
          `draw ${ms(r.T, 'draw')}, game.step ${ms(r.T, 'step')} (with the GPU side ${ms(r.Ts, 'step')}), copy/read ${ms(r.T, 'read')} ` +
          `(after the GPU wait ${ms(r.Ts, 'read')}), VideoFrame ${ms(r.T, 'frame')}, the rest (the encoder's backpressure, yields) ` +
          `${(1000 / med(r.fps) - phases).toFixed(1)}`,
      );
    }
  });

  it('reached no console error on the way', () => {
    expect(game.errors).toEqual([]);
  });
});
