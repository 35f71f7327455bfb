// Little-endian byte writing and bounds-checked reading with unsigned LEB128 varints. Every read
// past the end or malformed varint throws ReplayError naming the byte offset.
import { ReplayError } from './errors';

export class ByteWriter {
  private buf = new Uint8Array(1024);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buf.subarray(0, this.length));
    this.buf = bigger;
  }

  u8(v: number): void {
    this.room(1);
    this.buf[this.length++] = v & 0xff;
  }

  u16(v: number): void {
    this.room(2);
    this.buf[this.length++] = v & 0xff;
    this.buf[this.length++] = (v >>> 8) & 0xff;
  }

  u32(v: number): void {
    this.room(4);
    for (let k = 0; k < 4; k++) this.buf[this.length++] = (v >>> (8 * k)) & 0xff;
  }

  /** Unsigned LEB128, 0 ≤ v < 2^32. */
  varint(v: number): void {
    let x = v >>> 0;
    for (;;) {
      const low = x & 0x7f;
      x >>>= 7;
      if (x === 0) {
        this.u8(low);
        return;
      }
      this.u8(low | 0x80);
    }
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** Overwrites a little-endian u32 already written at `at`. */
  patchU32(at: number, v: number): void {
    for (let k = 0; k < 4; k++) this.buf[at + k] = (v >>> (8 * k)) & 0xff;
  }

  view(from = 0, to = this.length): Uint8Array {
    return this.buf.subarray(from, to);
  }

  /** A copy of exactly the written bytes. */
  finish(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

export class ByteReader {
  pos: number;

  /** Reads `data` from `start` up to (not including) `end`; offsets in errors are absolute. */
  constructor(
    private readonly data: Uint8Array,
    start: number,
    readonly end: number,
    private readonly what: string,
  ) {
    this.pos = start;
  }

  get left(): number {
    return this.end - this.pos;
  }

  private need(n: number, item: string): void {
    if (this.pos + n > this.end)
      throw new ReplayError(`${this.what} ends in the middle of ${item} (needs ${n} byte(s), ${this.left} left)`, `byte ${this.pos}`);
  }

  u8(item: string): number {
    this.need(1, item);
    return this.data[this.pos++]!;
  }

  u32be(item: string): number {
    this.need(4, item);
    const d = this.data;
    const p = this.pos;
    this.pos += 4;
    return ((d[p]! << 24) | (d[p + 1]! << 16) | (d[p + 2]! << 8) | d[p + 3]!) >>> 0;
  }

  /** Unsigned LEB128 of at most 5 bytes whose value fits in 32 bits. */
  varint(item: string): number {
    const at = this.pos;
    let v = 0;
    for (let k = 0; k < 5; k++) {
      const b = this.u8(item);
      v += (b & 0x7f) * 2 ** (7 * k);
      if ((b & 0x80) === 0) {
        if (v > 0xffffffff) break;
        return v;
      }
    }
    throw new ReplayError(`${item}: malformed or oversized varint`, `byte ${at}`);
  }

  slice(n: number, item: string): Uint8Array {
    this.need(n, item);
    const out = this.data.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}
