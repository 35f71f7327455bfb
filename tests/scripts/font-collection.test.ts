// Taking one face out of a font collection (scripts/font-collection.ts), on a collection built here:
// two faces sharing a table, each with its own name table.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractFace, faceFamilies, faceIndex, faceNames } from '../../scripts/font-collection';

const u16 = (...v: number[]) => Buffer.concat(v.map((x) => Buffer.from([x >> 8, x & 0xff])));
const u32 = (...v: number[]) => Buffer.concat(v.map((x) => Buffer.from([x >>> 24, (x >> 16) & 0xff, (x >> 8) & 0xff, x & 0xff])));

/** A name table with names 1 (family) and 2 (style), Windows Unicode (UTF-16BE). */
function nameTable(family: string, style: string): Buffer {
  const utf16be = (s: string) => Buffer.from(s, 'utf16le').swap16();
  const [f, s] = [utf16be(family), utf16be(style)];
  return Buffer.concat([u16(0, 2, 6 + 24), u16(3, 1, 0x409, 1, f.length, 0), u16(3, 1, 0x409, 2, s.length, f.length), f, s]);
}

/** A collection of faces, each [tag, data] tables; tables with the same data object are stored once. */
function collection(faces: [string, Buffer][][]): Buffer {
  const dirs = faces.map((t) => 12 + 16 * t.length);
  let at = 12 + 4 * faces.length + dirs.reduce((a, b) => a + b, 0);
  const stored = new Map<Buffer, number>();
  const data: Buffer[] = [];
  for (const face of faces)
    for (const [, d] of face)
      if (!stored.has(d)) {
        stored.set(d, at);
        const padded = Buffer.concat([d, Buffer.alloc((4 - (d.length % 4)) % 4)]);
        data.push(padded);
        at += padded.length;
      }
  let dirAt = 12 + 4 * faces.length;
  const offsets: number[] = [];
  const tables = faces.map((face, i) => {
    offsets.push(dirAt);
    dirAt += dirs[i]!;
    return Buffer.concat([
      u32(0x4f54544f),
      u16(face.length, 0, 0, 0),
      ...face.map(([tag, d]) => Buffer.concat([Buffer.from(tag), u32(0xdeadbeef, stored.get(d)!, d.length)])),
    ]);
  });
  return Buffer.concat([Buffer.from('ttcf'), u32(0x00010000, faces.length, ...offsets), ...tables, ...data]);
}

const shared = Buffer.from('glyphs shared by both faces');
const ttc = collection([
  [
    ['CFF ', shared],
    ['name', nameTable('Test Sans KR', 'Regular')],
  ],
  [
    ['CFF ', shared],
    ['cmap', Buffer.from('jp cmap')],
    ['name', nameTable('Test Sans JP', 'Regular')],
  ],
]);

describe('font collections (scripts/font-collection.ts)', () => {
  it('names the faces and finds one by family', () => {
    expect(faceFamilies(ttc)).toEqual(['Test Sans KR', 'Test Sans JP']);
    expect(faceNames(ttc, 2)).toEqual(['Regular', 'Regular']);
    expect(faceIndex(ttc, 'Test Sans JP')).toBe(1);
    expect(() => faceIndex(ttc, 'Test Sans SC')).toThrow(/no face 'Test Sans SC'.*Test Sans KR, Test Sans JP/);
  });

  it('takes a face out as a font of its own with the same tables, 4-byte aligned', () => {
    const face = extractFace(ttc, 1);
    expect(face.readUInt32BE(0)).toBe(0x4f54544f);
    expect(face.readUInt16BE(4)).toBe(3);
    const tables = Array.from({ length: 3 }, (_, i) => {
      const r = 12 + 16 * i;
      const [offset, length] = [face.readUInt32BE(r + 8), face.readUInt32BE(r + 12)];
      expect(offset % 4).toBe(0);
      return [face.toString('latin1', r, r + 4), face.toString('latin1', offset, offset + length)];
    });
    expect(tables).toEqual([
      ['CFF ', 'glyphs shared by both faces'],
      ['cmap', 'jp cmap'],
      ['name', nameTable('Test Sans JP', 'Regular').toString('latin1')],
    ]);
    expect(faceFamilies(face)).toEqual(['Test Sans JP']);
    expect(() => extractFace(ttc, 2)).toThrow(/face 2/);
  });

  const NOTO = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  it.skipIf(!existsSync(NOTO))('finds the JP face of the Noto Sans CJK collection the build subsets (where installed)', () => {
    expect(faceIndex(readFileSync(NOTO), 'Noto Sans CJK JP')).toBe(0);
  });
});
