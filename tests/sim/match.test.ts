import { describe, expect, it } from 'vitest';
import { ConfigError, createMatch, type MatchConfig, SIM_VERSION, step } from '../../src/sim';
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
    expect(s.result).toEqual({ winner: 0, reason: 'lives', frames: 2, decidedBy: null });
    expect(s.events.some((e) => e.type === 'match-end')).toBe(true);
    const frame = s.frame;
    step(s, 0, 0);
    expect(s.frame).toBe(frame); // a finished match stays finished
  });

  it('both out on the same frame: decided by score, then fewer hits, else a draw', () => {
    const s = quietMatch({ lives: 1 });
    s.sides[0]!.score = 10;
    s.sides[1]!.score = 20;
    loseLife(s, 0);
    loseLife(s, 1);
    step(s, 0, 0);
    expect(s.result).toEqual({ winner: 1, reason: 'lives', frames: 1, decidedBy: 'score' });
    const h = quietMatch({ lives: 1 });
    h.sides[1]!.hits = 3;
    loseLife(h, 0);
    loseLife(h, 1);
    step(h, 0, 0);
    expect(h.result).toEqual({ winner: 0, reason: 'lives', frames: 1, decidedBy: 'hits' });
    const d = quietMatch({ lives: 1 });
    loseLife(d, 0);
    loseLife(d, 1);
    step(d, 0, 0);
    expect(d.result).toEqual({ winner: null, reason: 'lives', frames: 1, decidedBy: null });
  });

  it('the time limit ends a stalemate (equal lives) on score; equal scores and hits draw', () => {
    const s = quietMatch({ timeLimit: 30 });
    s.sides[0]!.score = 500;
    for (let i = 0; i < 30; i++) step(s, 0, 0);
    expect(s.result).toEqual({ winner: 0, reason: 'time', frames: 30, decidedBy: 'score' });
    const t = quietMatch({ timeLimit: 5 });
    for (let i = 0; i < 5; i++) step(t, 0, 0);
    expect(t.result?.winner).toBeNull();
  });

  it('practice ends with no winner; infinite lives never end it', () => {
    const s = quietMatch({ mode: 'practice', lives: 1 });
    loseLife(s, 0);
    step(s, 0, 0);
    expect(s.result).toEqual({ winner: null, reason: 'lives', frames: 1, decidedBy: null });
    const inf = quietMatch({ mode: 'practice', lives: 1, infiniteLives: true });
    loseLife(inf, 0);
    step(inf, 0, 0);
    expect(inf.result).toBeNull();
    expect(inf.sides[0]!.hits).toBe(1);
  });
});

describe('at the time limit (SIM_VERSION 6): mazes, then lives, then score', () => {
  /** A quiet match with a 30-frame limit and the given values per side, played to its end; its result. */
  function timeUp(sides: { lives?: number; score?: number; hits?: number; mazes?: number }[], cfg: Partial<MatchConfig> = {}) {
    const s = quietMatch({ timeLimit: 30, ...cfg });
    sides.forEach((o, i) => {
      const side = s.sides[i]!;
      if (o.lives !== undefined) side.ship.lives = o.lives;
      if (o.score !== undefined) side.score = o.score;
      if (o.hits !== undefined) side.hits = o.hits;
      if (o.mazes !== undefined) side.mazesCleared = o.mazes;
    });
    for (let i = 0; i < 30; i++) step(s, 0, 0);
    expect(s.frame).toBe(30);
    return s.result;
  }

  it('more lives left wins over a higher score (the old rule gave it to the score)', () => {
    expect(
      timeUp([
        { lives: 4, score: 100, hits: 1 },
        { lives: 2, score: 90_000, hits: 3 },
      ]),
    ).toEqual({
      winner: 0,
      reason: 'time',
      frames: 30,
      decidedBy: 'lives',
    });
    expect(
      timeUp([
        { lives: 1, score: 90_000 },
        { lives: 5, score: 0 },
      ]),
    ).toMatchObject({ winner: 1, decidedBy: 'lives' });
  });

  it('lives, not hits: lives healed back count (maze heal pads)', () => {
    expect(
      timeUp([
        { lives: 5, hits: 3 },
        { lives: 4, hits: 1, score: 500 },
      ]),
    ).toMatchObject({ winner: 0, decidedBy: 'lives' });
  });

  it('equal lives: the higher score wins; then fewer hits', () => {
    expect(
      timeUp([
        { lives: 3, score: 100 },
        { lives: 3, score: 200 },
      ]),
    ).toMatchObject({ winner: 1, decidedBy: 'score' });
    expect(
      timeUp([
        { lives: 3, score: 100, hits: 4 },
        { lives: 3, score: 100, hits: 2 },
      ]),
    ).toMatchObject({ winner: 1, decidedBy: 'hits' });
  });

  it('all equal is a draw', () => {
    expect(
      timeUp([
        { lives: 3, score: 100, hits: 2 },
        { lives: 3, score: 100, hits: 2 },
      ]),
    ).toEqual({
      winner: null,
      reason: 'time',
      frames: 30,
      decidedBy: null,
    });
    expect(timeUp([{}, {}])).toMatchObject({ winner: null, decidedBy: null });
  });

  it('more mazes cleared still comes first, before lives and score', () => {
    expect(
      timeUp([
        { mazes: 2, lives: 1, score: 0 },
        { mazes: 1, lives: 5, score: 90_000 },
      ]),
    ).toMatchObject({
      winner: 0,
      decidedBy: 'mazes',
    });
  });

  it('infinite lives: fewer hits stands in for more lives, before score', () => {
    const inf = { infiniteLives: true };
    expect(
      timeUp(
        [
          { hits: 2, score: 90_000 },
          { hits: 1, score: 10 },
        ],
        inf,
      ),
    ).toMatchObject({ winner: 1, decidedBy: 'hits' });
    expect(
      timeUp(
        [
          { hits: 2, score: 10 },
          { hits: 2, score: 20 },
        ],
        inf,
      ),
    ).toMatchObject({ winner: 1, decidedBy: 'score' });
    expect(
      timeUp(
        [
          { hits: 2, score: 20 },
          { hits: 2, score: 20 },
        ],
        inf,
      ),
    ).toMatchObject({ winner: null, decidedBy: null });
  });

  it('is SIM_VERSION 9', () => {
    expect(SIM_VERSION).toBe(9);
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
