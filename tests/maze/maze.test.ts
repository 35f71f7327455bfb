import { describe, expect, it } from 'vitest';
import { MazeError, bfsDistances, parseMaze } from '../../src/maze/maze';

/** The MazeError parseMaze throws for this text (as file x.maze); fails the test when none. */
function mazeError(text: string): MazeError {
  try {
    parseMaze(text, 'x.maze');
  } catch (e) {
    expect(e).toBeInstanceOf(MazeError);
    return e as MazeError;
  }
  return expect.unreachable('parseMaze accepted a bad maze');
}

describe('maze text format', () => {
  it('parses walls, markers and distances', () => {
    const m = parseMaze(`${['#####', '#P.A#', '#.#G#', '#H.E#', '#####'].join('\n')}\n`);
    expect([m.width, m.height]).toEqual([5, 5]);
    expect(m.start).toEqual({ x: 1, y: 1 });
    expect(m.chasers).toEqual([{ id: 'A', x: 3, y: 1 }]);
    expect(m.exits).toEqual([{ x: 3, y: 2 }]);
    expect(m.heals).toEqual([{ x: 1, y: 3 }]);
    expect(m.enemies).toEqual([{ x: 3, y: 3 }]);
    const d = bfsDistances(m, m.start);
    expect(d[1 * 5 + 3]).toBe(2);
    expect(d[0]).toBe(-1);
  });

  const bad: [string, string, number, number, RegExp][] = [
    ['ragged row', '####\n#P.#\n##\n', 3, 3, /ragged/],
    ['unknown character', '####\n#Px#\n####', 2, 3, /unknown character 'x'/],
    ['tab (not a ragged row)', '####\n#P.#\n#.\t.#\n####', 3, 3, /unknown character '\\t' \(tab\)/],
    ['trailing space (not a ragged row)', '####\n#P.# \n####', 2, 5, /unknown character ' ' \(space\)/],
    ['unreachable chaser', '#####\n#P#A#\n#####', 2, 4, /chaser 'A' cannot reach/],
    ['two P', '####\n#PP#\n####', 2, 3, /second 'P'/],
  ];
  for (const [name, text, line, col, re] of bad) {
    it(`rejects ${name} with line and column`, () => {
      const me = mazeError(text);
      expect([me.line, me.column]).toEqual([line, col]);
      expect(me.message).toMatch(re);
      expect(me.message.startsWith(`x.maze:${line}:${col}:`)).toBe(true);
    });
  }

  it('reports a missing P, or an empty file, with the file and the lines searched (no single place to point at)', () => {
    const cases: [string, string][] = [
      ['####\n#.A#\n####', "x.maze: no 'P' (target start) in the maze (lines 1–3)"],
      // Trailing blank lines are not part of the maze, so not searched.
      ['####\r\n#.A#\r\n#..#\r\n####\r\n\r\n\n', "x.maze: no 'P' (target start) in the maze (lines 1–4)"],
      ['#..#', "x.maze: no 'P' (target start) in the maze (line 1)"],
      ['', "x.maze: empty maze: no rows, so no 'P' (target start)"],
      ['\n  \n', "x.maze: empty maze: no rows, so no 'P' (target start)"],
    ];
    for (const [text, message] of cases) {
      const me = mazeError(text);
      expect([me.line, me.column]).toEqual([null, null]);
      expect(me.message).toBe(message);
    }
  });
});
