// Screen layout: two 384×448 fields side by side with the HUD around them.
import { FIELD_H, FIELD_W } from '../sim/constants';

export const GAME_W = 960;
export const GAME_H = 540;
export const FIELD_TOP = 62;

export interface FieldRect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Where each field sits on screen: two fields for versus, one centred field for practice. */
export function fieldRects(sides: number): FieldRect[] {
  if (sides === 1) return [{ x: (GAME_W - FIELD_W) / 2, y: FIELD_TOP, w: FIELD_W, h: FIELD_H }];
  return [
    { x: 24, y: FIELD_TOP, w: FIELD_W, h: FIELD_H },
    { x: GAME_W - 24 - FIELD_W, y: FIELD_TOP, w: FIELD_W, h: FIELD_H },
  ];
}

/** Each field's private world region: far apart so no camera ever sees two. */
export function fieldWorldX(side: number): number {
  return 10000 * (side + 1);
}
