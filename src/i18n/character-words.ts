// A character's name, description and attack names in the player's language (the roster files carry
// both: name/nameJa, description/descriptionJa, and an attack's name with an optional nameJa).
import type { Character } from '../sim/characters';
import { language } from './i18n';

/** "Asagi" in English, "浅葱" in Japanese. */
export function characterName(c: Pick<Character, 'name' | 'nameJa'>): string {
  return language() === 'ja' ? c.nameJa : c.name;
}

/** The one-line play style. */
export function characterDescription(c: Pick<Character, 'description' | 'descriptionJa'>): string {
  return language() === 'ja' ? c.descriptionJa : c.description;
}

/** A named thing of the roster: English always, Japanese where the file has it. */
interface Named {
  name: string;
  nameJa?: string | undefined;
}

/** The name in the player's language (English where the Japanese is missing). */
function named(n: Named): string {
  return language() === 'ja' && n.nameJa ? n.nameJa : n.name;
}

/** The named attacks of a character: charge shot, EX attack, spell card, Boss Attack. */
export type AttackPart = 'charge' | 'ex' | 'spell' | 'boss';

/** "Dew Burst" / "露弾け"; attackName(c, 'spell'): 'Morning Glory Sign "Dawn Trumpet"' / 朝顔「夜明けのラッパ」. */
export function attackName(c: Pick<Character, AttackPart>, part: AttackPart): string {
  return named(c[part]);
}

/** The name of the Boss Attack's phase `i` ('' past the last). */
export function bossPhaseName(c: Pick<Character, 'boss'>, i: number): string {
  const p = c.boss.phases[i];
  return p ? named(p) : '';
}
