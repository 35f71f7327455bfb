// Editable source of the roster's art (issue 24): for each character its ship (40×48), its maze-scale
// icon (16×18), the boss of its Boss Attack (72×72) and a bust portrait (200×260), as Canvas 2D recipes
// in logical pixels like sprites.ts. Original art made for Twinfield. scripts/build-assets.ts renders
// them at 1× and 2×: the icons join the main pack (sprites.ts lists them), the rest go in the character
// pack (src/art/character-keys.ts). Each character has one recipe function per concept below; shared
// helpers draw the common parts (ship flame and core, fairy body, portrait head and eyes).
import { glow } from './glow';
import { bossKey, CHARACTER_ART_IDS, charIconKey, charShipKey, portraitKey } from '../../src/art/character-keys';
import type { Recipe } from './sprites';

type Ctx = CanvasRenderingContext2D;
export type CharacterArtId = (typeof CHARACTER_ART_IDS)[number];

/** A character's colours: `main` is its theme colour (the roster's), the rest are shades of it. */
interface Palette {
  main: string;
  dark: string;
  light: string;
  /** Hair: light, base and dark stops of its gradient. */
  hair: [string, string, string];
  /** Iris: dark top and light bottom. */
  eye: [string, string];
}

const PAL: Record<CharacterArtId, Palette> = {
  asagi: { main: '#3fc9c0', dark: '#17676a', light: '#b8fff6', hair: ['#9af2e6', '#3fb8b0', '#1a5c66'], eye: ['#11506a', '#5fe0d8'] },
  kurenai: { main: '#e5484d', dark: '#7a1422', light: '#ffc2b8', hair: ['#ff8a7a', '#d83a44', '#6a0e20'], eye: ['#5a0a18', '#ff7060'] },
  shion: { main: '#a979e8', dark: '#4a2a86', light: '#ece0ff', hair: ['#d9c2ff', '#9a70dc', '#45287a'], eye: ['#3a1a6a', '#c9a6ff'] },
  kohaku: { main: '#f0a531', dark: '#8a4a0c', light: '#ffe6a8', hair: ['#ffd98a', '#eea23a', '#8e4a10'], eye: ['#6a3206', '#ffc040'] },
  ruri: { main: '#3e7be0', dark: '#162f78', light: '#cfe0ff', hair: ['#7eaaf6', '#2f62c4', '#0f1f5a'], eye: ['#0c1a50', '#6aa8ff'] },
  midori: { main: '#4cc26b', dark: '#1b5e32', light: '#d2ffd8', hair: ['#9ae8a6', '#3fae5c', '#14502a'], eye: ['#0e4a2a', '#7ae890'] },
};

const SKIN = '#ffe6d8';
const SKIN_SHADE = '#f3bfae';
const INK = '#2a1626';
const TAU = Math.PI * 2;

// ── shared helpers ──

function disc(ctx: Ctx, x: number, y: number, r: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, TAU);
  ctx.fill();
}

function oval(ctx: Ctx, x: number, y: number, rx: number, ry: number, rot: number, fill: string): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.ellipse(x, y, rx, ry, rot, 0, TAU);
  ctx.fill();
}

/** A closed polygon through `pts` (x, y pairs). */
function poly(ctx: Ctx, pts: number[]): void {
  ctx.beginPath();
  for (let i = 0; i < pts.length; i += 2) ctx.lineTo(pts[i]!, pts[i + 1]!);
  ctx.closePath();
}

function vgrad(ctx: Ctx, y0: number, y1: number, stops: [number, string][]): CanvasGradient {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  for (const [t, c] of stops) g.addColorStop(t, c);
  return g;
}

/** Points of a regular polygon (or a star when r2 is given) as x, y pairs. */
function ring(x: number, y: number, r1: number, n: number, rot = -Math.PI / 2, r2 = r1): number[] {
  const pts: number[] = [];
  const k = r2 === r1 ? n : 2 * n;
  for (let i = 0; i < k; i++) {
    const r = i % 2 === 0 || r2 === r1 ? r1 : r2;
    const a = rot + (i * TAU) / k;
    pts.push(x + r * Math.cos(a), y + r * Math.sin(a));
  }
  return pts;
}

/**
 * Paints on a layer of its own, then onto `ctx`: inside `paint`, `source-atop` shades only what the
 * layer already holds (hair highlights, cloth folds) without touching what lies beneath.
 */
function layer(ctx: Ctx, paint: (l: Ctx) => void): void {
  const c = document.createElement('canvas');
  c.width = ctx.canvas.width;
  c.height = ctx.canvas.height;
  const l = c.getContext('2d')!;
  l.setTransform(ctx.getTransform());
  paint(l);
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  ctx.drawImage(c, 0, 0);
  ctx.restore();
}

/**
 * A tapered lock of hair (or a petal, a feather): `w` wide at its root (rx, ry), a point at its tip
 * (tx, ty), bowed sideways by `bend` (positive: to the left of root→tip).
 */
function lock(ctx: Ctx, rx: number, ry: number, tx: number, ty: number, w: number, bend: number): void {
  const dx = tx - rx;
  const dy = ty - ry;
  const len = Math.hypot(dx, dy) || 1;
  const nx = dy / len;
  const ny = -dx / len;
  const mx = (rx + tx) / 2 + nx * bend;
  const my = (ry + ty) / 2 + ny * bend;
  ctx.moveTo(rx + (nx * w) / 2, ry + (ny * w) / 2);
  ctx.quadraticCurveTo(mx + (nx * w) / 2, my + (ny * w) / 2, tx, ty);
  ctx.quadraticCurveTo(mx - (nx * w) / 2, my - (ny * w) / 2, rx - (nx * w) / 2, ry - (ny * w) / 2);
  ctx.closePath();
}

/** Fills each lock on its own (overlapping locks of opposite winding would cancel in one path). */
function locks(ctx: Ctx, list: number[][], fill: string | CanvasGradient): void {
  ctx.fillStyle = fill;
  for (const [rx, ry, tx, ty, w, bend] of list) {
    ctx.beginPath();
    lock(ctx, rx!, ry!, tx!, ty!, w!, bend!);
    ctx.fill();
  }
}

// ── ships (40×48, nose up, centre (20, 26); the game draws the hitbox dot) ──

/** The engine flame under a ship and the bright cockpit core every ship keeps readable. */
function flame(ctx: Ctx, x: number, y: number, r: number, p: Palette): void {
  glow(ctx, x, y, r, p.main, 0.9);
  glow(ctx, x, y - r * 0.2, r * 0.45, '#ffffff', 0.8);
}

function core(ctx: Ctx, x: number, y: number, rx: number, ry: number, p: Palette): void {
  glow(ctx, x, y, ry * 1.8, p.light, 0.8);
  oval(ctx, x, y, rx, ry, 0, '#ffffff');
}

function edge(ctx: Ctx, color = 'rgba(255,255,255,0.65)', w = 1): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = w;
  ctx.stroke();
}

/** Asagi: a morning-glory trumpet, round petal wings and three short prongs (its 3-way spread). */
function shipAsagi(ctx: Ctx): void {
  const p = PAL.asagi;
  flame(ctx, 20, 42, 9, p);
  ctx.fillStyle = p.dark;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(20 + s * 11, 28, 9, 7, s * 0.5, 0, TAU);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(20 + s * 14, 35, 5, 4, s * 0.9, 0, TAU);
    ctx.fill();
  }
  const g = vgrad(ctx, 6, 40, [
    [0, '#ffffff'],
    [0.35, p.main],
    [1, p.dark],
  ]);
  ctx.fillStyle = g;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(20 + s * 10, 27, 7, 5, s * 0.5, 0, TAU);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.moveTo(20, 5);
  ctx.bezierCurveTo(28, 14, 27, 30, 20, 40);
  ctx.bezierCurveTo(13, 30, 12, 14, 20, 5);
  ctx.fill();
  edge(ctx);
  ctx.fillStyle = p.light;
  for (const x of [11, 29]) {
    ctx.beginPath();
    ctx.roundRect(x - 1.3, 14, 2.6, 9, 1.3);
    ctx.fill();
  }
  ctx.fillStyle = '#ffffff';
  poly(ctx, ring(20, 31, 4, 5, -Math.PI / 2, 1.8));
  ctx.globalAlpha = 0.5;
  ctx.fill();
  ctx.globalAlpha = 1;
  core(ctx, 20, 19, 2.8, 5.5, p);
}

/** Kurenai: a narrow blade with a long needle nose and small swept fins. */
function shipKurenai(ctx: Ctx): void {
  const p = PAL.kurenai;
  flame(ctx, 20, 43, 7, p);
  ctx.fillStyle = p.dark;
  poly(ctx, [20, 1, 23, 20, 31, 32, 30, 38, 23, 34, 20, 41, 17, 34, 10, 38, 9, 32, 17, 20]);
  ctx.fill();
  ctx.fillStyle = vgrad(ctx, 2, 40, [
    [0, '#ffffff'],
    [0.3, p.main],
    [1, p.dark],
  ]);
  poly(ctx, [20, 3, 22, 20, 28, 31, 22, 31, 20, 37, 18, 31, 12, 31, 18, 20]);
  ctx.fill();
  edge(ctx);
  ctx.strokeStyle = '#ffe0d8';
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  ctx.moveTo(20, 2);
  ctx.lineTo(20, 13);
  ctx.stroke();
  core(ctx, 20, 22, 2, 5, p);
}

/** Shion: a moth with broad rounded forewings, eye spots and feathered antennae. */
function shipShion(ctx: Ctx): void {
  const p = PAL.shion;
  flame(ctx, 20, 42, 8, p);
  for (const s of [-1, 1]) {
    ctx.fillStyle = p.dark;
    ctx.beginPath();
    ctx.moveTo(20, 18);
    ctx.bezierCurveTo(20 + s * 8, 8, 20 + s * 20, 9, 20 + s * 19, 20);
    ctx.bezierCurveTo(20 + s * 19, 27, 20 + s * 10, 28, 20, 26);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(20, 26);
    ctx.bezierCurveTo(20 + s * 14, 26, 20 + s * 15, 38, 20 + s * 7, 39);
    ctx.bezierCurveTo(20 + s * 3, 39, 20, 33, 20, 30);
    ctx.fill();
    ctx.fillStyle = vgrad(ctx, 9, 30, [
      [0, p.light],
      [0.5, p.main],
      [1, p.dark],
    ]);
    ctx.beginPath();
    ctx.moveTo(20, 19);
    ctx.bezierCurveTo(20 + s * 8, 11, 20 + s * 17, 12, 20 + s * 17, 20);
    ctx.bezierCurveTo(20 + s * 16, 25, 20 + s * 9, 25, 20, 24);
    ctx.fill();
    edge(ctx, 'rgba(255,255,255,0.5)');
    disc(ctx, 20 + s * 12, 18.5, 2.8, p.dark);
    disc(ctx, 20 + s * 12, 18.5, 1.5, '#fff2c0');
    ctx.strokeStyle = p.light;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(20 + s * 1.5, 11);
    ctx.quadraticCurveTo(20 + s * 3, 4, 20 + s * 8, 3);
    ctx.stroke();
  }
  ctx.fillStyle = vgrad(ctx, 8, 38, [
    [0, '#ffffff'],
    [0.4, p.main],
    [1, p.dark],
  ]);
  ctx.beginPath();
  ctx.ellipse(20, 24, 3.6, 14, 0, 0, TAU);
  ctx.fill();
  core(ctx, 20, 20, 2.2, 4.5, p);
}

/** Kohaku: a heavy hexagonal hull with honeycomb plates and two wide engines. */
function shipKohaku(ctx: Ctx): void {
  const p = PAL.kohaku;
  flame(ctx, 12, 43, 7, p);
  flame(ctx, 28, 43, 7, p);
  ctx.fillStyle = p.dark;
  poly(ctx, [20, 4, 33, 12, 38, 30, 31, 41, 23, 37, 17, 37, 9, 41, 2, 30, 7, 12]);
  ctx.fill();
  ctx.fillStyle = vgrad(ctx, 6, 40, [
    [0, '#fff6d8'],
    [0.35, p.main],
    [1, p.dark],
  ]);
  poly(ctx, [20, 6, 31, 13, 35, 29, 29, 38, 20, 34, 11, 38, 5, 29, 9, 13]);
  ctx.fill();
  edge(ctx);
  ctx.strokeStyle = 'rgba(90,40,0,0.55)';
  ctx.lineWidth = 0.9;
  for (const [x, y] of [
    [12, 25],
    [28, 25],
    [16, 32],
    [24, 32],
  ] as const) {
    poly(ctx, ring(x, y, 3.6, 6, 0));
    ctx.stroke();
  }
  poly(ctx, ring(20, 20, 6.5, 6, 0));
  ctx.fillStyle = p.light;
  ctx.fill();
  core(ctx, 20, 20, 3.4, 4.2, p);
}

/** Ruri: a swallow: long swept-back crescent wings and a deep forked tail. */
function shipRuri(ctx: Ctx): void {
  const p = PAL.ruri;
  flame(ctx, 20, 36, 7, p);
  ctx.fillStyle = p.dark;
  ctx.beginPath();
  ctx.moveTo(20, 5);
  ctx.quadraticCurveTo(26, 16, 38, 30);
  ctx.quadraticCurveTo(28, 25, 23, 27);
  ctx.lineTo(28, 46);
  ctx.lineTo(20, 33);
  ctx.lineTo(12, 46);
  ctx.lineTo(17, 27);
  ctx.quadraticCurveTo(12, 25, 2, 30);
  ctx.quadraticCurveTo(14, 16, 20, 5);
  ctx.fill();
  ctx.fillStyle = vgrad(ctx, 6, 36, [
    [0, '#ffffff'],
    [0.35, p.main],
    [1, p.dark],
  ]);
  ctx.beginPath();
  ctx.moveTo(20, 7);
  ctx.quadraticCurveTo(25, 17, 34, 27);
  ctx.quadraticCurveTo(26, 23, 22, 26);
  ctx.lineTo(25, 40);
  ctx.lineTo(20, 31);
  ctx.lineTo(15, 40);
  ctx.lineTo(18, 26);
  ctx.quadraticCurveTo(14, 23, 6, 27);
  ctx.quadraticCurveTo(15, 17, 20, 7);
  ctx.fill();
  edge(ctx);
  ctx.fillStyle = '#ffe27a';
  for (const [x, y] of [
    [11, 24],
    [29, 24],
    [20, 29],
  ] as const)
    disc(ctx, x, y, 0.9, '#ffe27a');
  core(ctx, 20, 18, 2.4, 5, p);
}

/** Midori: twin bamboo hulls joined by a crossbar, one stream from each. */
function shipMidori(ctx: Ctx): void {
  const p = PAL.midori;
  flame(ctx, 11, 42, 6, p);
  flame(ctx, 29, 42, 6, p);
  ctx.fillStyle = p.dark;
  for (const x of [11, 29]) {
    ctx.beginPath();
    ctx.roundRect(x - 5, 8, 10, 33, 5);
    ctx.fill();
  }
  ctx.beginPath();
  ctx.roundRect(8, 21, 24, 9, 3);
  ctx.fill();
  const g = vgrad(ctx, 8, 40, [
    [0, '#ffffff'],
    [0.3, p.main],
    [1, p.dark],
  ]);
  ctx.fillStyle = g;
  for (const x of [11, 29]) {
    ctx.beginPath();
    ctx.moveTo(x, 6);
    ctx.quadraticCurveTo(x + 4, 9, x + 3.6, 16);
    ctx.lineTo(x + 3.6, 38);
    ctx.lineTo(x - 3.6, 38);
    ctx.lineTo(x - 3.6, 16);
    ctx.quadraticCurveTo(x - 4, 9, x, 6);
    ctx.fill();
    edge(ctx, 'rgba(255,255,255,0.5)');
    ctx.strokeStyle = p.dark;
    ctx.lineWidth = 1.2;
    ctx.beginPath();
    for (const y of [20, 30]) {
      ctx.moveTo(x - 3.6, y);
      ctx.lineTo(x + 3.6, y);
    }
    ctx.stroke();
  }
  ctx.fillStyle = g;
  poly(ctx, [20, 14, 26, 22, 24, 32, 16, 32, 14, 22]);
  ctx.fill();
  edge(ctx);
  core(ctx, 20, 24, 2.4, 4.4, p);
}

// ── maze-scale icons (16×18, nose up; hull ≤ 10 px wide like ship0s) ──

/** The icon: the ship's silhouette at maze scale, `hull` a path in 16×18 units within x 3…13. */
function icon(ctx: Ctx, p: Palette, hull: (c: Ctx) => void): void {
  glow(ctx, 8, 15.5, 3, p.main, 0.9);
  ctx.fillStyle = p.dark;
  hull(ctx);
  ctx.fill();
  ctx.save();
  ctx.translate(8, 8.5);
  ctx.scale(0.72, 0.72);
  ctx.translate(-8, -8.5);
  ctx.fillStyle = vgrad(ctx, 2, 14, [
    [0, '#ffffff'],
    [0.4, p.main],
    [1, p.dark],
  ]);
  hull(ctx);
  ctx.fill();
  ctx.restore();
  disc(ctx, 8, 7.5, 1.3, '#ffffff');
}

const ICON_HULLS: Record<CharacterArtId, (c: Ctx) => void> = {
  asagi: (c) => {
    c.beginPath();
    c.moveTo(8, 1.5);
    c.bezierCurveTo(10.5, 4, 13, 8, 13, 11);
    c.quadraticCurveTo(12, 14, 8, 15);
    c.quadraticCurveTo(4, 14, 3, 11);
    c.bezierCurveTo(3, 8, 5.5, 4, 8, 1.5);
  },
  kurenai: (c) => poly(c, [8, 0.5, 9.3, 7, 12, 12.5, 9, 12, 8, 15, 7, 12, 4, 12.5, 6.7, 7]),
  shion: (c) => {
    c.beginPath();
    c.moveTo(8, 4);
    c.bezierCurveTo(10, 1.5, 13.5, 3, 13, 7.5);
    c.quadraticCurveTo(12.5, 13, 8, 14.5);
    c.quadraticCurveTo(3.5, 13, 3, 7.5);
    c.bezierCurveTo(2.5, 3, 6, 1.5, 8, 4);
  },
  kohaku: (c) => poly(c, [8, 2, 12.5, 4.5, 13, 11, 11, 15, 8, 13.5, 5, 15, 3, 11, 3.5, 4.5]),
  ruri: (c) => poly(c, [8, 1.5, 10, 6.5, 13, 10, 9.5, 9.5, 11, 16, 8, 12.5, 5, 16, 6.5, 9.5, 3, 10, 6, 6.5]),
  midori: (c) => {
    c.beginPath();
    c.roundRect(3, 3, 4, 12, 2);
    c.roundRect(9, 3, 4, 12, 2);
    c.rect(5, 7, 6, 4);
  },
};

// ── bosses (72×72, like enemy5: a halo of the motif around a fairy in the character's colours) ──

/** The boss figure at the centre: wings, a dress of the theme colour, a face under the hair. */
function bossFairy(ctx: Ctx, p: Palette, wing: string | null): void {
  ctx.globalAlpha = 0.7;
  ctx.fillStyle = wing ?? 'transparent';
  for (const s of wing ? [-1, 1] : []) {
    ctx.beginPath();
    ctx.ellipse(36 + s * 13, 32, 12, 6, s * -0.5, 0, TAU);
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(36 + s * 11, 41, 8, 4.5, s * 0.5, 0, TAU);
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  glow(ctx, 36, 38, 16, p.main, 0.6);
  ctx.fillStyle = vgrad(ctx, 34, 50, [
    [0, p.light],
    [0.4, p.main],
    [1, p.dark],
  ]);
  poly(ctx, [33, 34, 39, 34, 45, 50, 27, 50]);
  ctx.fill();
  disc(ctx, 36, 28, 7.5, p.hair[1]);
  disc(ctx, 36, 29.5, 5.5, SKIN);
  ctx.fillStyle = p.hair[1];
  ctx.beginPath();
  ctx.arc(36, 27.5, 6.8, Math.PI * 1.05, Math.PI * 1.95);
  ctx.fill();
  disc(ctx, 33.8, 30, 1.2, p.eye[0]);
  disc(ctx, 38.2, 30, 1.2, p.eye[0]);
  disc(ctx, 36, 42, 2.2, '#ffffff');
}

function bossBase(ctx: Ctx, p: Palette): void {
  glow(ctx, 36, 36, 36, p.main, 0.55);
  ctx.strokeStyle = p.light;
  ctx.lineWidth = 1.5;
  ctx.globalAlpha = 0.8;
  ctx.beginPath();
  ctx.arc(36, 36, 33, 0, TAU);
  ctx.stroke();
  ctx.globalAlpha = 1;
}

/** Asagi: an open morning glory (five fused petals with a white star) hung with dew drops. */
function bossAsagi(ctx: Ctx): void {
  const p = PAL.asagi;
  bossBase(ctx, p);
  ctx.fillStyle = ctx.createRadialGradient(36, 36, 4, 36, 36, 30);
  (ctx.fillStyle as CanvasGradient).addColorStop(0, '#ffffff');
  (ctx.fillStyle as CanvasGradient).addColorStop(0.35, p.light);
  (ctx.fillStyle as CanvasGradient).addColorStop(1, p.main);
  ctx.beginPath();
  for (let k = 0; k < 5; k++) {
    const a0 = -Math.PI / 2 + (k * TAU) / 5;
    const a1 = a0 + TAU / 5;
    const am = (a0 + a1) / 2;
    ctx.lineTo(36 + 26 * Math.cos(a0), 36 + 26 * Math.sin(a0));
    ctx.quadraticCurveTo(36 + 34 * Math.cos(am), 36 + 34 * Math.sin(am), 36 + 26 * Math.cos(a1), 36 + 26 * Math.sin(a1));
  }
  ctx.closePath();
  ctx.fill();
  ctx.strokeStyle = p.dark;
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = 'rgba(255,255,255,0.8)';
  poly(ctx, ring(36, 36, 27, 5, -Math.PI / 2, 6));
  ctx.fill();
  for (let k = 0; k < 8; k++) {
    const a = (k * TAU) / 8 + 0.2;
    const x = 36 + 32 * Math.cos(a);
    const y = 36 + 32 * Math.sin(a);
    glow(ctx, x, y, 4, p.light, 0.9);
    oval(ctx, x, y, 1.8, 2.4, 0, '#ffffff');
  }
  bossFairy(ctx, p, '#e8fffc');
}

/** A maple leaf path: five pointed lobes (the top and upper ones longest), each with two teeth. */
function mapleLeaf(ctx: Ctx, x: number, y: number, r: number): void {
  // Clockwise from the stem at the bottom: angle in degrees, length.
  const lobes: [number, number][] = [
    [142, 0.58],
    [202, 0.88],
    [270, 1],
    [338, 0.88],
    [398, 0.58],
  ];
  ctx.beginPath();
  ctx.moveTo(x, y + r * 0.25);
  for (const [deg, f] of lobes) {
    const a = (deg * Math.PI) / 180;
    const R = r * f;
    const at = (ang: number, rr: number): void => ctx.lineTo(x + rr * Math.cos(ang), y + rr * Math.sin(ang));
    at(a - 0.6, r * 0.3);
    at(a - 0.34, R * 0.64);
    at(a - 0.24, R * 0.56);
    at(a - 0.13, R * 0.86);
    at(a, R);
    at(a + 0.13, R * 0.86);
    at(a + 0.24, R * 0.56);
    at(a + 0.34, R * 0.64);
    at(a + 0.6, r * 0.3);
  }
  ctx.closePath();
}

/** Kurenai: a crimson maple leaf behind her, crossed blades. */
function bossKurenai(ctx: Ctx): void {
  const p = PAL.kurenai;
  bossBase(ctx, p);
  ctx.strokeStyle = '#ffe8e0';
  ctx.lineWidth = 2.2;
  for (const s of [-1, 1]) {
    ctx.beginPath();
    ctx.moveTo(36 - s * 28, 62);
    ctx.lineTo(36 + s * 28, 8);
    ctx.stroke();
  }
  mapleLeaf(ctx, 36, 40, 34);
  ctx.fillStyle = ctx.createRadialGradient(36, 40, 3, 36, 36, 32);
  (ctx.fillStyle as CanvasGradient).addColorStop(0, '#ffb0a0');
  (ctx.fillStyle as CanvasGradient).addColorStop(0.5, p.main);
  (ctx.fillStyle as CanvasGradient).addColorStop(1, p.dark);
  ctx.fill();
  ctx.strokeStyle = '#ffd0c0';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = p.dark;
  ctx.fillRect(35.2, 44, 1.6, 24);
  bossFairy(ctx, p, null);
}

/** Shion: an aster (a ring of thin petals) with moth wings spread behind it. */
function bossShion(ctx: Ctx): void {
  const p = PAL.shion;
  bossBase(ctx, p);
  for (const s of [-1, 1]) {
    ctx.fillStyle = vgrad(ctx, 8, 64, [
      [0, p.light],
      [0.5, p.main],
      [1, p.dark],
    ]);
    ctx.beginPath();
    ctx.moveTo(36, 34);
    ctx.bezierCurveTo(36 + s * 14, 2, 36 + s * 36, 6, 36 + s * 33, 30);
    ctx.bezierCurveTo(36 + s * 30, 40, 36 + s * 16, 40, 36, 38);
    ctx.bezierCurveTo(36 + s * 24, 42, 36 + s * 28, 62, 36 + s * 14, 64);
    ctx.bezierCurveTo(36 + s * 6, 64, 36, 50, 36, 40);
    ctx.fill();
    disc(ctx, 36 + s * 22, 22, 5, p.dark);
    disc(ctx, 36 + s * 22, 22, 3, '#fff0c0');
    disc(ctx, 36 + s * 22, 22, 1.3, p.dark);
  }
  for (let k = 0; k < 20; k++) {
    const a = (k * TAU) / 20;
    ctx.fillStyle = k % 2 ? p.light : '#ffffff';
    ctx.beginPath();
    lock(ctx, 36 + 9 * Math.cos(a), 36 + 9 * Math.sin(a), 36 + 22 * Math.cos(a), 36 + 22 * Math.sin(a), 4, 0);
    ctx.fill();
  }
  disc(ctx, 36, 36, 10, '#ffd24a');
  bossFairy(ctx, p, '#f4ecff');
}

/** Kohaku: a honeycomb of amber cells with bee wings. */
function bossKohaku(ctx: Ctx): void {
  const p = PAL.kohaku;
  bossBase(ctx, p);
  ctx.globalAlpha = 0.75;
  for (const s of [-1, 1]) {
    oval(ctx, 36 + s * 20, 18, 15, 9, s * 0.5, '#fff8e0');
    oval(ctx, 36 + s * 22, 30, 11, 6, s * 0.2, '#fff8e0');
  }
  ctx.globalAlpha = 1;
  const cell = 8;
  const h = cell * Math.sqrt(3);
  for (let q = -2; q <= 2; q++)
    for (let r = -2; r <= 2; r++) {
      if (Math.abs(q + r) > 2) continue;
      const x = 36 + cell * 1.5 * q;
      const y = 38 + h * (r + q / 2);
      poly(ctx, ring(x, y, cell - 0.8, 6, 0));
      const g = ctx.createRadialGradient(x - 2, y - 2, 1, x, y, cell);
      g.addColorStop(0, p.light);
      g.addColorStop(0.6, p.main);
      g.addColorStop(1, p.dark);
      ctx.fillStyle = g;
      ctx.fill();
      ctx.strokeStyle = '#5a2e06';
      ctx.lineWidth = 1.2;
      ctx.stroke();
    }
  bossFairy(ctx, p, '#fff8e0');
}

/** Ruri: a lapis swallow, wings spread wide and tail forked, gold flecks. */
function bossRuri(ctx: Ctx): void {
  const p = PAL.ruri;
  bossBase(ctx, p);
  ctx.fillStyle = vgrad(ctx, 10, 68, [
    [0, p.light],
    [0.35, p.main],
    [1, p.dark],
  ]);
  ctx.beginPath();
  ctx.moveTo(36, 22);
  ctx.quadraticCurveTo(52, 24, 70, 12);
  ctx.quadraticCurveTo(60, 34, 44, 42);
  ctx.lineTo(52, 68);
  ctx.lineTo(36, 50);
  ctx.lineTo(20, 68);
  ctx.lineTo(28, 42);
  ctx.quadraticCurveTo(12, 34, 2, 12);
  ctx.quadraticCurveTo(20, 24, 36, 22);
  ctx.fill();
  ctx.strokeStyle = '#dbe8ff';
  ctx.lineWidth = 1;
  ctx.stroke();
  for (let k = 0; k < 14; k++) disc(ctx, 8 + ((k * 37) % 56), 16 + ((k * 23) % 44), 0.9, '#ffe27a');
  bossFairy(ctx, p, '#e0ecff');
}

/** Midori: a ring of bamboo stems and leaves, a kingfisher-blue sash. */
function bossMidori(ctx: Ctx): void {
  const p = PAL.midori;
  bossBase(ctx, p);
  for (let k = 0; k < 6; k++) {
    const a = (k * TAU) / 6 + Math.PI / 6;
    ctx.save();
    ctx.translate(36 + 23 * Math.cos(a), 36 + 23 * Math.sin(a));
    ctx.rotate(a + Math.PI / 2);
    ctx.fillStyle = vgrad(ctx, -12, 12, [
      [0, p.light],
      [0.5, p.main],
      [1, p.dark],
    ]);
    ctx.beginPath();
    ctx.roundRect(-3.5, -13, 7, 26, 3);
    ctx.fill();
    ctx.fillStyle = p.dark;
    ctx.fillRect(-3.5, -1, 7, 1.6);
    ctx.restore();
    ctx.fillStyle = p.main;
    ctx.beginPath();
    const b = a + TAU / 12;
    lock(ctx, 36 + 28 * Math.cos(b), 36 + 28 * Math.sin(b), 36 + 36 * Math.cos(b + 0.3), 36 + 36 * Math.sin(b + 0.3), 4, 1);
    ctx.fill();
  }
  bossFairy(ctx, p, '#e4fff0');
  ctx.fillStyle = '#2a9ad8';
  poly(ctx, [28, 40, 44, 40, 46, 43, 26, 43]);
  ctx.fill();
  ctx.fillStyle = '#ff8a30';
  poly(ctx, [33, 40, 39, 40, 38, 43, 34, 43]);
  ctx.fill();
}

// ── portraits (200×260, bust, transparent; head at (100, 95)) ──

/** Eyes: `open` scales the opening, `tilt` raises the outer corners, `lid` lowers the upper lid. */
interface EyeStyle {
  open: number;
  tilt: number;
  lid: number;
}

function eye(ctx: Ctx, ex: number, ey: number, s: number, p: Palette, st: EyeStyle): void {
  const top = ey - 11 * st.open;
  const outer = ey - st.tilt;
  const white = (c: Ctx): void => {
    c.beginPath();
    c.moveTo(ex - s * 10, ey + 1);
    c.quadraticCurveTo(ex, top, ex + s * 11, outer);
    c.quadraticCurveTo(ex + s * 3, ey + 11 * st.open, ex - s * 10, ey + 1);
  };
  ctx.save();
  white(ctx);
  ctx.fillStyle = '#fffaf6';
  ctx.fill();
  ctx.clip();
  const iy = ey + 0.5;
  const g = ctx.createLinearGradient(0, iy - 9, 0, iy + 9);
  g.addColorStop(0, p.eye[0]);
  g.addColorStop(0.5, p.eye[1]);
  g.addColorStop(0.85, '#ffffff');
  ctx.fillStyle = g;
  ctx.beginPath();
  ctx.ellipse(ex + s * 0.5, iy, 7.4, 9.8, 0, 0, TAU);
  ctx.fill();
  ctx.strokeStyle = p.eye[0];
  ctx.lineWidth = 1.1;
  ctx.stroke();
  oval(ctx, ex + s * 0.5, iy + 0.5, 3, 4.4, 0, INK);
  // The lid's shadow on the eye.
  ctx.fillStyle = 'rgba(60,20,60,0.22)';
  ctx.beginPath();
  ctx.ellipse(ex, top + 1, 14, 4.5, 0, 0, TAU);
  ctx.fill();
  disc(ctx, ex - 2.8, iy - 3.4, 2.8, '#ffffff');
  disc(ctx, ex + 2.6, iy + 4.4, 1.3, 'rgba(255,255,255,0.9)');
  ctx.restore();
  const lashTop = top + st.lid * 12;
  if (st.lid > 0) {
    // A heavy upper lid (sleepy eyes): skin over the top of the eye.
    ctx.fillStyle = SKIN;
    ctx.beginPath();
    ctx.moveTo(ex - s * 10.5, ey + 1);
    ctx.quadraticCurveTo(ex, top - 2, ex + s * 11.5, outer);
    ctx.quadraticCurveTo(ex, lashTop, ex - s * 10.5, ey + 1);
    ctx.fill();
  }
  ctx.fillStyle = INK;
  ctx.beginPath();
  ctx.moveTo(ex - s * 10.5, ey + 1.5);
  ctx.quadraticCurveTo(ex, lashTop - 1.5, ex + s * 11.5, outer - 0.5);
  ctx.lineTo(ex + s * 14, outer + 1.5 - st.tilt * 0.3);
  ctx.lineTo(ex + s * 11, outer + 1.2);
  ctx.quadraticCurveTo(ex, lashTop + 2.2, ex - s * 9.5, ey + 2.5);
  ctx.closePath();
  ctx.fill();
  // The lower lid: a short light stroke under the outer half only.
  ctx.strokeStyle = 'rgba(150,70,80,0.5)';
  ctx.lineWidth = 0.8;
  ctx.beginPath();
  ctx.moveTo(ex + s * 10, outer + 3);
  ctx.quadraticCurveTo(ex + s * 7, ey + 8 * st.open, ex + s * 1, ey + 9 * st.open);
  ctx.stroke();
}

function brow(ctx: Ctx, ex: number, ey: number, s: number, color: string, angry = 0): void {
  ctx.strokeStyle = color;
  ctx.lineWidth = 1.6;
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(ex - s * 8, ey - 15 + angry * 2);
  ctx.quadraticCurveTo(ex + s * 1, ey - 19, ex + s * 10, ey - 16 - angry);
  ctx.stroke();
  ctx.lineCap = 'butt';
}

type Mouth = 'smile' | 'grin' | 'calm' | 'small' | 'smirk';

/** The face: skin with soft shading, eyes, brows, nose, mouth, blush. */
function face(ctx: Ctx, p: Palette, st: EyeStyle, mouth: Mouth, angry = 0): void {
  // Neck, with the chin's shadow.
  ctx.fillStyle = vgrad(ctx, 130, 178, [
    [0, '#e0a494'],
    [0.35, SKIN_SHADE],
    [1, SKIN],
  ]);
  ctx.beginPath();
  ctx.moveTo(90, 128);
  ctx.lineTo(90, 170);
  ctx.quadraticCurveTo(100, 176, 110, 170);
  ctx.lineTo(110, 128);
  ctx.fill();
  layer(ctx, (l) => {
    l.fillStyle = SKIN;
    l.beginPath();
    l.moveTo(58, 82);
    l.bezierCurveTo(57, 114, 76, 141, 100, 150);
    l.bezierCurveTo(124, 141, 143, 114, 142, 82);
    l.quadraticCurveTo(142, 40, 100, 40);
    l.quadraticCurveTo(58, 40, 58, 82);
    l.fill();
    for (const x of [57, 143]) oval(l, x, 106, 5, 9, 0, SKIN);
    l.globalCompositeOperation = 'source-atop';
    // Shade at the sides and under the hair; light on the cheeks.
    const side = l.createLinearGradient(56, 0, 144, 0);
    side.addColorStop(0, 'rgba(225,150,140,0.55)');
    side.addColorStop(0.22, 'rgba(225,150,140,0)');
    side.addColorStop(0.78, 'rgba(225,150,140,0)');
    side.addColorStop(1, 'rgba(225,150,140,0.55)');
    l.fillStyle = side;
    l.fillRect(50, 40, 100, 120);
    l.fillStyle = vgrad(l, 82, 104, [
      [0, 'rgba(200,120,130,0.6)'],
      [1, 'rgba(200,120,130,0)'],
    ]);
    l.fillRect(50, 60, 100, 50);
    for (const x of [78, 122]) {
      const b = l.createRadialGradient(x, 125, 0, x, 125, 11);
      b.addColorStop(0, 'rgba(255,130,145,0.45)');
      b.addColorStop(1, 'rgba(255,130,145,0)');
      l.fillStyle = b;
      l.fillRect(x - 12, 113, 24, 24);
    }
  });
  for (const s of [-1, 1]) {
    brow(ctx, 100 + s * 18, 112, s, p.hair[2], angry);
    eye(ctx, 100 + s * 18, 112, s, p, st);
  }
  // Blush strokes and the nose.
  ctx.strokeStyle = 'rgba(230,110,120,0.5)';
  ctx.lineWidth = 0.9;
  for (const x of [74, 78, 82, 118, 122, 126]) {
    ctx.beginPath();
    ctx.moveTo(x + 1.5, 124);
    ctx.lineTo(x - 0.5, 127.5);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(190,110,100,0.8)';
  ctx.lineWidth = 1;
  ctx.beginPath();
  ctx.moveTo(101, 124);
  ctx.lineTo(99.5, 127);
  ctx.stroke();
  ctx.strokeStyle = '#9a3a44';
  ctx.lineWidth = 1.3;
  ctx.lineCap = 'round';
  ctx.beginPath();
  switch (mouth) {
    case 'smile':
      ctx.moveTo(94, 135);
      ctx.quadraticCurveTo(100, 140, 106, 135);
      ctx.stroke();
      break;
    case 'grin':
      ctx.fillStyle = '#b8404e';
      ctx.moveTo(92, 133.5);
      ctx.quadraticCurveTo(100, 135, 108, 133.5);
      ctx.quadraticCurveTo(106, 143, 100, 143);
      ctx.quadraticCurveTo(94, 143, 92, 133.5);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = '#ff9aa6';
      ctx.beginPath();
      ctx.ellipse(100, 140.5, 4, 2, 0, 0, TAU);
      ctx.fill();
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(95, 134.2, 10, 1.8);
      break;
    case 'calm':
      ctx.moveTo(96, 136);
      ctx.quadraticCurveTo(100, 138, 104, 136);
      ctx.stroke();
      break;
    case 'small':
      ctx.moveTo(98, 137);
      ctx.quadraticCurveTo(100, 138, 102, 137);
      ctx.stroke();
      break;
    case 'smirk':
      ctx.moveTo(95, 137);
      ctx.quadraticCurveTo(101, 138, 106, 134);
      ctx.stroke();
      break;
  }
  ctx.lineCap = 'butt';
}

/** Hair colouring: the gradient and, over the locks already painted on `l`, a glossy ring and dark roots. */
function hairFill(l: Ctx, p: Palette, y0 = 30, y1 = 250): CanvasGradient {
  return vgrad(l, y0, y1, [
    [0, p.hair[0]],
    [0.25, p.hair[1]],
    [1, p.hair[2]],
  ]);
}

function hairGloss(l: Ctx, p: Palette, y = 62, rx = 40): void {
  l.globalCompositeOperation = 'source-atop';
  l.strokeStyle = 'rgba(40,10,40,0.13)';
  l.lineWidth = 1;
  for (let k = -4; k <= 4; k++) {
    l.beginPath();
    l.moveTo(100 + k * 5, 44);
    l.quadraticCurveTo(100 + k * 12, 60, 100 + k * 11, 96);
    l.stroke();
  }
  l.strokeStyle = 'rgba(255,255,255,0.32)';
  l.lineWidth = 4;
  l.setLineDash([16, 3, 8, 3]);
  l.beginPath();
  l.ellipse(100, y + 12, rx, 14, 0, Math.PI * 1.12, Math.PI * 1.88);
  l.stroke();
  l.setLineDash([]);
  l.strokeStyle = `${p.hair[0]}aa`;
  l.lineWidth = 2;
  l.beginPath();
  l.ellipse(100, y + 16, rx + 4, 15, 0, Math.PI * 1.1, Math.PI * 1.9);
  l.stroke();
  l.globalCompositeOperation = 'source-over';
}

/** The crown of the head above the bangs (bottom edge at y 84, hidden by the bang tips). */
function crown(l: Ctx, w = 51): void {
  l.beginPath();
  l.ellipse(100, 88, w, 56, 0, Math.PI, TAU);
  l.closePath();
  l.fill();
}

/** Shoulders and chest: `fill` for the garment; returns nothing, the caller adds details. */
function torso(ctx: Ctx, fill: string | CanvasGradient, wide = 0): void {
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.moveTo(84, 166);
  ctx.quadraticCurveTo(40 - wide, 172, 26 - wide, 206);
  ctx.lineTo(16 - wide, 260);
  ctx.lineTo(184 + wide, 260);
  ctx.lineTo(174 + wide, 206);
  ctx.quadraticCurveTo(160 + wide, 172, 116, 166);
  ctx.closePath();
  ctx.fill();
}

/** Cloth shading over what `l` holds: light from the upper left, folds at the armpits. */
function clothShade(l: Ctx): void {
  l.globalCompositeOperation = 'source-atop';
  const g = l.createLinearGradient(20, 170, 180, 260);
  g.addColorStop(0, 'rgba(255,255,255,0.22)');
  g.addColorStop(0.5, 'rgba(255,255,255,0)');
  g.addColorStop(1, 'rgba(0,0,20,0.35)');
  l.fillStyle = g;
  l.fillRect(0, 150, 200, 110);
  l.globalCompositeOperation = 'source-over';
}

/** A five-petal flower (morning glory from the front, aster-like when `n` is large). */
function flower(ctx: Ctx, x: number, y: number, r: number, n: number, petal: string, centre: string, rot = 0): void {
  for (let k = 0; k < n; k++) {
    const a = rot + (k * TAU) / n;
    ctx.fillStyle = petal;
    ctx.beginPath();
    lock(ctx, x, y, x + r * Math.cos(a), y + r * Math.sin(a), (r * 5.5) / n + 1.5, 0);
    ctx.fill();
  }
  disc(ctx, x, y, r * 0.28, centre);
}

function portraitAsagi(ctx: Ctx): void {
  const p = PAL.asagi;
  // Back hair: a rounded bob to the jaw.
  layer(ctx, (l) => {
    l.fillStyle = hairFill(l, p, 30, 170);
    l.beginPath();
    l.moveTo(100, 36);
    l.bezierCurveTo(36, 36, 36, 110, 44, 156);
    l.quadraticCurveTo(70, 166, 100, 160);
    l.quadraticCurveTo(130, 166, 156, 156);
    l.bezierCurveTo(164, 110, 164, 36, 100, 36);
    l.fill();
  });
  layer(ctx, (l) => {
    // A pale yukata with teal lapels and morning glories, a white under-collar.
    torso(
      l,
      vgrad(l, 160, 260, [
        [0, '#f2fffd'],
        [1, '#a8dcd6'],
      ]),
    );
    l.fillStyle = '#ffffff';
    poly(l, [86, 164, 100, 206, 114, 164, 122, 168, 100, 222, 78, 168]);
    l.fill();
    l.fillStyle = p.main;
    poly(l, [78, 168, 100, 222, 94, 260, 80, 260, 84, 190]);
    l.fill();
    poly(l, [122, 168, 100, 222, 106, 260, 120, 260, 116, 190]);
    l.fill();
    // Morning-glory vines on the sleeves.
    l.strokeStyle = 'rgba(23,103,106,0.6)';
    l.lineWidth = 1.5;
    for (const s of [-1, 1]) {
      l.beginPath();
      l.moveTo(100 + s * 80, 210);
      l.bezierCurveTo(100 + s * 60, 230, 100 + s * 76, 245, 100 + s * 56, 258);
      l.stroke();
      flower(l, 100 + s * 66, 228, 9, 5, p.main, '#ffffff');
      flower(l, 100 + s * 52, 200, 6, 5, '#5aa0e0', '#ffffff');
    }
    // The obi's top edge.
    l.globalCompositeOperation = 'source-atop';
    l.fillStyle = '#f0d27a';
    l.fillRect(0, 250, 200, 10);
    clothShade(l);
  });
  face(ctx, p, { open: 1, tilt: 1.5, lid: 0 }, 'smile');
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 170);
    l.fillStyle = f;
    crown(l);
    locks(
      l,
      [
        [56, 70, 52, 150, 16, -6],
        [144, 70, 148, 150, 16, 6],
        [62, 66, 66, 128, 14, -4],
        [138, 66, 134, 128, 14, 4],
        [70, 56, 74, 104, 18, -3],
        [86, 52, 88, 106, 18, -2],
        [100, 50, 100, 102, 18, 0],
        [114, 52, 112, 106, 18, 2],
        [130, 56, 126, 104, 18, 3],
      ],
      f,
    );
    hairGloss(l, p);
  });
  // Morning-glory hair ornament with dew drops.
  glow(ctx, 56, 66, 18, p.light, 0.5);
  flower(ctx, 56, 66, 14, 5, '#e8fffc', p.main, -Math.PI / 2);
  ctx.fillStyle = 'rgba(63,201,192,0.55)';
  poly(ctx, ring(56, 66, 12, 5, -Math.PI / 2, 4));
  ctx.fill();
  disc(ctx, 56, 66, 3, '#ffffff');
  for (const [x, y] of [
    [48, 84],
    [52, 94],
  ] as const) {
    glow(ctx, x, y, 5, p.light, 0.8);
    oval(ctx, x, y, 2, 2.8, 0, '#f2fffe');
  }
}

function portraitKurenai(ctx: Ctx): void {
  const p = PAL.kurenai;
  // Back hair: a high ponytail sweeping down her right side to the bottom.
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 220);
    l.fillStyle = f;
    l.beginPath();
    l.moveTo(100, 38);
    l.bezierCurveTo(58, 38, 46, 100, 50, 200);
    l.lineTo(150, 200);
    l.bezierCurveTo(154, 100, 142, 38, 100, 38);
    l.fill();
    locks(
      l,
      [
        [128, 44, 170, 236, 34, -16],
        [136, 46, 184, 196, 20, -14],
        [124, 44, 152, 252, 22, -20],
      ],
      f,
    );
    hairGloss(l, p, 56, 38);
  });
  layer(ctx, (l) => {
    // A dark high-collared jacket with crimson trim.
    torso(
      l,
      vgrad(l, 160, 260, [
        [0, '#3a2230'],
        [1, '#180a12'],
      ]),
    );
    l.fillStyle = '#2a1420';
    l.beginPath();
    l.moveTo(84, 150);
    l.lineTo(116, 150);
    l.lineTo(120, 178);
    l.lineTo(100, 190);
    l.lineTo(80, 178);
    l.closePath();
    l.fill();
    l.strokeStyle = p.main;
    l.lineWidth = 3;
    l.beginPath();
    l.moveTo(80, 178);
    l.lineTo(100, 190);
    l.lineTo(120, 178);
    l.moveTo(100, 190);
    l.lineTo(100, 260);
    l.stroke();
    l.lineWidth = 2;
    l.beginPath();
    l.moveTo(84, 151);
    l.lineTo(116, 151);
    l.stroke();
    // Maple crest on the chest.
    l.fillStyle = p.main;
    mapleLeaf(l, 134, 214, 11);
    l.fill();
    clothShade(l);
  });
  face(ctx, p, { open: 0.85, tilt: 4, lid: 0 }, 'smirk', 1);
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 220);
    l.fillStyle = f;
    crown(l, 48);
    locks(
      l,
      [
        [62, 58, 56, 160, 14, -4],
        [138, 58, 144, 160, 14, 4],
        [66, 60, 70, 110, 16, -6],
        [80, 54, 84, 112, 14, -4],
        [96, 50, 98, 120, 14, -1],
        [108, 52, 106, 104, 14, 3],
        [122, 54, 124, 106, 16, 5],
        [136, 60, 134, 110, 16, 6],
      ],
      f,
    );
    hairGloss(l, p, 58, 40);
  });
  // Maple-leaf hairpin and the ponytail's tie.
  glow(ctx, 138, 58, 16, '#ff8060', 0.5);
  ctx.fillStyle = '#ff6a3a';
  mapleLeaf(ctx, 138, 58, 13);
  ctx.fill();
  ctx.strokeStyle = '#7a1422';
  ctx.lineWidth = 1;
  ctx.stroke();
  disc(ctx, 138, 58, 2.2, '#ffd0a0');
}

function portraitShion(ctx: Ctx): void {
  const p = PAL.shion;
  // Back hair: long soft waves to the bottom on both sides.
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 260);
    l.fillStyle = f;
    l.beginPath();
    l.moveTo(100, 36);
    l.bezierCurveTo(30, 36, 36, 120, 28, 170);
    l.bezierCurveTo(20, 210, 40, 230, 30, 260);
    l.lineTo(170, 260);
    l.bezierCurveTo(160, 230, 180, 210, 172, 170);
    l.bezierCurveTo(164, 120, 170, 36, 100, 36);
    l.fill();
  });
  layer(ctx, (l) => {
    // A pale dress under a shawl with moth-wing eye spots.
    torso(
      l,
      vgrad(l, 160, 260, [
        [0, '#f4eefc'],
        [1, '#b8a8d8'],
      ]),
    );
    for (const s of [-1, 1]) {
      l.fillStyle = vgrad(l, 170, 260, [
        [0, p.main],
        [1, p.dark],
      ]);
      l.beginPath();
      l.moveTo(100 + s * 16, 168);
      l.quadraticCurveTo(100 + s * 62, 170, 100 + s * 84, 214);
      l.lineTo(100 + s * 86, 260);
      l.lineTo(100 + s * 30, 260);
      l.quadraticCurveTo(100 + s * 36, 210, 100 + s * 16, 168);
      l.fill();
      disc(l, 100 + s * 56, 226, 10, p.light);
      disc(l, 100 + s * 56, 226, 6, p.dark);
      disc(l, 100 + s * 54, 224, 2, '#ffffff');
    }
    disc(l, 100, 196, 6, '#ffd24a');
    clothShade(l);
  });
  face(ctx, p, { open: 0.95, tilt: 0, lid: 0.45 }, 'small');
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 240);
    l.fillStyle = f;
    crown(l, 53);
    locks(
      l,
      [
        [56, 64, 46, 190, 18, -14],
        [144, 64, 154, 190, 18, 14],
        [64, 60, 66, 134, 14, -8],
        [136, 60, 134, 134, 14, 8],
        [74, 54, 82, 108, 18, -6],
        [92, 50, 96, 104, 16, -3],
        [108, 50, 104, 104, 16, 3],
        [126, 54, 118, 108, 18, 6],
      ],
      f,
    );
    hairGloss(l, p);
  });
  // A crown of small asters across the head.
  for (let k = 0; k < 7; k++) {
    const a = Math.PI * (1.15 + (k * 0.7) / 6);
    const x = 100 + 50 * Math.cos(a);
    const y = 84 + 44 * Math.sin(a);
    flower(ctx, x, y, 7 + (k % 2) * 2, 12, k % 2 ? '#f4ecff' : '#d8c0ff', '#ffd24a', k);
  }
}

function portraitKohaku(ctx: Ctx): void {
  const p = PAL.kohaku;
  // Back hair: short and fluffy, with two round buns.
  layer(ctx, (l) => {
    const f = hairFill(l, p, 20, 170);
    l.fillStyle = f;
    for (const s of [-1, 1]) {
      l.beginPath();
      l.arc(100 + s * 46, 48, 20, 0, TAU);
      l.fill();
    }
    l.beginPath();
    l.moveTo(100, 36);
    l.bezierCurveTo(40, 36, 38, 110, 48, 150);
    l.quadraticCurveTo(100, 166, 152, 150);
    l.bezierCurveTo(162, 110, 160, 36, 100, 36);
    l.fill();
    l.globalCompositeOperation = 'source-atop';
    l.strokeStyle = 'rgba(255,255,255,0.4)';
    l.lineWidth = 3;
    for (const s of [-1, 1]) {
      l.beginPath();
      l.arc(100 + s * 46, 48, 14, Math.PI * 1.1, Math.PI * 1.6);
      l.stroke();
    }
  });
  layer(ctx, (l) => {
    // Bee stripes under a round white collar; an amber pendant.
    torso(l, '#2a1a10', 6);
    l.globalCompositeOperation = 'source-atop';
    l.fillStyle = p.main;
    for (const y of [200, 230]) l.fillRect(0, y, 200, 14);
    clothShade(l);
  });
  layer(ctx, (l) => {
    l.fillStyle = '#fffaf0';
    for (const s of [-1, 1]) {
      l.beginPath();
      l.ellipse(100 + s * 20, 176, 26, 14, s * 0.25, 0, TAU);
      l.fill();
    }
    l.globalCompositeOperation = 'source-atop';
    l.fillStyle = 'rgba(200,160,120,0.35)';
    l.fillRect(0, 180, 200, 20);
  });
  ctx.fillStyle = ctx.createRadialGradient(98, 194, 1, 100, 196, 9);
  (ctx.fillStyle as CanvasGradient).addColorStop(0, '#fff2b0');
  (ctx.fillStyle as CanvasGradient).addColorStop(1, '#c86a10');
  poly(ctx, ring(100, 196, 8, 6, 0));
  ctx.fill();
  face(ctx, p, { open: 1.15, tilt: 0, lid: 0 }, 'grin');
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 170);
    l.fillStyle = f;
    crown(l, 52);
    locks(
      l,
      [
        [58, 70, 54, 138, 16, -8],
        [142, 70, 146, 138, 16, 8],
        [66, 58, 62, 106, 20, -8],
        [82, 52, 82, 100, 18, -5],
        [98, 50, 102, 104, 16, 4],
        [112, 52, 120, 98, 18, 5],
        [128, 56, 138, 104, 20, 8],
      ],
      f,
    );
    // A cowlick on top.
    locks(l, [[100, 44, 112, 24, 8, -4]], f);
    hairGloss(l, p);
  });
  // Honeycomb ornaments on the buns.
  for (const s of [-1, 1]) {
    ctx.fillStyle = '#fff0c0';
    poly(ctx, ring(100 + s * 50, 54, 7, 6, 0));
    ctx.fill();
    ctx.strokeStyle = '#8a4a0c';
    ctx.lineWidth = 1.4;
    ctx.stroke();
    poly(ctx, ring(100 + s * 50 + s * 9, 60, 5, 6, 0));
    ctx.fillStyle = '#ffd060';
    ctx.fill();
    ctx.stroke();
  }
}

function portraitRuri(ctx: Ctx): void {
  const p = PAL.ruri;
  // Back hair: short at the nape with two long forked tails (a swallow's) over the shoulders.
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 230);
    l.fillStyle = f;
    l.beginPath();
    l.moveTo(100, 36);
    l.bezierCurveTo(42, 36, 40, 100, 50, 146);
    l.quadraticCurveTo(100, 160, 150, 146);
    l.bezierCurveTo(160, 100, 158, 36, 100, 36);
    l.fill();
    locks(
      l,
      [
        [62, 120, 40, 226, 16, 6],
        [68, 120, 58, 236, 12, 2],
        [138, 120, 160, 226, 16, -6],
        [132, 120, 142, 236, 12, -2],
      ],
      f,
    );
  });
  layer(ctx, (l) => {
    // A navy sailor top: white collar with blue stripes, a gold star.
    torso(
      l,
      vgrad(l, 160, 260, [
        [0, '#2a4aa0'],
        [1, '#101c48'],
      ]),
    );
    l.fillStyle = '#f4f8ff';
    l.beginPath();
    l.moveTo(84, 166);
    l.quadraticCurveTo(50, 172, 36, 204);
    l.lineTo(80, 214);
    l.lineTo(100, 236);
    l.lineTo(120, 214);
    l.lineTo(164, 204);
    l.quadraticCurveTo(150, 172, 116, 166);
    l.lineTo(100, 200);
    l.closePath();
    l.fill();
    l.strokeStyle = p.main;
    l.lineWidth = 2;
    l.beginPath();
    l.moveTo(42, 200);
    l.lineTo(80, 209);
    l.lineTo(100, 230);
    l.lineTo(120, 209);
    l.lineTo(158, 200);
    l.stroke();
    l.fillStyle = '#e8404a';
    poly(l, [100, 206, 112, 222, 100, 244, 88, 222]);
    l.fill();
    for (let k = 0; k < 12; k++) disc(l, 30 + ((k * 53) % 140), 228 + ((k * 17) % 30), 0.9, '#ffe27a');
    clothShade(l);
  });
  face(ctx, p, { open: 0.95, tilt: 2.5, lid: 0.15 }, 'calm');
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 180);
    l.fillStyle = f;
    crown(l);
    // Bangs swept to her left, one long lock between the eyes.
    locks(
      l,
      [
        [58, 66, 56, 142, 16, -6],
        [142, 66, 146, 142, 16, 6],
        [70, 54, 62, 100, 20, 6],
        [90, 50, 76, 106, 22, 6],
        [108, 48, 98, 118, 16, 6],
        [122, 52, 118, 100, 20, 6],
        [136, 58, 138, 96, 16, 4],
      ],
      f,
    );
    hairGloss(l, p);
  });
  // Gold star clip.
  glow(ctx, 136, 70, 12, '#ffe27a', 0.6);
  ctx.fillStyle = '#ffd84a';
  poly(ctx, ring(136, 70, 8, 5, -Math.PI / 2, 3.4));
  ctx.fill();
  ctx.strokeStyle = '#9a6a10';
  ctx.lineWidth = 0.8;
  ctx.stroke();
}

function portraitMidori(ctx: Ctx): void {
  const p = PAL.midori;
  // Back hair: a side ponytail over her left shoulder.
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 250);
    l.fillStyle = f;
    l.beginPath();
    l.moveTo(100, 36);
    l.bezierCurveTo(42, 36, 42, 100, 50, 150);
    l.quadraticCurveTo(100, 160, 150, 150);
    l.bezierCurveTo(158, 100, 158, 36, 100, 36);
    l.fill();
  });
  layer(ctx, (l) => {
    // A jade haori with bamboo-node stripes, a white inner collar, an orange cord.
    torso(
      l,
      vgrad(l, 160, 260, [
        [0, p.main],
        [1, p.dark],
      ]),
    );
    l.globalCompositeOperation = 'source-atop';
    l.strokeStyle = 'rgba(20,70,35,0.55)';
    l.lineWidth = 2;
    for (let x = 24; x <= 176; x += 18) {
      l.beginPath();
      l.moveTo(x, 180);
      l.lineTo(x + (x - 100) * 0.08, 260);
      l.stroke();
      for (const y of [206 + (x % 36), 240 - (x % 36) / 2]) {
        l.beginPath();
        l.moveTo(x - 4, y);
        l.lineTo(x + 4, y);
        l.stroke();
      }
    }
    l.globalCompositeOperation = 'source-over';
    l.fillStyle = '#f4fff6';
    poly(l, [86, 164, 100, 204, 114, 164, 120, 168, 100, 216, 80, 168]);
    l.fill();
    l.strokeStyle = '#ff8a30';
    l.lineWidth = 2.5;
    l.beginPath();
    l.moveTo(78, 206);
    l.quadraticCurveTo(100, 218, 122, 206);
    l.stroke();
    disc(l, 100, 214, 3.5, '#ff8a30');
    clothShade(l);
  });
  face(ctx, p, { open: 1, tilt: 1, lid: 0.1 }, 'calm');
  layer(ctx, (l) => {
    const f = hairFill(l, p, 30, 250);
    l.fillStyle = f;
    crown(l);
    locks(
      l,
      [
        // The ponytail, from its tie above her left ear down over the shoulder.
        [54, 74, 40, 236, 28, -10],
        [58, 76, 66, 226, 18, 8],
        [142, 68, 144, 138, 14, 5],
        [68, 56, 72, 104, 18, -3],
        [84, 52, 90, 108, 18, -2],
        [102, 50, 104, 100, 18, 2],
        [118, 52, 124, 106, 18, 4],
        [134, 58, 134, 100, 16, 5],
      ],
      f,
    );
    hairGloss(l, p);
  });
  // Bamboo-leaf tie and a kingfisher feather.
  ctx.fillStyle = '#2e8a48';
  for (const [a, len] of [
    [-2.4, 20],
    [-1.8, 24],
    [-3.0, 16],
  ] as const) {
    ctx.beginPath();
    lock(ctx, 54, 76, 54 + len * Math.cos(a), 76 + len * Math.sin(a), 7, 1.5);
    ctx.fill();
  }
  ctx.fillStyle = '#2a9ad8';
  ctx.beginPath();
  lock(ctx, 56, 78, 30, 96, 8, -3);
  ctx.fill();
  ctx.fillStyle = '#ff8a30';
  ctx.beginPath();
  lock(ctx, 56, 78, 36, 90, 3, -1.5);
  ctx.fill();
  disc(ctx, 55, 77, 4, '#ff8a30');
}

// ── the recipe lists ──

const SHIPS: Record<CharacterArtId, (ctx: Ctx) => void> = {
  asagi: shipAsagi,
  kurenai: shipKurenai,
  shion: shipShion,
  kohaku: shipKohaku,
  ruri: shipRuri,
  midori: shipMidori,
};

const BOSSES: Record<CharacterArtId, (ctx: Ctx) => void> = {
  asagi: bossAsagi,
  kurenai: bossKurenai,
  shion: bossShion,
  kohaku: bossKohaku,
  ruri: bossRuri,
  midori: bossMidori,
};

const PORTRAITS: Record<CharacterArtId, (ctx: Ctx) => void> = {
  asagi: portraitAsagi,
  kurenai: portraitKurenai,
  shion: portraitShion,
  kohaku: portraitKohaku,
  ruri: portraitRuri,
  midori: portraitMidori,
};

/** The maze-scale icons: small, so they join the main pack (sprites.ts adds them to SPRITES). */
export const CHARACTER_ICONS: Recipe[] = CHARACTER_ART_IDS.map((id) => ({
  key: charIconKey(id),
  w: 16,
  h: 18,
  draw: (ctx: Ctx) => icon(ctx, PAL[id], ICON_HULLS[id]),
}));

/** The character pack: ships, bosses and portraits, loaded on demand (src/art/character-art.ts). */
export const CHARACTER_ART: Recipe[] = CHARACTER_ART_IDS.flatMap((id) => [
  { key: charShipKey(id), w: 40, h: 48, draw: SHIPS[id] },
  { key: bossKey(id), w: 72, h: 72, draw: BOSSES[id] },
  { key: portraitKey(id), w: 200, h: 260, draw: PORTRAITS[id] },
]);

/** Each character's theme colour as drawn (the roster's `color`; a test keeps them equal). */
export const CHARACTER_ART_COLORS: Record<CharacterArtId, string> = Object.fromEntries(
  CHARACTER_ART_IDS.map((id) => [id, PAL[id].main]),
) as Record<CharacterArtId, string>;
