import { describe, expect, it } from 'vitest';
import {
  answersToCsv,
  mergeParticipants,
  parseAnswers,
  parseAnswersCsv,
  parseAnswersJson,
  type Participant,
} from '../../src/study/answers';
import { answersToCsv as pageCsv } from '../../src/study/page/export';

const p = (pid: string, reason = 'smooth'): Participant => ({
  studyId: 'st1',
  pid,
  group: 'A',
  lang: 'en',
  startedAt: '2026-01-01T10:00:00.000Z',
  finishedAt: null,
  demographics: { experience: '1-5', playsGames: true, ageBand: '20-29' },
  trials: [
    {
      set: 1,
      order: 'AB',
      first: 'aaaaaa',
      second: 'bbbbbb',
      absFirst: 2,
      absSecond: 4,
      relative: 5,
      reasonFirst: reason,
      reasonSecond: '',
      reasonRelative: 'x',
      rtMs: 1234,
    },
    {
      set: 2,
      order: 'BA',
      first: 'cccccc',
      second: 'dddddd',
      absFirst: 3,
      absSecond: 3,
      relative: 3,
      reasonFirst: '',
      reasonSecond: '',
      reasonRelative: '',
      rtMs: 99,
    },
  ],
});

describe('answer files', () => {
  it('CSV round-trips, undoing the formula-injection escape, with quotes, commas and line breaks', () => {
    const tricky = ['=SUM(A1)', '+1', '-2', '@x', 'a, "b"\nc', "'plain apostrophe"];
    const ps = tricky.map((r, i) => p(`p${i}`, r));
    const csv = answersToCsv(ps);
    expect(csv).toContain("'=SUM(A1)");
    expect(parseAnswersCsv(csv, 'a.csv')).toEqual(ps);
    // the rater page's own exporter writes the same format
    expect(parseAnswers(pageCsv(ps as never), 'page.csv')).toEqual(ps);
  });

  it('JSON: an array, or one participant', () => {
    expect(parseAnswersJson(JSON.stringify([p('x')]), 'a.json')).toEqual([p('x')]);
    expect(parseAnswers(JSON.stringify(p('y')), 'b.json')).toEqual([p('y')]);
  });

  it('errors name the file and the field (JSON) or line and column (CSV)', () => {
    const bad = p('x');
    (bad.trials[1] as { absSecond: number }).absSecond = 7;
    expect(() => parseAnswersJson(JSON.stringify([p('ok'), bad]), 'd.json')).toThrow(/^d\.json: \[1\]\.trials\[1\]\.absSecond: /);
    expect(() => parseAnswersJson('[{"pid": 1,', 'e.json')).toThrow(/^e\.json(:\d+:\d+)?: not valid JSON/);
    const csv = answersToCsv([p('x')]).replace(',1234\r\n', ',soon\r\n');
    expect(() => parseAnswersCsv(csv, 'f.csv')).toThrow("f.csv:2: column rtMs: must be a number, got 'soon'");
    expect(() => parseAnswersCsv('pid,group\r\nx,A\r\n', 'g.csv')).toThrow("g.csv:1: missing column 'studyId'");
    const csv2 = answersToCsv([p('x')]).replace(',1-5,', ',lots,');
    expect(() => parseAnswersCsv(csv2, 'h.csv')).toThrow(/^h\.csv: participant x: demographics\.experience: /);
  });

  it('merging keeps one copy of a participant run, the one with more answers', () => {
    const short = { ...p('x'), trials: p('x').trials.slice(0, 1) };
    const m = mergeParticipants([[short, p('y')], [p('x')]]);
    expect(m.map((q) => [q.pid, q.trials.length])).toEqual([
      ['x', 2],
      ['y', 2],
    ]);
  });
});
