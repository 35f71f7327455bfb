// Encodes a clip frame by frame with mediabunny: the caller renders each sim frame
// (deterministically: seek, draw, capture — never a real-time screen recording) and hands it over
// as a video frame in memory, and this turns them into a WebM or MP4 file in memory. Progress
// callbacks and cancel (AbortSignal).
import {
  BufferSource,
  BufferTarget,
  CanvasSink,
  ALL_FORMATS,
  VideoSample,
  VideoSampleSource,
  Input,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  Quality,
  VideoSampleSink,
  WebMOutputFormat,
} from 'mediabunny';
import type { ClipFormat } from '../storage/replay-meta';
import { CLIP_FPS, ClipError, type ClipRange } from './clip-plan';
import { CODEC_LABELS, type ClipCodec } from './support';

/**
 * A source that hands over each frame itself: a WebCodecs VideoFrame of `width`×`height` pixels,
 * e.g. read out of the WebGL canvas into memory (scene-capture.ts, gl-capture.ts): the fast way,
 * the encoder then needs nothing from the GPU side (docs/replays.md has the figures).
 */
export interface VideoFrameSource {
  readonly width: number;
  readonly height: number;
  /**
   * Draws the state after `frame` steps and returns it as a frame stamped `timestamp` µs, lasting
   * `duration` µs; exportClip encodes it and closes it. Called for start, start+1, …, end−1 in order (every
   * second frame at 30 fps).
   */
  capture(frame: number, timestamp: number, duration: number): VideoFrame | Promise<VideoFrame>;
}

/**
 * How a clip is encoded. Left out, the playback export's choice: quality-mode encoder with
 * mediabunny's QUALITY_HIGH, a key frame every second (about 14 MB of VP9 per 30 s of one field).
 * The study's videos (src/study/page/render.ts) set a fixed bitrate for survey platforms.
 */
export interface ClipEncoding {
  /** Target bits per second (variable bitrate); left out: QUALITY_HIGH. */
  bitrate?: number;
  /** Seconds between key frames (default 1). */
  keyFrameInterval?: number;
}

export interface ExportOptions {
  range: ClipRange;
  format: ClipFormat;
  codec: ClipCodec;
  encoding?: ClipEncoding;
  /**
   * Video frames per second, a divisor of the sim's 60 (default 60: every sim frame). At 30 every
   * second sim frame is rendered and shown for two: half the render time, but frame-to-frame detail
   * (a CPU's one-frame jitter) is no longer all there.
   */
  fps?: number;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
}

/** exportClips: several files (say a WebM and an MP4) of one clip from one render of its frames. */
export interface MultiExportOptions extends Omit<ExportOptions, 'format' | 'codec'> {
  outputs: readonly { format: ClipFormat; codec: ClipCodec }[];
}

export interface ExportResult {
  bytes: Uint8Array;
  mimeType: string;
  codec: ClipCodec;
  frames: number;
  width: number;
  height: number;
  /** Wall-clock seconds the export took (for the figures; never asserted by tests). */
  elapsed: number;
}

export class ClipCancelled extends ClipError {
  constructor() {
    super('clip export cancelled');
    this.name = 'ClipCancelled';
  }
}

let turnPort: { ch: MessageChannel; waiting: (() => void)[] } | null = null;
/**
 * A turn of the event loop (the progress bar repaints, Cancel is heard) through a message port:
 * nested timeouts would wait ≥ 4 ms each. One message per waiter, answered in order (FIFO), so
 * exports running at once each get their turn.
 */
function nextTurn(): Promise<void> {
  if (!turnPort) {
    const t = (turnPort = { ch: new MessageChannel(), waiting: [] as (() => void)[] });
    t.ch.port1.onmessage = () => t.waiting.shift()?.();
  }
  const t = turnPort;
  return new Promise<void>((r) => {
    t.waiting.push(r);
    t.ch.port2.postMessage(0);
  });
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * Renders and encodes frames range.start … range.end−1: one video frame per sim frame at 60 fps (`o.fps`),
 * encoded as `o.encoding` says (default: quality mode, QUALITY_HIGH, a key frame every second).
 * `source.add` returns at once while the encoder has fewer than 4 frames queued, so rendering the
 * next frame overlaps encoding the last ones; it waits only when the encoder falls behind. An error
 * names its side: the encoder's (start, add, finalize) or the frame's render and capture.
 */
export async function exportClip(src: VideoFrameSource, o: ExportOptions): Promise<ExportResult> {
  const [r] = await exportClips(src, { ...o, outputs: [{ format: o.format, codec: o.codec }] });
  return r!;
}

/**
 * exportClip into several files at once: each frame is rendered and captured once and handed to
 * every output's encoder (the encoders run side by side), so a WebM and an MP4 of a clip cost one
 * render. Results in the order of `o.outputs`.
 */
export async function exportClips(src: VideoFrameSource, o: MultiExportOptions): Promise<ExportResult[]> {
  const t0 = performance.now();
  const { width, height } = src;
  const e = o.encoding ?? {};
  const fps = o.fps ?? CLIP_FPS;
  const every = CLIP_FPS / fps;
  if (!Number.isInteger(every) || every < 1) throw new ClipError(`a clip's frame rate must divide ${CLIP_FPS} (got ${fps})`);
  const outs = o.outputs.map(({ format, codec }) => {
    const output = new Output({
      format: format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
      target: new BufferTarget(),
    });
    const source = new VideoSampleSource({
      codec,
      quality: e.bitrate ? new Quality({ bitrate: e.bitrate, bitrateMode: 'variable' }) : QUALITY_HIGH,
      keyFrameInterval: e.keyFrameInterval ?? 1,
    });
    output.addVideoTrack(source, { frameRate: fps });
    const encoder = async (step: () => Promise<void>) => {
      try {
        await step();
      } catch (err) {
        throw err instanceof ClipError ? err : new ClipError(`the ${CODEC_LABELS[codec]} encoder failed: ${message(err)}`);
      }
    };
    return { output, source, encoder, codec };
  });
  const total = Math.ceil((o.range.end - o.range.start) / every);
  try {
    for (const x of outs) await x.encoder(() => x.output.start());
    for (let i = 0; i < total; i++) {
      if (o.signal?.aborted) throw new ClipCancelled();
      const f = o.range.start + i * every;
      let frame: VideoFrame;
      try {
        frame = await src.capture(f, Math.round((i * 1e6) / fps), Math.round(1e6 / fps));
      } catch (err) {
        throw err instanceof ClipError ? err : new ClipError(`frame ${f} could not be rendered: ${message(err)}`);
      }
      // The frame is closed whatever happens from here on; each encoder gets its own reference.
      try {
        await Promise.all(
          outs.map((x) =>
            x.encoder(async () => {
              const sample = new VideoSample(outs.length > 1 ? frame.clone() : frame, { timestamp: i / fps, duration: 1 / fps });
              try {
                await x.source.add(sample);
              } finally {
                sample.close();
              }
            }),
          ),
        );
      } finally {
        frame.close();
      }
      o.onProgress?.(i + 1, total);
      // Let the page breathe (progress bar, the cancel button) every few frames.
      if (i % 8 === 7) await nextTurn();
    }
    if (o.signal?.aborted) throw new ClipCancelled();
    for (const x of outs) await x.encoder(() => x.output.finalize());
  } catch (err) {
    for (const { output } of outs) if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {});
    throw err instanceof ClipError ? err : new ClipError(`the clip export failed: ${message(err)}`);
  }
  const elapsed = (performance.now() - t0) / 1000;
  return Promise.all(
    outs.map(async ({ output, codec }) => {
      const buf = output.target.buffer;
      if (!buf) throw new ClipError('the encoder produced no file');
      return { bytes: new Uint8Array(buf), mimeType: await output.getMimeType(), codec, frames: total, width, height, elapsed };
    }),
  );
}

export interface VideoProbe {
  duration: number;
  /** Frames actually decoded. */
  frames: number;
  width: number;
  height: number;
  codec: string | null;
  mimeType: string;
}

/** Opens a video file and decodes every frame (a check that the clip really plays). */
export async function probeVideo(bytes: Uint8Array): Promise<VideoProbe> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new ClipError('the file has no video track');
  const duration = await input.computeDuration();
  let frames = 0;
  for await (const sample of new VideoSampleSink(track).samples()) {
    frames++;
    sample.close();
  }
  return {
    duration,
    frames,
    width: await track.getCodedWidth(),
    height: await track.getCodedHeight(),
    codec: await track.getCodec(),
    mimeType: await input.getMimeType(),
  };
}

/** One decoded frame of a video as a PNG data URL (to look at what a clip shows). */
export async function videoFramePng(bytes: Uint8Array, seconds: number): Promise<string> {
  const input = new Input({ source: new BufferSource(bytes), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack();
  if (!track) throw new ClipError('the file has no video track');
  const wrapped = await new CanvasSink(track).getCanvas(seconds);
  if (!wrapped) throw new ClipError(`no frame at ${seconds} s`);
  const c = wrapped.canvas;
  if ('toDataURL' in c) return c.toDataURL('image/png');
  const blob = await c.convertToBlob({ type: 'image/png' });
  return await new Promise((resolve) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.readAsDataURL(blob);
  });
}
