// What the character select shows about a character, in words and bar lengths (issue 24): no Phaser,
// so the tests read it directly. Bars are relative to the roster, so the six differ at a glance.
import { characterName } from '../i18n/character-words';
import { EN } from '../i18n/en';
import { language, t } from '../i18n/i18n';
import { type Character, getCharacter, type ShotKind } from '../sim/characters';

/** The shot kinds in English (the catalogue's; shotWords() gives them in the game's language). */
export const SHOT_WORDS: Readonly<Record<ShotKind, string>> = EN.match.character.shots;

/** The shot kinds as a player reads them, in the game's language. */
export function shotWords(kind: ShotKind): string {
  return t(`match.character.shots.${kind}`);
}

/**
 * A named part of a character (charge, EX, spell, boss, a boss phase) in the game's language: its
 * `nameJa` in Japanese when the roster gives one, else its name.
 */
export function partName(p: { name: string; nameJa?: string }): string {
  return language() === 'ja' && p.nameJa ? p.nameJa : p.name;
}

/** A character as the HUD and the result name it: "Kurenai 紅" in English, "紅" in Japanese. */
export function characterTitle(c: Pick<Character, 'name' | 'nameJa'>): string {
  return language() === 'ja' ? c.nameJa : `${c.name} ${c.nameJa}`;
}

export interface StatBar {
  label: string;
  /** Bar length, 0.2–1 (the roster's lowest gets a stub, not nothing). */
  fill: number;
}

const STATS: { key: 'speed' | 'focus' | 'hitbox' | 'charge'; of: (c: Character) => number }[] = [
  { key: 'speed', of: (c) => c.speed },
  { key: 'focus', of: (c) => c.focusSpeed },
  { key: 'hitbox', of: (c) => c.hitRadius },
  // Fewer frames per level = a faster charge = a longer bar.
  { key: 'charge', of: (c) => 1 / c.chargeFrames },
];

/** Speed, focus speed, hitbox size and charge speed of `c`, each scaled between the roster's extremes. */
export function statBars(c: Character, roster: readonly Character[]): StatBar[] {
  return STATS.map(({ key, of }) => {
    const vs = roster.map(of);
    const lo = Math.min(...vs);
    const hi = Math.max(...vs);
    const fill = hi > lo ? 0.2 + (0.8 * (of(c) - lo)) / (hi - lo) : 0.6;
    return { label: t(`match.character.stats.${key}`), fill: Math.min(1, Math.max(0.2, fill)) };
  });
}

/** The named parts of a character: shot kind, charge shot, EX attack, spell and Boss Attack. */
export function moveList(c: Character): { label: string; name: string }[] {
  return [
    { label: t('match.character.moves.shot'), name: shotWords(c.shot.kind) },
    { label: t('match.character.moves.charge'), name: partName(c.charge) },
    { label: t('match.character.moves.ex'), name: partName(c.ex) },
    { label: t('match.character.moves.spell'), name: partName(c.spell) },
    { label: t('match.character.moves.boss'), name: partName(c.boss) },
  ];
}

/** The choice shown after the roster: resolved to a roster id when confirmed. */
export const RANDOM = 'random';

/** A pick made final: 'random' becomes one of `roster` (`rnd` in [0, 1)); a roster id stays. */
export function resolvePick(pick: string, roster: readonly string[], rnd: () => number): string {
  if (pick !== RANDOM) return pick;
  return roster[Math.min(roster.length - 1, Math.floor(rnd() * roster.length))]!;
}

/** A side's character as the HUD, result and Replays name it: "Kurenai", or '' for the neutral ship or an unknown id. */
export function characterLabel(id: string | undefined): string {
  if (!id || id === 'neutral') return '';
  try {
    return characterName(getCharacter(id));
  } catch {
    return id;
  }
}
