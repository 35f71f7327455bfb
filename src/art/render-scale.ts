// High-DPI: the game draws into a canvas `scale` times its logical 960×540 size (1 or 2, chosen at
// start from the screen's pixel ratio and how large the game appears) and every scene camera zooms
// by `scale` (scenes/hidpi-plugin.ts), so shapes, text and sprites (drawn from the 2× art set,
// art-sets.ts) stay sharp on a 2× screen. Game code keeps working in logical units; only a pointer's
// raw x/y are canvas pixels: read them through toLogical.

export const renderScale = { value: 1 };

/**
 * The scale for a window: device pixels per logical unit when the game is fitted into it, rounded
 * to 1 or 2 (above 2 the gain is small and the fill cost is not).
 */
export function chooseRenderScale(devicePixelRatio: number, viewW: number, viewH: number, gameW: number, gameH: number): 1 | 2 {
  const fit = Math.min(viewW / gameW, viewH / gameH);
  const px =
    (Number.isFinite(devicePixelRatio) && devicePixelRatio > 0 ? devicePixelRatio : 1) * (Number.isFinite(fit) && fit > 0 ? fit : 1);
  return px > 1.25 ? 2 : 1;
}

/** A pointer's position (canvas pixels) in logical game units. */
export function toLogical(p: { x: number; y: number }): { x: number; y: number } {
  return { x: p.x / renderScale.value, y: p.y / renderScale.value };
}
