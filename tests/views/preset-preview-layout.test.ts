// The preset editor's preview layout: one field or two fill the space beside the panel, keep the
// field's shape, and leave room for the readouts and the "vs references" text without overlap.
import { describe, expect, it } from 'vitest';
import { FIELD_H, FIELD_W } from '../../src/sim/constants';
import type { FieldRect } from '../../src/views/layout';
import { previewLayout } from '../../src/views/preset-preview-layout';

const area: FieldRect = { x: 314, y: 52, w: 638, h: 480 };
const sizes = { readoutH: 117, readoutW: 180, lineH: 19.5 };
const inside = (r: FieldRect) =>
  r.x >= area.x && r.y >= area.y && r.x + r.w <= area.x + area.w + 1e-9 && r.y + r.h <= area.y + area.h + 1e-9;
const apart = (a: FieldRect, b: FieldRect) => a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;

describe('previewLayout', () => {
  it('one field as tall as the space, the readouts and the figure in a column beside it', () => {
    const l = previewLayout(1, area, sizes);
    const f = l.fields[0]!;
    expect(f.h).toBe(area.h);
    expect(f.w / f.h).toBeCloseTo(FIELD_W / FIELD_H, 2);
    expect(f.w / area.w).toBeGreaterThanOrEqual(0.6);
    const readouts = { ...l.readouts[0]!, h: sizes.readoutH };
    const vs = { ...l.vs, h: 4 * sizes.lineH };
    expect(l.vs.layout).toBe('column');
    expect(readouts.w).toBeGreaterThanOrEqual(sizes.readoutW);
    for (const r of [f, readouts, vs]) expect(inside(r)).toBe(true);
    expect(apart(f, readouts) && apart(f, vs) && apart(readouts, vs)).toBe(true);
  });

  it('A/B: two fields side by side, readouts under each, the figure on one line under both', () => {
    const l = previewLayout(2, area, sizes);
    const [a, b] = l.fields as [FieldRect, FieldRect];
    expect(a.w).toBe(b.w);
    expect((a.w + b.w) / area.w).toBeGreaterThanOrEqual(0.6);
    const texts = [...l.readouts.map((r) => ({ ...r, h: sizes.readoutH })), { ...l.vs, h: sizes.lineH }];
    expect(l.vs.layout).toBe('line');
    const all = [a, b, ...texts];
    for (const r of all) expect(inside(r)).toBe(true);
    for (let i = 0; i < all.length; i++) for (let j = i + 1; j < all.length; j++) expect(apart(all[i]!, all[j]!)).toBe(true);
  });
});
