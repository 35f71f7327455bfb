// Fitting a reference player to recordings (src/preset-eval/fit-reference/): the estimators on
// hand-made data, and recovery of known, non-built-in parameters from practice matches played by
// the reference controller itself (docs/reference-players.md, "Fitting to recorded people").
import { describe, expect, it } from 'vitest';
import { getReferencePlayer, parseReferencePlayer, ReferenceController, type ReferencePlayer } from '../../src/controllers/reference';
import {
  changeProbability,
  decisionFramesFrom,
  fitReference,
  focusCrowdFrom,
  ln,
  moveIndex,
  quantile,
  shootShareFor,
  type ReferenceFit,
} from '../../src/preset-eval/fit-reference';
import { decodeReplay, encodeReplay, replayFromRunner, type Replay } from '../../src/replay';
import { createMatch, MatchRunner } from '../../src/sim';
import { Input, MOVE_BITS } from '../../src/sim/input';

/** Practice matches (infinite lives) of `p`, one per seed, as replays (encoded and decoded, as a file would be). */
function record(p: ReferencePlayer, difficulty: string, seeds: number[], seconds: number): Replay[] {
  return seeds.map((seed) => {
    const s = createMatch({ seed, mode: 'practice', difficulty, infiniteLives: true, timeLimit: seconds * 60 });
    const runner = new MatchRunner(s, [new ReferenceController(p)]);
    while (runner.tick());
    return decodeReplay(encodeReplay(replayFromRunner(runner, { date: '2026-01-01T00:00:00.000Z' })));
  });
}

function fitAll(base: ReferencePlayer, replays: Replay[]): ReferenceFit {
  return fitReference(base, () => replays.map((replay) => ({ replay, sides: [0] })), { name: 'fitted', label: 'Fitted' });
}

describe('fit-reference estimators', () => {
  it('moveIndex, quantile and ln', () => {
    for (let m = 0; m < 9; m++) expect(moveIndex(MOVE_BITS[m]! | Input.SHOT | Input.FOCUS)).toBe(m);
    expect(moveIndex(Input.LEFT | Input.RIGHT)).toBe(0);
    expect(quantile([5, 1, 4, 2, 3], 0)).toBe(1);
    expect(quantile([5, 1, 4, 2, 3], 0.5)).toBe(3);
    expect(quantile([], 0.5)).toBeNaN();
    for (const x of [1e-3, 0.2, 1, 2, 7.5, 1e6]) expect(ln(x)).toBeCloseTo(Math.log(x), 12);
  });

  it('decisionFrames: the mean of the single-gap block of the change intervals', () => {
    // Gaps D·U(0.75, 1.25) for D = 12, with some sums of two gaps (decisions that kept the move).
    const single = Array.from({ length: 200 }, (_, k) => Math.round(12 * (0.75 + (0.5 * (k + 0.5)) / 200)));
    const double = Array.from({ length: 80 }, (_, k) => single[k]! + single[199 - k]!);
    const r = decisionFramesFrom([...single, ...double]);
    expect(r.low).toBe(9);
    expect(r.value).toBeCloseTo(12, 0);
    // Too few intervals for the block: the low percentile / 0.75.
    expect(decisionFramesFrom([9, 10, 30]).value).toBe(12);
    expect(decisionFramesFrom([]).value).toBeNaN();
  });

  it('shootShare is the measured share of frames with the shot key (the spells hold it that share)', () => {
    for (const s of [0.3, 0.5, 0.75, 0.9]) expect(shootShareFor(s)).toBe(s);
    expect(shootShareFor(Number.NaN)).toBe(0);
    expect(shootShareFor(1)).toBe(1);
    expect(shootShareFor(0)).toBe(0);
  });

  it('changeProbability: a distribution over the 8 new moves; deterministic without noise', () => {
    const score = [-0.1, -0.5, -0.2, -0.9, -0.3, -0.3, -2, -0.15, -0.4];
    let sum = 0;
    for (let m = 1; m < 9; m++) sum += changeProbability(score, 0, m, 0.35);
    expect(sum).toBeCloseTo(1, 2);
    expect(changeProbability(score, 0, 7, 0.35)).toBeGreaterThan(changeProbability(score, 0, 3, 0.35));
    expect(changeProbability(score, 0, 6, 0.35)).toBe(0);
    expect(changeProbability(score, 0, 7, 0)).toBe(1);
    expect(changeProbability(score, 0, 2, 0)).toBe(0);
  });

  it('focusCrowd: the threshold under which the focus key is most likely, 0 when it is never down', () => {
    // Crowds 0..4 at decisions with the key up / down: focus only from 2 up, let go of in a third of those.
    const up = [300, 200, 40, 20, 10];
    const down = [0, 0, 80, 40, 20];
    expect(focusCrowdFrom(up, down, 0.2).value).toBe(2);
    expect(focusCrowdFrom(up, down, 0.2).crowded).toBeCloseTo(140 / 210, 6);
    expect(focusCrowdFrom(up, [0, 0, 0, 40, 20], 0.1).value).toBe(3);
    expect(focusCrowdFrom(up, down, 0.005).value).toBe(0);
    expect(focusCrowdFrom(up, [0, 0, 0, 0, 0], 0.2).value).toBe(0);
  });
});

// Recovery of known parameters: the skilled reference's judgement (noise 0.15) with two sets of
// fitted fields that no built-in has, 3 practice minutes each. Tolerances (docs/reference-players.md):
// delay ±3 frames, margin ±25 %, decisionFrames ±15 %, minHoldFrames ±1 where the recordings pin it
// down (else an upper bound, flagged), focusCrowd ±1, shootShare ±0.05.
const SETS: { stage: string; seeds: number[]; truth: Partial<ReferencePlayer>; minHoldBinds: boolean }[] = [
  {
    stage: 'normal',
    seeds: [1, 2, 3],
    // The minimum hold (10) outlasts the shortest decision gaps (8): presses are cut at it.
    truth: { delayFrames: 9, decisionFrames: 10, minHoldFrames: 10, margin: 14, focusCrowd: 0, shootShare: 1 },
    minHoldBinds: true,
  },
  {
    stage: 'hard',
    seeds: [1, 2, 3],
    // A 4-frame hold under 12-frame gaps never binds: only an upper bound can be recovered.
    truth: { delayFrames: 18, decisionFrames: 16, minHoldFrames: 4, margin: 28, focusCrowd: 2, shootShare: 0.75 },
    minHoldBinds: false,
  },
];

describe('fit-reference recovers known parameters', () => {
  const base = getReferencePlayer('skilled');
  for (const set of SETS) {
    const t = { ...base, ...set.truth, name: 'truth' } as ReferencePlayer;
    const title =
      `delay ${t.delayFrames}, margin ${t.margin}, decisions ${t.decisionFrames}, hold ${t.minHoldFrames}, ` +
      `focus ${t.focusCrowd}, shot ${t.shootShare} (${set.stage})`;
    it(title, { timeout: 60_000 }, () => {
      const f = fitAll(base, record(t, set.stage, set.seeds, 60));
      const p = f.player;
      expect(Math.abs(p.delayFrames - t.delayFrames)).toBeLessThanOrEqual(3);
      expect(Math.abs(p.margin - t.margin)).toBeLessThanOrEqual(0.25 * t.margin);
      expect(Math.abs(p.decisionFrames - t.decisionFrames)).toBeLessThanOrEqual(0.15 * t.decisionFrames);
      if (set.minHoldBinds) expect(Math.abs(p.minHoldFrames - t.minHoldFrames)).toBeLessThanOrEqual(1);
      else {
        expect(f.fields.minHoldFrames.identified).toBe(false);
        // An upper bound: no shorter than the truth, no longer than the shortest change intervals.
        expect(p.minHoldFrames).toBeGreaterThanOrEqual(t.minHoldFrames);
        expect(p.minHoldFrames).toBeLessThanOrEqual(f.measured.interval_p5!);
      }
      expect(Math.abs(p.focusCrowd - t.focusCrowd)).toBeLessThanOrEqual(1);
      if (t.focusCrowd === 0) expect(p.focusCrowd).toBe(0);
      expect(Math.abs(p.shootShare - t.shootShare)).toBeLessThanOrEqual(0.05);
      // A valid reference: every field not fitted is the base's; the description carries the metrics.
      expect(parseReferencePlayer(JSON.parse(JSON.stringify(p)))).toEqual(p);
      for (const k of ['lagCompensation', 'speedNoise', 'attention', 'horizonFrames', 'hesitation', 'slip', 'noise', 'aim'] as const)
        expect(p[k]).toBe(base[k]);
      expect(p.name).toBe('fitted');
      expect(f.measured.seconds).toBe(180);
      expect(f.measured.dir_changes_per_s).toBeGreaterThan(1);
      expect(p.description).toMatch(/direction changes\/s, mean clearance \d+\.\d, focus \d+ % and shot \d+ %/);
      // The rating explains the new moves far better than chance.
      expect(f.agreement.exact!).toBeGreaterThan(2 * f.agreement.chance);
    });
  }
});
