// The Planner lab's model (src/lab/planner-lab-model.ts, no Phaser): every mode runs on the
// model; a mode that hits its size limit is reported as skipped while the others still run.
import { describe, expect, it } from 'vitest';
import { emptyModel, runAllModes } from '../../src/lab/planner-lab-model';

describe('Planner lab model', () => {
  it('runs the three modes on a small grid', () => {
    const m = emptyModel();
    m.enemies = [{ x: 3, y: 5, reward: 1, damage: 1, route: [] }];
    const r = runAllModes(m, () => 0);
    if ('error' in r) throw new Error(r.error);
    expect(r.runs.map((x) => x.mode)).toEqual(['restricted', 'unrestricted', 'exact']);
    expect(r.skipped).toEqual([]);
    for (const x of r.runs) expect(x.result.end).toBe('goal');
  });

  it('exact mode over its size limit is skipped with its message; restricted and unrestricted still run', () => {
    const m = emptyModel();
    for (let y = 0; y < 10 && m.enemies.length < 31; y++)
      for (let x = 0; x < 10 && m.enemies.length < 31; x++)
        if (x + y > 2 && !(x === 9 && y === 0)) m.enemies.push({ x, y, reward: 1, damage: 1, route: [] });
    const r = runAllModes(m, () => 0);
    if ('error' in r) throw new Error(r.error);
    expect(r.runs.map((x) => x.mode)).toEqual(['restricted', 'unrestricted']);
    expect(r.skipped).toHaveLength(1);
    expect(r.skipped[0]!.mode).toBe('exact');
    expect(r.skipped[0]!.reason).toMatch(/^lab: exact mode: instance too large \(more than 30 attackable enemies: 31\)/);
  });
});
