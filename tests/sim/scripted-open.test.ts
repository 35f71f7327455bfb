// The simple scripted CPU (src/controllers/scripted.ts) in open stages: it moves, shoots, lines up
// under enemies and kills them, and it is a deterministic function of what it is shown.
import { describe, expect, it } from 'vitest';
import { ScriptedCpu } from '../../src/controllers/scripted';
import { createMatch, hashState, Input, step } from '../../src/sim';
import { EnemyKind } from '../../src/sim/enemy-pool';
import { Path } from '../../src/sim/paths';

function play(seed: number, frames: number) {
  const s = createMatch({ seed, mode: 'practice', lives: 99 });
  const cpu = new ScriptedCpu();
  const inputs: number[] = [];
  for (let f = 0; f < frames; f++) {
    const bits = cpu.decide(s, 0);
    inputs.push(bits);
    step(s, bits, 0);
  }
  return { s, inputs };
}

describe('scripted CPU, open stages', () => {
  it('moves and shoots: holds the shot, presses all four directions, kills enemies', () => {
    const { s, inputs } = play(21, 3600);
    expect(inputs.every((b) => (b & Input.SHOT) !== 0)).toBe(true);
    for (const dir of [Input.LEFT, Input.RIGHT, Input.UP, Input.DOWN]) expect(inputs.some((b) => (b & dir) !== 0)).toBe(true);
    const side = s.sides[0]!;
    expect(side.kills).toBeGreaterThan(20);
    expect(side.score).toBeGreaterThan(0);
  });

  it('lines up under the nearest enemy', () => {
    const s = createMatch({ seed: 1, mode: 'practice' });
    s.stage.nextWave = Number.MAX_SAFE_INTEGER;
    const e = s.sides[0]!.enemies.add()!;
    Object.assign(e, {
      kind: EnemyKind.GUNSHIP,
      r: 19,
      hp: 1e9,
      maxHp: 1e9,
      path: Path.DRIFT,
      ox: 60,
      oy: 100,
      p0: 0,
      p2: 0,
      age: 0,
      owner: -1,
    });
    const cpu = new ScriptedCpu();
    for (let f = 0; f < 120; f++) step(s, cpu.decide(s, 0), 0);
    expect(Math.abs(s.sides[0]!.ship.x - 60)).toBeLessThanOrEqual(4);
  });

  it('is deterministic: the same match gives the same inputs and the same hash', () => {
    const a = play(22, 1500);
    const b = play(22, 1500);
    expect(b.inputs).toEqual(a.inputs);
    expect(hashState(b.s)).toBe(hashState(a.s));
    expect(play(23, 1500).inputs).not.toEqual(a.inputs); // it reacts to what happens
  });
});
