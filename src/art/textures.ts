// Runtime-drawn images. Every sprite, background and the bullet sheet are files now, built from
// assets/art/sprites.ts by scripts/build-assets.ts and loaded by the Preloader scene; only what
// depends on the running game is drawn here: the walls of a maze layout, at the game's render scale
// (render-scale.ts), so they are as sharp as the 2× sprites on a 2× canvas.
import type Phaser from 'phaser';
import { renderScale } from './render-scale';
import { setTextureResolution } from './texture-resolution';

export { BULLET_CELL, bulletFrame, SHAPE_COUNT } from './bullet-frames';

type Ctx = CanvasRenderingContext2D;

/**
 * A canvas texture of logical size w×h drawn at `scale` texels per unit: `draw` works in logical
 * units, and the texture is placed at its logical size whatever the scale (texture-resolution.ts).
 */
function canvasTexture(scene: Phaser.Scene, key: string, w: number, h: number, draw: (ctx: Ctx) => void, scale = renderScale.value): void {
  if (scene.textures.exists(key)) return;
  const tex = scene.textures.createCanvas(key, Math.round(w * scale), Math.round(h * scale));
  if (!tex) throw new Error(`cannot create texture ${key}`);
  const ctx = tex.getContext();
  ctx.save();
  ctx.scale(scale, scale);
  draw(ctx);
  ctx.restore();
  tex.refresh();
  setTextureResolution(tex, scale);
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

/**
 * Maze wall textures in use, per texture manager: a generated rotation ('gen:SEED') brings a new
 * layout with every maze cleared, and each texture is megabytes at 2×, so one no view shows is
 * freed — after the MAZE_TEXTURES_KEPT layouts unused most recently, kept so that seeking back and
 * forth across a maze boundary (playback, a clip's lead-in) does not redraw and upload them again.
 */
interface MazeTextures {
  users: Map<string, number>;
  /** Unused textures still loaded, least recently used first. */
  idle: string[];
}

/** Unused maze wall textures kept loaded (the least recently used beyond this are freed). */
export const MAZE_TEXTURES_KEPT = 2;

const mazeTextures = new WeakMap<Phaser.Textures.TextureManager, MazeTextures>();

function mazeTexturesOf(scene: Phaser.Scene): MazeTextures {
  let m = mazeTextures.get(scene.textures);
  if (!m) mazeTextures.set(scene.textures, (m = { users: new Map(), idle: [] }));
  return m;
}

/** createMazeTexture, counted: each call must be matched by one releaseMazeTexture of the key. */
export function acquireMazeTexture(...args: Parameters<typeof createMazeTexture>): void {
  const [scene, key] = args;
  const m = mazeTexturesOf(scene);
  m.idle = m.idle.filter((k) => k !== key);
  createMazeTexture(...args);
  m.users.set(key, (m.users.get(key) ?? 0) + 1);
}

/** One user less of a maze texture; unused, it joins the kept ones, and the oldest beyond those goes. */
export function releaseMazeTexture(scene: Phaser.Scene, key: string): void {
  const m = mazeTexturesOf(scene);
  const n = (m.users.get(key) ?? 0) - 1;
  if (n > 0) {
    m.users.set(key, n);
    return;
  }
  m.users.delete(key);
  m.idle.push(key);
  while (m.idle.length > MAZE_TEXTURES_KEPT) {
    const old = m.idle.shift()!;
    if (scene.textures.exists(old)) scene.textures.remove(old);
  }
}
