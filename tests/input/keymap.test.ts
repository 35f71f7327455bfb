import { describe, expect, it } from 'vitest';
import { ACTIONS, keyLegend, KEYMAPS, padOf } from '../../src/input/keymap';

describe('keyboard schemes', () => {
  it('every scheme maps every action to its own key', () => {
    for (const map of Object.values(KEYMAPS)) {
      expect(Object.keys(map).sort()).toEqual([...ACTIONS].sort());
      expect(new Set(Object.values(map)).size).toBe(ACTIONS.length);
    }
  });

  it('Player vs Player splits the keyboard: the two players share no key', () => {
    const p1 = new Set(Object.values(KEYMAPS.p1));
    for (const k of Object.values(KEYMAPS.p2)) expect(p1.has(k)).toBe(false);
    expect(KEYMAPS.p1).toEqual(KEYMAPS.solo);
  });

  it('names the keys as the screen shows them, and gives each player their own pad', () => {
    expect(keyLegend('solo')).toEqual({ move: 'Arrows', shot: 'Z', focus: 'Shift', charge: 'X' });
    expect(keyLegend('p2')).toEqual({ move: 'WASD', shot: 'J', focus: 'L', charge: 'K' });
    expect([padOf('solo'), padOf('p1'), padOf('p2')]).toEqual([undefined, 0, 1]);
  });
});
