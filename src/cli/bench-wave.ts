// npm run -s bench:wave -- [--runs N] [--quick] [--ts-loops] [--delta D --waves N --lifetime T --threshold Z
//   --arrival-threshold A] [--json]
// Steps per second of the wave field (3 waves, T = 300, δ = 0.4, one grid point per tile) on 100×100
// and 200×200 grids of grid points (seed 000 §6.1: 1423 and 547 steps/s, single-thread C++, no
// drawing), and the cost of a step with 256 chasers relative to 1 chaser reading the same field.
// Main figures on an open grid (outer wall only: every point is computed); second figures on a grid
// with seeded box obstacles (wall points are skipped, so it runs faster). Each run times short blocks;
// the main figure is the sustained rate, the median block over all runs (what the paper's steps/s
// is), and beside it the fastest block (the median over runs of each run's fastest), the speed when
// no other process got in the way on this shared machine.
// Beside every open-grid and obstacle-grid run, the same field written plainly in C (bench-wave-ref.c,
// built here with cc -O2) runs the same steps in its own process, right after or before the TS run
// (alternating); the ratio to C is TS steps/s over C steps/s per run, median over runs, and the C
// field's final values must equal the TS field's bit for bit (checksum). Skipped with --quick or
// without a C compiler.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import seedrandom from 'seedrandom';
import { WaveField, type WaveFieldOptions } from '../world/wave/field';
import { setKernelEnabled } from '../world/wave/kernel';
import type { TileGrid } from '../geom/grid';
import { WavePlusTracker, WaveTracker } from '../world/wave/tracker';
import { WAVE_OPTION_SPECS, describeWaveArgs, waveArgs } from './chase-options';
import { UsageError, median, progress, defineTool, runIfEntry } from './common';

const PAPER = { '100x100': 1423.49, '200x200': 547.31 };

/** A square grid with its outer ring walled; with `boxes`, also that many seeded box obstacles. */
function benchGrid(n: number, boxes: number, seed = 1): TileGrid {
  const walls = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) {
    walls[i] = walls[(n - 1) * n + i] = walls[i * n] = walls[i * n + n - 1] = 1;
  }
  const rng = seedrandom(`bench:${seed}`);
  for (let b = 0; b < boxes; b++) {
    const w = 2 + Math.floor(rng() * (n / 6));
    const h = 2 + Math.floor(rng() * (n / 6));
    const x0 = 2 + Math.floor(rng() * (n - w - 4));
    const y0 = 2 + Math.floor(rng() * (n - h - 4));
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) walls[y * n + x] = 1;
  }
  const c = Math.floor(n / 2);
  walls[c * n + c] = 0;
  return { width: n, height: n, walls };
}

function wallShare(g: TileGrid): number {
  let k = 0;
  for (let i = 0; i < g.walls.length; i++) k += g.walls[i]!;
  return k / g.walls.length;
}

function openPoints(g: TileGrid, count: number, seed: number): Float64Array {
  const rng = seedrandom(`agents:${seed}`);
  const out = new Float64Array(2 * count);
  for (let k = 0; k < count; ) {
    const x = 1 + rng() * (g.width - 2);
    const y = 1 + rng() * (g.height - 2);
    if (g.walls[Math.floor(y) * g.width + Math.floor(x)] !== 0) continue;
    out[2 * k] = x;
    out[2 * k + 1] = y;
    k++;
  }
  return out;
}

interface Params {
  wave: WaveFieldOptions;
  threshold?: number;
}

function benchField(g: TileGrid, p: Params, arrival: boolean): WaveField {
  const field = new WaveField(g, { waves: 3, lifetime: 300, delta: 0.4, ...p.wave, resolution: 1, arrival });
  const c = Math.floor(g.width / 2);
  field.setTarget(c + 0.5, c + 0.5);
  return field;
}

/** A field with `agents` chasers of one kind reading it, stepped together; setup is not timed. */
function makeSetup(g: TileGrid, agents: number, kind: 'wave' | 'wave+', p: Params, made?: (f: WaveField) => void): () => void {
  const field = benchField(g, p, kind === 'wave+');
  made?.(field);
  const pts = openPoints(g, agents, 7);
  if (kind === 'wave') {
    const ts = Array.from({ length: agents }, () => new WaveTracker(field, { threshold: p.threshold }));
    return () => {
      field.step();
      for (let k = 0; k < ts.length; k++) ts[k]!.update(pts[2 * k]!, pts[2 * k + 1]!);
    };
  }
  const ts = Array.from({ length: agents }, () => new WavePlusTracker(field));
  return () => {
    field.step();
    for (let k = 0; k < ts.length; k++) ts[k]!.update(pts[2 * k]!, pts[2 * k + 1]!);
  };
}

/** The C reference built with cc -O2 (cached in the temp folder by source hash), or why not. */
function buildReference(): { path: string } | { error: string } {
  const src = new URL('./bench-wave-ref.c', import.meta.url).pathname;
  const text = readFileSync(src);
  const dir = join(tmpdir(), `twinfield-bench-wave-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`);
  const exe = join(dir, 'ref');
  if (existsSync(exe)) return { path: exe };
  mkdirSync(dir, { recursive: true });
  const r = spawnSync(process.env.CC ?? 'cc', ['-O2', '-o', exe, src], { encoding: 'utf8' });
  if (r.error || r.status !== 0) return { error: `cc -O2 failed: ${r.error?.message ?? r.stderr.trim().split('\n')[0]}` };
  return { path: exe };
}

/** FNV-1a over the bytes of every current value of the open points, wave by wave, row by row (as bench-wave-ref.c). */
function checksum(f: WaveField, g: TileGrid): number {
  let h = 2166136261;
  for (let w = 0; w < f.waves; w++) {
    const bytes = new Uint8Array(f.values(w).buffer, f.values(w).byteOffset);
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) {
        if (g.walls[y * g.width + x] !== 0) continue;
        const o = ((y + 2) * f.stride + x + 2) * 8;
        for (let j = 0; j < 8; j++) h = Math.imul(h ^ bytes[o + j]!, 16777619) >>> 0;
      }
    }
  }
  return h;
}

/** Seconds per step of each timed block of the C reference and its checksum, after the same steps as timeInterleaved. */
function runReference(exe: string, g: TileGrid, f: WaveField, steps: number, block: number): { times: number[]; checksum: number } {
  const warm = Math.min(300, steps);
  const blocks = Math.max(1, Math.round(steps / block));
  const args = [g.width, g.height, f.source, f.waves, f.lifetime, f.delta, warm, blocks, block].map(String);
  const r = spawnSync(exe, args, { input: g.walls, encoding: 'utf8' });
  const m = /^blocks((?: \S+)+)\nchecksum (\d+)/.exec(r.stdout ?? '');
  if (r.status !== 0 || !m) throw new Error(`C reference failed: ${r.error?.message ?? r.stderr}`);
  return {
    times: m[1]!
      .trim()
      .split(' ')
      .map((t) => Number(t) / block),
    checksum: Number(m[2]),
  };
}

/**
 * Seconds per step of every block of each setup: `steps` steps each in blocks of `block`, the
 * setups' blocks interleaved (order alternating), after a warm-up. Interleaving gives every setup
 * the same chances on a shared machine.
 */
function timeInterleaved(setups: (() => void)[], steps: number, block: number): number[][] {
  for (const one of setups) for (let i = 0; i < Math.min(300, steps); i++) one();
  const times = setups.map(() => [] as number[]);
  const blocks = Math.max(1, Math.round(steps / block));
  for (let b = 0; b < blocks; b++) {
    for (let s = 0; s < setups.length; s++) {
      const k = b % 2 === 0 ? s : setups.length - 1 - s;
      const one = setups[k]!;
      const t0 = performance.now();
      for (let i = 0; i < block; i++) one();
      times[k]!.push((performance.now() - t0) / 1000 / block);
    }
  }
  return times;
}

export const main = defineTool(
  {
    name: 'bench:wave',
    usage:
      'npm run -s bench:wave -- [--runs N] [--quick] [--ts-loops] [--delta D] [--waves N] [--lifetime T] [--threshold Z] ' +
      '[--arrival-threshold A] [--json]',
    summary:
      'Wave field speed: steps per second on 100x100 and 200x200 open grids (outer wall only) and on grids with box obstacles, ' +
      '3 waves (the paper: 1423 and 547 steps/s), sustained (the median of all timed blocks of all runs) and fastest (the median ' +
      "over runs of each run's fastest block); and the cost of a step with 256 chasers relative to 1 chaser, faithful wave and " +
      "wave+ (the 1- and 256-chaser blocks interleaved, each run's fastest blocks compared; median of --runs runs); and the " +
      'ratio to the same field in C (cc -O2, run in turn with each TS run; median of the runs; not with --quick).',
    options: [
      { name: 'runs', kind: 'int', help: 'runs per figure (median reported)', default: 7, min: 1, max: 1000 },
      { name: 'quick', kind: 'flag', help: 'few, short runs: checks the tool and its output, not the speed' },
      { name: 'ts-loops', kind: 'flag', help: "the field's TS loops instead of its WebAssembly kernel (the fallback; same values)" },
      ...WAVE_OPTION_SPECS.filter((o) => o.name !== 'resolution'),
    ],
  },
  (args, json, io) => {
    // The switch is global to the process (tests run tools in-process): always switched back.
    setKernelEnabled(args.opts['ts-loops'] !== true);
    try {
      const quick = args.opts.quick === true;
      const runs = quick ? 1 : Number(args.opts.runs);
      if (runs < 1 || runs > 100) throw new UsageError('--runs must be in 1..100');
      const p = waveArgs(args);
      const scale = quick ? 0.05 : 1;
      const sizes: [string, number, number][] = [
        ['100x100', 100, Math.ceil(3000 * scale)],
        ['200x200', 200, Math.ceil(800 * scale)],
      ];
      const grids = { open: 0, obstacles: 12 };
      const sps: Record<string, Record<string, number>> = { open: {}, obstacles: {} };
      const fastest: Record<string, Record<string, number>> = { open: {}, obstacles: {} };
      const walls: Record<string, Record<string, number>> = { open: {}, obstacles: {} };
      const ref = quick ? { error: '--quick' } : buildReference();
      type VsC = { ratio: number; min: number; max: number; fastest: number; cSps: number; equal: boolean };
      const vsC: Record<string, Record<string, VsC>> = {
        open: {},
        obstacles: {},
      };
      const total = runs * (2 * sizes.length + 4);
      let done = 0;
      for (const [gridName, boxes] of Object.entries(grids)) {
        for (const [name, n, steps] of sizes) {
          const g = benchGrid(n, boxes);
          walls[gridName]![name] = wallShare(g);
          const blocks: number[] = [];
          const best: number[] = [];
          const ratios: number[] = [];
          const bestRatios: number[] = [];
          const cBlocks: number[] = [];
          let equal = true;
          for (let r = 0; r < runs; r++) {
            const block = n === 100 ? 20 : 5;
            // The C run goes before the TS run in odd runs, after it in even ones.
            const made: { field?: WaveField } = {};
            const setup = makeSetup(g, 0, 'wave', p, (f) => {
              made.field = f;
            });
            const field = made.field!;
            const before = 'path' in ref && r % 2 === 1 ? runReference(ref.path, g, field, steps, block) : null;
            const t = timeInterleaved([setup], steps, block)[0]!;
            const c = 'path' in ref && r % 2 === 0 ? runReference(ref.path, g, field, steps, block) : before;
            if (c) {
              ratios.push(median(c.times) / median(t));
              bestRatios.push(Math.min(...c.times) / Math.min(...t));
              cBlocks.push(...c.times);
              if (c.checksum !== checksum(field, g)) equal = false;
            }
            blocks.push(...t);
            best.push(Math.min(...t));
            progress('bench:wave', ++done, total);
          }
          sps[gridName]![name] = 1 / median(blocks);
          fastest[gridName]![name] = 1 / median(best);
          if (ratios.length > 0) {
            vsC[gridName]![name] = {
              ratio: median(ratios),
              min: Math.min(...ratios),
              max: Math.max(...ratios),
              fastest: median(bestRatios),
              cSps: 1 / median(cBlocks),
              equal,
            };
          }
        }
      }
      // Cost per step with 1 and 256 chasers on the 100×100 open grid: two fields stepped in alternate
      // blocks, one read by 1 chaser and one by 256; each run gives one ratio.
      const g = benchGrid(100, 0);
      const ratio: Record<string, { median: number; min: number; max: number; us1: number; us256: number }> = {};
      for (const kind of ['wave', 'wave+'] as const) {
        const rs: number[] = [];
        const t1s: number[] = [];
        const t256s: number[] = [];
        for (let r = 0; r < runs; r++) {
          // Fastest blocks: both setups ran under the same conditions, so their ratio is the cost itself.
          const [t1, t256] = timeInterleaved([makeSetup(g, 1, kind, p), makeSetup(g, 256, kind, p)], Math.ceil(2000 * scale), 10).map((t) =>
            Math.min(...t),
          ) as [number, number];
          progress('bench:wave', (done += 2), total);
          rs.push(t256 / t1);
          t1s.push(t1);
          t256s.push(t256);
        }
        ratio[kind] = {
          median: median(rs),
          min: Math.min(...rs),
          max: Math.max(...rs),
          us1: median(t1s) * 1e6,
          us256: median(t256s) * 1e6,
        };
      }
      if (!json) {
        const params = describeWaveArgs(p);
        io.log(
          `wave field, 3 waves, T=300, delta=0.4, one grid point per tile${params ? ` (overridden: ${params})` : ''}; sustained = ` +
            `median of all blocks of ${runs} runs, fastest = median over runs of each run's fastest ` +
            `block${quick ? ' (--quick: not a measurement)' : ''}`,
        );
        for (const gridName of Object.keys(grids)) {
          for (const [name] of sizes) {
            const pp = PAPER[name as keyof typeof PAPER];
            const v = sps[gridName]![name]!;
            io.log(
              `  ${gridName.padEnd(9)} ${name} (${(100 * walls[gridName]![name]!).toFixed(0)}% walls): ${v.toFixed(0)} steps/s ` +
                `sustained (paper ${pp} steps/s, x${(v / pp).toFixed(1)}); fastest ${fastest[gridName]![name]!.toFixed(0)} steps/s`,
            );
          }
        }
        if ('error' in ref) io.log(`  C reference (cc -O2): skipped (${ref.error})`);
        for (const gridName of Object.keys(grids)) {
          for (const [name] of sizes) {
            const v = vsC[gridName]![name];
            if (!v) continue;
            io.log(
              `  ${gridName.padEnd(9)} ${name} vs C -O2: x${v.ratio.toFixed(2)} of C's steps/s (median of ${runs} runs, ` +
                `${v.min.toFixed(2)}-${v.max.toFixed(2)}; fastest blocks x${v.fastest.toFixed(2)}; C ${v.cSps.toFixed(0)} steps/s); ` +
                `values ${v.equal ? 'equal to' : 'DIFFER from'} C's`,
            );
          }
        }
        for (const kind of ['wave', 'wave+'] as const) {
          const r = ratio[kind]!;
          io.log(
            `  open 100x100 ${kind.padEnd(5)}: ${r.us1.toFixed(1)} us/step with 1 chaser, ${r.us256.toFixed(1)} us/step with 256; ` +
              `ratio ${r.median.toFixed(3)} (runs ${r.min.toFixed(3)}-${r.max.toFixed(3)})`,
          );
        }
      }
      const round = (x: number, k = 1000): number => Math.round(x * k) / k;
      return {
        steps_per_s: { '100x100': Math.round(sps.open!['100x100']!), '200x200': Math.round(sps.open!['200x200']!) },
        cost_ratio_256_vs_1: round(ratio.wave!.median),
        steps_per_s_fastest: { '100x100': Math.round(fastest.open!['100x100']!), '200x200': Math.round(fastest.open!['200x200']!) },
        steps_per_s_obstacles: { '100x100': Math.round(sps.obstacles!['100x100']!), '200x200': Math.round(sps.obstacles!['200x200']!) },
        steps_per_s_obstacles_fastest: {
          '100x100': Math.round(fastest.obstacles!['100x100']!),
          '200x200': Math.round(fastest.obstacles!['200x200']!),
        },
        wall_share_obstacles: { '100x100': round(walls.obstacles!['100x100']!), '200x200': round(walls.obstacles!['200x200']!) },
        cost_ratio_256_vs_1_wave_plus: round(ratio['wave+']!.median),
        cost_ratio_runs: { wave: rs3(ratio.wave!), 'wave+': rs3(ratio['wave+']!) },
        runs,
        // Only when the C reference ran (not with --quick, nor without a C compiler).
        ...('path' in ref
          ? {
              ratio_to_c: { '100x100': round(vsC.open!['100x100']!.ratio), '200x200': round(vsC.open!['200x200']!.ratio) },
              ratio_to_c_obstacles: {
                '100x100': round(vsC.obstacles!['100x100']!.ratio),
                '200x200': round(vsC.obstacles!['200x200']!.ratio),
              },
              ratio_to_c_fastest: { '100x100': round(vsC.open!['100x100']!.fastest), '200x200': round(vsC.open!['200x200']!.fastest) },
              ratio_to_c_runs: Object.fromEntries(
                Object.entries(vsC).flatMap(([gn, by]) => Object.entries(by).map(([size, v]) => [`${gn} ${size}`, rs3(v)])),
              ),
              c_steps_per_s: { '100x100': Math.round(vsC.open!['100x100']!.cSps), '200x200': Math.round(vsC.open!['200x200']!.cSps) },
              values_equal_to_c: Object.values(vsC).every((by) => Object.values(by).every((v) => v.equal)),
            }
          : {}),
      };
      function rs3(r: { min: number; max: number }): [number, number] {
        return [round(r.min), round(r.max)];
      }
    } finally {
      setKernelEnabled(true);
    }
  },
);

await runIfEntry(import.meta.url, main);
