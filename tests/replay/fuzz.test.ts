// Decoding never throws anything but ReplayError and never hangs, whatever the bytes: mutated
// valid replays (bit flips, truncations, insertions, deletions, overwrites — with and without a
// repaired CRC so the structural checks behind it are reached too), mutated header JSON and body
// with a valid preamble, and plain random bytes. ≥ 10,000 inputs in all.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeReplay, encodeReplay, ReplayError } from '../../src/replay';
import { fixCrc, playBytes, rebuild, split } from './helpers';

let decodedOk = 0;
let rejected = 0;

/** The property: a valid replay (that encodes back to an equal one) or a ReplayError. */
function check(bytes: Uint8Array): void {
  let r: ReturnType<typeof decodeReplay>;
  try {
    r = decodeReplay(bytes);
  } catch (e) {
    if (!(e instanceof ReplayError)) throw new Error(`decode threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
    expect(e.message.length).toBeGreaterThan(0);
    rejected++;
    return;
  }
  decodedOk++;
  expect(decodeReplay(encodeReplay(r))).toEqual(r);
}

const SEEDS = [playBytes(0), playBytes(130), playBytes(900, { mode: 'practice' }), playBytes(1500)];

type Mutation =
  | { k: 'flip'; at: number; bit: number }
  | { k: 'truncate'; at: number }
  | { k: 'insert'; at: number; bytes: Uint8Array }
  | { k: 'delete'; at: number; n: number }
  | { k: 'set'; at: number; v: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ k: fc.constant('flip' as const), at: fc.nat(), bit: fc.integer({ min: 0, max: 7 }) }),
  fc.record({ k: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ k: fc.constant('insert' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 8 }) }),
  fc.record({ k: fc.constant('delete' as const), at: fc.nat(), n: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ k: fc.constant('set' as const), at: fc.nat(), v: fc.constantFrom(0, 1, 0x7f, 0x80, 0xff, 0x22, 0x7b, 0x5d) }),
);

function mutate(src: Uint8Array, ms: Mutation[]): Uint8Array {
  let b = src.slice();
  for (const m of ms) {
    const at = b.length ? m.at % (b.length + (m.k === 'insert' ? 1 : 0)) : 0;
    if (m.k === 'flip' && b.length) b[at]! ^= 1 << m.bit;
    else if (m.k === 'set' && b.length) b[at] = m.v;
    else if (m.k === 'truncate') b = b.slice(0, at);
    else if (m.k === 'insert') b = new Uint8Array([...b.subarray(0, at), ...m.bytes, ...b.subarray(at)]);
    else if (m.k === 'delete') b = new Uint8Array([...b.subarray(0, at), ...b.subarray(at + m.n)]);
  }
  return b;
}

const seedIndex = fc.integer({ min: 0, max: SEEDS.length - 1 });

describe('decode fuzzing', () => {
  it('mutated replays with the CRC left alone', () => {
    fc.assert(
      fc.property(seedIndex, fc.array(mutation, { minLength: 1, maxLength: 4 }), (i, ms) => check(mutate(SEEDS[i]!, ms))),
      { numRuns: 3000 },
    );
  });

  it('mutated replays with a repaired CRC (reaches the length, JSON and body checks)', () => {
    fc.assert(
      fc.property(seedIndex, fc.array(mutation, { minLength: 1, maxLength: 3 }), (i, ms) => {
        const b = mutate(SEEDS[i]!, ms);
        fixCrc(b);
        check(b);
      }),
      { numRuns: 3000 },
    );
  });

  it('mutated header JSON or body inside a valid preamble', () => {
    fc.assert(
      fc.property(seedIndex, fc.boolean(), fc.array(mutation, { minLength: 1, maxLength: 3 }), (i, inHeader, ms) => {
        const { header, body } = split(SEEDS[i]!);
        check(inHeader ? rebuild(mutate(header, ms), body) : rebuild(header, mutate(body, ms)));
      }),
      { numRuns: 3000 },
    );
  });

  it('header JSON with values swapped for random JSON', () => {
    const base = JSON.parse(new TextDecoder().decode(split(SEEDS[3]!).header)) as Record<string, unknown>;
    const paths = [
      ['sim'],
      ['game'],
      ['date'],
      ['frames'],
      ['result'],
      ['finalHash'],
      ['extra'],
      ['config', 'seed'],
      ['config', 'mode'],
      ['config', 'lives'],
      ['config', 'timeLimit'],
      ['config', 'stages'],
      ['config', 'maze'],
      ['config', 'chaseMethod'],
      ['sides', '0'],
      ['sides', '1', 'preset'],
      ['sides', '1', 'human'],
      ['sides'],
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: paths.length - 1 }), fc.jsonValue({ maxDepth: 3 }), (pi, v) => {
        const h = structuredClone(base) as Record<string, any>;
        const p = paths[pi]!;
        let o = h;
        for (const k of p.slice(0, -1)) o = o[k];
        o[p[p.length - 1]!] = v;
        check(rebuild(new TextEncoder().encode(JSON.stringify(h)), split(SEEDS[3]!).body));
      }),
      { numRuns: 1000 },
    );
  });

  it('random bytes, with and without the magic in front', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.integer({ min: 0, max: 2 }), (b, kind) => {
        if (kind === 0) return check(b);
        const withMagic = new Uint8Array(Math.max(20, b.length + 4));
        withMagic.set([0x54, 0x57, 0x52, 0x50]);
        withMagic.set(b, 4);
        if (kind === 2) {
          withMagic[4] = 1;
          withMagic[5] = 0;
          withMagic[6] = 0;
          withMagic[7] = 0;
          fixCrc(withMagic);
        }
        check(withMagic);
      }),
      { numRuns: 1500 },
    );
    // 11,500 inputs in this file; both outcomes occur.
    expect(rejected).toBeGreaterThan(5000);
    expect(decodedOk).toBeGreaterThan(0);
  });

  it('deeply nested or huge header values are refused quickly, not by a stack overflow', () => {
    const { body } = split(SEEDS[1]!);
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    check(rebuild(new TextEncoder().encode(deep), body));
    const h = JSON.parse(new TextDecoder().decode(split(SEEDS[1]!).header)) as Record<string, any>;
    h.sides[0].preset = '@@';
    h.frames = '@@@';
    const text = JSON.stringify(h)
      .replace('"@@"', '['.repeat(100_000) + ']'.repeat(100_000))
      .replace('"@@@"', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    check(rebuild(new TextEncoder().encode(text), body));
    check(
      rebuild(
        new TextEncoder().encode(
          JSON.stringify(h)
            .replace('"@@"', '['.repeat(100_000) + ']'.repeat(100_000))
            .replace('"@@@"', String(h.frames === '@@@' ? 130 : 0)),
        ),
        body,
      ),
    );
    const len = SEEDS[1]!.slice();
    new DataView(len.buffer).setUint32(12, 0xffffffff, true);
    check(len);
  });
});
