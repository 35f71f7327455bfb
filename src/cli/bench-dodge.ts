// npm run -s bench:dodge -- [--preset NAME] [--scenes N] [--json]
// Median decision time of the exhaustive reference and the fast exact search with 100, 500 and
// 1500 bullets, and their ratio, measured in the same run on the same seeded situations.
import seedrandom from 'seedrandom';
import { DodgeDecision, Dodger, DodgeWorld, randomWorld } from '../ai/dodge/index';
import { dodgeParamsOf, getDodgePreset } from '../presets/dodge';
import { median, progress, runTool, UsageError } from './common';

const SIZES = [100, 500, 1500] as const;

await runTool(
  {
    name: 'bench:dodge',
    usage: 'npm run -s bench:dodge -- [--preset NAME] [--scenes N] [--repeats N] [--json]',
    summary:
      'Times one dodge decision (reaction delay, per-level influence maps, search) for the exhaustive tree search and the fast exact search on seeded random situations with 100, 500 and 1500 bullets. Reports medians and the speedup exhaustive/fast; both searches are checked to agree.',
    options: [
      { name: 'preset', kind: 'string', help: 'preset whose depth and frames per step are used', default: 'imap' },
      { name: 'scenes', kind: 'int', help: 'situations per bullet count', default: 7 },
      { name: 'repeats', kind: 'int', help: 'fast-search runs per situation', default: 15 },
      { name: 'seed', kind: 'string', help: 'seed of the situations', default: 'bench-dodge' },
    ],
  },
  (args, json) => {
    const preset = getDodgePreset(String(args.opts.preset));
    const scenes = Number(args.opts.scenes);
    const repeats = Number(args.opts.repeats);
    if (scenes < 1) throw new UsageError('option --scenes: must be at least 1');
    if (repeats < 1) throw new UsageError('option --repeats: must be at least 1');
    const params = { ...dodgeParamsOf(preset), reactionFrames: 0 };
    const dodger = new Dodger(params, 2048);
    const ex = new DodgeDecision(dodger.problem.moves.count);
    const med = { exhaustive: {} as Record<string, number>, fast: {} as Record<string, number> };
    const speedup: Record<string, number> = {};
    let mismatches = 0;
    let done = 0;
    const total = SIZES.length * scenes;
    for (const n of SIZES) {
      const rand = seedrandom(`${String(args.opts.seed)}:${n}`);
      const worlds: DodgeWorld[] = [];
      for (let i = 0; i < scenes; i++) worlds.push(randomWorld(rand, { bullets: n, shipX: 192, shipY: 400 }, new DodgeWorld(n)));
      // Warm up both paths so the JIT has compiled them.
      for (let i = 0; i < 20; i++) dodger.decide(worlds[i % scenes]!, -1);
      dodger.decideExhaustive(worlds[0]!, -1, ex);
      const tf: number[] = [];
      const te: number[] = [];
      for (const w of worlds) {
        for (let r = 0; r < repeats; r++) {
          const t0 = performance.now();
          dodger.decide(w, -1);
          tf.push(performance.now() - t0);
        }
        const fv = dodger.decision.value;
        const fl = dodger.decision.survived;
        const t0 = performance.now();
        dodger.decideExhaustive(w, -1, ex);
        te.push(performance.now() - t0);
        if (ex.value !== fv || ex.survived !== fl) mismatches++;
        progress('bench:dodge', ++done, total);
      }
      const k = String(n);
      med.exhaustive[k] = round(median(te));
      med.fast[k] = round(median(tf));
      speedup[k] = Math.round((median(te) / median(tf)) * 10) / 10;
    }
    if (mismatches > 0) process.stderr.write(`warning: ${mismatches} situations where the searches disagree\n`);
    if (!json) {
      console.log(`preset ${preset.label}: depth ${preset.depth}, ${preset.framesPerStep} frame(s) per step, ${dodger.problem.moves.count} moves; ${scenes} situations per size`);
      console.log('bullets   exhaustive ms   fast ms   speedup');
      for (const n of SIZES) {
        const k = String(n);
        console.log(`${k.padStart(7)}   ${String(med.exhaustive[k]).padStart(13)}   ${String(med.fast[k]).padStart(7)}   ${String(speedup[k]).padStart(6)}×`);
      }
      console.log(mismatches === 0 ? 'both searches chose moves of equal path value in every situation' : `${mismatches} disagreements`);
    }
    return { median_ms: med, speedup };
  },
);

function round(v: number): number {
  return Math.round(v * 10000) / 10000;
}
