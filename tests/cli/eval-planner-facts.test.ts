// The paper facts of eval:planner read on made-up run summaries: where the heal after a kill falls.
import { describe, expect, it } from 'vitest';
import { PAPER_FACTS, type RunSummary } from '../../src/cli/eval-planner-facts';

const fact = (id: string) => PAPER_FACTS.find((f) => f.id === id)!;

/** A run: the centre enemy (1) killed in turn 2, enemy 2 in turn `nextTurn`; `heals` per turn. */
function run(heals: number[], centreHealsAfter: number, nextTurn: number, nextHealsAfter: number): RunSummary {
  return {
    kills: 2,
    killed: [1, 2],
    finalHp: 1,
    kill: [
      { enemy: 1, turn: 2, cell: '5,4', hpBefore: 4, healsAfter: centreHealsAfter },
      { enemy: 2, turn: nextTurn, cell: '6,1', hpBefore: 3, healsAfter: nextHealsAfter },
    ],
    hpAtFirstAttack: 4,
    healsAtFirstKill: false,
    preHeals: [],
    cells: heals.map((_, t) => `0,${t}`),
    heals,
    plans: [],
    passedEnemies: [],
    maxHealsPerVisit: 1,
  };
}

describe('where the heal after the centre kill falls', () => {
  const r5 = fact('r5.healAfterCentre');
  const u7 = fact('u7.noHealAfterCentre');
  it('in the kill turn after the attack: same', () => {
    expect(r5.ours(run([0, 0, 1, 0], 1, 3, 0), {})).toBe('same');
  });
  it('in the next turn before the next attack: next', () => {
    expect(r5.ours(run([0, 0, 0, 2], 0, 3, 1), {})).toBe('next');
    expect(r5.ours(run([0, 0, 0, 1, 0], 0, 4, 0), {})).toBe('next');
  });
  it('a turn later, before the next kill: later', () => {
    expect(r5.ours(run([0, 0, 0, 0, 1, 0], 0, 5, 0), {})).toBe('later');
  });
  it('heals only after the next attack do not count: none', () => {
    expect(r5.ours(run([0, 0, 0, 1], 0, 3, 1), {})).toBe('none');
    expect(u7.ours(run([0, 0, 0, 1], 0, 3, 1), {})).toBe('none');
  });
  it('u7: a heal later on the way is a heal after the centre kill', () => {
    expect(u7.ours(run([0, 0, 0, 0, 1, 0], 0, 5, 0), {})).toBe('later');
  });
});
