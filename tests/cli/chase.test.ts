import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WAVE_OPTION_SPECS, waveArgs } from '../../src/cli/chase-options';
import { main as benchWave } from '../../src/cli/bench-wave';
import { main as chase } from '../../src/cli/chase';
import { main as evalChase } from '../../src/cli/eval-chase';
import { parseArgs } from '../../src/cli/common';
import { simulateChase } from '../../src/world/chase/sim';
import { generateMaze } from '../../src/maze/generate';
import { parseMaze } from '../../src/maze/maze';
import { errLines, lastJson, runMain } from './tool-run';

const MAINS = { 'bench-wave': benchWave, 'eval-chase': evalChase };
const tool = (script: keyof typeof MAINS, args: string[]) => runMain(MAINS[script], args);
const run = (args: string[]) => runMain(chase, args);
const dir = mkdtempSync(join(tmpdir(), 'chase-'));
const write = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('chase tool', () => {
  it('exits 2 with error: and line:column on a bad maze', async () => {
    const r = await run([write('bad.maze', '#####\n#P.A#\n#.x.#\n#####\n'), '--method', 'wave']);
    expect(r.status).toBe(2);
    const lines = errLines(r.stderr);
    expect(lines.length).toBe(1);
    expect(lines[0]).toMatch(/^error: .*bad\.maze:3:3: unknown character 'x'/);
    const r2 = await run([write('ragged.maze', '#####\n#P.A#\n###\n')]);
    expect(r2.status).toBe(2);
    expect(r2.stderr).toMatch(/^error: .*ragged\.maze:3:4: ragged row/m);
    const r3 = await run([write('tab.maze', '#####\n#P.A#\n#.\t.#\n#####\n')]);
    expect(r3.status).toBe(2);
    expect(errLines(r3.stderr)[0]).toMatch(/^error: .*tab\.maze:3:3: unknown character '\\t' \(tab\)/);
  });

  it('exits 2 on an unreachable chaser (its line:column) and on a missing P (the file and the lines searched)', async () => {
    const r = await run([write('walled.maze', '#######\n#P.#.A#\n#######\n')]);
    expect(r.status).toBe(2);
    expect(errLines(r.stderr)).toEqual([expect.stringMatching(/^error: .*walled\.maze:2:6: chaser 'A' cannot reach 'P'$/)]);
    const file = write('nop.maze', '#####\n#..A#\n#####\n');
    const r2 = await run([file]);
    expect(r2.status).toBe(2);
    expect(errLines(r2.stderr)).toEqual([`error: ${file}: no 'P' (target start) in the maze (lines 1–3)`]);
  });

  it('refuses an unstable delta with exit 2 and one error line', async () => {
    const r = await run(['mazes/pillars.maze', '--method', 'wave', '--delta', '0.6']);
    expect(r.status).toBe(2);
    expect(errLines(r.stderr)).toEqual(['error: --delta 0.6: unstable (the wave equation needs δ ≤ 0.5)']);
  });

  it('checks every wave option (the tools share one parser)', async () => {
    const parse = (argv: string[]) => waveArgs(parseArgs({ name: 't', usage: 't', summary: '', options: WAVE_OPTION_SPECS }, argv));
    const cases: [string[], RegExp][] = [
      [['--delta', '0.6'], /^--delta 0\.6: unstable \(the wave equation needs δ ≤ 0\.5\)$/],
      [['--delta', '0'], /^--delta 0: must be greater than 0$/],
      [['--waves', '0'], /^--waves 0: must be in 1\.\.64$/],
      [['--waves', '4', '--lifetime', '3'], /^--lifetime 3: must be at least the number of waves \(4\)$/],
      [['--threshold', '-1'], /^--threshold -1: must be greater than 0$/],
      [['--resolution', '0'], /^--resolution 0: must be in 1\.\.16$/],
      [['--arrival-threshold', '0'], /^--arrival-threshold 0: must be in \(0, 1\)/],
      [['--arrival-threshold', '1'], /^--arrival-threshold 1: must be in \(0, 1\)/],
    ];
    for (const [argv, re] of cases) expect(() => parse(argv), argv.join(' ')).toThrow(re);
    expect(
      parse([
        '--delta',
        '0.5',
        '--waves',
        '2',
        '--lifetime',
        '200',
        '--threshold',
        '1e-4',
        '--resolution',
        '3',
        '--arrival-threshold',
        '1e-9',
      ]),
    ).toEqual({
      wave: { delta: 0.5, waves: 2, lifetime: 200, resolution: 3, arrivalThreshold: 1e-9 },
      threshold: 1e-4,
    });
    expect(parse([])).toEqual({ wave: {} }); // absent: the library defaults apply
  });

  it('passes the wave options to the method', async () => {
    // A line of sight 5 cells long: caught with the defaults; never with a threshold no wave reaches.
    const file = write('line.maze', '#########\n#A.....P#\n#########\n');
    const base = lastJson((await run([file, '--method', 'wave', '--json'])).stdout) as { chasers: { caught: boolean; steps: number }[] };
    expect(base.chasers[0]!.caught).toBe(true);
    const deaf = lastJson((await run([file, '--method', 'wave', '--threshold', '10', '--max-steps', '500', '--json'])).stdout) as {
      chasers: { caught: boolean }[];
    };
    expect(deaf.chasers[0]!.caught).toBe(false);
    // A slower wave (smaller delta) reaches the chaser later.
    const slow = lastJson((await run([file, '--method', 'wave', '--delta', '0.1', '--json'])).stdout) as {
      chasers: { caught: boolean; steps: number }[];
    };
    expect(slow.chasers[0]!.caught).toBe(true);
    expect(slow.chasers[0]!.steps).toBeGreaterThan(base.chasers[0]!.steps);
    // wave+ waits for the first front to pass its arrival level: a high one is passed later.
    const plus = async (extra: string[]) =>
      (lastJson((await run([file, '--method', 'wave+', '--json', ...extra])).stdout) as { chasers: { caught: boolean; steps: number }[] })
        .chasers[0]!;
    const low = await plus([]);
    const high = await plus(['--arrival-threshold', '0.5']);
    expect([low.caught, high.caught]).toEqual([true, true]);
    expect(high.steps).toBeGreaterThan(low.steps);
  });

  it('prints the issue JSON shape, the geodesic exact and the grid one beside it', async () => {
    const r = await run(['mazes/pillars.maze', '--method', 'flow', '--json']);
    expect(r.status).toBe(0);
    const out = lastJson(r.stdout) as { chasers: Record<string, number | boolean | string | null>[] };
    expect(out.chasers.map((c) => c.id)).toEqual(['A', 'B', 'C']);
    for (const c of out.chasers) {
      expect(Object.keys(c).sort()).toEqual(['caught', 'geodesic', 'geodesic_grid', 'id', 'path_length', 'ratio', 'steps']);
      expect(c.caught).toBe(true);
      // The exact any-angle path is never longer than the 8-neighbour one; the flow field walks the latter.
      expect(c.geodesic as number).toBeLessThanOrEqual(c.geodesic_grid as number);
      expect(c.ratio as number).toBeGreaterThanOrEqual(1);
      expect(c.ratio).toBeCloseTo((c.path_length as number) / ((c.geodesic as number) - 0.5), 2);
    }
  });
});

// Each run simulates whole mazes: seconds of CPU, more on a busy shared machine.
describe('eval:chase and bench:wave', { timeout: 300_000 }, () => {
  it('eval:chase --quick --json: the report keys', async () => {
    const mdir = mkdtempSync(join(tmpdir(), 'eval-'));
    writeFileSync(join(mdir, 'tiny.maze'), '##########\n#A.......#\n#..###...#\n#..#P#..B#\n#........#\n##########\n');
    const r = await tool('eval-chase', ['--mazes', mdir, '--quick', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = lastJson(r.stdout);
    expect(Object.keys(out).sort()).toEqual(
      [
        'beats_lee_plus',
        'flow_worst_ratio_static',
        'geodesic',
        'mazes',
        'params',
        'path_ratio_static',
        'table',
        'wave_beats_lee',
        'wave_plus_caught_static',
        'wave_plus_worst_ratio_static',
        'wave_plus_worst_ratio_static_grid',
        'weakness',
        'paper',
      ].sort(),
    );
    expect(out.mazes).toEqual(['tiny']);
    const table = out.table as Record<string, Record<string, Record<string, (number | null)[]>>>;
    expect(Object.keys(table.tiny!).sort()).toEqual(['random', 'static']);
    expect(Object.keys(table.tiny!.static!).sort()).toEqual(['crash', 'flow', 'lee', 'lee+', 'wave', 'wave+', 'wave1']);
    // The headline: seed 000 Table 2 on the paper-like map, next to the paper's numbers.
    const paper = out.paper as {
      r2: { grid: number[]; table: Record<string, { static: (number | null)[] }> };
      paper: { static: { Lee: number[] } };
    };
    expect(paper.r2.grid).toEqual([100, 100]);
    expect(Object.keys(paper.r2.table).sort()).toEqual(['flow', 'lee', 'lee+', 'wave', 'wave+', 'wave1']);
    expect(paper.paper.static.Lee).toEqual([769, 406, 745]);
    expect(table.tiny!.static!.flow!.length).toBe(2);
    const geo = (out.geodesic as Record<string, { exact: number[]; grid: number[] }>).tiny!;
    expect(geo.exact.length).toBe(2);
    geo.exact.forEach((e, i) => expect(e).toBeLessThanOrEqual(geo.grid[i]!));
    expect(Object.keys(out.wave_beats_lee as object).sort()).toEqual(['cases', 'random', 'static', 'static_losses', 'wins']);
    const bad = await tool('eval-chase', ['--mazes', mdir, '--delta', '0.7']);
    expect(bad.status).toBe(2);
    expect(errLines(bad.stderr)).toEqual(['error: --delta 0.7: unstable (the wave equation needs δ ≤ 0.5)']);
  });

  it('eval:chase ends every report with the "where we differ from the paper and why" list (issue 15)', async () => {
    const mdir = mkdtempSync(join(tmpdir(), 'eval-'));
    writeFileSync(join(mdir, 'tiny.maze'), '##########\n#A.......#\n#..###...#\n#..#P#..B#\n#........#\n##########\n');
    const r = await tool('eval-chase', ['--mazes', mdir, '--quick']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const head = lines.lastIndexOf('Where we differ from the paper and why:');
    // The corridor table ("beyond the paper") comes before the list, and nothing but its items after it.
    expect(lines.findIndex((l) => l.startsWith('=== Beyond the paper'))).toBeLessThan(head);
    expect(lines.slice(head + 1).length).toBeGreaterThan(2);
    for (const l of lines.slice(head + 1)) expect(l).toMatch(/^ {2}- /);
  });

  it('eval:chase --sweep sweeps delta on the paper map too, reports its wall time, and ends with the list', async () => {
    const r = await tool('eval-chase', ['--sweep', '--quick', '--threshold', '1e-6']);
    expect(r.status, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    const head = lines.lastIndexOf('Where we differ from the paper and why:');
    expect(head).toBeGreaterThan(0);
    for (const l of lines.slice(head + 1)) expect(l).toMatch(/^ {2}- /);
    expect(lines.some((l) => /^Wall time of the sweep: \d+ s\.$/.test(l))).toBe(true);
    // Rows "speed method threshold delta | …": wave and wave1 at every delta for speeds 0.05 and 0.1.
    for (const speed of ['0.050', '0.100'])
      for (const m of ['wave', 'wave1']) {
        const deltas = lines
          .map((l) => l.match(new RegExp(`^ {2}${speed} {2}${m} +1e-6 +(\\d\\.\\d\\d) \\|`))?.[1])
          .filter((d): d is string => d !== undefined)
          .sort();
        expect(deltas, `${m} at ${speed}`).toEqual(['0.10', '0.25', '0.40', '0.50']);
      }
  });

  it('eval:chase --generated N --gen-seed S runs on generated mazes (the ones the game and generateMaze make)', async () => {
    const r = await tool('eval-chase', ['--generated', '2', '--gen-seed', '5', '--quick', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.mazes).toEqual(['gen5', 'gen6']);
    const geo = out.geodesic as Record<string, { exact: number[] }>;
    for (const seed of [5, 6]) {
      const maze = parseMaze(generateMaze({ seed }).join('\n'));
      const want = simulateChase(maze, { method: 'flow', maxSteps: 1 }).chasers.map((c) => Math.round(c.exact * 1000) / 1000);
      expect(geo[`gen${seed}`]!.exact).toEqual(want);
    }
    for (const [args, re] of [
      [['--generated', '0'], /^error: --generated 0: must be in 1\.\.100$/],
      [['--generated', '2', '--gen-seed', '-1'], /^error: --gen-seed -1: must be in/],
    ] as const) {
      const bad = await tool('eval-chase', [...args, '--quick']);
      expect(bad.status).toBe(2);
      expect(errLines(bad.stderr)).toEqual([expect.stringMatching(re)]);
    }
  });

  it('bench:wave --quick --json: the issue keys plus the obstacle grid and wave+', async () => {
    const r = await tool('bench-wave', ['--quick', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = lastJson(r.stdout);
    expect(Object.keys(out).sort()).toEqual(
      [
        'cost_ratio_256_vs_1',
        'cost_ratio_256_vs_1_wave_plus',
        'cost_ratio_runs',
        'runs',
        'steps_per_s',
        'steps_per_s_fastest',
        'steps_per_s_obstacles',
        'steps_per_s_obstacles_fastest',
        'wall_share_obstacles',
      ].sort(),
    );
    for (const k of ['steps_per_s', 'steps_per_s_fastest', 'steps_per_s_obstacles', 'steps_per_s_obstacles_fastest'])
      expect(Object.keys(out[k] as object).sort()).toEqual(['100x100', '200x200']);
    for (const v of Object.values(out.steps_per_s as Record<string, number>)) expect(v).toBeGreaterThan(0);
    // steps_per_s is the sustained rate (the median block), never above the fastest block's.
    for (const size of ['100x100', '200x200']) {
      expect((out.steps_per_s as Record<string, number>)[size]).toBeLessThanOrEqual(
        (out.steps_per_s_fastest as Record<string, number>)[size]!,
      );
      expect((out.steps_per_s_obstacles as Record<string, number>)[size]).toBeLessThanOrEqual(
        (out.steps_per_s_obstacles_fastest as Record<string, number>)[size]!,
      );
    }
    expect(out.cost_ratio_256_vs_1 as number).toBeGreaterThan(0);
    const walls = out.wall_share_obstacles as Record<string, number>;
    expect(walls['100x100']).toBeGreaterThan(0.05);
    const bad = await tool('bench-wave', ['--delta', '0.9']);
    expect(bad.status).toBe(2);
    expect(errLines(bad.stderr)[0]).toMatch(/^error: --delta 0\.9: unstable/);
  });
});
