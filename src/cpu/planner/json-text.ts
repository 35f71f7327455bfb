// JSON text of planner files: malformed JSON becomes a PlannerInputError with a line and column.
import { parseJsonText as parseJson } from '../../json/parse-json-text';
import { PlannerInputError } from './types';

export { jsonSyntaxError, lineColumn } from '../../json/json-syntax';

/** Parses JSON text; malformed JSON throws a PlannerInputError `source:line:column: malformed JSON (...)`. */
export function parseJsonText(text: string, source: string): unknown {
  return parseJson(text, source, (where, reason) => new PlannerInputError(where, '', reason));
}
