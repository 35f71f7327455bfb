// Draws a field's maze (maze stages): the walls as one generated texture per layout, the exit and the
// heal pads as pulsing sprites, and a debug overlay (F2) with the chasers' wave field as a signed heat
// map by decades (red positive, blue negative; one canvas pixel per field grid point, drawn scaled
// up) with white contour lines where the decade or the sign changes — the wave fronts — and each
// chaser's current heading as a line (turrets: their vision cone). Scales: overlay-scales.ts. Chasers and turrets themselves are
// enemies and drawn by FieldView. Reads the sim state, never writes it.
import type Phaser from 'phaser';
import { acquireMazeTexture, releaseMazeTexture } from '../art/textures';
import { TILE } from '../sim/maze-state';
import { TURRET_CONE } from '../sim/maze-turrets';
import { EnemyKind } from '../sim/enemy-pool';
import type { SideState } from '../sim/state';
import { contourMask, WALL_LEVEL, waveLevel, waveRgba } from './overlay-scales';

export class MazeView {
  private walls: Phaser.GameObjects.Image;
  private exits: Phaser.GameObjects.Image[] = [];
  private pads: Phaser.GameObjects.Image[] = [];
  private padRings: Phaser.GameObjects.Graphics;
  private name = '';
  /** The wall texture this view holds (released when the layout changes or the view goes). */
  private wallsKey = '';
  private overlayOn = false;
  private heat: Phaser.GameObjects.Image | null = null;
  private heatTex: Phaser.Textures.CanvasTexture | null = null;
  private heatPixels: ImageData | null = null;
  private levels: Int8Array = new Int8Array(0);
  private contours: Uint8Array = new Uint8Array(0);
  private waveLevels: Int8Array = new Int8Array(0);
  /** Per field grid point WALL_LEVEL inside a wall, else 0 (for the front lines), per layout. */
  private wallGrid: { walls: Uint8Array; levels: Int8Array } | null = null;

  private wallLevels(walls: Uint8Array): Int8Array {
    if (this.wallGrid?.walls === walls) return this.wallGrid.levels;
    const levels = new Int8Array(walls.length);
    for (let i = 0; i < walls.length; i++) if (walls[i]) levels[i] = WALL_LEVEL;
    this.wallGrid = { walls, levels };
    return levels;
  }
  /** The sim frame the heat map pixels were painted for. */
  private heatFrame = -1;
  private lines: Phaser.GameObjects.Graphics;
  /**
   * What the F2 overlay drew last: the sim frame, chaser headings and turret cones drawn. Reset to
   * zeros while the overlay is off. Tests read it through overlayInfo().
   */
  private readonly overlayState = { on: false, frame: -1, headings: 0, cones: 0 };

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layer: Phaser.GameObjects.Container,
    private readonly debugLayer: Phaser.GameObjects.Container,
    private readonly sideIndex: number,
  ) {
    this.walls = scene.add.image(0, 0, '__DEFAULT').setOrigin(0, 0).setVisible(false);
    this.padRings = scene.add.graphics();
    layer.add([this.walls, this.padRings]);
    this.lines = scene.add.graphics().setVisible(false);
    debugLayer.add(this.lines);
  }

  setOverlay(on: boolean): void {
    this.overlayOn = on;
    const st = this.overlayState;
    st.on = on;
    if (!on) {
      st.frame = -1;
      st.headings = st.cones = 0;
    }
    this.lines.setVisible(on);
    this.heat?.setVisible(on);
  }

  draw(side: SideState, frame: number): void {
    const mz = side.maze;
    if (!mz) return;
    if (mz.name !== this.name) this.load(side);
    const pulse = 0.5 + 0.5 * Math.sin(frame * 0.12);
    for (const g of this.exits)
      g.setScale(0.9 + 0.15 * pulse)
        .setRotation(frame * 0.03)
        .setAlpha(0.75 + 0.25 * pulse);
    const rings = this.padRings;
    rings.clear();
    mz.pads.forEach((p, i) => {
      const img = this.pads[i];
      if (!img) return;
      const ready = frame >= p.readyAt;
      img.setAlpha(ready ? 0.7 + 0.3 * pulse : 0.25).setScale(ready ? 0.85 + 0.1 * pulse : 0.7);
      if (p.stand > 0) {
        // Progress of standing on it: a ring that closes as the life comes back.
        rings.lineStyle(3, 0x9bffb8, 0.95);
        rings.beginPath();
        rings.arc((p.cx + 0.5) * TILE, (p.cy + 0.5) * TILE, 13, -Math.PI / 2, -Math.PI / 2 + (Math.PI * 2 * p.stand) / 60, false);
        rings.strokePath();
      }
    });
    if (this.overlayOn) this.drawOverlay(side, frame);
  }

  private load(side: SideState): void {
    const mz = side.maze!;
    this.name = mz.name;
    const m = mz.maze;
    const key = `maze-walls:${mz.name}`;
    acquireMazeTexture(this.scene, key, m.walls, m.width, m.height, TILE, 250);
    this.walls.setTexture(key).setVisible(true);
    if (this.wallsKey) releaseMazeTexture(this.scene, this.wallsKey);
    this.wallsKey = key;
    for (const o of [...this.exits, ...this.pads]) o.destroy();
    this.exits = m.exits.map((c) => this.scene.add.image((c.x + 0.5) * TILE, (c.y + 0.5) * TILE, 'mazeExit'));
    this.pads = m.heals.map((c) => this.scene.add.image((c.x + 0.5) * TILE, (c.y + 0.5) * TILE, 'mazeHeal'));
    this.layer.add([...this.exits, ...this.pads]);
    this.layer.bringToTop(this.padRings);
    // A new layout may have another field size: rebuild the heat map lazily.
    this.heat?.destroy();
    this.heat = null;
    this.heatTex = null;
    this.heatFrame = -1;
  }

  private drawOverlay(side: SideState, frame: number): void {
    const mz = side.maze!;
    const field = mz.group.wave;
    const st = this.overlayState;
    st.frame = frame;
    st.headings = st.cones = 0;
    if (field) {
      if (!this.heatTex) {
        const key = `wavemap${this.sideIndex}:${field.width}x${field.height}`;
        this.heatTex = this.scene.textures.exists(key)
          ? (this.scene.textures.get(key) as Phaser.Textures.CanvasTexture)
          : this.scene.textures.createCanvas(key, field.width, field.height)!;
        this.heatPixels = this.heatTex.getContext().createImageData(field.width, field.height);
        this.heat = this.scene.add
          .image(0, 0, key)
          .setOrigin(0, 0)
          .setScale(TILE / field.resolution)
          .setAlpha(0.7);
        this.debugLayer.addAt(this.heat, 0);
      }
      const px = this.heatPixels!.data;
      const S = field.stride;
      const W = field.width;
      const n = W * field.height;
      if (this.levels.length !== n) {
        this.levels = new Int8Array(n);
        this.contours = new Uint8Array(n);
      }
      // Per grid point the strongest live wave, as a signed decade of |z| (1e-5 … 1: the weak
      // fronts that reach far chasers still show); and each wave's front line (overlay-scales.ts).
      const lv = this.levels;
      const one = this.waveLevels.length === n ? this.waveLevels : (this.waveLevels = new Int8Array(n));
      const edge = this.contours;
      lv.fill(0);
      edge.fill(0);
      for (let w = 0; w < field.waves; w++) {
        if (field.age[w]! < 0) continue;
        const v = field.values(w);
        one.set(this.wallLevels(field.walls));
        for (let gy = 0; gy < field.height; gy++) {
          for (let gx = 0; gx < W; gx++) {
            const z = v[(gy + 2) * S + gx + 2]!;
            if (z === 0) continue;
            const l = waveLevel(z);
            const i = gy * W + gx;
            one[i] = l;
            if (Math.abs(l) > Math.abs(lv[i]!)) lv[i] = l;
          }
        }
        contourMask(one, W, field.height, edge);
      }
      for (let i = 0; i < n; i++) {
        const c = edge[i] ? ([255, 255, 255, 200] as const) : waveRgba(lv[i]!);
        px[i * 4] = c[0];
        px[i * 4 + 1] = c[1];
        px[i * 4 + 2] = c[2];
        px[i * 4 + 3] = c[3];
      }
      this.heatFrame = frame;
      this.heatTex.getContext().putImageData(this.heatPixels!, 0, 0);
      this.heatTex.refresh();
      this.heat!.setVisible(true);
    }
    const g = this.lines;
    g.clear();
    g.lineStyle(2, 0xffffff, 0.95);
    for (const c of mz.chasers) {
      if (!c.alive) continue;
      g.strokeCircle(c.x, c.y, 3);
      if (c.hx !== 0 || c.hy !== 0) {
        g.lineBetween(c.x, c.y, c.x + c.hx * 28, c.y + c.hy * 28);
        st.headings++;
      }
    }
    // Turrets: the vision cone they perceive the ship with.
    const pool = side.enemies;
    const half = Math.acos(TURRET_CONE.cosHalfAngle);
    const reach = TURRET_CONE.range * TILE;
    for (let j = 0; j < pool.count; j++) {
      const e = pool.items[j]!;
      if (e.kind !== EnemyKind.TURRET) continue;
      g.lineStyle(1.5, e.burst ? 0xff6070 : 0x80f0ff, 0.8);
      g.beginPath();
      g.moveTo(e.x, e.y);
      g.arc(e.x, e.y, reach, e.phase - half, e.phase + half, false);
      g.closePath();
      g.strokePath();
      st.cones++;
    }
  }

  /**
   * What the F2 overlay drew last (for end-to-end tests), with the grid points painted in the heat
   * map counted now, from its pixels (a pass over them only when a test asks).
   */
  overlayInfo(): { on: boolean; frame: number; heatPoints: number; headings: number; cones: number } {
    let heatPoints = 0;
    const px = this.overlayOn && this.heatFrame === this.overlayState.frame ? this.heatPixels?.data : undefined;
    if (px) for (let i = 3; i < px.length; i += 4) if (px[i]! > 0) heatPoints++;
    return { ...this.overlayState, heatPoints };
  }

  destroy(): void {
    this.walls.destroy();
    if (this.wallsKey) releaseMazeTexture(this.scene, this.wallsKey);
    this.wallsKey = '';
    this.padRings.destroy();
    this.lines.destroy();
    this.heat?.destroy();
    for (const o of [...this.exits, ...this.pads]) o.destroy();
  }
}
