// npm run -s plan -- INSTANCE.json [--mode M] [--objective O] [--json]
// Prints the planner's plan for one instance (or the first snapshot of an experiment file).

import {
  isExperimentJson,
  parseExperiment,
  parseInstance,
  parseJsonText,
  plan,
  validatePlan,
  MODES,
  OBJECTIVES,
  type Instance,
  type Mode,
  type Objective,
} from '../cpu/planner';
import { readTextFile, defineTool, runIfEntry, UsageError, type ToolSpec } from './common';

const spec = {
  name: 'plan',
  usage: 'npm run -s plan -- INSTANCE.json [--mode restricted|unrestricted|exact] [--objective kills|shortest] [--json]',
  summary:
    'Plans route, attacks and heals from start to goal (seed 001 planner; format in docs/planner.md). ' +
    'An experiment file (fixtures/planner/grid10-*.json) is planned at its first snapshot. ' +
    'JSON: {"feasible","reward","time","finalHp","actions":[{"at","do"}],"ms",...}.',
  options: [
    { name: 'mode', kind: 'string', help: `search mode: ${MODES.join(' | ')} (default: the instance's "mode", else exact)` },
    { name: 'objective', kind: 'string', help: `objective: ${OBJECTIVES.join(' | ')} (default: the instance's "objective", else kills)` },
  ],
  positional: [1, 1],
} as const satisfies ToolSpec;

export async function loadInstance(path: string): Promise<Instance> {
  const json = parseJsonText(await readTextFile(path), path);
  return isExperimentJson(json) ? parseExperiment(json, path).instance : parseInstance(json, path);
}

export const main = defineTool(spec, async (args, json, io) => {
  const mode = args.opts.mode;
  const objective = args.opts.objective;
  if (mode !== undefined && !MODES.includes(mode as Mode)) throw new UsageError(`--mode: '${mode}' is not one of ${MODES.join(', ')}`);
  if (objective !== undefined && !OBJECTIVES.includes(objective as Objective))
    throw new UsageError(`--objective: '${objective}' is not one of ${OBJECTIVES.join(', ')}`);
  const inst = await loadInstance(args.positional[0]!);
  const t0 = performance.now();
  const p = plan(inst, { ...(mode ? { mode: mode as Mode } : {}), ...(objective ? { objective: objective as Objective } : {}) });
  const ms = performance.now() - t0;
  const check = validatePlan(inst, p);
  if (!check.ok) throw new Error(`internal error: the plan failed validation: ${check.errors.join('; ')}`);
  const out = {
    feasible: p.feasible,
    reward: p.reward,
    time: p.time,
    finalHp: p.finalHp,
    kills: p.killed.length,
    actions: p.actions,
    ms: Math.round(ms * 1000) / 1000,
    mode: p.mode,
    objective: p.objective,
    ...(p.feasible ? {} : { reason: p.reason }),
  };
  if (!json) {
    io.log(`${inst.source}: mode ${p.mode}, objective ${p.objective}`);
    if (!p.feasible) io.log(`infeasible: ${p.reason}`);
    else {
      io.log(
        `reward ${p.reward}, kills ${p.killed.length}, time ${p.time}, final HP ${p.finalHp}/${inst.maxHp}, ${p.actions.length} ` +
          `actions, ${out.ms} ms`,
      );
      io.log(`start ${inst.names[inst.start]}: ${p.actions.map((a) => (a.do === 'move' ? `→${a.at}` : a.do)).join(' ')}`);
    }
  }
  return out;
});

await runIfEntry(import.meta.url, main);
