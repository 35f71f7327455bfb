// npm run -s bench:wave -- [--runs N] [--json]
// Steps per second of the wave field (3 waves, T = 300, δ = 0.4) on 100×100 and 200×200 grids of grid
// points (seed 000 §6.1: 1423 and 547 steps/s, single-thread C++, no drawing), and the cost of a step
// with 1 and with 256 chasers reading the same field. Medians of several runs.
import seedrandom from 'seedrandom';
import { WaveField } from '../ai/wave/field';
import type { TileGrid } from '../ai/wave/grid';
import { WavePlusTracker, WaveTracker } from '../ai/wave/tracker';
import { UsageError, median, progress, runTool } from './common';

const PAPER = { '100x100': 1423.49, '200x200': 547.31 };

/** An open square grid with an outer wall and a few seeded box obstacles (about 10% walls). */
function benchGrid(n: number, seed = 1): TileGrid {
  const walls = new Uint8Array(n * n);
  for (let i = 0; i < n; i++) {
    walls[i] = walls[(n - 1) * n + i] = walls[i * n] = walls[i * n + n - 1] = 1;
  }
  const rng = seedrandom(`bench:${seed}`);
  const boxes = 12;
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

/** Seconds per step of `steps` steps (after a warm-up) with `agents` chasers of the given kind. */
function timeSteps(g: TileGrid, steps: number, agents: number, kind: 'wave' | 'wave+'): number {
  const field = new WaveField(g, { waves: 3, lifetime: 300, delta: 0.4, resolution: 1, arrival: kind === 'wave+' });
  const c = Math.floor(g.width / 2);
  field.setTarget(c + 0.5, c + 0.5);
  const pts = openPoints(g, agents, 7);
  const trackers = Array.from({ length: agents }, () => (kind === 'wave' ? new WaveTracker(field) : new WavePlusTracker(field)));
  const one = (): void => {
    field.step();
    for (let k = 0; k < agents; k++) trackers[k]!.update(pts[2 * k]!, pts[2 * k + 1]!);
  };
  for (let i = 0; i < 100; i++) one();
  const t0 = performance.now();
  for (let i = 0; i < steps; i++) one();
  return (performance.now() - t0) / 1000 / steps;
}

void runTool(
  {
    name: 'bench:wave',
    usage: 'npm run -s bench:wave -- [--runs N] [--json]',
    summary:
      'Wave field speed: steps per second on 100x100 and 200x200 grids with 3 waves (the paper: 1423 and 547 steps/s), and the cost of a step with 256 chasers relative to 1 chaser (median of --runs runs).',
    options: [{ name: 'runs', kind: 'int', help: 'runs per figure (median reported)', default: 7 }],
  },
  (args, json) => {
    const runs = Number(args.opts.runs);
    if (runs < 1 || runs > 100) throw new UsageError('--runs must be in 1..100');
    const sizes: [string, number, number][] = [
      ['100x100', 100, 3000],
      ['200x200', 200, 800],
    ];
    const sps: Record<string, number> = {};
    const total = runs * (sizes.length + 4);
    let done = 0;
    for (const [name, n, steps] of sizes) {
      const g = benchGrid(n);
      const times: number[] = [];
      for (let r = 0; r < runs; r++) {
        times.push(timeSteps(g, steps, 0, 'wave'));
        progress('bench:wave', ++done, total);
      }
      sps[name] = 1 / median(times);
    }
    // Cost per step with 1 and 256 chasers on the 100×100 grid (interleaved runs, so drift hits both).
    const g = benchGrid(100);
    const ratios: Record<string, number> = {};
    const perStep: Record<string, [number, number]> = {};
    for (const kind of ['wave', 'wave+'] as const) {
      const t1: number[] = [];
      const t256: number[] = [];
      for (let r = 0; r < runs; r++) {
        t1.push(timeSteps(g, 2000, 1, kind));
        progress('bench:wave', ++done, total);
        t256.push(timeSteps(g, 2000, 256, kind));
        progress('bench:wave', ++done, total);
      }
      perStep[kind] = [median(t1), median(t256)];
      ratios[kind] = median(t256) / median(t1);
    }
    if (!json) {
      console.log('wave field, 3 waves, T=300, delta=0.4, resolution 1 (grid points = tiles), median of', runs, 'runs');
      for (const [name] of sizes) {
        const p = PAPER[name as keyof typeof PAPER];
        console.log(`  ${name}: ${sps[name]!.toFixed(0)} steps/s  (paper ${p} steps/s, x${(sps[name]! / p).toFixed(1)})`);
      }
      for (const kind of ['wave', 'wave+'] as const) {
        const [a, b] = perStep[kind]!;
        console.log(`  100x100 ${kind.padEnd(5)}: ${(a * 1e6).toFixed(1)} us/step with 1 chaser, ${(b * 1e6).toFixed(1)} us/step with 256 (ratio ${ratios[kind]!.toFixed(3)})`);
      }
    }
    return {
      steps_per_s: { '100x100': Math.round(sps['100x100']!), '200x200': Math.round(sps['200x200']!) },
      cost_ratio_256_vs_1: Math.round(ratios.wave! * 1000) / 1000,
    };
  },
);
