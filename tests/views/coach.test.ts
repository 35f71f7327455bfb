// The controls panel ticks off what a person really did: charging slows the ship like focus, but
// only the focus key itself ticks "focus" (a newcomer holding X saw focus ticked).
import { describe, expect, it } from 'vitest';
import { usedControls } from '../../src/views/coach';
import { Input, step } from '../../src/sim';
import { quietMatch } from '../sim/helpers';

describe('coach: controls used', () => {
  it('ticks focus for the focus key, not for a charge', () => {
    const s = quietMatch();
    const side = s.sides[0]!;
    side.gauge = 100;
    const start = { x: side.ship.x, y: side.ship.y };
    const seen = new Set<'move' | 'shot' | 'focus' | 'charge'>();
    for (let f = 0; f < 10; f++) {
      step(s, Input.CHARGE, 0);
      usedControls(side, start, seen);
    }
    expect(side.ship.focused).toBe(true);
    expect([...seen]).toEqual(['charge']);
    step(s, Input.FOCUS, 0);
    usedControls(side, start, seen);
    expect(seen.has('focus')).toBe(true);
  });
});
