// The field's values pinned to a plain reference kept here: eqs. 13–15 on unpadded arrays, one grid
// point at a time, with the schedule, held sources, first arrivals and their upwind directions
// written out the obvious way. Every value, arrival age and direction of every wave must be the
// same double (Object.is) every few steps, for the WebAssembly kernel and for the TS loops it falls
// back to, on the shipped mazes and on grids whose borders are open (the coefficient runs of eqs. 14–15).
import { readFileSync, readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { type TileGrid, nearestOpenCell } from '../../../src/geom/grid';
import { parseMaze } from '../../../src/maze/maze';
import { WaveField, type WaveFieldOptions } from '../../../src/world/wave/field';
import { kernelAvailable, setKernelEnabled } from '../../../src/world/wave/kernel';

class Reference {
  readonly w: number;
  readonly h: number;
  readonly walls: Uint8Array;
  readonly d: number;
  readonly n: number;
  readonly T: number;
  readonly amp: number;
  readonly thr: number;
  readonly held: boolean;
  readonly periodic: boolean;
  readonly arrival: boolean;
  time = 0;
  source = -1;
  readonly age: number[];
  readonly gen: number[];
  readonly from: number[];
  /** z[wave] = [k−1, k] generations, unpadded, row-major. */
  z: number[][][];
  arr: number[][];
  dirX: number[][];
  dirY: number[][];

  constructor(
    grid: TileGrid,
    readonly r: number,
    o: WaveFieldOptions,
  ) {
    this.w = grid.width * r;
    this.h = grid.height * r;
    this.walls = new Uint8Array(this.w * this.h);
    for (let y = 0; y < this.h; y++)
      for (let x = 0; x < this.w; x++) this.walls[y * this.w + x] = grid.walls[Math.floor(y / r) * grid.width + Math.floor(x / r)]!;
    this.d = o.delta ?? 0.4;
    this.n = o.waves ?? 3;
    this.T = o.lifetime ?? 300;
    this.amp = o.amplitude ?? 1;
    this.thr = o.arrivalThreshold ?? 1e-12 * this.amp;
    this.held = o.source === 'held';
    this.periodic = (o.schedule ?? 'periodic') === 'periodic';
    this.arrival = o.arrival === true;
    const size = this.w * this.h;
    this.age = Array(this.n).fill(-1);
    this.gen = Array(this.n).fill(0);
    this.from = Array(this.n).fill(-1);
    this.z = Array.from({ length: this.n }, () => [Array(size).fill(0), Array(size).fill(0)]);
    this.arr = Array.from({ length: this.n }, () => Array(size).fill(-1));
    this.dirX = Array.from({ length: this.n }, () => Array(size).fill(0));
    this.dirY = Array.from({ length: this.n }, () => Array(size).fill(0));
  }

  fine(): TileGrid {
    return { width: this.w, height: this.h, walls: this.walls };
  }

  setTarget(x: number, y: number): void {
    this.source = nearestOpenCell(this.fine(), x * this.r, y * this.r);
  }

  emit(k: number, g: number): void {
    const size = this.w * this.h;
    this.z[k] = [Array(size).fill(0), Array(size).fill(0)];
    this.arr[k] = Array(size).fill(-1);
    this.age[k] = 0;
    this.gen[k]!++;
    this.from[k] = g;
    if (g < 0) return;
    this.z[k]![1]![g] = this.amp;
    this.arr[k]![g] = 0;
    this.dirX[k]![g] = 0;
    this.dirY[k]![g] = 0;
  }

  emitAt(k: number, x: number, y: number): void {
    this.emit(k, nearestOpenCell(this.fine(), x * this.r, y * this.r));
  }

  step(): void {
    this.time++;
    for (let k = 0; k < this.n; k++) {
      const due = this.age[k]! < 0 ? this.time > Math.floor((k * this.T) / this.n) : this.age[k]! >= this.T - 1;
      if (this.periodic && this.source >= 0 && due) {
        this.emit(k, this.source);
        continue;
      }
      if (this.age[k]! < 0) continue;
      this.advance(k);
      this.age[k]!++;
    }
  }

  private advance(k: number): void {
    const { w, h, d } = this;
    const [p, c] = this.z[k]! as [number[], number[]];
    const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : c[y * w + x]!);
    const next: number[] = Array(w * h).fill(0);
    const arrived: number[] = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        if (this.walls[i] !== 0) continue;
        const inGrid = (x > 0 ? 1 : 0) + (x < w - 1 ? 1 : 0) + (y > 0 ? 1 : 0) + (y < h - 1 ? 1 : 0);
        const v = d * (at(x - 1, y) + at(x + 1, y) + at(x, y - 1) + at(x, y + 1)) + (2 - inGrid * d) * c[i]! - p[i]!;
        next[i] = v;
        if (this.arrival && this.arr[k]![i]! < 0 && Math.abs(v) >= this.thr) {
          const prev = Math.abs(c[i]!);
          this.arr[k]![i] = this.age[k]! + (Math.abs(v) > prev ? (this.thr - prev) / (Math.abs(v) - prev) : 1);
          arrived.push(i);
        }
      }
    }
    const A = this.arr[k]!;
    const t = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? -1 : A[y * w + x]!);
    for (const i of arrived) {
      const x = i % w;
      const y = (i - x) / w;
      const [me, l, rr, up, dn] = [A[i]!, t(x - 1, y), t(x + 1, y), t(x, y - 1), t(x, y + 1)];
      let dx = 0;
      let dy = 0;
      const lt = l >= 0 && l < me;
      const rt = rr >= 0 && rr < me;
      if (lt && (!rt || l <= rr)) dx = -(me - l);
      else if (rt) dx = me - rr;
      const ut = up >= 0 && up < me;
      const dt = dn >= 0 && dn < me;
      if (ut && (!dt || up <= dn)) dy = -(me - up);
      else if (dt) dy = me - dn;
      const len = Math.sqrt(dx * dx + dy * dy);
      this.dirX[k]![i] = len > 0 ? dx / len : 0;
      this.dirY[k]![i] = len > 0 ? dy / len : 0;
    }
    if (this.held && this.from[k]! >= 0) next[this.from[k]!] = this.amp;
    this.z[k] = [c, next];
  }
}

/** Every difference between the field and the reference, as readable lines (the first few). */
function differences(f: WaveField, ref: Reference): string[] {
  const out: string[] = [];
  const note = (what: string, a: number, b: number): void => {
    if (!Object.is(a, b) && out.length < 5) out.push(`t=${ref.time} ${what}: field ${a}, reference ${b}`);
  };
  for (let k = 0; k < ref.n; k++) {
    note(`age[${k}]`, f.age[k]!, ref.age[k]!);
    note(`generation[${k}]`, f.generation[k]!, ref.gen[k]!);
    const dx = f.arrivalDirXBuffer(k);
    const dy = f.arrivalDirYBuffer(k);
    for (let y = 0; y < ref.h; y++) {
      for (let x = 0; x < ref.w; x++) {
        const i = y * ref.w + x;
        note(`z[${k}](${x},${y})`, f.gridValue(k, x, y), ref.z[k]![1]![i]!);
        if (!ref.arrival) continue;
        note(`arrival[${k}](${x},${y})`, f.arrivalAt(k, x, y), ref.arr[k]![i]!);
        if (ref.arr[k]![i]! < 0) continue;
        const pi = (y + 2) * f.stride + x + 2;
        note(`dirX[${k}](${x},${y})`, dx![pi]!, ref.dirX[k]![i]!);
        note(`dirY[${k}](${x},${y})`, dy![pi]!, ref.dirY[k]![i]!);
      }
    }
  }
  return out;
}

/** Runs field and reference side by side with a seeded moving target; returns the first differences. */
function race(grid: TileGrid, o: WaveFieldOptions, steps: number, seed: number, manual = false): string[] {
  const f = new WaveField(grid, o);
  const ref = new Reference(grid, o.resolution ?? 2, o);
  let s = seed;
  const rnd = (): number => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return s / 4294967296;
  };
  let tx = grid.width / 2;
  let ty = grid.height / 2;
  for (let t = 1; t <= steps; t++) {
    if (t % 37 === 1) {
      tx = rnd() * grid.width;
      ty = rnd() * grid.height;
    }
    f.setTarget(tx, ty);
    ref.setTarget(tx, ty);
    if (manual && (t === 1 || t % 97 === 0)) {
      const k = t % f.waves;
      f.emitAt(k, tx, ty);
      ref.emitAt(k, tx, ty);
    }
    f.step();
    ref.step();
    // Every 5th step and the last: a wrong value spreads to its neighbours in the next steps anyway.
    if (t % 5 !== 0 && t !== steps) continue;
    const diff = differences(f, ref);
    if (diff.length > 0) return diff;
  }
  return [];
}

/** A seeded grid with scattered walls and no outer ring, so open points lie on the grid's border. */
function scattered(w: number, h: number, seed: number, share: number): TileGrid {
  const walls = new Uint8Array(w * h);
  let s = seed;
  for (let i = 0; i < w * h; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    walls[i] = s / 4294967296 < share ? 1 : 0;
  }
  return { width: w, height: h, walls };
}

const mazes = readdirSync('mazes')
  .filter((f) => f.endsWith('.maze'))
  .map((f) => ({ name: f, grid: parseMaze(readFileSync(`mazes/${f}`, 'utf8'), f) }));

for (const path of ['WebAssembly kernel', 'TS loops'] as const) {
  describe(`WaveField values equal the reference bit for bit (${path})`, () => {
    const use = (): void => setKernelEnabled(path === 'WebAssembly kernel');
    afterEach(() => setKernelEnabled(true));

    it('runs the path it names', () => {
      use();
      expect(kernelAvailable()).toBe(path === 'WebAssembly kernel');
    });

    for (const { name, grid } of mazes) {
      it(`${name}: 3 waves, T 300, resolution 2, moving target, 450 steps`, () => {
        use();
        expect(race(grid, { lifetime: 300 }, 450, 1)).toEqual([]);
      });
    }

    it('wave+ (arrival maps and directions), T 600', () => {
      use();
      expect(race(mazes[0]!.grid, { lifetime: 600, arrival: true }, 650, 2)).toEqual([]);
    });

    it('held source with arrivals; resolution 1 at δ 0.5; resolution 3 at δ 0.25', () => {
      use();
      const g = mazes[2]!.grid;
      expect(race(g, { source: 'held', arrival: true, waves: 2, lifetime: 200 }, 420, 3)).toEqual([]);
      expect(race(g, { resolution: 1, delta: 0.5, waves: 4, lifetime: 120 }, 400, 4)).toEqual([]);
      expect(race(g, { resolution: 3, delta: 0.25, arrival: true, waves: 2, lifetime: 150 }, 200, 5)).toEqual([]);
    });

    it('manual emission (seed 002) and open grid borders of every width parity, 1 to 9 points', () => {
      use();
      expect(race(mazes[3]!.grid, { waves: 2, schedule: 'manual', arrival: true }, 400, 6, true)).toEqual([]);
      for (let w = 1; w <= 9; w++) {
        const g = scattered(w, 7 + w, 100 + w, 0.2);
        expect(race(g, { resolution: 1, waves: 2, lifetime: 40, arrival: true }, 120, w), `width ${w}`).toEqual([]);
        expect(race(g, { resolution: 2, delta: 0.3, lifetime: 60 }, 150, w), `width ${w}, resolution 2`).toEqual([]);
      }
    });
  });
}
