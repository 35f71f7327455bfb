// Story mode's pure model: stage order, difficulty growth, configs that the sim accepts, lines, the
// score rule and the run (wins, losses, continues, the result).
import { describe, expect, it } from 'vitest';
import { ROSTER } from '../../src/sim/characters';
import { createMatch, DIFFICULTIES, makeConfig } from '../../src/sim';
import { FPS } from '../../src/sim/constants';
import {
  afterMatch,
  CLEAR_BONUS,
  continueRun,
  currentStage,
  endingLines,
  giveUp,
  LIFE_BONUS,
  newRun,
  NO_HIT_BONUS,
  preMatchLine,
  RIVALS,
  stageMatchConfig,
  stageTally,
  storyResult,
  storyStages,
  STORY_STAGES,
  TIME_BONUS,
  type StoryRun,
} from '../../src/story';

const RANK = { easy: 0, normal: 1, hard: 2, lunatic: 3 } as const;

describe('story stages', () => {
  it('plays the five others in roster order after the player, then the rival as the boss', () => {
    for (const c of ROSTER) {
      const st = storyStages(c, 'normal');
      expect(st).toHaveLength(STORY_STAGES);
      const firstFive = st.slice(0, 5).map((s) => s.opponent);
      expect(new Set(firstFive)).toEqual(new Set(ROSTER.filter((x) => x !== c)));
      const i = ROSTER.indexOf(c);
      expect(firstFive[0]).toBe(ROSTER[(i + 1) % ROSTER.length]);
      const last = st[5]!;
      expect(last.opponent).toBe(RIVALS[c]);
      expect(last.opponent).not.toBe(c);
      expect(last.finalBoss).toBe(true);
      expect(st.slice(0, 5).every((s) => !s.finalBoss)).toBe(true);
      expect(st.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6]);
    }
  });

  it('rivals are mutual pairs within the roster', () => {
    for (const c of ROSTER) {
      expect(ROSTER).toContain(RIVALS[c]);
      expect(RIVALS[RIVALS[c]!]).toBe(c);
    }
  });

  it('never gets easier stage by stage, and a harder difficulty is never easier at any stage', () => {
    for (const d of DIFFICULTIES) {
      const st = storyStages('asagi', d);
      for (let k = 1; k < st.length; k++) {
        expect(RANK[st[k]!.cpu]).toBeGreaterThanOrEqual(RANK[st[k - 1]!.cpu]);
        expect(RANK[st[k]!.stage]).toBeGreaterThanOrEqual(RANK[st[k - 1]!.stage]);
      }
      expect(RANK[st[5]!.cpu]).toBeGreaterThan(RANK[st[0]!.cpu]);
    }
    for (let k = 0; k < STORY_STAGES; k++)
      for (let d = 1; d < DIFFICULTIES.length; d++)
        expect(RANK[storyStages('ruri', DIFFICULTIES[d]!)[k]!.cpu]).toBeGreaterThanOrEqual(
          RANK[storyStages('ruri', DIFFICULTIES[d - 1]!)[k]!.cpu],
        );
  });

  it('normal: stages 1–2 easy, 3–4 normal, 5–6 hard', () => {
    expect(storyStages('kohaku', 'normal').map((s) => s.cpu)).toEqual(['easy', 'easy', 'normal', 'normal', 'hard', 'hard']);
  });

  it('refuses the neutral ship, unknown characters and difficulties', () => {
    expect(() => storyStages('neutral', 'normal')).toThrow(/roster/);
    expect(() => storyStages('nobody', 'normal')).toThrow(/roster/);
    expect(() => storyStages('asagi', 'extreme')).toThrow(/difficulty/);
  });

  it('gives configs the sim accepts, with the characters, lives, time limit and final boss', () => {
    for (const st of storyStages('midori', 'hard')) {
      const c = makeConfig(stageMatchConfig(st, 'midori', 42));
      expect(c.p1Character).toBe('midori');
      expect(c.p2Character).toBe(st.opponent);
      expect(c.finalBoss).toBe(st.finalBoss);
      expect(c.lives).toBe(st.lives);
      expect(c.timeLimit).toBe(st.timeLimit * FPS);
      expect(c.difficulty).toBe(st.stage);
      expect(c.mode).toBe('versus');
      const m = createMatch(c);
      expect(m.sides).toHaveLength(2);
    }
  });
});

describe('story lines', () => {
  it('has a line in English and Japanese for every opponent at every position it can appear', () => {
    for (const c of ROSTER)
      storyStages(c, 'easy').forEach((st) => {
        const l = preMatchLine(st.opponent, st.number);
        expect(l.en.length).toBeGreaterThan(10);
        expect(l.ja.length).toBeGreaterThan(5);
        expect(l.en.length).toBeLessThanOrEqual(100);
      });
    // The final line names the rival it is said to.
    for (const c of ROSTER) {
      const rival = RIVALS[c]!;
      const name = c[0]!.toUpperCase() + c.slice(1);
      expect(preMatchLine(rival, 6).en).toContain(name);
    }
    expect(() => preMatchLine('asagi', 7)).toThrow();
  });

  it('has an ending for every character', () => {
    for (const c of ROSTER) expect(endingLines(c).length).toBeGreaterThanOrEqual(3);
  });
});

describe('story score', () => {
  it('adds clear, lives, no-hit and time bonuses, times the stage number', () => {
    const t = stageTally({ stage: 3, matchScore: 5000, livesLeft: 2, hits: 0, framesLeft: 30 * FPS + 59 });
    expect(t.clear).toBe(3 * CLEAR_BONUS);
    expect(t.lives).toBe(3 * 2 * LIFE_BONUS);
    expect(t.noHit).toBe(3 * NO_HIT_BONUS);
    expect(t.time).toBe(3 * 30 * TIME_BONUS);
    expect(t.bonus).toBe(t.clear + t.lives + t.noHit + t.time);
    const hit = stageTally({ stage: 3, matchScore: 5000, livesLeft: 2, hits: 1, framesLeft: -5 });
    expect(hit.noHit).toBe(0);
    expect(hit.time).toBe(0);
    expect(hit.bonus).toBeLessThan(t.bonus);
  });
});

describe('story run', () => {
  const win = (score: number, hits = 1): Parameters<typeof afterMatch>[1] => ({
    winner: 0,
    frames: 60 * FPS,
    matchScore: score,
    hits,
    livesLeft: 2,
    replayId: `r${score}`,
  });
  const loss = { winner: 1, frames: 600, matchScore: 777, hits: 3, livesLeft: 0, replayId: 'lost' };

  it('adds a won stage to the total and moves on', () => {
    let run = newRun('shion', 'normal');
    const a = afterMatch(run, win(1000));
    run = a.run;
    expect(run.index).toBe(1);
    expect(run.score).toBe(1000 + a.tally!.bonus);
    expect(run.phase).toBe('playing');
    expect(currentStage(run).number).toBe(2);
  });

  it("counts the time bonus from the match's own time limit when given", () => {
    const run = newRun('asagi', 'easy');
    const nominal = afterMatch(run, { ...win(0), frames: 600 }).tally!;
    const short = afterMatch(run, { ...win(0), frames: 600, timeLimit: 1800 }).tally!;
    expect(nominal.time).toBe(TIME_BONUS * (120 - 10));
    expect(short.time).toBe(TIME_BONUS * (30 - 10));
  });

  it('a loss or a draw waits; continue resets the score and counts; give up ends', () => {
    let run = afterMatch(newRun('shion', 'normal'), win(1000)).run;
    const before = run.score;
    expect(before).toBeGreaterThan(0);
    for (const o of [loss, { ...loss, winner: null }]) {
      const lost = afterMatch(run, o).run;
      expect(lost.phase).toBe('lost');
      expect(lost.score).toBe(before);
      expect(lost.index).toBe(1);
      const cont = continueRun(lost);
      expect(cont.score).toBe(0);
      expect(cont.continues).toBe(1);
      expect(cont.index).toBe(1);
      expect(cont.phase).toBe('playing');
      const over = giveUp(lost);
      expect(over.phase).toBe('over');
      expect(storyResult(over)).toMatchObject({ stage: 2, cleared: false, score: before, continues: 0 });
      expect(() => afterMatch(over, win(1))).toThrow();
    }
    run = afterMatch(run, loss).run;
    expect(() => afterMatch(run, win(1))).toThrow(/lost/);
    expect(() => continueRun(continueRun(run))).toThrow();
  });

  it('clears after the sixth win, with every replay id and continues in the result', () => {
    let run: StoryRun = newRun('ruri', 'lunatic');
    run = afterMatch(run, loss).run;
    run = continueRun(run);
    let total = 0;
    for (let k = 0; k < STORY_STAGES; k++) {
      const r = afterMatch(run, win(100 * (k + 1), 0));
      total += 100 * (k + 1) + r.tally!.bonus;
      run = r.run;
    }
    expect(run.phase).toBe('cleared');
    const res = storyResult(run);
    expect(res).toMatchObject({ stage: 6, cleared: true, score: total, continues: 1, difficulty: 'lunatic', character: 'ruri' });
    expect(res.replayIds).toEqual(['lost', 'r100', 'r200', 'r300', 'r400', 'r500', 'r600']);
    expect(run.tallies.map((t) => t.stage)).toEqual([1, 2, 3, 4, 5, 6]);
  });
});
