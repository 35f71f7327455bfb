import { describe, expect, it } from 'vitest';
import { MAX_FRAME_MS, MenuPadNav, REPEAT_DELAY_MS, REPEAT_EVERY_MS, type MenuCommand } from '../../src/input/menu-pad-nav';
import { NO_PAD, type PadState } from '../../src/input/pad-state';

const held = (o: Partial<PadState>): PadState => ({ ...NO_PAD, ...o });

/** Runs the nav over `ms` milliseconds of frames of `dt` ms with the pad held as given. */
function hold(nav: MenuPadNav, pad: PadState, ms: number, dt = 1000 / 60): MenuCommand[] {
  const out: MenuCommand[] = [];
  for (let t = 0; t < ms; t += dt) out.push(...nav.update(pad, dt));
  return out;
}

function ready(): MenuPadNav {
  const nav = new MenuPadNav();
  nav.update(NO_PAD, 16); // the first update only learns what is held
  return nav;
}

describe('MenuPadNav', () => {
  it('gives one command per press of a button, never repeating', () => {
    const nav = ready();
    expect(hold(nav, held({ a: true }), 2000)).toEqual(['confirm']);
    expect(hold(nav, NO_PAD, 100)).toEqual([]);
    expect(hold(nav, held({ b: true }), 500)).toEqual(['back']);
    hold(nav, NO_PAD, 50);
    expect(hold(nav, held({ start: true }), 500)).toEqual(['start']);
  });

  it('repeats a held direction after the delay, then at the repeat rate', () => {
    const nav = ready();
    const total = REPEAT_DELAY_MS + 5 * REPEAT_EVERY_MS + REPEAT_EVERY_MS / 2;
    const got = hold(nav, held({ down: true }), total, 1);
    expect(got).toEqual(Array(1 + 1 + 5).fill('down'));
    // Just before the delay: only the press itself.
    const nav2 = ready();
    expect(hold(nav2, held({ left: true }), REPEAT_DELAY_MS - 5, 1)).toEqual(['left']);
  });

  it('a new press after a release acts at once', () => {
    const nav = ready();
    expect(hold(nav, held({ up: true }), 50)).toEqual(['up']);
    hold(nav, NO_PAD, 20);
    expect(hold(nav, held({ up: true }), 50)).toEqual(['up']);
  });

  it('a stalled frame counts as a short one: no early repeat, at most one per frame', () => {
    const nav = ready();
    nav.update(held({ right: true }), 16);
    expect(nav.update(held({ right: true }), 5000)).toEqual([]);
    const slow = hold(nav, held({ right: true }), 40 * 1000, 1000);
    expect(slow.length).toBeGreaterThan(0);
    expect(slow.length).toBeLessThanOrEqual(40);
    // Counted in capped frames, the first repeat came after REPEAT_DELAY_MS of them.
    const nav2 = ready();
    const frames: number[] = [];
    for (let f = 0; f < 30; f++) if (nav2.update(held({ up: true }), 1000).length) frames.push(f);
    expect(frames[0]).toBe(0);
    expect(frames[1]).toBe(Math.ceil(REPEAT_DELAY_MS / MAX_FRAME_MS));
  });

  it('ignores what is held when it starts or is latched, until released', () => {
    const nav = new MenuPadNav();
    // A held from the scene before (it started the match): nothing, however long.
    expect(hold(nav, held({ a: true, down: true }), 1500)).toEqual([]);
    expect(hold(nav, held({ a: false, down: true }), 100)).toEqual([]);
    hold(nav, NO_PAD, 20);
    expect(hold(nav, held({ a: true }), 50)).toEqual(['confirm']);
    // The menu opens while B (charge) is held: B must not count as "back" until pressed again.
    nav.latch();
    expect(hold(nav, held({ b: true }), 800)).toEqual([]);
    hold(nav, NO_PAD, 20);
    expect(hold(nav, held({ b: true }), 50)).toEqual(['back']);
  });
});
