// npm run -s bench:dodge -- [--presets LIST] [--scenes N] [--repeats N] [--clock cpu|wall] [--json]
// Median decision time of the exhaustive reference and the fast exact search with 100, 500 and
// 1500 bullets, and their ratio, measured in the same run on the same seeded situations, for the
// paper's I-Map player (1-frame steps) and its I-Map + multi-frame player (5-frame steps).
// Both searches are timed the same way: each in its own block after a warm-up, every situation
// decided `repeats` times in a row, and each median is over all those runs. The clock is the process's
// CPU time by default (a decision is single-threaded; on a shared machine wall time also counts
// the time other processes hold the core), or wall time with --clock wall.
import seedrandom from 'seedrandom';
import { DodgeDecision, Dodger, DodgeWorld, randomWorld } from '../cpu/dodge/index';
import { dodgeParamsOf, type DodgePreset } from '../cpu/presets';
import { loadCpuPreset } from './preset-files';
import { median, progress, defineTool, runIfEntry, UsageError } from './common';

const SIZES = [100, 500, 1500] as const;

interface PresetResult {
  depth: number;
  frames_per_step: number;
  moves: number;
  median_ms: { exhaustive: Record<string, number>; fast: Record<string, number> };
  speedup: Record<string, number>;
  /** Situations where the two searches disagreed on (survived, value) (0: none). */
  mismatches: number;
}

export const main = defineTool(
  {
    name: 'bench:dodge',
    usage: 'npm run -s bench:dodge -- [--presets LIST] [--scenes N] [--repeats N] [--seed S] [--clock cpu|wall] [--json]',
    summary:
      'Times one dodge decision (reaction delay, per-level influence maps, search) for the exhaustive tree search and the fast ' +
      'exact search on seeded random situations with 100, 500 and 1500 bullets, for each preset of the list. Both searches are ' +
      'timed the same way, each in its own block after a warm-up: every situation decided --repeats times in a row, by the ' +
      'process CPU time (or --clock wall); reports their medians and the speedup exhaustive/fast, and checks that they agree. ' +
      'The JSON keys median_ms and speedup are those of the first preset; presets holds every one.',
    options: [
      {
        name: 'presets',
        kind: 'string',
        help: 'comma-separated presets (their depth and frames per step are used)',
        default: 'imap,imap-multi',
      },
      { name: 'preset', kind: 'string', help: 'a single preset (same as --presets NAME)', excludes: ['presets'] },
      { name: 'scenes', kind: 'int', help: 'situations per bullet count', default: 7, min: 1, max: 200 },
      { name: 'repeats', kind: 'int', help: 'runs of each search per situation', default: 3, min: 1, max: 100 },
      { name: 'seed', kind: 'string', help: 'seed of the situations', default: 'bench-dodge' },
      { name: 'clock', kind: 'string', help: "'cpu' (process CPU time) or 'wall'", default: 'cpu' },
    ],
  },
  (args, json, io) => {
    const names = String(args.opts.preset ?? args.opts.presets)
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    if (names.length === 0) throw new UsageError('option --presets: no preset given');
    const presets = names.map((n) => loadCpuPreset(n));
    const scenes = Number(args.opts.scenes);
    const repeats = Number(args.opts.repeats);
    if (scenes < 1) throw new UsageError('option --scenes: must be at least 1');
    if (repeats < 1) throw new UsageError('option --repeats: must be at least 1');
    const clock = String(args.opts.clock);
    if (clock !== 'cpu' && clock !== 'wall') throw new UsageError(`option --clock: '${clock}' is not cpu or wall`);
    const now = clock === 'cpu' ? cpuMs : () => performance.now();
    const results: Record<string, PresetResult> = {};
    let done = 0;
    const total = presets.length * SIZES.length * scenes;
    for (const preset of presets) {
      results[preset.name] = benchPreset(preset, scenes, repeats, String(args.opts.seed), now, () =>
        progress('bench:dodge', ++done, total),
      );
    }
    const first = results[presets[0]!.name]!;
    const mismatches = Object.values(results).reduce((a, r) => a + r.mismatches, 0);
    if (mismatches > 0) process.stderr.write(`warning: ${mismatches} situations where the searches disagree\n`);
    if (!json) {
      for (const preset of presets) {
        const r = results[preset.name]!;
        io.log(
          `preset ${preset.label}: depth ${r.depth}, ${r.frames_per_step} frame(s) per step, ${r.moves} moves; ${scenes} ` +
            `situations per size, ${repeats} run(s) of each search per situation, ${clock} time`,
        );
        io.log('bullets   exhaustive ms   fast ms   speedup');
        for (const n of SIZES) {
          const k = String(n);
          io.log(
            `${k.padStart(7)}   ${String(r.median_ms.exhaustive[k]).padStart(13)}   ${String(r.median_ms.fast[k]).padStart(7)}  ` +
              ` ${String(r.speedup[k]).padStart(6)}×`,
          );
        }
        io.log(r.mismatches === 0 ? 'both searches chose moves of equal path value in every situation' : `${r.mismatches} disagreements`);
        io.log('');
      }
    }
    return { median_ms: first.median_ms, speedup: first.speedup, clock, presets: results };
  },
);

function benchPreset(
  preset: DodgePreset,
  scenes: number,
  repeats: number,
  seed: string,
  now: () => number,
  tick: () => void,
): PresetResult {
  const params = { ...dodgeParamsOf(preset), reactionFrames: 0 };
  const dodger = new Dodger(params, 2048);
  const ex = new DodgeDecision(dodger.problem.moves.count);
  const med = { exhaustive: {} as Record<string, number>, fast: {} as Record<string, number> };
  const speedup: Record<string, number> = {};
  let mismatches = 0;
  for (const n of SIZES) {
    const rand = seedrandom(`${seed}:${n}`);
    const worlds: DodgeWorld[] = [];
    for (let i = 0; i < scenes; i++) worlds.push(randomWorld(rand, { bullets: n, shipX: 192, shipY: 400 }, new DodgeWorld(n)));
    // Each search is timed in its own block over all situations, so that neither inherits the
    // other's cache contents or collector work, after a warm-up that gets it compiled: fast
    // decisions for 0.5 s (at least 20; 20 alone left the first size's figure at the mercy of the
    // JIT tiers: 0.3–1.4 ms at 100 bullets), and one exhaustive one (its recursion runs long enough
    // within one decision).
    const tf: number[] = [];
    const te: number[] = [];
    const fv: number[] = [];
    const fl: number[] = [];
    const warm = now();
    for (let i = 0; i < 20 || now() - warm < 500; i++) dodger.decide(worlds[i % scenes]!, -1);
    for (const w of worlds) {
      for (let r = 0; r < repeats; r++) {
        const t0 = now();
        dodger.decide(w, -1);
        tf.push(now() - t0);
      }
      fv.push(dodger.decision.value);
      fl.push(dodger.decision.survived);
    }
    dodger.decideExhaustive(worlds[0]!, -1, ex);
    worlds.forEach((w, i) => {
      for (let r = 0; r < repeats; r++) {
        const t0 = now();
        dodger.decideExhaustive(w, -1, ex);
        te.push(now() - t0);
      }
      if (ex.value !== fv[i] || ex.survived !== fl[i]) mismatches++;
      tick();
    });
    const k = String(n);
    med.exhaustive[k] = round(median(te));
    med.fast[k] = round(median(tf));
    speedup[k] = Math.round((median(te) / median(tf)) * 10) / 10;
  }
  return {
    depth: preset.depth,
    frames_per_step: preset.framesPerStep,
    moves: dodger.problem.moves.count,
    median_ms: med,
    speedup,
    mismatches,
  };
}

/** Process CPU time in ms (user + system, µs resolution). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}

await runIfEntry(import.meta.url, main);
