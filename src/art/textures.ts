// Runtime-drawn images. Every sprite, background and the bullet sheet are files now, built from
// assets/art/sprites.ts by scripts/build-assets.ts and loaded by the Preloader scene; only what
// depends on the running game is drawn here: the walls of a maze layout.
import type Phaser from 'phaser';

export { BULLET_CELL, bulletFrame, SHAPE_COUNT } from './bullet-frames';

type Ctx = CanvasRenderingContext2D;

function canvasTexture(scene: Phaser.Scene, key: string, w: number, h: number, draw: (ctx: Ctx) => void): void {
  if (scene.textures.exists(key)) return;
  const tex = scene.textures.createCanvas(key, w, h);
  if (!tex) throw new Error(`cannot create texture ${key}`);
  draw(tex.getContext());
  tex.refresh();
}

function disc(ctx: Ctx, x: number, y: number, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

/**
 * The walls of one maze layout as a single field-sized texture (one image per layout, not a Graphics
 * redrawn every frame): dark blocks with a glowing rim along every edge that faces floor, floor
 * tiles left transparent over the field's background with a faint dot. `walls[y * w + x]` = 1 for wall.
 */
export function createMazeTexture(
  scene: Phaser.Scene,
  key: string,
  walls: ArrayLike<number>,
  w: number,
  h: number,
  tile: number,
  hue = 255,
): void {
  canvasTexture(scene, key, w * tile, h * tile, (ctx) => {
    const wall = (x: number, y: number): boolean => x < 0 || y < 0 || x >= w || y >= h || walls[y * w + x] !== 0;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const px = x * tile;
        const py = y * tile;
        if (!wall(x, y)) {
          disc(ctx, px + tile / 2, py + tile / 2, 0.9, `hsla(${hue}, 80%, 80%, 0.16)`);
          continue;
        }
        const g = ctx.createLinearGradient(0, py, 0, py + tile);
        g.addColorStop(0, `hsl(${hue}, 38%, 22%)`);
        g.addColorStop(1, `hsl(${hue}, 42%, 13%)`);
        ctx.fillStyle = g;
        ctx.fillRect(px, py, tile, tile);
        // A faint brick seam, so long walls do not look flat.
        ctx.fillStyle = `hsla(${hue}, 60%, 70%, 0.07)`;
        ctx.fillRect(px, py + (((x + y) & 1) === 0 ? 0 : tile / 2), tile, 1);
      }
    }
    // Rims: a soft glow pass, then a crisp line, on wall edges that face floor.
    for (const pass of [0, 1]) {
      ctx.strokeStyle = pass === 0 ? `hsla(${hue}, 100%, 72%, 0.35)` : `hsla(${hue}, 100%, 82%, 0.95)`;
      ctx.lineWidth = pass === 0 ? 4 : 1.5;
      ctx.lineCap = 'round';
      ctx.beginPath();
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          if (!wall(x, y)) continue;
          const px = x * tile;
          const py = y * tile;
          const o = pass === 0 ? 1.5 : 0.75;
          if (!wall(x, y - 1)) {
            ctx.moveTo(px, py + o);
            ctx.lineTo(px + tile, py + o);
          }
          if (!wall(x, y + 1)) {
            ctx.moveTo(px, py + tile - o);
            ctx.lineTo(px + tile, py + tile - o);
          }
          if (!wall(x - 1, y)) {
            ctx.moveTo(px + o, py);
            ctx.lineTo(px + o, py + tile);
          }
          if (!wall(x + 1, y)) {
            ctx.moveTo(px + tile - o, py);
            ctx.lineTo(px + tile - o, py + tile);
          }
        }
      }
      ctx.stroke();
    }
  });
}
