// Difficulty presets headless: list and describe them, evaluate CPU presets over many seeds on
// worker threads, calibrate one parameter to a target, and play the ladder: the reference players
// (or the frozen novice) against every difficulty pair, with the targets (docs/presets.md). The
// jobs of a run go to one JobRunner: worker threads here, a Redis queue (--queue) or a shard (--shard).
import { writeFileSync } from 'node:fs';
import { REFERENCE_NAMES } from '../controllers/reference';
import { CPU_PRESET_FIELDS, DIFFICULTY_PRESETS, DODGE_PRESETS, NOVICE_PRESET, type DodgePreset } from '../cpu/presets';
import { DIFFICULTY_PAIRS, resolvePair } from '../cpu/presets/pairs';
import { pooledHumanLikeness, replayLogs, type HumanLikeness } from '../metrics';
import { calibrate, type Measurement } from '../preset-eval/calibrate';
import type { EvalJob, LadderPlayer } from '../preset-eval/jobs';
import { bulletCounts, type BulletCounts } from '../preset-eval/bullets';
import { formatMatrix, matrixJobs, matrixResult, playerName, type MatrixResult, type Rung } from '../preset-eval/ladder';
import { type Interval, proportionCI } from '../preset-eval/stats';
import { summarize, suiteJobs, type PresetSummary } from '../preset-eval/suite';
import { readPlayableReplayFile } from './replay-files';
import { STAGE_PRESET_FIELDS, STAGE_PRESETS, type StagePreset } from '../sim/stage-preset';
import {
  defineTool,
  parseArgs,
  parseJsonText,
  readTextFileSync,
  runIfEntry,
  UsageError,
  type ParsedArgs as ParsedArgsOf,
  type ToolOutput,
  type ToolSpec,
} from './common';
import { isPresetFile, loadCpuPreset, loadReferencePlayer, loadStagePreset } from './preset-files';
import { localRunner, type JobRunner } from './presets-pool';
import { queueRunner, runQueueWorker } from './presets-queue';
import { mergedRunner, ShardWritten, shardRunner } from './presets-shard';
import { mergeParts, parseShard, readPart } from '../preset-eval/queue/shard';
import { ADAPTIVE_START } from '../cpu/presets/adaptive';
import { adaptiveCurve, type AdaptiveJob } from '../preset-eval/adaptive-run';
import { cmdFitReference, FIT_REFERENCE_OPTIONS } from './fit-reference-command';
import { balanceJobs, balanceResult, formatBalance } from '../preset-eval/balance';
import { CHARACTERS, characterIndex, ROSTER } from '../sim/characters';

const METRICS = ['hits_per_min', 'win_rate', 'survival_s'] as const;
type Metric = (typeof METRICS)[number];

const spec = {
  name: 'presets',
  usage:
    'npm run -s presets -- list | fields | eval PRESET... | calibrate PRESET --param NAME --target METRIC=VALUE | ladder | ' +
    'bullets | adaptive | balance [PRESET] | fit-reference REPLAY... --out FILE | worker --queue URL | merge PART...  [options] [--json]',
  summary: [
    'CPU and stage presets as data. PRESET is a built-in name or a .json preset file.',
    '  list                 the built-in CPU presets, stage presets and difficulty pairs',
    "  fields               every schema field: range, step, meaning, the paper's value",
    '  eval PRESET...       per stage: a practice drill (hits/min) and versus matches against the',
    '                       opponents (win rate, survival, hits/min), 95 % CIs over the seeds, and',
    '                       the human-likeness metrics (beside human recordings given with --human)',
    `  calibrate PRESET     finds --param's value where METRIC (${METRICS.join(', ')}) hits the target`,
    '                       (noisy bisection, more seeds near the answer); writes the preset to --out',
    '  ladder               every --players player (default: the reference players newcomer, casual,',
    "                       skilled) against every --pairs pair's CPU on its stage: the matrix of",
    "                       CPU win rates, the player's survival and how matches ended, with the targets",
    "  bullets              bullets in the --reference player's field in level 1 (and level 2's peak) on",
    '                       each --stage (default: all), practice and versus --opponent (default easy)',
    '  adaptive             every --players player through --runs runs of --matches matches under Adaptive',
    '                       difficulty: its win rate at each match and the strength it is played at',
    '  balance [PRESET]     every pair of --characters (default the roster) CPU vs CPU, PRESET (default normal) on',
    '                       both sides on --stage (default normal), --seeds each way: the win-rate matrix with CIs',
    '                       and the targets (each character 40–60 % overall, no pair beyond 30/70)',
    '  fit-reference REPLAY...  fits a reference player to recorded play (.twrp or .twrb; --side: whose) and',
    '                       writes it to --out, the fields it does not fit from --base (docs/reference-players.md)',
    '  worker               runs the jobs of --queue until stopped, one sandboxed processor per core (--concurrency)',
    '  merge PART...        the report of a run from the part files its --shard i/N runs wrote',
    'Seeds run on worker threads (one per core), or with --queue redis://HOST:PORT on every machine',
    'running `presets worker` on that queue; progress goes to stderr.',
  ].join('\n'),
  positional: [1, 257],
  commands: ['list', 'fields', 'eval', 'calibrate', 'ladder', 'bullets', 'adaptive', 'balance', 'fit-reference', 'worker', 'merge'],
  options: [
    {
      name: 'stage',
      kind: 'string',
      help: 'stage preset(s), names or .json, comma-separated, or "all" (eval, bullets; calibrate takes one); default normal, bullets all',
      commands: ['eval', 'calibrate', 'bullets', 'balance'],
    },
    {
      name: 'seeds',
      kind: 'int',
      help: 'seeds per measurement (eval default 20, ladder 60 a cell, calibrate: first measurement, 10, balance 40 each way a pair)',
      min: 1,
      max: 10000,
      commands: ['eval', 'calibrate', 'ladder', 'bullets', 'balance'],
    },
    {
      name: 'characters',
      kind: 'string',
      help: `balance: comma-separated characters (default the roster: ${ROSTER.join(',')})`,
      commands: ['balance'],
    },
    {
      name: 'opponents',
      kind: 'string',
      help: 'eval: comma-separated reference opponents (CPU presets)',
      default: `normal,${NOVICE_PRESET}`,
      commands: ['eval'],
    },
    {
      name: 'drill-seconds',
      kind: 'int',
      help: 'eval/calibrate: length of the practice drill',
      default: 60,
      min: 1,
      max: 3600,
      commands: ['eval', 'calibrate'],
    },
    {
      name: 'human',
      kind: 'string',
      help: "eval: comma-separated replay files; their human sides' metrics are printed beside",
      commands: ['eval'],
    },
    {
      name: 'param',
      kind: 'string',
      help: 'calibrate: the numeric field to calibrate (e.g. reactionFrames, slip, depth, cpu.clearBelow)',
      commands: ['calibrate'],
    },
    { name: 'target', kind: 'string', help: `calibrate: METRIC=VALUE, METRIC one of ${METRICS.join(', ')}`, commands: ['calibrate'] },
    {
      name: 'opponent',
      kind: 'string',
      help: 'calibrate: the opponent for win_rate and survival_s (default normal); bullets: the versus opponent (default easy)',
      commands: ['calibrate', 'bullets'],
    },
    { name: 'min', kind: 'number', help: "calibrate: lower end of the search (default: the field's minimum)", commands: ['calibrate'] },
    { name: 'max', kind: 'number', help: "calibrate: upper end of the search (default: the field's maximum)", commands: ['calibrate'] },
    {
      name: 'max-seeds',
      kind: 'int',
      help: 'calibrate: most seeds at one value',
      default: 80,
      min: 1,
      max: 10000,
      commands: ['calibrate'],
    },
    {
      name: 'out',
      kind: 'string',
      help:
        'calibrate: write the calibrated preset here (default PRESET-calibrated.json); fit-reference: the reference .json; ' +
        'eval, ladder, adaptive with --shard: the part file',
      commands: ['calibrate', 'fit-reference', 'eval', 'ladder', 'adaptive', 'balance'],
    },
    {
      name: 'players',
      kind: 'string',
      help:
        `ladder: comma-separated players: reference players (${REFERENCE_NAMES.join(', ')}, or human:FILE.json / ` +
        `FILE.json), CPU presets (e.g. ${NOVICE_PRESET}, or cpu:FILE.json); default ${REFERENCE_NAMES.join(',')}`,
      commands: ['ladder', 'adaptive'],
    },
    {
      name: 'reference',
      kind: 'string',
      help: `bullets: the CPU preset whose field is counted (default ${NOVICE_PRESET}); ladder: the same as --players`,
      commands: ['ladder', 'bullets'],
      excludes: ['players'],
    },
    { name: 'pairs', kind: 'string', help: 'ladder: comma-separated pairs to play (default: all four)', commands: ['ladder'] },
    {
      name: 'workers',
      kind: 'int',
      help: 'worker threads (default: one per core; 0 = this thread)',
      min: 0,
      max: 64,
      commands: ['eval', 'calibrate', 'ladder', 'adaptive', 'balance'],
      excludes: ['queue'],
    },
    {
      name: 'queue',
      kind: 'string',
      help: 'redis://HOST:PORT[/DB]: run the jobs on the BullMQ queue there (worker: take jobs from it)',
      commands: ['eval', 'calibrate', 'ladder', 'adaptive', 'balance', 'worker'],
    },
    {
      name: 'shard',
      kind: 'string',
      help: 'i/N: run only the i-th of N slices of the jobs and write them to --out (then `presets merge`)',
      commands: ['eval', 'ladder', 'adaptive', 'balance'],
      excludes: ['queue'],
    },
    {
      name: 'concurrency',
      kind: 'int',
      help: 'worker: sandboxed processors (child processes) at once (default: one per core)',
      min: 1,
      max: 256,
      commands: ['worker'],
    },
    {
      name: 'lock-seconds',
      kind: 'number',
      help: "worker: a job's lock; the jobs of a worker that died are taken up again after it",
      default: 30,
      min: 1,
      max: 3600,
      commands: ['worker'],
    },
    { name: 'runs', kind: 'int', help: 'adaptive: runs per player', default: 30, min: 1, max: 1000, commands: ['adaptive'] },
    { name: 'matches', kind: 'int', help: 'adaptive: matches per run', default: 8, min: 1, max: 100, commands: ['adaptive'] },
    {
      name: 'win-target',
      kind: 'number',
      help: "adaptive: the player's win rate it steers to (0.2–0.8)",
      default: 0.5,
      min: 0.2,
      max: 0.8,
      commands: ['adaptive'],
    },
    {
      name: 'start',
      kind: 'number',
      help: 'adaptive: strength of the first match (default: where Normal sits)',
      min: 0,
      max: 1,
      commands: ['adaptive'],
    },
    ...FIT_REFERENCE_OPTIONS,
  ],
} as const satisfies ToolSpec;

/** The parsed arguments, typed by the spec's options. */
type ParsedArgs = ParsedArgsOf<typeof spec.options>;

const pct = (i: Interval) => `${(100 * i.value).toFixed(0)} % [${(100 * i.lo).toFixed(0)}–${(100 * i.hi).toFixed(0)}]`;
const ci = (i: Interval | null, d = 2) => (i === null || i.n === 0 ? '—' : `${i.value.toFixed(d)} [${i.lo.toFixed(d)}–${i.hi.toFixed(d)}]`);
const num = (v: number | null, d = 2) => (v === null ? '—' : v.toFixed(d));

function seedsOpt(o: ParsedArgs['opts'], dflt: number): number {
  const n = o.seeds ?? dflt;
  if (n < 1 || n > 10000) throw new UsageError(`--seeds must be from 1 to 10000, got ${n}`);
  return n;
}

function workersOpt(o: ParsedArgs['opts']): number | undefined {
  const w = o.workers;
  if (w !== undefined && (w < 0 || w > 64)) throw new UsageError(`--workers must be from 0 to 64, got ${w}`);
  return w;
}

/** The run's timing: on stdout in text, on stderr with --json (the JSON report has no timing, so runs compare). */
function statsLine(json: boolean, out: ToolOutput, line: string): void {
  if (json) out.warn(line);
  else out.log(line);
}

function stagesOpt(arg: string): StagePreset[] {
  return arg === 'all' ? [...STAGE_PRESETS] : arg.split(',').map(loadStagePreset);
}

function hlLine(label: string, h: HumanLikeness): string {
  return (
    `  ${label.padEnd(22)} 1-frame/min ${num(h.one_frame_per_min, 1)}, dir changes/s ${num(h.dir_changes_per_s)}, moving ` +
    `${num(h.moving_fraction)}, mean clearance ${num(h.mean_clearance, 1)}, hits/min ${num(h.hits_per_min)}`
  );
}

async function cmdEval(args: ParsedArgs, json: boolean, out: ToolOutput, runner: JobRunner): Promise<object> {
  const o = args.opts;
  const presets = args.positional.slice(1).map(loadCpuPreset);
  if (presets.length === 0) throw new UsageError('eval needs at least one PRESET (a name or a .json file)');
  const seeds = seedsOpt(o, 20);
  const drillSeconds = o['drill-seconds'];
  if (drillSeconds < 0 || drillSeconds > 3600) throw new UsageError(`--drill-seconds must be from 0 to 3600, got ${drillSeconds}`);
  const stages = stagesOpt(o.stage ?? 'normal');
  const opponents = o.opponents === '' ? [] : o.opponents.split(',').map(loadCpuPreset);
  let human: HumanLikeness | null = null;
  if (o.human) {
    const logs = o.human.split(',').flatMap((f) => {
      const r = readPlayableReplayFile(f);
      const ls = replayLogs(r);
      return ls.filter((_, i) => r.sides[i]!.human);
    });
    if (logs.length === 0) throw new UsageError(`--human ${String(o.human)}: no human side in these replays`);
    human = pooledHumanLikeness(logs);
  }
  const jobs: EvalJob[] = presets.flatMap((p) => suiteJobs(p, { stages, opponents, seeds, drillSeconds }));
  const { results, stats } = await runner.run(jobs, 'eval');
  const summaries: PresetSummary[] = presets.map((p) => summarize(p.name, results));
  const perSeed = stats.jobs / stats.seconds / (jobs.length / seeds); // whole seeds (all of a seed's jobs) per second
  if (!json) {
    for (const s of summaries) {
      out.log(`${s.preset}`);
      for (const st of s.stages) {
        out.log(`  stage ${st.stage}: drill hits/min ${ci(st.drill_hits_per_min)}`);
        for (const v of st.versus)
          out.log(
            `    vs ${v.opponent.padEnd(10)} win ${pct(v.win_rate)}, survival ${ci(v.survival_s, 1)} s, hits/min ${ci(v.hits_per_min)}`,
          );
      }
      out.log(hlLine('human-likeness', s.human_likeness));
    }
    if (human) out.log(hlLine('human recordings', human));
  }
  statsLine(
    json,
    out,
    `${stats.jobs} runs (${seeds} seeds) on ${stats.workers} worker(s) in ${stats.seconds.toFixed(1)} s: ` +
      `${perSeed.toFixed(2)} seeds/s, ${stats.jobsPerSecond.toFixed(2)} runs/s`,
  );
  return {
    seeds,
    stages: stages.map((s) => s.name),
    opponents: opponents.map((p) => p.name),
    presets: summaries,
    human,
    runs: stats.jobs,
  };
}

function setField(p: DodgePreset, path: string, v: number): DodgePreset {
  const copy = structuredClone(p) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let o = copy;
  for (const k of keys.slice(0, -1)) o = o[k] as Record<string, unknown>;
  o[keys[keys.length - 1]!] = v;
  return copy as unknown as DodgePreset;
}

async function cmdCalibrate(args: ParsedArgs, json: boolean, out: ToolOutput, runner: JobRunner): Promise<object> {
  const o = args.opts;
  if (args.positional.length !== 2) throw new UsageError('calibrate needs exactly one PRESET');
  const preset = loadCpuPreset(args.positional[1]!);
  const param = o.param;
  if (!param) throw new UsageError('calibrate needs --param NAME');
  const field = CPU_PRESET_FIELDS.find((f) => f.path === param);
  const numeric = CPU_PRESET_FIELDS.filter((f) => f.kind === 'int' || f.kind === 'number').map((f) => f.path);
  if (!field || (field.kind !== 'int' && field.kind !== 'number'))
    throw new UsageError(`--param ${param}: not a numeric preset field (numeric fields: ${numeric.join(', ')})`);
  const m = /^([a-z_]+)=(-?[0-9.]+)$/.exec(o.target ?? '');
  if (!m) throw new UsageError(`--target must be METRIC=VALUE with METRIC one of ${METRICS.join(', ')}, got '${String(o.target ?? '')}'`);
  const metric = m[1] as Metric;
  if (!METRICS.includes(metric)) throw new UsageError(`--target: unknown metric '${m[1]}' (known: ${METRICS.join(', ')})`);
  const target = Number(m[2]);
  if (!Number.isFinite(target)) throw new UsageError(`--target: '${m[2]}' is not a number`);
  const stage = loadStagePreset(o.stage ?? 'normal');
  const opponent = loadCpuPreset(o.opponent ?? 'normal');
  const lo = o.min ?? field.min!;
  const hi = o.max ?? field.max!;
  if (lo < field.min! || hi > field.max! || !(hi > lo))
    throw new UsageError(`--min/--max: need ${field.min} ≤ min < max ≤ ${field.max} for ${param}, got ${lo}..${hi}`);
  const seeds = seedsOpt(o, 10);
  const maxSeeds = Math.max(seeds, o['max-seeds']);
  const drillSeconds = o['drill-seconds'];
  const step = field.kind === 'int' ? 1 : field.step!;
  const res = await calibrate({
    lo,
    hi,
    step,
    target,
    seeds,
    maxSeeds,
    // A win rate is a proportion: the Wilson interval keeps it inside 0..1 (a t interval of 0/1 samples does not).
    interval: metric === 'win_rate' ? proportionCI : undefined,
    measure: async (value, from, count) => {
      const cpu = setField(preset, param, value);
      const jobs: EvalJob[] = Array.from({ length: count }, (_, k) =>
        metric === 'hits_per_min'
          ? { kind: 'drill', seed: from + k, cpu, stage, seconds: drillSeconds }
          : { kind: 'versus', seed: from + k, cpu, opponent, stage },
      );
      const { results } = await runner.run(jobs, `${param}=${value}`);
      return results.map((r) => (metric === 'hits_per_min' ? (r.hits * 3600) / r.frames : metric === 'win_rate' ? r.won! : r.survival));
    },
    onMeasure: (x: Measurement) => {
      if (!json) out.log(`  ${param} = ${x.param}: ${metric} ${ci(x)} (${x.n} seeds)`);
    },
  });
  const e = res.estimate;
  const calibrated = setField(preset, param, res.value);
  const note =
    `Calibrated ${param} = ${res.value}: ${metric} ${e.value.toFixed(3)} (95 % CI ${e.lo.toFixed(3)}–${e.hi.toFixed(3)}, ${e.n} ` +
    `seeds; target ${target}${metric === 'hits_per_min' ? `, ${drillSeconds} s drill` : ` vs ${opponent.name}`} on ${stage.name}).`;
  calibrated.description = `${preset.description} ${note}`.trim().slice(-400);
  const file = o.out ?? `${preset.name}-calibrated.json`;
  writeFileSync(file, `${JSON.stringify(calibrated, null, 2)}\n`);
  if (!json) {
    if (!res.reachable) out.log(`target ${metric}=${target} is outside what ${param} ${lo}..${hi} reaches; the nearest end is kept`);
    out.log(note);
    out.log(`${res.seedsRun} runs; wrote ${file}`);
  }
  return {
    preset: preset.name,
    param,
    metric,
    target,
    value: res.value,
    estimate: e,
    reachable: res.reachable,
    direction: res.direction,
    trace: res.trace,
    runs: res.seedsRun,
    file,
  };
}

async function cmdBullets(args: ParsedArgs, json: boolean, out: ToolOutput): Promise<object> {
  const o = args.opts;
  if (args.positional.length > 1) throw new UsageError(`bullets takes no PRESET, got '${args.positional[1]}'`);
  const seeds = seedsOpt(o, 10);
  const stages = stagesOpt(o.stage ?? 'all');
  const player = loadCpuPreset(o.reference ?? NOVICE_PRESET);
  const opponent = loadCpuPreset(o.opponent ?? 'easy');
  const rows = [];
  for (const stage of stages) {
    for (const opp of [null, opponent]) {
      const cs = Array.from({ length: seeds }, (_, seed) => bulletCounts(stage, player, opp, seed));
      const mean = (f: (c: BulletCounts) => number) => cs.reduce((s, c) => s + f(c), 0) / cs.length;
      rows.push({
        stage: stage.name,
        mode: opp ? `versus ${opp.name}` : 'practice',
        level1_mean: mean((c) => c.level1Mean),
        level1_peak_mean: mean((c) => c.level1Peak),
        level1_peak_max: Math.max(...cs.map((c) => c.level1Peak)),
        level2_peak_mean: mean((c) => c.level2Peak),
      });
    }
  }
  if (!json) {
    out.log(
      `bullets in ${player.name}'s field, ${seeds} seeds: level-1 mean, mean of per-seed level-1 peaks, highest level-1 peak, ` +
        `mean level-2 peak`,
    );
    for (const r of rows)
      out.log(
        `  ${r.stage.padEnd(9)} ${r.mode.padEnd(16)} ${r.level1_mean.toFixed(1).padStart(6)} ` +
          `${r.level1_peak_mean.toFixed(1).padStart(6)} ${String(r.level1_peak_max).padStart(5)} ` +
          `${r.level2_peak_mean.toFixed(1).padStart(6)}`,
      );
  }
  return { player: player.name, seeds, rows };
}

/**
 * One `--players` entry: a reference player (built-in name, `human:NAME`, `human:FILE.json` or a bare
 * FILE.json) or a CPU preset (built-in name, `cpu:NAME`, `cpu:FILE.json`).
 */
function ladderPlayer(arg: string, option: string): LadderPlayer {
  const colon = arg.indexOf(':');
  const kind = colon >= 0 ? arg.slice(0, colon) : '';
  const rest = arg.slice(colon + 1);
  if (kind === 'human') return { kind: 'reference', reference: loadReferencePlayer(rest) };
  if (kind === 'cpu') return { kind: 'cpu', cpu: loadCpuPreset(rest) };
  if (isPresetFile(arg)) return { kind: 'reference', reference: loadReferencePlayer(arg) };
  if (REFERENCE_NAMES.includes(arg)) return { kind: 'reference', reference: loadReferencePlayer(arg) };
  if (DODGE_PRESETS.some((p) => p.name === arg)) return { kind: 'cpu', cpu: loadCpuPreset(arg) };
  throw new UsageError(
    `${option}: unknown player '${arg}' (reference players: ${REFERENCE_NAMES.join(', ')}; CPU presets: ` +
      `${DODGE_PRESETS.map((p) => p.name).join(', ')}; or human:FILE.json, cpu:FILE.json)`,
  );
}

async function cmdLadder(
  args: ParsedArgs,
  json: boolean,
  out: ToolOutput,
  runner: JobRunner,
): Promise<MatrixResult & { seeds: number; players: string[]; matches: number }> {
  const o = args.opts;
  if (args.positional.length > 1) throw new UsageError(`ladder takes no PRESET, got '${args.positional[1]}'`);
  const seeds = seedsOpt(o, 60);
  const list = o.players ?? o.reference ?? REFERENCE_NAMES.join(',');
  const option = o.players === undefined && o.reference !== undefined ? '--reference' : '--players';
  // A bad file's error names the file and the field (PresetError), an unknown name the option.
  const players = list.split(',').map((a) => ladderPlayer(a, option));
  const names = players.map(playerName);
  const twice = names.find((n, i) => names.indexOf(n) !== i);
  if (twice !== undefined) throw new UsageError(`${option}: two players named '${twice}' (each player once)`);
  const want = o.pairs === undefined ? DIFFICULTY_PAIRS.map((p) => p.name) : o.pairs.split(',');
  for (const w of want)
    if (!DIFFICULTY_PAIRS.some((p) => p.name === w))
      throw new UsageError(`--pairs: unknown pair '${w}' (known: ${DIFFICULTY_PAIRS.map((p) => p.name).join(', ')})`);
  const rungs: Rung[] = DIFFICULTY_PAIRS.filter((p) => want.includes(p.name)).map((p) => ({
    pair: p.name,
    label: p.label,
    ...resolvePair(p),
  }));
  const jobs = matrixJobs(players, rungs, seeds);
  const { results, stats } = await runner.run(jobs, 'ladder');
  const r = matrixResult(players, rungs, results);
  if (!json) out.log(...formatMatrix(r, rungs, seeds));
  statsLine(json, out, `${stats.jobs} match${stats.jobs === 1 ? '' : 'es'} on ${stats.workers} worker(s) in ${stats.seconds.toFixed(1)} s`);
  return { ...r, seeds, players: names, matches: stats.jobs };
}

async function cmdBalance(args: ParsedArgs, json: boolean, out: ToolOutput, runner: JobRunner): Promise<object> {
  const o = args.opts;
  if (args.positional.length > 2) throw new UsageError(`balance takes one PRESET, got ${args.positional.length - 1}`);
  const cpu = loadCpuPreset(args.positional[1] ?? 'normal');
  const stages = stagesOpt(o.stage ?? 'normal');
  if (stages.length !== 1) throw new UsageError('--stage: balance plays one stage preset');
  const stage = stages[0]!;
  const seeds = seedsOpt(o, 40);
  const characters = o.characters === undefined ? [...ROSTER] : o.characters.split(',');
  for (const c of characters)
    if (characterIndex(c) < 0)
      throw new UsageError(`--characters: unknown character '${c}' (known: ${CHARACTERS.map((x) => x.id).join(', ')})`);
  if (new Set(characters).size !== characters.length || characters.length < 2)
    throw new UsageError('--characters: at least two different characters, each once');
  const { results, stats } = await runner.run(balanceJobs(characters, cpu, stage, seeds), 'balance');
  const r = balanceResult(characters, results);
  if (!json) out.log(...formatBalance(r, seeds, cpu.name, stage.name));
  statsLine(json, out, `${stats.jobs} matches on ${stats.workers} worker(s) in ${stats.seconds.toFixed(1)} s`);
  return { cpu: cpu.name, stage: stage.name, seeds, matches: stats.jobs, ...r };
}

/** Adaptive difficulty should hold every player's win rate within ±15 points of the target (issue 22: 35–65 %)… */
const ADAPTIVE_BAND = 0.15;
/** …from this many matches on. */
const ADAPTIVE_WITHIN = 5;

async function cmdAdaptive(args: ParsedArgs, json: boolean, out: ToolOutput, runner: JobRunner): Promise<object> {
  const o = args.opts;
  const players = (o.players ?? REFERENCE_NAMES.join(',')).split(',').map((a) => ladderPlayer(a, '--players'));
  const start = o.start ?? ADAPTIVE_START;
  const target = o['win-target'];
  const jobs: AdaptiveJob[] = players.flatMap((player) =>
    Array.from({ length: o.runs }, (_, seed) => ({ kind: 'adaptive' as const, seed, player, start, target, matches: o.matches })),
  );
  const { results, stats } = await runner.run(jobs, 'adaptive');
  const band: [number, number] = [target - ADAPTIVE_BAND, target + ADAPTIVE_BAND];
  const curves = players.map((p) => {
    const name = playerName(p);
    return adaptiveCurve(
      name,
      results.filter((r) => r.player === name),
      band,
      ADAPTIVE_WITHIN,
    );
  });
  const settled = curves.every((c) => c.settledFrom !== null && c.settledFrom <= ADAPTIVE_WITHIN);
  if (!json) {
    out.log(
      `adaptive: ${o.runs} runs × ${o.matches} matches per player, start strength ${start.toFixed(2)}, ` +
        `target ${(100 * target).toFixed(0)} %; ` +
        `each cell: the player's win rate at that match [95 % CI] and the mean strength played`,
    );
    out.log(`player   │ ${Array.from({ length: o.matches }, (_, k) => `match ${k + 1}`.padEnd(19)).join('│ ')}`);
    for (const c of curves)
      out.log(`${c.player.padEnd(8)} │ ${c.points.map((p) => `${pct(p.win)} s ${p.strength.toFixed(2)}`.padEnd(19)).join('│ ')}`);
    for (const c of curves)
      out.log(
        `  ${c.player}: win rate within ${(100 * band[0]).toFixed(0)}–${(100 * band[1]).toFixed(0)} % from match ` +
          `${c.settledFrom === null ? '— (never)' : c.settledFrom + 1}; matches ${ADAPTIVE_WITHIN + 1}+ pooled ${pct(c.pooledFrom)}`,
      );
    out.log(`every player settled within ${ADAPTIVE_WITHIN} matches: ${settled ? 'yes' : 'NO'}`);
  }
  statsLine(
    json,
    out,
    `${stats.jobs} runs (${stats.jobs * o.matches} matches) on ${stats.workers} worker(s) in ${stats.seconds.toFixed(1)} s`,
  );
  return { start, target, band, curves, settled, runs: o.runs, matches: o.matches };
}

function cmdList(json: boolean, out: ToolOutput): object {
  const list = {
    cpu: DODGE_PRESETS.map((p) => ({ name: p.name, label: p.label, description: p.description })),
    stage: STAGE_PRESETS.map((p) => ({ name: p.name, label: p.label, description: p.description })),
    pairs: DIFFICULTY_PAIRS,
  };
  if (!json) {
    out.log('CPU presets:');
    for (const p of list.cpu) out.log(`  ${p.name.padEnd(11)} ${p.description}`);
    out.log('stage presets:');
    for (const p of list.stage) out.log(`  ${p.name.padEnd(11)} ${p.description}`);
    out.log(`difficulty pairs: ${DIFFICULTY_PAIRS.map((p) => `${p.label} (stage ${p.stage} + cpu ${p.cpu})`).join(', ')}`);
  }
  return list;
}

function cmdFields(json: boolean, out: ToolOutput): object {
  if (!json) {
    for (const [title, fields] of [
      ['CPU preset', CPU_PRESET_FIELDS],
      ['stage preset', STAGE_PRESET_FIELDS],
    ] as const) {
      out.log(`${title} fields:`);
      for (const f of fields) {
        const range =
          f.kind === 'enum'
            ? f.options!.join(' | ')
            : f.kind === 'boolean'
              ? 'true | false'
              : `${f.min}..${f.max} step ${f.step}${f.unit ? ` ${f.unit}` : ''}`;
        out.log(`  ${f.path.padEnd(18)} ${range.padEnd(28)} ${f.paper !== undefined ? `paper ${String(f.paper)}; ` : ''}${f.description}`);
      }
    }
  }
  return {
    cpu: CPU_PRESET_FIELDS,
    stage: STAGE_PRESET_FIELDS,
    difficulties: DIFFICULTY_PRESETS,
    builtin_cpu: DODGE_PRESETS.map((p) => p.name),
  };
}

/** The commands whose jobs go through a JobRunner (worker threads, the queue, a shard, a merge). */
const POOL_COMMANDS = ['eval', 'calibrate', 'ladder', 'adaptive', 'balance'] as const;
type PoolCommand = (typeof POOL_COMMANDS)[number];
const isPoolCommand = (c: string): c is PoolCommand => (POOL_COMMANDS as readonly string[]).includes(c);

/** Options that say where the jobs run, not what they are: left out of a part file's command line. */
const WHERE_OPTIONS = new Set(['json', 'help', 'shard', 'out', 'workers', 'queue']);

/** The command line of a run (what merge parses again), from its parsed arguments: the options given, not defaults. */
function runArgv(args: ParsedArgs): string[] {
  const argv = [...args.positional];
  for (const [name, value] of Object.entries(args.opts)) {
    if (WHERE_OPTIONS.has(name) || value === undefined || value === false) continue;
    const o = spec.options.find((x) => x.name === name);
    if (!o || ('default' in o && o.default === value)) continue;
    argv.push(`--${name}`, ...(value === true ? [] : [String(value)]));
  }
  return argv;
}

function runnerFor(args: ParsedArgs, out: ToolOutput): JobRunner {
  const o = args.opts;
  const warn = (l: string) => out.warn(l);
  if (o.queue !== undefined) return queueRunner(o.queue, warn);
  const local = localRunner(workersOpt(o), warn);
  if (o.shard === undefined) {
    if (o.out !== undefined && args.positional[0] !== 'calibrate') throw new UsageError('--out goes with --shard i/N here (the part file)');
    return local;
  }
  const shard = parseShard(o.shard);
  if (!shard) throw new UsageError(`--shard: '${o.shard}' is not i/N with 1 ≤ i ≤ N ≤ 10000`);
  if (o.out === undefined) throw new UsageError('--shard needs --out FILE (the part file to write)');
  return shardRunner(shard, o.out, runArgv(args), local);
}

async function runPoolCommand(cmd: PoolCommand, args: ParsedArgs, json: boolean, out: ToolOutput, runner: JobRunner): Promise<object> {
  try {
    if (cmd === 'eval') return await cmdEval(args, json, out, runner);
    if (cmd === 'calibrate') return await cmdCalibrate(args, json, out, runner);
    if (cmd === 'ladder') return await cmdLadder(args, json, out, runner);
    if (cmd === 'balance') return await cmdBalance(args, json, out, runner);
    return await cmdAdaptive(args, json, out, runner);
  } catch (e) {
    if (!(e instanceof ShardWritten)) throw e;
    if (!json) out.log(e.message);
    statsLine(json, out, `${e.summary.jobs} jobs in ${e.seconds.toFixed(1)} s`);
    return e.summary;
  } finally {
    await runner.close();
  }
}

async function cmdWorker(args: ParsedArgs, json: boolean, out: ToolOutput): Promise<object> {
  const o = args.opts;
  if (o.queue === undefined) throw new UsageError('worker needs --queue redis://HOST:PORT');
  const r = await runQueueWorker(o.queue, { concurrency: o.concurrency, lockSeconds: o['lock-seconds'], warn: (l) => out.warn(l) });
  if (!json) out.log(`${r.completed} job(s) done, ${r.failed} failed`);
  return r;
}

async function cmdMerge(args: ParsedArgs, json: boolean, out: ToolOutput): Promise<object> {
  const files = args.positional.slice(1);
  if (files.length === 0) throw new UsageError('merge needs the part files (PART...) that `--shard i/N --out PART` wrote');
  const parts = files.map((f) => ({ name: f, part: readPart(parseJsonText(readTextFileSync(f, 256 * 1024 * 1024), f), f) }));
  const results = mergeParts(parts);
  const argv = parts[0]!.part.argv;
  const run = parseArgs(spec, argv);
  const cmd = run.positional[0]!;
  if (!isPoolCommand(cmd) || cmd === 'calibrate') throw new UsageError(`${files[0]}: a part of '${cmd}', which has no shards`);
  return runPoolCommand(
    cmd,
    run,
    json,
    out,
    mergedRunner(
      results,
      parts.map((p) => p.part),
    ),
  );
}

export const main = defineTool(spec, async (args, json, out) => {
  const cmd = args.positional[0]!;
  if (cmd !== 'eval' && cmd !== 'calibrate' && cmd !== 'fit-reference' && cmd !== 'merge' && args.positional.length > 1)
    throw new UsageError(`${cmd} takes no more arguments, got '${args.positional[1]}'`);
  if (isPoolCommand(cmd)) return runPoolCommand(cmd, args, json, out, runnerFor(args, out));
  switch (cmd) {
    case 'list':
      return cmdList(json, out);
    case 'fields':
      return cmdFields(json, out);
    case 'fit-reference':
      return cmdFitReference(args, json, out);
    case 'worker':
      return cmdWorker(args, json, out);
    case 'merge':
      return cmdMerge(args, json, out);
    default: // 'bullets' (parseArgs refuses any other word)
      return cmdBullets(args, json, out);
  }
});

await runIfEntry(import.meta.url, main);
