// JSON.parse with a useful error: where the text stops being JSON (file:line:column) and why.
// Each caller says which error to throw (a planner input error, a tool's usage error, ...).
import { jsonDuplicateKey, jsonErrorAt, lineColumn } from './json-syntax';

/** Makes the error to throw: `where` is `source:line:column`, `reason` is `malformed JSON (...)`. */
export type JsonErrorFactory = (where: string, reason: string) => Error;

/**
 * Parses JSON text; malformed JSON throws `makeError(source:line:column, 'malformed JSON (why)')`, a key
 * repeated in one object `makeError(source:line:column, 'duplicate key "k" ...')`.
 */
export function parseJsonText(text: string, source: string, makeError: JsonErrorFactory): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const { line, column, reason } = jsonErrorAt(text, e);
    throw makeError(`${source}:${line}:${column}`, `malformed JSON (${reason})`);
  }
  const dup = jsonDuplicateKey(text);
  if (dup) {
    const { line, column } = lineColumn(text, dup.index);
    throw makeError(`${source}:${line}:${column}`, `duplicate key ${JSON.stringify(dup.key)} (a key may appear once in an object)`);
  }
  return value;
}
