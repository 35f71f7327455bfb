// Text files from other people: UTF-8 checked to the byte, a byte-order mark accepted, duplicate keys named.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDuplicateKey } from '../../src/json/json-syntax';
import { parseJsonText } from '../../src/json/parse-json-text';
import { decodeUtf8Text, firstInvalidUtf8 } from '../../src/json/utf8';

const err = (where: string, reason: string) => new Error(`${where}: ${reason}`);
const bytes = (...b: number[]) => Uint8Array.from(b);

describe('UTF-8', () => {
  it('agrees with a fatal TextDecoder on every byte string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (b) => {
        let ok = true;
        try {
          new TextDecoder('utf-8', { fatal: true }).decode(b);
        } catch {
          ok = false;
        }
        expect(firstInvalidUtf8(b) === null).toBe(ok);
      }),
      { numRuns: 2000 },
    );
  });

  it('names the byte, its offset and line:column; drops a byte-order mark', () => {
    expect(() => decodeUtf8Text(bytes(0x61, 0x0a, 0x62, 0xe9, 0x22), 'f.json', err)).toThrow(
      'f.json:2:2: invalid UTF-8 (byte 0xE9 at offset 3)',
    );
    expect(() => decodeUtf8Text(bytes(0xc3), 'f', err)).toThrow('byte 0xC3 at offset 0'); // cut short
    expect(() => decodeUtf8Text(bytes(0xed, 0xa0, 0x80), 'f', err)).toThrow('byte 0xED'); // a surrogate
    expect(decodeUtf8Text(bytes(0xef, 0xbb, 0xbf, 0x7b, 0x7d), 'f', err)).toBe('{}');
    expect(decodeUtf8Text(new TextEncoder().encode('é→𝄞'), 'f', err)).toBe('é→𝄞');
  });
});

describe('duplicate keys', () => {
  it('finds the first repeated key of any object, at any depth, and nothing else', () => {
    const nested = '{"a":1,"b":{"c":[{"d":1,"d":2}]}}';
    expect(jsonDuplicateKey(nested)).toEqual({ index: nested.indexOf('"d":2'), key: 'd' });
    expect(jsonDuplicateKey('{"a":{"a":1},"b":["a","a"],"c":"a"}')).toBeNull();
    const spelt = '{"\\u0061":1,"a":2}';
    expect(jsonDuplicateKey(spelt)).toEqual({ index: spelt.indexOf('"a"'), key: 'a' }); // same key, spelt two ways
    expect(jsonDuplicateKey('{"x\\"y":1,"z":{"x\\"y":2}}')).toBeNull();
    fc.assert(fc.property(fc.jsonValue(), (v) => jsonDuplicateKey(JSON.stringify(v)) === null));
  });

  it('parseJsonText names the key with line and column', () => {
    expect(() => parseJsonText('{\n  "maxHp": 3,\n  "maxHp": 1e9\n}', 'i.json', err)).toThrow('i.json:3:3: duplicate key "maxHp"');
    expect(parseJsonText('{"a":[1,2]}', 'i.json', err)).toEqual({ a: [1, 2] });
  });
});
