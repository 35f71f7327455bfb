// The wave field's inner loops as a small WebAssembly module (assembled here, byte by byte, so no
// toolchain is needed): eq. 13 over row runs of open grid points two at a time (f64x2 SIMD), and
// the first-arrival scan of wave+. Plain TS loops with typed arrays ran at ≈ 0.3× the same loop in
// C -O2 (a bounds check and a typed-array base load per access); this runs at ≈ 1.8–2× (two points
// per instruction; docs/chasers.md, Speed).
//
// Exactness: every grid point gets the same IEEE-754 double operations in the same order as the TS
// loop in field.ts, d·(((z_l + z_r) + z_u) + z_d) + coef·z − z_prev, and the arrival age
// age + (thr − |z_prev|)/(|z| − |z_prev|); a SIMD lane is an ordinary double operation, WebAssembly has
// no fused multiply-add outside relaxed SIMD, and no NaN arises in a bounded field. So the values are
// bit for bit those of the TS loop, which stays as the fallback where WebAssembly (or its SIMD) is
// unavailable, and the tests compare both against a reference (tests/world/wave/equivalence.test.ts).
//
// Memory layout, all offsets in bytes and chosen by the field: a run table of 16-byte records
// (i32 first, i32 end of a run of consecutive open points, as padded index × 8; f64 the points'
// shared coefficient 2 − kδ), the value buffers, the arrival buffers, the list of arrived points.

/** The kernel's exports over one field's memory. */
export interface WaveKernel {
  /** Eq. 13 for every run in [runs, runsEnd): writes next from cur and prev (buffer offsets), stride in bytes. */
  propagate(next: number, cur: number, prev: number, stride8: number, runs: number, runsEnd: number, delta: number): void;
  /**
   * First arrivals: for every open point whose arrival (buffer at `arr`) is still < 0 and where |next| ≥ thr,
   * writes the sub-step age and appends the padded index (i32) at `out`; returns how many arrived.
   */
  arrive(next: number, cur: number, arr: number, runs: number, runsEnd: number, thr: number, age: number, out: number): number;
}

function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

function vec(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function section(id: number, body: number[]): number[] {
  return [id, ...uleb(body.length), ...body];
}

// Opcodes used below (WebAssembly core 2.0).
const I32 = 0x7f;
const F64 = 0x7c;
const V128 = 0x7b;
const [BLOCK, LOOP, IF, ELSE, END, BR, BR_IF] = [0x02, 0x03, 0x04, 0x05, 0x0b, 0x0c, 0x0d];
const [GET, SET, TEE] = [0x20, 0x21, 0x22];
const [I32_LOAD, F64_LOAD, I32_STORE, F64_STORE, I32_CONST, F64_CONST] = [0x28, 0x2b, 0x36, 0x39, 0x41, 0x44];
const [I32_LT_S, I32_GT_S, I32_GE_S, I32_GE_U, I32_ADD, I32_SUB, I32_SHR_S] = [0x48, 0x4a, 0x4e, 0x4f, 0x6a, 0x6b, 0x75];
const [F64_LT, F64_GT, F64_GE, F64_ABS, F64_ADD, F64_SUB, F64_MUL, F64_DIV] = [0x63, 0x64, 0x66, 0x99, 0xa0, 0xa1, 0xa2, 0xa3];
const SIMD = 0xfd;
const V_LOAD = [SIMD, 0x00];
const V_STORE = [SIMD, 0x0b];
const V_SPLAT = [SIMD, 0x14];
const V_ADD = [SIMD, ...uleb(240)];
const V_SUB = [SIMD, ...uleb(241)];
const V_MUL = [SIMD, ...uleb(242)];
const mem = (align: number, offset: number): number[] => [align, ...uleb(offset)];
const f64c = (x: number): number[] => [F64_CONST, ...new Uint8Array(new Float64Array([x]).buffer)];

function propagateBody(): number[] {
  // params: 0 next, 1 cur, 2 prev, 3 stride8, 4 run cursor, 5 runsEnd, 6 delta;
  // locals: 7 i, 8 end, 9 cur − 8 (left), 10 cur − stride (up), 11 cur + stride (down), 12 left + i, 13 coef,
  // 14 (δ, δ), 15 (coef, coef).
  const i = 7;
  const e = 8;
  const cl = 9;
  const cu = 10;
  const cd = 11;
  const a = 12;
  const cf = 13;
  const dv = 14;
  const cv = 15;
  // One point (scalar) or two (SIMD): d·(((l + r) + u) + dn) + coef·c − prev, stored at next + i.
  // biome-ignore format: one WebAssembly instruction per group
  const point = (load: number[], add: number[], mul: number[], sub: number[], store: number[], d: number, c: number): number[] => [
    GET, cl, GET, i, I32_ADD, SET, a,
    GET, 0, GET, i, I32_ADD,
    GET, a, ...load, ...mem(3, 0),
    GET, a, ...load, ...mem(3, 16),
    ...add,
    GET, cu, GET, i, I32_ADD, ...load, ...mem(3, 0),
    ...add,
    GET, cd, GET, i, I32_ADD, ...load, ...mem(3, 0),
    ...add,
    GET, d, ...mul,
    GET, c, GET, a, ...load, ...mem(3, 8), ...mul,
    ...add,
    GET, 2, GET, i, I32_ADD, ...load, ...mem(3, 0),
    ...sub,
    ...store, ...mem(3, 0),
  ];
  // biome-ignore format: one WebAssembly instruction per group
  return [
    3, 6, I32, 1, F64, 2, V128,
    GET, 1, I32_CONST, 8, I32_SUB, SET, cl,
    GET, 1, GET, 3, I32_SUB, SET, cu,
    GET, 1, GET, 3, I32_ADD, SET, cd,
    GET, 6, ...V_SPLAT, SET, dv,
    BLOCK, 0x40,
    LOOP, 0x40,
    GET, 4, GET, 5, I32_GE_U, BR_IF, 1,
    GET, 4, I32_LOAD, ...mem(2, 0), SET, i,
    GET, 4, I32_LOAD, ...mem(2, 4), SET, e,
    GET, 4, F64_LOAD, ...mem(3, 8), TEE, cf, ...V_SPLAT, SET, cv,
    BLOCK, 0x40,
    LOOP, 0x40,
    GET, i, I32_CONST, 16, I32_ADD, GET, e, I32_GT_S, BR_IF, 1,
    ...point(V_LOAD, V_ADD, V_MUL, V_SUB, V_STORE, dv, cv),
    GET, i, I32_CONST, 16, I32_ADD, SET, i,
    BR, 0,
    END,
    END,
    GET, i, GET, e, I32_LT_S,
    IF, 0x40,
    ...point([F64_LOAD], [F64_ADD], [F64_MUL], [F64_SUB], [F64_STORE], 6, cf),
    END,
    GET, 4, I32_CONST, 16, I32_ADD, SET, 4,
    BR, 0,
    END,
    END,
    END,
  ];
}

function arriveBody(): number[] {
  // params: 0 next, 1 cur, 2 arr, 3 run cursor, 4 runsEnd, 5 thr, 6 age, 7 out; locals: 8 i, 9 end, 10 out0, 11 |z|, 12 |z_prev|.
  const i = 8;
  const e = 9;
  const o0 = 10;
  const az = 11;
  const ap = 12;
  // biome-ignore format: one WebAssembly instruction per group
  return [
    2, 3, I32, 2, F64,
    GET, 7, SET, o0,
    BLOCK, 0x40,
    LOOP, 0x40,
    GET, 3, GET, 4, I32_GE_U, BR_IF, 1,
    GET, 3, I32_LOAD, ...mem(2, 0), SET, i,
    GET, 3, I32_LOAD, ...mem(2, 4), SET, e,
    BLOCK, 0x40,
    LOOP, 0x40,
    GET, i, GET, e, I32_GE_S, BR_IF, 1,
    GET, 2, GET, i, I32_ADD, F64_LOAD, ...mem(3, 0), ...f64c(0), F64_LT,
    IF, 0x40,
    GET, 0, GET, i, I32_ADD, F64_LOAD, ...mem(3, 0), F64_ABS, TEE, az, GET, 5, F64_GE,
    IF, 0x40,
    GET, 1, GET, i, I32_ADD, F64_LOAD, ...mem(3, 0), F64_ABS, SET, ap,
    GET, 2, GET, i, I32_ADD,
    GET, 6,
    GET, az, GET, ap, F64_GT,
    IF, F64,
    GET, 5, GET, ap, F64_SUB, GET, az, GET, ap, F64_SUB, F64_DIV,
    ELSE,
    ...f64c(1),
    END,
    F64_ADD,
    F64_STORE, ...mem(3, 0),
    GET, 7, GET, i, I32_CONST, 3, I32_SHR_S, I32_STORE, ...mem(2, 0),
    GET, 7, I32_CONST, 4, I32_ADD, SET, 7,
    END,
    END,
    GET, i, I32_CONST, 8, I32_ADD, SET, i,
    BR, 0,
    END,
    END,
    GET, 3, I32_CONST, 16, I32_ADD, SET, 3,
    BR, 0,
    END,
    END,
    GET, 7, GET, o0, I32_SUB, I32_CONST, 2, I32_SHR_S,
    END,
  ];
}

/** The module's bytes: memory imported as e.m; exports p (propagate) and a (arrive). */
export function kernelBytes(): Uint8Array<ArrayBuffer> {
  const fn = (body: number[]): number[] => [...uleb(body.length), ...body];
  const bytes = [
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(
      1,
      vec([
        [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I32], [F64]]), 0],
        [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [F64], [F64], [I32]]), 1, I32],
      ]),
    ),
    ...section(2, vec([[...vec([[0x65]]), ...vec([[0x6d]]), 0x02, 0x00, 0x01]])),
    ...section(3, vec([[0], [1]])),
    ...section(
      7,
      vec([
        [...vec([[0x70]]), 0x00, 0],
        [...vec([[0x61]]), 0x00, 1],
      ]),
    ),
    ...section(10, vec([fn(propagateBody()), fn(arriveBody())])),
  ];
  return new Uint8Array(bytes);
}

let compiled: WebAssembly.Module | null | undefined;
let enabled = true;

/** Tests and the bench switch the kernel off to run the TS loops; it applies to fields not yet stepped. */
export function setKernelEnabled(on: boolean): void {
  enabled = on;
}

/** The compiled module (once per process), or null where WebAssembly or its SIMD is unavailable or refused. */
function kernelModule(): WebAssembly.Module | null {
  if (compiled === undefined) {
    compiled = null;
    try {
      const bytes = kernelBytes();
      if (typeof WebAssembly === 'object' && WebAssembly.validate(bytes)) compiled = new WebAssembly.Module(bytes);
    } catch {
      compiled = null; // e.g. a content security policy without 'wasm-unsafe-eval'
    }
  }
  return compiled;
}

/** True when the WebAssembly kernel can run here; otherwise the field runs its TS loops (same values). */
export function kernelAvailable(): boolean {
  return enabled && kernelModule() !== null;
}

/** The kernel over `memory`, or null where it cannot run. */
export function instantiateKernel(memory: WebAssembly.Memory): WaveKernel | null {
  const m = enabled ? kernelModule() : null;
  if (!m) return null;
  const x = new WebAssembly.Instance(m, { e: { m: memory } }).exports;
  return { propagate: x.p as WaveKernel['propagate'], arrive: x.a as WaveKernel['arrive'] };
}
