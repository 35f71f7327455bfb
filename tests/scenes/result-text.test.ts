import { describe, expect, it } from 'vitest';
import { headline, howItEnded, playedLine } from '../../src/scenes/result-text';
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

describe('the headline and the played line (issue 25: newcomers were told "P2 · CPU · Normal WINS")', () => {
  const sides = [{ name: 'P1 · YOU' }, { name: 'P2 · CPU · Normal' }];
  it('tells one person playing the CPU whether they won', () => {
    expect(headline(1, sides, ['human', 'cpu:normal'])).toBe('YOU LOSE');
    expect(headline(0, sides, ['human', 'cpu:normal'])).toBe('YOU WIN');
    expect(headline(0, sides, ['cpu:normal', 'human'])).toBe('YOU LOSE');
    expect(headline(null, sides, ['human', 'cpu:normal'])).toBe('DRAW');
  });
  it('names the winner when two people or two CPUs played, and practice has no winner', () => {
    expect(headline(1, sides, ['human', 'human'])).toBe('P2 · CPU · Normal WINS');
    expect(headline(0, sides, ['cpu:hard', 'cpu:easy'])).toBe('P1 · YOU WINS');
    expect(headline(null, [sides[0]!], ['human'])).toBe('PRACTICE OVER');
  });
  it('says a drill is the survey drill, not "Open stages · Easy"', () => {
    expect(playedLine({ stages: 'drill', drill: 'survey', drillVariant: 'b', difficulty: 'easy' })).toBe('The survey drill, variant b');
    expect(playedLine({ stages: 'maze', maze: 'gen:12', difficulty: 'hard' })).toBe('Maze stages (generated) · Hard');
    expect(playedLine({ stages: 'open' })).toBe('Open stages · Normal');
  });
});
