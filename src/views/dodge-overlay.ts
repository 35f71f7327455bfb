// Debug overlay for a CPU side (F3): the influence map the dodger saw as a heat map, and the
// path it planned. The map is written into a small canvas (one pixel per grid cell) that is drawn
// scaled up, so the overlay costs one image, not thousands of rectangles. The path's Graphics is
// named `${key}-path` and holds this overlay as data 'overlay': browser tests call drawnPath() on
// it, which reads the points back from what the Graphics was told to draw (only when asked).
import type Phaser from 'phaser';
import type { CpuController } from '../cpu/cpu-controller';
import type { InfluenceMap } from '../cpu/dodge/index';
import { heatRgba } from './overlay-scales';

export class DodgeOverlay {
  private map: InfluenceMap | null = null;
  private tex: Phaser.Textures.CanvasTexture | null = null;
  private image: Phaser.GameObjects.Image | null = null;
  private path: Phaser.GameObjects.Graphics;
  private casing: Phaser.GameObjects.Graphics;
  private pixels: ImageData | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly parent: Phaser.GameObjects.Container,
    private readonly cpu: CpuController,
    private readonly key: string,
  ) {
    this.casing = scene.add.graphics();
    this.path = scene.add.graphics().setName(`${key}-path`);
    this.path.setData('overlay', this);
    parent.add([this.casing, this.path]);
    this.setVisible(false);
  }

  setVisible(on: boolean): void {
    this.path.setVisible(on);
    this.casing.setVisible(on);
    this.image?.setVisible(on);
  }

  draw(): void {
    const map = (this.map = this.cpu.influenceMap(this.map ?? undefined));
    if (!this.tex) {
      this.tex = this.scene.textures.exists(this.key)
        ? (this.scene.textures.get(this.key) as Phaser.Textures.CanvasTexture)
        : this.scene.textures.createCanvas(this.key, map.cols, map.rows)!;
      this.pixels = this.tex.getContext().createImageData(map.cols, map.rows);
      this.image = this.scene.add.image(0, 0, this.key).setOrigin(0, 0).setScale(map.cell).setAlpha(0.6);
      this.parent.addAt(this.image, 0);
    }
    const px = this.pixels!.data;
    for (let i = 0; i < map.values.length; i++) {
      // Danger 0 → transparent, 50 (Imax) → opaque sand: a sepia ramp no bullet uses (overlay-scales.ts).
      const c = heatRgba(map.values[i]! / 50);
      px[i * 4] = c[0];
      px[i * 4 + 1] = c[1];
      px[i * 4 + 2] = c[2];
      px[i * 4 + 3] = c[3];
    }
    this.tex.getContext().putImageData(this.pixels!, 0, 0);
    this.tex.refresh();
    const plan = this.cpu.plannedPath;
    const g = this.path;
    g.clear();
    // A dark casing under the path keeps it readable over bright bullets and the sand heat.
    const cg = this.casing;
    cg.clear().lineStyle(5, 0x000000, 0.55).beginPath().moveTo(plan.startX, plan.startY);
    for (let k = 0; k < plan.count; k++) cg.lineTo(plan.x[k]!, plan.y[k]!);
    cg.strokePath();
    g.lineStyle(2, 0x60ffb0, 0.95);
    g.beginPath();
    g.moveTo(plan.startX, plan.startY);
    for (let k = 0; k < plan.count; k++) g.lineTo(plan.x[k]!, plan.y[k]!);
    g.strokePath();
    g.fillStyle(0x60ffb0, 1);
    for (let k = 0; k < plan.count; k++) g.fillCircle(plan.x[k]!, plan.y[k]!, 2.5);
  }

  /**
   * The path line as last drawn ([x0, y0, x1, y1, …], start first; [] before the first draw), read
   * back from the Graphics' command buffer (only when a test asks): the styles before the path,
   * its moveTo, then the lineTos. Command codes and argument counts as in Phaser's
   * src/gameobjects/graphics/Commands.js and Graphics.js.
   */
  drawnPath(): number[] {
    const BEGIN_PATH = 1,
      LINE_TO = 4,
      MOVE_TO = 5,
      LINE_STYLE = 6,
      FILL_STYLE = 7;
    const args: Record<number, number> = { [BEGIN_PATH]: 0, [LINE_STYLE]: 3, [FILL_STYLE]: 2 };
    const buf = this.path.commandBuffer as number[];
    let i = 0;
    while (i < buf.length && buf[i] !== MOVE_TO) {
      const n = args[buf[i]!];
      if (n === undefined) return [];
      i += 1 + n;
    }
    if (i >= buf.length) return [];
    const out = [buf[i + 1]!, buf[i + 2]!];
    for (i += 3; buf[i] === LINE_TO; i += 3) out.push(buf[i + 1]!, buf[i + 2]!);
    return out;
  }
}
