// npm run -s metrics -- REPLAY... [--side p1|p2|both] [--from S] [--to S] [--json]
// Human-likeness metrics of recorded matches: each replay is re-simulated (as `replay verify` does)
// so positions, clearance and hits come from the real state; then per side and pooled per group
// (human vs CPU, and per controller), so people's play can be put next to the CPU's.
// Definitions: docs/metrics.md.
import { humanLikeness, PooledLikeness, replayLogs, type FrameRange, type HumanLikeness, type InputLog } from '../metrics/index';
import { ReplayError } from '../replay/errors';
import type { Replay, ReplayHeader } from '../replay/format';
import { decodePlayable } from '../replay/playable';
import { readReplayItems } from './replay-files';
import { FPS } from '../sim/constants';
import { progress, defineTool, runIfEntry, UsageError, type ToolSpec } from './common';

const spec = {
  name: 'metrics',
  usage: 'npm run -s metrics -- REPLAY... [--side p1|p2|both] [--from S] [--to S] [--json]',
  summary: [
    'Human-likeness metrics of recorded matches (docs/metrics.md). REPLAY: a .twrp file, or a .twrb bundle',
    '(the library\'s "export all"): each replay in it is measured. Each replay is re-simulated and, per side,',
    'prints who played it (human or CPU, controller, preset), minutes of play, 1-frame direction-key presses',
    'per minute, direction changes per second, the fraction of frames the ship really moved, mean and minimum',
    'clearance to the nearest bullet, hits per minute. With several files also pooled per group (human / CPU)',
    'and per controller. --json: {"replays":[{"file","sides":{"p1":{…}}}],"groups":{"human","cpu"},"controllers"}.',
  ].join('\n'),
  options: [
    { name: 'side', kind: 'string', help: 'p1 | p2 | both', default: 'both' },
    { name: 'from', kind: 'number', help: 'start of the window, seconds of match time', default: 0 },
    { name: 'to', kind: 'number', help: 'end of the window, seconds (default: the end of each replay)' },
  ],
  positional: [1, Number.POSITIVE_INFINITY],
} as const satisfies ToolSpec;

/** What the metrics JSON holds for a side: who played it, how long, and the metrics. */
interface SideOut {
  name: string;
  human: boolean;
  controller: string;
  /** The CPU preset's name from the stored preset values, or null. */
  preset: string | null;
  minutes: number;
  one_frame_per_min: number | null;
  dir_changes_per_s: number | null;
  moving_fraction: number | null;
  mean_clearance: number | null;
  min_clearance: number | null;
  hits_per_min: number | null;
}

interface GroupOut extends Omit<SideOut, 'name' | 'human' | 'controller' | 'preset'> {
  sides: number;
}

const r3 = (v: number | null): number | null => (v === null ? null : Math.round(v * 1000) / 1000);

function metricsOut(m: HumanLikeness): Omit<GroupOut, 'sides'> {
  return {
    minutes: r3(m.frames / FPS / 60)!,
    one_frame_per_min: r3(m.one_frame_per_min),
    dir_changes_per_s: r3(m.dir_changes_per_s),
    moving_fraction: r3(m.moving_fraction),
    mean_clearance: r3(m.mean_clearance),
    min_clearance: r3(m.min_clearance),
    hits_per_min: r3(m.hits_per_min),
  };
}

/**
 * A replay to measure: a .twrp file, or entry k (1-based) of a .twrb bundle exported from the
 * library. Only what the report needs is kept (not the inputs, nor the header's preset or extra
 * JSON): the replays are decoded again, one at a time, when they are measured.
 */
interface Source {
  file: string;
  entry: number | null;
  /** The library's name of a bundle entry. */
  title: string | null;
  frames: number;
  /** 2 in versus, 1 in practice. */
  sides: number;
  config: { mode: string; stages: string; difficulty: string; seed: number };
}

const where = (file: string, entry: number | null) => (entry === null ? file : `${file}, replay ${entry}`);

function source(file: string, entry: number | null, title: string | null, h: ReplayHeader): Source {
  const { mode, stages, difficulty, seed } = h.config;
  return { file, entry, title, frames: h.frames, sides: h.sides.length, config: { mode, stages, difficulty, seed } };
}

/**
 * The replays of a file, or of every replay of a bundle (Shift+E in the Replays scene), read with a
 * bounded reader and checked whole (every replay decoded, one at a time) before anything is
 * re-simulated.
 */
function scan(file: string): Source[] {
  const { bundle, items } = readReplayItems(file);
  if (items.length === 0) throw new UsageError(`${file}: the bundle holds no replays, so there is nothing to measure`);
  return items.map((it, k) => source(file, bundle ? k + 1 : null, it.name, decodePlayable(it.bytes, it.label)));
}

/**
 * The replays of one file again, decoded one at a time as the caller asks for them (the file's
 * bytes and one decoded replay are held). `expected` is what scan() found.
 */
function* replaysOf(file: string, expected: readonly Source[]): Generator<Replay> {
  const { bundle, items } = readReplayItems(file);
  const changed = (at: string) => new UsageError(`${at}: the file changed while it was being measured`);
  if (items.length !== expected.length || (expected[0]?.entry !== null) !== bundle) throw changed(file);
  for (let k = 0; k < items.length; k++) {
    const r = decodePlayable(items[k]!.bytes, items[k]!.label);
    if (r.frames !== expected[k]!.frames) throw changed(items[k]!.label);
    yield r;
  }
}

/** Most files one run measures (each may be a bundle). */
const MAX_FILES = 1000;
/** Most replays one run measures, files and bundle entries together: the report keeps a row for each. */
export const MAX_REPLAYS = 10_000;

function presetName(p: unknown): string | null {
  return typeof p === 'object' && p !== null && !Array.isArray(p) && typeof (p as { name?: unknown }).name === 'string'
    ? (p as { name: string }).name
    : null;
}

function sidesWanted(opt: string): number[] {
  if (opt === 'p1') return [0];
  if (opt === 'p2') return [1];
  if (opt === 'both') return [0, 1];
  throw new UsageError(`option --side: '${opt}' is not p1, p2 or both`);
}

function frameRange(from: number, to: number | undefined): FrameRange {
  if (from < 0) throw new UsageError(`option --from: must be ≥ 0, got ${from}`);
  if (to !== undefined && to <= from) throw new UsageError(`option --to: must be after --from (${from} s), got ${to}`);
  const r = { from: Math.round(from * FPS), to: to === undefined ? Number.POSITIVE_INFINITY : Math.round(to * FPS) };
  // Each end goes to the nearest frame boundary, so a window shorter than half a frame can hold none.
  if (to !== undefined && Number.isFinite(r.from) && r.to <= r.from)
    throw new UsageError(
      `nothing to measure: the window ${from}–${to} s (--from, --to) holds no frame (a frame is 1/${FPS} s; ` +
        'each end is rounded to the nearest frame)',
    );
  return r;
}

const clock = (frames: number) => {
  const s = frames / FPS;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;
};

const cell = (v: number | null, w: number, digits = 2) => (v === null ? '—' : v.toFixed(digits)).padStart(w);
const HEAD =
  `${'min'.padStart(6)} ${'1-frame/min'.padStart(11)} ${'dir-chg/s'.padStart(9)} ${'moving'.padStart(6)} ` +
  `${'mean-clr'.padStart(8)} ${'min-clr'.padStart(7)} ${'hits/min'.padStart(8)}`;
const row = (m: Omit<GroupOut, 'sides'>) =>
  `${cell(m.minutes, 6)} ${cell(m.one_frame_per_min, 11, 1)} ${cell(m.dir_changes_per_s, 9)} ${cell(m.moving_fraction, 6)} ` +
  `${cell(m.mean_clearance, 8, 1)} ${cell(m.min_clearance, 7, 1)} ${cell(m.hits_per_min, 8)}`;

function who(s: SideOut): string {
  if (s.human) return `human${s.name !== s.controller ? ` (${s.name})` : ''}`;
  return `CPU ${s.controller}`;
}

/** Fails, with the reason, when no side of any replay has frames in the window. */
function nothingToMeasure(replays: Source[], wanted: number[], range: FrameRange, fromSeconds: number, side: string): void {
  if (!replays.some((x) => wanted.some((i) => i < x.sides)))
    throw new UsageError(
      `nothing to measure: --side ${side}, but ${replays.length === 1 ? 'the replay has' : 'every replay has'} only side p1 (practice)`,
    );
  const longest = replays.reduce((m, x) => Math.max(m, x.frames), 0);
  if (range.from >= longest)
    throw new UsageError(
      `nothing to measure: the window starts at ${fromSeconds} s (--from), past the end of ` +
        `${replays.length === 1 ? 'the replay' : 'every replay'} (${(longest / FPS).toFixed(2)} ` +
        `s${replays.length === 1 ? '' : ' the longest'})`,
    );
}

export const main = defineTool(spec, ({ opts, positional }, json, io) => {
  const wanted = sidesWanted(String(opts.side));
  const range = frameRange(Number(opts.from), opts.to);
  if (positional.length > MAX_FILES) throw new UsageError(`${positional.length} files, the limit is ${MAX_FILES}`);
  // Check every file first (each replay decoded, then dropped): a bad one fails before any long
  // re-simulation.
  const files: { file: string; replays: Source[] }[] = [];
  let count = 0;
  for (const file of positional) {
    const replays = scan(file);
    files.push({ file, replays });
    count += replays.length;
    if (count > MAX_REPLAYS)
      throw new UsageError(`${file}: more than ${MAX_REPLAYS} replays in the files so far (${count}), the limit per run is ${MAX_REPLAYS}`);
  }
  const replays = files.flatMap((f) => f.replays);
  nothingToMeasure(replays, wanted, range, Number(opts.from), String(opts.side));
  const total = replays.reduce((n, x) => n + x.frames, 0);
  const showProgress = total >= 36000; // 10 minutes of play and more
  let before = 0;
  let shown = 0;
  const report = (done: number) => {
    shown = done;
    progress('metrics', done, total);
  };
  const out: { file: string; entry?: number; title?: string; frames: number; window: [number, number]; sides: Record<string, SideOut> }[] =
    [];
  // Pooled counts, not logs: each replay is decoded, re-simulated, measured and dropped in turn, so
  // memory holds one replay's logs (≈ 50 bytes per frame) whatever the number of replays.
  const groups = { human: new PooledLikeness(range), cpu: new PooledLikeness(range) };
  const byController = new Map<string, PooledLikeness>();
  for (const f of files) {
    let k = 0;
    for (const r of replaysOf(f.file, f.replays)) {
      const { file, entry, title } = f.replays[k++]!;
      let logs: InputLog[];
      try {
        logs = replayLogs(r, showProgress ? (fr) => report(before + fr) : undefined);
      } catch (e) {
        if (e instanceof ReplayError) throw new ReplayError(e.message, where(file, entry));
        throw e;
      }
      before += r.frames;
      const sides: Record<string, SideOut> = {};
      for (const i of wanted) {
        const meta = r.sides[i];
        if (!meta) continue; // practice replays have one side
        const log = logs[i]!;
        sides[`p${i + 1}`] = {
          name: meta.name,
          human: meta.human,
          controller: meta.controller,
          preset: presetName(meta.preset),
          ...metricsOut(humanLikeness(log, range)),
        };
        groups[meta.human ? 'human' : 'cpu'].add(log);
        const key = meta.human ? 'human' : meta.controller;
        if (!byController.has(key)) byController.set(key, new PooledLikeness(range));
        byController.get(key)!.add(log);
      }
      const w = { from: Math.min(range.from, r.frames), to: Math.min(range.to, r.frames) };
      out.push({ file, ...(entry === null ? {} : { entry, title: title! }), frames: r.frames, window: [w.from / FPS, w.to / FPS], sides });
    }
  }
  if (showProgress && shown < total) report(total);

  const pooled = (p: PooledLikeness): GroupOut | null => (p.count === 0 ? null : { sides: p.count, ...metricsOut(p.result()) });
  const groupsOut = { human: pooled(groups.human), cpu: pooled(groups.cpu) };
  const controllersOut = Object.fromEntries([...byController].map(([k, p]) => [k, pooled(p)]));

  if (!json) {
    for (const [k, x] of out.entries()) {
      const c = replays[k]!.config;
      const label = x.entry === undefined ? x.file : `${x.file} #${x.entry} "${x.title}"`;
      io.log(
        `${label}: ${c.mode}, ${c.stages} stages, ${c.difficulty}, seed ${c.seed}, ${clock(x.frames)} (window ` +
          `${clock(x.window[0] * FPS)}–${clock(x.window[1] * FPS)})`,
      );
      io.log(`  side  ${'player'.padEnd(24)} ${HEAD}`);
      for (const [name, s] of Object.entries(x.sides)) io.log(`  ${name.padEnd(5)} ${who(s).slice(0, 24).padEnd(24)} ${row(s)}`);
    }
    if (out.length > 1) {
      io.log(`pooled over ${out.length} replays (rates over the total time):`);
      io.log(`  ${'group'.padEnd(24)} sides ${HEAD}`);
      const line = (k: string, g: GroupOut | null) =>
        g && io.log(`  ${k.slice(0, 24).padEnd(24)} ${String(g.sides).padStart(5)} ${row(g)}`);
      line('human', groupsOut.human);
      line('CPU', groupsOut.cpu);
      for (const [k, g] of Object.entries(controllersOut)) if (k !== 'human') line(`  ${k}`, g);
    }
  }
  return { replays: out, groups: groupsOut, controllers: controllersOut };
});

await runIfEntry(import.meta.url, main);
