// Replay files from the command line: verify (re-simulate and compare checksums), info
// (metadata), bench (the figures in docs/replays.md).
import { createController } from '../controllers/registry';
import { RandomController } from '../controllers/random';
import { decodeReplay, encodeReplay, replayFromRunner, ReplayPlayer, verifyReplay, type Replay } from '../replay';
import { readReplayFile } from '../replay/node';
import { createMatch, Input, MatchRunner, MOVE_BITS, type Controller } from '../sim';
import { Rng } from '../sim/rng';
import { median, progress, runTool, UsageError, type ToolSpec } from './common';

const spec: ToolSpec = {
  name: 'replay',
  usage: 'npm run -s replay -- verify FILE [--json] | info FILE [--json] | bench [--runs N] [--json]',
  summary: [
    'verify FILE  re-simulates the replay headless and reports OK or the first frame whose checksum differs',
    '             (--json: {"ok", "frames", "first_bad_frame"}); exit 1 when it does not verify',
    'info FILE    prints the metadata (date, players, controllers, config, duration, result, size)',
    'bench        measures encoded size per minute, decode+verify speed and seek latency',
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
    v = verifyReplay(r, r.frames >= 36000 && !json ? (f, n) => progress('verify', f, n) : undefined);
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

/** Bytes held in typed arrays by a state (what one keyframe costs; the rest is small). */
function typedBytes(o: unknown, seen = new Set<unknown>()): number {
  if (typeof o !== 'object' || o === null || seen.has(o)) return 0;
  seen.add(o);
  if (ArrayBuffer.isView(o)) return o.byteLength;
  let n = 0;
  for (const v of Object.values(o)) n += typedBytes(v, seen);
  return n;
}

function recordBench(seed: number, p1: Controller, p2: Controller): { replay: Replay; bytes: Uint8Array } {
  // Infinite lives, so every match lasts the full 3 minutes whatever the inputs do.
  const s = createMatch({ seed, infiniteLives: true, timeLimit: BENCH_FRAMES });
  const runner = new MatchRunner(s, [p1, p2]);
  runner.runUntil(BENCH_FRAMES);
  const replay = replayFromRunner(runner, { date: '2000-01-01T00:00:00Z' });
  return { replay, bytes: encodeReplay(replay) };
}

async function bench(opts: Record<string, unknown>, json: boolean): Promise<object> {
  const runs = opts.runs as number;
  const nSeeks = opts.seeks as number;
  if (runs < 1) throw new UsageError(`--runs must be ≥ 1, got ${runs}`);
  if (nSeeks < 1) throw new UsageError(`--seeks must be ≥ 1, got ${nSeeks}`);
  const minutes = BENCH_FRAMES / 3600;
  const kinds: [string, () => [Controller, Controller]][] = [
    ['random', () => [new RandomController(1), new RandomController(2)]],
    ['human-like', () => [new HumanLikeController(1), new HumanLikeController(2)]],
    ['scripted', () => [createController('scripted'), createController('scripted')]],
    ['cpu:normal', () => [createController('cpu:normal'), createController('cpu:normal')]],
  ];
  const sizes: Record<string, { bytes: number; bytes_per_minute: number }> = {};
  const recorded: Record<string, { replay: Replay; bytes: Uint8Array }> = {};
  for (const [name, make] of kinds) {
    let rec;
    try {
      rec = recordBench(7, ...make());
    } catch (e) {
      if (name.startsWith('cpu:')) continue; // the CPU preset may be missing in a trimmed build
      throw e;
    }
    recorded[name] = rec;
    sizes[name] = { bytes: rec.bytes.length, bytes_per_minute: Math.round(rec.bytes.length / minutes) };
    if (!json) console.log(`size    ${name.padEnd(11)} ${rec.bytes.length} bytes for 3:00 (${(rec.bytes.length / minutes / 1024).toFixed(2)} KiB per minute)`);
  }

  // Decode + verify each 3-minute replay, median of `runs`.
  const realTimeMs = (BENCH_FRAMES / 60) * 1000;
  const verify: Record<string, { ms: number; x_realtime: number }> = {};
  let slowest = 'random';
  for (const [name, rec] of Object.entries(recorded)) {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const v = verifyReplay(decodeReplay(rec.bytes));
      times.push(performance.now() - t0);
      if (!v.ok) throw new Error(`bench replay ${name} did not verify`);
    }
    const ms = median(times);
    verify[name] = { ms: Math.round(ms * 10) / 10, x_realtime: Math.round(realTimeMs / ms) };
    if (ms > verify[slowest]!.ms) slowest = name;
    if (!json) console.log(`verify  ${name.padEnd(11)} decode + re-simulate 3:00 in ${ms.toFixed(0)} ms (median of ${runs}) = ${(realTimeMs / ms).toFixed(0)}× real time`);
  }

  // Seek latency: random targets in an indexed player vs replaying from frame 0.
  const rng = new Rng('replay-bench-seeks');
  const targets = Array.from({ length: nSeeks }, () => rng.int(BENCH_FRAMES + 1));
  // On the replay that is slowest to re-simulate (the busiest fields).
  const seekReplay = recorded[slowest]!.replay;
  const player = new ReplayPlayer(seekReplay);
  const ti = performance.now();
  player.index();
  const indexMs = performance.now() - ti;
  const seekMs: number[] = [];
  for (const t of targets) {
    const t0 = performance.now();
    player.seek(t);
    seekMs.push(performance.now() - t0);
    if (player.frame !== t) throw new Error(`seek to ${t} reached ${player.frame}`);
  }
  const fromZero: number[] = [];
  for (const t of targets.slice(0, Math.min(20, nSeeks))) {
    const p = new ReplayPlayer(seekReplay, { keyframeInterval: BENCH_FRAMES * 10 });
    const t0 = performance.now();
    p.seek(t);
    fromZero.push(performance.now() - t0);
  }
  const nKeyframes = Math.floor(BENCH_FRAMES / player.keyframeInterval) + 1;
  const keyframeBytes = typedBytes(player.state);
  const seekMedian = median(seekMs);
  const seekMax = Math.max(...seekMs);
  const zeroMedian = median(fromZero);
  if (!json) {
    console.log(`seek    (${slowest} replay) index 3:00 once in ${indexMs.toFixed(0)} ms: ${nKeyframes} keyframes every ${player.keyframeInterval} frames, ${(keyframeBytes / 1024).toFixed(0)} KiB each`);
    console.log(`seek    ${nSeeks} random seeks: median ${seekMedian.toFixed(2)} ms, max ${seekMax.toFixed(1)} ms; replay-from-zero median ${zeroMedian.toFixed(1)} ms (${(zeroMedian / seekMedian).toFixed(0)}× slower)`);
  }
  return {
    frames: BENCH_FRAMES,
    sizes,
    verify,
    seek_replay: slowest,
    index_ms: Math.round(indexMs),
    keyframe_interval: player.keyframeInterval,
    keyframes: nKeyframes,
    keyframe_bytes: keyframeBytes,
    seek_median_ms: Math.round(seekMedian * 100) / 100,
    seek_max_ms: Math.round(seekMax * 10) / 10,
    seek_from_zero_median_ms: Math.round(zeroMedian * 10) / 10,
    runs,
  };
}

await runTool(spec, async ({ opts, positional }, json) => {
  const [cmd, file] = positional as [string, string | undefined];
  if (cmd === 'bench') {
    if (file !== undefined) throw new UsageError(`bench takes no file, got '${file}'`);
    return bench(opts, json);
  }
  if (cmd !== 'verify' && cmd !== 'info') throw new UsageError(`unknown command '${cmd}' (verify, info or bench)`);
  if (file === undefined) throw new UsageError(`${cmd} needs a replay file (usage: ${spec.usage})`);
  return cmd === 'verify' ? verify(file, json) : info(file, json);
});
