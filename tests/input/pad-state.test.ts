import { describe, expect, it } from 'vitest';
import { MENU_DEAD_ZONE, mergePads, NO_PAD, PAD, PLAY_DEAD_ZONE, readPad, type PadLike } from '../../src/input/pad-state';

function pad(o: { buttons?: Record<number, number>; axes?: number[] } = {}): PadLike {
  return {
    buttons: Array.from({ length: 17 }, (_, i) => {
      const value = o.buttons?.[i] ?? 0;
      return { value, pressed: value >= 1 };
    }),
    axes: (o.axes ?? [0, 0, 0, 0]).map((value) => ({ value })),
  };
}

describe('readPad', () => {
  it('maps the standard layout: d-pad, A, B, shoulders, Start', () => {
    const s = readPad(pad({ buttons: { [PAD.UP]: 1, [PAD.RIGHT]: 1, [PAD.A]: 1, [PAD.B]: 1, [PAD.L1]: 1, [PAD.START]: 1 } }), 'play');
    expect(s).toEqual({ up: true, down: false, left: false, right: true, a: true, b: true, l1: true, r1: false, start: true });
    expect(readPad(pad(), 'play')).toEqual(NO_PAD);
  });

  it("counts an analog button from half pressed (Phaser's own pressed needs 1)", () => {
    expect(readPad(pad({ buttons: { [PAD.R1]: 0.6 } }), 'play').r1).toBe(true);
    expect(readPad(pad({ buttons: { [PAD.R1]: 0.3 } }), 'play').r1).toBe(false);
  });

  it('play: the stick moves past its dead zone on each axis, diagonals included', () => {
    const inside = PLAY_DEAD_ZONE - 0.05;
    const outside = PLAY_DEAD_ZONE + 0.05;
    expect(readPad(pad({ axes: [inside, -inside] }), 'play')).toEqual(NO_PAD);
    const diag = readPad(pad({ axes: [-outside, outside] }), 'play');
    expect([diag.left, diag.down, diag.right, diag.up]).toEqual([true, true, false, false]);
  });

  it('menu: a wider dead zone, and only the dominant axis counts', () => {
    const s = readPad(pad({ axes: [MENU_DEAD_ZONE - 0.05, 0] }), 'menu');
    expect(s.right).toBe(false);
    // The same push moves the ship in play (the play dead zone is smaller).
    expect(readPad(pad({ axes: [MENU_DEAD_ZONE - 0.05, 0] }), 'play').right).toBe(true);
    const sloppy = readPad(pad({ axes: [0.6, 0.9] }), 'menu');
    expect([sloppy.down, sloppy.right]).toEqual([true, false]);
    const up = readPad(pad({ axes: [0.2, -0.8] }), 'menu');
    expect([up.up, up.left, up.right]).toEqual([true, false, false]);
  });
});

describe('mergePads', () => {
  it('ORs every pad so any connected pad works', () => {
    const a = readPad(pad({ buttons: { [PAD.A]: 1 } }), 'play');
    const b = readPad(pad({ buttons: { [PAD.LEFT]: 1 } }), 'play');
    const m = mergePads([a, b]);
    expect([m.a, m.left, m.b]).toEqual([true, true, false]);
    expect(mergePads([])).toEqual(NO_PAD);
  });
});
