// The rater's way through a study, as a fixed list of steps per group, and the participant record
// that is saved after every step. `progress` counts the steps done, so a reload resumes at the
// first step not done (a clip starts again from its beginning; an answered rating is never asked
// twice). No DOM here: unit-tested in Node.
import { latinRow } from './latin';
import type { Lang, Manifest, ManifestSet } from './manifest';

export type Step =
  | { kind: 'welcome' }
  | { kind: 'consent' }
  | { kind: 'demographics' }
  | { kind: 'practice-intro' }
  | { kind: 'practice' }
  | { kind: 'sets-intro' }
  | { kind: 'clip'; index: number; set: ManifestSet; which: 'first' | 'second' }
  | { kind: 'rate'; index: number; set: ManifestSet; which: 'first' | 'second' }
  | { kind: 'attention'; check: number; afterSet: number; answer: number }
  | { kind: 'end' };

/**
 * The steps of a participant of `group`; with `setOrder: 'latin'` the sets come in the order of
 * Latin square row `row` (index stays the position shown, set.set the study's set number).
 */
export function stepsFor(m: Manifest, group: string, row = 0): Step[] {
  const g = m.groups.find((x) => x.id === group);
  if (!g) throw new Error(`group '${group}' is not in this study (it has ${m.groups.map((x) => x.id).join(', ')})`);
  const steps: Step[] = [{ kind: 'welcome' }, { kind: 'consent' }, { kind: 'demographics' }];
  if (m.practice.seconds > 0) steps.push({ kind: 'practice-intro' }, { kind: 'practice' });
  steps.push({ kind: 'sets-intro' });
  const order = m.setOrder === 'latin' ? latinRow(g.sets.length, row) : g.sets.map((_, i) => i);
  order.forEach((si, index) => {
    const set = g.sets[si]!;
    for (const which of ['first', 'second'] as const) {
      steps.push({ kind: 'clip', index, set, which });
      steps.push({ kind: 'rate', index, set, which });
    }
    // Attention checks come after the n-th set shown (not the study's set n).
    m.attention.forEach((a, check) => {
      if (a.afterSet === index + 1) steps.push({ kind: 'attention', check, afterSet: a.afterSet, answer: a.answer });
    });
  });
  steps.push({ kind: 'end' });
  return steps;
}

export type Experience = 'none' | '1-5' | '6+';

export interface Demographics {
  experience: Experience;
  playsGames: boolean;
  ageBand: string;
}

/** One answered set (the answer-file contract with src/study/answers.ts). */
export interface TrialAnswer {
  set: number;
  order: 'AB' | 'BA';
  first: string;
  second: string;
  absFirst: number;
  absSecond: number;
  relative: number;
  reasonFirst: string;
  reasonSecond: string;
  reasonRelative: string;
  rtMs: number;
}

/**
 * How one clip (or the practice) actually played on the rater's screen: frames are counted, so a
 * slow machine stretches the wall time; `fps` = frames / wall seconds (60 when on time).
 */
export interface Playback {
  kind: 'practice' | 'clip';
  /** The study's set number and which clip of it (null for the practice). */
  set: number | null;
  which: 'first' | 'second' | null;
  clip: string | null;
  frames: number;
  wallMs: number;
  fps: number;
  /** Playback speed asked for (1 for raters; only a researcher preview plays faster). */
  rate: number;
  width: number;
  height: number;
  dpr: number;
}

/** An attention check's answer (the option index chosen). */
export interface AttentionAnswer {
  check: number;
  afterSet: number;
  answer: number;
  correct: boolean;
}

/** Prolific's URL parameters, when the participant came from Prolific. */
export interface ProlificIds {
  pid: string;
  studyId: string;
  sessionId: string;
}

/** One participant as exported (the answer-file contract). */
export interface ParticipantAnswer {
  studyId: string;
  /** The package's fingerprint (manifest.fingerprint): `analyze` refuses answers of another package. */
  fingerprint: string;
  pid: string;
  group: string;
  /** Latin square row of the set order (setOrder 'latin'), else 0. */
  orderRow: number;
  lang: Lang;
  startedAt: string;
  finishedAt: string | null;
  demographics: Demographics;
  trials: TrialAnswer[];
  attention: AttentionAnswer[];
  playback: Playback[];
  prolific: ProlificIds | null;
}

/** What is stored per participant: the answer plus where they are. */
export interface ParticipantRecord {
  answer: ParticipantAnswer;
  /** Steps of stepsFor(manifest, group) done. */
  progress: number;
  /** How the group was chosen ('server': balanced over all participants by the study server). */
  groupHow: 'url' | 'balanced' | 'server';
  /** The set being rated: its first clip's answer until the second one completes it. */
  pending: { absFirst: number; reasonFirst: string; rtFirstMs: number } | null;
  /** Whether this participant's data has been sent (POST / JATOS) successfully. */
  sent: boolean;
}

export const NO_DEMOGRAPHICS: Demographics = { experience: 'none', playsGames: false, ageBand: '' };

export function newRecord(
  m: Manifest,
  pid: string,
  group: string,
  groupHow: ParticipantRecord['groupHow'],
  lang: Lang,
  startedAt: string,
  extra: { orderRow?: number; prolific?: ProlificIds | null } = {},
): ParticipantRecord {
  return {
    answer: {
      studyId: m.studyId,
      fingerprint: m.fingerprint,
      pid,
      group,
      orderRow: extra.orderRow ?? 0,
      lang,
      startedAt,
      finishedAt: null,
      demographics: { ...NO_DEMOGRAPHICS },
      trials: [],
      attention: [],
      playback: [],
      prolific: extra.prolific ?? null,
    },
    progress: 0,
    groupHow,
    pending: null,
    sent: false,
  };
}

export interface RatingFirst {
  abs: number;
  reason: string;
  rtMs: number;
}

export interface RatingSecond extends RatingFirst {
  relative: number;
  reasonRelative: string;
}

/**
 * Applies the answer of step `steps[rec.progress]` and moves on one step (returns a new record).
 * Throws when the answer does not fit the step: the page never skips or reorders.
 */
export function advance(
  rec: ParticipantRecord,
  steps: Step[],
  answer?: {
    demographics?: Demographics;
    rating?: RatingFirst | RatingSecond;
    finishedAt?: string;
    /** The attention check's chosen option. */
    attention?: number;
    /** How the clip or practice of this step played. */
    playback?: Playback;
  },
): ParticipantRecord {
  const step = steps[rec.progress];
  if (!step) throw new Error('the study is already finished');
  const next: ParticipantRecord = {
    ...rec,
    answer: {
      ...rec.answer,
      trials: rec.answer.trials.slice(),
      attention: rec.answer.attention.slice(),
      playback: rec.answer.playback.slice(),
    },
    progress: rec.progress + 1,
  };
  if (answer?.playback) next.answer.playback.push({ ...answer.playback });
  if (step.kind === 'demographics') {
    if (!answer?.demographics) throw new Error('demographics step needs the demographics');
    next.answer.demographics = { ...answer.demographics };
  } else if (step.kind === 'rate') {
    const r = answer?.rating;
    if (!r) throw new Error('rating step needs a rating');
    if (step.which === 'first') next.pending = { absFirst: r.abs, reasonFirst: r.reason, rtFirstMs: r.rtMs };
    else {
      if (!rec.pending || !('relative' in r)) throw new Error('the second rating of a set needs the first and a relative rating');
      next.answer.trials.push({
        set: step.set.set,
        order: step.set.order,
        first: step.set.first,
        second: step.set.second,
        absFirst: rec.pending.absFirst,
        absSecond: r.abs,
        relative: r.relative,
        reasonFirst: rec.pending.reasonFirst,
        reasonSecond: r.reason,
        reasonRelative: r.reasonRelative,
        rtMs: Math.round(rec.pending.rtFirstMs + r.rtMs),
      });
      next.pending = null;
    }
  } else if (step.kind === 'attention') {
    if (answer?.attention === undefined) throw new Error('an attention check needs the option chosen');
    next.answer.attention.push({
      check: step.check,
      afterSet: step.afterSet,
      answer: answer.attention,
      correct: answer.attention === step.answer,
    });
  } else if (step.kind === 'end') {
    next.answer.finishedAt = answer?.finishedAt ?? null;
  }
  if (next.progress === steps.length - 1 && answer?.finishedAt) next.answer.finishedAt = answer.finishedAt;
  return next;
}

/** True once every set has been rated (the end screen may still be showing). */
export function isFinished(rec: ParticipantRecord, steps: Step[]): boolean {
  return rec.progress >= steps.length - 1;
}
