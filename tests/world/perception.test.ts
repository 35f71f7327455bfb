import { describe, expect, it } from 'vitest';
import { canHear, canSee, inCone, lineOfSight, perceives } from '../../src/world/perception';
import type { TileGrid } from '../../src/geom/grid';

const grid = (rows: string[]): TileGrid => {
  const w = rows[0]!.length;
  const walls = new Uint8Array(w * rows.length);
  rows.forEach((r, y) => [...r].forEach((ch, x) => (walls[y * w + x] = ch === '#' ? 1 : 0)));
  return { width: w, height: rows.length, walls };
};

describe('perception', () => {
  const g = grid(['.......', '.......', '...#...', '.......', '.......']);

  it('vision cone by cosine of the half-angle', () => {
    expect(inCone(0, 0, 1, 0, 5, 1, 0.5)).toBe(true); // ~11° off, 120° cone
    expect(inCone(0, 0, 1, 0, 1, 5, 0.5)).toBe(false); // ~79° off
    expect(inCone(0, 0, 1, 0, -5, 0, 0.5)).toBe(false); // behind
    expect(inCone(0, 0, 1, 0, -1, 5, -0.5)).toBe(true); // 240° cone sees ~101°
    expect(inCone(0, 0, 1, 0, -5, 0.1, -0.5)).toBe(false);
  });

  it('line of sight through the tile grid', () => {
    expect(lineOfSight(g, 0.5, 2.5, 6.5, 2.5)).toBe(false); // straight through the wall at (3,2)
    expect(lineOfSight(g, 0.5, 1.5, 6.5, 1.5)).toBe(true);
    expect(lineOfSight(g, 0.5, 0.5, 6.5, 4.5)).toBe(false); // diagonal crosses (3,2)
    expect(lineOfSight(g, 0.5, 3.5, 6.5, 3.5)).toBe(true);
    expect(lineOfSight(g, 2.5, 2.5, 2.5, 2.5)).toBe(true);
  });

  it('a diagonal gap between two walls is closed, grazing one corner is not', () => {
    const d = grid(['.#', '#.']);
    expect(lineOfSight(d, 0.5, 0.5, 1.5, 1.5)).toBe(false);
    const e = grid(['.#', '..']);
    expect(lineOfSight(e, 0.5, 0.5, 1.5, 1.5)).toBe(true);
  });

  it('sees only within range, cone and sight; hears within a radius', () => {
    const cone = { cosHalfAngle: 0.5, range: 5 };
    expect(canSee(g, 0.5, 1.5, 1, 0, 4.5, 1.5, cone)).toBe(true);
    expect(canSee(g, 0.5, 1.5, -1, 0, 4.5, 1.5, cone)).toBe(false); // facing away
    expect(canSee(g, 0.5, 1.5, 1, 0, 6.5, 1.5, { ...cone, range: 3 })).toBe(false);
    expect(canSee(g, 0.5, 2.5, 1, 0, 6.5, 2.5, { ...cone, range: 10 })).toBe(false); // wall
    expect(canHear(g, 0.5, 2.5, 2.5, 2.5, 3)).toBe(true);
    expect(canHear(g, 0.5, 2.5, 6.5, 2.5, 7)).toBe(true);
    expect(canHear(g, 0.5, 2.5, 6.5, 2.5, 7, false)).toBe(false);
    expect(perceives(g, 0.5, 2.5, -1, 0, 2.5, 2.5, { cone, hearing: 3 })).toBe(true);
    expect(perceives(g, 0.5, 2.5, -1, 0, 2.5, 2.5, { cone })).toBe(false);
  });
});
