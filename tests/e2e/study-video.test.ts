// `study build --video`: every clip of a small CPU-only study rendered to WebM and MP4 by the rater
// page in headless Chromium; the files demux (mediabunny, in Node) to the clip's length and size, the
// manifest lists them, and their names tell nobody which player made them.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ALL_FORMATS, BufferSource, EncodedPacketSink, Input } from 'mediabunny';
import { beforeAll, describe, expect, it } from 'vitest';
import { bufferIo } from '../../src/cli/common';
import { recordMain } from '../../src/cli/study';
import { buildMain } from '../../src/cli/study-build';
import { parseManifest, type Manifest } from '../../src/study/manifest';
import { paperStudyInput } from '../../src/study/template';

const DIR = resolve('test-artifacts/study-video');
const OUT = join(DIR, 'package');
const SECONDS = 1;
const FPS = 60;

let manifest: Manifest;
let report: { seconds: { video: number }; videos: { path: string; codec: string }[] };
let studyInput: ReturnType<typeof paperStudyInput>;

beforeAll(async () => {
  rmSync(DIR, { recursive: true, force: true });
  mkdirSync(DIR, { recursive: true });
  // The paper's design cut to one set of two CPU players, 1 s clips: what --video does, quickly.
  studyInput = paperStudyInput();
  studyInput.id = 'video-check';
  studyInput.players = studyInput.players.filter((p) => p.id === 'base' || p.id === 'imap');
  studyInput.sets = [{ a: 'base', b: 'imap', variants: ['a', 'b'] }];
  studyInput.groups = [
    { id: 'A', orders: ['AB'] },
    { id: 'B', orders: ['BA'] },
  ];
  studyInput.clip = { seconds: SECONDS, start: 0.5 };
  studyInput.practice = { seconds: 2 };
  const path = join(DIR, 'study.json');
  writeFileSync(path, JSON.stringify(studyInput, null, 2));
  const rec = bufferIo();
  expect(await recordMain([path, '--json'], rec), rec.err).toBe(0);
  const io = bufferIo();
  const code = await buildMain([path, '--out', OUT, '--video', '--json'], io);
  expect(code, io.err).toBe(0);
  report = JSON.parse(io.out.trim().split('\n').at(-1)!);
  manifest = parseManifest(JSON.parse(readFileSync(join(OUT, 'site', 'manifest.json'), 'utf8')));
}, 600_000);

async function demux(bytes: Uint8Array) {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = (await input.getPrimaryVideoTrack())!;
  let packets = 0;
  for await (const _ of new EncodedPacketSink(track).packets()) packets++;
  return { duration: await input.computeDuration(), packets, width: await track.getCodedWidth(), height: await track.getCodedHeight() };
}

describe('study build --video', () => {
  it('writes a WebM and an MP4 of every clip, listed in the manifest, that demux to the clip', async () => {
    expect(manifest.clips).toHaveLength(2);
    const sizes = new Set<string>();
    for (const clip of manifest.clips) {
      expect(Object.keys(clip.video ?? {}).sort()).toEqual(['mp4', 'webm']);
      for (const path of Object.values(clip.video!)) {
        const d = await demux(new Uint8Array(readFileSync(join(OUT, 'site', path))));
        expect(d.packets, path).toBe(SECONDS * FPS);
        expect(Math.abs(d.duration - SECONDS), path).toBeLessThanOrEqual(1 / FPS + 1e-6);
        sizes.add(`${d.width}×${d.height}`);
      }
    }
    expect(sizes.size).toBe(1); // one layout for every clip, whoever played it
    const frames = 2 * manifest.clips.length * SECONDS * FPS;
    console.log(
      `study build --video: ${report.videos.length} files (${[...new Set(report.videos.map((v) => v.codec))].join(', ')}) of ` +
        `${[...sizes][0]} in ${report.seconds.video.toFixed(1)} s = ${(frames / report.seconds.video).toFixed(1)} frames/s ` +
        `(${(report.seconds.video / (2 * manifest.clips.length * SECONDS)).toFixed(1)} s per clip-second)`,
    );
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
});
