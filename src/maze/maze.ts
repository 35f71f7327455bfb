// The maze text format shared by maze stages, the chase tool and the planner (docs/maze-format.md).
// Rows of equal length; `#` wall, `.` floor, `P` target/player start, `A`–`F` chaser starts,
// `G` exit, `H` heal pad, `E` stationary enemy. Every marker cell is floor underneath.

export interface Cell {
  x: number; // column, 0-based from the left
  y: number; // row, 0-based from the top
}

export interface Chaser extends Cell {
  id: string; // 'A'..'F'
}

export interface Maze {
  width: number;
  height: number;
  /** 1 = wall, 0 = open; row-major, index y * width + x. */
  walls: Uint8Array;
  start: Cell;
  /** Sorted by id. */
  chasers: Chaser[];
  exits: Cell[];
  heals: Cell[];
  enemies: Cell[];
  /** The rows as written (without line endings), for round trips and display. */
  rows: string[];
}

/**
 * A bad maze file: `line` and `column` are 1-based, as editors show them; both null when the fault has
 * no single place (no 'P' anywhere, an empty file): the message then names the file and the lines
 * it searched, e.g. `x.maze: no 'P' (target start) in the maze (lines 1–28)`.
 */
export class MazeError extends Error {
  readonly userFacing = true;
  constructor(
    readonly source: string,
    readonly line: number | null,
    readonly column: number | null,
    readonly reason: string,
  ) {
    super(line === null ? `${source}: ${reason}` : `${source}:${line}:${column ?? 1}: ${reason}`);
    this.name = 'MazeError';
  }
}

/** How a character is named in an error: printable as itself, tabs and other controls by name or code. */
function showChar(ch: string): string {
  if (ch === '\t') return "'\\t' (tab)";
  if (ch === ' ') return "' ' (space)";
  const code = ch.codePointAt(0)!;
  if (code < 0x20 || code === 0x7f) return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `'${ch}'`;
}

/**
 * The largest maze parseMaze accepts, checked before any work: the chase methods step a field over
 * every cell each step, so cells bound their time and memory (docs/reliability.md). The game's own
 * mazes are at most 32 × 28; seed 000's paper map is 100 × 100.
 */
export const MAZE_LIMITS = Object.freeze({ width: 400, height: 400, cells: 40_000 });

const FLOOR_CHARS = new Set(['.', 'P', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H']);

export function parseMaze(text: string, source = 'maze'): Maze {
  const lines = text.replace(/\r/g, '').split('\n');
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  if (lines.length === 0) throw new MazeError(source, null, null, "empty maze: no rows, so no 'P' (target start)");
  const width = lines[0]!.length;
  if (width === 0) throw new MazeError(source, 1, 1, 'empty first row');
  const height = lines.length;
  if (width > MAZE_LIMITS.width)
    throw new MazeError(source, 1, MAZE_LIMITS.width + 1, `width ${width} is above the limit of ${MAZE_LIMITS.width} columns`);
  if (height > MAZE_LIMITS.height)
    throw new MazeError(source, MAZE_LIMITS.height + 1, 1, `height ${height} is above the limit of ${MAZE_LIMITS.height} rows`);
  if (width * height > MAZE_LIMITS.cells)
    throw new MazeError(source, null, null, `${width} × ${height} = ${width * height} cells, above the limit of ${MAZE_LIMITS.cells}`);
  const walls = new Uint8Array(width * height);
  let start: Cell | null = null;
  const chasers: Chaser[] = [];
  const exits: Cell[] = [];
  const heals: Cell[] = [];
  const enemies: Cell[] = [];
  for (let y = 0; y < height; y++) {
    const row = lines[y]!;
    // Unknown characters first: a tab or a stray space also changes the row's length, and "unknown
    // character" at its column says what is wrong where "ragged row" would not.
    for (let x = 0; x < row.length; x++) {
      const ch = row[x]!;
      if (ch !== '#' && !FLOOR_CHARS.has(ch)) {
        throw new MazeError(source, y + 1, x + 1, `unknown character ${showChar(ch)} (expected one of # . P A-F G H E)`);
      }
    }
    if (row.length !== width) {
      throw new MazeError(source, y + 1, Math.min(row.length, width) + 1, `ragged row: ${row.length} columns, the first row has ${width}`);
    }
    for (let x = 0; x < width; x++) {
      const ch = row[x]!;
      if (ch === '#') {
        walls[y * width + x] = 1;
        continue;
      }
      if (ch === 'P') {
        if (start) throw new MazeError(source, y + 1, x + 1, `second 'P' (the first is at line ${start.y + 1}, column ${start.x + 1})`);
        start = { x, y };
      } else if (ch === 'G') exits.push({ x, y });
      else if (ch === 'H') heals.push({ x, y });
      else if (ch === 'E') enemies.push({ x, y });
      else if (ch !== '.') {
        const dup = chasers.find((c) => c.id === ch);
        if (dup)
          throw new MazeError(source, y + 1, x + 1, `second chaser '${ch}' (the first is at line ${dup.y + 1}, column ${dup.x + 1})`);
        chasers.push({ id: ch, x, y });
      }
    }
  }
  if (!start)
    throw new MazeError(source, null, null, `no 'P' (target start) in the maze (${height === 1 ? 'line 1' : `lines 1–${height}`})`);
  chasers.sort((a, b) => (a.id < b.id ? -1 : 1));
  const maze: Maze = { width, height, walls, start, chasers, exits, heals, enemies, rows: lines.slice() };
  const dist = bfsDistances(maze, start);
  for (const c of chasers) {
    if (dist[c.y * width + c.x]! < 0) throw new MazeError(source, c.y + 1, c.x + 1, `chaser '${c.id}' cannot reach 'P'`);
  }
  return maze;
}

export function isOpen(m: Maze, x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < m.width && y < m.height && m.walls[y * m.width + x] === 0;
}

const DX4 = [1, -1, 0, 0];
const DY4 = [0, 0, 1, -1];

/** 4-neighbour BFS distances (in cells) from `from`; -1 where unreachable or a wall. */
export function bfsDistances(m: Maze, from: Cell): Int32Array {
  const n = m.width * m.height;
  const dist = new Int32Array(n).fill(-1);
  if (!isOpen(m, from.x, from.y)) return dist;
  const queue = new Int32Array(n);
  let head = 0;
  let tail = 0;
  const s = from.y * m.width + from.x;
  dist[s] = 0;
  queue[tail++] = s;
  while (head < tail) {
    const i = queue[head++]!;
    const x = i % m.width;
    const y = (i - x) / m.width;
    for (let k = 0; k < 4; k++) {
      const nx = x + DX4[k]!;
      const ny = y + DY4[k]!;
      if (!isOpen(m, nx, ny)) continue;
      const j = ny * m.width + nx;
      if (dist[j]! >= 0) continue;
      dist[j] = dist[i]! + 1;
      queue[tail++] = j;
    }
  }
  return dist;
}
