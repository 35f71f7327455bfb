// Headless chase simulation shared by the chase and eval tools (and usable by tests): chasers move at
// a fixed speed in continuous cell coordinates with wall collision, steered by one ChaserGroup; the
// target is static or random-walks with a seeded stream. Deterministic for a given maze and options.

import seedrandom from 'seedrandom';
import type { Maze } from '../../maze/maze';
import { FlowField } from '../flow-field';
import { ExactGeodesic } from './exact-geodesic';
import type { WaveFieldOptions } from '../wave/field';
import type { Vec2 } from '../../geom/grid';
import type { WaveTracker } from '../wave/tracker';
import { type ChaseMethod, ChaserGroup } from './group';
import { moveAgent } from '../../geom/move';

export interface ChaseOptions {
  method: ChaseMethod;
  /** 'static': the target stays at P; 'random': it random-walks (seeded). Default 'static'. */
  target?: 'static' | 'random';
  seed?: number;
  /** Chaser speed, cells per step. Default 0.05 (seed 002's NPC speed, grid spacing 1). */
  speed?: number;
  /** Random-walk target speed, cells per step. Default 0.03. */
  targetSpeed?: number;
  /** Random walk: steps between direction changes (also changes when blocked). Default 60. */
  targetTurnEvery?: number;
  /** Collision half-size of every agent, cells. Default 0.3. */
  radius?: number;
  /** A chaser catches the target within this distance, cells. Default 0.5. */
  catchRadius?: number;
  /** Give up after this many steps. Default 6000. */
  maxSteps?: number;
  wave?: WaveFieldOptions;
  threshold?: number;
  crashCommit?: number;
  /** Which chasers (ids) to run; default all in the maze. */
  only?: string[];
}

export interface ChaserResult {
  id: string;
  caught: boolean;
  /** Steps until caught (the last step simulated when not caught). */
  steps: number;
  /** Distance the chaser actually travelled, cells. */
  pathLength: number;
  /** Geodesic (8-neighbour, no corner cutting) distance from its start cell to P at the start, cells. */
  geodesic: number;
  /**
   * Exact shortest path (any angle, ExactGeodesic) of an agent of this run's radius from its start to P
   * at the start, centre to centre, cells. The shortest path that catches is `exact − catchRadius`.
   */
  exact: number;
  /** Heading changes (wave arrivals for wave/lee). */
  reactions: number;
  /** Mean cosine between each new heading and the optimal (flow-field) heading at that point; NaN if none. */
  alignment: number;
  /** Share of new headings more than 90° off the optimal heading. */
  wrongWay: number;
  /**
   * Faithful wave only (NaN otherwise): share of reactions where z at the chaser was negative when |z|
   * passed the threshold (a trough first: ∇z then points away from the source), and the mean cosine
   * of those reactions' headings with the optimal heading.
   */
  negativeShare: number;
  alignmentNegative: number;
}

export interface ChaseResult {
  method: ChaseMethod;
  /** The catch radius used (cells): a perfect chaser travels `exact − catchRadius`. */
  catchRadius: number;
  target: 'static' | 'random';
  seed: number;
  steps: number;
  chasers: ChaserResult[];
}

export function simulateChase(maze: Maze, opts: ChaseOptions): ChaseResult {
  const target = opts.target ?? 'static';
  const seed = opts.seed ?? 1;
  const speed = opts.speed ?? 0.05;
  const targetSpeed = opts.targetSpeed ?? 0.03;
  const turnEvery = opts.targetTurnEvery ?? 60;
  const radius = opts.radius ?? 0.3;
  const catchR = opts.catchRadius ?? 0.5;
  const maxSteps = opts.maxSteps ?? 6000;
  if (speed <= 0 || speed >= 1 - 2 * radius) throw new RangeError(`speed must be in (0, ${1 - 2 * radius}) cells per step`);
  const targetRng = seedrandom(`chase-target:${seed}`);
  const crashRng = seedrandom(`chase-crash:${seed}`);
  const group = new ChaserGroup(maze, opts.method, {
    wave: opts.wave,
    threshold: opts.threshold,
    speed,
    crashCommit: opts.crashCommit,
    rand: crashRng,
  });
  const chasers = opts.only ? maze.chasers.filter((c) => opts.only!.includes(c.id)) : maze.chasers;
  const pos: Vec2[] = chasers.map((c) => ({ x: c.x + 0.5, y: c.y + 0.5 }));
  for (const p of pos) group.add(p.x, p.y);
  const tpos: Vec2 = { x: maze.start.x + 0.5, y: maze.start.y + 0.5 };
  // Geodesic at the start and the optimal heading used for the alignment diagnostics.
  const optimal = new FlowField(maze);
  optimal.setTarget(tpos.x, tpos.y);
  const exact = exactGeodesic(maze, radius);
  const results: ChaserResult[] = chasers.map((c) => ({
    id: c.id,
    caught: false,
    steps: 0,
    pathLength: 0,
    geodesic: optimal.distanceAt(c.x, c.y),
    exact: exact.distance(c.x + 0.5, c.y + 0.5, tpos.x, tpos.y),
    reactions: 0,
    alignment: 0,
    wrongWay: 0,
    negativeShare: 0,
    alignmentNegative: 0,
  }));
  const tdir: Vec2 = { x: 0, y: 0 };
  const h: Vec2 = { x: 0, y: 0 };
  const best: Vec2 = { x: 0, y: 0 };
  let turnIn = 0;
  const tracksArrivals = opts.method !== 'flow' && opts.method !== 'crash';
  const faithfulWave = opts.method === 'wave' || opts.method === 'wave1';
  let remaining = chasers.length;
  let step = 0;
  while (remaining > 0 && step < maxSteps) {
    step++;
    if (target === 'random') {
      if (turnIn <= 0) {
        pickDirection(targetRng, tdir);
        turnIn = turnEvery;
      }
      turnIn--;
      const moved = moveAgent(maze, tpos, tdir.x * targetSpeed, tdir.y * targetSpeed, radius);
      if (moved < 0.5 * targetSpeed) turnIn = 0;
      optimal.setTarget(tpos.x, tpos.y);
    }
    group.setTarget(tpos.x, tpos.y);
    group.step();
    for (let i = 0; i < chasers.length; i++) {
      const r = results[i]!;
      if (r.caught) continue;
      const p = pos[i]!;
      const changed = group.steer(i, p.x, p.y, h);
      if (changed && tracksArrivals) {
        r.reactions++;
        const negative = faithfulWave && (group.tracker(i) as WaveTracker).lastZ < 0;
        if (negative) r.negativeShare++;
        if (optimal.steer(p.x, p.y, best)) {
          const c = h.x * best.x + h.y * best.y;
          r.alignment += c;
          if (c < 0) r.wrongWay++;
          if (negative) r.alignmentNegative += c;
        }
      }
      r.pathLength += moveAgent(maze, p, h.x * speed, h.y * speed, radius);
      const dx = p.x - tpos.x;
      const dy = p.y - tpos.y;
      if (dx * dx + dy * dy <= catchR * catchR) {
        r.caught = true;
        r.steps = step;
        remaining--;
      }
    }
  }
  for (const r of results) {
    if (!r.caught) r.steps = step;
    r.alignmentNegative = r.negativeShare > 0 ? r.alignmentNegative / r.negativeShare : NaN;
    r.negativeShare = faithfulWave && r.reactions > 0 ? r.negativeShare / r.reactions : NaN;
    r.alignment = r.reactions > 0 ? r.alignment / r.reactions : NaN;
    r.wrongWay = r.reactions > 0 ? r.wrongWay / r.reactions : NaN;
  }
  return { method: opts.method, catchRadius: catchR, target, seed, steps: step, chasers: results };
}

function pickDirection(rng: () => number, out: Vec2): void {
  const d = Math.floor(rng() * 4) & 3;
  out.x = d === 0 ? 1 : d === 1 ? -1 : 0;
  out.y = d === 2 ? 1 : d === 3 ? -1 : 0;
}

const exactCache = new WeakMap<Maze, Map<number, ExactGeodesic>>();

/** One ExactGeodesic per maze and radius (its visibility graph is the costly part). */
export function exactGeodesic(maze: Maze, radius: number): ExactGeodesic {
  let byR = exactCache.get(maze);
  if (!byR) exactCache.set(maze, (byR = new Map()));
  let g = byR.get(radius);
  if (!g) byR.set(radius, (g = new ExactGeodesic(maze, radius)));
  return g;
}

/**
 * Runs every chaser of the maze alone (one simulation each, same options) and merges the results in
 * maze order. For seed 002's single wave ('wave1'), which is reset when it reaches a chaser: with
 * several chasers in one run the nearest one resets it every time and the others are never reached
 * (seed 002 §3.2 says so), so its method is evaluated one chaser at a time, as the paper did.
 */
export function simulateEach(maze: Maze, opts: ChaseOptions): ChaseResult {
  const ids = opts.only ?? maze.chasers.map((c) => c.id);
  const runs = ids.map((id) => simulateChase(maze, { ...opts, only: [id] }));
  const first = runs[0]!;
  return { ...first, steps: Math.max(...runs.map((r) => r.steps)), chasers: runs.map((r) => r.chasers[0]!) };
}

/** simulateChase, except that 'wave1' runs one chaser at a time (simulateEach). */
export function simulateMethod(maze: Maze, opts: ChaseOptions): ChaseResult {
  return opts.method === 'wave1' ? simulateEach(maze, opts) : simulateChase(maze, opts);
}
