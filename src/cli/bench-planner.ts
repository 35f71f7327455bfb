// npm run -s bench:planner -- [--repeat N] [--scale] [--json]
// Speed of the three planner modes: every replanning call of the 10×10 runs (seed 001 §3.6–3.7,
// fixtures/planner/grid10-*.json) and the 24×28 maze with 8 enemies, as medians of repeated runs,
// with the unrestricted/exact ratio measured in the same run and the plans' quality side by side.

import seedrandom from 'seedrandom';
import { parseExperiment, parseInstance, parseJsonText, plan, runExperiment, runSnapshots, MODES, PlannerLimitError, type Instance, type InstanceJson, type Mode } from '../ai/planner';
import { median, progress, readTextFile, runTool, type ToolSpec } from './common';

const spec: ToolSpec = {
  name: 'bench:planner',
  usage: 'npm run -s bench:planner -- [--repeat N] [--fixtures DIR] [--scale] [--json]',
  summary:
    'Times plan() for every mode on every replanning snapshot of the 10×10 runs and on the 24×28 maze with 8 enemies; prints medians (ms), ' +
    'the unrestricted/exact ratio and plan quality. JSON: {"median_ms": {"restricted","unrestricted","exact","exact_maze_8"}, ...}' +
    ' (with --scale also "exact_maze_scale": [{"enemies","median_ms","solved"}]).',
  options: [
    { name: 'repeat', kind: 'int', help: 'timed repetitions of each call (after one warm-up pass)', default: 7 },
    { name: 'fixtures', kind: 'string', help: 'folder with grid10-*.json and maze24x28-8.json', default: 'fixtures/planner' },
    {
      name: 'scale',
      kind: 'flag',
      help: "also time exact mode on the 24×28 maze with 8, 10, 12, … enemies (3 seeded layouts each) until the median passes 1 s or the mode's size limit",
    },
  ],
};

/** The 24×28 maze instance with `k` enemies (reward 1, damage 1) on seeded open cells instead of its E cells. */
function mazeWithEnemies(json: InstanceJson, k: number, seed: string): Instance {
  const rows = json.maze!.map((r) => r.replace(/E/g, '.'));
  const open: string[] = [];
  rows.forEach((r, y) => [...r].forEach((ch, x) => ch === '.' && open.push(`${x},${y}`)));
  const rand = seedrandom(seed);
  const enemies = Array.from({ length: k }, () => ({ at: open.splice(Math.floor(rand() * open.length), 1)[0]! }));
  return parseInstance({ ...json, name: undefined, notes: undefined, maze: rows, enemies }, `maze24x28, ${k} enemies (${seed})`);
}

/** Exact mode's time on the maze as the enemies grow: median of 3 layouts per count (one call each, after a warm-up). */
function scaleExact(json: InstanceJson, log: boolean): { enemies: number; median_ms: number | null; solved: number }[] {
  const rows: { enemies: number; median_ms: number | null; solved: number }[] = [];
  plan(mazeWithEnemies(json, 10, 'warm-up'), { mode: 'exact' });
  for (let k = 8; k <= 30; k += 2) {
    const ms: number[] = [];
    for (let s = 0; s < 3; s++) {
      const inst = mazeWithEnemies(json, k, `bench-scale-${k}-${s}`);
      const t0 = performance.now();
      try {
        plan(inst, { mode: 'exact' });
        ms.push(performance.now() - t0);
      } catch (e) {
        if (!(e instanceof PlannerLimitError)) throw e;
        ms.push(Infinity);
      }
    }
    const m = median(ms);
    const row = { enemies: k, median_ms: m === Infinity ? null : Math.round(m), solved: ms.filter((x) => x !== Infinity).length };
    rows.push(row);
    if (log) console.log(`  exact, ${k} enemies: median ${row.median_ms === null ? 'over the size limit' : `${row.median_ms} ms`} (${ms.map((x) => (x === Infinity ? 'limit' : `${Math.round(x)}`)).join(' / ')}), ${row.solved}/3 solved`);
    if (m > 1000) break;
  }
  return rows;
}

const GRID_RUNS = ['grid10-hp5.json', 'grid10-hp7.json', 'grid10-hp1.json', 'grid10-shortest.json'];

/** Median time of one call, over `repeat` timings each of which times `inner` back-to-back calls. */
function timeCall(f: () => void, repeat: number): number {
  // Calls well under a millisecond are timed in batches so the timer's resolution does not matter.
  let inner = 1;
  const t0 = performance.now();
  f();
  const once = performance.now() - t0;
  if (once < 0.2) inner = Math.min(50, Math.ceil(0.2 / Math.max(once, 0.005)));
  const xs: number[] = [];
  for (let r = 0; r < repeat; r++) {
    const s = performance.now();
    for (let i = 0; i < inner; i++) f();
    xs.push((performance.now() - s) / inner);
  }
  return median(xs);
}

void runTool(spec, async (args, json) => {
  const dir = String(args.opts.fixtures);
  const repeat = Number(args.opts.repeat);
  if (!(repeat >= 1)) throw Object.assign(new Error('--repeat must be ≥ 1'), { userFacing: true });

  // Snapshots: every instance the agent planned on in each run, per mode (each mode replans on its own path).
  const snaps: Record<Mode, { inst: Instance; objective: 'kills' | 'shortest' }[]> = { restricted: [], unrestricted: [], exact: [] };
  const initial: { name: string; inst: Instance }[] = [];
  for (const f of GRID_RUNS) {
    const path = `${dir}/${f}`;
    const exp = parseExperiment(parseJsonText(await readTextFile(path), path), path);
    initial.push({ name: f, inst: exp.instance });
    for (const mode of MODES) for (const inst of runSnapshots(exp, runExperiment(exp, mode))) snaps[mode].push({ inst, objective: exp.instance.objective });
  }
  const mazePath = `${dir}/maze24x28-8.json`;
  const mazeJson = parseJsonText(await readTextFile(mazePath), mazePath);
  const maze = parseInstance(mazeJson, mazePath);

  // Warm-up pass (JIT), then timed passes.
  for (const mode of MODES) for (const s of snaps[mode]) plan(s.inst, { mode, objective: s.objective });
  for (const mode of MODES) for (let i = 0; i < 5; i++) plan(maze, { mode });

  const perCall: Record<Mode, number[]> = { restricted: [], unrestricted: [], exact: [] };
  const total = MODES.reduce((a, m) => a + snaps[m].length, 0);
  let done = 0;
  // Interleave the modes call by call so machine load affects them alike.
  const longest = Math.max(...MODES.map((m) => snaps[m].length));
  for (let i = 0; i < longest; i++)
    for (const mode of MODES) {
      const s = snaps[mode][i];
      if (!s) continue;
      perCall[mode].push(timeCall(() => plan(s.inst, { mode, objective: s.objective }), repeat));
      done++;
      if (!json && done % 20 === 0) progress('10×10 replanning calls', done, total);
    }
  // The same calls for unrestricted and exact (exact's snapshots), for a like-for-like ratio.
  const ratios = snaps.exact.map((s) => {
    const u = timeCall(() => plan(s.inst, { mode: 'unrestricted', objective: s.objective }), repeat);
    const e = timeCall(() => plan(s.inst, { mode: 'exact', objective: s.objective }), repeat);
    return u / e;
  });
  const mazeMs: Record<Mode, number> = { restricted: 0, unrestricted: 0, exact: 0 };
  for (const mode of MODES) mazeMs[mode] = timeCall(() => plan(maze, { mode }), Math.max(repeat, 9));

  const med = Object.fromEntries(MODES.map((m) => [m, median(perCall[m])])) as Record<Mode, number>;
  const max = Object.fromEntries(MODES.map((m) => [m, Math.max(...perCall[m])])) as Record<Mode, number>;
  const quality = [...initial.map((x) => ({ name: x.name, inst: x.inst })), { name: 'maze24x28-8.json', inst: maze }].map(({ name, inst }) => ({
    name,
    ...Object.fromEntries(
      MODES.map((m) => {
        const p = plan(inst, { mode: m });
        return [m, p.feasible ? { reward: p.reward, time: p.time, finalHp: p.finalHp } : { feasible: false }];
      }),
    ),
  }));
  const r3 = (x: number) => Math.round(x * 1000) / 1000;
  const out = {
    median_ms: { restricted: r3(med.restricted), unrestricted: r3(med.unrestricted), exact: r3(med.exact), exact_maze_8: r3(mazeMs.exact) },
    max_ms: { restricted: r3(max.restricted), unrestricted: r3(max.unrestricted), exact: r3(max.exact) },
    maze_8_ms: { restricted: r3(mazeMs.restricted), unrestricted: r3(mazeMs.unrestricted), exact: r3(mazeMs.exact) },
    calls: { restricted: perCall.restricted.length, unrestricted: perCall.unrestricted.length, exact: perCall.exact.length },
    unrestricted_over_exact: r3(median(ratios)),
    unrestricted_over_exact_maze_8: r3(mazeMs.unrestricted / mazeMs.exact),
    repeat,
    paper_ms: { restricted: [10, 11, 11, 9], unrestricted: [59, 129, 82, 17] },
    quality,
    ...(args.opts.scale ? { exact_maze_scale: [] as ReturnType<typeof scaleExact> } : {}),
  };
  if (!json) {
    console.log(`10×10 runs (${GRID_RUNS.join(', ')}): every replanning call, median of ${repeat} timings each`);
    for (const m of MODES) console.log(`  ${m.padEnd(12)} median ${out.median_ms[m].toFixed(3)} ms, max ${out.max_ms[m].toFixed(3)} ms over ${perCall[m].length} calls   (paper: ${m === 'exact' ? '—' : out.paper_ms[m].join('/') + ' ms'})`);
    console.log(`  unrestricted / exact on the same snapshots: ${out.unrestricted_over_exact}× (median of per-call ratios)`);
    console.log(`24×28 maze, 8 enemies: restricted ${out.maze_8_ms.restricted} ms, unrestricted ${out.maze_8_ms.unrestricted} ms, exact ${out.maze_8_ms.exact} ms (unrestricted/exact ${out.unrestricted_over_exact_maze_8}×)`);
    console.log('plan quality on the first snapshot (reward / time / final HP):');
    for (const q of quality) {
      const cell = (m: Mode) => {
        const v = (q as unknown as Record<Mode, { reward?: number; time?: number; finalHp?: number; feasible?: boolean }>)[m];
        return v.feasible === false ? 'infeasible' : `${v.reward} / ${v.time} / ${v.finalHp}`;
      };
      console.log(`  ${q.name.padEnd(22)} ${MODES.map((m) => `${m} ${cell(m)}`).join('   ')}`);
    }
  }
  if (args.opts.scale) {
    if (!json) console.log('exact mode on the 24×28 maze (3 heal pads, max HP 4, λ 3) with more enemies:');
    out.exact_maze_scale = scaleExact(mazeJson as InstanceJson, !json);
  }
  return out;
});
