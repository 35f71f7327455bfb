import { describe, expect, it } from 'vitest';
import { ConfigError, createMatch, step } from '../../src/sim';
import { quietMatch } from './helpers';

function loseLife(s: ReturnType<typeof quietMatch>, i: number): void {
  const side = s.sides[i]!;
  side.ship.invuln = 0;
  side.bullets.add(side.ship.x, side.ship.y, 0, 0, 3, s.frame, 0, 0, -1);
}

describe('winning and losing', () => {
  it('the side that loses its last life loses the match', () => {
    const s = quietMatch({ lives: 2 });
    for (let k = 0; k < 2; k++) {
      loseLife(s, 1);
      step(s, 0, 0);
    }
    expect(s.result).toEqual({ winner: 0, reason: 'lives', frames: 2 });
    expect(s.events.some((e) => e.type === 'match-end')).toBe(true);
    const frame = s.frame;
    step(s, 0, 0);
    expect(s.frame).toBe(frame); // a finished match stays finished
  });

  it('both out on the same frame: decided by score', () => {
    const s = quietMatch({ lives: 1 });
    s.sides[0]!.score = 10;
    s.sides[1]!.score = 20;
    loseLife(s, 0);
    loseLife(s, 1);
    step(s, 0, 0);
    expect(s.result?.winner).toBe(1);
  });

  it('the time limit ends a stalemate on score; equal scores and hits draw', () => {
    const s = quietMatch({ timeLimit: 30 });
    s.sides[0]!.score = 500;
    for (let i = 0; i < 30; i++) step(s, 0, 0);
    expect(s.result).toEqual({ winner: 0, reason: 'time', frames: 30 });
    const t = quietMatch({ timeLimit: 5 });
    for (let i = 0; i < 5; i++) step(t, 0, 0);
    expect(t.result?.winner).toBeNull();
  });

  it('practice ends with no winner; infinite lives never end it', () => {
    const s = quietMatch({ mode: 'practice', lives: 1 });
    loseLife(s, 0);
    step(s, 0, 0);
    expect(s.result).toEqual({ winner: null, reason: 'lives', frames: 1 });
    const inf = quietMatch({ mode: 'practice', lives: 1, infiniteLives: true });
    loseLife(inf, 0);
    step(inf, 0, 0);
    expect(inf.result).toBeNull();
    expect(inf.sides[0]!.hits).toBe(1);
  });
});

describe('config validation names the field', () => {
  const cases: [object, RegExp][] = [
    [{ seed: -1 }, /config\.seed/],
    [{ seed: 1.5 }, /config\.seed/],
    [{ seed: 1, mode: 'duel' }, /config\.mode: must be one of versus, practice/],
    [{ seed: 1, difficulty: 'extreme' }, /config\.difficulty/],
    [{ seed: 1, lives: 0 }, /config\.lives/],
    [{ seed: 1, timeLimit: -5 }, /config\.timeLimit/],
    [{ seed: 1, stages: 'castle' }, /config\.stages: must be one of open, maze/],
    [{ seed: 1, stages: 'maze', maze: 'nowhere' }, /config\.maze: must be one of pillars, .* or gen:SEED/],
    [{ seed: 1, stages: 'maze', maze: 'gen:x' }, /config\.maze: gen:SEED needs a whole-number seed/],
    [{ seed: 1, stages: 'maze', maze: 'gen:4294967296' }, /config\.maze/],
    [{ seed: 1, stages: 'maze', chaseMethod: 'astar' }, /config\.chaseMethod: must be one of wave, wave\+, wave1, lee, lee\+, flow, crash/],
  ];
  for (const [cfg, re] of cases) {
    it(JSON.stringify(cfg), () => {
      expect(() => createMatch(cfg as { seed: number })).toThrow(ConfigError);
      expect(() => createMatch(cfg as { seed: number })).toThrow(re);
    });
  }
});
