// The rater's steps, resuming from a saved record, group assignment, and the answer exports.
import { describe, expect, it } from 'vitest';
import { buildPackage } from '../../src/study/build';
import { assignGroup } from '../../src/study/manifest';
import { answersToCsv, answersToJson, csvCell, CSV_COLUMNS } from '../../src/study/page/export';
import { advance, isFinished, newRecord, type ParticipantRecord, stepsFor } from '../../src/study/flow';
import { paperInput } from './page/fixtures';

const m = buildPackage(paperInput(60)).manifest;

/** Answers every step of a record's group, rating clip k of the run with (k % 5) + 1. */
function runAll(rec: ParticipantRecord, upTo = Number.POSITIVE_INFINITY): ParticipantRecord {
  const steps = stepsFor(m, rec.answer.group);
  let k = 0;
  while (!isFinished(rec, steps) && rec.progress < upTo) {
    const s = steps[rec.progress]!;
    if (s.kind === 'demographics') rec = advance(rec, steps, { demographics: { experience: '1-5', playsGames: true, ageBand: '25–34' } });
    else if (s.kind === 'rate') {
      const abs = ((rec.progress >> 1) % 5) + 1;
      k = rec.progress;
      rec = advance(rec, steps, {
        rating:
          s.which === 'first'
            ? { abs, reason: `r${k}`, rtMs: 100 }
            : { abs, reason: `=cmd|' /C calc'!A0`, rtMs: 50, relative: 5 - (k % 5), reasonRelative: 'ok, "fine"' },
        finishedAt: '2026-11-23T13:00:00.000Z',
      });
    } else rec = advance(rec, steps);
  }
  return rec;
}

describe('stepsFor', () => {
  it('puts welcome, consent, demographics, practice, then clip/rating pairs for each set, then the end', () => {
    const steps = stepsFor(m, 'A');
    expect(steps.slice(0, 6).map((s) => s.kind)).toEqual([
      'welcome',
      'consent',
      'demographics',
      'practice-intro',
      'practice',
      'sets-intro',
    ]);
    expect(steps.filter((s) => s.kind === 'clip')).toHaveLength(16);
    expect(steps.at(-1)!.kind).toBe('end');
    expect(() => stepsFor(m, 'Z')).toThrow(/group 'Z' is not in this study/);
  });

  it("setOrder 'latin': each row shows every set once, in the Latin square's order; attention checks after the n-th set shown", () => {
    const check = { afterSet: 3, prompt: { en: 'Pick 2' }, options: { en: ['1', '2'] }, answer: 1 };
    const lm = { ...m, setOrder: 'latin' as const, attention: [check] };
    const shown = (row: number) => stepsFor(lm, 'A', row).flatMap((s) => (s.kind === 'clip' && s.which === 'first' ? [s.set.set] : []));
    expect(shown(0)).toEqual([1, 2, 8, 3, 7, 4, 6, 5]);
    expect(shown(1)).toEqual([2, 3, 1, 4, 8, 5, 7, 6]);
    expect(shown(8)).toEqual(shown(0));
    for (let r = 0; r < 8; r++) expect([...shown(r)].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(stepsFor(m, 'A', 5).flatMap((s) => (s.kind === 'clip' && s.which === 'first' ? [s.set.set] : []))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
    const steps = stepsFor(lm, 'A', 0);
    const at = steps.findIndex((s) => s.kind === 'attention');
    // After the third set shown: its second rating comes right before.
    expect(steps[at - 1]).toMatchObject({ kind: 'rate', which: 'second', index: 2 });
    expect(steps.filter((s) => s.kind === 'attention')).toHaveLength(1);
  });
});

describe('advance: attention checks and playback', () => {
  it("records the option chosen, whether it was the one asked for, and each step's playback", () => {
    const check = { afterSet: 1, prompt: { en: 'Pick 2' }, options: { en: ['1', '2'] }, answer: 1 };
    const am = { ...m, attention: [check] };
    const steps = stepsFor(am, 'A');
    let rec = newRecord(am, 'p9', 'A', 'url', 'en', '2026-11-23T12:00:00.000Z');
    expect(rec.answer.fingerprint).toBe(m.fingerprint);
    const playback = {
      kind: 'clip' as const,
      set: 1,
      which: 'first' as const,
      clip: 'c1',
      frames: 1800,
      wallMs: 30_500,
      fps: 59,
      rate: 1,
      width: 1366,
      height: 657,
      dpr: 1,
    };
    while (steps[rec.progress]!.kind !== 'attention') {
      const s = steps[rec.progress]!;
      if (s.kind === 'demographics') rec = advance(rec, steps, { demographics: { experience: 'none', playsGames: false, ageBand: '' } });
      else if (s.kind === 'rate')
        rec = advance(rec, steps, {
          rating: s.which === 'first' ? { abs: 3, reason: '', rtMs: 1 } : { abs: 3, reason: '', rtMs: 1, relative: 3, reasonRelative: '' },
        });
      else rec = advance(rec, steps, s.kind === 'clip' ? { playback } : undefined);
    }
    expect(rec.answer.playback).toEqual([playback, playback]);
    expect(() => advance(rec, steps)).toThrow(/attention check needs the option chosen/);
    expect(advance(rec, steps, { attention: 0 }).answer.attention).toEqual([{ check: 0, afterSet: 1, answer: 0, correct: false }]);
    expect(advance(rec, steps, { attention: 1 }).answer.attention).toEqual([{ check: 0, afterSet: 1, answer: 1, correct: true }]);
  });
});

describe('advance', () => {
  it('collects one trial per set with both ratings, the order and the clip ids shown', () => {
    const rec = runAll(newRecord(m, 'p1', 'B', 'url', 'ja', '2026-11-23T12:00:00.000Z'));
    const a = rec.answer;
    expect(a.trials).toHaveLength(8);
    expect(a.finishedAt).toBe('2026-11-23T13:00:00.000Z');
    expect(a.demographics).toEqual({ experience: '1-5', playsGames: true, ageBand: '25–34' });
    const g = m.groups.find((x) => x.id === 'B')!;
    for (const [i, t] of a.trials.entries()) {
      expect(t).toMatchObject({ set: i + 1, order: 'BA', first: g.sets[i]!.first, second: g.sets[i]!.second, rtMs: 150 });
      expect(t.absFirst).toBeGreaterThanOrEqual(1);
    }
    expect(a.trials[0]).toMatchObject({ absFirst: 4, absSecond: 5, reasonFirst: 'r7', relative: 1 });
  });

  it('resumes where a saved record stopped: the same answers as a run without a break', () => {
    const start = newRecord(m, 'p2', 'A', 'balanced', 'en', '2026-11-23T12:00:00.000Z');
    const half = runAll(start, 13); // stopped between a set's two ratings
    expect(half.pending).not.toBeNull();
    const saved = JSON.parse(JSON.stringify(half)) as ParticipantRecord; // what IndexedDB gives back
    expect(runAll(saved)).toEqual(runAll(start));
  });

  it('refuses an answer that does not fit the step', () => {
    const steps = stepsFor(m, 'A');
    const rec = { ...newRecord(m, 'p3', 'A', 'url', 'en', 'x'), progress: 2 };
    expect(() => advance(rec, steps)).toThrow(/demographics/);
  });
});

describe('assignGroup', () => {
  it('takes the URL group, else the group with fewer participants', () => {
    expect(assignGroup(m, 'b', {}, 'x')).toEqual({ group: 'B', how: 'url' });
    expect(assignGroup(m, null, { A: 3, B: 2 }, 'x')).toEqual({ group: 'B', how: 'balanced' });
    expect(assignGroup(m, 'Q', { A: 1, B: 2 }, 'x')).toEqual({ group: 'A', how: 'balanced' });
    // Ties are split by pid: over many pids both groups are chosen about equally.
    const n = Array.from({ length: 200 }, (_, i) => assignGroup(m, null, {}, `p${i}`).group).filter((g) => g === 'A').length;
    expect(n).toBeGreaterThan(70);
    expect(n).toBeLessThan(130);
  });
});

describe('exports', () => {
  const recs = [
    runAll(newRecord(m, 'p1', 'A', 'url', 'en', '2026-11-23T12:00:00.000Z')),
    runAll(newRecord(m, '@p2', 'B', 'url', 'ja', '2026-11-23T12:05:00.000Z')),
  ];
  const answers = recs.map((r) => r.answer);

  it('CSV: one row per set, participant fields repeated, flattened names, formula-safe cells', () => {
    const lines = answersToCsv(answers).trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 16);
    expect(lines[0]).toContain('demographics_experience');
    expect(lines[9]).toMatch(/^[a-z0-9]+,'@p2,B,ja,/);
    expect(lines[1]).toContain(`,'=cmd|' /C calc'!A0,`);
    expect(lines[1]).toContain('"ok, ""fine"""');
    for (const c of ['=1', '+1', '-1', '@x', '\t1', '\r1']) expect(csvCell(c).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('1-5')).toBe('1-5');
    expect(csvCell(-3)).toBe("'-3");
  });

  it('JSON: the participants exactly (the contract), nothing of the page state', () => {
    const back = JSON.parse(answersToJson(answers));
    expect(back).toEqual(answers);
    expect(Object.keys(back[0]).sort()).toEqual([
      'attention',
      'demographics',
      'fingerprint',
      'finishedAt',
      'group',
      'lang',
      'orderRow',
      'pid',
      'playback',
      'prolific',
      'startedAt',
      'studyId',
      'trials',
    ]);
  });
});
