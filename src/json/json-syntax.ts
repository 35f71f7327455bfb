// Where JSON text stops being JSON: JSON.parse gives at most a character offset (for some errors
// not even that), so a small scanner finds the first syntax error and its line and column. Shared
// by every tool that reads JSON files (planner instances, dodge scenarios).

/** Line, column and reason of the syntax error of text that JSON.parse refused with `error`. */
export function jsonErrorAt(text: string, error: unknown): { line: number; column: number; reason: string } {
  const at = jsonSyntaxError(text);
  const { line, column } = lineColumn(text, at ? at.index : text.length);
  return { line, column, reason: at ? at.reason : (error as Error).message };
}

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
  const found = () => (i >= text.length ? 'the end of the text' : `'${text[i]}'`);
  const ws = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const value = (depth: number): void => {
    if (depth > 10000) fail('nested too deeply');
    ws();
    const c = text[i];
    if (c === '{') {
      i++;
      ws();
      if (text[i] === '}') {
        i++;
        return;
      }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, found ${found()}`);
        string();
        ws();
        if (text[i] !== ':') fail(`expected ':' after the property name, found ${found()}`);
        i++;
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === '}') {
          i++;
          return;
        }
        fail(`expected ',' or '}' after a property value, found ${found()}`);
      }
    }
    if (c === '[') {
      i++;
      ws();
      if (text[i] === ']') {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        ws();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] === ']') {
          i++;
          return;
        }
        fail(`expected ',' or ']' after an array element, found ${found()}`);
      }
    }
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    for (const word of ['true', 'false', 'null']) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return;
      }
    }
    fail(`expected a value, found ${found()}`);
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
    value(0);
    ws();
    if (i < text.length) fail(`unexpected ${found()} after the JSON value`);
    return null;
  } catch (e) {
    if (e instanceof JsonStop) return { index: e.index, reason: e.reason };
    throw e;
  }
}

class JsonStop {
  constructor(
    readonly index: number,
    readonly reason: string,
  ) {}
}
