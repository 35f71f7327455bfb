// Encodes a clip frame by frame with mediabunny: the caller renders each sim frame onto a canvas
// (deterministically: seek, draw, capture — never a real-time screen recording) and this turns
// the canvases into a WebM or MP4 file in memory. Progress callbacks and cancel (AbortSignal).
import {
  BufferSource,
  BufferTarget,
  CanvasSink,
  CanvasSource,
  ALL_FORMATS,
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

export interface ExportOptions {
  range: ClipRange;
  format: ClipFormat;
  codec: ClipCodec;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignal;
  /**
   * 'baseline' (default): the encoder in quality mode, the page given a turn every 8 frames.
   * 'fast': the encoder in real-time mode (libvpx's faster settings; still one video frame per
   * sim frame) and a turn every 16 frames through a message port instead of a ≥ 4 ms timer. It
   * renders the same frames; it did not measure reliably faster on our loaded 2-core machine
   * (docs/replays.md), so it is not the default.
   */
  mode?: 'fast' | 'baseline';
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

const nextTask = () => new Promise<void>((r) => setTimeout(r, 0));

/** A turn of the event loop without the timer clamp (nested timeouts wait ≥ 4 ms). */
function nextMessage(): Promise<void> {
  return new Promise<void>((r) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => {
      ch.port1.close();
      r();
    };
    ch.port2.postMessage(0);
  });
}

export async function exportClip(src: FrameSource, o: ExportOptions): Promise<ExportResult> {
  const t0 = performance.now();
  const { width, height } = src.canvas;
  const output = new Output({
    format: o.format === 'webm' ? new WebMOutputFormat() : new Mp4OutputFormat({ fastStart: 'in-memory' }),
    target: new BufferTarget(),
  });
  const fast = o.mode === 'fast';
  const source = new CanvasSource(src.canvas, {
    codec: o.codec,
    quality: QUALITY_HIGH,
    keyFrameInterval: 1,
    ...(fast ? { latencyMode: 'realtime' as const } : {}),
  });
  output.addVideoTrack(source, { frameRate: CLIP_FPS });
  const total = o.range.end - o.range.start;
  try {
    await output.start();
    for (let i = 0; i < total; i++) {
      if (o.signal?.aborted) throw new ClipCancelled();
      await src.render(o.range.start + i);
      await source.add(i / CLIP_FPS, 1 / CLIP_FPS);
      o.onProgress?.(i + 1, total);
      // Let the page breathe (progress bar, the cancel button) every few frames.
      if (fast) {
        if (i % 16 === 15) await nextMessage();
      } else if (i % 8 === 7) await nextTask();
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
