// Character balance (issue 24): every ordered pair of characters CPU vs CPU (one preset on both
// sides, one stage preset), seeds 0..n−1 each way; per pair the first character's win rate over both
// orders, per character its overall win rate, with 95 % Wilson intervals (draws count half). The
// targets: every character's overall win rate in 40–60 %, no pair beyond 30/70.
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { makeConfig, stageConfig } from '../sim/config';
import { createMatch } from '../sim/match';
import type { StagePreset } from '../sim/stage-preset';
import { playMatch, wonBy } from './jobs';
import { wilson, type Interval } from './stats';

export interface BalanceJob {
  kind: 'balance';
  seed: number;
  /** Characters of side 1 and side 2. */
  p1: string;
  p2: string;
  cpu: DodgePreset;
  stage: StagePreset;
}

export interface BalanceMatch {
  kind: 'balance';
  seed: number;
  p1: string;
  p2: string;
  /** 1: p1 won, 0: p2 won, 0.5: a draw. */
  p1Won: number;
  frames: number;
  ended: 'ko' | 'limit';
}

export const BALANCE_TARGET = { overallMin: 0.4, overallMax: 0.6, pairMin: 0.3, pairMax: 0.7 } as const;

/** Every ordered pair of different characters, `seeds` seeds each (so each pair plays 2 × seeds matches). */
export function balanceJobs(
  characters: readonly string[],
  cpu: DodgePreset,
  stage: StagePreset,
  seeds: number,
  firstSeed = 0,
): BalanceJob[] {
  const jobs: BalanceJob[] = [];
  for (const p1 of characters)
    for (const p2 of characters) {
      if (p1 === p2) continue;
      for (let s = 0; s < seeds; s++) jobs.push({ kind: 'balance', seed: firstSeed + s, p1, p2, cpu, stage });
    }
  return jobs;
}

export function runBalanceJob(job: BalanceJob): BalanceMatch {
  const state = createMatch(
    makeConfig({ seed: job.seed, mode: 'versus', ...stageConfig(job.stage), p1Character: job.p1, p2Character: job.p2 }),
  );
  playMatch(state, [new CpuController(job.cpu), new CpuController(job.cpu)], 0, false);
  return {
    kind: 'balance',
    seed: job.seed,
    p1: job.p1,
    p2: job.p2,
    p1Won: wonBy(state, 0),
    frames: state.frame,
    ended: state.result?.reason === 'lives' ? 'ko' : 'limit',
  };
}

export interface BalanceResult {
  characters: string[];
  /** rate[a][b]: character a's win rate against b over both orders (null on the diagonal). */
  rate: (Interval | null)[][];
  overall: Interval[];
  /** Side 1's win rate over every match (a check that the sides are fair). */
  side1: Interval;
  /** Matches that ended by a knock-out rather than the time limit. */
  koShare: number;
  /** What misses the targets, in words (empty: balanced). */
  misses: string[];
  balanced: boolean;
}

export function balanceResult(characters: readonly string[], results: readonly BalanceMatch[]): BalanceResult {
  const n = characters.length;
  const idx = new Map(characters.map((c, i) => [c, i]));
  const wins = Array.from({ length: n }, () => new Float64Array(n));
  const games = Array.from({ length: n }, () => new Float64Array(n));
  let side1 = 0;
  let ko = 0;
  for (const r of results) {
    const a = idx.get(r.p1);
    const b = idx.get(r.p2);
    if (a === undefined || b === undefined) throw new Error(`balance: a result for '${r.p1}' vs '${r.p2}', not in the run`);
    wins[a]![b]! += r.p1Won;
    wins[b]![a]! += 1 - r.p1Won;
    games[a]![b]!++;
    games[b]![a]!++;
    side1 += r.p1Won;
    if (r.ended === 'ko') ko++;
  }
  const rate = characters.map((_, a) => characters.map((_, b) => (a === b ? null : wilson(wins[a]![b]!, games[a]![b]!))));
  const overall = characters.map((_, a) => {
    let w = 0;
    let g = 0;
    for (let b = 0; b < n; b++) {
      w += wins[a]![b]!;
      g += games[a]![b]!;
    }
    return wilson(w, g);
  });
  const T = BALANCE_TARGET;
  const misses: string[] = [];
  const pct = (x: number) => `${Math.round(100 * x)} %`;
  characters.forEach((c, a) => {
    const v = overall[a]!.value;
    if (v < T.overallMin || v > T.overallMax) misses.push(`${c} wins ${pct(v)} overall (target 40–60 %)`);
    for (let b = a + 1; b < n; b++) {
      const r = rate[a]![b]!.value;
      if (r < T.pairMin || r > T.pairMax) misses.push(`${c} vs ${characters[b]}: ${pct(r)} / ${pct(1 - r)} (target within 30/70)`);
    }
  });
  return {
    characters: [...characters],
    rate,
    overall,
    side1: wilson(side1, results.length),
    koShare: results.length ? ko / results.length : 0,
    misses,
    balanced: misses.length === 0,
  };
}

/** The matrix as text: row character's win rate against each column, then its overall rate and CI. */
export function formatBalance(r: BalanceResult, seeds: number, cpu: string, stage: string): string[] {
  const w = Math.max(8, ...r.characters.map((c) => c.length + 1));
  const pct = (x: number) => `${Math.round(100 * x)}`.padStart(w);
  const lines = [
    `Character balance: CPU ${cpu} on both sides, stage ${stage}, ${seeds} seeds each way a pair (row's win %, draws half)`,
    `${''.padEnd(w)}${r.characters.map((c) => c.padStart(w)).join('')}   overall (95 % CI)`,
  ];
  r.characters.forEach((c, a) => {
    const cells = r.rate[a]!.map((x) => (x ? pct(x.value) : '—'.padStart(w))).join('');
    const o = r.overall[a]!;
    lines.push(`${c.padEnd(w)}${cells}   ${Math.round(100 * o.value)} % (${Math.round(100 * o.lo)}–${Math.round(100 * o.hi)})`);
  });
  lines.push(
    `side 1 wins ${Math.round(100 * r.side1.value)} % (${Math.round(100 * r.side1.lo)}–${Math.round(100 * r.side1.hi)}); ` +
      `${Math.round(100 * r.koShare)} % of matches ended by a knock-out`,
  );
  lines.push(r.balanced ? 'balanced: every character 40–60 % overall, no pair beyond 30/70' : `not balanced: ${r.misses.join('; ')}`);
  return lines;
}
