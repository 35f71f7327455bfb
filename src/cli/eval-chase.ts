// npm run -s eval:chase -- [--paper-map FILE] [--paper-only] [--mazes DIR | --generated N --gen-seed S]
//   [--seeds N] [--quick] [--sweep | --sweep-corridors]
//   [--delta D --waves N --lifetime T --threshold Z --arrival-threshold A --resolution R] [--json]
// Headline: Table 2 of seed 000 on the paper-like map (mazes/paper/seed000-table2.maze) at 100x100
// and 200x200 grid points beside the paper's numbers (eval-chase-paper.ts). Then, "beyond the
// paper", the same table for every method on the corridor mazes shipped in mazes/ (or on N
// generated ones), with path lengths against the exact any-angle shortest path (ExactGeodesic: the
// 0.3-cell square agent) and the 8-neighbour grid geodesic, and the §6.3 weakness by threshold and
// distance. --sweep: wave/Lee ratios over chaser speed and threshold on the paper-like map;
// --sweep-corridors: the faithful wave against Lee over resolution, δ and threshold on the mazes.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CHASE_METHODS, type ChaseMethod } from '../world/chase/group';
import { logDifferences, PAPER_TABLE2, paperTable, speedSweep } from './eval-chase-paper';
import { type ChaseOptions, type ChaserResult, simulateChase, simulateMethod } from '../world/chase/sim';
import { generateMaze } from '../maze/generate';
import { type Maze, parseMaze } from '../maze/maze';
import { WAVE_OPTION_SPECS, type WaveArgs, describeWaveArgs, waveArgs } from './chase-options';
import { UsageError, defineTool, median, progress, readTextFile, runIfEntry } from './common';

interface Cell {
  steps: number; // Infinity when not caught (static), median over seeds (random)
  ratio: number; // path / (exact − catch radius), static only
  ratioGrid: number; // path / (grid geodesic − catch radius), static only
  caught: number; // runs caught
  runs: number;
  r: ChaserResult | null; // the static run (diagnostics)
}

export const main = defineTool(
  {
    name: 'eval:chase',
    usage:
      'npm run -s eval:chase -- [--paper-map FILE] [--paper-only] [--mazes DIR | --generated N [--gen-seed S]] [--seeds N] ' +
      '[--quick] [--sweep | --sweep-corridors] [--delta D] [--waves N] [--lifetime T] [--threshold Z] [--arrival-threshold A] ' +
      '[--resolution R] [--json]',
    summary:
      'Reproduces Table 2 of seed 000 (steps to catch, chasers A/B/C, static and random target) for wave, wave+, lee, flow and ' +
      'crash on every .maze file in DIR (or on N generated 24x28 mazes, seeds S..S+N-1), with path lengths against the exact ' +
      "shortest path, and measures the paper's section 6.3 weakness. The wave options apply to wave (threshold), wave+ " +
      '(arrival-threshold), and wave, wave+ and lee (waves, lifetime, resolution).',
    options: [
      { name: 'mazes', kind: 'string', help: 'folder of .maze files', default: 'mazes', excludes: ['generated', 'paper-only', 'sweep'] },
      {
        name: 'generated',
        kind: 'int',
        help: 'instead of --mazes: this many generated mazes (generateMaze defaults: 24x28, corridors 2 wide, chasers A-C), 1..100',
        excludes: ['paper-only', 'sweep'],
      },
      {
        name: 'gen-seed',
        kind: 'int',
        help: 'with --generated: seed of the first generated maze (the others follow)',
        default: 1,
        needs: 'generated',
      },
      {
        name: 'seeds',
        kind: 'int',
        help: 'random-target runs per case (median reported)',
        default: 5,
        min: 1,
        max: 1000,
        excludes: ['sweep-corridors'],
      },
      { name: 'max-steps', kind: 'int', help: 'a chaser not caught by then counts as failed', default: 6000, min: 1, max: 100000 },
      { name: 'quick', kind: 'flag', help: '1 seed, 600 steps, one threshold: checks the tool and its output, not the method' },
      {
        name: 'paper-map',
        kind: 'string',
        help: 'the paper-like map of the headline table',
        default: 'mazes/paper/seed000-table2.maze',
        excludes: ['generated', 'sweep-corridors'],
      },
      {
        name: 'paper-only',
        kind: 'flag',
        help: 'only the headline table on the paper-like map (skip the corridor mazes)',
        excludes: ['sweep', 'sweep-corridors'],
      },
      {
        name: 'sweep',
        kind: 'flag',
        help: 'on the paper-like map (2 points per cell): chaser speed 0.025-0.1 x threshold 1e-4..1e-8, wave/Lee ratios (~2 min)',
        excludes: ['sweep-corridors'],
      },
      {
        name: 'sweep-corridors',
        kind: 'flag',
        help:
          'faithful wave vs Lee on the corridor mazes over resolution 2/4, delta 0.1-0.5, threshold 1e-3..1e-8 (static target, ' +
          '~10 min)',
      },
      ...WAVE_OPTION_SPECS,
    ],
  },
  async (args, json, out) => {
    const log = (line: string) => out.log(line);
    const dir = String(args.opts.mazes);
    const quick = args.opts.quick === true;
    const seeds = quick ? 1 : Number(args.opts.seeds);
    const maxSteps = quick ? 600 : Number(args.opts['max-steps']);
    if (seeds < 1 || seeds > 50) throw new UsageError('--seeds must be in 1..50');
    if (maxSteps < 1) throw new UsageError('--max-steps must be at least 1');
    const wa = waveArgs(args);
    const paperPath = String(args.opts['paper-map']);
    // Read only by the reports that use it (--generated and --sweep-corridors do not).
    const paperMaze = async () => parseMaze(await readTextFile(paperPath), paperPath);
    // Every report ends with the "where we differ from the paper and why" list.
    const ending = <T>(result: T): T => {
      if (!json) logDifferences(log);
      return result;
    };
    if (args.opts.sweep === true) return ending(speedSweep(await paperMaze(), wa, quick ? 1 : seeds, maxSteps, json, log));
    const mazes =
      args.opts.generated !== undefined ? generatedMazes(Number(args.opts.generated), Number(args.opts['gen-seed'])) : await mazeFiles(dir);
    if (args.opts['sweep-corridors'] === true) return ending(sweep(mazes, wa, maxSteps, json, log));
    // Held-out generated mazes are a question about the corridor mazes: no headline table then.
    if (args.opts.generated !== undefined) return ending(table2(mazes, wa, seeds, maxSteps, quick, json, log));
    const paper = paperTable(await paperMaze(), paperPath, wa, seeds, maxSteps, quick, json, log);
    if (args.opts['paper-only'] === true) return ending({ paper });
    if (!json) log('\n=== Beyond the paper: corridor mazes (mazes/*.maze), 2 grid points per cell ===');
    return ending({ paper, ...table2(mazes, wa, seeds, maxSteps, quick, json, log) });
  },
);
await runIfEntry(import.meta.url, main);

/** Every .maze file of a folder, by name. */
async function mazeFiles(dir: string): Promise<[string, Maze][]> {
  let files: string[];
  try {
    files = (await readdir(dir)).filter((f) => f.endsWith('.maze')).sort();
  } catch {
    throw new UsageError(`${dir}: cannot read folder`);
  }
  if (files.length === 0) throw new UsageError(`${dir}: no .maze files`);
  const mazes: [string, Maze][] = [];
  for (const f of files) mazes.push([f.replace(/\.maze$/, ''), parseMaze(await readTextFile(join(dir, f)), join(dir, f))]);
  return mazes;
}

/** `count` generated game-sized mazes, seeds first..first+count-1 (named gen<seed>). */
function generatedMazes(count: number, first: number): [string, Maze][] {
  if (count < 1 || count > 100) throw new UsageError(`--generated ${count}: must be in 1..100`);
  if (first < 0 || first + count - 1 > 2 ** 31 - 1) throw new UsageError(`--gen-seed ${first}: must be in 0..${2 ** 31 - count}`);
  return Array.from({ length: count }, (_, k) => {
    const seed = first + k;
    return [`gen${seed}`, parseMaze(generateMaze({ seed }).join('\n'), `generated maze ${seed}`)];
  });
}

function table2(
  mazes: [string, Maze][],
  wa: WaveArgs,
  seeds: number,
  maxSteps: number,
  quick: boolean,
  json: boolean,
  log: (line: string) => void,
): object {
  const methods = CHASE_METHODS;
  const thresholds = quick ? [wa.threshold ?? 1e-6] : [1e-2, 1e-4, 1e-6];
  const total = mazes.length * (methods.length * (1 + seeds) + thresholds.length);
  let done = 0;
  const table: Record<string, Record<string, Record<string, Cell[]>>> = {};
  const weak: { variant: string; r: ChaserResult }[] = [];
  let catchRadius = NaN; // the simulation's (the same in every run)
  for (const [name, maze] of mazes) {
    table[name] = { static: {}, random: {} };
    for (const method of methods) {
      const base: ChaseOptions = { method: method as ChaseMethod, maxSteps, wave: wa.wave, threshold: wa.threshold };
      const st = simulateMethod(maze, { ...base, target: 'static', seed: 1 });
      progress('eval:chase', ++done, total);
      catchRadius = st.catchRadius;
      table[name]!.static![method] = st.chasers.map((c) => ({
        steps: c.caught ? c.steps : Infinity,
        // A perfect chaser stops st.catchRadius short of the target.
        ratio: c.pathLength / (c.exact - st.catchRadius),
        ratioGrid: c.pathLength / (c.geodesic - st.catchRadius),
        caught: c.caught ? 1 : 0,
        runs: 1,
        r: c,
      }));
      if (method === 'wave+') for (const c of st.chasers) weak.push({ variant: 'wave+', r: c });
      const runs: ChaserResult[][] = [];
      for (let s = 1; s <= seeds; s++) {
        runs.push(simulateMethod(maze, { ...base, target: 'random', seed: s }).chasers);
        progress('eval:chase', ++done, total);
      }
      table[name]!.random![method] = st.chasers.map((_, i) => {
        const xs = runs.map((r) => (r[i]!.caught ? r[i]!.steps : Infinity));
        return { steps: median(xs), ratio: NaN, ratioGrid: NaN, caught: xs.filter((x) => x < Infinity).length, runs: seeds, r: null };
      });
    }
    for (const th of thresholds) {
      const st = simulateChase(maze, { method: 'wave', target: 'static', seed: 1, maxSteps, wave: wa.wave, threshold: th });
      progress('eval:chase', ++done, total);
      for (const c of st.chasers) weak.push({ variant: `wave thr ${th.toExponential(0)}`, r: c });
    }
  }
  // Wave vs Lee, and why wave loses where it does.
  const vs = { static: { wins: 0, cases: 0 }, random: { wins: 0, cases: 0 } };
  const losses = { not_reached: 0, wrong_way: 0, slower: 0 };
  const lost: string[] = [];
  for (const [name] of mazes) {
    for (const target of ['static', 'random'] as const) {
      const w = table[name]![target]!.wave!;
      const l = table[name]![target]!.lee!;
      for (let i = 0; i < w.length; i++) {
        if (w[i]!.steps === Infinity && l[i]!.steps === Infinity) continue;
        vs[target].cases++;
        if (w[i]!.steps < l[i]!.steps) vs[target].wins++;
        else if (target === 'static') {
          const r = table[name]!.static!.wave![i]!.r!;
          const why = r.reactions === 0 ? 'not_reached' : r.wrongWay > 0.25 ? 'wrong_way' : 'slower';
          losses[why]++;
          lost.push(
            `${name} ${r.id}: ${why.replace('_', ' ')}` +
              (why === 'wrong_way'
                ? ` (${pct(r.wrongWay)} of turns >90 deg off; ${pct(r.negativeShare)} of reactions at z<0, ` +
                  `their mean cosine ${fmtN(r.alignmentNegative)})`
                : ''),
          );
        }
      }
    }
  }
  // The same count against the strong Lee (read every step), for wave and seed 002's wave1.
  const vsPlus: Record<string, { wins: number; cases: number }> = {
    wave: { wins: 0, cases: 0 },
    wave1: { wins: 0, cases: 0 },
    'wave+': { wins: 0, cases: 0 },
  };
  for (const [name] of mazes) {
    for (const target of ['static', 'random'] as const) {
      const l = table[name]![target]!['lee+']!;
      for (const m of Object.keys(vsPlus)) {
        const w = table[name]![target]![m]!;
        for (let i = 0; i < w.length; i++) {
          if (w[i]!.steps === Infinity && l[i]!.steps === Infinity) continue;
          vsPlus[m]!.cases++;
          if (w[i]!.steps < l[i]!.steps) vsPlus[m]!.wins++;
        }
      }
    }
  }
  const wins = vs.static.wins + vs.random.wins;
  const cases = vs.static.cases + vs.random.cases;
  // wave+ and flow against the exact optimum (static).
  let worstPlus = 0;
  let worstPlusGrid = 0;
  let worstFlow = 0;
  let plusCaught = 0;
  let plusCases = 0;
  for (const [name] of mazes) {
    for (const c of table[name]!.static!['wave+']!) {
      plusCases++;
      if (c.caught) {
        plusCaught++;
        worstPlus = Math.max(worstPlus, c.ratio);
        worstPlusGrid = Math.max(worstPlusGrid, c.ratioGrid);
      }
    }
    for (const c of table[name]!.static!.flow!) if (c.caught) worstFlow = Math.max(worstFlow, c.ratio);
  }
  // Weakness by distance (exact geodesic at the start).
  const bins: [string, number, number][] = [
    ['near (<15)', 0, 15],
    ['mid (15-30)', 15, 30],
    ['far (>=30)', 30, Infinity],
  ];
  const variants = [...thresholds.map((t) => `wave thr ${t.toExponential(0)}`), 'wave+'];
  const weakness: Record<
    string,
    Record<string, { chasers: number; caught: number; alignment: number; wrong_way: number; negative: number }>
  > = {};
  for (const v of variants) {
    weakness[v] = {};
    for (const [label, lo, hi] of bins) {
      const rs = weak.filter((x) => x.variant === v && x.r.exact >= lo && x.r.exact < hi).map((x) => x.r);
      const withHeadings = rs.filter((r) => !Number.isNaN(r.alignment));
      const mean = (f: (r: ChaserResult) => number): number =>
        withHeadings.length ? round(withHeadings.reduce((a, r) => a + f(r), 0) / withHeadings.length) : NaN;
      weakness[v]![label] = {
        chasers: rs.length,
        caught: rs.filter((r) => r.caught).length,
        alignment: mean((r) => r.alignment),
        wrong_way: mean((r) => r.wrongWay),
        negative: v === 'wave+' ? NaN : mean((r) => r.negativeShare),
      };
    }
  }
  if (!json) {
    const params = describeWaveArgs(wa);
    const fmt = (c: Cell): string =>
      c.steps === Infinity ? '   -- ' : String(Math.round(c.steps)).padStart(5) + (c.caught < c.runs ? '*' : ' ');
    log(`Steps to catch (chaser speed 0.05 cells/step; "--" = not caught within ${maxSteps} steps;${params ? ` ${params};` : ''}`);
    log(`random target: median of ${seeds} seeds, "*" = some seeds not caught). Paper Table 2 for reference:`);
    log(
      `  paper static: Lee ${PAPER_TABLE2.static.Lee.join('/')}, wave ${PAPER_TABLE2.static.wave.join('/')}; random: Lee ` +
        `${PAPER_TABLE2.random.Lee.join('/')}, wave ${PAPER_TABLE2.random.wave.join('/')}`,
    );
    log(`Static path ratio = path / (exact shortest path - ${catchRadius} catch radius); exact = any-angle, 0.3-cell square agent.`);
    for (const [name, maze] of mazes) {
      const ex = table[name]!.static!.flow!.map((c) => c.r!);
      log(
        `\n${name} (${maze.width}x${maze.height}); exact geodesic ${ex.map((r) => `${r.id} ${r.exact.toFixed(1)}`).join(', ')} ` +
          `(grid ${ex.map((r) => r.geodesic.toFixed(1)).join(', ')})`,
      );
      log(
        `  ${'method'.padEnd(6)} | static ${maze.chasers.map((c) => `${c.id.padStart(5)} `).join('')}| random ` +
          `${maze.chasers.map((c) => `${c.id.padStart(5)} `).join('')}| static path ratio`,
      );
      for (const m of methods) {
        const s = table[name]!.static![m]!;
        const r = table[name]!.random![m]!;
        log(
          `  ${m.padEnd(6)} |        ${s.map(fmt).join('')}|        ${r.map(fmt).join('')}| ` +
            `${s.map((c) => (c.caught ? c.ratio.toFixed(3) : '  -- ')).join(' ')}`,
        );
      }
    }
    log(
      `\nwave beats Lee in ${wins} of ${cases} chaser cases (either caught): static ${vs.static.wins}/${vs.static.cases}, ` +
        `random ${vs.random.wins}/${vs.random.cases}.`,
    );
    log(
      `against lee+ (Lee read every step): ${Object.entries(vsPlus)
        .map(([m, v]) => `${m} wins ${v.wins}/${v.cases}`)
        .join(', ')}.`,
    );
    if (lost.length)
      log(
        `static cases wave does not win (not reached ${losses.not_reached}, wrong way ${losses.wrong_way}, slower ` +
          `${losses.slower}):\n  ${lost.join('\n  ')}`,
      );
    log(
      `wave+ on static targets: ${plusCaught}/${plusCases} caught, worst path ratio ${worstPlus.toFixed(3)} vs exact ` +
        `(${worstPlusGrid.toFixed(3)} vs grid geodesic; target <= 1.15); flow worst ${worstFlow.toFixed(3)} vs exact.`,
    );
    log(
      '\nSection 6.3 weakness (static target; by exact geodesic; alignment = mean cosine between each new heading and the ' +
        'optimal heading; wrong = share > 90 deg off; z<0 = share of reactions on a trough):',
    );
    for (const v of variants) {
      log(
        `  ${v.padEnd(14)} ` +
          bins
            .map(([label]) => {
              const b = weakness[v]![label]!;
              return (
                `${label}: caught ${b.caught}/${b.chasers}, align ${fmtN(b.alignment)}, wrong ` +
                `${fmtN(b.wrong_way)}${v === 'wave+' ? '' : `, z<0 ${fmtN(b.negative)}`}`
              );
            })
            .join(' | '),
      );
    }
  }
  return {
    mazes: mazes.map(([n]) => n),
    params: { ...wa.wave, threshold: wa.threshold ?? null, max_steps: maxSteps, seeds },
    table: Object.fromEntries(
      mazes.map(([n]) => [
        n,
        Object.fromEntries(
          ['static', 'random'].map((t) => [
            t,
            Object.fromEntries(methods.map((m) => [m, table[n]![t]![m]!.map((c) => (c.steps === Infinity ? null : Math.round(c.steps)))])),
          ]),
        ),
      ]),
    ),
    geodesic: Object.fromEntries(
      mazes.map(([n]) => [
        n,
        { exact: table[n]!.static!.flow!.map((c) => round(c.r!.exact)), grid: table[n]!.static!.flow!.map((c) => round(c.r!.geodesic)) },
      ]),
    ),
    path_ratio_static: Object.fromEntries(
      mazes.map(([n]) => [
        n,
        Object.fromEntries(methods.map((m) => [m, table[n]!.static![m]!.map((c) => (c.caught ? round(c.ratio) : null))])),
      ]),
    ),
    wave_beats_lee: { wins, cases, static: vs.static, random: vs.random, static_losses: losses },
    beats_lee_plus: vsPlus,
    wave_plus_worst_ratio_static: round(worstPlus),
    wave_plus_worst_ratio_static_grid: round(worstPlusGrid),
    wave_plus_caught_static: { caught: plusCaught, of: plusCases },
    flow_worst_ratio_static: round(worstFlow),
    weakness,
  };
}

/** Faithful wave vs Lee over the free parameters, static target. */
function sweep(mazes: [string, Maze][], wa: WaveArgs, maxSteps: number, json: boolean, log: (line: string) => void): object {
  const resolutions = wa.wave.resolution !== undefined ? [wa.wave.resolution] : [2, 4];
  const deltas = wa.wave.delta !== undefined ? [wa.wave.delta] : [0.1, 0.25, 0.4, 0.5];
  const thresholds = wa.threshold !== undefined ? [wa.threshold] : [1e-3, 1e-4, 1e-6, 1e-8];
  const common = { waves: wa.wave.waves, lifetime: wa.wave.lifetime };
  const total = resolutions.length * (1 + deltas.length * thresholds.length) * mazes.length;
  let done = 0;
  const rows: {
    resolution: number;
    delta: number;
    threshold: number;
    caught: number;
    of: number;
    wins: number;
    cases: number;
    negative_share: number;
    align_positive: number;
    align_negative: number;
  }[] = [];
  const leeCaught: Record<number, number> = {};
  for (const res of resolutions) {
    const lee = mazes.map(([, m]) => {
      const r = simulateChase(m, { method: 'lee', target: 'static', maxSteps, wave: { ...common, resolution: res } }).chasers;
      progress('eval:chase', ++done, total);
      return r;
    });
    leeCaught[res] = lee.flat().filter((c) => c.caught).length;
    for (const delta of deltas) {
      for (const threshold of thresholds) {
        let caught = 0;
        let of = 0;
        let wins = 0;
        let cases = 0;
        let neg = 0;
        let reactions = 0;
        let alPos = 0;
        let alNeg = 0;
        mazes.forEach(([, m], k) => {
          const w = simulateChase(m, {
            method: 'wave',
            target: 'static',
            maxSteps,
            wave: { ...common, resolution: res, delta },
            threshold,
          }).chasers;
          progress('eval:chase', ++done, total);
          w.forEach((c, i) => {
            const l = lee[k]![i]!;
            of++;
            if (c.caught) caught++;
            if (c.caught || l.caught) {
              cases++;
              if (c.caught && (!l.caught || c.steps < l.steps)) wins++;
            }
            if (c.reactions > 0) {
              const n = c.negativeShare * c.reactions;
              reactions += c.reactions;
              neg += n;
              if (n > 0) alNeg += c.alignmentNegative * n;
              alPos += c.alignment * c.reactions - (n > 0 ? c.alignmentNegative * n : 0);
            }
          });
        });
        rows.push({
          resolution: res,
          delta,
          threshold,
          caught,
          of,
          wins,
          cases,
          negative_share: round(reactions ? neg / reactions : NaN),
          align_positive: round(reactions - neg > 0 ? alPos / (reactions - neg) : NaN),
          align_negative: round(neg > 0 ? alNeg / neg : NaN),
        });
      }
    }
  }
  if (!json) {
    log(
      `Faithful wave vs Lee, static target, ${mazes.length} mazes (${mazes.map(([n]) => n).join(', ')}), n ` +
        `${common.waves ?? 3}, T ${common.lifetime ?? 300}, ${maxSteps} steps.`,
    );
    log(
      'wins = wave caught sooner than Lee, of the cases either caught; z<0 = share of reactions on a trough; align = mean ' +
        'cosine of the new heading with the optimal one, for z>0 / z<0 reactions.',
    );
    for (const res of resolutions) log(`  Lee, resolution ${res}: caught ${leeCaught[res]}/${rows.find((r) => r.resolution === res)!.of}`);
    log('  res  delta  threshold  caught  wins vs Lee   z<0   align z>0  align z<0');
    for (const r of rows) {
      log(
        `  ${String(r.resolution).padStart(3)}  ${r.delta.toFixed(2).padStart(5)}  ${r.threshold.toExponential(0).padStart(9)}  ` +
          `${`${r.caught}/${r.of}`.padStart(6)}  ${`${r.wins}/${r.cases}`.padStart(11)}  ${fmtN(r.negative_share).padStart(5)}  ` +
          `${fmtN(r.align_positive).padStart(9)}  ${fmtN(r.align_negative).padStart(9)}`,
      );
    }
  }
  return { sweep: rows, lee_caught: leeCaught };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
function fmtN(x: number): string {
  return Number.isNaN(x) ? ' n/a' : x.toFixed(2);
}
function pct(x: number): string {
  return Number.isNaN(x) ? 'n/a' : `${Math.round(100 * x)}%`;
}
