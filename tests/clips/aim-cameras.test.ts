import { describe, expect, it } from 'vitest';
import { type AimedCamera, aimCameras, frameClockTweens } from '../../src/clips/aim-cameras';
import { clipRect } from '../../src/clips/clip-plan';

/** The parts of a Phaser camera aimCameras uses, with Phaser's mapping of a world point to the canvas. */
function camera(
  x: number,
  y: number,
  width: number,
  height: number,
  zoom = 1,
  origin = 0.5,
): AimedCamera & { canvas(wx: number, wy: number): [number, number] } {
  const cam = {
    x,
    y,
    width,
    height,
    originX: origin,
    originY: origin,
    scrollX: 0,
    scrollY: 0,
    zoomX: zoom,
    zoomY: zoom,
    visible: true,
    setVisible(v: boolean) {
      cam.visible = v;
      return cam;
    },
    setViewport(nx: number, ny: number, w: number, h: number) {
      Object.assign(cam, { x: nx, y: ny, width: w, height: h });
      return cam;
    },
    setScroll(sx: number, sy: number) {
      Object.assign(cam, { scrollX: sx, scrollY: sy });
      return cam;
    },
    /** Phaser's camera matrix: viewport origin + o + zoom × (world − scroll − o), o = size × origin. */
    canvas(wx: number, wy: number): [number, number] {
      const ox = cam.width * cam.originX;
      const oy = cam.height * cam.originY;
      return [cam.x + ox + cam.zoomX * (wx - cam.scrollX - ox), cam.y + oy + cam.zoomY * (wy - cam.scrollY - oy)];
    },
  };
  return cam as unknown as AimedCamera & { canvas(wx: number, wy: number): [number, number] };
}

describe('aimCameras', () => {
  it('hides the other field and the overlay, narrows the main camera to the clip, every point where it was; undo restores', () => {
    for (const [scale, origin] of [
      [1, 0.5],
      [2, 0],
      [2, 0.5],
    ] as const) {
      const main = camera(0, 0, 960 * scale, 540 * scale, scale, origin);
      main.setScroll(3, -2);
      const left = camera(24 * scale, 62 * scale, 384 * scale, 448 * scale, scale, origin);
      const right = camera(552 * scale, 62 * scale, 384 * scale, 448 * scale, scale, origin);
      const overlay = camera(0, 0, 960 * scale, 540 * scale, scale, origin);
      const before = [main.canvas(100.25, 200.5), main.canvas(-7, 999), left.canvas(10033, 17)];
      const undo = aimCameras([main, left, right, overlay], overlay, clipRect('left', 2, scale));
      expect([main.visible, left.visible, right.visible, overlay.visible]).toEqual([true, true, false, false]);
      expect([main.x, main.y, main.width, main.height]).toEqual([24 * scale, 62 * scale, 384 * scale, 448 * scale]);
      const after = [main.canvas(100.25, 200.5), main.canvas(-7, 999), left.canvas(10033, 17)];
      for (const [i, p] of after.entries()) {
        expect(p[0]).toBeCloseTo(before[i]![0], 9);
        expect(p[1]).toBeCloseTo(before[i]![1], 9);
      }
      undo();
      expect([main.visible, right.visible, overlay.visible]).toEqual([true, true, true]);
      expect([main.x, main.y, main.width, main.height, main.scrollX, main.scrollY]).toEqual([0, 0, 960 * scale, 540 * scale, 3, -2]);
    }
  });

  it('for both fields hides only the overlay camera; a camera hidden already stays hidden', () => {
    const main = camera(0, 0, 960, 540);
    const left = camera(24, 62, 384, 448);
    const right = camera(552, 62, 384, 448).setVisible(false) as AimedCamera;
    const overlay = camera(0, 0, 960, 540);
    const undo = aimCameras([main, left, right, overlay], overlay, clipRect('both', 2));
    expect([main.visible, left.visible, right.visible, overlay.visible]).toEqual([true, true, false, false]);
    expect([main.x, main.width]).toEqual([0, 960]);
    undo();
    expect([main.visible, left.visible, right.visible, overlay.visible]).toEqual([true, true, false, true]);
  });
});

describe('frameClockTweens', () => {
  it('gives the tweens one frame per step while a clip exports, then the wall clock again', () => {
    class Manager {
      getDelta(): number {
        return 1234; // the wall clock
      }
    }
    const tweens = new Manager();
    const undo = frameClockTweens(tweens as never, 1000 / 60);
    expect(tweens.getDelta()).toBeCloseTo(16.667, 3);
    undo();
    expect(tweens.getDelta()).toBe(1234);
  });
});
