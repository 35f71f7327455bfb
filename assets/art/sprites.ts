// Editable source of the game's sprites: Canvas 2D recipes, one per image. scripts/build-assets.ts
// runs them in headless Chromium and writes the PNGs the game loads (public/media/), once per art scale
// (1× and 2×: the canvas is scaled, so every path is rasterised at that resolution). Original art made
// for Twinfield. Sprites are drawn larger than their hitboxes, as in the genre, with a bright readable
// core. Coordinates are in logical game pixels (w×h is a sprite's size on screen at any scale).

import { glow } from './glow';
import { BULLET_COLORS } from '../../src/art/palette';
import { BULLET_CELL, SHAPE_COUNT } from '../../src/art/bullet-frames';
import { FIELD_H, FIELD_W } from '../../src/sim/constants';
import { CHARACTER_ICONS } from './characters';

export { BULLET_CELL, SHAPE_COUNT };
// The roster's art (characters.ts): its small icons join SPRITES below, the rest is a pack of its own.
export { CHARACTER_ART } from './characters';

export interface Recipe {
  key: string;
  w: number;
  h: number;
  draw: (ctx: CanvasRenderingContext2D) => void;
}

/** Small sprites (public/media/sprites/KEY.png, KEY@2x.png). */
export const SPRITES: Recipe[] = [];
/** Field-sized pictures (public/media/images/KEY.png, KEY@2x.png). */
export const IMAGES: Recipe[] = [];

function sprite(key: string, w: number, h: number, draw: (ctx: Ctx) => void): void {
  SPRITES.push({ key, w, h, draw });
}

function image(key: string, w: number, h: number, draw: (ctx: Ctx) => void): void {
  IMAGES.push({ key, w, h, draw });
}

type Ctx = CanvasRenderingContext2D;

function disc(ctx: Ctx, x: number, y: number, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fill();
}

function star(ctx: Ctx, x: number, y: number, r1: number, r2: number, points: number, rot = -Math.PI / 2): void {
  ctx.beginPath();
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? r1 : r2;
    const a = rot + (i * Math.PI) / points;
    ctx.lineTo(x + r * Math.cos(a), y + r * Math.sin(a));
  }
  ctx.closePath();
}

function drawBullet(ctx: Ctx, cx: number, cy: number, shape: number, color: string): void {
  switch (shape) {
    case 0: // small
      glow(ctx, cx, cy, 9, color, 0.9);
      disc(ctx, cx, cy, 5, color);
      disc(ctx, cx, cy, 3.2, '#ffffff');
      break;
    case 1: // orb
      glow(ctx, cx, cy, 12, color, 0.8);
      disc(ctx, cx, cy, 7.5, color);
      disc(ctx, cx, cy, 4.8, '#ffffff');
      break;
    case 2: // rice (drawn along +x; sprites rotate to their velocity)
      glow(ctx, cx, cy, 10, color, 0.7);
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.ellipse(cx, cy, 9, 4.6, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.ellipse(cx, cy, 6, 2.4, 0, 0, Math.PI * 2);
      ctx.fill();
      break;
    case 3: // big
      glow(ctx, cx, cy, 19, color, 0.85);
      disc(ctx, cx, cy, 13, color);
      disc(ctx, cx, cy, 9, '#ffffff');
      break;
    case 4: // star
      glow(ctx, cx, cy, 11, color, 0.8);
      ctx.fillStyle = color;
      star(ctx, cx, cy, 8.5, 4, 5);
      ctx.fill();
      disc(ctx, cx, cy, 3.4, '#ffffff');
      break;
  }
}

function drawShip(ctx: Ctx, main: string, dark: string, accent: string): void {
  // 40×48 canvas, nose up, centre at (20, 26).
  ctx.save();
  glow(ctx, 20, 42, 10, accent, 0.9); // engine flame
  ctx.fillStyle = dark;
  ctx.beginPath();
  ctx.moveTo(20, 4);
  ctx.lineTo(36, 38);
  ctx.lineTo(26, 34);
  ctx.lineTo(20, 40);
  ctx.lineTo(14, 34);
  ctx.lineTo(4, 38);
  ctx.closePath();
  ctx.fill();
  const g = ctx.createLinearGradient(0, 4, 0, 40);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(0.35, main);
  g.addColorStop(1, dark);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(20, 6);
  ctx.lineTo(32, 34);
  ctx.lineTo(20, 30);
  ctx.lineTo(8, 34);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.ellipse(20, 20, 3, 6, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = 'rgba(255,255,255,0.6)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(20, 6);
  ctx.lineTo(32, 34);
  ctx.moveTo(20, 6);
  ctx.lineTo(8, 34);
  ctx.stroke();
  ctx.restore();
}

function drawFairy(ctx: Ctx, s: number, body: string, wing: string): void {
  const c = s / 2;
  ctx.globalAlpha = 0.75;
  ctx.fillStyle = wing;
  for (const side of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(c + side * s * 0.24, c - s * 0.08, s * 0.22, s * 0.12, side * -0.5, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(c + side * s * 0.2, c + s * 0.12, s * 0.15, s * 0.08, side * 0.5, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  glow(ctx, c, c, s * 0.3, body, 0.6);
  disc(ctx, c, c + s * 0.06, s * 0.16, body);
  disc(ctx, c, c - s * 0.14, s * 0.11, '#ffe9d6');
  disc(ctx, c, c - s * 0.14, s * 0.05, '#402040');
}

/**
 * The ship at maze scale: a maze corridor is one 16-px tile and the ship's centre keeps 5 px from
 * walls, so this hull is 10 px wide (its glow stays inside the corridor too).
 */
function drawSmallShip(ctx: Ctx, main: string, dark: string, accent: string): void {
  // 16×18 canvas, nose up, centre at (8, 9).
  glow(ctx, 8, 15, 3.5, accent, 0.9);
  ctx.fillStyle = dark;
  ctx.beginPath();
  ctx.moveTo(8, 1.5);
  ctx.lineTo(13, 14);
  ctx.lineTo(8, 12);
  ctx.lineTo(3, 14);
  ctx.closePath();
  ctx.fill();
  const g = ctx.createLinearGradient(0, 2, 0, 13);
  g.addColorStop(0, '#ffffff');
  g.addColorStop(0.4, main);
  g.addColorStop(1, dark);
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.moveTo(8, 2.5);
  ctx.lineTo(11.5, 12.5);
  ctx.lineTo(8, 11);
  ctx.lineTo(4.5, 12.5);
  ctx.closePath();
  ctx.fill();
  disc(ctx, 8, 7.5, 1.3, '#ffffff');
}

function enemies(): void {
  sprite('enemy0', 36, 36, (ctx) => drawFairy(ctx, 36, '#4f86ff', '#bfe4ff'));
  sprite('enemy1', 32, 32, (ctx) => {
    glow(ctx, 16, 16, 15, '#50ff80', 0.5);
    ctx.fillStyle = '#1f9a58';
    ctx.beginPath();
    ctx.moveTo(16, 2);
    ctx.lineTo(30, 16);
    ctx.lineTo(16, 30);
    ctx.lineTo(2, 16);
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = '#b8ffd0';
    ctx.lineWidth = 2;
    ctx.stroke();
    disc(ctx, 16, 16, 4, '#ffffff');
  });
  sprite('enemy2', 48, 48, (ctx) => {
    glow(ctx, 24, 24, 23, '#c060ff', 0.5);
    ctx.fillStyle = '#6a2aa8';
    star(ctx, 24, 24, 20, 9, 6, 0);
    ctx.fill();
    ctx.strokeStyle = '#f0d0ff';
    ctx.lineWidth = 2;
    ctx.stroke();
    disc(ctx, 24, 24, 7, '#ffffff');
    disc(ctx, 24, 24, 4, '#c060ff');
  });
  sprite('enemy3', 60, 52, (ctx) => {
    glow(ctx, 30, 26, 28, '#ff9a30', 0.45);
    const g = ctx.createLinearGradient(0, 6, 0, 46);
    g.addColorStop(0, '#ffcf8a');
    g.addColorStop(1, '#8a3a10');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(8, 12);
    ctx.lineTo(52, 12);
    ctx.lineTo(58, 26);
    ctx.lineTo(44, 46);
    ctx.lineTo(16, 46);
    ctx.lineTo(2, 26);
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = '#ffe0b0';
    ctx.lineWidth = 2;
    ctx.stroke();
    disc(ctx, 30, 30, 8, '#ffffff');
    disc(ctx, 30, 30, 5, '#ff5a30');
    for (const x of [14, 46]) disc(ctx, x, 24, 3.5, '#ffe040');
  });
  sprite('enemy4', 36, 40, (ctx) => {
    glow(ctx, 18, 18, 18, '#ff6fa8', 0.7);
    ctx.fillStyle = '#ffd6ea';
    ctx.beginPath();
    ctx.arc(18, 16, 10, Math.PI, 0);
    ctx.lineTo(28, 32);
    ctx.lineTo(23, 28);
    ctx.lineTo(18, 34);
    ctx.lineTo(13, 28);
    ctx.lineTo(8, 32);
    ctx.closePath();
    ctx.fill();
    disc(ctx, 14, 16, 2, '#602050');
    disc(ctx, 22, 16, 2, '#602050');
  });
  sprite('enemy5', 72, 72, (ctx) => {
    glow(ctx, 36, 36, 36, '#ffd24a', 0.55);
    ctx.strokeStyle = '#ffe9a0';
    ctx.lineWidth = 2;
    for (let k = 0; k < 3; k++) {
      ctx.beginPath();
      ctx.arc(36, 36, 30 - k * 6, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = '#ff9a30';
    star(ctx, 36, 36, 22, 10, 8);
    ctx.fill();
    drawFairy(ctx, 72, '#ff4060', '#ffd6ea');
  });
}

/** Maze stages: the chaser (a hunting wisp), the turret (barrel drawn pointing up; sprites rotate to
 * its facing), the exit portal and the heal pad. */
function mazeSprites(): void {
  sprite('enemy6', 32, 32, (ctx) => {
    glow(ctx, 16, 16, 16, '#ff5040', 0.75);
    ctx.fillStyle = '#a01830';
    star(ctx, 16, 16, 13, 8.5, 8, 0);
    ctx.fill();
    ctx.strokeStyle = '#ffb0a0';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    disc(ctx, 16, 16, 7.5, '#ff6048');
    disc(ctx, 12.5, 14.5, 2.6, '#ffffff');
    disc(ctx, 19.5, 14.5, 2.6, '#ffffff');
    disc(ctx, 13, 15, 1.2, '#400010');
    disc(ctx, 20, 15, 1.2, '#400010');
  });
  sprite('enemy7', 32, 32, (ctx) => {
    glow(ctx, 16, 17, 15, '#40e8ff', 0.45);
    ctx.fillStyle = '#24506a';
    ctx.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = Math.PI / 6 + (k * Math.PI) / 3;
      ctx.lineTo(16 + 11 * Math.cos(a), 18 + 11 * Math.sin(a));
    }
    ctx.closePath();
    ctx.fill();
    ctx.strokeStyle = '#a8f4ff';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.fillStyle = '#d8fbff';
    ctx.fillRect(13.5, 2, 5, 14); // barrel
    disc(ctx, 16, 18, 5.5, '#ffffff');
    disc(ctx, 16, 18, 3, '#ff4060');
  });
  sprite('mazeExit', 40, 40, (ctx) => {
    glow(ctx, 20, 20, 20, '#ffd24a', 0.9);
    ctx.strokeStyle = '#fff2b0';
    ctx.lineWidth = 2;
    for (const r of [15, 10]) {
      ctx.beginPath();
      ctx.arc(20, 20, r, 0, Math.PI * 2);
      ctx.stroke();
    }
    ctx.fillStyle = '#ffffff';
    star(ctx, 20, 20, 7, 3, 4);
    ctx.fill();
  });
  sprite('mazeHeal', 32, 32, (ctx) => {
    glow(ctx, 16, 16, 16, '#50ff80', 0.8);
    disc(ctx, 16, 16, 10, '#1f9a58');
    ctx.strokeStyle = '#b8ffd0';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.arc(16, 16, 10, 0, Math.PI * 2);
    ctx.stroke();
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(13.5, 9, 5, 14);
    ctx.fillRect(9, 13.5, 14, 5);
  });
}

/**
 * A field background (w×h, tiles vertically). The drifting stars over it are sprites (src/views/star-field.ts):
 * the full-field star layers and the screen backdrop once drawn here were no longer used, and are not built.
 */
function background(key: string, hue: number, w: number, h: number, grid: boolean): void {
  image(key, w, h, (ctx) => {
    ctx.fillStyle = `hsl(${hue}, 45%, 7%)`;
    ctx.fillRect(0, 0, w, h);
    if (grid) {
      ctx.strokeStyle = `hsla(${hue}, 70%, 60%, 0.09)`;
      ctx.lineWidth = 1;
      for (let i = 0; i <= Math.max(w, h); i += 32) {
        ctx.beginPath();
        ctx.moveTo(i + 0.5, 0);
        ctx.lineTo(i + 0.5, h);
        ctx.moveTo(0, i + 0.5);
        ctx.lineTo(w, i + 0.5);
        ctx.stroke();
      }
    }
    // A fixed scatter (not random, so the game looks the same every time).
    const n = Math.round((w * h) / 1000);
    for (let i = 0; i < n; i++) {
      const x = (i * 97.31) % w;
      const y = (i * 57.77 + ((i * i) % 31)) % h;
      const r = 0.4 + ((i * 13) % 7) / 6;
      disc(ctx, x, y, r, `hsla(${(hue + i * 7) % 360}, 80%, 85%, ${0.25 + ((i * 11) % 10) / 16})`);
    }
  });
}

/** The bullet sheet: SHAPE_COUNT rows (shapes) × one column per palette colour, BULLET_CELL px cells. */
export const BULLET_SHEET: Recipe = {
  key: 'bullets',
  w: BULLET_CELL * BULLET_COLORS.length,
  h: BULLET_CELL * SHAPE_COUNT,
  draw: (ctx) => {
    for (let s = 0; s < SHAPE_COUNT; s++)
      for (let c = 0; c < BULLET_COLORS.length; c++)
        drawBullet(ctx, c * BULLET_CELL + BULLET_CELL / 2, s * BULLET_CELL + BULLET_CELL / 2, s, BULLET_COLORS[c]!);
  },
};

sprite('ship0', 40, 48, (ctx) => drawShip(ctx, '#5ad8ff', '#1a4a8a', '#7fdcff'));
sprite('ship1', 40, 48, (ctx) => drawShip(ctx, '#ff6fa8', '#8a1a4a', '#ffb0d0'));
sprite('ship0s', 16, 18, (ctx) => drawSmallShip(ctx, '#5ad8ff', '#1a4a8a', '#7fdcff'));
sprite('ship1s', 16, 18, (ctx) => drawSmallShip(ctx, '#ff6fa8', '#8a1a4a', '#ffb0d0'));
// Survey clips: one neutral ship and field for everyone (views' `neutral` look).
sprite('shipN', 40, 48, (ctx) => drawShip(ctx, '#e6e2d6', '#4e4c5c', '#fff0b8'));
sprite('shipNs', 16, 18, (ctx) => drawSmallShip(ctx, '#e6e2d6', '#4e4c5c', '#fff0b8'));
sprite('hitbox', 16, 16, (ctx) => {
  disc(ctx, 8, 8, 6.5, '#ff2050');
  disc(ctx, 8, 8, 4.5, '#ffffff');
});
sprite('shot0', 10, 22, (ctx) => {
  glow(ctx, 5, 11, 6, '#9fe8ff', 0.9);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(3.5, 2, 3, 18);
});
sprite('shot1', 12, 26, (ctx) => {
  glow(ctx, 6, 13, 7, '#ffd0f0', 0.9);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(4, 1, 4, 24);
});
sprite('spark', 16, 16, (ctx) => glow(ctx, 8, 8, 8, '#ffffff', 1));
sprite('ring', 128, 128, (ctx) => {
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = 5;
  ctx.beginPath();
  ctx.arc(64, 64, 58, 0, Math.PI * 2);
  ctx.stroke();
  glow(ctx, 64, 64, 64, 'rgba(255,255,255,0.25)', 1);
});
sprite('grazeRing', 48, 48, (ctx) => {
  ctx.strokeStyle = 'rgba(255,255,255,0.35)';
  ctx.setLineDash([4, 4]);
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(24, 24, 20, 0, Math.PI * 2);
  ctx.stroke();
});
enemies();
mazeSprites();
SPRITES.push(...CHARACTER_ICONS);
background('bg0', 220, FIELD_W, FIELD_H, true);
background('bg1', 320, FIELD_W, FIELD_H, true);
background('bgN', 265, FIELD_W, FIELD_H, true);

/** The app icon (public/icon.png, web manifest): the blue ship on the game's night colour. */
export const ICON: Recipe = {
  key: 'icon',
  w: 192,
  h: 192,
  draw: (ctx) => {
    ctx.fillStyle = '#0b0620';
    ctx.fillRect(0, 0, 192, 192);
    glow(ctx, 96, 96, 90, '#3a2a80', 0.8);
    ctx.translate(96 - 20 * 3.4, 100 - 26 * 3.4);
    ctx.scale(3.4, 3.4);
    drawShip(ctx, '#5ad8ff', '#1a4a8a', '#7fdcff');
  },
};
