// The figures of docs/replays.md for one replay file — encoded size per minute, decode + verify
// speed as a multiple of real time, keyframe indexing and seek latency against replaying from
// frame 0. Medians of several runs (the machine the figures come from is shared and noisy). The
// clocks are passed in (`src/replay` never reads one): src/cli/replay.ts gives Node's monotonic
// clock and the process's CPU time.
import { decodeReplay } from './format';
import { ReplayPlayer } from './player';
import { verifyReplay } from './verify';
import { Rng } from '../sim/rng';

export interface ReplayBench {
  frames: number;
  bytes: number;
  bytes_per_minute: number;
  runs: number;
  /** Decode + re-simulate + compare every checksum: median ms and × real time. */
  verify_ms: number;
  verify_x_realtime: number;
  verify_ms_all: number[];
  /**
   * The same in CPU time of this process (user + system, median): on a shared machine the wall
   * clock also counts the time other processes ran, CPU time much less so.
   */
  verify_cpu_ms: number;
  verify_cpu_x_realtime: number;
  keyframe_interval: number;
  /** Bytes one keyframe holds in typed arrays (the state's pools; the rest is small). */
  keyframe_bytes: number;
  seeks: number;
  /** The seek figures; null when asked for no seeks (`seeks: 0`). */
  index_ms: number | null;
  seek_median_ms: number | null;
  seek_max_ms: number | null;
  /** Most sim steps one seek re-simulated (< keyframe_interval). */
  seek_max_steps: number | null;
  seek_from_zero_median_ms: number | null;
}

/** Milliseconds: wall clock, and CPU time of this process (user + system). */
export interface BenchClocks {
  wall(): number;
  cpu(): number;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** Bytes held in typed arrays by an object graph. */
function typedBytes(o: unknown, seen = new Set<unknown>()): number {
  if (typeof o !== 'object' || o === null || seen.has(o)) return 0;
  seen.add(o);
  if (ArrayBuffer.isView(o)) return o.byteLength;
  let n = 0;
  for (const v of Object.values(o)) n += typedBytes(v, seen);
  return n;
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

/**
 * Measures one replay file's figures; throws ReplayError for a bad file, Error when it does not
 * verify. `seeks: 0` skips the keyframe index and seek figures.
 */
export function benchReplayBytes(bytes: Uint8Array, clocks: BenchClocks, o: { runs?: number; seeks?: number } = {}): ReplayBench {
  const now = () => clocks.wall();
  const runs = Math.max(1, o.runs ?? 5);
  const nSeeks = Math.max(0, o.seeks ?? 200);
  const first = decodeReplay(bytes);
  const frames = first.frames;
  const realMs = (frames / 60) * 1000;
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = now();
    const c0 = clocks.cpu();
    const v = verifyReplay(decodeReplay(bytes));
    cpu.push(clocks.cpu() - c0);
    times.push(now() - t0);
    if (!v.ok) throw new Error(`the replay does not verify: ${v.reason}`);
  }
  const verifyMs = median(times);
  const cpuMs = median(cpu);
  const base = {
    frames,
    bytes: bytes.length,
    bytes_per_minute: Math.round(bytes.length / (frames / 3600)),
    runs,
    verify_ms: round(verifyMs, 1),
    verify_x_realtime: Math.round(realMs / verifyMs),
    verify_ms_all: times.map((t) => round(t, 1)),
    verify_cpu_ms: round(cpuMs, 1),
    verify_cpu_x_realtime: Math.round(realMs / cpuMs),
    keyframe_interval: new ReplayPlayer(first).keyframeInterval,
    keyframe_bytes: typedBytes(new ReplayPlayer(first).state),
    seeks: nSeeks,
  };
  if (nSeeks === 0)
    return { ...base, index_ms: null, seek_median_ms: null, seek_max_ms: null, seek_max_steps: null, seek_from_zero_median_ms: null };
  // Seeks to seeded random frames in an indexed player (the playback scene's case) …
  const rng = new Rng('replay-bench-seeks');
  const targets = Array.from({ length: nSeeks }, () => rng.int(frames + 1));
  const indexMs: number[] = [];
  const seekMedians: number[] = [];
  const seekMaxes: number[] = [];
  let maxSteps = 0;
  for (let i = 0; i < runs; i++) {
    const player = new ReplayPlayer(first);
    const ti = now();
    player.index();
    indexMs.push(now() - ti);
    const ms: number[] = [];
    for (const t of targets) {
      const t0 = now();
      player.seek(t);
      ms.push(now() - t0);
      maxSteps = Math.max(maxSteps, player.lastSeekSteps);
    }
    seekMedians.push(median(ms));
    seekMaxes.push(Math.max(...ms));
  }
  // … against re-simulating from frame 0 for every seek.
  const fromZero: number[] = [];
  for (const t of targets.slice(0, Math.min(20, nSeeks))) {
    const p = new ReplayPlayer(first, { keyframeInterval: frames * 10 + 1 });
    const t0 = now();
    p.seek(t);
    fromZero.push(now() - t0);
  }
  return {
    ...base,
    index_ms: Math.round(median(indexMs)),
    seek_median_ms: round(median(seekMedians), 2),
    seek_max_ms: round(median(seekMaxes), 1),
    seek_max_steps: maxSteps,
    seek_from_zero_median_ms: round(median(fromZero), 1),
  };
}
