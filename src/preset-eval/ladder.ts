// The difficulty ladder. The matrix (issue 22): every player (the reference players modelled on
// people, or a CPU preset such as the frozen `novice`) plays each difficulty pair (its stage preset
// and CPU preset) over many seeds; per cell the CPU's win rate, the player's survival, lives lost
// and how the matches were won, the targets of the players they are set for, and whether the CPU's
// win rate rises from pair to pair. The novice's targets of issue 14 (Easy ≤ 35 %, Normal 45–60 %,
// Hard ≥ 70 %, Lunatic ≥ 85 %, and on Easy the novice survives ≥ 90 s on average) are checked when
// the novice is a player.
import { REFERENCE_PLAYERS } from '../controllers/reference';
import { DODGE_PRESETS, NOVICE_PRESET, type DodgePreset } from '../cpu/presets';
import type { StagePreset } from '../sim/stage-preset';
import type { LadderJob, LadderMatch, LadderPlayer } from './jobs';
import { kaplanMeierMedian } from './survival';
import { meanCI, wilson, type Interval } from './stats';
import { ladderOrdered } from './suite';

export interface Rung {
  pair: string;
  /** Shown in tables ('Easy'); default: the pair's name. */
  label?: string;
  stage: StagePreset;
  cpu: DodgePreset;
}

export interface RungTarget {
  /** Win rate of the pair's CPU against the novice. */
  minWin: number;
  maxWin: number;
  /** Mean survival of the novice, seconds (0: no target). */
  minNoviceSurvival: number;
}

export const NOVICE_TARGETS: Record<string, RungTarget> = {
  easy: { minWin: 0, maxWin: 0.35, minNoviceSurvival: 90 },
  normal: { minWin: 0.45, maxWin: 0.6, minNoviceSurvival: 0 },
  hard: { minWin: 0.7, maxWin: 1, minNoviceSurvival: 0 },
  lunatic: { minWin: 0.85, maxWin: 1, minNoviceSurvival: 0 },
};

// ---------------------------------------------------------------------------------------------
// The matrix: players × pairs (issue 22).

export const playerName = (p: LadderPlayer): string => (p.kind === 'reference' ? p.reference.name : p.cpu.name);

/** Every player against every rung's CPU on the rung's stage, seeds firstSeed..firstSeed+seeds−1 a cell. */
export function matrixJobs(players: readonly LadderPlayer[], rungs: readonly Rung[], seeds: number, firstSeed = 0): LadderJob[] {
  const jobs: LadderJob[] = [];
  for (const player of players)
    for (const r of rungs)
      for (let s = 0; s < seeds; s++)
        jobs.push({ kind: 'ladder', seed: firstSeed + s, player, pair: r.pair, opponent: r.cpu, stage: r.stage });
  return jobs;
}

/** Matches won by knocking the other side out and at the time limit. */
export interface WinsBy {
  ko: number;
  limit: number;
}

export interface MatrixCell {
  player: string;
  pair: string;
  matches: number;
  /** The pair's CPU's win rate against the player (a draw counts half), Wilson 95 % CI. */
  cpu_win_rate: Interval;
  /** The player's: 1 − the CPU's (its CI mirrored). */
  player_win_rate: Interval;
  /**
   * The player's median survival, seconds, Kaplan–Meier (a match it ended alive counts as "at least
   * its length"); `survival_median_at_least`: fewer than half died, so the median lies beyond it.
   */
  survival_median_s: number;
  survival_median_at_least: boolean;
  /** Survival (when its last life went, or the match's length), plain mean. */
  survival_mean_s: Interval;
  /** Share of matches in which the player still had a life at 90 s (a match that ended earlier without it losing counts). */
  alive_at_90s: number;
  /** Lives lost per minute of match, mean over the matches: the player's and the CPU's. */
  player_lives_lost_per_min: Interval;
  cpu_lives_lost_per_min: Interval;
  cpu_wins: WinsBy;
  player_wins: WinsBy;
  draws: number;
}

export interface MatrixRow {
  player: string;
  kind: LadderPlayer['kind'];
  /** One per rung, in the rungs' order. */
  cells: MatrixCell[];
  /**
   * The CPU's win rate rises from each pair to the next (strictly; equal only when both are 100 %);
   * null with fewer than two pairs.
   */
  rising: boolean | null;
  /** Rising strictly with every neighbouring pair of 95 % CIs apart; null with fewer than two pairs. */
  separated: boolean | null;
}

export type TargetMetric = 'cpu_win_rate' | 'player_win_rate' | 'survival_median_s' | 'survival_mean_s';

/** A bound on one of a cell's numbers (win rates as fractions, survival in seconds). */
export interface TargetCheck {
  metric: TargetMetric;
  min?: number;
  max?: number;
}

export interface CellTarget {
  player: string;
  pair: string;
  checks: readonly TargetCheck[];
}

/** Issue 22's targets for the built-in reference players. */
export const REFERENCE_TARGETS: readonly CellTarget[] = [
  {
    player: 'newcomer',
    pair: 'easy',
    checks: [
      { metric: 'survival_median_s', min: 90 },
      { metric: 'player_win_rate', min: 0.3 },
    ],
  },
  { player: 'casual', pair: 'normal', checks: [{ metric: 'player_win_rate', min: 0.4, max: 0.6 }] },
  { player: 'skilled', pair: 'hard', checks: [{ metric: 'player_win_rate', min: 0.4, max: 0.6 }] },
  { player: 'skilled', pair: 'lunatic', checks: [{ metric: 'player_win_rate', min: 0.1 }] },
];

/** The novice's targets (issue 14, NOVICE_TARGETS) as cell targets. */
export const NOVICE_CELL_TARGETS: readonly CellTarget[] = Object.entries(NOVICE_TARGETS).map(([pair, t]) => ({
  player: NOVICE_PRESET,
  pair,
  checks: [
    { metric: 'cpu_win_rate', ...(t.minWin > 0 ? { min: t.minWin } : {}), ...(t.maxWin < 1 ? { max: t.maxWin } : {}) },
    ...(t.minNoviceSurvival > 0 ? [{ metric: 'survival_mean_s' as const, min: t.minNoviceSurvival }] : []),
  ],
}));

/** JSON with its keys sorted: two presets are the same data whatever order their fields came in. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/**
 * The targets set for this player: issue 22's for a built-in reference, issue 14's for the built-in
 * novice; none for anything else (a file with a built-in's name but other values is another player).
 */
export function targetsFor(p: LadderPlayer): CellTarget[] {
  if (p.kind === 'reference') {
    const b = REFERENCE_PLAYERS.find((r) => r.name === p.reference.name);
    return b && canonical(b) === canonical(p.reference) ? REFERENCE_TARGETS.filter((t) => t.player === b.name) : [];
  }
  const b = DODGE_PRESETS.find((d) => d.name === p.cpu.name);
  return b?.name === NOVICE_PRESET && canonical(b) === canonical(p.cpu) ? [...NOVICE_CELL_TARGETS] : [];
}

export interface CheckResult extends TargetCheck {
  value: number;
  met: boolean;
}

export interface TargetResult {
  player: string;
  pair: string;
  /** 'newcomer on Easy: median survival ≥ 90 s, player win ≥ 30 %' */
  text: string;
  checks: CheckResult[];
  met: boolean;
}

export interface MatrixResult {
  pairs: string[];
  rows: MatrixRow[];
  /** The targets of the cells played (a target whose pair was not played is left out). */
  targets: TargetResult[];
  /** Every target met and every row of two or more pairs rising. */
  met: boolean;
}

export function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const perMin = (hits: number, frames: number) => (frames > 0 ? (hits * 3600) / frames : 0);

function kmMedian(ms: readonly LadderMatch[]): { survival_median_s: number; survival_median_at_least: boolean } {
  const m = kaplanMeierMedian(
    ms.map((x) => x.survival),
    ms.map((x) => x.out),
  );
  return { survival_median_s: m.value, survival_median_at_least: m.atLeast };
}

/** One cell from its matches (any order; other cells' matches must be filtered out first). */
export function matrixCell(player: string, pair: string, ms: readonly LadderMatch[]): MatrixCell {
  const cpu = wilson(
    ms.reduce((s, m) => s + (1 - (m.won ?? 0.5)), 0),
    ms.length,
  );
  const by = (w: LadderMatch['winner']): WinsBy => ({
    ko: ms.filter((m) => m.winner === w && m.ended === 'ko').length,
    limit: ms.filter((m) => m.winner === w && m.ended === 'limit').length,
  });
  return {
    player,
    pair,
    matches: ms.length,
    cpu_win_rate: cpu,
    player_win_rate: { value: 1 - cpu.value, lo: 1 - cpu.hi, hi: 1 - cpu.lo, n: cpu.n },
    ...kmMedian(ms),
    survival_mean_s: meanCI(ms.map((m) => m.survival)),
    alive_at_90s: ms.length ? ms.filter((m) => !m.out || m.survival >= 90).length / ms.length : Number.NaN,
    player_lives_lost_per_min: meanCI(ms.map((m) => perMin(m.hits, m.frames))),
    cpu_lives_lost_per_min: meanCI(ms.map((m) => perMin(m.cpuHits, m.frames))),
    cpu_wins: by('cpu'),
    player_wins: by('player'),
    draws: ms.filter((m) => m.winner === 'draw').length,
  };
}

/** CPU win rates rising along a row: strictly, or equal at a bound (0 % or 100 %). null with fewer than two. */
export function risingRates(rates: readonly number[]): boolean | null {
  if (rates.length < 2) return null;
  for (let i = 1; i < rates.length; i++) {
    const a = rates[i - 1]!;
    const b = rates[i]!;
    if (!(b > a || (a === b && (a === 1 || a === 0)))) return false;
  }
  return true;
}

const METRIC_TEXT: Record<TargetMetric, string> = {
  cpu_win_rate: 'CPU win',
  player_win_rate: 'player win',
  survival_median_s: 'median survival',
  survival_mean_s: 'mean survival',
};

const isRate = (m: TargetMetric) => m === 'cpu_win_rate' || m === 'player_win_rate';

function checkText(c: TargetCheck): string {
  const rate = isRate(c.metric);
  const v = (x: number) => (rate ? `${Math.round(100 * x)}` : `${x}`);
  const unit = rate ? ' %' : ' s';
  const range =
    c.min !== undefined && c.max !== undefined
      ? `${v(c.min)}–${v(c.max)}${unit}`
      : c.min !== undefined
        ? `≥ ${v(c.min)}${unit}`
        : `≤ ${v(c.max!)}${unit}`;
  return `${METRIC_TEXT[c.metric]} ${range}`;
}

const labelOf = (rungs: readonly Rung[], pair: string) => rungs.find((r) => r.pair === pair)?.label ?? pair;

function judgeTarget(t: CellTarget, cell: MatrixCell, label: string): TargetResult {
  const checks = t.checks.map((c) => {
    const x = cell[c.metric];
    const value = typeof x === 'number' ? x : x.value;
    // NaN (a cell without matches) meets nothing.
    const met = value >= (c.min ?? -Infinity) && value <= (c.max ?? Infinity);
    return { ...c, value, met };
  });
  return {
    player: t.player,
    pair: t.pair,
    text: `${t.player} on ${label}: ${t.checks.map(checkText).join(', ')}`,
    checks,
    met: checks.every((c) => c.met),
  };
}

/**
 * The matrix of `players` × `rungs` from the ladder matches (any order). `targetsOf` gives each
 * player's targets (default: targetsFor).
 */
export function matrixResult(
  players: readonly LadderPlayer[],
  rungs: readonly Rung[],
  results: readonly LadderMatch[],
  targetsOf: (p: LadderPlayer) => readonly CellTarget[] = targetsFor,
): MatrixResult {
  const rows: MatrixRow[] = [];
  const targets: TargetResult[] = [];
  for (const p of players) {
    const name = playerName(p);
    const mine = results.filter((m) => m.cpu === name && m.playerKind === p.kind);
    const cells = rungs.map((r) =>
      matrixCell(
        name,
        r.pair,
        mine.filter((m) => m.pair === r.pair),
      ),
    );
    const rates = cells.map((c) => c.cpu_win_rate);
    const rising = risingRates(rates.map((r) => r.value));
    rows.push({ player: name, kind: p.kind, cells, rising, separated: rising === null ? null : ladderOrdered(rates).separated });
    for (const t of targetsOf(p)) {
      const cell = cells.find((c) => c.pair === t.pair);
      if (cell) targets.push(judgeTarget(t, cell, labelOf(rungs, t.pair)));
    }
  }
  return {
    pairs: rungs.map((r) => r.pair),
    rows,
    targets,
    met: targets.every((t) => t.met) && rows.every((r) => r.rising !== false),
  };
}

const pctOf = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(100 * x)}`);
const pctCI = (i: Interval) => (i.n === 0 ? '— %' : `${pctOf(i.value)} % [${pctOf(i.lo)}–${pctOf(i.hi)}]`);
const secs = (x: number) => (Number.isNaN(x) ? '—' : `${Math.round(x)} s`);
const rate2 = (i: Interval) => (i.n === 0 ? '—' : i.value.toFixed(2));

/** A cell's first line: 'CPU 72 % [60–81] · surv 84 s · KO 40/3' (the CPU's wins by KO / at the limit). */
export function cellLine(c: MatrixCell): string {
  const surv = `${c.survival_median_at_least ? '≥' : ''}${secs(c.survival_median_s)}`;
  return `CPU ${pctCI(c.cpu_win_rate)} · surv ${surv} · KO ${c.cpu_wins.ko}/${c.cpu_wins.limit}`;
}

/** A cell's second line: the player's wins by KO / at the limit, alive at 90 s, lives lost a minute (player/CPU). */
export function cellLine2(c: MatrixCell): string {
  return (
    `won ${c.player_wins.ko}/${c.player_wins.limit} · 90 s ${pctOf(c.alive_at_90s)} % · ` +
    `lost/min ${rate2(c.player_lives_lost_per_min)}/${rate2(c.cpu_lives_lost_per_min)}`
  );
}

/** The matrix as text: a legend, the table (two lines a player), the targets and the rising check per row. */
export function formatMatrix(m: MatrixResult, rungs: readonly Rung[], seeds: number): string[] {
  const head = ['player', ...rungs.map((r) => r.label ?? r.pair)];
  const body: string[][] = [];
  for (const row of m.rows) {
    body.push([row.player, ...row.cells.map(cellLine)]);
    body.push(['', ...row.cells.map(cellLine2)]);
  }
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cols: string[]) =>
    cols
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' │ ')
      .trimEnd();
  const out = [
    `ladder: ${m.rows.length} player(s) × ${rungs.length} pair(s), ${seeds} seed(s) a cell (versus on the pair's stage, ` +
      'the player on side seed % 2)',
    "cell: the CPU's win rate [95 % CI] (a draw counts half) · the player's median survival · CPU wins by KO/at the limit;",
    "      then the player's wins by KO/at the limit · share alive at 90 s · lives lost per minute, player/CPU",
    line(head),
    widths.map((w) => '─'.repeat(w)).join('─┼─'),
    ...body.map(line),
  ];
  if (m.targets.length === 0) out.push('targets: none apply (they are set for the built-in references and the novice)');
  else {
    out.push('targets:');
    for (const t of m.targets) {
      const got = t.checks.map((c) => (isRate(c.metric) ? `${pctOf(c.value)} %` : secs(c.value))).join(', ');
      out.push(`  ${t.text}: ${got} — ${t.met ? 'met' : 'NOT met'}`);
    }
  }
  out.push(`CPU win rate rising ${rungs.map((r) => r.label ?? r.pair).join(' → ')} (equal only at 0 % or 100 %):`);
  for (const row of m.rows) {
    const rates = row.cells.map((c) => `${pctOf(c.cpu_win_rate.value)} %`).join(' → ');
    const verdict = row.rising === null ? '— (one pair)' : `${row.rising ? 'yes' : 'NO'}, CIs apart ${row.separated ? 'yes' : 'no'}`;
    out.push(`  ${row.player}: ${rates}: ${verdict}`);
  }
  out.push(`all targets met and every row rising: ${m.met ? 'yes' : 'NO'}`);
  return out;
}
