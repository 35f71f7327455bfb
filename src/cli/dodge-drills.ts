// The seeded bullet drills of eval:dodge and the per-preset summary it prints (a module of its own
// so tests can run a drill and check the summary without running the tool).
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { pooledHumanLikeness, SideRecorder, type HumanLikeness, type InputLog } from '../metrics/index';
import { FIELD_W } from '../sim/constants';
import { datan2, dcos, dsin, TAU } from '../geom/dmath';
import { createMatch, step } from '../sim/match';
import { drillFrames } from '../sim/drill';
import { spawnEnemy } from '../sim/enemies';
import { EnemyKind, type Enemy } from '../sim/enemy-pool';
import { Path } from '../sim/paths';
import { Pattern } from '../sim/patterns';
import { matchStream, type Rng } from '../sim/rng';
import type { MatchState, SideState } from '../sim/state';

type Add = (x: number, y: number, vx: number, vy: number, r: number) => void;
/**
 * Intensity k of a drill run: K_START at the first frame, rising linearly to K_END at the last.
 * 2 → 4 (it was 1 → 2.5): at the lower range the game presets were hit 0–5 times each, too few to
 * tell the difficulties apart.
 */
export const K_START = 2;
export const K_END = 4;

/**
 * A drill: emitters (enemies on screen) and the bullets they fire. `place` gives emitter i's position
 * at frame f (the enemy flies in from above the field and then follows it); `emit` fires frame f's
 * bullets at intensity k (K_START at the start, rising to K_END) from the emitters' current positions.
 */
export interface Drill {
  name: string;
  /** Emitters' positions at frame f, in order (empty for the stress drills: bullets appear mid-field). */
  place(f: number): readonly (readonly [number, number])[];
  emit(f: number, k: number, rng: Rng, side: SideState, src: readonly Vec[], add: Add): void;
}
type Vec = { x: number; y: number };

/**
 * The first frame any drill fires. Emitters fly in from y = −20 at 6 units per frame (at most 30
 * frames to any place used), so each is on screen ≥ 60 frames before its first volley: longer than
 * every preset's reaction delay (≤ 50 frames), and its bullets start at the enemy, as in the game and
 * in the paper's clips, never out of nothing.
 */
export const FIRE_FROM = 90;

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

const fixed =
  (...ps: [number, number][]) =>
  (): readonly (readonly [number, number])[] =>
    ps;
/** Four emitters along the top, swaying (rain, curtains). */
const topRow = (f: number): [number, number][] => [0, 1, 2, 3].map((i) => [48 + 96 * i + 36 * dsin(f * 0.02 + i), 24]);

/**
 * The suite: 11 classic danmaku patterns, each fired by enemies on screen, getting denser and faster
 * over the run. Positions that the stress version drew at random per volley are now enemies that
 * move (a swaying fan gunner, a wandering ring caster) or several enemies one of which fires.
 */
export const DRILLS: Drill[] = [
  {
    name: 'aimed stream',
    place: fixed([192, 40]),
    emit: (f, k, _r, s, e, add) => every(f, k, 10) && aimed(add, e[0]!.x, e[0]!.y, s, 2.6 + 0.6 * k, 4),
  },
  {
    name: 'rings',
    place: (f) => [[192 + 90 * dsin(f * 0.011), 100]],
    emit: (f, k, r, _s, e, add) =>
      every(f, k, 36) && ring(add, e[0]!.x, e[0]!.y, Math.round(14 + 6 * k), 1.6 + 0.4 * k, 4, r.range(0, TAU)),
  },
  {
    name: 'spiral',
    place: fixed([192, 120]),
    emit: (f, k, _r, _s, e, add) => {
      if (!every(f, k, 4)) return;
      for (let j = 0; j < 3; j++) {
        const a = f * 0.053 + (TAU * j) / 3;
        add(e[0]!.x, e[0]!.y, (1.8 + 0.4 * k) * dcos(a), (1.8 + 0.4 * k) * dsin(a), 3);
      }
    },
  },
  {
    name: 'rain',
    place: topRow,
    emit: (_f, k, r, _s, e, add) => {
      if (!(r.next() < 0.25 * k)) return;
      const src = e[r.int(e.length)]!;
      add(src.x, src.y, r.range(-0.6, 0.6), r.range(2, 3.5), 3);
    },
  },
  {
    name: 'aimed fan',
    place: (f) => [[192 + 112 * dsin(f * 0.013), 30]],
    emit: (f, k, _r, s, e, add) => {
      if (!every(f, k, 30)) return;
      for (let j = -3; j <= 3; j++) aimed(add, e[0]!.x, e[0]!.y, s, 2.4 + 0.4 * k, 4, 0.18 * j);
    },
  },
  {
    name: 'crossfire',
    place: fixed([20, 120], [FIELD_W - 20, 120]),
    emit: (f, k, _r, s, e, add) => {
      if (!every(f, k, 14)) return;
      aimed(add, e[0]!.x, e[0]!.y, s, 2.6 + 0.4 * k, 4);
      aimed(add, e[1]!.x, e[1]!.y, s, 2.6 + 0.4 * k, 4);
    },
  },
  {
    name: 'curtain with gap',
    place: topRow,
    emit: (f, k, r, _s, e, add) => {
      if (!every(f, k, 45)) return;
      // Each of the 4 emitters fires a downward fan of 5; one fan leaves out its middle 3 (the gap).
      const gap = r.int(e.length);
      e.forEach((src, i) => {
        for (let j = -2; j <= 2; j++) {
          if (i === gap && j >= -1 && j <= 1) continue;
          const a = TAU / 4 + 0.16 * j;
          add(src.x, src.y, (1.8 + 0.4 * k) * dcos(a), (1.8 + 0.4 * k) * dsin(a), 5);
        }
      });
    },
  },
  {
    name: 'snipers',
    place: fixed([60, 20], [192, 20], [324, 20]),
    emit: (f, k, r, s, e, add) => {
      if (!every(f, k, 22)) return;
      const src = e[r.int(e.length)]!;
      aimed(add, src.x, src.y, s, 5 + k, 3);
    },
  },
  {
    name: 'ring bursts',
    place: (f) => [0, 1].map((i) => [192 + 130 * dsin(f * 0.009 + 3.14159 * i), 100 + 60 * dsin(f * 0.014 + i)] as [number, number]),
    emit: (f, k, r, _s, e, add) => {
      if (!every(f, k, 40)) return;
      const src = e[Math.floor((f * k) / 40) % 2]!;
      ring(add, src.x, src.y, Math.round(10 + 4 * k), 1.5 + 0.3 * k, 5, r.range(0, TAU));
    },
  },
  {
    name: 'sweeping stream',
    place: (f) => [[192 + 150 * dsin(f * 0.02), 40]],
    emit: (f, k, _r, s, e, add) => every(f, k, 5) && aimed(add, e[0]!.x, e[0]!.y, s, 3 + 0.5 * k, 4),
  },
  {
    name: 'rain + aimed',
    place: (f) => [[192, 30], ...topRow(f)],
    emit: (f, k, r, s, e, add) => {
      if (r.next() < 0.15 * k) {
        const src = e[1 + r.int(e.length - 1)]!;
        add(src.x, src.y, r.range(-0.4, 0.4), r.range(2, 3), 3);
      }
      if (every(f, k, 16)) aimed(add, e[0]!.x, e[0]!.y, s, 2.6 + 0.4 * k, 4);
    },
  },
];

/**
 * Stress test only (the drills before issue 15): the same patterns, but bullets appear mid-field or
 * at the top edge with no enemy anywhere. A player blind to objects younger than its reaction delay
 * meets them late, so most of the paper players' hits here are an artefact of the drill.
 */
type StressEmit = (f: number, k: number, rng: Rng, side: SideState, add: Add) => void;
const stress = (name: string, emit: StressEmit): Drill => ({
  name: `${name} (mid-field)`,
  place: () => [],
  emit: (f, k, r, s, _e, add) => emit(f, k, r, s, add),
});
export const STRESS_DRILLS: Drill[] = [
  stress('aimed stream', (f, k, _r, s, add) => every(f, k, 10) && aimed(add, 192, 40, s, 2.6 + 0.6 * k, 4)),
  stress(
    'rings',
    (f, k, r, _s, add) =>
      every(f, k, 36) && ring(add, 192 + r.range(-90, 90), 100, Math.round(14 + 6 * k), 1.6 + 0.4 * k, 4, r.range(0, TAU)),
  ),
  stress('spiral', (f, k, _r, _s, add) => {
    if (!every(f, k, 4)) return;
    for (let j = 0; j < 3; j++) {
      const a = f * 0.053 + (TAU * j) / 3;
      add(192, 120, (1.8 + 0.4 * k) * dcos(a), (1.8 + 0.4 * k) * dsin(a), 3);
    }
  }),
  stress('rain', (_f, k, r, _s, add) => r.next() < 0.25 * k && add(r.range(0, FIELD_W), -4, r.range(-0.3, 0.3), r.range(2, 3.5), 3)),
  stress('aimed fan', (f, k, r, s, add) => {
    if (!every(f, k, 30)) return;
    const x = r.range(80, 304);
    for (let j = -3; j <= 3; j++) aimed(add, x, 30, s, 2.4 + 0.4 * k, 4, 0.18 * j);
  }),
  stress('crossfire', (f, k, _r, s, add) => {
    if (!every(f, k, 14)) return;
    aimed(add, 20, 120, s, 2.6 + 0.4 * k, 4);
    aimed(add, FIELD_W - 20, 120, s, 2.6 + 0.4 * k, 4);
  }),
  stress('wall with gap', (f, k, r, _s, add) => {
    if (!every(f, k, 45)) return;
    const gap = r.int(14);
    for (let j = 0; j < 17; j++) if (j < gap || j > gap + 2) add(12 + j * 24, -4, 0, 1.8 + 0.4 * k, 5);
  }),
  stress('snipers', (f, k, r, s, add) => every(f, k, 22) && aimed(add, r.range(30, FIELD_W - 30), 20, s, 5 + k, 3)),
  stress(
    'ring bursts',
    (f, k, r, _s, add) =>
      every(f, k, 40) && ring(add, r.range(60, 324), r.range(40, 160), Math.round(10 + 4 * k), 1.5 + 0.3 * k, 5, r.range(0, TAU)),
  ),
  stress('sweeping stream', (f, k, _r, s, add) => {
    if (!every(f, k, 5)) return;
    aimed(add, 192 + 150 * dsin(f * 0.02), 40, s, 3 + 0.5 * k, 4);
  }),
  stress('rain + aimed', (f, k, r, s, add) => {
    if (r.next() < 0.15 * k) add(r.range(0, FIELD_W), -4, 0, r.range(2, 3), 3);
    if (every(f, k, 16)) aimed(add, 192, 30, s, 2.6 + 0.4 * k, 4);
  }),
];

/**
 * Sees the sim state of a drill run around every step (tests): 'before' right before `step` (in
 * `runDrill` the drill's bullets of the frame are then already in the pool, spawn = s.frame), 'after'
 * right after it (bullets the sim's enemies fired in the step have spawn = s.frame − 1 and have moved
 * once by their velocity).
 */
export type DrillWatch = (s: MatchState, phase: 'before' | 'after') => void;

/**
 * One drill run: the CPU's input log with positions, clearance per frame and hit frames. Emitters are
 * invulnerable enemies (the CPU's shots cannot end the drill) that fire nothing themselves: the drill
 * fires from their positions. Stress drills (no emitters) fire from mid-field only after FIRE_FROM
 * too, so the two suites cover the same frames.
 */
export function runDrill(preset: string | DodgePreset, drill: Drill, seed: number, frames: number, watch?: DrillWatch): InputLog {
  const s = createMatch({ seed, mode: 'practice', infiniteLives: true, timeLimit: 0 });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER; // the drill is the only source of bullets
  const side = s.sides[0]!;
  const cpu = new CpuController(preset, { versus: false });
  const rng = matchStream(seed, `drill:${drill.name}`);
  const rec = new SideRecorder(s, 0, frames);
  const start = drill.place(0);
  const emitters: Enemy[] = [];
  for (const [x, y] of start) {
    const e = spawnEnemy(
      side,
      s.frame,
      {
        kind: EnemyKind.FAIRY,
        path: Path.DIVE,
        x,
        y: -20,
        p0: 6,
        p1: y,
        p2: 1e9,
        pattern: Pattern.NONE,
        firstFire: 0,
        period: 0,
        delay: 0,
      },
      1,
      -1,
    );
    if (!e) throw new Error('internal error: no room for a drill emitter');
    e.invulnerable = true;
    emitters.push(e);
  }
  const src: Vec[] = emitters.map(() => ({ x: 0, y: 0 }));
  const add: Add = (x, y, vx, vy, r) => {
    side.bullets.add(x, y, vx, vy, r, s.frame, 0, 0, -1);
  };
  for (let f = 0; f < frames; f++) {
    const places = drill.place(f);
    for (let i = 0; i < emitters.length; i++) {
      const e = emitters[i]!;
      // Nothing else spawns or dies in a drill, so the pool records stay where they were put.
      if (side.enemies.items[i] !== e || i >= side.enemies.count) throw new Error('internal error: a drill emitter left the pool');
      e.ox = places[i]![0];
      e.p1 = places[i]![1];
      src[i]!.x = e.x;
      src[i]!.y = e.y;
    }
    if (f >= FIRE_FROM) drill.emit(f, K_START + ((K_END - K_START) * f) / frames, rng, side, src, add);
    const bits = cpu.decide(s, 0);
    watch?.(s, 'before');
    step(s, bits, 0);
    watch?.(s, 'after');
    rec.record(s, bits);
  }
  return rec.log;
}

/** One run of a survey drill variant (src/sim/drill.ts, the clips the study's raters see), whole length. */
export function runSurvey(preset: string | DodgePreset, seed: number, drill = 'survey', variant = 'a', watch?: DrillWatch): InputLog {
  const frames = drillFrames(drill);
  const s = createMatch({ seed, mode: 'practice', stages: 'drill', drill, drillVariant: variant, infiniteLives: true, timeLimit: 0 });
  const cpu = new CpuController(preset, { versus: false });
  const rec = new SideRecorder(s, 0, frames);
  for (let f = 0; f < frames; f++) {
    const bits = cpu.decide(s, 0);
    watch?.(s, 'before');
    step(s, bits, 0);
    watch?.(s, 'after');
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
      `${name.padEnd(12)} ${cell(m.one_frame_per_min, 11)} ${cell(m.dir_changes_per_s, 10)} ${cell(m.moving_fraction, 7)} ` +
        `${cell(m.mean_clearance, 9)} ${cell(m.min_clearance, 8)} ${cell(m.hits_per_min, 9)}`,
    );
  }
  lines.push('n/a: no data for that metric (e.g. clearance when no bullet was on screen); --json gives null.');
  return lines;
}
