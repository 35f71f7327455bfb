import { describe, expect, it } from 'vitest';
import { createCpuController, CpuController } from '../../src/ai/cpu-controller';
import { Input } from '../../src/sim/input';
import { createMatch, step } from '../../src/sim/match';

function play(spec: string, frames: number, seed = 3): number[] {
  const s = createMatch({ seed, mode: 'versus', infiniteLives: true });
  const a = createCpuController(spec);
  const b = createCpuController('cpu:easy');
  const log: number[] = [];
  for (let f = 0; f < frames; f++) {
    const x = a.decide(s, 0);
    const y = b.decide(s, 1);
    log.push(x);
    step(s, x, y);
  }
  return log;
}

describe('CpuController', () => {
  it('is created from a preset spec and reports it', () => {
    const c = createCpuController('cpu:hard');
    expect(c).toBeInstanceOf(CpuController);
    expect(c.spec).toBe('cpu:hard');
    expect(c.human).toBe(false);
    expect(() => createCpuController('cpu:nope')).toThrow(/unknown preset/);
  });

  it('is deterministic and keeps shooting', () => {
    const a = play('cpu:normal', 400);
    const b = play('cpu:normal', 400);
    expect(a).toEqual(b);
    expect(a.every((bits) => (bits & Input.SHOT) !== 0)).toBe(true);
  });

  it('really holds each multi-frame move for F frames', () => {
    const log = play('cpu:imap-multi', 600);
    const F = 5;
    const dirs = Input.UP | Input.DOWN | Input.LEFT | Input.RIGHT | Input.FOCUS;
    for (let f = 0; f < log.length; f += F) {
      for (let j = 1; j < F && f + j < log.length; j++) expect(log[f + j]! & dirs).toBe(log[f]! & dirs);
    }
  });

  it('exposes its planned path and influence map for an overlay', () => {
    const s = createMatch({ seed: 5, mode: 'practice' });
    const c = createCpuController('cpu:normal');
    for (let f = 0; f < 200; f++) step(s, c.decide(s, 0), 0);
    const plan = c.plannedPath;
    expect(plan.count).toBeGreaterThan(0);
    expect(plan.framesPerStep).toBe(5);
    const map = c.influenceMap();
    expect(map.values.length).toBe(map.cols * map.rows);
  });
});
