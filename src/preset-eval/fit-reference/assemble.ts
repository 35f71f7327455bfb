// The fit from the passes' evidence: the most likely delay and margin, the focus threshold at that
// delay, the timing and shot share clamped to the schema's ranges, the written description and, per
// field, what it rests on. Part of the fit to recorded people (./fit.ts).
import { parseReferencePlayer, REFERENCE_FIELDS, type ReferencePlayer } from '../../controllers/reference/schema';
import { FPS } from '../../sim/constants';
import { focusCrowdFrom, NEVER_FOCUS_SHARE } from './focus';
import { argmax, FIT_DELAYS, type Grid } from './likelihood';
import type { Pass } from './pass';
import { GAP_HIGH, GAP_LOW, type decisionFramesFrom, type Hands, shootShareFor } from './timing';
import type { FieldFit, FitOptions, FittedField, ReferenceFit } from './types';

/** The fit from the passes' evidence. */
export function assemble(
  b: ReferencePlayer,
  hands: Hands,
  timing: ReturnType<typeof decisionFramesFrom>,
  pressLow: number,
  first: Pass,
  coarse: Grid,
  fine: Grid,
  opts: FitOptions,
): ReferenceFit {
  const decisions = first.decisions;
  const nm = fine.margins.length;
  const any = decisions > 0;
  const best = argmax(fine.loglik);
  const delay = any ? fine.delays[Math.floor(best / nm)]! : b.delayFrames;
  const margin = any ? fine.margins[best % nm]! : b.margin;
  const atBase = fine.delays.includes(b.delayFrames) && fine.margins.includes(b.margin);
  const baseJ = fine.delays.indexOf(b.delayFrames) * nm + fine.margins.indexOf(b.margin);
  // Focus: the crowd threshold (on the fitted delay's percepts) under which the focus key is most likely.
  const focusShare = hands.frames > 0 ? hands.focusFrames / hands.frames : null;
  const fd = FIT_DELAYS.indexOf(delay);
  const n = b.attention + 1;
  const focus = focusCrowdFrom(
    first.crowds.subarray(2 * fd * n, (2 * fd + 1) * n),
    first.crowds.subarray((2 * fd + 1) * n, (2 * fd + 2) * n),
    focusShare ?? 0,
  );
  const shotShare = hands.frames > 0 ? hands.shotFrames / hands.frames : null;
  const ranges = new Map(REFERENCE_FIELDS.map((f) => [f.path, f]));
  const clamp = (field: FittedField, v: number) => {
    if (!Number.isFinite(v)) return b[field];
    const f = ranges.get(field)!;
    return Math.min(f.max!, Math.max(f.min!, v));
  };
  const m = first.likeness.result();
  const measured = {
    replays: hands.replays,
    sides: hands.sides,
    seconds: hands.frames / FPS,
    decisions,
    presses: hands.presses.length,
    intervals: hands.intervals.length,
    dir_changes_per_s: m.dir_changes_per_s,
    mean_clearance: m.mean_clearance,
    focus_share: focusShare,
    shot_share: shotShare,
    press_p5: Number.isFinite(pressLow) ? pressLow : null,
    interval_p5: Number.isFinite(timing.low) ? timing.low : null,
  };
  const agreement = {
    exact: any ? fine.exact[best]! / decisions : null,
    probability: any ? fine.prob[best]! / decisions : null,
    chance: 1 / 8,
    loglik: any ? fine.loglik[best]! / decisions : null,
    loglik_at_base: any && atBase ? fine.loglik[baseJ]! / decisions : null,
    profile: any
      ? coarse.delays.map((d, di) => {
          const row = coarse.loglik.subarray(di * coarse.margins.length, (di + 1) * coarse.margins.length);
          const k = argmax(row);
          return { delay: d, margin: coarse.margins[k]!, loglik: row[k]! / decisions };
        })
      : [],
  };
  const f = (v: number | null, d: number, scale = 1) => (v === null ? '—' : (v * scale).toFixed(d));
  const description =
    `Fitted to ${hands.sides} recorded side(s), ${(measured.seconds / 60).toFixed(1)} min (presets fit-reference, base ` +
    `${b.name}): ${f(measured.dir_changes_per_s, 2)} direction changes/s, mean clearance ${f(measured.mean_clearance, 1)}, ` +
    `focus ${f(focusShare, 0, 100)} % and shot ${f(shotShare, 0, 100)} % of the time; the rating picks the new move at ` +
    `${f(agreement.exact, 0, 100)} % of ${decisions} decisions (chance 13 %).`;
  const player = parseReferencePlayer(
    {
      ...b,
      name: opts.name,
      label: opts.label,
      description,
      delayFrames: delay,
      margin,
      decisionFrames: clamp('decisionFrames', Math.round(timing.value)),
      minHoldFrames: clamp('minHoldFrames', pressLow),
      focusCrowd: any ? focus.value : b.focusCrowd,
      shootShare: clamp('shootShare', Math.round(100 * shootShareFor(shotShare ?? Number.NaN)) / 100),
    },
    'fitted reference',
  );
  const field = (k: FittedField, identified: boolean, note: string): FieldFit => ({ value: player[k], base: b[k], identified, note });
  const none = (what: string) => `no ${what} in the recordings: the base's value`;
  const likely = `the most likely new moves at ${decisions} decisions`;
  return {
    player,
    base: b.name,
    fields: {
      delayFrames: field('delayFrames', any, any ? likely : none('decisions')),
      margin: field('margin', any, any ? likely : none('decisions')),
      decisionFrames: field(
        'decisionFrames',
        Number.isFinite(timing.value),
        Number.isFinite(timing.value)
          ? `change intervals' 5th percentile ${timing.low}; mean of the ${timing.block} in [${timing.low}, ` +
              `${((timing.low * GAP_HIGH) / GAP_LOW).toFixed(1)}]`
          : none('direction changes'),
      ),
      // Presses no longer than the shortest change intervals: the decisions' own rhythm ends them, not a hold.
      minHoldFrames: field(
        'minHoldFrames',
        Number.isFinite(pressLow) && pressLow > timing.low,
        !Number.isFinite(pressLow)
          ? none('presses')
          : pressLow > timing.low
            ? `presses' 5th percentile, above the change intervals' (${timing.low})`
            : `an upper bound: presses are no shorter than the change intervals (5th percentiles ${pressLow}, ${timing.low}), ` +
              'so any shorter hold plays the same',
      ),
      focusCrowd: field(
        'focusCrowd',
        any,
        !any
          ? none('decisions')
          : focusShare === null || focusShare < NEVER_FOCUS_SHARE
            ? 'the focus key is (almost) never down'
            : `the focus key is down at ${f(focus.crowded, 0, 100)} % of the decisions in such a crowd (the rest let go of it)`,
      ),
      shootShare: field(
        'shootShare',
        shotShare !== null,
        shotShare === null
          ? none('frames')
          : `shot key down ${f(shotShare, 1, 100)} % of frames; the model's spells hold it s²/(s²+(1−s)²) of the time`,
      ),
    },
    measured,
    agreement,
  };
}
