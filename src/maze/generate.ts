// Seeded maze generator: returns maze text rows (see src/maze/maze.ts for the format) that parseMaze
// accepts. A perfect maze is carved with a randomized depth-first search on a lattice of rooms
// `corridor` tiles wide separated by 1-tile walls, then a share of dead ends is opened ("braiding")
// so chasers have several routes. Markers: P on the lowest open row near the middle, the chasers A.. as
// far from P and from each other as possible, G on the highest open row farthest from P, H heal pads
// and E enemies on distinct open cells at middle distance. Deterministic for a given seed; everything
// is reachable from P because the carving connects all rooms and braiding only removes walls.

import seedrandom from 'seedrandom';
import { type Maze, bfsDistances } from './maze';

export interface GenerateOptions {
  /** Maze width and height in tiles, including the outer wall. Default 24 × 28 (a game field). */
  width?: number;
  height?: number;
  seed?: number | string;
  /** Corridor width in tiles (1..4). Default 2. */
  corridor?: number;
  /** Share of dead ends opened into loops, 0..1. Default 0.5. */
  braid?: number;
  /**
   * Chasers to place (0..5). Default 3. Ids A, B, C, D, F: in the maze format 'E' is the stationary
   * enemy, so a chaser 'E' cannot be written.
   */
  chasers?: number;
  heals?: number;
  enemies?: number;
}

const CHASER_IDS = ['A', 'B', 'C', 'D', 'F'];

export function generateMaze(opts: GenerateOptions = {}): string[] {
  const W = opts.width ?? 24;
  const H = opts.height ?? 28;
  const cw = opts.corridor ?? 2;
  const braid = opts.braid ?? 0.5;
  const nChasers = opts.chasers ?? 3;
  const nHeals = opts.heals ?? 2;
  const nEnemies = opts.enemies ?? 2;
  if (!Number.isInteger(cw) || cw < 1 || cw > 4) throw new RangeError(`corridor must be 1..4, got ${cw}`);
  if (!Number.isInteger(nChasers) || nChasers < 0 || nChasers > 5) throw new RangeError(`chasers must be 0..5, got ${nChasers}`);
  const period = cw + 1;
  const rx = Math.floor((W - 1) / period);
  const ry = Math.floor((H - 1) / period);
  if (rx < 1 || ry < 1 || rx * ry < 2) throw new RangeError(`maze ${W}x${H} is too small for corridors ${cw} wide`);
  const rng = seedrandom(`maze:${opts.seed ?? 1}`);
  const grid: string[][] = Array.from({ length: H }, () => Array.from({ length: W }, () => '#'));
  // Centre the lattice: spare columns/rows go to the outer walls.
  const ox = Math.floor((W - 1 - rx * period) / 2) + 1;
  const oy = Math.floor((H - 1 - ry * period) / 2) + 1;
  const openRect = (x0: number, y0: number, w: number, h: number): void => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) grid[y]![x] = '.';
  };
  for (let j = 0; j < ry; j++) for (let i = 0; i < rx; i++) openRect(ox + i * period, oy + j * period, cw, cw);
  const knock = (i: number, j: number, d: number): void => {
    // d: 0 right, 1 down, 2 left, 3 up — opens the wall strip between room (i, j) and its neighbour.
    const x = ox + i * period;
    const y = oy + j * period;
    if (d === 0) openRect(x + cw, y, 1, cw);
    else if (d === 1) openRect(x, y + cw, cw, 1);
    else if (d === 2) openRect(x - 1, y, 1, cw);
    else openRect(x, y - 1, cw, 1);
  };
  const DI = [1, 0, -1, 0];
  const DJ = [0, 1, 0, -1];
  const links = new Uint8Array(rx * ry); // bit d set: passage in direction d
  const seen = new Uint8Array(rx * ry);
  const stack: number[] = [Math.floor(rng() * rx * ry)];
  seen[stack[0]!] = 1;
  while (stack.length > 0) {
    const r = stack[stack.length - 1]!;
    const i = r % rx;
    const j = (r - i) / rx;
    const options: number[] = [];
    for (let d = 0; d < 4; d++) {
      const ni = i + DI[d]!;
      const nj = j + DJ[d]!;
      if (ni >= 0 && nj >= 0 && ni < rx && nj < ry && !seen[nj * rx + ni]) options.push(d);
    }
    if (options.length === 0) {
      stack.pop();
      continue;
    }
    const d = options[Math.floor(rng() * options.length)]!;
    const nr = (j + DJ[d]!) * rx + i + DI[d]!;
    knock(i, j, d);
    links[r]! |= 1 << d;
    links[nr]! |= 1 << ((d + 2) & 3);
    seen[nr] = 1;
    stack.push(nr);
  }
  // Braid: open a random extra wall at a share of the dead ends.
  for (let r = 0; r < rx * ry; r++) {
    const l = links[r]!;
    if (l !== 1 && l !== 2 && l !== 4 && l !== 8) continue;
    if (rng() >= braid) continue;
    const i = r % rx;
    const j = (r - i) / rx;
    const options: number[] = [];
    for (let d = 0; d < 4; d++) {
      const ni = i + DI[d]!;
      const nj = j + DJ[d]!;
      if (ni >= 0 && nj >= 0 && ni < rx && nj < ry && !(l & (1 << d))) options.push(d);
    }
    if (options.length === 0) continue;
    const d = options[Math.floor(rng() * options.length)]!;
    knock(i, j, d);
    links[r]! |= 1 << d;
    links[(j + DJ[d]!) * rx + i + DI[d]!]! |= 1 << ((d + 2) & 3);
  }
  // Markers.
  const walls = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) walls[y * W + x] = grid[y]![x] === '#' ? 1 : 0;
  const used = new Uint8Array(W * H);
  const place = (x: number, y: number, ch: string): void => {
    grid[y]![x] = ch;
    used[y * W + x] = 1;
  };
  let py = -1;
  let px = -1;
  for (let y = H - 1; y >= 0 && py < 0; y--) {
    let bestD = Infinity;
    for (let x = 0; x < W; x++) {
      if (walls[y * W + x]) continue;
      const d = Math.abs(x + 0.5 - W / 2);
      if (d < bestD) {
        bestD = d;
        px = x;
        py = y;
      }
    }
  }
  place(px, py, 'P');
  const maze: Maze = { width: W, height: H, walls, start: { x: px, y: py }, chasers: [], exits: [], heals: [], enemies: [], rows: [] };
  const fromP = bfsDistances(maze, maze.start);
  // Chasers: farthest-point sampling (maximise the smallest distance to P and to the chasers so far).
  const minDist = Int32Array.from(fromP);
  for (let k = 0; k < nChasers; k++) {
    let best = -1;
    for (let c = 0; c < W * H; c++) {
      if (walls[c] || used[c] || minDist[c]! < 0) continue;
      if (best < 0 || minDist[c]! > minDist[best]!) best = c;
    }
    if (best < 0) break;
    const x = best % W;
    const y = (best - x) / W;
    place(x, y, CHASER_IDS[k]!);
    const d = bfsDistances(maze, { x, y });
    for (let c = 0; c < W * H; c++) if (d[c]! >= 0 && d[c]! < minDist[c]!) minDist[c] = d[c]!;
  }
  // Exit: highest open row, farthest from P along the maze.
  let g = -1;
  for (let y = 0; y < H && g < 0; y++) {
    for (let x = 0; x < W; x++) {
      const c = y * W + x;
      if (walls[c] || used[c]) continue;
      if (g < 0 || fromP[c]! > fromP[g]!) g = c;
    }
  }
  if (g >= 0) place(g % W, Math.floor(g / W), 'G');
  // Heals and enemies: random free cells between a third and two thirds of the farthest distance.
  let far = 0;
  for (let c = 0; c < W * H; c++) if (fromP[c]! > far) far = fromP[c]!;
  const middle: number[] = [];
  for (let c = 0; c < W * H; c++) if (!walls[c] && fromP[c]! >= far / 3 && fromP[c]! <= (2 * far) / 3) middle.push(c);
  const take = (ch: string): void => {
    for (let tries = 0; tries < 64 && middle.length > 0; tries++) {
      const k = Math.floor(rng() * middle.length);
      const c = middle[k]!;
      middle[k] = middle[middle.length - 1]!;
      middle.pop();
      if (used[c]) continue;
      place(c % W, Math.floor(c / W), ch);
      return;
    }
  };
  for (let k = 0; k < nHeals; k++) take('H');
  for (let k = 0; k < nEnemies; k++) take('E');
  return grid.map((row) => row.join(''));
}
