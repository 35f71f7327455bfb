// Which keys play which action: one player alone, or a split keyboard for Player vs Player (PoFV
// style): P1 arrows + Z shoot / X charge / Shift focus, P2 WASD + J shoot / K charge / L focus.
// Pure data (names of Phaser's KeyCodes), so it is tested in Node.

/** Who a device reads for: one player alone (every pad), or player 1 / 2 of a split keyboard. */
export type InputScheme = 'solo' | 'p1' | 'p2';

export const ACTIONS = ['up', 'down', 'left', 'right', 'shot', 'focus', 'charge'] as const;
export type Action = (typeof ACTIONS)[number];

/** Key code names (Phaser.Input.Keyboard.KeyCodes) per action for each scheme. */
export const KEYMAPS: Record<InputScheme, Record<Action, string>> = {
  solo: { up: 'UP', down: 'DOWN', left: 'LEFT', right: 'RIGHT', shot: 'Z', focus: 'SHIFT', charge: 'X' },
  p1: { up: 'UP', down: 'DOWN', left: 'LEFT', right: 'RIGHT', shot: 'Z', focus: 'SHIFT', charge: 'X' },
  p2: { up: 'W', down: 'S', left: 'A', right: 'D', shot: 'J', focus: 'L', charge: 'K' },
};

/** The keys of a scheme as a person reads them (HUD, controls panel, title). */
export function keyLegend(scheme: InputScheme): { move: string; shot: string; focus: string; charge: string } {
  const m = KEYMAPS[scheme];
  const name = (k: string): string => (k.length === 1 ? k : k[0] + k.slice(1).toLowerCase());
  return {
    move: m.up === 'UP' ? 'Arrows' : `${m.up}${m.left}${m.down}${m.right}`,
    shot: name(m.shot),
    focus: name(m.focus),
    charge: name(m.charge),
  };
}

/** The pad a scheme reads: every connected pad alone, else the player's own (P1 the first, P2 the second). */
export function padOf(scheme: InputScheme): number | undefined {
  return scheme === 'solo' ? undefined : scheme === 'p1' ? 0 : 1;
}
