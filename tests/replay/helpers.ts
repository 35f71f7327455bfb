import { createController } from '../../src/controllers/registry';
import { encodeReplay, replayFromRunner, type Replay } from '../../src/replay';
import { crc32 } from '../../src/replay/crc32';
import { createMatch, MatchRunner, type MatchConfig } from '../../src/sim';

export const DATE = '2025-06-01T12:34:56.789Z';

/** Plays a headless match and returns its replay. */
export function playReplay(frames: number, cfg: Partial<MatchConfig> = {}, p1 = 'random:3', p2 = 'scripted'): Replay {
  const s = createMatch({ seed: 11, ...cfg });
  const ctl = [createController(p1)];
  if (s.sides.length > 1) ctl.push(createController(p2));
  const runner = new MatchRunner(s, ctl);
  runner.runUntil(frames);
  return replayFromRunner(runner, { date: DATE, names: ['Alice'], extra: { mode: 'test' } });
}

export function playBytes(frames: number, cfg: Partial<MatchConfig> = {}): Uint8Array {
  return encodeReplay(playReplay(frames, cfg));
}

/** Splits an encoded replay into its header text bytes and body bytes. */
export function split(bytes: Uint8Array): { header: Uint8Array; body: Uint8Array } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const h = dv.getUint32(8, true);
  return { header: bytes.slice(20, 20 + h), body: bytes.slice(20 + h) };
}

/** Builds a file with a correct preamble (lengths, CRC) around any header and body bytes. */
export function rebuild(header: Uint8Array, body: Uint8Array, version = 1): Uint8Array {
  const out = new Uint8Array(20 + header.length + body.length);
  out.set([0x54, 0x57, 0x52, 0x50]);
  const dv = new DataView(out.buffer);
  dv.setUint16(4, version, true);
  dv.setUint32(8, header.length, true);
  dv.setUint32(12, body.length, true);
  out.set(header, 20);
  out.set(body, 20 + header.length);
  fixCrc(out);
  return out;
}

/** Rewrites the CRC field so a mutation gets past the CRC check (when the preamble is whole). */
export function fixCrc(b: Uint8Array): void {
  if (b.length < 20) return;
  new DataView(b.buffer, b.byteOffset, b.byteLength).setUint32(16, crc32(b.subarray(20), crc32(b.subarray(0, 16))), true);
}

/** Re-encodes a replay whose header JSON was edited by `edit`. */
export function withHeader(bytes: Uint8Array, edit: (h: Record<string, unknown>) => void): Uint8Array {
  const { header, body } = split(bytes);
  const obj = JSON.parse(new TextDecoder().decode(header)) as Record<string, unknown>;
  edit(obj);
  return rebuild(new TextEncoder().encode(JSON.stringify(obj)), body);
}
