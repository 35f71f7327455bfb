import { describe, expect, it } from 'vitest';
import { howItEnded } from '../../src/scenes/result-text';
import { createMatch, step } from '../../src/sim';

describe('the result screen says why a match was won', () => {
  it('at the time limit: what decided it, in plain words', () => {
    const time = (winner: number | null, decidedBy: 'mazes' | 'lives' | 'score' | 'hits' | null, inf = false) =>
      howItEnded({ winner, reason: 'time', decidedBy }, false, inf);
    expect(time(0, 'lives')).toBe('Time up: more lives left');
    expect(time(1, 'score')).toBe('Time up: lives equal, higher score');
    expect(time(1, 'mazes')).toBe('Time up: more mazes cleared');
    expect(time(0, 'hits')).toBe('Time up: lives and score equal, fewer hits');
    expect(time(null, null)).toBe('Time up: all equal');
    expect(time(0, 'hits', true)).toBe('Time up: fewer hits taken');
    expect(time(0, 'score', true)).toBe('Time up: hits equal, higher score');
  });

  it('knock-outs, double knock-outs and practice', () => {
    expect(howItEnded({ winner: 1, reason: 'lives', decidedBy: null }, false, false)).toBe('Knock-out');
    expect(howItEnded({ winner: 1, reason: 'lives', decidedBy: 'score' }, false, false)).toBe('Double knock-out: higher score');
    expect(howItEnded({ winner: null, reason: 'lives', decidedBy: null }, false, false)).toBe('Double knock-out: all equal');
    expect(howItEnded({ winner: null, reason: 'time', decidedBy: null }, true, true)).toBe('Time up');
    expect(howItEnded({ winner: null, reason: 'lives', decidedBy: null }, true, false)).toBe('Out of lives');
  });

  it('reads a real result: more lives beat a higher score', () => {
    const s = createMatch({ seed: 1, timeLimit: 10 });
    s.stage.nextWave = Number.MAX_SAFE_INTEGER;
    s.sides[0]!.ship.lives = 2;
    s.sides[0]!.score = 5000;
    for (let i = 0; i < 10; i++) step(s, 0, 0);
    expect(s.result!.winner).toBe(1);
    expect(howItEnded(s.result!, false, false)).toBe('Time up: more lives left');
  });
});
