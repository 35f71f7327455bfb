// Reads which characters a font maps (its cmap table), from a WOFF2 file or a plain sfnt table, with
// nothing but node:zlib. WOFF2 (W3C WOFF2 §4–5): a 48-byte header, a table directory (flags, an
// optional tag, lengths as UIntBase128), then one Brotli stream with every table's data in directory
// order; only glyf, loca and hmtx are ever transformed, so cmap is stored as is. Used by the tests that
// hold the bundled fonts to the text they must show (tests/scripts/font-text.test.ts).
import { brotliDecompressSync } from 'node:zlib';

/** The known-tag table of WOFF2 §5.1 (a table's flags hold its index, 63 = the tag follows). */
const KNOWN_TAGS = (
  'cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx ' +
  'BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty ' +
  'just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill'
)
  .match(/.{4}(?: |$)/g)!
  .map((t) => t.slice(0, 4));

/** The tables of a WOFF2 font, decompressed (a transformed glyf, loca or hmtx stays in its transformed form). */
export function woff2Tables(file: Uint8Array): Map<string, Uint8Array> {
  const b = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  if (b.toString('latin1', 0, 4) !== 'wOF2') throw new Error('not a WOFF2 file (no wOF2 signature)');
  if (b.toString('latin1', 4, 8) === 'ttcf') throw new Error('WOFF2 font collections are not supported');
  const numTables = b.readUInt16BE(12);
  const compressedSize = b.readUInt32BE(20);
  let p = 48;
  const base128 = (): number => {
    let v = 0;
    for (let i = 0; i < 5; i++) {
      const x = b[p++]!;
      if (i === 0 && x === 0x80) throw new Error('UIntBase128 with a leading zero');
      v = v * 128 + (x & 0x7f);
      if (!(x & 0x80)) return v;
    }
    throw new Error('UIntBase128 longer than 5 bytes');
  };
  const dir: { tag: string; length: number }[] = [];
  for (let i = 0; i < numTables; i++) {
    const flags = b[p++]!;
    let tag = KNOWN_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = b.toString('latin1', p, p + 4);
      p += 4;
    }
    if (tag === undefined) throw new Error(`unknown table tag index ${flags & 0x3f}`);
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed at version 0, every other table at a non-zero version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    dir.push({ tag, length: transformed ? base128() : origLength });
  }
  const data = brotliDecompressSync(b.subarray(p, p + compressedSize));
  const tables = new Map<string, Uint8Array>();
  let at = 0;
  for (const t of dir) {
    tables.set(t.tag, data.subarray(at, at + t.length));
    at += t.length;
  }
  if (at !== data.length) throw new Error(`table lengths (${at}) do not add up to the decompressed data (${data.length})`);
  return tables;
}

/** The code points a cmap table maps to a glyph other than .notdef (its Unicode subtables of format 4 and 12). */
export function cmapCodePoints(cmap: Uint8Array): Set<number> {
  const b = Buffer.from(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const out = new Set<number>();
  const seen = new Set<number>();
  const n = b.readUInt16BE(2);
  for (let i = 0; i < n; i++) {
    const platform = b.readUInt16BE(4 + 8 * i);
    const encoding = b.readUInt16BE(6 + 8 * i);
    const off = b.readUInt32BE(8 + 8 * i);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode || seen.has(off)) continue;
    seen.add(off);
    const format = b.readUInt16BE(off);
    if (format === 4) {
      const segs = b.readUInt16BE(off + 6) / 2;
      const ends = off + 14;
      const starts = ends + 2 * segs + 2;
      const deltas = starts + 2 * segs;
      const rangeOffsets = deltas + 2 * segs;
      for (let s = 0; s < segs; s++) {
        const end = b.readUInt16BE(ends + 2 * s);
        const start = b.readUInt16BE(starts + 2 * s);
        const delta = b.readUInt16BE(deltas + 2 * s);
        const ro = b.readUInt16BE(rangeOffsets + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let g: number;
          if (ro === 0) g = (c + delta) & 0xffff;
          else {
            g = b.readUInt16BE(rangeOffsets + 2 * s + ro + 2 * (c - start));
            if (g !== 0) g = (g + delta) & 0xffff;
          }
          if (g !== 0) out.add(c);
        }
      }
    } else if (format === 12) {
      const groups = b.readUInt32BE(off + 12);
      for (let g = 0; g < groups; g++) {
        const at = off + 16 + 12 * g;
        const start = b.readUInt32BE(at);
        const end = b.readUInt32BE(at + 4);
        const glyph = b.readUInt32BE(at + 8);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) out.add(c);
      }
    }
  }
  return out;
}

/** The code points a WOFF2 font maps. */
export function woff2CodePoints(file: Uint8Array): Set<number> {
  const cmap = woff2Tables(file).get('cmap');
  if (!cmap) throw new Error('the font has no cmap table');
  return cmapCodePoints(cmap);
}

/** The characters of `text` that `codePoints` lacks, distinct, in order of first appearance. */
export function missingChars(text: string, codePoints: ReadonlySet<number>): string {
  return [...new Set(text)].filter((ch) => !codePoints.has(ch.codePointAt(0)!)).join('');
}
