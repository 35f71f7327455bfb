import { describe, expect, it } from 'vitest';
import { simulateChase } from '../../src/world/chase/sim';
import { CrashTurn } from '../../src/world/crash-turn';
import { parseMaze } from '../../src/maze/maze';

describe('crash-and-turn', () => {
  it('heads straight at the target, and on a crash turns to the open side closest to it', () => {
    const m = parseMaze(['#######', '#.....#', '#.#####', '#.A...#', '#######'].join('\n').replace('#.A', '#PA'));
    const c = new CrashTurn(m, () => 0.5);
    c.update(3.5, 3.5, 1.5, 1.5, false, 0);
    expect(c.heading.x).toBeLessThan(0);
    expect(c.heading.y).toBeLessThan(0);
    // Crash into the wall above: of left/right (the open sides) left is closer to the target.
    c.update(3.5, 3.5, 1.5, 1.5, true, 0);
    expect(c.heading).toEqual({ x: -1, y: 0 });
    expect(c.crashes).toBe(1);
  });

  it('catches the target in an open room and is reproducible', () => {
    const m = parseMaze(['########', '#P.....#', '#......#', '#......#', '#.....A#', '########'].join('\n'));
    const a = simulateChase(m, { method: 'crash', seed: 3 });
    const b = simulateChase(m, { method: 'crash', seed: 3 });
    expect(a.chasers[0]!.caught).toBe(true);
    expect(a).toEqual(b);
  });

  it('gets stuck behind a concave wall where the flow field does not', () => {
    const rows = ['#########', '#...P...#', '#.......#', '#.#####.#', '#.#...#.#', '#.#.A.#.#', '#.#...#.#', '#.......#', '#########'];
    // A is inside a cup opening downward, the target above the cup.
    const m = parseMaze(rows.join('\n'));
    expect(simulateChase(m, { method: 'crash', maxSteps: 3000 }).chasers[0]!.caught).toBe(false);
    expect(simulateChase(m, { method: 'flow', maxSteps: 3000 }).chasers[0]!.caught).toBe(true);
  });
});
