import { describe, expect, it } from 'vitest';
import { ScriptedCpu } from '../../src/controllers/scripted';
import { MAZE_NAMES } from '../../src/maze/catalog';
import { createMatch, Input, step } from '../../src/sim';

describe('scripted CPU in maze stages', () => {
  it('follows the flow field to the exit of every catalog maze and a generated one', () => {
    for (const maze of [...MAZE_NAMES, 'gen:12']) {
      const s = createMatch({ seed: 2, stages: 'maze', maze, mode: 'practice', infiniteLives: true });
      const cpu = new ScriptedCpu();
      for (let f = 0; f < 1800 && s.sides[0]!.mazesCleared === 0; f++) step(s, cpu.decide(s, 0), 0);
      expect(s.sides[0]!.mazesCleared, maze).toBe(1);
    }
  });

  it('keeps shooting and steps away from bullets coming at it', () => {
    const s = createMatch({ seed: 2, stages: 'maze', maze: 'pillars', mode: 'practice' });
    const ship = s.sides[0]!.ship;
    const cpu = new ScriptedCpu();
    s.sides[0]!.bullets.add(ship.x + 6, ship.y - 40, 0, 3, 3, 0, 0, 0, -1); // passes just right of it
    let bits = cpu.decide(s, 0);
    expect(bits & Input.SHOT).toBe(Input.SHOT);
    expect(bits & (Input.LEFT | Input.RIGHT)).toBe(Input.LEFT);
    s.sides[0]!.bullets.clear();
    s.sides[0]!.bullets.add(ship.x, ship.y - 40, 0, 3, 3, 0, 0, 0, -1); // dead on: it steps aside
    bits = cpu.decide(s, 0);
    expect(bits & (Input.LEFT | Input.RIGHT)).not.toBe(0);
  });
});
