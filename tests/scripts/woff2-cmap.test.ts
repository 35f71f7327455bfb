// The WOFF2/cmap reader (scripts/woff2-cmap.ts) on known values: a WOFF2 file and cmap tables built
// here byte by byte, and the bundled fonts.
import { readFileSync } from 'node:fs';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cmapCodePoints, missingChars, woff2CodePoints, woff2Tables } from '../../scripts/woff2-cmap';

const u16 = (...v: number[]) => Buffer.concat(v.map((x) => Buffer.from([x >> 8, x & 0xff])));
const u32 = (...v: number[]) => Buffer.concat(v.map((x) => Buffer.from([x >>> 24, (x >> 16) & 0xff, (x >> 8) & 0xff, x & 0xff])));

/** A cmap with a format 4 subtable (3/1: 'A'–'C' by delta, 'a'–'b' through glyphIdArray, 'b' unmapped) and a format 12 one (3/10). */
function cmap(): Buffer {
  const f4 = Buffer.concat([
    u16(4, 0, 0, 6, 4, 1, 2), // format, length, language, segCountX2 = 6 (3 segments), search fields
    u16(0x43, 0x62, 0xffff), // endCode
    u16(0),
    u16(0x41, 0x61, 0xffff), // startCode
    u16(10 - 0x41, 0, 1), // idDelta: 'A' → glyph 10
    u16(0, 4, 0), // idRangeOffset: segment 1 reads glyphIdArray[0..1] (2 words past its own slot to the array)
    u16(7, 0), // glyphIdArray: 'a' → 7, 'b' → 0 (.notdef: not mapped)
  ]);
  f4.writeUInt16BE(f4.length, 2);
  const f12 = Buffer.concat([u16(12, 0), u32(40, 0, 2), u32(0x3042, 0x3044, 20), u32(0x1f600, 0x1f600, 30)]);
  return Buffer.concat([u16(0, 2), u16(3, 1), u32(20), u16(3, 10), u32(20 + f4.length), f4, f12]);
}

/** A WOFF2 file of two tables: cmap (known tag 0) and an arbitrary-tag table of 300 bytes (a 2-byte UIntBase128 length). */
function woff2(): Buffer {
  const c = cmap();
  const other = Buffer.alloc(300, 7);
  const dir = Buffer.concat([Buffer.from([0]), Buffer.from([c.length]), Buffer.from([63]), Buffer.from('Zzzz'), Buffer.from([0x82, 0x2c])]);
  const data = brotliCompressSync(Buffer.concat([c, other]));
  const header = Buffer.concat([Buffer.from('wOF2'), u32(0x00010000, 0), u16(2, 0), u32(0, data.length), u16(1, 0), u32(0, 0, 0, 0, 0)]);
  return Buffer.concat([header, dir, data]);
}

describe('the WOFF2 cmap reader (scripts/woff2-cmap.ts)', () => {
  it('reads format 4 (delta and glyphIdArray segments) and format 12 subtables, without .notdef mappings', () => {
    expect([...cmapCodePoints(cmap())].sort((a, b) => a - b)).toEqual([0x41, 0x42, 0x43, 0x61, 0x3042, 0x3043, 0x3044, 0x1f600]);
  });

  it('finds the tables of a WOFF2 file after a directory of known and spelled-out tags', () => {
    const t = woff2Tables(woff2());
    expect([...t.keys()]).toEqual(['cmap', 'Zzzz']);
    expect(t.get('Zzzz')!.length).toBe(300);
    expect(missingChars('ABCabあ😀!', woff2CodePoints(woff2()))).toBe('b!');
    expect(() => woff2Tables(cmap())).toThrow(/not a WOFF2/);
  });

  it('sees the bundled Latin subset cover A and not あ, the Japanese one both', () => {
    const sans = woff2CodePoints(readFileSync('public/fonts/twinfield-sans.woff2'));
    expect(sans.has(0x41)).toBe(true);
    expect(sans.has(0x3042)).toBe(false);
    const jp = woff2CodePoints(readFileSync('public/fonts/twinfield-jp.woff2'));
    expect(jp.has(0x41) && jp.has(0x3042) && jp.has(0x30a2)).toBe(true);
    expect(jp.has(0x4e00 + 0x5000)).toBe(false); // a rare ideograph (U+9E00) the game never shows
  });
});
