import { describe, expect, it } from 'vitest';
import { analyze, AnalysisError, checkFingerprints, formatAnalysis, SLOW_FPS } from '../../src/study/analyze';
import { answersToCsv, checkAnswers, parseAnswersCsv, type Participant } from '../../src/study/answers';
import type { ClipKey } from '../../src/study/key';
import { buildReport } from '../../src/study/report';
import { simulateAnswers, simulatedKey, trueAbsoluteMeans, trueRelative } from '../../src/study/simulate';
import { paperStudy, PAPER_ABSOLUTE } from '../../src/study/template';

const study = paperStudy();
const key = simulatedKey(study);

describe('analysis on synthetic answers with a known effect', () => {
  const ps = simulateAnswers(study, { raters: 1200, seed: 7, key });
  const a = analyze({ participants: ps, key });

  it('simulate writes exactly the answer schema, groups balanced', () => {
    expect(checkAnswers(JSON.parse(JSON.stringify(ps)), 'sim')).toEqual(ps);
    expect(a.groups).toEqual({ A: 600, B: 600 });
    expect(a.trials).toBe(1200 * 8);
  });

  it('recovers the true absolute means (Table 3) within 0.06 and 3.5 standard errors', () => {
    const truth = trueAbsoluteMeans(study);
    expect(truth).toEqual(PAPER_ABSOLUTE);
    for (const p of a.players) {
      expect({ id: p.id, err: Math.abs(p.mean! - truth[p.id]!) < 0.06 }).toEqual({ id: p.id, err: true });
      // the CI is mean ± t·SD/√n, and the truth is within 3.5 standard errors of the mean
      const se = p.sd! / Math.sqrt(p.n);
      expect(p.ci95![1] - p.mean!).toBeCloseTo(1.962 * se, 3);
      expect(Math.abs(p.mean! - truth[p.id]!)).toBeLessThan(3.5 * se);
      expect(p.percent.reduce((s, x) => s + x, 0)).toBeCloseTo(100, 9);
    }
  });

  it('recovers the true relative means (Table 2) in both directions', () => {
    const truth = trueAbsoluteMeans(study);
    for (const st of study.sets) {
      for (const [r, c] of [
        [st.a, st.b],
        [st.b, st.a],
      ]) {
        const cell = a.relative[r!]![c!]!;
        expect(cell.n).toBe(1200);
        expect({ r, c, ok: Math.abs(cell.mean! - trueRelative(truth, r!, c!)) < 0.08 }).toEqual({ r, c, ok: true });
      }
    }
  });

  it('the paired test finds the large differences, not the small one', () => {
    const set3 = a.sets.find((s) => s.set === 3)!; // base 2.1 vs expert 4.2
    expect(set3.paired.p!).toBeLessThan(1e-6);
    expect(set3.absA.mean!).toBeLessThan(set3.absB.mean!);
    // there is no order effect in the simulation: no set shows one at p < 0.001
    for (const s of a.sets) expect(s.order.test.p!).toBeGreaterThan(0.001);
  });
});

describe('analysis on a hand-made data set', () => {
  const k: ClipKey = {
    clipaa: { playerId: 'cpu', set: 1, variant: 'a', replayFile: 'cpu-a.twrp' },
    clipbb: { playerId: 'man', set: 1, variant: 'b', replayFile: 'man-b.twrp' },
  };
  const rater = (
    pid: string,
    order: 'AB' | 'BA',
    absCpu: number,
    absMan: number,
    relManVsCpu: number,
    experience: 'none' | '6+',
  ): Participant => ({
    studyId: 's',
    fingerprint: null,
    orderRow: 0,
    attention: [],
    playback: [],
    prolific: null,
    pid,
    group: order === 'AB' ? 'A' : 'B',
    lang: 'en',
    startedAt: 't0',
    finishedAt: 't1',
    demographics: { experience, playsGames: true, ageBand: '20-29' },
    trials: [
      order === 'AB'
        ? {
            set: 1,
            order,
            first: 'clipaa',
            second: 'clipbb',
            absFirst: absCpu,
            absSecond: absMan,
            relative: relManVsCpu,
            reasonFirst: 'too exact',
            reasonSecond: '',
            reasonRelative: 'smoother',
            rtMs: 1,
          }
        : {
            set: 1,
            order,
            first: 'clipbb',
            second: 'clipaa',
            absFirst: absMan,
            absSecond: absCpu,
            relative: 6 - relManVsCpu,
            reasonFirst: '',
            reasonSecond: '',
            reasonRelative: '',
            rtMs: 1,
          },
    ],
  });
  const ps = [
    rater('r1', 'AB', 1, 5, 5, 'none'),
    rater('r2', 'BA', 2, 4, 4, '6+'),
    rater('r3', 'AB', 3, 4, 4, '6+'),
    rater('r4', 'BA', 2, 3, 3, 'none'),
  ];

  it('gives exact means, relative in both directions, experience groups and reasons', () => {
    const a = analyze({ participants: ps, key: k });
    expect(a.players.map((p) => [p.id, p.mean, p.n])).toEqual([
      ['cpu', 2, 4],
      ['man', 4, 4],
    ]);
    expect(a.players[0]!.counts).toEqual([1, 2, 1, 0, 0]);
    expect(a.relative.man!.cpu).toEqual({ n: 4, mean: 4, paper: null });
    expect(a.relative.cpu!.man!.mean).toBe(2);
    expect(a.byExperience.none!.cpu!.mean).toBe(1.5);
    expect(a.byExperience['6+']!.man!.mean).toBe(4);
    expect(a.sets[0]).toMatchObject({ a: 'cpu', b: 'man' });
    // differences −4, −2, −1, −1: tied, so the normal approximation (scipy: p = 0.0975125)
    expect(a.sets[0]!.paired).toMatchObject({ n: 4, wPlus: 0, w: 0, exact: false });
    expect(a.sets[0]!.paired.p).toBeCloseTo(0.0975125381781096, 6);
    expect(a.reasons.cpu).toEqual([
      { score: 1, text: 'too exact', kind: 'absolute' },
      { score: 3, text: 'too exact', kind: 'absolute' },
    ]);
    expect(a.reasons.man!.map((r) => r.vs)).toEqual(['cpu', 'cpu']);
  });

  it('CSV and JSON give the same analysis', () => {
    expect(analyze({ participants: parseAnswersCsv(answersToCsv(ps), 'x.csv'), key: k })).toEqual(analyze({ participants: ps, key: k }));
  });

  it('a clip missing from the key is an error naming the participant and trial', () => {
    const bad = [rater('r9', 'AB', 1, 1, 1, 'none')];
    bad[0]!.trials[0]!.second = 'zzzzzz';
    expect(() => analyze({ participants: bad, key: k })).toThrow(AnalysisError);
    expect(() => analyze({ participants: bad, key: k })).toThrow("participant 'r9' (#1) trials[0].second: clip 'zzzzzz' is not in the key");
  });

  it('the report draws real Vega-Lite SVG figures and one HTML page', async () => {
    const a = analyze({
      participants: ps,
      key: k,
      clipMetrics: {
        clipaa: {
          frames: 60,
          one_frame_per_min: 10,
          dir_changes_per_s: 3,
          moving_fraction: 0.8,
          mean_clearance: 20,
          min_clearance: 5,
          hits_per_min: 0,
        },
        clipbb: {
          frames: 60,
          one_frame_per_min: 1,
          dir_changes_per_s: 1,
          moving_fraction: 0.5,
          mean_clearance: 40,
          min_clearance: 9,
          hits_per_min: 0,
        },
      },
    });
    const r = await buildReport(a, 'T <test>');
    for (const f of ['fig7.svg', 'table2.svg', 'metrics.svg'] as const) {
      expect(r[f]!.startsWith('<svg')).toBe(true);
      expect(r[f]!).toContain('class="marks"');
    }
    expect(r['fig7.svg']).toContain('% of votes');
    expect(r['report.html']).toContain('<h1>T &lt;test&gt;</h1>');
    expect(r['report.html']).toContain(r['table2.svg']);
  });
});

describe('integrity in the analysis', () => {
  const ps = simulateAnswers(study, { raters: 20, seed: 3, key, fingerprint: '00000000000000aa' });

  it('simulate carries the fingerprint and a plausible playback entry for the practice and every clip shown', () => {
    for (const p of ps) {
      expect(p.fingerprint).toBe('00000000000000aa');
      expect(p.playback).toHaveLength(1 + 2 * study.sets.length);
      expect(p.playback[0]).toMatchObject({ kind: 'practice', frames: 180 * 60, rate: 1 });
      for (const e of p.playback) {
        expect(e.fps).toBeGreaterThan(39);
        expect(e.fps).toBeLessThan(60.5);
        expect(Math.abs(e.frames / (e.wallMs / 1000) - e.fps)).toBeLessThan(1e-9);
      }
      for (const t of p.trials) expect(p.playback.filter((e) => e.set === t.set).map((e) => e.clip)).toEqual([t.first, t.second]);
    }
    expect(simulateAnswers(study, { raters: 2, seed: 3, key })[0]!.fingerprint).toBeNull();
  });

  it('refuses answers of another package or of an older one, naming the file, pid and both fingerprints', () => {
    expect(() => checkFingerprints(ps, '00000000000000aa', 'a.json')).not.toThrow();
    expect(() => checkFingerprints(ps, '00000000000000bb', 'a.json')).toThrow(
      "a.json: participant 'sim001': the answers come from package 00000000000000aa, the key is of package 00000000000000bb",
    );
    expect(() => checkFingerprints([{ ...ps[0]!, fingerprint: null }], '00000000000000bb', 'old.json')).toThrow(
      /^old\.json: participant 'sim001': the answers carry no package fingerprint, so they come from an older package/,
    );
    expect(() => checkFingerprints(ps, null, 'a.json')).toThrow(AnalysisError);
    expect(() => checkFingerprints([{ ...ps[0]!, fingerprint: null }], null, 'old.json')).not.toThrow();
  });

  it(`lists clips played under ${SLOW_FPS} fps or at a rate other than 1, with the clip's player`, () => {
    const fast = ps.map((p) => ({ ...p, playback: p.playback.map((e) => ({ ...e, fps: 60, rate: 1 })) }));
    expect(analyze({ participants: fast, key }).slowed).toMatchObject({ count: 0, participants: 0 });
    const t = fast[1]!.trials[2]!;
    fast[1] = {
      ...fast[1]!,
      playback: fast[1]!.playback.map((e) =>
        e.clip === t.first ? { ...e, fps: 53.9 } : e.clip === t.second ? { ...e, rate: 4 } : e.kind === 'practice' ? { ...e, fps: 54 } : e,
      ),
    };
    const a = analyze({ participants: fast, key });
    expect(a.slowed.count).toBe(2);
    expect(a.slowed.participants).toBe(1);
    expect(a.slowed.entries.map((e) => [e.pid, e.set, e.which, e.player, e.fps, e.rate])).toEqual([
      ['sim002', t.set, 'first', key[t.first]!.playerId, 53.9, 1],
      ['sim002', t.set, 'second', key[t.second]!.playerId, 60, 4],
    ]);
    expect(formatAnalysis(a)).toContain('Slowed playback (fps < 54 or rate ≠ 1): 2 clip/practice plays of 1 participants');
  });

  it('flags participants who failed an attention check and leaves them out only when asked', () => {
    const withChecks = ps.map((p, i) => ({
      ...p,
      attention: [{ check: 0, afterSet: 4, answer: i === 3 ? 0 : 1, correct: i !== 3 }],
    }));
    const kept = analyze({ participants: withChecks, key });
    expect(kept.participants).toBe(20);
    expect(kept.attention).toEqual({ checked: 20, failed: [{ pid: 'sim004', failed: 1, answered: 1 }], excluded: 0 });
    const dropped = analyze({ participants: withChecks, key, excludeFailedAttention: true });
    expect([dropped.participants, dropped.attention.excluded]).toEqual([19, 1]);
    expect(dropped.trials).toBe(19 * 8);
  });
});
