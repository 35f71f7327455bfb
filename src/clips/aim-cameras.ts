// What an export changes in the scene while it renders a clip, each undone afterwards: the cameras
// aimed at the clip's rectangle only (less to render, the same pixels), and the tweens on a clock
// of one frame per rendered frame (so the HUD's animations do not depend on how fast it renders).
import type Phaser from 'phaser';
import type { CropRect } from './clip-plan';

/** The part of a Phaser camera aimCameras reads and sets (a fake one in unit tests). */
export type AimedCamera = Pick<
  Phaser.Cameras.Scene2D.Camera,
  | 'x'
  | 'y'
  | 'width'
  | 'height'
  | 'originX'
  | 'originY'
  | 'scrollX'
  | 'scrollY'
  | 'zoomX'
  | 'zoomY'
  | 'visible'
  | 'setVisible'
  | 'setViewport'
  | 'setScroll'
>;

/**
 * Points the cameras at a clip's rectangle only, for the export (returns the undo): a camera whose
 * viewport misses the rectangle (the other field) is hidden, the overlay camera (the control bar,
 * banner and hints, all hidden while exporting; null: none to hide) too, and a camera that covers
 * more than the rectangle (the main one: backdrop and HUD) gets the rectangle as its viewport,
 * scrolled so that every object lands on the same canvas pixel as before. What is drawn inside the
 * rectangle is unchanged to the pixel (a field shaken by a hit shows the backdrop at its edge, so
 * the main camera stays); the rest of the canvas is left blank. A one-field clip renders ~⅓ of the
 * pixels.
 */
export function aimCameras(cameras: readonly AimedCamera[], overlay: AimedCamera | null, r: CropRect): () => void {
  const undo: (() => void)[] = [];
  for (const cam of cameras) {
    if (!cam.visible) continue;
    const { x, y, width: w, height: h, originX, originY, scrollX, scrollY, zoomX, zoomY } = cam;
    const misses = x >= r.x + r.w || y >= r.y + r.h || x + w <= r.x || y + h <= r.y;
    if (cam === overlay || misses) {
      cam.setVisible(false);
      undo.push(() => cam.setVisible(true));
    } else if (x < r.x || y < r.y || x + w > r.x + r.w || y + h > r.y + r.h) {
      // A world point lands on canvas x + o + zoom × (world − scroll − o), o = width × originX
      // (Phaser's camera matrix); the new scroll keeps that for every point.
      const nx = Math.max(x, r.x);
      const ny = Math.max(y, r.y);
      const nw = Math.min(x + w, r.x + r.w) - nx;
      const nh = Math.min(y + h, r.y + r.h) - ny;
      cam.setViewport(nx, ny, nw, nh);
      cam.setScroll(
        scrollX + (nx - x + (nw - w) * originX * (1 - zoomX)) / zoomX,
        scrollY + (ny - y + (nh - h) * originY * (1 - zoomY)) / zoomY,
      );
      undo.push(() => cam.setViewport(x, y, w, h).setScroll(scrollX, scrollY));
    }
  }
  return () => {
    for (const u of undo.reverse()) u();
  };
}

/**
 * Phaser's tweens run on the wall clock (Date.now), not on the time game.step is given: in an
 * export that renders faster or slower than real time, the HUD's animations would move by however
 * long each frame took to encode. While a clip exports, the scene's tweens advance exactly one
 * frame per rendered frame (returns the undo).
 */
export function frameClockTweens(tweens: Pick<Phaser.Tweens.TweenManager, 'getDelta'>, stepMs: number): () => void {
  const t = tweens as { getDelta: (tick?: boolean) => number };
  t.getDelta = () => stepMs;
  return () => {
    delete (t as { getDelta?: unknown }).getDelta; // back to the prototype's wall clock
  };
}
