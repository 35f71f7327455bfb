// What the character select shows about a character, in words and bar lengths (issue 24): no Phaser,
// so the tests read it directly. Bars are relative to the roster, so the six differ at a glance.
import { type Character, getCharacter, type ShotKind } from '../sim/characters';

/** The shot kinds as a player reads them. */
export const SHOT_WORDS: Record<ShotKind, string> = {
  spread: '3-way spread',
  needle: 'piercing needles',
  homing: 'homing shots',
  heavy: 'heavy shots',
  wide: '5-way fan',
  twin: 'twin streams',
};

export interface StatBar {
  label: string;
  /** Bar length, 0.2–1 (the roster's lowest gets a stub, not nothing). */
  fill: number;
}

const STATS: { label: string; of: (c: Character) => number }[] = [
  { label: 'Speed', of: (c) => c.speed },
  { label: 'Focus', of: (c) => c.focusSpeed },
  { label: 'Hitbox', of: (c) => c.hitRadius },
  // Fewer frames per level = a faster charge = a longer bar.
  { label: 'Charge', of: (c) => 1 / c.chargeFrames },
];

/** Speed, focus speed, hitbox size and charge speed of `c`, each scaled between the roster's extremes. */
export function statBars(c: Character, roster: readonly Character[]): StatBar[] {
  return STATS.map(({ label, of }) => {
    const vs = roster.map(of);
    const lo = Math.min(...vs);
    const hi = Math.max(...vs);
    const fill = hi > lo ? 0.2 + (0.8 * (of(c) - lo)) / (hi - lo) : 0.6;
    return { label, fill: Math.min(1, Math.max(0.2, fill)) };
  });
}

/** The named parts of a character: shot kind, charge shot, EX attack, spell and Boss Attack. */
export function moveList(c: Character): { label: string; name: string }[] {
  return [
    { label: 'Shot', name: SHOT_WORDS[c.shot.kind] },
    { label: 'Charge', name: c.charge.name },
    { label: 'EX', name: c.ex.name },
    { label: 'Spell', name: c.spell.name },
    { label: 'Boss', name: c.boss.name },
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
    return getCharacter(id).name;
  } catch {
    return id;
  }
}
