// npm run -s eval:dodge -- [--presets a,b] [--seeds N] [--frames N] [--json]
// Each dodge preset on a fixed seeded suite of bullet drills (real sim rules: practice match, no
// stage waves, the drill emits bullets into the field); prints the human-likeness metrics per preset.
import { CpuController } from '../ai/cpu-controller';
import { nearestClearance, pooledHumanLikeness, type HumanLikeness, type InputLog } from '../metrics/index';
import { DODGE_PRESETS, getDodgePreset } from '../presets/dodge';
import { FIELD_W, SHIP_HIT_RADIUS } from '../sim/constants';
import { datan2, dcos, dsin, TAU } from '../sim/dmath';
import { createMatch, step } from '../sim/match';
import { matchStream, type Rng } from '../sim/rng';
import type { SideState } from '../sim/state';
import { progress, runTool, UsageError } from './common';

type Add = (x: number, y: number, vx: number, vy: number, r: number) => void;
/** Emits a drill's bullets for frame f at intensity k (1 at the start, rising to 2.5 at the end). */
interface Drill {
  name: string;
  emit(f: number, k: number, rng: Rng, side: SideState, add: Add): void;
}

function aimed(add: Add, x: number, y: number, side: SideState, speed: number, r: number, offset = 0): void {
  const a = datan2(side.ship.y - y, side.ship.x - x) + offset;
  add(x, y, speed * dcos(a), speed * dsin(a), r);
}

function ring(add: Add, x: number, y: number, n: number, speed: number, r: number, phase: number): void {
  for (let j = 0; j < n; j++) {
    const a = phase + (TAU * j) / n;
    add(x, y, speed * dcos(a), speed * dsin(a), r);
  }
}

/** True on the frames a volley with base period `period` fires at intensity k (period shrinks as k rises). */
function every(f: number, k: number, period: number): boolean {
  return Math.floor((f * k) / period) !== Math.floor(((f - 1) * k) / period) || f === 0;
}

/** The suite: 11 drills, each a classic danmaku pattern, getting denser and faster over the run. */
export const DRILLS: Drill[] = [
  { name: 'aimed stream', emit: (f, k, _r, s, add) => every(f, k, 10) && aimed(add, 192, 40, s, 2.6 + 0.6 * k, 4) },
  { name: 'rings', emit: (f, k, r, _s, add) => every(f, k, 36) && ring(add, 192 + r.range(-90, 90), 100, Math.round(14 + 6 * k), 1.6 + 0.4 * k, 4, r.range(0, TAU)) },
  {
    name: 'spiral',
    emit: (f, k, _r, _s, add) => {
      if (!every(f, k, 4)) return;
      for (let j = 0; j < 3; j++) {
        const a = f * 0.053 + (TAU * j) / 3;
        add(192, 120, (1.8 + 0.4 * k) * dcos(a), (1.8 + 0.4 * k) * dsin(a), 3);
      }
    },
  },
  { name: 'rain', emit: (_f, k, r, _s, add) => r.next() < 0.25 * k && add(r.range(0, FIELD_W), -4, r.range(-0.3, 0.3), r.range(2, 3.5), 3) },
  {
    name: 'aimed fan',
    emit: (f, k, r, s, add) => {
      if (!every(f, k, 30)) return;
      const x = r.range(80, 304);
      for (let j = -3; j <= 3; j++) aimed(add, x, 30, s, 2.4 + 0.4 * k, 4, 0.18 * j);
    },
  },
  {
    name: 'crossfire',
    emit: (f, k, _r, s, add) => {
      if (!every(f, k, 14)) return;
      aimed(add, 20, 120, s, 2.6 + 0.4 * k, 4);
      aimed(add, FIELD_W - 20, 120, s, 2.6 + 0.4 * k, 4);
    },
  },
  {
    name: 'wall with gap',
    emit: (f, k, r, _s, add) => {
      if (!every(f, k, 45)) return;
      const gap = r.int(14);
      for (let j = 0; j < 17; j++) if (j < gap || j > gap + 2) add(12 + j * 24, -4, 0, 1.8 + 0.4 * k, 5);
    },
  },
  { name: 'snipers', emit: (f, k, r, s, add) => every(f, k, 22) && aimed(add, r.range(30, FIELD_W - 30), 20, s, 5 + k, 3) },
  { name: 'ring bursts', emit: (f, k, r, _s, add) => every(f, k, 40) && ring(add, r.range(60, 324), r.range(40, 160), Math.round(10 + 4 * k), 1.5 + 0.3 * k, 5, r.range(0, TAU)) },
  {
    name: 'sweeping stream',
    emit: (f, k, _r, s, add) => {
      if (!every(f, k, 5)) return;
      aimed(add, 192 + 150 * dsin(f * 0.02), 40, s, 3 + 0.5 * k, 4);
    },
  },
  {
    name: 'rain + aimed',
    emit: (f, k, r, s, add) => {
      if (r.next() < 0.15 * k) add(r.range(0, FIELD_W), -4, 0, r.range(2, 3), 3);
      if (every(f, k, 16)) aimed(add, 192, 30, s, 2.6 + 0.4 * k, 4);
    },
  },
];

/** One drill run: the CPU's input log, clearance per frame and hit frames. */
export function runDrill(presetName: string, drill: Drill, seed: number, frames: number): InputLog {
  const s = createMatch({ seed, mode: 'practice', infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER; // the drill is the only source of bullets
  const side = s.sides[0]!;
  const cpu = new CpuController(presetName, { versus: false });
  const rng = matchStream(seed, `drill:${drill.name}`);
  const add: Add = (x, y, vx, vy, r) => void side.bullets.add(x, y, vx, vy, r, s.frame, 0, 0, -1);
  const inputs = new Uint8Array(frames);
  const clearance = new Float64Array(frames);
  const hitFrames: number[] = [];
  for (let f = 0; f < frames; f++) {
    drill.emit(f, 1 + (1.5 * f) / frames, rng, side, add);
    const bits = cpu.decide(s, 0);
    inputs[f] = bits;
    step(s, bits, 0);
    for (const ev of s.events) if (ev.type === 'hit') hitFrames.push(f);
    const b = side.bullets;
    clearance[f] = nearestClearance(side.ship.x, side.ship.y, SHIP_HIT_RADIUS, b.x, b.y, b.r, b.count);
  }
  return { inputs, clearance, hitFrames };
}

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
    const out: Record<string, Omit<HumanLikeness, 'frames'>> = {};
    const total = names.length * DRILLS.length * seeds;
    let done = 0;
    for (const name of names) {
      const logs: InputLog[] = [];
      for (const drill of DRILLS) {
        for (let k = 0; k < seeds; k++) {
          logs.push(runDrill(name, drill, 1000 + k, frames));
          progress('eval:dodge', ++done, total);
        }
      }
      const m = pooledHumanLikeness(logs);
      out[name] = {
        one_frame_per_min: r2(m.one_frame_per_min),
        dir_changes_per_s: r2(m.dir_changes_per_s),
        hits_per_min: r2(m.hits_per_min ?? 0),
        mean_clearance: r2(m.mean_clearance ?? 0),
        min_clearance: r2(m.min_clearance ?? 0),
        moving_fraction: r2(m.moving_fraction),
      };
    }
    if (!json) {
      const minutes = (DRILLS.length * seeds * frames) / 3600;
      console.log(`${DRILLS.length} drills × ${seeds} seeds × ${frames} frames = ${minutes.toFixed(1)} min of play per preset`);
      console.log('preset        1-frame/min  dir-chg/s  moving  mean-clr  min-clr  hits/min');
      for (const name of names) {
        const m = out[name]!;
        console.log(
          `${name.padEnd(12)} ${String(m.one_frame_per_min).padStart(11)} ${String(m.dir_changes_per_s).padStart(10)} ${String(m.moving_fraction).padStart(7)} ${String(m.mean_clearance).padStart(9)} ${String(m.min_clearance).padStart(8)} ${String(m.hits_per_min).padStart(9)}`,
        );
      }
    }
    return { presets: out };
  },
);

function r2(v: number): number {
  return Math.round(v * 100) / 100;
}
