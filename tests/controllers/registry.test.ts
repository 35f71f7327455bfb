import { describe, expect, it } from 'vitest';
import { ControllerSpecError, createController } from '../../src/controllers/registry';
import { createMatch, step } from '../../src/sim';

describe('controller specs', () => {
  it('creates each kind with its spec', () => {
    for (const spec of ['idle', 'scripted', 'random:7', 'cpu:hard', 'cpu:imap-multi']) expect(createController(spec).spec).toBe(spec);
    expect(createController('cpu:hard').human).toBe(false);
  });

  const bad: [string, RegExp][] = [
    ['nobody', /unknown controller 'nobody'/],
    ['random', /random needs a whole-number seed/],
    ['random:x', /random needs a whole-number seed/],
    ['cpu', /cpu needs a preset/],
    ['cpu:godlike', /unknown preset 'godlike'/],
  ];
  for (const [spec, re] of bad) {
    it(`rejects '${spec}' clearly`, () => {
      expect(() => createController(spec)).toThrow(ControllerSpecError);
      expect(() => createController(spec)).toThrow(re);
    });
  }

  it('the CPU only ever answers with input bits and plays deterministically', () => {
    const run = () => {
      const s = createMatch({ seed: 3 });
      const a = createController('cpu:normal');
      const b = createController('cpu:normal');
      const log: number[] = [];
      for (let f = 0; f < 600; f++) {
        const x = a.decide(s, 0);
        const y = b.decide(s, 1);
        expect(x & ~127).toBe(0);
        log.push(x, y);
        step(s, x, y);
      }
      return log;
    };
    expect(run()).toEqual(run());
  });
});
