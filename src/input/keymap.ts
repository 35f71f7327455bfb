// Which keys play which action: one player alone, or a split keyboard for Player vs Player (PoFV
// style): by default P1 arrows + Z shoot / X charge / Shift focus, P2 WASD + J shoot / K charge /
// L focus. The player's own bindings (Options, src/storage/settings.ts) are passed in, so this stays
// pure data (names of Phaser's KeyCodes), tested in Node.
import { t } from '../i18n/i18n';
import { ACTIONS, DEFAULT_KEYS, keyLabel, type Action, type KeyBindings } from '../storage/settings-schema';

export { ACTIONS, type Action, type KeyBindings };

/** Who a device reads for: one player alone (every pad), or player 1 / 2 of a split keyboard. */
export type InputScheme = 'solo' | 'p1' | 'p2';

/** The default key code names per action for each scheme (alone: P1's keys). */
export const KEYMAPS: Record<InputScheme, Record<Action, string>> = {
  solo: DEFAULT_KEYS.p1,
  p1: DEFAULT_KEYS.p1,
  p2: DEFAULT_KEYS.p2,
};

/** The keys a scheme plays with under `bindings` (alone: P1's). */
export function keysOf(scheme: InputScheme, bindings: Readonly<KeyBindings> = DEFAULT_KEYS): Record<Action, string> {
  return bindings[scheme === 'p2' ? 'p2' : 'p1'];
}

/** The keys of a scheme as a person reads them (HUD, controls panel, title). */
export function keyLegend(
  scheme: InputScheme,
  bindings: Readonly<KeyBindings> = DEFAULT_KEYS,
): { move: string; shot: string; focus: string; charge: string } {
  const m = keysOf(scheme, bindings);
  const arrows = m.up === 'UP' && m.down === 'DOWN' && m.left === 'LEFT' && m.right === 'RIGHT';
  const name = (k: string): string => (k.length === 1 ? k : k[0] + k.slice(1).toLowerCase().replace(/_/g, ' '));
  const letters = [m.up, m.left, m.down, m.right].every((k) => k.length === 1);
  return {
    move: arrows
      ? t('options.input.arrows')
      : letters
        ? `${m.up}${m.left}${m.down}${m.right}`
        : [m.up, m.left, m.down, m.right].map(keyLabel).join(' '),
    shot: name(m.shot),
    focus: name(m.focus),
    charge: name(m.charge),
  };
}

/** The pad a scheme reads: every connected pad alone, else the player's own (P1 the first, P2 the second). */
export function padOf(scheme: InputScheme): number | undefined {
  return scheme === 'solo' ? undefined : scheme === 'p1' ? 0 : 1;
}
