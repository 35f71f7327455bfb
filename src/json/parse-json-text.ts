// JSON.parse with a useful error: where the text stops being JSON (file:line:column) and why.
// Each caller says which error to throw (a planner input error, a tool's usage error, ...).
import { jsonErrorAt } from './json-syntax';

/** Makes the error to throw: `where` is `source:line:column`, `reason` is `malformed JSON (...)`. */
export type JsonErrorFactory = (where: string, reason: string) => Error;

/** Parses JSON text; malformed JSON throws `makeError(source:line:column, 'malformed JSON (why)')`. */
export function parseJsonText(text: string, source: string, makeError: JsonErrorFactory): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const { line, column, reason } = jsonErrorAt(text, e);
    throw makeError(`${source}:${line}:${column}`, `malformed JSON (${reason})`);
  }
}
