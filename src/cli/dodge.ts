// npm run -s dodge -- scenario.json --preset NAME [--search fast|exhaustive] [--json]
// One dodge decision on a scenario file: the chosen first move, its path value and the best path.
import {
  checkExhaustiveSize,
  DodgeDecision,
  DodgeLimitError,
  DodgePlan,
  Dodger,
  makeMoveSet,
  moveName,
  parseDodgeScenario,
  worldOfScenario,
} from '../cpu/dodge/index';
import { dodgeParamsOf } from '../cpu/presets';
import { loadCpuPreset } from './preset-files';
import { parseJsonText, readTextFile, defineTool, runIfEntry, UsageError } from './common';

export const main = defineTool(
  {
    name: 'dodge',
    usage: 'npm run -s dodge -- scenario.json --preset NAME [--search fast|exhaustive] [--json]',
    summary:
      'Runs one decision of the influence-map dodger (seed 004) on a scenario: {"ship": {"x", "y"}, "bullets": [{"x", "y", ' +
      '"vx", "vy", "r", "age"}], "enemies": [...], "field"?: {"width", "height"}, "prevMove"?, "goalX"?, "goalY"?} (goalX/goalY: ' +
      "the lure's enemy x and home line; a CPU with a lure always uses goalY 313.6 = 0.7 × 448, and goalX only while the danger " +
      "at the ship is ≤ 10). Prints the first move, its path value, the danger-only value of the best path (what the CPU's " +
      "clear compares with cpu.clearBelow) and the best path (with --search exhaustive, the exhaustive search's own path).",
    options: [
      {
        name: 'preset',
        kind: 'string',
        help: 'preset name (base, imap, imap-multi, easy, normal, hard, lunatic, novice) or a preset file (.json)',
        default: 'imap-multi',
      },
      { name: 'search', kind: 'string', help: 'fast (exact DP) or exhaustive (reference tree search)', default: 'fast' },
    ],
    positional: [1, 1],
  },
  async (args, json, io) => {
    const file = args.positional[0]!;
    const preset = loadCpuPreset(String(args.opts.preset));
    const mode = String(args.opts.search);
    if (mode !== 'fast' && mode !== 'exhaustive') throw new UsageError(`option --search: must be fast or exhaustive, got '${mode}'`);
    // The exhaustive tree grows as moves^depth: refused before the scenario is read.
    if (mode === 'exhaustive') checkExhaustiveSize(makeMoveSet(preset.focus, 1, 1).count, preset.depth, `preset ${preset.name}`);
    const scenario = parseDodgeScenario(parseJsonText(await readTextFile(file), file), file);
    const world = worldOfScenario(scenario);
    const dodger = new Dodger(dodgeParamsOf(preset), world.capacity);
    const prev = scenario.prevMove ?? -1;
    if (prev >= dodger.problem.moves.count) throw new UsageError(`${file}: prevMove: ${prev} is not a move of preset ${preset.name}`);
    // Each search prints its own best path (with ties the two may differ; the values are equal).
    let d: DodgeDecision;
    let plan: DodgePlan;
    if (mode === 'exhaustive') {
      plan = new DodgePlan(preset.depth);
      try {
        d = dodger.decideExhaustive(world, prev, new DodgeDecision(dodger.problem.moves.count), plan);
      } catch (e) {
        if (e instanceof DodgeLimitError) throw new UsageError(`${file}, preset ${preset.name}: ${e.message}`);
        throw e;
      }
    } else {
      d = dodger.decide(world, prev);
      plan = dodger.plan;
    }
    const path = [];
    for (let k = 0; k < plan.count; k++) {
      path.push({ move: moveName(plan.moves[k]!), x: round(plan.x[k]!), y: round(plan.y[k]!), value: round(plan.values[k]!) });
    }
    const out = {
      preset: preset.name,
      search: mode,
      move: moveName(d.move),
      bits: d.bits,
      value: d.value,
      /** Path value of the best path's danger parts alone (no lure, no switch penalty). */
      hazard: plan.hazard,
      survived: d.survived,
      alive: d.survived === preset.depth,
      visible: dodger.problem.world.count,
      obstacles: world.count,
      path,
      framesPerStep: preset.framesPerStep,
    };
    if (!json) {
      io.log(`preset ${preset.label} (${preset.name}), ${mode} search, ${out.visible}/${out.obstacles} obstacles visible`);
      io.log(`first move: ${out.move} (bits ${out.bits})`);
      io.log(`path value: ${d.value}${out.alive ? '' : ` (every path is hit; best survives ${d.survived} of ${preset.depth} steps)`}`);
      io.log(`danger-only value: ${plan.hazard} (no lure, no switch penalty)`);
      io.log(`best path (${preset.framesPerStep} frame${preset.framesPerStep > 1 ? 's' : ''} per step):`);
      io.log(`  start  (${round(plan.startX)}, ${round(plan.startY)})`);
      path.forEach((p, k) => io.log(`  ${String(k + 1).padStart(2)}. ${p.move.padEnd(16)} → (${p.x}, ${p.y})  E = ${p.value}`));
    }
    return out;
  },
);

function round(v: number): number {
  return Math.round(v * 1000) / 1000;
}

await runIfEntry(import.meta.url, main);
