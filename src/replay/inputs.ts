// Compact per-frame input encoding. Inputs are 7-bit masks that change rarely (a person holds a
// key for many frames), so each run of equal inputs is one token:
//   byte b, b < 0x80            one frame of input b
//   byte b ≥ 0x80, varint r     r + 2 frames of input b & 0x7f
// A run of 2..129 frames costs 2 bytes, a longer one 3–4 bytes; the worst case (a new input every
// frame) is 1 byte per frame, so a 3-minute two-side match can never exceed 21.6 KB of inputs.
import type { ByteReader, ByteWriter } from './bytes';
import { ReplayError } from './errors';

export function encodeInputs(inputs: ArrayLike<number>, out: ByteWriter): void {
  const n = inputs.length;
  let i = 0;
  while (i < n) {
    const v = inputs[i]!;
    if (!Number.isInteger(v) || v < 0 || v > 0x7f) throw new ReplayError(`input ${String(v)} at frame ${i} is not a 7-bit mask`);
    let j = i + 1;
    while (j < n && inputs[j] === v) j++;
    const run = j - i;
    if (run === 1) out.u8(v);
    else {
      out.u8(v | 0x80);
      out.varint(run - 2);
    }
    i = j;
  }
}

/** Decodes exactly `frames` inputs from `r` (which must end where the stream ends). */
export function decodeInputs(r: ByteReader, frames: number, what: string): Uint8Array {
  const out = new Uint8Array(frames);
  let f = 0;
  while (r.left > 0) {
    const at = r.pos;
    const b = r.u8(what);
    let run = 1;
    if (b & 0x80) run = r.varint(`${what}, run length`) + 2;
    if (run > frames - f)
      throw new ReplayError(`${what}: a run of ${run} frames at frame ${f} overruns the replay's ${frames} frames`, `byte ${at}`);
    out.fill(b & 0x7f, f, f + run);
    f += run;
  }
  if (f !== frames) throw new ReplayError(`${what} holds ${f} frames, the header says ${frames}`, `byte ${r.pos}`);
  return out;
}
