// Editing the Planner lab's grid (src/lab/lab-edit.ts): refused edits say why, and a model without a
// plan is explained in words a person can act on.
import { describe, expect, it } from 'vitest';
import { adjustEnemy, applyParamKey, paintCell, whyNoPlan, type PaintInput, type Tool } from '../../src/lab/lab-edit';
import { emptyModel, type LabModel } from '../../src/lab/planner-lab-model';

const input = (x: number, y: number, tool: Tool, extra: Partial<PaintInput> = {}): PaintInput => ({
  cell: { x, y },
  tool,
  first: true,
  shift: false,
  selected: -1,
  newEnemy: { reward: 2, damage: 1 },
  ...extra,
});

/** A 5×3 corridor: walls on the top and bottom rows, start at the left end, goal at the right end. */
function corridor(): LabModel {
  const m = emptyModel(5, 3);
  for (let x = 0; x < 5; x++) m.walls[x] = m.walls[10 + x] = 1;
  m.start = { x: 0, y: 1 };
  m.goals = [{ x: 4, y: 1 }];
  return m;
}

describe('paintCell', () => {
  it('refuses a wall on the start or a goal with the reason, and changes nothing', () => {
    const m = corridor();
    const before = m.walls.slice();
    const r = paintCell(m, input(0, 1, 'wall'));
    expect(r).toMatchObject({ changed: false });
    expect(r.refused).toMatch(/start cell/);
    expect(paintCell(m, input(4, 1, 'wall')).refused).toMatch(/goal/);
    expect(m.walls).toEqual(before);
    // While dragging, the same refusal is silent (a stroke over the start is not an error).
    expect(paintCell(m, input(0, 1, 'wall', { first: false })).refused).toBeUndefined();
  });

  it('places an enemy with the next reward/damage and selects it; a route grows one neighbour at a time', () => {
    const m = corridor();
    const r = paintCell(m, input(2, 1, 'enemy'));
    expect(r).toEqual({ changed: true, selected: 0 });
    expect(m.enemies[0]).toMatchObject({ x: 2, y: 1, reward: 2, damage: 1 });
    expect(paintCell(m, input(3, 1, 'route', { selected: 0 })).changed).toBe(true);
    const jump = paintCell(m, input(1, 1, 'route', { selected: 0 }));
    expect(jump.changed).toBe(false);
    expect(jump.refused).toMatch(/one cell at a time/);
    expect(paintCell(m, input(3, 0, 'route', { selected: 0 })).refused).toMatch(/wall/);
    expect(m.enemies[0]!.route).toEqual([{ x: 3, y: 1 }]);
  });

  it('erasing a wall under nothing else is a change; erasing an empty cell is not', () => {
    const m = corridor();
    expect(paintCell(m, input(2, 0, 'erase')).changed).toBe(true);
    expect(m.walls[2]).toBe(0);
    expect(paintCell(m, input(2, 0, 'erase')).changed).toBe(false);
  });
});

describe('parameter keys', () => {
  it('keep HP within max HP and λ within the lab range', () => {
    const m = emptyModel();
    m.hp = 5;
    m.maxHp = 5;
    expect(applyParamKey(m, 'q')).toBe(true);
    expect(m.hp).toBe(5);
    applyParamKey(m, 's');
    expect([m.hp, m.maxHp]).toEqual([4, 4]);
    m.lambda = 0;
    applyParamKey(m, 'd');
    expect(m.lambda).toBe(0);
    expect(applyParamKey(m, 'x')).toBe(false);
    const next = { reward: 0, damage: 0 };
    adjustEnemy(m, -1, next, -1, 1);
    expect(next).toEqual({ reward: 0, damage: 1 });
  });
});

describe('whyNoPlan', () => {
  it('is null when a plan exists', () => {
    expect(whyNoPlan(corridor())).toBeNull();
  });

  it('names a goal walled off', () => {
    const m = corridor();
    m.walls[8] = 1; // (3, 1)
    expect(whyNoPlan(m)).toMatch(/walled off/);
  });

  it('names λ below the damage the agent starts with, and the least λ that would do', () => {
    const m = corridor();
    m.maxHp = 5;
    m.hp = 1;
    m.lambda = 1;
    expect(whyNoPlan(m)).toBe('λ 1 is too low: the agent starts with 4 damage already (HP 1 of 5), so λ must be at least 4 (E raises it).');
  });
});
