import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { CHASE_METHODS, ChaserGroup, moveAgent, type Vec2 } from '../../../src/world/chase';
import { parseMaze } from '../../../src/maze/maze';
import { catalogMazeText } from '../../../src/maze/catalog';

class Sink {
  a: number[] = [];
  int(n: number): void {
    this.a.push(n | 0);
  }
  num(x: number): void {
    this.a.push(x);
  }
}
const digest = (g: ChaserGroup): number[] => {
  const s = new Sink();
  g.hashInto(s);
  return s.a;
};

describe('ChaserGroup.copyFrom / hashInto (state copies of the chase)', () => {
  const maze = parseMaze(catalogMazeText('rooms')!, 'rooms');
  for (const method of CHASE_METHODS) {
    it(`${method}: a copy taken mid-chase continues exactly like the original`, () => {
      const rA = seedrandom('crash:1');
      const a = new ChaserGroup(maze, method, { rand: rA });
      const pa: Vec2[] = maze.chasers.map((c) => ({ x: c.x + 0.5, y: c.y + 0.5 }));
      for (const p of pa) a.add(p.x, p.y);
      const h: Vec2 = { x: 0, y: 0 };
      const advance = (g: ChaserGroup, ps: Vec2[], t: number): void => {
        const tx = maze.start.x + 0.5 + Math.sin(t * 0.01) * 3;
        g.setTarget(tx, maze.start.y + 0.5);
        g.step();
        ps.forEach((p, i) => {
          g.steer(i, p.x, p.y, h);
          moveAgent(maze, p, h.x * 0.05, h.y * 0.05, 0.3);
        });
      };
      for (let t = 0; t < 400; t++) advance(a, pa, t);
      const b = new ChaserGroup(maze, method, { rand: seedrandom('crash:1') });
      b.copyFrom(a);
      expect(digest(b)).toEqual(digest(a));
      if (method === 'crash') return; // its random stream belongs to the caller (the sim copies it)
      const pb = pa.map((p) => ({ ...p }));
      for (let t = 400; t < 900; t++) {
        advance(a, pa, t);
        advance(b, pb, t);
      }
      expect(pb).toEqual(pa);
      expect(digest(b)).toEqual(digest(a));
      if (method === 'flow') return; // a flow field has no time: stepping it alone changes nothing
      a.step();
      expect(digest(b)).not.toEqual(digest(a));
    });
  }
});
