// SHA-256 (FIPS 180-4), pure and synchronous: the same digest in Node and in a browser. Synchronous on
// purpose: the replay library re-keys stored replays inside an IndexedDB upgrade transaction, which commits
// as soon as it waits on anything but a request (crypto.subtle.digest is a promise); the study package's
// fingerprint (src/study/build.ts) hashes its files with it. Checked against node:crypto in tests/json/sha256.test.ts.
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** Incremental SHA-256: update() any number of times, then hex(). */
export class Sha256 {
  private h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  private buf = new Uint8Array(64);
  private used = 0;
  private total = 0;
  private w = new Uint32Array(64);

  update(data: Uint8Array | string): this {
    const d = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    this.total += d.length;
    let i = 0;
    while (i < d.length) {
      const n = Math.min(64 - this.used, d.length - i);
      this.buf.set(d.subarray(i, i + n), this.used);
      this.used += n;
      i += n;
      if (this.used === 64) {
        this.block();
        this.used = 0;
      }
    }
    return this;
  }

  private block(): void {
    const w = this.w;
    const b = this.buf;
    for (let t = 0; t < 16; t++) w[t] = (b[4 * t]! << 24) | (b[4 * t + 1]! << 16) | (b[4 * t + 2]! << 8) | b[4 * t + 3]!;
    for (let t = 16; t < 64; t++) {
      const x = w[t - 15]!;
      const y = w[t - 2]!;
      const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
      const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
    }
    let [a, bb, c, dd, e, f, g, hh] = this.h as unknown as number[];
    for (let t = 0; t < 64; t++) {
      const S1 = ((e! >>> 6) | (e! << 26)) ^ ((e! >>> 11) | (e! << 21)) ^ ((e! >>> 25) | (e! << 7));
      const ch = (e! & f!) ^ (~e! & g!);
      const t1 = (hh! + S1 + ch + K[t]! + w[t]!) | 0;
      const S0 = ((a! >>> 2) | (a! << 30)) ^ ((a! >>> 13) | (a! << 19)) ^ ((a! >>> 22) | (a! << 10));
      const maj = (a! & bb!) ^ (a! & c!) ^ (bb! & c!);
      const t2 = (S0 + maj) | 0;
      hh = g;
      g = f;
      f = e;
      e = (dd! + t1) | 0;
      dd = c;
      c = bb;
      bb = a;
      a = (t1 + t2) | 0;
    }
    const h = this.h;
    h[0] = h[0]! + a!;
    h[1] = h[1]! + bb!;
    h[2] = h[2]! + c!;
    h[3] = h[3]! + dd!;
    h[4] = h[4]! + e!;
    h[5] = h[5]! + f!;
    h[6] = h[6]! + g!;
    h[7] = h[7]! + hh!;
  }

  hex(): string {
    const bits = this.total * 8;
    this.update(new Uint8Array([0x80]));
    while (this.used !== 56) this.update(new Uint8Array([0]));
    const len = new Uint8Array(8);
    const hi = Math.floor(bits / 0x100000000);
    new DataView(len.buffer).setUint32(0, hi);
    new DataView(len.buffer).setUint32(4, bits >>> 0);
    this.update(len);
    return [...this.h].map((x) => x.toString(16).padStart(8, '0')).join('');
  }
}

export function sha256Hex(data: Uint8Array | string): string {
  return new Sha256().update(data).hex();
}
