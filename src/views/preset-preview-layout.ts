// Where the preset editor's live preview goes in the space beside its panel (logical 960×540 units):
// one field as tall as the space with its readouts in a column to its right, or two fields (A/B)
// side by side as wide as the space allows, each with its readouts under it and the "vs references"
// line under both. The fields keep their 384×448 shape.
import { FIELD_H, FIELD_W } from '../sim/constants';
import type { FieldRect } from './layout';

/** Space between a field and the text beside or under it, and between the two fields. */
export const PREVIEW_GAP = 12;

export interface PreviewTextSizes {
  /** Height of one preview's readout block. */
  readoutH: number;
  /** Width the readout column needs beside a single field. */
  readoutW: number;
  /** Height of one line of readout text (the "vs references" line under two fields). */
  lineH: number;
}

export interface PreviewLayout {
  /** Field scale: screen units per field unit. */
  zoom: number;
  fields: FieldRect[];
  /** Top-left of each field's readouts and the width they may wrap at. */
  readouts: { x: number; y: number; w: number }[];
  /** The "vs references" text: under the readouts in the column (one reference a line), or one line under both fields. */
  vs: { x: number; y: number; w: number; layout: 'line' | 'column' };
}

/** The preview of `n` fields (1 or 2) in `area`, as large as fits with the text beside or under it. */
export function previewLayout(n: 1 | 2, area: FieldRect, t: PreviewTextSizes): PreviewLayout {
  const g = PREVIEW_GAP;
  if (n === 1) {
    const zoom = Math.min(area.h / FIELD_H, (area.w - g - t.readoutW) / FIELD_W);
    const w = Math.floor(FIELD_W * zoom);
    const h = Math.floor(FIELD_H * zoom);
    const x = area.x + w + g;
    const cw = area.x + area.w - x;
    return {
      zoom,
      fields: [{ x: area.x, y: area.y, w, h }],
      readouts: [{ x, y: area.y, w: cw }],
      vs: { x, y: area.y + t.readoutH + 2 * g, w: cw, layout: 'column' },
    };
  }
  const zoom = Math.min((area.w - g) / 2 / FIELD_W, (area.h - 2 * g - t.readoutH - t.lineH) / FIELD_H);
  const w = Math.floor(FIELD_W * zoom);
  const h = Math.floor(FIELD_H * zoom);
  const fields = [0, 1].map((i) => ({ x: area.x + i * (w + g), y: area.y, w, h }));
  const ty = area.y + h + g;
  return {
    zoom,
    fields,
    readouts: fields.map((f) => ({ x: f.x, y: ty, w })),
    vs: { x: area.x, y: ty + t.readoutH + g, w: area.w, layout: 'line' },
  };
}
