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

const play = (kind: 'practice' | 'clip', set: number | null, which: 'first' | 'second' | null, clip: string | null, fps = 60) => ({
  kind,
  set,
  which,
  clip,
  frames: kind === 'practice' ? 10800 : 1800,
  wallMs: Math.round(((kind === 'practice' ? 10800 : 1800) / fps) * 1000),
  fps,
  rate: 1,
  width: 1366,
  height: 657,
  dpr: 1.5,
});

const p = (pid: string, reason = 'smooth'): Participant => ({
  studyId: 'st1',
  fingerprint: '0123456789abcdef',
  pid,
  group: 'A',
  orderRow: 3,
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
  attention: [
    { check: 0, afterSet: 1, answer: 2, correct: true },
    { check: 1, afterSet: 2, answer: 0, correct: false },
  ],
  playback: [
    play('practice', null, null, null, 59.8),
    play('clip', 1, 'first', 'aaaaaa'),
    play('clip', 1, 'second', 'bbbbbb', 41.5),
    play('clip', 2, 'first', 'cccccc'),
    play('clip', 2, 'second', 'dddddd'),
  ],
  prolific: { pid: '5f1e2d3c4b5a', studyId: 'st99', sessionId: 'sess7' },
});

/** A participant as an older page wrote it: none of the fields added with the package fingerprint. */
const old = (pid: string) => {
  const { fingerprint: _f, orderRow: _o, attention: _a, playback: _p, prolific: _r, ...rest } = p(pid);
  return rest;
};

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
    const csv = answersToCsv([p('x')]).replace(',x,1234,', ',x,soon,');
    expect(() => parseAnswersCsv(csv, 'f.csv')).toThrow("f.csv:2: column rtMs: must be a number, got 'soon'");
    expect(() => parseAnswersCsv('pid,group\r\nx,A\r\n', 'g.csv')).toThrow("g.csv:1: missing column 'studyId'");
    const csv2 = answersToCsv([p('x')]).replace(',1-5,', ',lots,');
    expect(() => parseAnswersCsv(csv2, 'h.csv')).toThrow(/^h\.csv: participant x: demographics\.experience: /);
  });

  it('round-trips the package fingerprint, order row, attention, playback (practice and both clips of a set) and Prolific ids', () => {
    const ps = [p('x'), { ...p('y'), prolific: null, attention: [], playback: [] }];
    expect(parseAnswersJson(JSON.stringify(ps), 'a.json')).toEqual(ps);
    const csv = answersToCsv(ps);
    expect(csv.split('\r\n')[0]).toContain('fingerprint,orderRow,playFirst_frames');
    expect(csv).toContain('0@1:2=ok;1@2:0=fail');
    expect(parseAnswersCsv(csv, 'a.csv')).toEqual(ps);
    expect(parseAnswers(pageCsv(ps as never), 'page.csv')).toEqual(ps);
  });

  it('answers from an older page (no fingerprint, playback, ...) still parse, with fingerprint null', () => {
    const back = parseAnswersJson(JSON.stringify([old('x')]), 'old.json')[0]!;
    expect(back).toMatchObject({ fingerprint: null, orderRow: 0, attention: [], playback: [], prolific: null });
    // An old CSV: the first format's columns only.
    const csv = answersToCsv([old('x')])
      .split('\r\n')
      .map((l) => l.split(',').slice(0, 20).join(','))
      .join('\r\n');
    expect(parseAnswersCsv(csv, 'old.csv')[0]).toMatchObject({ fingerprint: null, trials: p('x').trials, playback: [] });
  });

  it('a bad attention cell, playback number or fingerprint names the file, line or field', () => {
    const csv = answersToCsv([p('x')]);
    expect(() => parseAnswersCsv(csv.replace('0@1:2=ok', '0@1:2=yes'), 'h.csv')).toThrow(
      "h.csv:2: column attention: '0@1:2=yes' is not check@afterSet:answer=ok|fail",
    );
    expect(() => parseAnswersCsv(csv.replace(',1366,657,', ',wide,657,'), 'i.csv')).toThrow(
      /^i\.csv:2: column \w+_width: must be a number/,
    );
    const bad = { ...p('x'), fingerprint: 'nothex' };
    expect(() => parseAnswersJson(JSON.stringify([bad]), 'j.json')).toThrow('j.json: [0].fingerprint: must be 16 hex digits');
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
