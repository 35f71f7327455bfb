// JSON.parse with a useful error: where the text stops being JSON (file:line:column) and why.
// Each caller says which error to throw (a planner input error, a tool's usage error, ...). JSON inside
// binary files (replay headers, bundle entries) goes through parseJsonBytes: the same checks, byte offsets.
import { jsonDuplicateKey, jsonSyntaxError, lineColumn } from './json-syntax';
import { firstInvalidUtf8, utf8WithoutBom } from './utf8';

/** Makes the error to throw: `where` is `source:line:column`, `reason` is `malformed JSON (...)`. */
export type JsonErrorFactory = (where: string, reason: string) => Error;

/**
 * Parses JSON text; malformed JSON throws `makeError(source:line:column, 'malformed JSON (why)')`, a key
 * repeated in one object `makeError(source:line:column, 'duplicate key "k" ...')`.
 */
export function parseJsonText(text: string, source: string, makeError: JsonErrorFactory): unknown {
  return parseChecked(text, (index, reason) => {
    const { line, column } = lineColumn(text, index);
    return makeError(`${source}:${line}:${column}`, reason);
  });
}

/** JSON.parse plus the duplicate-key check; a problem is `fail(index of the character, reason)`. */
function parseChecked(text: string, fail: (index: number, reason: string) => Error): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const at = jsonSyntaxError(text);
    throw fail(at ? at.index : text.length, `malformed JSON (${at ? at.reason : (e as Error).message})`);
  }
  const dup = jsonDuplicateKey(text);
  if (dup) throw fail(dup.index, `duplicate key ${JSON.stringify(dup.key)} (a key may appear once in an object)`);
  return value;
}

/** Makes the error to throw for JSON inside a binary file: `offset` is the byte the problem is at. */
export type JsonBytesErrorFactory = (offset: number, reason: string) => Error;

/**
 * Parses JSON stored as UTF-8 bytes inside a binary file (a replay header, a bundle entry) with the
 * checks every JSON file gets: invalid UTF-8 names the byte, a key repeated in one object is an error,
 * a leading byte-order mark is dropped. Errors are `makeError(offset, reason)`, where `offset` is the
 * byte of the problem counted from the start of the file (`base` is where `bytes` starts in it).
 */
export function parseJsonBytes(bytes: Uint8Array, base: number, makeError: JsonBytesErrorFactory): unknown {
  const bad = firstInvalidUtf8(bytes);
  if (bad) {
    const hex = bad.byte.toString(16).toUpperCase().padStart(2, '0');
    throw makeError(base + bad.index, `invalid UTF-8 (byte 0x${hex} at offset ${base + bad.index})`);
  }
  const { text, start } = utf8WithoutBom(bytes);
  // The file offset of a character index of `text` (its UTF-8 length before it).
  return parseChecked(text, (index, reason) => makeError(base + start + utf8Length(text, index), reason));
}

/** UTF-8 byte length of the first `end` UTF-16 units of `s` (well-formed: it came from valid UTF-8). */
function utf8Length(s: string, end: number): number {
  let n = 0;
  for (let i = 0; i < end && i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4; // a surrogate pair: one 4-byte sequence
      i++;
    } else n += 3;
  }
  return n;
}
