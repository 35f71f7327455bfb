// Headless simulation speed of a busy match as a multiple of real time, and heap growth over
// ten minutes of play (bullets and enemies come from fixed pools, so it should stay flat).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { IdleController } from '../controllers/idle';
import { AttackKind, cloneState, createMatch, FPS, step, type Controller, type MatchState } from '../sim';
import { sendAttack } from '../sim/versus';
import { median, progress, defineTool, runIfEntry, type ToolSpec } from './common';

const spec = {
  name: 'bench:sim',
  usage: 'npm run -s bench:sim -- [--runs N] [--frames F] [--heap-minutes M] [--json]',
  summary:
    'Measures how many times faster than real time the sim runs a busy match (≥ 800 bullets across both fields on every timed ' +
    'frame), and heap growth over 10 minutes of headless play.',
  options: [
    { name: 'runs', kind: 'int', help: 'timed runs (the median is reported)', default: 7, min: 1, max: 1000 },
    { name: 'frames', kind: 'int', help: 'frames per timed run (while the bosses fire)', default: 300, min: 1, max: 864000 },
    { name: 'heap-minutes', kind: 'int', help: 'minutes of play for the heap check (0 skips it)', default: 10, min: 0, max: 240 },
  ],
} as const satisfies ToolSpec;

/**
 * Both ships are idle: they never kill or clear anything, so every wave and every sent attack fires
 * its whole pattern (the most bullets the rules produce). Controllers are still asked every frame,
 * as in a real match.
 */
function benchControllers(): Controller[] {
  return [new IdleController(), new IdleController()];
}

function busyMatch(): MatchState {
  return createMatch({ seed: 2024, difficulty: 'lunatic', infiniteLives: true, timeLimit: 0 });
}

/** Frames between the first attacks and the second level-2 attack. */
const SECOND_PATTERN_LEAD = 150;

/**
 * The busy scenario: two idle ships on lunatic for three minutes (the top level), then each side
 * sends what a level-3 and a level-2 charge attack send (a boss firing for 7 s, two spiral spirits)
 * and 2.5 s later a second level-2 attack, whose spirits arrive while the first pair leaves — so each
 * field holds its waves, a boss and spiral spirits for the whole timed stretch. The attacks go through
 * sendAttack rather than the charge key, whose release would also clear the sender's own bullets.
 * Returns the state when the second level-2 attack has been sent (the timed stretch starts there).
 */
function busyScenario(): MatchState {
  const s = busyMatch();
  const cpu = benchControllers();
  const play = (frames: number) => {
    for (let f = 0; f < frames; f++) step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
  };
  play(3 * 60 * FPS);
  for (const side of s.sides) {
    sendAttack(s, side, AttackKind.BOSS, 3);
    sendAttack(s, side, AttackKind.PATTERN, 2);
  }
  play(SECOND_PATTERN_LEAD);
  for (const side of s.sides) sendAttack(s, side, AttackKind.PATTERN, 2);
  return s;
}

function bulletsOnScreen(s: MatchState): number {
  return s.sides.reduce((n, side) => n + side.bullets.count, 0);
}

function gc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

export const main = defineTool(spec, ({ opts }, json, io) => {
  const runs = opts.runs;
  const frames = opts.frames;
  // Time the same stretch of play from one snapshot each run, controllers included.
  const warm = busyScenario();
  const times: number[] = [];
  // Also the process's CPU time: on a machine shared with other jobs it varies far less than wall time.
  const cpuTimes: number[] = [];
  for (let r = 0; r < runs; r++) {
    const s = cloneState(warm);
    const cpu = benchControllers();
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (let f = 0; f < frames; f++) step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
    times.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpuTimes.push((c.user + c.system) / 1000);
    progress('bench:sim', r + 1, runs);
  }
  // The bullets of that same stretch (deterministic, so counted once, outside the timing).
  let bulletSum = 0;
  let bulletMin = Infinity;
  {
    const s = cloneState(warm);
    const cpu = benchControllers();
    for (let f = 0; f < frames; f++) {
      step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
      const n = bulletsOnScreen(s);
      bulletSum += n;
      bulletMin = Math.min(bulletMin, n);
    }
  }
  const ms = median(times);
  const realtime = ((frames / FPS) * 1000) / ms;
  const cpuMs = median(cpuTimes);
  const meanBullets = Math.round(bulletSum / frames);

  let heapGrowth: number | null = null;
  let heapStart: number | null = null;
  const minutes = opts['heap-minutes'];
  if (minutes > 0) {
    const collect = gc();
    const s = busyMatch();
    const total = minutes * 60 * FPS;
    // Idle ships never kill anything, so every wave fires its whole pattern for ten minutes.
    for (let f = 0; f < 60 * FPS; f++) step(s, 0, 0); // first minute: pools reach their working size
    collect();
    heapStart = process.memoryUsage().heapUsed;
    for (let f = 60 * FPS; f < total; f++) {
      step(s, 0, 0);
      if (f % (60 * FPS) === 0) progress('heap check (minutes)', f / (60 * FPS), minutes);
    }
    collect();
    heapGrowth = process.memoryUsage().heapUsed - heapStart;
  }
  const out = {
    realtime_multiple: Number(realtime.toFixed(1)),
    /** Bullets on screen across both fields: the least on any frame of the timed stretch. */
    bullets: bulletMin,
    bullets_min: bulletMin,
    bullets_mean: meanBullets,
    median_ms_per_frame: Number((ms / frames).toFixed(4)),
    /** The same from CPU time (user + system) instead of wall time. */
    realtime_multiple_cpu: Number((((frames / FPS) * 1000) / cpuMs).toFixed(1)),
    frames_per_run: frames,
    runs,
    heap_minutes: minutes,
    heap_growth_bytes: heapGrowth,
    heap_used_bytes: heapStart,
  };
  if (!json) {
    io.log(`busy match: bullets on screen across both fields, min ${bulletMin}, mean ${meanBullets} over ${frames} frames`);
    io.log(
      `sim speed: ${out.realtime_multiple}× real time (median of ${runs} runs of ${frames} frames, ${out.median_ms_per_frame} ` +
        `ms/frame; by CPU time ${out.realtime_multiple_cpu}×)`,
    );
    if (heapGrowth !== null)
      io.log(
        `heap growth over minutes 1–${minutes} of play: ${(heapGrowth / 1024).toFixed(1)} KiB (heap ` +
          `${(heapStart! / 1048576).toFixed(1)} MiB)`,
      );
  }
  return out;
});

await runIfEntry(import.meta.url, main);
