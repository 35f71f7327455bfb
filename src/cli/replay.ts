// Replay files from the command line: verify (re-simulate and compare checksums), info
// (metadata), bench (the figures in docs/replays.md).
import { createController } from '../controllers/registry';
import { HumanLikeController } from '../controllers/human-like';
import { RandomController } from '../controllers/random';
import { decodeOrForeign, decodePlayable, encodeReplay, replayFromRunner, replayInfo, verifyReplay, type Replay } from '../replay';
import { benchReplayBytes, type BenchClocks, type ReplayBench } from '../replay/bench';
import { clock } from '../replay/info';
import { readReplayBytes, readReplayItems, type ReplayItem } from './replay-files';
import { createMatch, MatchRunner, type Controller } from '../sim';
import { progress, defineTool, runIfEntry, UsageError, type ToolOutput, type ToolSpec } from './common';

const spec = {
  name: 'replay',
  usage: 'npm run -s replay -- verify FILE [--json] | info FILE [--json] | bench [FILE] [--runs N] [--seeks N] [--json]',
  summary: [
    'verify FILE  re-simulates the replay headless and reports OK or the first frame whose checksum differs',
    '             (--json: {"ok", "frames", "first_bad_frame"}); exit 1 when it does not verify',
    'info FILE    prints the metadata (date, players, controllers, config, duration, result, size);',
    '             a replay of another sim version shows what it can read and which version made it',
    'FILE may be a replay (.twrp) or a bundle (.twrb): verify and info then take each replay in it',
    'bench [FILE] measures encoded size per minute, decode+verify speed (× real time) and seek latency',
    "             of FILE, or of the tool's own 3-minute matches (random, human-like, scripted, cpu:normal)",
  ].join('\n'),
  options: [
    {
      name: 'runs',
      kind: 'int',
      help: 'bench only: timed runs per figure (the median is reported; default 5)',
      min: 1,
      max: 100,
      commands: ['bench'],
    },
    { name: 'seeks', kind: 'int', help: 'bench only: random seeks to time (default 200)', min: 1, max: 100000, commands: ['bench'] },
  ],
  positional: [1, 2],
  commands: ['verify', 'info', 'bench'],
} as const satisfies ToolSpec;

async function verify(file: string, json: boolean, out: ToolOutput): Promise<object> {
  const { bundle, items } = readReplayItems(file);
  if (items.length === 0) throw new UsageError(`${file}: the replay bundle holds no replays`);
  // Every entry is decoded and its version checked before any is re-simulated (a bundle with one
  // replay this build cannot play is refused at once, with nothing printed before the error); each
  // is dropped once checked and decoded again when its turn comes, so one decoded replay is held.
  for (const item of items) decodePlayable(item.bytes, item.label);
  const results = items.map((item) => verifyOne(item, decodePlayable(item.bytes, item.label), json, out));
  if (results.some((v) => !v.ok)) out.exitCode = 1;
  if (!bundle) return results[0]!;
  const bad = results.filter((v) => !v.ok).length;
  if (!json) out.log(`${file}: bundle of ${items.length} replays, ${items.length - bad} verify${bad ? `, ${bad} do not` : ''}`);
  return { ok: bad === 0, bundle: true, replays: results };
}

function verifyOne(item: ReplayItem, r: Replay, json: boolean, out: ToolOutput) {
  const t0 = performance.now();
  let v: ReturnType<typeof verifyReplay>;
  try {
    v = verifyReplay(r, { onProgress: r.frames >= 36000 && !json ? (f, n) => progress('verify', f, n) : undefined });
  } catch (e) {
    throw new UsageError(`${item.label}: ${(e as Error).message}`);
  }
  const ms = performance.now() - t0;
  if (!json) {
    if (v.ok)
      out.log(
        `${item.label}: OK — ${v.frames} frames (${clock(v.frames)}) re-simulated in ${ms.toFixed(0)} ms, ` +
          `${r.checksums.length} checksums and the final hash match`,
      );
    else
      out.log(
        `${item.label}: DESYNC at frame ${v.firstBadFrame} — ` +
          `${v.reason}${v.expected ? ` (recorded ${v.expected}, re-simulated ${v.actual})` : ''}`,
      );
  }
  return {
    ok: v.ok,
    frames: v.frames,
    first_bad_frame: v.firstBadFrame,
    reason: v.reason,
    expected: v.expected,
    actual: v.actual,
    ms: Math.round(ms),
  };
}

async function info(file: string, json: boolean, out: ToolOutput): Promise<object> {
  const { bundle, items } = readReplayItems(file);
  if (items.length === 0) throw new UsageError(`${file}: the replay bundle holds no replays`);
  // Every entry is read before anything is printed (a bad one is one error line); only its short
  // summary is kept.
  const infos = items.map((item) => replayInfo(decodeOrForeign(item.bytes, item.label)));
  if (bundle && !json) out.log(`${file}: Twinfield replay bundle of ${items.length} replays`);
  const results = items.map((item, i) => {
    const inf = infos[i]!;
    if (!json) {
      out.log(`${item.label}: Twinfield replay, ${item.bytes.length} bytes (sim ${inf.simVersion}, game ${inf.gameVersion})`);
      for (const line of inf.lines) out.log(`  ${line}`);
    }
    return { ...(bundle ? { entry: item.label } : { file }), bytes: item.bytes.length, ...inf.json };
  });
  return bundle ? { file, bundle: true, replays: results } : results[0]!;
}

/** A human-like synthetic stream for the benchmark (recorded as a synthetic controller, not a person). */
const humanLike = (seed: number) =>
  new HumanLikeController({ stream: `human-like:${seed}`, spec: `human-like:${seed}`, human: false, chargeChance: 0.002 });

const BENCH_FRAMES = 10800;

function recordBench(seed: number, p1: Controller, p2: Controller): Uint8Array {
  // Infinite lives, so every match lasts the full 3 minutes whatever the inputs do.
  const s = createMatch({ seed, infiniteLives: true, timeLimit: BENCH_FRAMES });
  const runner = new MatchRunner(s, [p1, p2]);
  runner.runUntil(BENCH_FRAMES);
  return encodeReplay(replayFromRunner(runner, { date: '2000-01-01T00:00:00Z' }));
}

const NODE_CLOCKS: BenchClocks = {
  wall: () => performance.now(),
  cpu: () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  },
};

function printBench(io: ToolOutput, name: string, b: ReplayBench): void {
  const len = clock(b.frames);
  io.log(`size    ${name.padEnd(11)} ${b.bytes} bytes for ${len} (${(b.bytes_per_minute / 1024).toFixed(2)} KiB per minute)`);
  io.log(
    `verify  ${name.padEnd(11)} decode + re-simulate ${len} in ${b.verify_ms} ms wall, ${b.verify_cpu_ms} ms CPU (median of ` +
      `${b.runs}) = ${b.verify_x_realtime}× / ${b.verify_cpu_x_realtime}× real time`,
  );
  if (b.seek_median_ms !== null) {
    io.log(
      `seek    ${name.padEnd(11)} index once in ${b.index_ms} ms (keyframes every ${b.keyframe_interval} frames); ${b.seeks} ` +
        `random seeks: median ${b.seek_median_ms} ms, max ${b.seek_max_ms} ms, at most ${b.seek_max_steps} frames re-simulated; ` +
        `replay-from-zero median ${b.seek_from_zero_median_ms} ms`,
    );
  }
}

/** The figures of one replay file, or of the tool's own 3-minute matches when no file is given. */
async function bench(file: string | undefined, runs: number, nSeeks: number, json: boolean, io: ToolOutput): Promise<object> {
  if (runs < 1 || runs > 100) throw new UsageError(`--runs must be in 1..100, got ${runs}`);
  if (nSeeks < 1 || nSeeks > 100_000) throw new UsageError(`--seeks must be in 1..100000, got ${nSeeks}`);
  if (file !== undefined) {
    const bytes = readReplayBytes(file);
    let b: ReplayBench;
    try {
      b = benchReplayBytes(bytes, NODE_CLOCKS, { runs, seeks: nSeeks });
    } catch (e) {
      throw new UsageError(`${file}: ${(e as Error).message}`);
    }
    if (!json) printBench(io, file, b);
    return { file, ...b };
  }
  const kinds: [string, () => [Controller, Controller]][] = [
    ['random', () => [new RandomController(1), new RandomController(2)]],
    ['human-like', () => [humanLike(1), humanLike(2)]],
    ['scripted', () => [createController('scripted'), createController('scripted')]],
    ['cpu:normal', () => [createController('cpu:normal'), createController('cpu:normal')]],
  ];
  const results: Record<string, ReplayBench> = {};
  kinds.forEach(([name, make], i) => {
    // Seeks on the CPU match only: its fields are the busiest, so its seeks are the slowest.
    const b = benchReplayBytes(recordBench(7, ...make()), NODE_CLOCKS, { runs, seeks: name === 'cpu:normal' ? nSeeks : 0 });
    results[name] = b;
    if (!json) printBench(io, name, b);
    else progress('bench', i + 1, kinds.length);
  });
  return { frames: BENCH_FRAMES, replays: results };
}

export const main = defineTool(spec, async ({ opts, positional }, json, io) => {
  const cmd = positional[0]!;
  const file = positional[1];
  if (cmd === 'bench') return bench(file, opts.runs ?? 5, opts.seeks ?? 200, json, io);
  if (file === undefined) throw new UsageError(`${cmd} needs a replay file (usage: ${spec.usage})`);
  return cmd === 'verify' ? verify(file, json, io) : info(file, json, io);
});

await runIfEntry(import.meta.url, main);
