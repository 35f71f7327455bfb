import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeReplay,
  decodeReplayHeader,
  encodeReplay,
  FORMAT_VERSION,
  MAX_REPLAY_BYTES,
  ReplayError,
  type JsonValue,
  type Replay,
} from '../../src/replay';
import { ByteReader, ByteWriter } from '../../src/replay/bytes';
import { decodeInputs, encodeInputs } from '../../src/replay/inputs';
import { makeConfig, SIM_VERSION } from '../../src/sim';
import { DATE, fixCrc, playBytes, playReplay, rebuild, split, withHeader } from './helpers';

function err(f: () => unknown): ReplayError {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ReplayError);
    return e as ReplayError;
  }
  throw new Error('expected a ReplayError');
}

const hex = fc.stringMatching(/^[0-9a-f]{16}$/);

/** Random input streams as runs (held keys) mixed with frame-by-frame mashing. */
const inputStream = (frames: number) =>
  fc
    .array(fc.record({ v: fc.integer({ min: 0, max: 127 }), n: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 400 })) }), {
      maxLength: 200,
    })
    .map((runs) => {
      const out = new Uint8Array(frames);
      let f = 0;
      for (const r of runs) {
        if (f >= frames) break;
        out.fill(r.v, f, Math.min(frames, f + r.n));
        f += r.n;
      }
      return out;
    });

const replayArb: fc.Arbitrary<Replay> = fc
  .record({ frames: fc.integer({ min: 0, max: 3000 }), practice: fc.boolean(), seed: fc.nat() })
  .chain(({ frames, practice, seed }) => {
    const n = practice ? 1 : 2;
    return fc.record({
      simVersion: fc.constant(SIM_VERSION),
      gameVersion: fc.string({ minLength: 1, maxLength: 32 }),
      date: fc.constantFrom(DATE, '1999-12-31T23:59:59Z', '2030-02-03T04:05+09:00'),
      config: fc.constant(makeConfig({ seed, mode: practice ? 'practice' : 'versus' })),
      sides: fc.array(
        fc.record({
          controller: fc.string({ minLength: 1, maxLength: 40 }),
          human: fc.boolean(),
          name: fc.string({ maxLength: 64 }),
          preset: fc.oneof(fc.constant(null), fc.jsonValue({ maxDepth: 4 })) as fc.Arbitrary<JsonValue>,
        }),
        { minLength: n, maxLength: n },
      ),
      frames: fc.constant(frames),
      result: fc.oneof(
        fc.constant(null),
        fc.record({
          winner: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: n - 1 })),
          reason: fc.constantFrom('lives' as const, 'time' as const),
        }),
      ),
      inputs: fc.array(inputStream(frames), { minLength: n, maxLength: n }),
      checksums: fc
        .array(hex, { minLength: Math.floor(frames / 60), maxLength: Math.floor(frames / 60) })
        .map((hs) => hs.map((hash, i) => ({ frame: (i + 1) * 60, hash }))),
      finalHash: hex,
      extra: fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>, { maxKeys: 4 }),
    });
  });

describe('input run-length encoding', () => {
  it('round-trips any 7-bit stream and costs at most one byte per frame', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }).chain(inputStream), (inputs) => {
        const w = new ByteWriter();
        encodeInputs(inputs, w);
        expect(w.length).toBeLessThanOrEqual(inputs.length);
        const back = decodeInputs(new ByteReader(w.finish(), 0, w.length, 'inputs'), inputs.length, 'inputs');
        expect(back).toEqual(inputs);
      }),
      { numRuns: 300 },
    );
  });

  it('a new input every frame still fits: 3 minutes of alternating inputs on both sides ≤ 32 KB', () => {
    const r = playReplay(0);
    const frames = 10800;
    const alt = Uint8Array.from({ length: frames }, (_, i) => (i % 2 ? 0x15 : 0x2a));
    const bytes = encodeReplay({
      ...r,
      frames,
      inputs: [alt, alt.slice()],
      checksums: Array.from({ length: 180 }, (_, i) => ({ frame: (i + 1) * 60, hash: '0123456789abcdef' })),
      result: null,
    });
    expect(bytes.length).toBeLessThanOrEqual(32 * 1024);
    expect(decodeReplay(bytes).inputs[1]).toEqual(alt);
  });
});

describe('replay format', () => {
  it('round-trips a recorded match exactly', () => {
    const r = playReplay(700);
    const back = decodeReplay(encodeReplay(r));
    expect(back).toEqual(r);
    expect(back.sides[0]!.name).toBe('Alice');
    expect(back.sides[1]!.name).toBe('scripted');
    expect(back.checksums.length).toBe(11);
    expect(decodeReplayHeader(encodeReplay(r)).frames).toBe(700);
  });

  it('a 3-minute match with button-mashing inputs encodes to ≤ 32 KB', () => {
    const r = playReplay(10800, { infiniteLives: true }, 'random:1', 'random:2');
    expect(r.frames).toBe(10800);
    expect(encodeReplay(r).length).toBeLessThanOrEqual(32 * 1024);
  });

  it('round-trips random replays (encode → decode identity)', () => {
    fc.assert(
      fc.property(replayArb, (r) => {
        const back = decodeReplay(encodeReplay(r));
        // JSON has no −0 and no undefined: compare with what JSON keeps.
        const norm = (x: unknown): unknown => JSON.parse(JSON.stringify(x));
        expect(back.inputs).toEqual(r.inputs);
        expect(back.checksums).toEqual(r.checksums);
        expect(norm({ ...back, inputs: 0 })).toEqual(norm({ ...r, inputs: 0 }));
      }),
      { numRuns: 300 },
    );
  });

  it('rejects wrong magic, empty, truncated, trailing bytes, newer versions and oversized data', () => {
    const good = playBytes(300);
    expect(err(() => decodeReplay(new Uint8Array(0))).message).toMatch(/empty/);
    expect(err(() => decodeReplay(new TextEncoder().encode('{"hello": 1}'))).message).toMatch(/not a Twinfield replay \(wrong magic/);
    expect(err(() => decodeReplay(good.slice(0, 10))).message).toMatch(/truncated.*preamble/);
    expect(err(() => decodeReplay(good.slice(0, good.length - 1))).message).toMatch(
      /truncated: the preamble announces \d+ bytes, the data has \d+/,
    );
    const longer = new Uint8Array(good.length + 3);
    longer.set(good);
    expect(err(() => decodeReplay(longer)).message).toMatch(/3 unexpected byte\(s\) after the end/);
    const newer = good.slice();
    newer[4] = FORMAT_VERSION + 1;
    fixCrc(newer);
    expect(err(() => decodeReplay(newer)).message).toMatch(/format version 2 is newer than this build reads/);
    expect(err(() => decodeReplay(new Uint8Array(MAX_REPLAY_BYTES + 1))).message).toMatch(/too large/);
    expect(err(() => decodeReplay('TWRP' as unknown as Uint8Array)).message).toMatch(/expected bytes/);
    expect(decodeReplay(good.buffer.slice(good.byteOffset, good.byteOffset + good.length) as ArrayBuffer).frames).toBe(300);
  });

  it('catches a single bit flip anywhere with the CRC', () => {
    const good = playBytes(300);
    for (const at of [17, 25, 100, good.length - 1]) {
      const b = good.slice();
      b[at]! ^= 4;
      expect(err(() => decodeReplay(b)).message).toMatch(at < 20 ? /CRC|corrupt/ : /corrupt: CRC-32/);
    }
  });

  it('names the field or byte that is wrong', () => {
    const good = playBytes(300);
    const cases: [(h: Record<string, any>) => void, RegExp][] = [
      [(h) => (h.frames = 299), /inputs of side 1 holds 299 frames|overruns/],
      [(h) => (h.frames = -1), /header\.frames: must be a whole number from 0 to/],
      [(h) => (h.sides[1].human = 'yes'), /header\.sides\[1\]\.human: must be true or false/],
      [(h) => (h.sides[0].name = 'x'.repeat(65)), /header\.sides\[0\]\.name: longer than 64/],
      [(h) => h.sides.pop(), /header\.sides: a versus match has 2 side\(s\), got 1/],
      [(h) => (h.config.lives = 0), /header\.config\.lives: must be a whole number from 1 to 99/],
      [(h) => (h.config.difficulty = { toString: 1 }), /header\.config\.difficulty: must be a string/],
      [(h) => delete h.config.seed, /header\.config\.seed: missing/],
      [(h) => (h.config.colour = 'red'), /header\.config\.colour: unknown field/],
      [(h) => (h.surprise = 1), /header\.surprise: unknown field/],
      [(h) => (h.result = { winner: 2, reason: 'time' }), /header\.result\.winner: must be a whole number from 0 to 1/],
      [(h) => (h.result = { winner: null, reason: 'boredom' }), /header\.result\.reason/],
      [(h) => (h.date = 'yesterday'), /header\.date: must be an ISO 8601/],
      [(h) => (h.date = '2025-13-01T00:00:00Z'), /header\.date/],
      [(h) => (h.finalHash = 'XYZ'), /header\.finalHash: must be 16 lowercase hex digits/],
      [(h) => (h.extra = [1]), /header\.extra: must be an object/],
      [(h) => (h.sim = 0), /header\.sim: must be a whole number from 1/],
    ];
    for (const [edit, re] of cases) expect(err(() => decodeReplay(withHeader(good, edit))).message).toMatch(re);
    const { header, body } = split(good);
    // The header JSON gets the checks of every JSON file, each problem at its byte of the file.
    expect(err(() => decodeReplay(rebuild(new TextEncoder().encode('{"sim": 1,'), body))).message).toBe(
      'byte 30: header: malformed JSON (expected a property name in double quotes, found the end of the text)',
    );
    expect(err(() => decodeReplay(rebuild(new Uint8Array([0x7b, 0xff, 0xfe]), body))).message).toBe(
      'byte 21: header: invalid UTF-8 (byte 0xFF at offset 21)',
    );
    const text = new TextDecoder().decode(header);
    const dup = new TextEncoder().encode(`{"sim":7,${text.slice(1)}`);
    expect(err(() => decodeReplay(rebuild(dup, body))).message).toBe(
      `byte ${20 + 9}: header: duplicate key "sim" (a key may appear once in an object)`,
    );
    // A byte-order mark is dropped; a multi-byte character before a problem counts its bytes.
    expect(decodeReplay(rebuild(new Uint8Array([0xef, 0xbb, 0xbf, ...header]), body)).frames).toBe(300);
    expect(err(() => decodeReplay(rebuild(new TextEncoder().encode('{"é": x'), body))).message).toMatch(/^byte 27: header: malformed JSON/);
    expect(err(() => decodeReplay(rebuild(header, body.subarray(0, body.length - 8)))).message).toMatch(
      /^byte \d+: checksums take \d+ byte\(s\), 300 frames need 5 × 8/,
    );
    const bigRun = new Uint8Array([3, 0xff, 0xff, 0x0f]);
    expect(err(() => decodeReplay(rebuild(header, new Uint8Array([...bigRun, ...body])))).message).toMatch(
      /^byte \d+: inputs of side 1: a run of \d+ frames at frame 0 overruns/,
    );
    expect(err(() => decodeReplay(rebuild(header, new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])))).message).toMatch(
      /malformed or oversized varint/,
    );
  });

  it('lists replays of another sim version but does not require their config to match this build', () => {
    const good = playBytes(120);
    const other = decodeReplay(
      withHeader(good, (h: any) => {
        h.sim = SIM_VERSION + 1;
        h.config.newRule = true;
      }),
    );
    expect(other.simVersion).toBe(SIM_VERSION + 1);
  });

  it('encode checks what it writes', () => {
    const r = playReplay(120);
    expect(err(() => encodeReplay({ ...r, frames: 121 })).message).toMatch(/inputs\[0\] has 120 frames|checksums/);
    expect(err(() => encodeReplay({ ...r, date: 'now' })).message).toMatch(/header\.date/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(err(() => encodeReplay({ ...r, sides: [{ ...r.sides[0]!, preset: cyclic as never }, r.sides[1]!] })).message).toMatch(
      /sides\[0\]\.preset.*cyclic/,
    );
    expect(err(() => encodeReplay({ ...r, extra: { when: new Date(0) as never } })).message).toMatch(
      /header\.extra\.when: a non-plain object is not JSON/,
    );
    expect(err(() => encodeReplay({ ...r, inputs: [r.inputs[0]!, Uint8Array.from(r.inputs[1]!, () => 200)] })).message).toMatch(
      /not a 7-bit mask/,
    );
  });
});
