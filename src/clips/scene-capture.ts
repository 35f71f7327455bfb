// A Phaser scene rendered frame by frame as a clip's video frames: the fast capture of the playback
// export (docs/replays.md) for any scene that can draw a given sim frame on demand, such as the
// study's video renderer (src/study/page/render.ts). While it runs the game loop sleeps, the cameras
// draw only the clip's rectangle (aimCameras), the scene's tweens advance one frame per rendered
// frame (frameClockTweens), each frame is rendered by game.step on a clock of one frame per call and
// read out of the WebGL canvas into memory (GlRectReader). So a frame's pixels depend on what the
// caller draws, never on how long rendering or encoding took. `baseline` is the capture as it was
// (the whole canvas rendered, the rectangle copied through a 2-D canvas), kept to compare with.
import type Phaser from 'phaser';
import { aimCameras, frameClockTweens } from './aim-cameras';
import type { CropRect } from './clip-plan';
import type { VideoFrameSource } from './export-clip';
import { GlRectReader } from './gl-capture';

export interface SceneCaptureOptions {
  /** Puts the state after `frame` steps into the scene's objects; the capture then renders it. */
  draw(frame: number): void | Promise<void>;
  /** Milliseconds of game time per rendered frame (one sim frame). */
  stepMs: number;
  /** The camera of what a clip never shows (control bar, banners), hidden while capturing. */
  overlay?: Phaser.Cameras.Scene2D.Camera | null;
  /** Sees each frame's pixels as read (top row first, RGBA; reused by the next read). */
  onPixels?(frame: number, pixels: Uint8Array): void;
  /**
   * The capture as it was before (tests and the figures in docs/replays.md compare the two): the
   * cameras render the whole canvas, the rectangle is copied into a 2-D canvas and the frame made
   * from that (what mediabunny's CanvasSource did). Same pixels, 1.7–3× slower.
   */
  baseline?: boolean;
}

/** exportClip's source of a scene's frames; release() once the export ends, whatever its outcome. */
export interface SceneCapture extends VideoFrameSource {
  /** Puts everything back: the tweens on the wall clock, the cameras as they were, the loop awake. */
  release(): void;
}

/** Reads the clip's rectangle right after a render: hands its pixels to onPixels, returns its frame. */
type Grab = (frame: number, timestamp: number, duration: number) => VideoFrame;

/** Out of the WebGL canvas into memory (GlRectReader). */
function glGrab(game: Phaser.Game, rect: CropRect, onPixels: SceneCaptureOptions['onPixels']): Grab {
  const reader = new GlRectReader((game.renderer as Phaser.Renderer.WebGL.WebGLRenderer).gl, rect);
  return (frame, timestamp, duration) => {
    const pixels = reader.read();
    onPixels?.(frame, pixels);
    return reader.frame(timestamp, duration);
  };
}

/** The baseline: copied into a 2-D canvas, the frame made from it (read back only for onPixels). */
function canvasGrab(game: Phaser.Game, rect: CropRect, onPixels: SceneCaptureOptions['onPixels']): Grab {
  const canvas = document.createElement('canvas');
  canvas.width = rect.w;
  canvas.height = rect.h;
  const ctx = canvas.getContext('2d')!;
  return (frame, timestamp, duration) => {
    ctx.drawImage(game.canvas, rect.x, rect.y, rect.w, rect.h, 0, 0, rect.w, rect.h);
    if (onPixels) onPixels(frame, new Uint8Array(ctx.getImageData(0, 0, rect.w, rect.h).data.buffer));
    return new VideoFrame(canvas, { timestamp, duration });
  };
}

export function captureScene(game: Phaser.Game, scene: Phaser.Scene, rect: CropRect, o: SceneCaptureOptions): SceneCapture {
  const grab = (o.baseline ? canvasGrab : glGrab)(game, rect, o.onPixels);
  game.loop.sleep();
  const undo: (() => void)[] = [() => game.loop.wake()];
  // Undoes in reverse, once (a release after a failed start does nothing more).
  const release = () => {
    for (const u of undo.splice(0).reverse()) u();
  };
  try {
    if (!o.baseline) undo.push(aimCameras(scene.cameras.cameras, o.overlay ?? null, rect));
    undo.push(frameClockTweens(scene.tweens, o.stepMs));
  } catch (e) {
    release(); // the loop must not stay asleep
    throw e;
  }
  let time = performance.now();
  const shoot = (frame: number, timestamp: number, duration: number): VideoFrame => {
    time += o.stepMs;
    game.step(time, o.stepMs);
    // Read right after the render, before the browser composites (and may clear) the canvas.
    return grab(frame, timestamp, duration);
  };
  return {
    width: rect.w,
    height: rect.h,
    capture(frame, timestamp, duration) {
      const drawn = o.draw(frame);
      return drawn ? drawn.then(() => shoot(frame, timestamp, duration)) : shoot(frame, timestamp, duration);
    },
    release,
  };
}
