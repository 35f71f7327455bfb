import seedrandom from 'seedrandom';
import { describe, expect, it } from 'vitest';
import { BoxBuckets } from '../../../src/cpu/dodge/box-buckets';

describe('BoxBuckets', () => {
  it('a query visits every box that overlaps it, each once', () => {
    const rand = seedrandom('box-buckets');
    const g = new BoxBuckets();
    for (let s = 0; s < 30; s++) {
      const n = Math.floor(rand() * 300);
      const x0 = new Float64Array(n);
      const x1 = new Float64Array(n);
      const y0 = new Float64Array(n);
      const y1 = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        x0[j] = rand() * 400 - 20;
        y0[j] = rand() * 460 - 20;
        x1[j] = x0[j]! + rand() * (s % 2 ? 60 : 5);
        y1[j] = y0[j]! + rand() * (s % 2 ? 60 : 5);
      }
      g.build(n, x0, x1, y0, y1, 5 + rand() * 40);
      for (let q = 0; q < 40; q++) {
        const qx0 = rand() * 400 - 40;
        const qy0 = rand() * 460 - 40;
        const qx1 = qx0 + rand() * 50;
        const qy1 = qy0 + rand() * 50;
        const want = new Set<number>();
        for (let j = 0; j < n; j++) if (x1[j]! >= qx0 && x0[j]! <= qx1 && y1[j]! >= qy0 && y0[j]! <= qy1) want.add(j);
        const seen: number[] = [];
        g.query(qx0, qx1, qy0, qy1);
        for (let r = g.ra; r <= g.rb; r++) {
          for (let k = g.start[r * g.nx + g.ca]!; k < g.start[r * g.nx + g.cb + 1]!; k++) seen.push(g.order[k]!);
        }
        expect(new Set(seen).size).toBe(seen.length);
        for (const j of want) expect(seen).toContain(j);
      }
    }
  });
});
