// Encodes a clip frame by frame with mediabunny: the caller renders each sim frame
// (deterministically: seek, draw, capture — never a real-time screen recording) and hands it over
// as a canvas or as a video frame in memory, and this turns them into a WebM or MP4 file in
// memory. Progress callbacks and cancel (AbortSignal).
import {
  BufferSource,
  BufferTarget,
  CanvasSink,
  CanvasSource,
  ALL_FORMATS,
  VideoSample,
  VideoSampleSource,
  Input,
  Mp4OutputFormat,
  Output,
  QUALITY_HIGH,
  VideoSampleSink,
  WebMOutputFormat,
} from 'mediabunny';
import type { ClipFormat } from '../storage/replay-meta';
import { CLIP_FPS, ClipError, type ClipRange } from './clip-plan';
import { CODEC_LABELS, type ClipCodec } from './support';

export interface FrameSource {
  /** The canvas the frames are captured from (its size is the video's size). */
  readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  /** Draws the state after `frame` steps onto `canvas`. Called for start, start+1, …, end−1 in order. */
  render(frame: number): void | Promise<void>;
}

/**
 * A source that hands over each frame itself: a WebCodecs VideoFrame of `width`×`height` pixels
 * in memory (e.g. read out of the WebGL canvas, gl-capture.ts). The fast way: the encoder then
 * needs nothing from the GPU side (docs/replays.md has the figures).
 */
export interface VideoFrameSource {
  readonly width: number;
  readonly height: number;
  /**
   * Draws the state after `frame` steps and returns it as a frame stamped `timestamp` µs, lasting
   * `duration` µs; exportClip encodes it and closes it. Called for start, start+1, …, end−1 in order.
   */
  capture(frame: number, timestamp: number, duration: number): VideoFrame | Promise<VideoFrame>;
}

export interface ExportOptions {
  range: ClipRange;
  format: ClipFormat;
  codec: ClipCodec;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
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

let turnPort: { ch: MessageChannel; wake: (() => void) | null } | null = null;
/**
 * A turn of the event loop (the progress bar repaints, Cancel is heard) through a message port:
 * nested timeouts would wait ≥ 4 ms each.
 */
function nextTurn(): Promise<void> {
  if (!turnPort) {
    const t = (turnPort = { ch: new MessageChannel(), wake: null as (() => void) | null });
    t.ch.port1.onmessage = () => t.wake?.();
  }
  const t = turnPort;
  return new Promise<void>((r) => {
    t.wake = r;
    t.ch.port2.postMessage(0);
  });
}

/**
 * Renders and encodes frames range.start … range.end−1: one video frame per sim frame at 60 fps,
 * quality-mode encoder with mediabunny's QUALITY_HIGH, a key frame every second. `source.add`
 * returns at once while the encoder has fewer than 4 frames queued, so rendering the next frame
 * overlaps encoding the last ones; it waits only when the encoder falls behind.
 */
export async function exportClip(src: FrameSource | VideoFrameSource, o: ExportOptions): Promise<ExportResult> {
  const t0 = performance.now();
  const { width, height } = 'canvas' in src ? src.canvas : src;
  const output = new Output({
    format: o.format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target: new BufferTarget(),
  });
  const config = { codec: o.codec, quality: QUALITY_HIGH, keyFrameInterval: 1 };
  const canvasSource = 'canvas' in src ? new CanvasSource(src.canvas, config) : null;
  const frameSource = canvasSource ? null : new VideoSampleSource(config);
  output.addVideoTrack((canvasSource ?? frameSource)!, { frameRate: CLIP_FPS });
  const total = o.range.end - o.range.start;
  try {
    await output.start();
    for (let i = 0; i < total; i++) {
      if (o.signal?.aborted) throw new ClipCancelled();
      if ('canvas' in src) {
        await src.render(o.range.start + i);
        await canvasSource!.add(i / CLIP_FPS, 1 / CLIP_FPS);
      } else {
        const frame = await src.capture(o.range.start + i, Math.round((i * 1e6) / CLIP_FPS), Math.round(1e6 / CLIP_FPS));
        const sample = new VideoSample(frame, { timestamp: i / CLIP_FPS, duration: 1 / CLIP_FPS });
        try {
          await frameSource!.add(sample);
        } finally {
          sample.close();
          frame.close();
        }
      }
      o.onProgress?.(i + 1, total);
      // Let the page breathe (progress bar, the cancel button) every few frames.
      if (i % 8 === 7) await nextTurn();
    }
    if (o.signal?.aborted) throw new ClipCancelled();
    await output.finalize();
  } catch (e) {
    if (output.state !== 'finalized' && output.state !== 'canceled') await output.cancel().catch(() => {});
    if (e instanceof ClipError) throw e;
    throw new ClipError(`the ${CODEC_LABELS[o.codec]} encoder failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const buf = output.target.buffer;
  if (!buf) throw new ClipError('the encoder produced no file');
  return {
    bytes: new Uint8Array(buf),
    mimeType: await output.getMimeType(),
    codec: o.codec,
    frames: total,
    width,
    height,
    elapsed: (performance.now() - t0) / 1000,
  };
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
