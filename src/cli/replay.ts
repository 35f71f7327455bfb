// Replay files from the command line: verify (re-simulate and compare checksums), info
// (metadata), bench (the figures in docs/replays.md).
import { createController } from '../controllers/registry';
import { RandomController } from '../controllers/random';
import { encodeReplay, replayFromRunner, verifyReplay, type Replay } from '../replay';
import { benchReplayBytes, type BenchClocks, type ReplayBench } from '../replay/bench';
import { readReplayBytes, readReplayFile } from '../replay/node';
import { createMatch, Input, MatchRunner, MOVE_BITS, type Controller } from '../sim';
import { Rng } from '../sim/rng';
import { progress, runTool, UsageError, type ToolSpec } from './common';

const spec: ToolSpec = {
  name: 'replay',
  usage: 'npm run -s replay -- verify FILE [--json] | info FILE [--json] | bench [FILE] [--runs N] [--seeks N] [--json]',
  summary: [
    'verify FILE  re-simulates the replay headless and reports OK or the first frame whose checksum differs',
    '             (--json: {"ok", "frames", "first_bad_frame"}); exit 1 when it does not verify',
    'info FILE    prints the metadata (date, players, controllers, config, duration, result, size)',
    'bench [FILE] measures encoded size per minute, decode+verify speed (× real time) and seek latency',
    '             of FILE, or of the tool\'s own 3-minute matches (random, human-like, scripted, cpu:normal)',
  ].join('\n'),
  options: [
    { name: 'runs', kind: 'int', help: 'bench: timed runs per figure (the median is reported)', default: 5 },
    { name: 'seeks', kind: 'int', help: 'bench: random seeks to time', default: 200 },
  ],
  positional: [1, 2],
};

function winnerText(r: Replay): string {
  if (!r.result) return 'not finished';
  if (r.result.winner === null) return `draw (${r.result.reason})`;
  return `${r.sides[r.result.winner]!.name} (side ${r.result.winner + 1}) wins (${r.result.reason})`;
}

function seconds(frames: number): string {
  const s = frames / 60;
  return `${Math.floor(s / 60)}:${(s % 60).toFixed(2).padStart(5, '0')}`;
}

async function fileSize(path: string): Promise<number> {
  const { statSync } = await import('node:fs');
  return statSync(path).size;
}

async function verify(file: string, json: boolean): Promise<object> {
  const r = readReplayFile(file);
  const t0 = performance.now();
  let v;
  try {
    v = verifyReplay(r, { onProgress: r.frames >= 36000 && !json ? (f, n) => progress('verify', f, n) : undefined });
  } catch (e) {
    throw new UsageError(`${file}: ${(e as Error).message}`);
  }
  const ms = performance.now() - t0;
  if (!v.ok) process.exitCode = 1;
  if (!json) {
    if (v.ok) console.log(`${file}: OK — ${v.frames} frames (${seconds(v.frames)}) re-simulated in ${ms.toFixed(0)} ms, ${r.checksums.length} checksums and the final hash match`);
    else console.log(`${file}: DESYNC at frame ${v.firstBadFrame} — ${v.reason}${v.expected ? ` (recorded ${v.expected}, re-simulated ${v.actual})` : ''}`);
  }
  return { ok: v.ok, frames: v.frames, first_bad_frame: v.firstBadFrame, reason: v.reason, expected: v.expected, actual: v.actual, ms: Math.round(ms) };
}

async function info(file: string, json: boolean): Promise<object> {
  const r = readReplayFile(file);
  const bytes = await fileSize(file);
  const out = {
    file,
    bytes,
    sim_version: r.simVersion,
    game_version: r.gameVersion,
    date: r.date,
    seed: r.config.seed,
    config: r.config,
    frames: r.frames,
    seconds: r.frames / 60,
    result: r.result,
    final_hash: r.finalHash,
    checksums: r.checksums.length,
    sides: r.sides.map((s) => ({ name: s.name, human: s.human, controller: s.controller, preset: s.preset })),
    extra: r.extra,
  };
  if (!json) {
    const c = r.config;
    console.log(`${file}: Twinfield replay, ${bytes} bytes (sim ${r.simVersion}, game ${r.gameVersion})`);
    console.log(`  date      ${r.date}`);
    console.log(`  match     ${c.mode}, ${c.stages} stages, ${c.difficulty}, seed ${c.seed}, ${c.lives} lives${c.infiniteLives ? ' (infinite)' : ''}, time limit ${c.timeLimit ? seconds(c.timeLimit) : 'none'}`);
    r.sides.forEach((s, i) => console.log(`  side ${i + 1}    ${s.name} — ${s.human ? 'human' : 'CPU'}, controller ${s.controller}${s.preset !== null ? ', preset ' + JSON.stringify(s.preset).slice(0, 80) : ''}`));
    console.log(`  duration  ${r.frames} frames (${seconds(r.frames)})`);
    console.log(`  result    ${winnerText(r)}`);
    console.log(`  hash      ${r.finalHash} (final), ${r.checksums.length} checksums`);
    if (Object.keys(r.extra).length) console.log(`  extra     ${JSON.stringify(r.extra)}`);
  }
  return out;
}

/** A human-like stream: keys held for several frames, shot mostly held, focus in spells. */
class HumanLikeController implements Controller {
  readonly spec: string;
  readonly human = false;
  private rng: Rng;
  private move = 0;
  private moveLeft = 0;
  private shot = true;
  private shotLeft = 0;
  private focus = false;
  private focusLeft = 0;
  private charge = 0;

  constructor(seed: number) {
    this.spec = `human-like:${seed}`;
    this.rng = new Rng(`human-like:${seed}`);
  }

  decide(): number {
    const r = this.rng;
    if (--this.moveLeft <= 0) {
      // Mostly short taps and corrections (4–20 frames), sometimes long sweeps; a third standing.
      this.move = r.next() < 0.35 ? 0 : MOVE_BITS[1 + r.int(8)]!;
      this.moveLeft = r.next() < 0.8 ? 4 + r.int(17) : 20 + r.int(60);
    }
    if (--this.shotLeft <= 0) {
      this.shot = r.next() < 0.9;
      this.shotLeft = this.shot ? 60 + r.int(300) : 5 + r.int(30);
    }
    if (--this.focusLeft <= 0) {
      this.focus = r.next() < 0.3;
      this.focusLeft = 20 + r.int(120);
    }
    if (this.charge > 0) this.charge--;
    else if (r.next() < 0.002) this.charge = 30 + r.int(50);
    return this.move | (this.shot ? Input.SHOT : 0) | (this.focus ? Input.FOCUS : 0) | (this.charge > 0 ? Input.CHARGE : 0);
  }
}

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

function printBench(name: string, b: ReplayBench): void {
  const len = seconds(b.frames);
  console.log(`size    ${name.padEnd(11)} ${b.bytes} bytes for ${len} (${(b.bytes_per_minute / 1024).toFixed(2)} KiB per minute)`);
  console.log(`verify  ${name.padEnd(11)} decode + re-simulate ${len} in ${b.verify_ms} ms wall, ${b.verify_cpu_ms} ms CPU (median of ${b.runs}) = ${b.verify_x_realtime}× / ${b.verify_cpu_x_realtime}× real time`);
  if (b.seek_median_ms !== null) {
    console.log(`seek    ${name.padEnd(11)} index once in ${b.index_ms} ms (keyframes every ${b.keyframe_interval} frames); ${b.seeks} random seeks: median ${b.seek_median_ms} ms, max ${b.seek_max_ms} ms, at most ${b.seek_max_steps} frames re-simulated; replay-from-zero median ${b.seek_from_zero_median_ms} ms`);
  }
}

/** The figures of one replay file, or of the tool's own 3-minute matches when no file is given. */
async function bench(file: string | undefined, opts: Record<string, unknown>, json: boolean): Promise<object> {
  const runs = opts.runs as number;
  const nSeeks = opts.seeks as number;
  if (runs < 1) throw new UsageError(`--runs must be ≥ 1, got ${runs}`);
  if (nSeeks < 1) throw new UsageError(`--seeks must be ≥ 1, got ${nSeeks}`);
  if (file !== undefined) {
    const bytes = readReplayBytes(file);
    let b: ReplayBench;
    try {
      b = benchReplayBytes(bytes, NODE_CLOCKS, { runs, seeks: nSeeks });
    } catch (e) {
      throw new UsageError(`${file}: ${(e as Error).message}`);
    }
    if (!json) printBench(file, b);
    return { file, ...b };
  }
  const kinds: [string, () => [Controller, Controller]][] = [
    ['random', () => [new RandomController(1), new RandomController(2)]],
    ['human-like', () => [new HumanLikeController(1), new HumanLikeController(2)]],
    ['scripted', () => [createController('scripted'), createController('scripted')]],
    ['cpu:normal', () => [createController('cpu:normal'), createController('cpu:normal')]],
  ];
  const results: Record<string, ReplayBench> = {};
  kinds.forEach(([name, make], i) => {
    // Seeks on the CPU match only: its fields are the busiest, so its seeks are the slowest.
    const b = benchReplayBytes(recordBench(7, ...make()), NODE_CLOCKS, { runs, seeks: name === 'cpu:normal' ? nSeeks : 0 });
    results[name] = b;
    if (!json) printBench(name, b);
    else progress('bench', i + 1, kinds.length);
  });
  return { frames: BENCH_FRAMES, replays: results };
}

await runTool(spec, async ({ opts, positional }, json) => {
  const [cmd, file] = positional as [string, string | undefined];
  if (cmd === 'bench') return bench(file, opts, json);
  if (cmd !== 'verify' && cmd !== 'info') throw new UsageError(`unknown command '${cmd}' (verify, info or bench)`);
  if (file === undefined) throw new UsageError(`${cmd} needs a replay file (usage: ${spec.usage})`);
  return cmd === 'verify' ? verify(file, json) : info(file, json);
});
