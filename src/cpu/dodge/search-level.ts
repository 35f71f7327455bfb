// One level (step) of the fast search's time-expanded lattice: its positions, transitions, states
// (position, last move) and best values, in growable typed arrays reused between decisions.
import type { LatticeTemplate } from './lattice-template';
import { PairTable } from './lattice-table';

/** posNear of a position no surviving transition has reached (yet). */
export const UNSEEN = -2;
/** tNear of a transition of the last step whose contacts are checked only when needed (see bestLast). */
export const DEFERRED = -3;
/** Room per position in the state table: last move + 1 ≤ 17 (the largest move set). */
const ST_STRIDE = 32;

export class Level {
  nPos = 0;
  posX = new Int32Array(64);
  posY = new Int32Array(64);
  /**
   * Per position: with 1-frame steps the nearly-hit count of the frame into it (−1: hit); with
   * longer steps 0 once a surviving transition reaches it. UNSEEN: not reached. Negative: never
   * expanded.
   */
  posNear = new Int32Array(64);
  posD = new Float64Array(64);
  /**
   * Per position, steps of several frames: contacts on the last frame of the moves into it (−1: hit;
   * UNSEEN: not checked yet). That frame is the same for every move reaching the position.
   */
  posEnd = new Int32Array(64);
  /** Per position, 1-frame steps: node value of the transitions into it. */
  posE = new Float64Array(64);
  readonly posTable = new PairTable(256);
  /** Per (position, move): child position index in the next level (the template's, or tChild). */
  child: Int32Array = new Int32Array(64);
  tChild = new Int32Array(64);
  /** Per (position, move), steps of several frames: nearly-hit count (−1: hit) and node value (if not hit). */
  tNear = new Int32Array(64);
  tE = new Float64Array(64);
  /** States (position, last move): only with a switch penalty; otherwise state i is position i. */
  nSt = 0;
  /**
   * States indexed directly, state = position·M + last move (the pruned last step's level: no
   * state table; nSt is nPos·M, stPos / stLast are not filled: statePos / stateLast).
   */
  direct = false;
  stPos = new Int32Array(64);
  stLast = new Int32Array(64);
  /**
   * State index of (position, last move) at pos · ST_STRIDE + last + 1, valid where stStamp holds
   * stGen: a direct table (cleared in O(1)) rather than a hash, positions being dense indices.
   */
  private stIndex = new Int32Array(64 * ST_STRIDE);
  private stStamp = new Int32Array(64 * ST_STRIDE);
  private stGen = 1;
  /** Per (state, move): child state index, −1 when hit. */
  sChild = new Int32Array(64);
  /** Per state: best (nodes survived, suffix value) and its first move. */
  bL = new Int32Array(64);
  bV = new Float64Array(64);
  bMove = new Int32Array(64);

  reset(): void {
    this.nPos = 0;
    this.nSt = 0;
    this.direct = false;
    this.posTable.reset();
    if (++this.stGen === 0x7fffffff) {
      this.stStamp.fill(0);
      this.stGen = 1;
    }
  }

  /** Level k of the template placed at (sx, sy), every position UNSEEN. */
  fromTemplate(t: LatticeTemplate, k: number, sx: number, sy: number): void {
    this.reset();
    const n = t.count[k]!;
    this.ensurePos(n);
    const dx = t.dx[k]!;
    const dy = t.dy[k]!;
    const X = this.posX;
    const Y = this.posY;
    for (let i = 0; i < n; i++) {
      X[i] = sx + dx[i]!;
      Y[i] = sy + dy[i]!;
    }
    this.posNear.fill(UNSEEN, 0, n);
    this.posEnd.fill(UNSEEN, 0, n);
    this.nPos = n;
  }

  ensurePos(n: number): void {
    if (this.posX.length >= n) return;
    let cap = this.posX.length;
    while (cap < n) cap *= 2;
    this.posX = growI(this.posX, cap);
    this.posY = growI(this.posY, cap);
    this.posNear = growI(this.posNear, cap);
    this.posEnd = growI(this.posEnd, cap);
    this.posD = growF(this.posD, cap);
    this.posE = growF(this.posE, cap);
  }

  /** Hash path: the index of (x, y), added UNSEEN when new. */
  addPos(x: number, y: number): number {
    const i = this.posTable.getOrAdd(x, y, this.nPos);
    if (i === this.nPos) {
      this.ensurePos(i + 1);
      this.posX[i] = x;
      this.posY[i] = y;
      this.posNear[i] = UNSEEN;
      this.posEnd[i] = UNSEEN;
      this.nPos++;
    }
    return i;
  }

  addState(pos: number, last: number): number {
    const key = pos * ST_STRIDE + last + 1;
    if (key >= this.stStamp.length) {
      let cap = this.stStamp.length;
      while (cap <= key) cap *= 2;
      const idx = new Int32Array(cap);
      idx.set(this.stIndex);
      const stamp = new Int32Array(cap);
      stamp.set(this.stStamp);
      this.stIndex = idx;
      this.stStamp = stamp;
    }
    let i: number;
    if (this.stStamp[key] === this.stGen) i = this.stIndex[key]!;
    else {
      i = this.nSt;
      this.stStamp[key] = this.stGen;
      this.stIndex[key] = i;
    }
    if (i === this.nSt) {
      if (i >= this.stPos.length) {
        this.stPos = growI(this.stPos, i * 2);
        this.stLast = growI(this.stLast, i * 2);
      }
      this.stPos[i] = pos;
      this.stLast[i] = last;
      this.nSt++;
    }
    return i;
  }

  /** State si's position (M moves). */
  statePos(si: number, M: number): number {
    return this.direct ? (si / M) | 0 : this.stPos[si]!;
  }

  /** State si's last move (M moves). */
  stateLast(si: number, M: number): number {
    return this.direct ? si % M : this.stLast[si]!;
  }

  /** Room for this level's transitions and for the best values of its states (or positions). */
  ensureTransitions(M: number): void {
    const need = this.nPos * M;
    if (this.tE.length < need) {
      this.tE = new Float64Array(need * 2);
      this.tChild = new Int32Array(need * 2);
      this.tNear = new Int32Array(need * 2);
    }
    const needS = this.nSt * M;
    if (this.sChild.length < needS) this.sChild = new Int32Array(needS * 2);
  }

  ensureBest(n: number): void {
    if (this.bL.length >= n) return;
    this.bL = new Int32Array(n * 2);
    this.bV = new Float64Array(n * 2);
    this.bMove = new Int32Array(n * 2);
  }
}

function growI(a: Int32Array<ArrayBuffer>, cap: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(cap);
  b.set(a);
  return b;
}

function growF(a: Float64Array<ArrayBuffer>, cap: number): Float64Array<ArrayBuffer> {
  const b = new Float64Array(cap);
  b.set(a);
  return b;
}
