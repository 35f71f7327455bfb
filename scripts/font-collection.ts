// One face out of a TrueType/OpenType collection (.ttc): the faces share a header ('ttcf' and one
// offset per face) and often their tables, and every face has its own table directory. subset-font
// reads only the first face of a collection, so scripts/build-assets.ts takes the face it wants out
// as a font file of its own (the same tables, copied) and subsets that.

/** The table directory of the sfnt whose offset table starts at `at`. */
function tableDirectory(b: Buffer, at: number): { version: number; tables: { tag: string; offset: number; length: number }[] } {
  const n = b.readUInt16BE(at + 4);
  const tables = [];
  for (let i = 0; i < n; i++) {
    const r = at + 12 + 16 * i;
    tables.push({ tag: b.toString('latin1', r, r + 4), offset: b.readUInt32BE(r + 8), length: b.readUInt32BE(r + 12) });
  }
  return { version: b.readUInt32BE(at), tables };
}

function faceOffsets(b: Buffer): number[] {
  if (b.toString('latin1', 0, 4) !== 'ttcf') return [0];
  return Array.from({ length: b.readUInt32BE(8) }, (_, i) => b.readUInt32BE(12 + 4 * i));
}

/** A name table's string `nameId` (Windows Unicode, else Mac Roman read as Latin-1), or ''. */
function nameString(b: Buffer, at: number, nameId: number): string {
  const count = b.readUInt16BE(at + 2);
  const strings = at + b.readUInt16BE(at + 4);
  let mac = '';
  for (let i = 0; i < count; i++) {
    const r = at + 6 + 12 * i;
    if (b.readUInt16BE(r + 6) !== nameId) continue;
    const [platform, length, offset] = [b.readUInt16BE(r), b.readUInt16BE(r + 8), b.readUInt16BE(r + 10)];
    const raw = b.subarray(strings + offset, strings + offset + length);
    if (platform === 3 || platform === 0) return Buffer.from(raw).swap16().toString('utf16le');
    if (platform === 1 && !mac) mac = raw.toString('latin1');
  }
  return mac;
}

/** Name `nameId` of each face of the font (of its one face if it is no collection). */
export function faceNames(font: Uint8Array, nameId: number): string[] {
  const b = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  return faceOffsets(b).map((at) => {
    const name = tableDirectory(b, at).tables.find((t) => t.tag === 'name');
    return name ? nameString(b, name.offset, nameId) : '';
  });
}

/** Each face's family: the typographic family (name 16) where there is one, else the family (name 1). */
export function faceFamilies(font: Uint8Array): string[] {
  const typographic = faceNames(font, 16);
  return faceNames(font, 1).map((f, i) => typographic[i] || f);
}

/** The index of the face whose family is `family`; throws (naming the faces there are) if none is. */
export function faceIndex(font: Uint8Array, family: string): number {
  const families = faceFamilies(font);
  const i = families.indexOf(family);
  if (i < 0) throw new Error(`no face '${family}' in the collection (it has: ${families.join(', ')})`);
  return i;
}

/** Face `index` of a collection as a font file of its own (a plain sfnt: the same tables, each 4-byte aligned). */
export function extractFace(font: Uint8Array, index: number): Buffer {
  const b = Buffer.from(font.buffer, font.byteOffset, font.byteLength);
  const offsets = faceOffsets(b);
  if (index < 0 || index >= offsets.length) throw new Error(`face ${index}: the font has ${offsets.length}`);
  const { version, tables } = tableDirectory(b, offsets[index]!);
  const n = tables.length;
  const head = 12 + 16 * n;
  const size = tables.reduce((s, t) => s + Math.ceil(t.length / 4) * 4, head);
  const out = Buffer.alloc(size);
  const log2 = Math.floor(Math.log2(n));
  out.writeUInt32BE(version, 0);
  out.writeUInt16BE(n, 4);
  out.writeUInt16BE(16 * 2 ** log2, 6);
  out.writeUInt16BE(log2, 8);
  out.writeUInt16BE(16 * n - 16 * 2 ** log2, 10);
  let at = head;
  tables.forEach((t, i) => {
    const r = 12 + 16 * i;
    b.copy(out, r, offsets[index]! + 12 + 16 * i, offsets[index]! + 12 + 16 * i + 8); // tag and checksum
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.length, r + 12);
    b.copy(out, at, t.offset, t.offset + t.length);
    at += Math.ceil(t.length / 4) * 4;
  });
  return out;
}
