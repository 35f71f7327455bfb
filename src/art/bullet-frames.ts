// The bullet sheet's layout (public/media/sprites/bullets.png, built from assets/art/sprites.ts):
// one row per shape, one column per palette colour.
export const BULLET_CELL = 40;
export const SHAPE_COUNT = 5;
export const bulletFrame = (shape: number, color: number): string => `b${shape}_${color}`;
