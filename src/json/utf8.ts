// Text files from other people: UTF-8 checked byte by byte, so an invalid file is an error naming the
// byte (not silently turned into U+FFFD), and a leading byte-order mark is accepted and dropped.

/** The first byte that is not part of a well-formed UTF-8 sequence (offset and value), or null. */
export function firstInvalidUtf8(bytes: Uint8Array): { index: number; byte: number } | null {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let len: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) len = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      len = 3;
      if (b === 0xe0) lo = 0xa0; // no overlong forms
      if (b === 0xed) hi = 0x9f; // no surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      len = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else return { index: i, byte: b };
    for (let k = 1; k < len; k++) {
      const c = bytes[i + k];
      if (c === undefined) return { index: i, byte: b }; // truncated sequence at the end
      const [min, max] = k === 1 ? [lo, hi] : [0x80, 0xbf];
      if (c < min || c > max) return { index: i, byte: b }; // the byte that starts the broken sequence
    }
    i += len;
  }
  return null;
}

/** 1-based line and column (in characters) of a byte offset of valid UTF-8 before it. */
function byteLineColumn(bytes: Uint8Array, index: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < index; i++) {
    const b = bytes[i]!;
    if (b === 10) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++; // count characters, not continuation bytes
  }
  return { line, column };
}

/**
 * Decodes UTF-8 text; invalid UTF-8 throws `makeError('source:line:column', 'invalid UTF-8 (byte 0xNN at offset K)')`.
 * A leading byte-order mark (EF BB BF) is dropped.
 */
export function decodeUtf8Text(bytes: Uint8Array, source: string, makeError: (where: string, reason: string) => Error): string {
  const bad = firstInvalidUtf8(bytes);
  if (bad) {
    const { line, column } = byteLineColumn(bytes, bad.index);
    const hex = bad.byte.toString(16).toUpperCase().padStart(2, '0');
    throw makeError(`${source}:${line}:${column}`, `invalid UTF-8 (byte 0x${hex} at offset ${bad.index}); save the file as UTF-8`);
  }
  return utf8WithoutBom(bytes).text;
}

/** Valid UTF-8 as text, a leading byte-order mark (EF BB BF) dropped; `start` is 3 when there was one. */
export function utf8WithoutBom(bytes: Uint8Array): { text: string; start: number } {
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(start)), start };
}

/** Control characters a terminal acts on (C0, DEL, C1), bidirectional overrides, line separators. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const CONTROLS_BUT_LINES = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text from a file, made safe to print: every control character (NUL, ESC, CR, a newline, C1, a
 * bidirectional override, …) becomes a `\uXXXX` escape, so a name like "\e[2J" cannot clear the
 * screen or break a line. `keepLines` keeps newlines and tabs (for a tool's own multi-line output).
 */
export function escapeControls(text: string, keepLines = false): string {
  return text.replace(keepLines ? CONTROLS_BUT_LINES : CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
