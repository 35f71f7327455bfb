// Perception for maze enemies (seed 003, "How the AI perceives"): an enemy sees the player when the
// player is inside its vision cone (the angle between its facing and the line to the player is at
// most the half-angle of view) and within range, and no wall lies on the line between them (a ray cast
// through the tile grid). Hearing is a plain radius check, optionally blocked by walls too.
// Pure and allocation-free; positions in cell units, facing a unit vector, angles given by their
// cosine (no trigonometry: cos 60° = 0.5 is a 120° cone).

import type { TileGrid } from '../geom/grid';

export interface VisionCone {
  /** cos of the half-angle of view: 1 = a ray, 0 = a half-plane (180° cone), -1 = all round. */
  cosHalfAngle: number;
  /** Maximum distance seen, cells. */
  range: number;
}

function wallAt(g: TileGrid, cx: number, cy: number): boolean {
  return cx < 0 || cy < 0 || cx >= g.width || cy >= g.height || g.walls[cy * g.width + cx] !== 0;
}

/**
 * True when the segment from (x0, y0) to (x1, y1) crosses no wall cell (grid traversal after
 * Amanatides & Woo: every cell the segment passes through is visited). When the segment passes exactly
 * through a cell corner it is blocked only if both cells beside the corner are walls (a diagonal gap
 * between two walls is closed; grazing one wall corner is not). The end cells count too.
 */
export function lineOfSight(g: TileGrid, x0: number, y0: number, x1: number, y1: number): boolean {
  let cx = Math.floor(x0);
  let cy = Math.floor(y0);
  const ex = Math.floor(x1);
  const ey = Math.floor(y1);
  if (wallAt(g, cx, cy)) return false;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const stepX = dx > 0 ? 1 : dx < 0 ? -1 : 0;
  const stepY = dy > 0 ? 1 : dy < 0 ? -1 : 0;
  const tDeltaX = stepX !== 0 ? Math.abs(1 / dx) : Infinity;
  const tDeltaY = stepY !== 0 ? Math.abs(1 / dy) : Infinity;
  let tMaxX = stepX > 0 ? (cx + 1 - x0) / dx : stepX < 0 ? (cx - x0) / dx : Infinity;
  let tMaxY = stepY > 0 ? (cy + 1 - y0) / dy : stepY < 0 ? (cy - y0) / dy : Infinity;
  const maxSteps = Math.abs(ex - cx) + Math.abs(ey - cy) + 2;
  for (let i = 0; i < maxSteps && (cx !== ex || cy !== ey); i++) {
    if (tMaxX > 1 && tMaxY > 1) break;
    if (tMaxX === tMaxY) {
      // Through a corner: the two side cells, then the diagonal one.
      if (wallAt(g, cx + stepX, cy) && wallAt(g, cx, cy + stepY)) return false;
      cx += stepX;
      cy += stepY;
      tMaxX += tDeltaX;
      tMaxY += tDeltaY;
    } else if (tMaxX < tMaxY) {
      cx += stepX;
      tMaxX += tDeltaX;
    } else {
      cy += stepY;
      tMaxY += tDeltaY;
    }
    if (wallAt(g, cx, cy)) return false;
  }
  return true;
}

/** True when (tx, ty) lies within the cone (apex (x, y), unit facing (fx, fy)); distance not checked. */
export function inCone(x: number, y: number, fx: number, fy: number, tx: number, ty: number, cosHalfAngle: number): boolean {
  const dx = tx - x;
  const dy = ty - y;
  const d2 = dx * dx + dy * dy;
  if (d2 === 0) return true;
  const dot = dx * fx + dy * fy;
  // dot / |d| >= cosHalfAngle, without dividing or square-rooting where the sign decides.
  if (cosHalfAngle >= 0) return dot >= 0 && dot * dot >= cosHalfAngle * cosHalfAngle * d2;
  return dot >= 0 || dot * dot <= cosHalfAngle * cosHalfAngle * d2;
}

/** Vision: within range, inside the cone, and in line of sight through the tile grid. */
export function canSee(g: TileGrid, x: number, y: number, fx: number, fy: number, tx: number, ty: number, cone: VisionCone): boolean {
  const dx = tx - x;
  const dy = ty - y;
  if (dx * dx + dy * dy > cone.range * cone.range) return false;
  if (!inCone(x, y, fx, fy, tx, ty, cone.cosHalfAngle)) return false;
  return lineOfSight(g, x, y, tx, ty);
}

/** Hearing: within `radius` cells; with `throughWalls` false the sound also needs a clear line. */
export function canHear(g: TileGrid, x: number, y: number, tx: number, ty: number, radius: number, throughWalls = true): boolean {
  const dx = tx - x;
  const dy = ty - y;
  if (dx * dx + dy * dy > radius * radius) return false;
  return throughWalls || lineOfSight(g, x, y, tx, ty);
}

export interface PerceptionOptions {
  cone: VisionCone;
  /** Hearing radius, cells (0 = deaf). Default 0. */
  hearing?: number;
  hearThroughWalls?: boolean;
}

/** Seen or heard. */
export function perceives(
  g: TileGrid,
  x: number,
  y: number,
  fx: number,
  fy: number,
  tx: number,
  ty: number,
  p: PerceptionOptions,
): boolean {
  if (canSee(g, x, y, fx, fy, tx, ty, p.cone)) return true;
  const h = p.hearing ?? 0;
  return h > 0 && canHear(g, x, y, tx, ty, h, p.hearThroughWalls ?? true);
}
