// Headless simulation speed of a busy match as a multiple of real time, and heap growth over
// ten minutes of play (bullets and enemies come from fixed pools, so it should stay flat).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createController } from '../controllers/registry';
import { CHARGE_FRAMES_PER_LEVEL, cloneState, createMatch, FPS, GAUGE_PER_LEVEL, Input, step, type MatchState } from '../sim';
import { median, progress, runTool, type ToolSpec } from './common';

const spec: ToolSpec = {
  name: 'bench:sim',
  usage: 'npm run -s bench:sim -- [--runs N] [--frames F] [--json]',
  summary: 'Measures how many times faster than real time the sim runs a busy match (≥ 800 bullets across both fields), and heap growth over 10 minutes of headless play.',
  options: [
    { name: 'runs', kind: 'int', help: 'timed runs (the median is reported)', default: 7 },
    { name: 'frames', kind: 'int', help: 'frames per timed run (while the bosses fire)', default: 300 },
    { name: 'heap-minutes', kind: 'int', help: 'minutes of play for the heap check (0 skips it)', default: 10 },
  ],
};

/** Seeded button-mashers: they move, shoot and graze like players but rarely clear the screen. */
const BENCH_CONTROLLER = 'idle';

function busyMatch(): MatchState {
  return createMatch({ seed: 2024, difficulty: 'lunatic', infiniteLives: true, timeLimit: 0 });
}

/**
 * The busy scenario: two seeded random players play lunatic for three minutes (top level), then both
 * spend a level-3 and a level-2 attack, so each field has a boss and two spiral spirits on top
 * of its waves.
 * Returns the state once the bosses are firing.
 */
function busyScenario(): MatchState {
  const s = busyMatch();
  const cpu = [createController(BENCH_CONTROLLER), createController(BENCH_CONTROLLER)];
  while (s.frame < 3 * 60 * FPS) step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
  // Scenario setup: both can afford a level-3 attack, then a level-2 one, and spend them.
  for (const level of [3, 2]) {
    for (const side of s.sides) side.gauge = level * GAUGE_PER_LEVEL;
    for (let f = 0; f < 3 * CHARGE_FRAMES_PER_LEVEL + 4; f++) step(s, Input.CHARGE, Input.CHARGE);
    step(s, 0, 0);
  }
  while (s.sides.some((side) => side.incoming.length > 0)) step(s, 0, 0);
  // Let the bosses reach their post and fill the fields before timing starts.
  for (let f = 0; f < 150; f++) step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
  return s;
}

function bulletsOnScreen(s: MatchState): number {
  return s.sides.reduce((n, side) => n + side.bullets.count, 0);
}

function gc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

await runTool(spec, ({ opts }, json) => {
  const runs = opts.runs as number;
  const frames = opts.frames as number;
  // Time the same stretch of play from one snapshot each run, controllers included.
  const warm = busyScenario();
  const times: number[] = [];
  let bulletSum = 0;
  let bulletMin = Infinity;
  for (let r = 0; r < runs; r++) {
    const s = cloneState(warm);
    const cpu = [createController(BENCH_CONTROLLER), createController(BENCH_CONTROLLER)];
    const t0 = performance.now();
    for (let f = 0; f < frames; f++) step(s, cpu[0]!.decide(s, 0), cpu[1]!.decide(s, 1));
    times.push(performance.now() - t0);
    if (r === 0) {
      const check = cloneState(warm);
      const again = [createController(BENCH_CONTROLLER), createController(BENCH_CONTROLLER)];
      for (let f = 0; f < frames; f++) {
        step(check, again[0]!.decide(check, 0), again[1]!.decide(check, 1));
        const n = bulletsOnScreen(check);
        bulletSum += n;
        bulletMin = Math.min(bulletMin, n);
      }
    }
    progress('bench:sim', r + 1, runs);
  }
  const ms = median(times);
  const realtime = (frames / FPS) * 1000 / ms;
  const meanBullets = Math.round(bulletSum / frames);

  let heapGrowth: number | null = null;
  let heapStart: number | null = null;
  const minutes = opts['heap-minutes'] as number;
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
    bullets: meanBullets,
    bullets_min: bulletMin,
    median_ms_per_frame: Number((ms / frames).toFixed(4)),
    frames_per_run: frames,
    runs,
    heap_minutes: minutes,
    heap_growth_bytes: heapGrowth,
    heap_used_bytes: heapStart,
  };
  if (!json) {
    console.log(`busy match: ${meanBullets} bullets on screen on average (min ${bulletMin}) across both fields`);
    console.log(`sim speed: ${out.realtime_multiple}× real time (median of ${runs} runs of ${frames} frames, ${out.median_ms_per_frame} ms/frame)`);
    if (heapGrowth !== null) console.log(`heap growth over minutes 1–${minutes} of play: ${(heapGrowth / 1024).toFixed(1)} KiB (heap ${(heapStart! / 1048576).toFixed(1)} MiB)`);
  }
  return out;
});
