// The characters: the study's neutral ship and the roster people pick from (issue 24). Each is a
// JSON file of CharacterSchema (roster/), parsed once here; an error names the file and the field.
import { parseWith, PresetError } from '../preset-schema';
import { CharacterSchema, type Character } from './schema';
import asagi from './roster/asagi.json';
import kohaku from './roster/kohaku.json';
import kurenai from './roster/kurenai.json';
import midori from './roster/midori.json';
import neutral from './roster/neutral.json';
import ruri from './roster/ruri.json';
import shion from './roster/shion.json';

export { CharacterSchema, SHOT_KINDS, type Character, type ShotKind } from './schema';

/** Validates character data; throws PresetError naming the field (`where.field: reason`). */
export function parseCharacter(data: unknown, where = 'character'): Character {
  const c = parseWith(CharacterSchema, data, where);
  if (c.sent.speedMax < c.sent.speedMin) throw new PresetError(`${where}.sent.speedMax: must be at least speedMin (${c.sent.speedMin})`);
  if (c.focusSpeed > c.speed) throw new PresetError(`${where}.focusSpeed: must be at most speed (${c.speed})`);
  return c;
}

/** The ship of the study, the drills and every config that names no character. */
export const NEUTRAL = 'neutral';

/** Every character, the neutral ship first; index = the id the sim stores in an enemy (Enemy.script). */
export const CHARACTERS: readonly Character[] = [neutral, asagi, kurenai, shion, kohaku, ruri, midori].map((d) =>
  parseCharacter(d, `characters/roster/${d.id}.json`),
);

/** The selectable characters' ids, in select-screen order. */
export const ROSTER: readonly string[] = CHARACTERS.filter((c) => c.selectable).map((c) => c.id);

const BY_ID = new Map(CHARACTERS.map((c, i) => [c.id, i]));

/** Index of a character in CHARACTERS, or −1. */
export function characterIndex(id: string): number {
  return BY_ID.get(id) ?? -1;
}

/** A character by id; throws PresetError listing the known ids. */
export function getCharacter(id: string): Character {
  const i = characterIndex(id);
  if (i < 0) throw new PresetError(`character: unknown '${id}' (known: ${CHARACTERS.map((c) => c.id).join(', ')})`);
  return CHARACTERS[i]!;
}
