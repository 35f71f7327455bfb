// Where JSON text stops being JSON: JSON.parse gives at most a character offset (for some errors
// not even that), so a small scanner finds the first syntax error and its line and column. Shared
// by every tool that reads JSON files (planner instances, dodge scenarios).

/** 1-based line and column of a character offset. */
export function lineColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < index && i < text.length; i++)
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  return { line, column: index - start + 1 };
}

/** The first syntax error of JSON text (offset and what was expected), or null when it is valid JSON. */
export function jsonSyntaxError(text: string): { index: number; reason: string } | null {
  let i = 0;
  const fail = (reason: string): never => {
    throw new JsonStop(i, reason);
  };
  const found = () => (i >= text.length ? 'the end of the text' : `'${visible(text[i]!)}'`);
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  // Iterative, with an explicit stack of open containers, so any nesting depth is scanned
  // without growing the JS call stack (a recursive scanner overflows at a few thousand levels).
  const ARRAY = 0;
  const OBJECT = 1;
  const open: number[] = [];
  /** A property name and its ':' (after '{' or ',' inside an object). */
  const key = () => {
    ws();
    if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
    string();
    ws();
    if (text[i] !== ':') fail(`expected ':' after the property name, found ${found()}`);
    i++;
  };
  /** Scans one value; returns true when it opened a container whose first member must follow. */
  const start = (): boolean => {
    ws();
    const c = text[i];
    if (c === '{' || c === '[') {
      i++;
      ws();
      if (text[i] === (c === '{' ? '}' : ']')) {
        i++;
        return false;
      }
      open.push(c === '{' ? OBJECT : ARRAY);
      if (c === '{') key();
      return true;
    }
    if (c === '"') string();
    else if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) number();
    else {
      const word = ['true', 'false', 'null'].find((w) => text.startsWith(w, i));
      if (word === undefined) fail(`expected a value, found ${found()}`);
      i += word!.length;
    }
    return false;
  };
  const value = (): void => {
    for (;;) {
      if (start()) continue;
      // A value is complete: close containers until one wants another member.
      for (;;) {
        if (open.length === 0) return;
        ws();
        const inObject = open[open.length - 1] === OBJECT;
        if (text[i] === ',') {
          i++;
          if (inObject) key();
          break;
        }
        if (text[i] === (inObject ? '}' : ']')) {
          i++;
          open.pop();
          continue;
        }
        fail(
          inObject
            ? `expected ',' or '}' after a property value, found ${found()}`
            : `expected ',' or ']' after an array element, found ${found()}`,
        );
      }
    }
  };
  const string = () => {
    i++; // opening quote
    for (;;) {
      if (i >= text.length) fail('unterminated string');
      const ch = text.charCodeAt(i);
      if (ch === 34) {
        i++;
        return;
      }
      if (ch < 32) fail('control character in a string (write it as an escape, e.g. \\n)');
      if (ch === 92) {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail('bad \\u escape (needs 4 hex digits)');
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else fail(`bad escape '\\${e ?? ''}'`);
        continue;
      }
      i++;
    }
  };
  const digits = () => {
    const s = i;
    while (i < text.length && text[i]! >= '0' && text[i]! <= '9') i++;
    return i - s;
  };
  const number = () => {
    if (text[i] === '-') i++;
    if (text[i] === '0') i++;
    else if (digits() === 0) fail(`expected a digit, found ${found()}`);
    if (text[i] === '.') {
      i++;
      if (digits() === 0) fail(`expected a digit after '.', found ${found()}`);
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++;
      if (text[i] === '+' || text[i] === '-') i++;
      if (digits() === 0) fail(`expected a digit in the exponent, found ${found()}`);
    }
  };
  try {
    value();
    ws();
    if (i < text.length) fail(`unexpected ${found()} after the JSON value`);
    return null;
  } catch (e) {
    if (e instanceof JsonStop) return { index: e.index, reason: e.reason };
    throw e;
  }
}

/** A character as it can be shown in a message: control characters (NUL, ESC, …) as a \\u escape. */
function visible(ch: string): string {
  const c = ch.charCodeAt(0);
  return c < 0x20 || (c >= 0x7f && c <= 0x9f) ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
}

class JsonStop {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {}
}

/**
 * The first repeated property name of an object in valid JSON text (JSON.parse silently keeps the
 * last value; a file with two "maxHp" is more likely a mistake than a wish), or null.
 */
export function jsonDuplicateKey(text: string): { index: number; key: string } | null {
  // Iterative, like jsonSyntaxError: one entry per open container, a key set for objects.
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      open.push(new Set());
      expectKey = true;
    } else if (c === 91 /* [ */) {
      open.push(null);
      expectKey = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      open.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      expectKey = open[open.length - 1] instanceof Set;
    } else if (c === 34 /* " */) {
      const start = i;
      for (i++; text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (keys.has(key)) return { index: start, key };
        keys.add(key);
        expectKey = false;
      }
    }
  }
  return null;
}
