// The seeded bullet drills of eval:dodge and the per-preset summary it prints (a module of its own
// so tests can run a drill and check the summary without running the tool).
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { pooledHumanLikeness, SideRecorder, type HumanLikeness, type InputLog } from '../metrics/index';
import { FIELD_W } from '../sim/constants';
import { datan2, dcos, dsin, TAU } from '../geom/dmath';
import { createMatch, step } from '../sim/match';
import { matchStream, type Rng } from '../sim/rng';
import type { SideState } from '../sim/state';

type Add = (x: number, y: number, vx: number, vy: number, r: number) => void;
/**
 * Intensity k of a drill run: K_START at the first frame, rising linearly to K_END at the last.
 * 2 → 4 (it was 1 → 2.5): at the lower range the game presets were hit 0–5 times each, too few to
 * tell the difficulties apart.
 */
export const K_START = 2;
export const K_END = 4;

/** Emits a drill's bullets for frame f at intensity k (K_START at the start, rising to K_END). */
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

/** One drill run: the CPU's input log with positions, clearance per frame and hit frames. */
export function runDrill(preset: string | DodgePreset, drill: Drill, seed: number, frames: number): InputLog {
  const s = createMatch({ seed, mode: 'practice', infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER; // the drill is the only source of bullets
  const side = s.sides[0]!;
  const cpu = new CpuController(preset, { versus: false });
  const rng = matchStream(seed, `drill:${drill.name}`);
  const add: Add = (x, y, vx, vy, r) => void side.bullets.add(x, y, vx, vy, r, s.frame, 0, 0, -1);
  const rec = new SideRecorder(s, 0, frames);
  for (let f = 0; f < frames; f++) {
    drill.emit(f, K_START + ((K_END - K_START) * f) / frames, rng, side, add);
    const bits = cpu.decide(s, 0);
    step(s, bits, 0);
    rec.record(s, bits);
  }
  return rec.log;
}

/** One preset's row: the pooled metrics rounded to 2 decimals; null (no data) stays null, never 0. */
export type PresetRow = Omit<HumanLikeness, 'frames'>;

export function presetRow(logs: readonly InputLog[]): PresetRow {
  const m = pooledHumanLikeness(logs);
  return {
    one_frame_per_min: r2(m.one_frame_per_min),
    dir_changes_per_s: r2(m.dir_changes_per_s),
    hits_per_min: r2(m.hits_per_min),
    mean_clearance: r2(m.mean_clearance),
    min_clearance: r2(m.min_clearance),
    moving_fraction: r2(m.moving_fraction),
  };
}

/** Rounded to 2 decimals; null (no data) stays null. */
export function r2(v: number | null): number | null {
  return v === null ? null : Math.round(v * 100) / 100;
}

/** The text table of eval:dodge: 'n/a' where a metric has no data, and a line saying so. */
export function formatTable(rows: Record<string, PresetRow>): string[] {
  const cell = (v: number | null, w: number) => (v === null ? 'n/a' : String(v)).padStart(w);
  const lines = ['preset        1-frame/min  dir-chg/s  moving  mean-clr  min-clr  hits/min'];
  for (const [name, m] of Object.entries(rows)) {
    lines.push(
      `${name.padEnd(12)} ${cell(m.one_frame_per_min, 11)} ${cell(m.dir_changes_per_s, 10)} ${cell(m.moving_fraction, 7)} ${cell(m.mean_clearance, 9)} ${cell(m.min_clearance, 8)} ${cell(m.hits_per_min, 9)}`,
    );
  }
  lines.push('n/a: no data for that metric (e.g. clearance when no bullet was on screen); --json gives null.');
  return lines;
}
