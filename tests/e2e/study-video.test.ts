// `study build --video`: every clip of a small study rendered to WebM and MP4 by the rater page in
// headless Chromium; the files demux (mediabunny, in Node) to the clip's length and size, the
// manifest lists them, their names tell nobody which player made them, and a clip's frames depend
// on nothing but the clip: the package rendered again with real time passing between frames (the
// wall clock Phaser's tweens run on) and the clips in reverse order gives the same frames, a hit too.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { bufferIo } from '../../src/cli/common';
import { recordMain } from '../../src/cli/study';
import { buildMain } from '../../src/cli/study-build';
import { renderVideos, type VideoResult } from '../../src/cli/study-video';
import { createController } from '../../src/controllers/registry';
import { decodeReplay, encodeReplay, ReplayPlayer, replayFromRunner } from '../../src/replay';
import { createMatch } from '../../src/sim/match';
import { MatchRunner } from '../../src/sim/runner';
import { drillConfig } from '../../src/study/drill-config';
import { parseManifest, type Manifest } from '../../src/study/manifest';
import { HUD_TEXT } from '../../src/study/page/i18n';
import { paperStudyInput } from '../../src/study/template';

const DIR = resolve('test-artifacts/study-video');
const OUT = join(DIR, 'package');
const AGAIN = join(DIR, 'again');
const SECONDS = 1;
const FPS = 60;
/**
 * The clips start 12 s into the drill: the player who stands still is hit at frame 733 and the field
 * shakes. A study's clips have infinite lives (drillConfig), so no life icon pops off any more.
 */
const CLIP_START = 12;
const HIT = 733;
/** Real time the second render lets pass before each frame: several frames of a tween's wall clock. */
const DELAY_MS = 40;

let manifest: Manifest;
let report: { seconds: { video: number }; videos: VideoResult['files'] };
let again: VideoResult;
/** The package rendered at --video-fps 30. */
let half: VideoResult;
const HALF = join(DIR, 'half');
let studyInput: ReturnType<typeof paperStudyInput>;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(join(DIR, 'recordings'), { recursive: true });
  // The paper's design cut to one set of two players, 1 s clips: what --video does, quickly. The
  // "human" stands still (an idle play on the study's exact config, tagged for the study and saved
  // as a person's, as study.test.ts makes its stand-ins), so its clip has a hit: the field shakes.
  studyInput = paperStudyInput();
  studyInput.id = 'video-check';
  studyInput.players = [
    { id: 'base', label: 'Base', source: 'cpu:base' },
    { id: 'still', label: 'Stands still', source: 'human', replays: ['recordings/still-b.twrp'] },
  ];
  studyInput.sets = [{ a: 'base', b: 'still', variants: ['a', 'b'] }];
  studyInput.groups = [
    { id: 'A', orders: ['AB'] },
    { id: 'B', orders: ['BA'] },
  ];
  studyInput.clip = { seconds: SECONDS, start: CLIP_START };
  studyInput.practice = { seconds: 2 };
  const path = join(DIR, 'study.json');
  writeFileSync(path, JSON.stringify(studyInput, null, 2));
  const runner = new MatchRunner(createMatch(drillConfig(studyInput, 'b')), [createController('idle')]);
  runner.runUntil((CLIP_START + 2) * FPS);
  const still = replayFromRunner(runner, { date: '2026-11-23T12:00:00.000Z', extra: { study: { id: studyInput.id, player: 'still' } } });
  still.sides[0] = { ...still.sides[0]!, controller: 'human', human: true };
  writeFileSync(join(DIR, 'recordings', 'still-b.twrp'), encodeReplay(still));
  const r = bufferIo();
  expect(await recordMain([path, '--json'], r), r.err).toBe(0);
  const io = bufferIo();
  const code = await buildMain([path, '--out', OUT, '--page-from', inject('studyPage'), '--video', '--json'], io);
  expect(code, io.err).toBe(0);
  report = JSON.parse(io.out.trim().split('\n').at(-1)!);
  manifest = parseManifest(JSON.parse(readFileSync(join(OUT, 'site', 'manifest.json'), 'utf8')));
  // The same package rendered again in a new page, DELAY_MS of real time before every frame and the
  // clips in the reverse order (a clip's pixels depend on neither).
  cpSync(join(OUT, 'site'), AGAIN, { recursive: true, filter: (p) => !p.includes(`${join(OUT, 'site', 'video')}`) });
  again = await renderVideos(AGAIN, ['webm', 'mp4'], () => {}, { frameDelayMs: DELAY_MS, reversed: true });
  cpSync(AGAIN, HALF, { recursive: true, filter: (p) => !p.includes(join(AGAIN, 'video')) });
  half = await renderVideos(HALF, ['webm', 'mp4'], () => {}, { fps: 30 });
}, 600_000);

/**
 * A video's length, size and one hash per frame: of the frame's encoded packet, since Node has no
 * WebCodecs decoder (equal packets in equal order decode to equal frames).
 */
async function demux(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  const hashes: string[] = [];
  for await (const p of new EncodedPacketSink(track).packets()) hashes.push(createHash('sha256').update(p.data).digest('hex').slice(0, 16));
  return {
    duration: await input.computeDuration(),
    packets: hashes.length,
    hashes,
    width: await track.getCodedWidth(),
    height: await track.getCodedHeight(),
  };
}

const read = (site: string, path: string) => new Uint8Array(readFileSync(join(site, path)));

/** The frames of [start, end) after which the side has been hit once more (a study's clips have infinite lives). */
function hitsIn(site: string, clip: Manifest['clips'][number]): number[] {
  const p = new ReplayPlayer(decodeReplay(read(site, clip.file)));
  const hits: number[] = [];
  let n = p.state.sides[0]!.hits;
  while (p.frame < clip.end - 1 && p.step()) {
    if (p.frame >= clip.start && p.state.sides[0]!.hits > n) hits.push(p.frame);
    n = p.state.sides[0]!.hits;
  }
  return hits;
}

/** Frames rendered per second: a clip's formats share one render (and one `seconds`), so each clip counts once. */
const rate = (files: VideoResult['files']) => {
  const clips = [...new Map(files.map((f) => [f.clip, f])).values()];
  return clips.reduce((a, f) => a + f.frames, 0) / clips.reduce((a, f) => a + f.seconds, 0);
};

describe('study build --video', () => {
  it('writes a WebM and an MP4 of every clip, listed in the manifest, that demux to the clip', async () => {
    expect(manifest.clips).toHaveLength(2);
    const sizes = new Set<string>();
    for (const clip of manifest.clips) {
      expect(Object.keys(clip.video ?? {}).sort()).toEqual(['mp4', 'webm']);
      for (const path of Object.values(clip.video!)) {
        const d = await demux(read(join(OUT, 'site'), path));
        expect(d.packets, path).toBe(SECONDS * FPS);
        expect(Math.abs(d.duration - SECONDS), path).toBeLessThanOrEqual(1 / FPS + 1e-6);
        sizes.add(`${d.width}×${d.height}`);
      }
    }
    expect(sizes.size).toBe(1); // one layout for every clip, whoever played it
    const frames = manifest.clips.length * SECONDS * FPS; // rendered once per clip, for both files
    console.log(
      `study build --video: ${report.videos.length} files (${[...new Set(report.videos.map((v) => v.codec))].join(', ')}) of ` +
        `${[...sizes][0]} in ${report.seconds.video.toFixed(1)} s = ${(frames / report.seconds.video).toFixed(1)} frames/s ` +
        `(${(report.seconds.video / (manifest.clips.length * SECONDS)).toFixed(1)} s per clip-second; ` +
        `the page's renders alone ${rate(report.videos).toFixed(1)} frames/s: ` +
        `${report.videos.map((v) => (v.frames / v.seconds).toFixed(1)).join(', ')}; ` +
        `${report.videos.map((v) => `${v.codec} ${(v.bytes / 1024).toFixed(0)} KiB`).join(', ')})`,
    );
  });

  it('encodes at the study bitrate: small files for survey platforms, a WebM and an MP4 from one render', () => {
    // 400 kbit/s (STUDY_VIDEO_ENCODING): about 1.5 MB per 30 s. A 1 s clip holds a key frame, so it
    // is allowed more than 1/30 of that; the QUALITY_HIGH, one-key-frame-a-second encoding of
    // before wrote ~450 KB of VP9 per second.
    for (const v of report.videos) expect(v.bytes, v.path).toBeLessThan(150_000 * SECONDS);
    // One render per clip: a clip's formats report the same render time.
    for (const clip of manifest.clips) expect(new Set(report.videos.filter((v) => v.clip === clip.id).map((v) => v.seconds)).size).toBe(1);
  });

  it('renders every second frame at --video-fps 30: half the frames, the same length', async () => {
    for (const f of half.files) {
      expect(f.frames, f.path).toBe((SECONDS * FPS) / 2);
      const d = await demux(read(HALF, f.path));
      expect(d.packets, f.path).toBe((SECONDS * FPS) / 2);
      expect(Math.abs(d.duration - SECONDS), f.path).toBeLessThanOrEqual(1 / 30 + 1e-6);
    }
    expect(half.files).toHaveLength(4);
  });

  it("draws the HUD in the study's first language", () => {
    const words = HUD_TEXT[studyInput.languages[0]!].hits;
    for (const f of [...again.files, ...half.files]) expect(f.hudLives, f.path).toBe(`∞  ${words} N`);
  });

  it('names the videos so that nobody can tell the player', () => {
    const tells = studyInput.players.flatMap((p) => [p.id, p.label, p.source.replace(/^cpu:/, '')]).concat(['cpu', 'human']);
    const files = readdirSync(join(OUT, 'site', 'video'));
    expect(files).toHaveLength(4);
    for (const f of files) {
      expect(statSync(join(OUT, 'site', 'video', f)).size).toBeGreaterThan(1000);
      for (const t of tells) expect(f.toLowerCase(), f).not.toContain(t.toLowerCase());
    }
  });

  it('renders every frame the same whatever the real time between frames and the clips before, a hit included', async () => {
    // The clip of the player who stands still is hit inside it: the field shakes.
    const hits = manifest.clips.map((c) => hitsIn(join(OUT, 'site'), c));
    expect(hits.flat(), 'the hits in the clips').toEqual([HIT]);
    const againManifest = parseManifest(JSON.parse(readFileSync(join(AGAIN, 'manifest.json'), 'utf8')));
    for (const clip of manifest.clips) {
      const other = againManifest.clips.find((c) => c.id === clip.id)!;
      for (const format of ['webm', 'mp4'] as const) {
        const a = await demux(read(join(OUT, 'site'), clip.video![format]!));
        const b = await demux(read(AGAIN, other.video![format]!));
        expect(b.packets).toBe(a.packets);
        const differ = a.hashes.flatMap((h, i) => (h === b.hashes[i] ? [] : [clip.start + i]));
        expect(differ, `${format} of a clip with ${hits[manifest.clips.indexOf(clip)]!.length} hits: frames that differ`).toEqual([]);
      }
    }
    console.log(
      `study video again with ${DELAY_MS} ms before each frame, clips in reverse order: the same ${4 * SECONDS * FPS} frames ` +
        `(renders ${rate(again.files).toFixed(1)} frames/s with the delay)`,
    );
  });
});
