// Synthetic rater answers with a known effect, in exactly the answer schema, so the analysis is tested
// on known truth. Each player has a true mean absolute score (the paper's Table 3 for the paper's
// players, else spread evenly over 2.0–4.0 in file order); a rater's score is that mean rounded up or
// down with the right odds (so its expectation is exactly the mean), then moved ±1 with a symmetric
// chance when both neighbours are on the scale (the expectation stays exact). The relative score of
// the second clip against the first has the true mean 3 + RELATIVE_SLOPE·(μ_second − μ_first),
// clamped to 1..5, drawn the same way. Groups alternate A, B, … so orders are balanced.
// Each rater also carries the package fingerprint (from the key), a Latin square row (setOrder
// 'latin': the trials in that row's order), the attention checks' answers (5 % of raters miss one)
// and plausible playback entries (practice and every clip: mostly ~60 fps, 1 rater in 10 on a slow
// machine at 40–55 fps), drawn from their own random stream so the scores do not depend on them.
import { matchStream, type Rng } from '../sim/rng';
import { checkAnswers, EXPERIENCE, type AttentionResult, type Participant, type PlaybackEntry, type Trial } from './answers';
import { clipFrames, FPS } from './drill-config';
import { latinRow, latinRows } from './latin';
import type { ClipKey } from './key';
import type { Study } from './schema';
import { PAPER_ABSOLUTE } from './template';

export const RELATIVE_SLOPE = 0.75;
/** Chance of moving a score one point up (and the same down) when both are on the scale. */
export const SPREAD = 0.25;

/** The true mean absolute score of each player. */
export function trueAbsoluteMeans(study: Study, override?: Record<string, number>): Record<string, number> {
  const n = study.players.length;
  return Object.fromEntries(
    study.players.map((p, i) => [p.id, override?.[p.id] ?? PAPER_ABSOLUTE[p.id] ?? (n === 1 ? 3 : 2 + (2 * i) / (n - 1))]),
  );
}

/** The true mean relative score of `row` against `col` (what Table 2 should recover). */
export function trueRelative(means: Record<string, number>, row: string, col: string): number {
  return Math.min(5, Math.max(1, 3 + RELATIVE_SLOPE * (means[row]! - means[col]!)));
}

/** A score on 1..5 whose expectation is exactly `mu` (1 ≤ mu ≤ 5). */
export function drawScore(rng: Rng, mu: number): number {
  const lo = Math.floor(mu);
  let s = lo + (rng.next() < mu - lo ? 1 : 0);
  if (s > 5) s = 5;
  if (s > 1 && s < 5) {
    const u = rng.next();
    if (u < SPREAD) s -= 1;
    else if (u < 2 * SPREAD) s += 1;
  }
  return s;
}

export interface SimulateOptions {
  raters: number;
  seed: number;
  /** Clip ids per set as built (key.json); without it, ids are made from the set and player. */
  key?: ClipKey;
  means?: Record<string, number>;
  studyId?: string;
  /** The package fingerprint the answers carry (the key's); null: none (answers of an older page). */
  fingerprint?: string | null;
}

const REASONS = [
  'moves smoothly',
  'too precise',
  'jittery small moves',
  'hesitates like a person',
  'dodges at the last moment',
  '=cmd|"/c calc"!A1',
  'avoids the edges, "careful"',
];

/** Synthetic participants in exactly the answer schema (checked before they are returned). */
export function simulateAnswers(study: Study, opts: SimulateOptions): Participant[] {
  const means = trueAbsoluteMeans(study, opts.means);
  const rng = matchStream(opts.seed, 'study-simulate');
  // Clip id of (set, player): from the key when given.
  const clipOf = (set: number, player: string): string => {
    if (opts.key) {
      const hit = Object.entries(opts.key).find(([, e]) => e.set === set && e.playerId === player);
      if (!hit) throw new Error(`the key has no clip of player '${player}' in set ${set}`);
      return hit[0];
    }
    return `s${String(set).padStart(2, '0')}${player.replace(/[^a-z0-9]/g, '')}`.slice(0, 32).padEnd(6, '0');
  };
  const play = matchStream(opts.seed, 'study-simulate-playback');
  const { frames: clipLen } = clipFrames(study);
  const WINDOWS = [
    [1920, 1080, 1],
    [1366, 657, 1],
    [1440, 900, 2],
    [2560, 1440, 1.5],
  ] as const;
  const out: Participant[] = [];
  const expWeights = [4, 16, 10]; // the paper's raters: none 4, 1-5 16, 6+ 10
  for (let r = 0; r < opts.raters; r++) {
    const group = study.groups[r % study.groups.length]!;
    let u = rng.next() * 30;
    let e = 0;
    while (u >= expWeights[e]!) u -= expWeights[e++]!;
    const orderRow = study.setOrder === 'latin' ? r % latinRows(study.sets.length) : 0;
    const shown = study.setOrder === 'latin' ? latinRow(study.sets.length, orderRow) : study.sets.map((_, i) => i);
    const trials: Trial[] = shown.map((i) => {
      const st = study.sets[i]!;
      const order = group.orders[i]!;
      const [first, second] = order === 'AB' ? [st.a, st.b] : [st.b, st.a];
      const absFirst = drawScore(rng, means[first]!);
      const absSecond = drawScore(rng, means[second]!);
      const relative = drawScore(rng, trueRelative(means, second, first));
      const reason = () => (rng.next() < 0.3 ? REASONS[rng.int(REASONS.length)]! : '');
      return {
        set: i + 1,
        order,
        first: clipOf(i + 1, first),
        second: clipOf(i + 1, second),
        absFirst,
        absSecond,
        relative,
        reasonFirst: reason(),
        reasonSecond: reason(),
        reasonRelative: reason(),
        rtMs: Math.round(20000 + rng.next() * 40000),
      };
    });
    const minute = String(r % 60).padStart(2, '0');
    // Playback: the window and machine speed of this rater.
    const [width, height, dpr] = WINDOWS[play.int(WINDOWS.length)]!;
    const slowMachine = play.next() < 0.1;
    const entry = (
      kind: 'practice' | 'clip',
      frames: number,
      set: number | null,
      which: 'first' | 'second' | null,
      clip: string | null,
    ) => {
      const fps = slowMachine ? 40 + play.next() * 15 : 59.4 + play.next() * 0.6;
      const wallMs = Math.round((frames / fps) * 1000);
      return { kind, set, which, clip, frames, wallMs, fps: frames / (wallMs / 1000), rate: 1, width, height, dpr } satisfies PlaybackEntry;
    };
    const playback: PlaybackEntry[] = [];
    if (study.practice.seconds > 0) playback.push(entry('practice', Math.round(study.practice.seconds * FPS), null, null, null));
    for (const t of trials)
      playback.push(entry('clip', clipLen, t.set, 'first', t.first), entry('clip', clipLen, t.set, 'second', t.second));
    const careless = play.next() < 0.05;
    const attention: AttentionResult[] = study.attention.map((a, check) => {
      const wrong = careless && check === 0;
      const n = Math.max(2, a.options.en?.length ?? a.options.ja?.length ?? 2);
      const answer = wrong ? (a.answer + 1) % n : a.answer;
      return { check, afterSet: a.afterSet, answer, correct: answer === a.answer };
    });
    out.push({
      studyId: opts.studyId ?? study.id,
      fingerprint: opts.fingerprint ?? null,
      pid: `sim${String(r + 1).padStart(3, '0')}`,
      group: group.id,
      orderRow,
      attention,
      playback,
      prolific: null,
      lang: study.languages[r % study.languages.length]!,
      startedAt: `2026-01-01T10:${minute}:00.000Z`,
      finishedAt: `2026-01-01T11:${minute}:00.000Z`,
      demographics: { experience: EXPERIENCE[e]!, playsGames: e > 0 || rng.next() < 0.75, ageBand: rng.next() < 0.9 ? '20-29' : '30-39' },
      trials,
    });
  }
  return checkAnswers(out, 'simulated answers');
}

/** A key for simulated answers without a built package: the same ids simulateAnswers makes. */
export function simulatedKey(study: Study): ClipKey {
  const key: ClipKey = {};
  study.sets.forEach((st, i) => {
    for (const [p, v] of [
      [st.a, st.variants[0]],
      [st.b, st.variants[1]],
    ] as const) {
      key[`s${String(i + 1).padStart(2, '0')}${p.replace(/[^a-z0-9]/g, '')}`.slice(0, 32).padEnd(6, '0')] = {
        playerId: p,
        set: i + 1,
        variant: v,
        replayFile: `${p}-${v}.twrp`,
      };
    }
  });
  return key;
}
