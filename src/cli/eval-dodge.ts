// npm run -s eval:dodge -- [--presets a,b] [--seeds N] [--frames N] [--json]
// Each dodge preset on a fixed seeded suite of bullet drills (real sim rules: practice match, no
// stage waves, the drill emits bullets into the field); prints the human-likeness metrics per preset.
import { DODGE_PRESETS, getDodgePreset } from '../cpu/presets';
import { progress, runTool, UsageError } from './common';
import { DRILLS, formatTable, presetRow, runDrill, type PresetRow } from './dodge-drills';

await runTool(
  {
    name: 'eval:dodge',
    usage: 'npm run -s eval:dodge -- [--presets a,b,...] [--seeds N] [--frames N] [--json]',
    summary: `Runs each dodge preset on ${DRILLS.length} seeded bullet drills × N seeds (practice rules, no stage waves, CPU without charge attacks; each drill gets denser and faster over the run) and prints human-likeness metrics pooled per preset.`,
    options: [
      { name: 'presets', kind: 'string', help: 'comma-separated preset names', default: DODGE_PRESETS.map((p) => p.name).join(',') },
      { name: 'seeds', kind: 'int', help: 'seeds per drill', default: 5 },
      { name: 'frames', kind: 'int', help: 'frames per run (60 = 1 s)', default: 600 },
    ],
  },
  (args, json) => {
    const names = String(args.opts.presets).split(',').filter((x) => x.length > 0).map((n) => getDodgePreset(n).name);
    const seeds = Number(args.opts.seeds);
    const frames = Number(args.opts.frames);
    if (seeds < 1) throw new UsageError('option --seeds: must be at least 1');
    if (frames < 60) throw new UsageError('option --frames: must be at least 60');
    const out: Record<string, PresetRow> = {};
    const total = names.length * DRILLS.length * seeds;
    let done = 0;
    for (const name of names) {
      const logs = [];
      for (const drill of DRILLS) {
        for (let k = 0; k < seeds; k++) {
          logs.push(runDrill(name, drill, 1000 + k, frames));
          progress('eval:dodge', ++done, total);
        }
      }
      out[name] = presetRow(logs);
    }
    if (!json) {
      const minutes = (DRILLS.length * seeds * frames) / 3600;
      console.log(`${DRILLS.length} drills × ${seeds} seeds × ${frames} frames = ${minutes.toFixed(1)} min of play per preset`);
      for (const line of formatTable(out)) console.log(line);
    }
    return { presets: out };
  },
);
