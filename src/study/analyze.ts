// The study analysis (seed 004 §4.2.3): merged answers + the clip key -> Table 2 (relative means, row
// player vs column player), Table 3 (absolute means with n, SD, 95 % CI), Fig. 7 (absolute score
// histogram, % of votes), per-set paired tests and order effects, results per experience group,
// free-text reasons per player, and the clips' objective metrics beside their ratings; also the
// integrity checks: answers of another package refused (fingerprint), slowed playback listed,
// failed attention checks flagged (optionally excluded), stand-in clips warned of. Pure.
import type { HumanLikeness } from '../metrics';
import { EXPERIENCE, type Participant } from './answers';
import type { ClipKey } from './key';
import { describe, mannWhitney, spearman, wilcoxonSignedRank, type Describe, type RankSum, type SignedRank } from './stats';
import { PAPER_ABSOLUTE, PAPER_RELATIVE } from './template';

export const METRIC_NAMES = ['one_frame_per_min', 'dir_changes_per_s', 'moving_fraction', 'mean_clearance'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];

export class AnalysisError extends Error {
  readonly userFacing = true;
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisError';
  }
}

export interface PlayerInfo {
  id: string;
  label: string;
}

export interface AnalysisInput {
  participants: Participant[];
  key: ClipKey;
  /** Players in table order with labels (default: the key's player ids, in order of first clip). */
  players?: PlayerInfo[];
  /** Metrics of each shown clip (clip id -> metrics over the clip's frames). */
  clipMetrics?: Record<string, HumanLikeness>;
  /** Points of the scales (5). */
  points?: number;
  /** Participants included only when they answered every set (default false: every trial counts). */
  completeOnly?: boolean;
  /** Leave out participants who failed any attention check. */
  excludeFailedAttention?: boolean;
}

/** A clip (or practice) is slowed when it played below this frame rate (more than 10 % under 60) or at a rate ≠ 1. */
export const SLOW_FPS = 54;

export interface SlowedPlayback {
  pid: string;
  kind: 'practice' | 'clip';
  set: number | null;
  which: 'first' | 'second' | null;
  clip: string | null;
  /** The clip's player (from the key), null for the practice. */
  player: string | null;
  fps: number;
  rate: number;
  wallMs: number;
  frames: number;
}

export interface AttentionSummary {
  /** Participants who answered at least one attention check. */
  checked: number;
  /** Participants who failed at least one: pid, checks failed and answered. */
  failed: { pid: string; failed: number; answered: number }[];
  /** Participants left out for it (excludeFailedAttention). */
  excluded: number;
}

export interface PlayerAbsolute extends Describe {
  id: string;
  label: string;
  /** Votes per score 1..points. */
  counts: number[];
  /** % of this player's votes per score (Fig. 7). */
  percent: number[];
  /** Table 3 of the paper (null: not a paper player). */
  paper: number | null;
}

export interface RelativeCell {
  n: number;
  mean: number | null;
  paper: number | null;
}

export interface SetResult {
  set: number;
  a: string;
  b: string;
  /** Absolute scores of a and b by the raters who saw the set. */
  absA: Describe;
  absB: Describe;
  /** Paired test of absolute(a) − absolute(b) over raters. */
  paired: SignedRank;
  /** Relative score of a against b (from each rater's answer, whichever came first). */
  relativeAB: Describe;
  /** Order effect: relative(a vs b) of raters who saw a first vs b first. */
  order: { aFirst: Describe; bFirst: Describe; test: RankSum };
}

export interface ClipResult {
  clip: string;
  player: string;
  set: number;
  variant: string;
  absolute: Describe;
  metrics: HumanLikeness | null;
}

export interface Analysis {
  participants: number;
  finished: number;
  trials: number;
  groups: Record<string, number>;
  experience: Record<string, number>;
  players: PlayerAbsolute[];
  /** relative[row][col]: how human-like the row player seemed against the column player. */
  relative: Record<string, Record<string, RelativeCell>>;
  sets: SetResult[];
  /** Absolute means per experience group and player. */
  byExperience: Record<string, Record<string, Describe>>;
  /** Free-text reasons per player: the absolute-rating reason and the relative one (with the other player). */
  reasons: Record<string, { score: number; text: string; kind: 'absolute' | 'relative'; vs?: string }[]>;
  clips: ClipResult[];
  /** Spearman's rho of each metric with the clip's mean absolute rating (over clips). */
  correlations: Record<MetricName, { n: number; rho: number | null }>;
  /** Clips and practices that played slowed (fps < SLOW_FPS or rate ≠ 1), and how many participants had one. */
  slowed: { entries: SlowedPlayback[]; count: number; participants: number; threshold: number };
  attention: AttentionSummary;
  /** Clips of human players that are CPU-played stand-ins (key.json standIn). */
  standIns: { clip: string; player: string; variant: string }[];
}

/** Whether a participant failed any attention check they answered. */
export function failedAttention(p: Participant): boolean {
  return (p.attention ?? []).some((a) => !a.correct);
}

/**
 * Refuses answers given to another package: `keyFingerprint` is the key's (null: an older key).
 * Throws AnalysisError naming the file, the participant and both fingerprints.
 */
export function checkFingerprints(participants: readonly Participant[], keyFingerprint: string | null, file: string): void {
  for (const p of participants) {
    const fp = p.fingerprint ?? null;
    if (fp === keyFingerprint) continue;
    const who = `${file}: participant '${p.pid}'`;
    if (fp === null)
      throw new AnalysisError(
        `${who}: the answers carry no package fingerprint, so they come from an older package than this key ` +
          `(fingerprint ${keyFingerprint}); analyse them with that package's key`,
      );
    if (keyFingerprint === null)
      throw new AnalysisError(
        `${who}: the answers come from package ${fp}, but the key has no fingerprint (an older package); give the key.json of the ` +
          'package these answers were given to',
      );
    throw new AnalysisError(
      `${who}: the answers come from package ${fp}, the key is of package ${keyFingerprint}; give the key.json of the package ` +
        'these answers were given to (a rebuilt or changed study gives another package)',
    );
  }
}

export function analyze(input: AnalysisInput): Analysis {
  const { key } = input;
  const points = input.points ?? 5;
  const base = input.completeOnly ? input.participants.filter((p) => p.finishedAt !== null) : input.participants;
  const failed = base.filter(failedAttention);
  const ps = input.excludeFailedAttention ? base.filter((p) => !failedAttention(p)) : base;
  const order: PlayerInfo[] = input.players ? [...input.players] : [];
  const known = new Set(order.map((p) => p.id));
  for (const e of Object.values(key)) {
    if (!known.has(e.playerId)) {
      known.add(e.playerId);
      order.push({ id: e.playerId, label: e.label ?? e.playerId });
    }
  }
  const abs = new Map<string, number[]>(order.map((p) => [p.id, []]));
  const rel = new Map<string, number[]>();
  const clipAbs = new Map<string, number[]>(Object.keys(key).map((c) => [c, []]));
  const byExp = new Map<string, Map<string, number[]>>(EXPERIENCE.map((e) => [e, new Map()]));
  const reasons: Analysis['reasons'] = Object.fromEntries(order.map((p) => [p.id, []]));
  type SetAcc = {
    a: string;
    b: string;
    absA: number[];
    absB: number[];
    diff: number[];
    relAB: number[];
    aFirst: number[];
    bFirst: number[];
  };
  const sets = new Map<number, SetAcc>();
  const groups: Record<string, number> = {};
  const experience: Record<string, number> = {};
  let trials = 0;

  const who = (clip: string, where: string): string => {
    const e = key[clip];
    if (!e) throw new AnalysisError(`${where}: clip '${clip}' is not in the key (is it the key.json of this study's package?)`);
    return e.playerId;
  };

  ps.forEach((p, pi) => {
    groups[p.group] = (groups[p.group] ?? 0) + 1;
    experience[p.demographics.experience] = (experience[p.demographics.experience] ?? 0) + 1;
    p.trials.forEach((t, ti) => {
      const where = `participant '${p.pid}' (#${pi + 1}) trials[${ti}]`;
      const first = who(t.first, `${where}.first`);
      const second = who(t.second, `${where}.second`);
      const ka = key[t.first]!;
      const kb = key[t.second]!;
      if (ka.set !== t.set || kb.set !== t.set)
        throw new AnalysisError(`${where}.set: set ${t.set}, but the key puts its clips in sets ${ka.set} and ${kb.set}`);
      trials++;
      abs.get(first)!.push(t.absFirst);
      abs.get(second)!.push(t.absSecond);
      clipAbs.get(t.first)!.push(t.absFirst);
      clipAbs.get(t.second)!.push(t.absSecond);
      const e = byExp.get(p.demographics.experience)!;
      for (const [id, v] of [
        [first, t.absFirst],
        [second, t.absSecond],
      ] as const) {
        if (!e.has(id)) e.set(id, []);
        e.get(id)!.push(v);
      }
      // relative: the second against the first; the first against the second is its mirror.
      const push = (r: string, c: string, v: number) => {
        const k = `${r}\u0000${c}`;
        if (!rel.has(k)) rel.set(k, []);
        rel.get(k)!.push(v);
      };
      push(second, first, t.relative);
      push(first, second, points + 1 - t.relative);
      if (t.reasonFirst.trim()) reasons[first]!.push({ score: t.absFirst, text: t.reasonFirst.trim(), kind: 'absolute' });
      if (t.reasonSecond.trim()) reasons[second]!.push({ score: t.absSecond, text: t.reasonSecond.trim(), kind: 'absolute' });
      if (t.reasonRelative.trim()) reasons[second]!.push({ score: t.relative, text: t.reasonRelative.trim(), kind: 'relative', vs: first });
      // Per set: 'a' is the player whose clip is the AB-order first (group orders), found from t.order.
      const [aClip, bClip] = t.order === 'AB' ? [t.first, t.second] : [t.second, t.first];
      const a = key[aClip]!.playerId;
      const b = key[bClip]!.playerId;
      let s = sets.get(t.set);
      if (!s) {
        s = { a, b, absA: [], absB: [], diff: [], relAB: [], aFirst: [], bFirst: [] };
        sets.set(t.set, s);
      } else if (s.a !== a || s.b !== b)
        throw new AnalysisError(`${where}: set ${t.set} pairs ${a} and ${b} here but ${s.a} and ${s.b} elsewhere`);
      const absA = t.order === 'AB' ? t.absFirst : t.absSecond;
      const absB = t.order === 'AB' ? t.absSecond : t.absFirst;
      const relAB = t.order === 'AB' ? points + 1 - t.relative : t.relative;
      s.absA.push(absA);
      s.absB.push(absB);
      s.diff.push(absA - absB);
      s.relAB.push(relAB);
      (t.order === 'AB' ? s.aFirst : s.bFirst).push(relAB);
    });
  });

  const players: PlayerAbsolute[] = order.map((p) => {
    const xs = abs.get(p.id)!;
    const counts = Array.from({ length: points }, (_, k) => xs.filter((x) => x === k + 1).length);
    return {
      id: p.id,
      label: p.label,
      ...describe(xs),
      counts,
      percent: counts.map((c) => (xs.length ? (100 * c) / xs.length : 0)),
      paper: PAPER_ABSOLUTE[p.id] ?? null,
    };
  });
  const relative: Analysis['relative'] = {};
  for (const r of order) {
    relative[r.id] = {};
    for (const c of order) {
      if (r.id === c.id) continue;
      const xs = rel.get(`${r.id}\u0000${c.id}`) ?? [];
      const paper = PAPER_RELATIVE[r.id]?.[c.id] ?? null;
      if (xs.length === 0 && paper === null) continue;
      relative[r.id]![c.id] = { n: xs.length, mean: xs.length ? describe(xs).mean : null, paper };
    }
  }
  const setResults: SetResult[] = [...sets.entries()]
    .sort((x, y) => x[0] - y[0])
    .map(([set, s]) => ({
      set,
      a: s.a,
      b: s.b,
      absA: describe(s.absA),
      absB: describe(s.absB),
      paired: wilcoxonSignedRank(s.diff),
      relativeAB: describe(s.relAB),
      order: { aFirst: describe(s.aFirst), bFirst: describe(s.bFirst), test: mannWhitney(s.aFirst, s.bFirst) },
    }));
  const byExperience: Analysis['byExperience'] = {};
  for (const [e, m] of byExp) {
    if (m.size === 0) continue;
    byExperience[e] = Object.fromEntries(order.filter((p) => m.has(p.id)).map((p) => [p.id, describe(m.get(p.id)!)]));
  }
  const clips: ClipResult[] = Object.entries(key)
    .sort((x, y) => x[1].set - y[1].set || x[1].playerId.localeCompare(y[1].playerId))
    .map(([clip, e]) => ({
      clip,
      player: e.playerId,
      set: e.set,
      variant: e.variant,
      absolute: describe(clipAbs.get(clip)!),
      metrics: input.clipMetrics?.[clip] ?? null,
    }));
  const correlations = {} as Analysis['correlations'];
  for (const m of METRIC_NAMES) {
    const pts = clips.filter((c) => c.absolute.mean !== null && c.metrics && c.metrics[m] !== null);
    correlations[m] = {
      n: pts.length,
      rho: spearman(
        pts.map((c) => c.metrics![m]!),
        pts.map((c) => c.absolute.mean!),
      ),
    };
  }
  const slowed: SlowedPlayback[] = [];
  for (const p of ps)
    for (const e of p.playback ?? [])
      if (e.fps < SLOW_FPS || e.rate !== 1)
        slowed.push({
          pid: p.pid,
          kind: e.kind,
          set: e.set,
          which: e.which,
          clip: e.clip,
          player: e.clip ? (key[e.clip]?.playerId ?? null) : null,
          fps: e.fps,
          rate: e.rate,
          wallMs: e.wallMs,
          frames: e.frames,
        });
  return {
    participants: ps.length,
    finished: ps.filter((p) => p.finishedAt !== null).length,
    trials,
    groups,
    experience,
    players,
    relative,
    sets: setResults,
    byExperience,
    reasons,
    clips,
    correlations,
    slowed: { entries: slowed, count: slowed.length, participants: new Set(slowed.map((x) => x.pid)).size, threshold: SLOW_FPS },
    attention: {
      checked: base.filter((p) => (p.attention ?? []).length > 0).length,
      failed: failed.map((p) => ({ pid: p.pid, failed: p.attention.filter((a) => !a.correct).length, answered: p.attention.length })),
      excluded: input.excludeFailedAttention ? failed.length : 0,
    },
    standIns: Object.entries(key)
      .filter(([, e]) => e.standIn)
      .map(([clip, e]) => ({ clip, player: e.playerId, variant: e.variant })),
  };
}

const f = (x: number | null | undefined, d = 2) => (x === null || x === undefined ? '—' : x.toFixed(d));
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

/** The analysis as plain-text tables (what `study analyze` prints without --json). */
export function formatAnalysis(a: Analysis): string {
  const L: string[] = [];
  const label = new Map(a.players.map((p) => [p.id, p.label]));
  const ids = a.players.map((p) => p.id);
  const w = Math.max(12, ...a.players.map((p) => p.label.length + 1));
  if (a.standIns.length)
    L.push(
      `WARNING: ${a.standIns.length} clip(s) of human players are CPU-played stand-ins (key.json standIn: ` +
        `${[...new Set(a.standIns.map((x) => x.player))].map((x) => label.get(x) ?? x).join(', ')}); ` +
        'their ratings say nothing about people',
      '',
    );
  L.push(
    `${a.participants} participants (${a.finished} finished), ${a.trials} answered sets; groups ${Object.entries(a.groups)
      .map(([g, n]) => `${g}: ${n}`)
      .join(', ')}; experience ${Object.entries(a.experience)
      .map(([g, n]) => `${g}: ${n}`)
      .join(', ')}`,
  );
  const at = a.attention;
  if (at.checked > 0 || at.failed.length > 0)
    L.push(
      `Attention checks: ${at.checked} participants answered one, ${at.failed.length} failed` +
        `${at.failed.length ? ` (${at.failed.map((x) => `${x.pid} ${x.failed}/${x.answered}`).join(', ')})` : ''}` +
        (at.excluded
          ? `; ${at.excluded} excluded (--exclude-failed-attention)`
          : at.failed.length
            ? '; kept (--exclude-failed-attention leaves them out)'
            : ''),
    );
  L.push(
    `Slowed playback (fps < ${a.slowed.threshold} or rate ≠ 1): ${a.slowed.count} clip/practice plays of ` +
      `${a.slowed.participants} participants`,
  );
  for (const e of a.slowed.entries.slice(0, 40)) {
    const who = e.player ? (label.get(e.player) ?? e.player) : e.clip;
    L.push(
      `  ${e.pid}: ${e.kind === 'practice' ? 'practice' : `set ${e.set} ${e.which} (${who})`} ` +
        `${f(e.fps, 1)} fps, rate ${e.rate}, ${f(e.wallMs / 1000, 1)} s for ${e.frames} frames`,
    );
  }
  if (a.slowed.count > 40) L.push(`  … ${a.slowed.count - 40} more (see --json)`);
  L.push('', 'Table 3 — absolute human-likeness (1–5): this study vs the paper');
  L.push(`${pad('player', w)}${lpad('n', 5)}${lpad('mean', 7)}${lpad('SD', 6)}${lpad('95% CI', 15)}${lpad('paper', 7)}`);
  for (const p of a.players)
    L.push(
      `${pad(p.label, w)}${lpad(String(p.n), 5)}${lpad(f(p.mean), 7)}${lpad(f(p.sd), 6)}` +
        `${lpad(p.ci95 ? `${f(p.ci95[0])}–${f(p.ci95[1])}` : '—', 15)}${lpad(f(p.paper, 1), 7)}`,
    );
  L.push('', 'Table 2 — relative: row player against column player, mean (paper)');
  L.push(pad('', w) + ids.map((c) => lpad(label.get(c)!.slice(0, 11), 12)).join(''));
  for (const r of ids)
    L.push(
      pad(label.get(r)!, w) +
        ids
          .map((c) => {
            const cell = a.relative[r]?.[c];
            return lpad(cell ? `${f(cell.mean, 1)} (${f(cell.paper, 1)})` : '', 12);
          })
          .join(''),
    );
  L.push('', 'Fig. 7 — % of absolute votes per score');
  L.push(pad('player', w) + [1, 2, 3, 4, 5].map((k) => lpad(String(k), 6)).join(''));
  for (const p of a.players) L.push(pad(p.label, w) + p.percent.map((x) => lpad(`${f(x, 0)}%`, 6)).join(''));
  L.push(
    '',
    'Sets — paired Wilcoxon signed-rank of absolute(a) − absolute(b); order effect: relative(a vs b), a shown first vs b first ' +
      '(Mann–Whitney)',
  );
  for (const s of a.sets) {
    L.push(
      `  set ${s.set}: ${label.get(s.a)} ${f(s.absA.mean)} vs ${label.get(s.b)} ${f(s.absB.mean)} — W=${s.paired.w} ` +
        `n=${s.paired.n} p=${f(s.paired.p, 3)}${s.paired.exact ? ' (exact)' : ''}; relative(a vs b) ${f(s.relativeAB.mean)}; ` +
        `order: a first ${f(s.order.aFirst.mean)} (n ${s.order.aFirst.n}), b first ${f(s.order.bFirst.mean)} (n ` +
        `${s.order.bFirst.n}), p=${f(s.order.test.p, 3)}`,
    );
  }
  L.push('', 'Absolute mean by shmup experience');
  L.push(pad('experience', 12) + ids.map((c) => lpad(label.get(c)!.slice(0, 11), 12)).join(''));
  for (const [e, m] of Object.entries(a.byExperience))
    L.push(pad(e, 12) + ids.map((c) => lpad(m[c] ? `${f(m[c].mean)} (${m[c].n})` : '', 12)).join(''));
  if (a.clips.some((c) => c.metrics)) {
    L.push('', 'Clips — objective metrics beside the mean absolute rating');
    L.push(`${pad('set/player', w + 4)}${lpad('rating', 7)}${lpad('1f/min', 8)}${lpad('dir/s', 7)}${lpad('moving', 8)}${lpad('clear', 7)}`);
    for (const c of a.clips)
      L.push(
        `${pad(`${c.set} ${label.get(c.player)}`, w + 4)}${lpad(f(c.absolute.mean), 7)}` +
          `${lpad(f(c.metrics?.one_frame_per_min, 1), 8)}${lpad(f(c.metrics?.dir_changes_per_s), 7)}` +
          `${lpad(f(c.metrics?.moving_fraction), 8)}${lpad(f(c.metrics?.mean_clearance, 1), 7)}`,
      );
    L.push(
      'Spearman rho with the mean absolute rating: ' +
        METRIC_NAMES.map((m) => `${m} ${f(a.correlations[m].rho)} (n ${a.correlations[m].n})`).join(', '),
    );
  }
  L.push('', 'Free-text reasons by player');
  for (const p of a.players) {
    const rs = a.reasons[p.id] ?? [];
    L.push(`  ${p.label} (${rs.length})`);
    for (const r of rs.slice(0, 20))
      L.push(
        `    [${r.kind === 'absolute' ? 'abs' : `rel vs ${label.get(r.vs!) ?? r.vs}`} ${r.score}] ` +
          `${r.text.replace(/\s+/g, ' ').slice(0, 160)}`,
      );
    if (rs.length > 20) L.push(`    … ${rs.length - 20} more (see --json or the report)`);
  }
  return L.join('\n');
}
