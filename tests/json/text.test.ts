// Text files from other people: UTF-8 checked to the byte, a byte-order mark accepted, duplicate keys named.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDuplicateKey } from '../../src/json/json-syntax';
import { parseJsonBytes, parseJsonText } from '../../src/json/parse-json-text';
import { decodeUtf8Text, escapeControls, firstInvalidUtf8 } from '../../src/json/utf8';

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

describe('JSON inside binary files (parseJsonBytes)', () => {
  const at = (offset: number, reason: string) => new Error(`byte ${offset}: ${reason}`);
  const enc = (s: string) => new TextEncoder().encode(s);

  it('the checks of a JSON file, each problem named at its byte of the file', () => {
    expect(parseJsonBytes(enc('{"a":[1,"é"]}'), 100, at)).toEqual({ a: [1, 'é'] });
    expect(parseJsonBytes(bytes(0xef, 0xbb, 0xbf, 0x5b, 0x5d), 0, at)).toEqual([]); // a byte-order mark is dropped
    expect(() => parseJsonBytes(bytes(0x7b, 0x22, 0xe9, 0x22, 0x3a, 0x31, 0x7d), 20, at)).toThrow(
      'byte 22: invalid UTF-8 (byte 0xE9 at offset 22)',
    );
    // 'é' and '𝄞' take 2 and 4 bytes: offsets count bytes, not characters.
    expect(() => parseJsonBytes(enc('{"é𝄞": 1, "é𝄞": 2}'), 20, at)).toThrow('byte 34: duplicate key "é𝄞"');
    expect(() => parseJsonBytes(enc('{"é": x}'), 20, at)).toThrow("byte 27: malformed JSON (expected a value, found 'x')");
    expect(() => parseJsonBytes(bytes(0xef, 0xbb, 0xbf, 0x7b), 0, at)).toThrow('byte 4: malformed JSON');
  });

  it('agrees with parseJsonText on what is valid JSON', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
        let viaText: unknown;
        let viaBytes: unknown;
        try {
          viaText = parseJsonText(text, 'f', err);
        } catch {
          viaText = 'refused';
        }
        try {
          viaBytes = parseJsonBytes(enc(text), 0, at);
        } catch {
          viaBytes = 'refused';
        }
        expect(viaBytes).toEqual(viaText);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('control characters', () => {
  it('are escaped in text from files, so a terminal shows them instead of acting on them', () => {
    expect(escapeControls('a\u001b[2Jb\nc\u0000\u009b\u202e')).toBe('a\\u001b[2Jb\\u000ac\\u0000\\u009b\\u202e');
    expect(escapeControls('line 1\n\tline 2\r', true)).toBe('line 1\n\tline 2\\u000d');
    expect(escapeControls('é → 日本語 𝄞')).toBe('é → 日本語 𝄞');
  });

  it('a syntax error quotes a control character escaped', () => {
    expect(() => parseJsonText('{"a": \u0000}', 'f.json', err)).toThrow("f.json:1:7: malformed JSON (expected a value, found '\\u0000')");
    expect(() => parseJsonText('\u001b[2J', 'f.json', err)).toThrow("found '\\u001b'");
  });
});
