// JSON text of planner files: malformed JSON becomes a PlannerInputError with a line and column.
import { jsonErrorAt } from '../../json/json-syntax';
import { PlannerInputError } from './types';

export { jsonSyntaxError, lineColumn } from '../../json/json-syntax';

/** Parses JSON text; malformed JSON throws a PlannerInputError `source:line:column: malformed JSON (...)`. */
export function parseJsonText(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const { line, column, reason } = jsonErrorAt(text, e);
    throw new PlannerInputError(`${source}:${line}:${column}`, '', `malformed JSON (${reason})`);
  }
}
