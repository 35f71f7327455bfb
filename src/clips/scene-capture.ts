// A Phaser scene rendered frame by frame as a clip's video frames: the fast capture of the playback
// export (docs/replays.md) for any scene that can draw a given sim frame on demand, such as the
// study's video renderer (src/study/page/render.ts). While it runs the game loop sleeps, the cameras
// draw only the clip's rectangle (aimCameras), the scene's tweens advance one frame per rendered
// frame (frameClockTweens), each frame is rendered by game.step on a clock of one frame per call and
// read out of the WebGL canvas into memory (GlRectReader). So a frame's pixels depend on what the
// caller draws, never on how long rendering or encoding took.
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
}

/** exportClip's source of a scene's frames; release() once the export ends, whatever its outcome. */
export interface SceneCapture extends VideoFrameSource {
  /** Puts everything back: the tweens on the wall clock, the cameras as they were, the loop awake. */
  release(): void;
}

export function captureScene(game: Phaser.Game, scene: Phaser.Scene, rect: CropRect, o: SceneCaptureOptions): SceneCapture {
  const reader = new GlRectReader((game.renderer as Phaser.Renderer.WebGL.WebGLRenderer).gl, rect);
  game.loop.sleep();
  const unaim = aimCameras(scene.cameras.cameras, o.overlay ?? null, rect);
  const unclock = frameClockTweens(scene.tweens, o.stepMs);
  let time = performance.now();
  const shoot = (frame: number, timestamp: number, duration: number): VideoFrame => {
    time += o.stepMs;
    game.step(time, o.stepMs);
    // Read right after the render, before the browser composites (and may clear) the canvas.
    const pixels = reader.read();
    o.onPixels?.(frame, pixels);
    return reader.frame(timestamp, duration);
  };
  return {
    width: rect.w,
    height: rect.h,
    capture(frame, timestamp, duration) {
      const drawn = o.draw(frame);
      return drawn ? drawn.then(() => shoot(frame, timestamp, duration)) : shoot(frame, timestamp, duration);
    },
    release() {
      unclock();
      unaim();
      game.loop.wake();
    },
  };
}
