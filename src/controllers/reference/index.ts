// Reference players as data: one zod schema (schema.ts), the built-ins as JSON files (builtin/),
// frozen once documented (docs/reference-players.md) and never tuned together with the ladder.
import { normName, PresetError } from '../../sim/preset-schema';
import { ReferenceController } from './reference-controller';
import { parseReferencePlayer, type ReferencePlayer } from './schema';
import casual from './builtin/casual.json';
import newcomer from './builtin/newcomer.json';
import skilled from './builtin/skilled.json';

export { parseReferencePlayer, REFERENCE_FIELDS, ReferencePlayerSchema, type ReferencePlayer } from './schema';
export { ReferenceController } from './reference-controller';

/** The built-in references, weakest first, validated when this module loads. */
export const REFERENCE_PLAYERS: readonly ReferencePlayer[] = [newcomer, casual, skilled].map((d) =>
  parseReferencePlayer(d, `controllers/reference/builtin/${d.name}.json`),
);

export const REFERENCE_NAMES: readonly string[] = REFERENCE_PLAYERS.map((r) => r.name);

/** A built-in reference by name or label ('newcomer', 'Newcomer (reference)'). */
export function getReferencePlayer(name: string): ReferencePlayer {
  const n = normName(name);
  const r = REFERENCE_PLAYERS.find((x) => normName(x.name) === n || normName(x.label) === n);
  if (!r) throw new PresetError(`reference: unknown reference player '${name}' (known: ${REFERENCE_NAMES.join(', ')})`);
  return r;
}

/** A controller for `human:NAME` (a built-in) or the given reference data. */
export function createReferenceController(ref: ReferencePlayer | string): ReferenceController {
  return new ReferenceController(typeof ref === 'string' ? getReferencePlayer(ref) : ref);
}
