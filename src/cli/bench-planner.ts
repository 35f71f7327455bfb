// npm run -s bench:planner -- [--repeat N] [--scale] [--game] [--json]
// Speed of the three planner modes: every replanning call of the 10×10 runs (seed 001 §3.6–3.7,
// fixtures/planner/grid10-*.json) and the 24×28 maze with 8 enemies, as medians of repeated runs,
// with the unrestricted/exact ratio measured in the same run and the plans' quality side by side.
// --scale: exact mode with more enemies; --game: the planner CPU in real maze matches.

import seedrandom from 'seedrandom';
import { runMazeCpu, ROUTE_LAG, type MazeRunStats } from '../cpu/maze-cpu-stats';
import { FIGHT_GIVE_UP } from '../cpu/maze-cpu';
import {
  parseExperiment,
  parseInstance,
  parseJsonText,
  plan,
  runExperiment,
  runSnapshots,
  MODES,
  PlannerLimitError,
  type Instance,
  type InstanceJson,
  type Mode,
} from '../cpu/planner';
import { mazeSpecError } from '../sim/maze-rotation';
import { median, progress, readTextFile, defineTool, runIfEntry, UsageError, type ToolOutput, type ToolSpec } from './common';

const GAME_MAZES = 'pillars,rooms,corridors,gen:11';

const spec: ToolSpec = {
  name: 'bench:planner',
  usage:
    'npm run -s bench:planner -- [--repeat N] [--fixtures DIR] [--scale] [--game [--game-mazes LIST] [--game-seeds N] ' +
    '[--game-frames F]] [--json]',
  summary:
    'Times plan() for every mode on every replanning snapshot of the 10×10 runs and on the 24×28 maze with 8 enemies; prints ' +
    'medians (ms), ' +
    'the unrestricted/exact ratio and plan quality. JSON: {"median_ms": {"restricted","unrestricted","exact","exact_maze_8"}, ...}' +
    ' (with --scale also "exact_maze_scale": [{"enemies","median_ms","solved","unrestricted_median_ms"}]; with --game also "game": {...}).',
  options: [
    { name: 'repeat', kind: 'int', help: 'timed repetitions of each call (after one warm-up pass)', default: 7, min: 1, max: 1000 },
    { name: 'fixtures', kind: 'string', help: 'folder with grid10-*.json and maze24x28-8.json', default: 'fixtures/planner' },
    {
      name: 'scale',
      kind: 'flag',
      help:
        "also time exact mode on the 24×28 maze with 8, 10, 12, … enemies (3 seeded layouts each; a call that hits the mode's " +
        'size limit counts with the time it took to give up) until the median passes 1 s or a layout hits the limit',
    },
    {
      name: 'game',
      kind: 'flag',
      help:
        'also play practice maze matches with cpu:normal (every maze × seed) and report the planner CPU: per-frame cost, replans, ' +
        'fights, how closely the ship follows the drawn route, mazes cleared',
    },
    { name: 'game-mazes', kind: 'string', help: 'comma-separated first mazes of the --game matches', default: GAME_MAZES, needs: 'game' },
    { name: 'game-seeds', kind: 'int', help: '--game: seeds 1..N per maze', default: 3, min: 1, max: 1000, needs: 'game' },
    {
      name: 'game-frames',
      kind: 'int',
      help: '--game: frames per match (10800 = the 3-minute limit)',
      default: 10800,
      min: 1,
      max: 864000,
      needs: 'game',
    },
  ],
};

/** The 24×28 maze instance with `k` enemies (reward 1, damage 1) on seeded open cells instead of its E cells. */
function mazeWithEnemies(json: InstanceJson, k: number, seed: string): Instance {
  const rows = json.maze!.map((r) => r.replace(/E/g, '.'));
  const open: string[] = [];
  rows.forEach((r, y) => [...r].forEach((ch, x) => ch === '.' && open.push(`${x},${y}`)));
  const rand = seedrandom(seed);
  const enemies = Array.from({ length: k }, () => ({ at: open.splice(Math.floor(rand() * open.length), 1)[0]!, reward: 1, damage: 1 }));
  return parseInstance({ ...json, name: undefined, notes: undefined, maze: rows, enemies }, `maze24x28, ${k} enemies (${seed})`);
}

interface ScaleRow {
  enemies: number;
  /** Median over the layouts of exact mode's time, solved or given up at its size limit. */
  median_ms: number;
  solved: number;
  unrestricted_median_ms: number;
}

/** Exact mode's time on the maze as the enemies grow: 3 layouts per count (one call each, after a warm-up), unrestricted beside it. */
function scaleExact(json: InstanceJson, io: ToolOutput | null): ScaleRow[] {
  const rows: ScaleRow[] = [];
  plan(mazeWithEnemies(json, 10, 'warm-up'), { mode: 'exact' });
  for (let k = 8; k <= 30; k += 2) {
    const ms: number[] = [];
    const um: number[] = [];
    let solved = 0;
    for (let s = 0; s < 3; s++) {
      const inst = mazeWithEnemies(json, k, `bench-scale-${k}-${s}`);
      let t0 = performance.now();
      try {
        plan(inst, { mode: 'exact' });
        solved++;
      } catch (e) {
        if (!(e instanceof PlannerLimitError)) throw e;
      }
      ms.push(performance.now() - t0);
      t0 = performance.now();
      plan(inst, { mode: 'unrestricted' });
      um.push(performance.now() - t0);
    }
    const row = { enemies: k, median_ms: Math.round(median(ms)), solved, unrestricted_median_ms: Math.round(median(um) * 10) / 10 };
    rows.push(row);
    if (io) {
      const each = ms.map((x) => `${Math.round(x)}`).join(' / ');
      io.log(
        `  ${k} enemies: exact median ${row.median_ms} ms (${each}), ${solved}/3 ` +
          `solved${solved < 3 ? ' (the rest hit the size limit after that time)' : ''}; unrestricted median ` +
          `${row.unrestricted_median_ms} ms`,
      );
    }
    if (row.median_ms > 1000 || solved < 3) break;
  }
  return rows;
}

/** Percentile p (0–100) by nearest rank. */
function pct(xs: readonly number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
/** Largest value (0 for none); no spread, so long lists do not overflow the stack. */
const most = (xs: readonly number[]) => xs.reduce((a, b) => (b > a ? b : a), 0);

/** The planner CPU in practice maze matches (and the same seeds in an open stage, for the decision cost). */
function gameFigures(mazes: string[], seeds: number, frames: number, log: boolean) {
  const clock = () => performance.now();
  // Warm-up (JIT): a short run, not counted.
  runMazeCpu({ maze: mazes[0]!, seed: 99, frames: 600, clock });
  const runs: MazeRunStats[] = [];
  const open: MazeRunStats[] = [];
  const total = (mazes.length + 1) * seeds;
  for (const maze of mazes)
    for (let seed = 1; seed <= seeds; seed++) {
      runs.push(runMazeCpu({ maze, seed, frames, clock }));
      if (log) progress('--game matches', runs.length, total);
    }
  for (let seed = 1; seed <= seeds; seed++) {
    open.push(runMazeCpu({ maze: 'open', seed, frames, clock }));
    if (log) progress('--game matches', runs.length + open.length, total);
  }
  const all = <K extends 'decideMs' | 'plannerMs' | 'replanMs'>(rs: MazeRunStats[], k: K) => rs.flatMap((r) => r[k]);
  const r4 = (x: number) => Math.round(x * 10000) / 10000;
  const cost = (xs: number[]) => ({
    mean_ms: r4(mean(xs)),
    median_ms: r4(median(xs.length ? xs : [0])),
    p99_ms: r4(pct(xs, 99)),
    max_ms: r4(most(xs)),
  });
  const fights = runs.flatMap((r) => r.fights);
  const fightS = fights.map((f) => f.frames / 60);
  const plannerFrames = all(runs, 'plannerMs').length;
  const entries = runs.reduce((a, r) => a + r.entries, 0);
  const walking = runs.reduce((a, r) => a + r.walking, 0);
  return {
    cpu: 'cpu:normal',
    frames_per_match: frames,
    planner_per_frame: cost(all(runs, 'plannerMs')),
    replan: {
      ...cost(all(runs, 'replanMs')),
      count: all(runs, 'replanMs').length,
      per_second: Math.round((all(runs, 'replanMs').length / (plannerFrames / 60)) * 10) / 10,
      share_of_frames: Math.round((all(runs, 'replanMs').length / plannerFrames) * 1000) / 1000,
    },
    decide_maze: cost(all(runs, 'decideMs')),
    decide_open: cost(all(open, 'decideMs')),
    fights: {
      count: fights.length,
      kill: fights.filter((f) => f.end === 'kill').length,
      plan: fights.filter((f) => f.end === 'plan').length,
      give_up: fights.filter((f) => f.end === 'give-up').length,
      give_up_after_s: FIGHT_GIVE_UP / 60,
      median_s: Math.round(median(fightS.length ? fightS : [0]) * 100) / 100,
      p99_s: Math.round(pct(fightS, 99) * 100) / 100,
      longest_s: Math.round(most(fightS) * 100) / 100,
    },
    route: {
      lag_frames: ROUTE_LAG,
      near: Math.round((runs.reduce((a, r) => a + r.near * r.walking, 0) / Math.max(1, walking)) * 1000) / 1000,
      on_route: Math.round((runs.reduce((a, r) => a + r.onRoute * r.entries, 0) / Math.max(1, entries)) * 1000) / 1000,
      walking_frames: walking,
      cells_entered: entries,
    },
    matches: runs.map((r) => ({
      maze: r.maze,
      seed: r.seed,
      mazes_cleared: r.mazesCleared,
      lives: r.lives,
      out_of_lives_s: r.outAt === null ? null : Math.round(r.outAt / 6) / 10,
      chaser_kills: r.chaserKills,
      fights: r.fights.length,
    })),
  };
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

export const main = defineTool(spec, async (args, json, io) => {
  // --repeat, --game-seeds and --game-frames are bounded by the spec (min/max), checked before this.
  const dir = String(args.opts.fixtures);
  const repeat = Number(args.opts.repeat);
  const gameMazes = String(args.opts['game-mazes'])
    .split(',')
    .map((m) => m.trim());
  for (const m of gameMazes) {
    const why = mazeSpecError(m);
    if (why) throw new UsageError(`--game-mazes: ${why}`);
  }
  const gameSeeds = Number(args.opts['game-seeds']);
  const gameFrames = Number(args.opts['game-frames']);

  // Snapshots: every instance the agent planned on in each run, per mode (each mode replans on its own path).
  const snaps: Record<Mode, { inst: Instance; objective: 'kills' | 'shortest' }[]> = { restricted: [], unrestricted: [], exact: [] };
  const initial: { name: string; inst: Instance }[] = [];
  for (const f of GRID_RUNS) {
    const path = `${dir}/${f}`;
    const exp = parseExperiment(parseJsonText(await readTextFile(path), path), path);
    initial.push({ name: f, inst: exp.instance });
    for (const mode of MODES)
      for (const inst of runSnapshots(exp, runExperiment(exp, mode))) snaps[mode].push({ inst, objective: exp.instance.objective });
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
  const quality = [...initial.map((x) => ({ name: x.name, inst: x.inst })), { name: 'maze24x28-8.json', inst: maze }].map(
    ({ name, inst }) => ({
      name,
      ...Object.fromEntries(
        MODES.map((m) => {
          const p = plan(inst, { mode: m });
          return [m, p.feasible ? { reward: p.reward, time: p.time, finalHp: p.finalHp } : { feasible: false }];
        }),
      ),
    }),
  );
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
    ...(args.opts.scale ? { exact_maze_scale: [] as ScaleRow[] } : {}),
    ...(args.opts.game ? { game: null as ReturnType<typeof gameFigures> | null } : {}),
  };
  if (!json) {
    io.log(`10×10 runs (${GRID_RUNS.join(', ')}): every replanning call, median of ${repeat} timings each`);
    for (const m of MODES)
      io.log(
        `  ${m.padEnd(12)} median ${out.median_ms[m].toFixed(3)} ms, max ${out.max_ms[m].toFixed(3)} ms over ` +
          `${perCall[m].length} calls   (paper: ${m === 'exact' ? '—' : `${out.paper_ms[m].join('/')} ms`})`,
      );
    io.log(`  unrestricted / exact on the same snapshots: ${out.unrestricted_over_exact}× (median of per-call ratios)`);
    io.log(
      `24×28 maze, 8 enemies: restricted ${out.maze_8_ms.restricted} ms, unrestricted ${out.maze_8_ms.unrestricted} ms, exact ` +
        `${out.maze_8_ms.exact} ms (unrestricted/exact ${out.unrestricted_over_exact_maze_8}×)`,
    );
    io.log('plan quality on the first snapshot (reward / time / final HP):');
    for (const q of quality) {
      const cell = (m: Mode) => {
        const v = (q as unknown as Record<Mode, { reward?: number; time?: number; finalHp?: number; feasible?: boolean }>)[m];
        return v.feasible === false ? 'infeasible' : `${v.reward} / ${v.time} / ${v.finalHp}`;
      };
      io.log(`  ${q.name.padEnd(22)} ${MODES.map((m) => `${m} ${cell(m)}`).join('   ')}`);
    }
  }
  if (args.opts.scale) {
    if (!json) io.log('exact mode on the 24×28 maze (3 heal pads, max HP 4, λ 3) with more enemies:');
    out.exact_maze_scale = scaleExact(mazeJson as InstanceJson, json ? null : io);
  }
  if (args.opts.game) {
    const g = gameFigures(gameMazes, gameSeeds, gameFrames, !json);
    out.game = g;
    if (!json) printGame(io, g, gameMazes, gameSeeds);
  }
  return out;
});

function printGame(io: ToolOutput, g: ReturnType<typeof gameFigures>, mazes: string[], seeds: number): void {
  const c = (x: { mean_ms: number; median_ms: number; p99_ms: number; max_ms: number }) =>
    `mean ${x.mean_ms} ms, median ${x.median_ms} ms, p99 ${x.p99_ms} ms, max ${x.max_ms} ms`;
  io.log(`planner CPU (${g.cpu}) in practice maze matches: ${mazes.join(', ')} × seeds 1–${seeds}, ${g.frames_per_match} frames each`);
  io.log(`  planner part per frame (MazeCpu.update, incl. replans): ${c(g.planner_per_frame)}`);
  io.log(
    `  one replan (${g.replan.count}, ${g.replan.per_second} per second, ${(100 * g.replan.share_of_frames).toFixed(1)} % of ` +
      `frames): ${c(g.replan)}`,
  );
  io.log(`  whole CPU decision, maze: ${c(g.decide_maze)}`);
  io.log(`  whole CPU decision, open stage (same seeds and frames): ${c(g.decide_open)}`);
  const f = g.fights;
  io.log(
    `  fights: ${f.count} (${f.kill} ended by the chaser's death, ${f.plan} by a new plan, ${f.give_up} given up after ` +
      `${f.give_up_after_s} s); median ${f.median_s} s, p99 ${f.p99_s} s, longest ${f.longest_s} s`,
  );
  io.log(
    `  following the drawn route while walking: within one cell of the route drawn ${g.route.lag_frames} frames earlier in ` +
      `${(100 * g.route.near).toFixed(1)} % of ${g.route.walking_frames} frames; ${(100 * g.route.on_route).toFixed(1)} % of ` +
      `${g.route.cells_entered} cells entered lie on the route drawn at the cell before`,
  );
  for (const m of g.matches)
    io.log(
      `  ${m.maze} seed ${m.seed}: ${m.mazes_cleared} cleared, ` +
        `${m.out_of_lives_s === null ? `${m.lives} lives left` : `out of lives at ${m.out_of_lives_s} s`}, ${m.chaser_kills} ` +
        `chasers killed, ${m.fights} fights`,
    );
}

await runIfEntry(import.meta.url, main);
