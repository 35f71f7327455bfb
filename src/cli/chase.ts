// npm run -s chase -- MAZE --method wave|wave+|wave1|lee|lee+|flow|crash [--target static|random --seed N]
//   [--delta D --waves N --lifetime T --threshold Z --arrival-threshold A --resolution R] [--json]
import { CHASE_METHODS, type ChaseMethod } from '../world/chase/group';
import { simulateChase } from '../world/chase/sim';
import { parseMaze, type Maze } from '../maze/maze';
import { checkMethodOptions, WAVE_OPTION_SPECS, describeWaveArgs, waveArgs, type WaveArgs } from './chase-options';
import { UsageError, readTextFile, defineTool, runIfEntry } from './common';

const spec = {
  name: 'chase',
  usage:
    'npm run -s chase -- MAZE --method wave|wave+|wave1|lee|lee+|flow|crash [--target static|random] [--seed N] [--delta D] [--waves N] ' +
    '[--lifetime T] [--threshold Z] [--arrival-threshold A] [--resolution R] [--json]',
  summary:
    'Simulates chasers A-F of a maze file hunting the target P (static or a seeded random walk) with one method, and prints per ' +
    'chaser: caught, steps to catch, path length, the geodesic at the start (exact any-angle shortest path of the 0.3-cell ' +
    'agent; the 8-neighbour grid geodesic beside it) and path / (geodesic - catch radius 0.5), the ratio to the shortest path ' +
    'that catches (cells).',
  options: [
    { name: 'method', kind: 'string' as const, help: `${CHASE_METHODS.join(' | ')}`, default: 'wave' },
    { name: 'target', kind: 'string' as const, help: 'static | random', default: 'static' },
    // No default in the spec, so a seed that nothing would draw from can be refused.
    {
      name: 'seed',
      kind: 'int' as const,
      help: 'seed of the random walk (--target random) and of the random turns of crash (0..4294967295; default 1)',
    },
    { name: 'speed', kind: 'number' as const, help: 'chaser speed, cells per step', default: 0.05 },
    { name: 'max-steps', kind: 'int' as const, help: 'give up after this many steps (1..100000)', default: 6000 },
    ...WAVE_OPTION_SPECS,
  ],
  positional: [1, 1] as [number, number],
};

/** Longest simulation: time grows with maze cells × steps (docs/reliability.md). */
export const MAX_CHASE_STEPS = 100_000;
/** Convex wall corners the exact geodesic may see: it keeps a corner × corner table. */
export const MAX_CHASE_CORNERS = 2000;
/** steps × field points × waves: the simulation's work, which bounds its time. */
export const MAX_CHASE_WORK = 5e9;

/** Convex wall corners (grid points with exactly one wall cell around them): the exact geodesic's vertices. */
export function convexCorners(maze: Maze): number {
  const wall = (x: number, y: number) => (x < 0 || y < 0 || x >= maze.width || y >= maze.height ? 1 : maze.walls[y * maze.width + x]!);
  let n = 0;
  for (let Y = 0; Y <= maze.height; Y++)
    for (let X = 0; X <= maze.width; X++) if (wall(X - 1, Y - 1) + wall(X, Y - 1) + wall(X - 1, Y) + wall(X, Y) === 1) n++;
  return n;
}

/** Refuses a run whose memory or time would be out of bounds, before any work, naming what to lower. */
function checkChaseWork(path: string, maze: Maze, method: ChaseMethod, maxSteps: number, wa: WaveArgs): void {
  const corners = convexCorners(maze);
  if (corners > MAX_CHASE_CORNERS)
    throw new UsageError(
      `${path}: ${corners} convex wall corners, above the limit of ${MAX_CHASE_CORNERS} (the exact geodesic compares every pair)`,
    );
  const fieldMethod = method !== 'flow' && method !== 'crash';
  const res = fieldMethod ? (wa.wave.resolution ?? 2) : 1;
  const waves = fieldMethod && method !== 'wave1' ? (wa.wave.waves ?? 3) : 1;
  const points = maze.width * maze.height * res * res;
  const work = maxSteps * points * waves;
  if (work > MAX_CHASE_WORK)
    throw new UsageError(
      `--max-steps ${maxSteps} × ${points} field points × ${waves} wave(s) = ${work.toExponential(2)}, above the work limit of ` +
        `${MAX_CHASE_WORK.toExponential(0)}; lower --max-steps, --resolution or --waves, or use a smaller maze`,
    );
}

export const main = defineTool(spec, async (args, json, io) => {
  const method = String(args.opts.method);
  if (!(CHASE_METHODS as readonly string[]).includes(method))
    throw new UsageError(`--method: '${method}' is not one of ${CHASE_METHODS.join(', ')}`);
  const target = String(args.opts.target);
  if (target !== 'static' && target !== 'random') throw new UsageError(`--target: '${target}' is not static or random`);
  const speed = Number(args.opts.speed);
  if (!(speed > 0 && speed < 0.4)) throw new UsageError(`--speed: ${speed} must be in (0, 0.4) cells per step`);
  const maxSteps = Number(args.opts['max-steps']);
  if (maxSteps < 1 || maxSteps > MAX_CHASE_STEPS) throw new UsageError(`--max-steps ${maxSteps}: must be in 1..${MAX_CHASE_STEPS}`);
  const given = args.opts.seed === undefined ? undefined : Number(args.opts.seed);
  const seed = given ?? 1;
  if (seed < 0 || seed > 0xffffffff) throw new UsageError(`--seed ${seed}: must be a whole number from 0 to 4294967295`);
  // Options that would do nothing are refused: a seed with nothing random, a wave option the method does not read.
  if (given !== undefined && target !== 'random' && method !== 'crash')
    throw new UsageError(
      `--seed ${given}: nothing is random here (the target is static and --method ${method} makes no random turns); ` +
        'add --target random or leave --seed out',
    );
  checkMethodOptions(method as ChaseMethod, args);
  const wa = waveArgs(args);
  const path = args.positional[0]!;
  const maze = parseMaze(await readTextFile(path), path);
  if (maze.chasers.length === 0) throw new UsageError(`${path}: no chasers (A-F) in the maze`);
  checkChaseWork(path, maze, method as ChaseMethod, maxSteps, wa);
  const r = simulateChase(maze, { method: method as ChaseMethod, target, seed, speed, maxSteps, wave: wa.wave, threshold: wa.threshold });
  const chasers = r.chasers.map((c) => ({
    id: c.id,
    caught: c.caught,
    steps: c.steps,
    path_length: round(c.pathLength),
    geodesic: round(c.exact),
    geodesic_grid: round(c.geodesic),
    ratio: c.caught ? round(c.pathLength / (c.exact - r.catchRadius)) : null,
  }));
  if (!json) {
    const params = describeWaveArgs(wa);
    io.log(
      `${path}: ${maze.width}x${maze.height}, method ${method}, target ` +
        `${target}${target === 'random' ? ` (seed ${r.seed})` : ''}${params ? `, ${params}` : ''}`,
    );
    const ratioHead = `path/(geodesic-${r.catchRadius})`;
    io.log(`chaser  caught  steps   path  geodesic  grid geodesic  ${ratioHead.padStart(19)}`);
    for (const c of chasers) {
      io.log(
        `${c.id.padEnd(6)}  ${(c.caught ? 'yes' : 'no').padEnd(6)}  ${String(c.steps).padStart(5)}  ` +
          `${c.path_length.toFixed(1).padStart(5)}  ${c.geodesic.toFixed(2).padStart(8)}  ` +
          `${c.geodesic_grid.toFixed(2).padStart(13)}  ` +
          `${(c.ratio === null ? '--' : c.ratio.toFixed(3)).padStart(Math.max(19, ratioHead.length))}`,
      );
    }
    if (target === 'random')
      io.log('(random target: the geodesic is from the start positions; the ratio is only meaningful for a static target)');
    return undefined;
  }
  return { chasers };
});

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}

await runIfEntry(import.meta.url, main);
