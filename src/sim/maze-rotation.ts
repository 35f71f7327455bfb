// Which maze a side plays: the match's maze rotation. config.maze names where it starts — a catalog
// maze ('pillars') or 'gen:SEED' for the seeded generator — and a side that clears its k-th maze goes
// on to the (k+1)-th: the next catalog maze (wrapping round), or the generator's next seed. Both sides
// walk the same rotation, so at equal progress they face the same layout (fairness).
import { MAZE_CATALOG, MAZE_NAMES } from '../maze/catalog';
import { generateMaze } from '../maze/generate';
import { parseMaze, type Maze } from '../maze/maze';

/** The default start of the rotation: the first (easiest) catalog maze. */
export const DEFAULT_MAZE = MAZE_NAMES[0]!;
const GEN = /^gen:(\d{1,10})$/;

/** Why `spec` is not a valid config.maze, or null when it is. */
export function mazeSpecError(spec: unknown): string | null {
  if (typeof spec !== 'string') return `must be a maze name (${MAZE_NAMES.join(', ')}) or gen:SEED, got ${String(spec)}`;
  if (MAZE_NAMES.includes(spec)) return null;
  const m = GEN.exec(spec);
  if (m && Number(m[1]) <= 0xffffffff) return null;
  if (spec.startsWith('gen:')) return `gen:SEED needs a whole-number seed from 0 to 4294967295, got '${spec}'`;
  return `must be one of ${MAZE_NAMES.join(', ')} or gen:SEED, got '${spec}'`;
}

/** Name of the k-th maze (k = 0, 1, …) of the rotation that starts at `spec`. */
export function mazeNameAt(spec: string, k: number): string {
  const m = GEN.exec(spec);
  if (m) return `gen:${(Number(m[1]) + k) % 0x100000000}`;
  const i = MAZE_NAMES.indexOf(spec);
  if (i < 0) throw new RangeError(`unknown maze '${spec}'`);
  return MAZE_NAMES[(i + k) % MAZE_NAMES.length]!;
}

// Parsed mazes are immutable and depend only on their name: shared by both sides and by state copies.
const cache = new Map<string, Maze>();

/** The parsed maze of a rotation name ('pillars', 'gen:17'). */
export function mazeByName(name: string): Maze {
  let maze = cache.get(name);
  if (maze) return maze;
  const g = GEN.exec(name);
  if (g) maze = parseMaze(generateMaze({ seed: Number(g[1]) }).join('\n'), name);
  else {
    const c = MAZE_CATALOG.find((x) => x.name === name);
    if (!c) throw new RangeError(`unknown maze '${name}'`);
    maze = parseMaze(c.rows.join('\n'), name);
  }
  if (cache.size >= 64) cache.clear();
  cache.set(name, maze);
  return maze;
}
