// npm run -s eval:chase -- [--mazes DIR] [--seeds N] [--json]
// Table 2 of seed 000 as a report: steps to catch for chasers A/B/C, static and random-walking target,
// every method side by side, on the mazes shipped in mazes/. Then the §6.3 weakness: how well the new
// headings of the faithful wave agree with the optimal heading, by threshold and by distance, next to
// wave+.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CHASE_METHODS, type ChaseMethod } from '../ai/chase/group';
import { type ChaseOptions, type ChaserResult, simulateChase } from '../ai/chase/sim';
import { type Maze, parseMaze } from '../maze/maze';
import { UsageError, median, progress, readTextFile, runTool } from './common';

const PAPER_TABLE2 = { static: { Lee: [769, 406, 745], wave: [632, 313, 584] }, random: { Lee: [1104, 747, 450], wave: [905, 654, 439] } };

interface Cell {
  steps: number; // Infinity when not caught (static), median over seeds (random)
  ratio: number; // path / geodesic (static only)
  caught: number; // runs caught
  runs: number;
}

void runTool(
  {
    name: 'eval:chase',
    usage: 'npm run -s eval:chase -- [--mazes DIR] [--seeds N] [--json]',
    summary:
      "Reproduces Table 2 of seed 000 (steps to catch, chasers A/B/C, static and random target) for wave, wave+, lee, flow and crash on every .maze file in DIR, and measures the paper's section 6.3 weakness.",
    options: [
      { name: 'mazes', kind: 'string', help: 'folder of .maze files', default: 'mazes' },
      { name: 'seeds', kind: 'int', help: 'random-target runs per case (median reported)', default: 5 },
      { name: 'max-steps', kind: 'int', help: 'a chaser not caught by then counts as failed', default: 6000 },
    ],
  },
  async (args, json) => {
    const dir = String(args.opts.mazes);
    const seeds = Number(args.opts.seeds);
    const maxSteps = Number(args.opts['max-steps']);
    if (seeds < 1 || seeds > 50) throw new UsageError('--seeds must be in 1..50');
    let files: string[];
    try {
      files = (await readdir(dir)).filter((f) => f.endsWith('.maze')).sort();
    } catch {
      throw new UsageError(`${dir}: cannot read folder`);
    }
    if (files.length === 0) throw new UsageError(`${dir}: no .maze files`);
    const mazes: [string, Maze][] = [];
    for (const f of files) mazes.push([f.replace(/\.maze$/, ''), parseMaze(await readTextFile(join(dir, f)), join(dir, f))]);
    const methods = CHASE_METHODS;
    const thresholds = [1e-2, 1e-4, 1e-6];
    const total = mazes.length * (methods.length * (1 + seeds) + thresholds.length);
    let done = 0;
    const table: Record<string, Record<string, Record<string, Cell[]>>> = {};
    const weak: { variant: string; r: ChaserResult }[] = [];
    for (const [name, maze] of mazes) {
      table[name] = { static: {}, random: {} };
      for (const method of methods) {
        const base: ChaseOptions = { method: method as ChaseMethod, maxSteps };
        const st = simulateChase(maze, { ...base, target: 'static', seed: 1 });
        progress('eval:chase', ++done, total);
        table[name]!.static![method] = st.chasers.map((c) => ({ steps: c.caught ? c.steps : Infinity, ratio: c.pathLength / c.geodesic, caught: c.caught ? 1 : 0, runs: 1 }));
        if (method === 'wave+') for (const c of st.chasers) weak.push({ variant: 'wave+', r: c });
        const runs: ChaserResult[][] = [];
        for (let s = 1; s <= seeds; s++) {
          runs.push(simulateChase(maze, { ...base, target: 'random', seed: s }).chasers);
          progress('eval:chase', ++done, total);
        }
        table[name]!.random![method] = st.chasers.map((_, i) => {
          const xs = runs.map((r) => (r[i]!.caught ? r[i]!.steps : Infinity));
          return { steps: median(xs), ratio: NaN, caught: xs.filter((x) => x < Infinity).length, runs: seeds };
        });
      }
      for (const th of thresholds) {
        const st = simulateChase(maze, { method: 'wave', target: 'static', seed: 1, maxSteps, threshold: th });
        progress('eval:chase', ++done, total);
        for (const c of st.chasers) weak.push({ variant: `wave thr ${th.toExponential(0)}`, r: c });
      }
    }
    // Targets.
    let wins = 0;
    let cases = 0;
    let worstPlus = 0;
    let worstFlow = 0;
    let plusCaught = 0;
    let plusCases = 0;
    for (const [name] of mazes) {
      for (const target of ['static', 'random']) {
        const w = table[name]![target]!.wave!;
        const l = table[name]![target]!.lee!;
        for (let i = 0; i < w.length; i++) {
          if (w[i]!.steps === Infinity && l[i]!.steps === Infinity) continue;
          cases++;
          if (w[i]!.steps < l[i]!.steps) wins++;
        }
      }
      for (const c of table[name]!.static!['wave+']!) {
        plusCases++;
        if (c.caught) {
          plusCaught++;
          worstPlus = Math.max(worstPlus, c.ratio);
        }
      }
      for (const c of table[name]!.static!.flow!) worstFlow = Math.max(worstFlow, c.ratio);
    }
    // Weakness by distance.
    const bins: [string, number, number][] = [
      ['near (<15)', 0, 15],
      ['mid (15-30)', 15, 30],
      ['far (>=30)', 30, Infinity],
    ];
    const variants = [...thresholds.map((t) => `wave thr ${t.toExponential(0)}`), 'wave+'];
    const weakness: Record<string, Record<string, { chasers: number; caught: number; alignment: number; wrong_way: number }>> = {};
    for (const v of variants) {
      weakness[v] = {};
      for (const [label, lo, hi] of bins) {
        const rs = weak.filter((x) => x.variant === v && x.r.geodesic >= lo && x.r.geodesic < hi).map((x) => x.r);
        const withHeadings = rs.filter((r) => !Number.isNaN(r.alignment));
        weakness[v]![label] = {
          chasers: rs.length,
          caught: rs.filter((r) => r.caught).length,
          alignment: withHeadings.length ? round(withHeadings.reduce((a, r) => a + r.alignment, 0) / withHeadings.length) : NaN,
          wrong_way: withHeadings.length ? round(withHeadings.reduce((a, r) => a + r.wrongWay, 0) / withHeadings.length) : NaN,
        };
      }
    }
    if (!json) {
      const fmt = (c: Cell): string => (c.steps === Infinity ? '   -- ' : String(Math.round(c.steps)).padStart(5) + (c.caught < c.runs ? '*' : ' '));
      console.log('Steps to catch (chaser speed 0.05 cells/step; "--" = not caught within', maxSteps, 'steps;');
      console.log(`random target: median of ${seeds} seeds, "*" = some seeds not caught). Paper Table 2 for reference:`);
      console.log(`  paper static: Lee ${PAPER_TABLE2.static.Lee.join('/')}, wave ${PAPER_TABLE2.static.wave.join('/')}; random: Lee ${PAPER_TABLE2.random.Lee.join('/')}, wave ${PAPER_TABLE2.random.wave.join('/')}`);
      for (const [name, maze] of mazes) {
        console.log(`\n${name} (${maze.width}x${maze.height})`);
        console.log(`  ${'method'.padEnd(6)} | static ${maze.chasers.map((c) => c.id.padStart(5) + ' ').join('')}| random ${maze.chasers.map((c) => c.id.padStart(5) + ' ').join('')}| static path/geodesic`);
        for (const m of methods) {
          const s = table[name]!.static![m]!;
          const r = table[name]!.random![m]!;
          console.log(`  ${m.padEnd(6)} |        ${s.map(fmt).join('')}|        ${r.map(fmt).join('')}| ${s.map((c) => (c.caught ? c.ratio.toFixed(2) : ' -- ')).join(' ')}`);
        }
      }
      console.log(`\nwave beats Lee in ${wins} of ${cases} chaser cases (either caught).`);
      console.log(`wave+ on static targets: ${plusCaught}/${plusCases} caught, worst path/geodesic ${worstPlus.toFixed(3)} (target <= 1.15); flow worst ${worstFlow.toFixed(3)}.`);
      console.log('\nSection 6.3 weakness (static target; alignment = mean cosine between each new heading and the optimal heading; wrong way = share > 90 deg off):');
      for (const v of variants) {
        console.log(`  ${v.padEnd(14)} ` + bins.map(([label]) => { const b = weakness[v]![label]!; return `${label}: caught ${b.caught}/${b.chasers}, align ${fmtN(b.alignment)}, wrong ${fmtN(b.wrong_way)}`; }).join(' | '));
      }
    }
    return {
      mazes: mazes.map(([n]) => n),
      table: Object.fromEntries(
        mazes.map(([n]) => [
          n,
          Object.fromEntries(['static', 'random'].map((t) => [t, Object.fromEntries(methods.map((m) => [m, table[n]![t]![m]!.map((c) => (c.steps === Infinity ? null : Math.round(c.steps)))]))])),
        ]),
      ),
      wave_beats_lee: { wins, cases },
      wave_plus_worst_ratio_static: round(worstPlus),
      wave_plus_caught_static: { caught: plusCaught, of: plusCases },
      flow_worst_ratio_static: round(worstFlow),
      weakness,
    };
  },
);

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
function fmtN(x: number): string {
  return Number.isNaN(x) ? ' n/a' : x.toFixed(2);
}
