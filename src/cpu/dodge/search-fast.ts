// The fast exact search: dynamic programming over the time-expanded lattice. Positions are exact
// integers (see LATTICE), so every move sequence that reaches the same position at the same step
// lands on the same node; a node's future depends only on (step, position) — and on the last move
// when the switch penalty is on — so each such state is expanded once. Backward induction then
// computes, for every state, the best (nodes survived, suffix value) with the same expression
// order as the exhaustive recursion: same decision value, bit for bit.
//
// What keeps it fast (every shortcut leaves the numbers the same; tests compare with the reference):
// - Lattice structure: away from the field edges and without walls the lattice relative to the
//   start is always the same, so it is built once (LatticeTemplate) and a transition's child is a
//   table load; near an edge (clamped moves) or in a maze, children are hashed by coordinates.
// - Contacts: obstacles are culled once per decision against the box reachable over the whole
//   horizon, then per step against the box the surviving positions reach, then per position (the
//   step's obstacles are bucketed by box, BoxBuckets). With 1-frame steps a child's contacts depend
//   on the child alone: they are checked once per child, on dense copies of the step's obstacle
//   positions. With longer steps a held move checks only the obstacles near its own segment, on
//   copies of their positions on every frame of the step, and the last frame (the child itself)
//   once per child.
// - Node values and backward induction: with 1-frame steps a transition's value depends on its
//   child alone, so E and (survived, value) are worked out per child, not per transition. With
//   longer steps the last step's moves (into leaves) are checked on demand, best bound first
//   (bestLast): a move's value is at most its child's value with no nearly-hit pair.
// - Influence maps: each level's map covers exactly the cells its surviving positions interpolate
//   from (with longer steps, only those cells: ReadCells), drawn from the obstacles that can reach
//   them (MapShapes, window-painter.ts), and interpolation's per-axis work is done once per distinct
//   coordinate (AxisReads).
import type { DodgeDecision, DodgePlan } from './decision';
import { LatticeTemplate } from './lattice-template';
import { BackwardPass, type BestLast, fillPlan } from './search-backward';
import { DEFERRED, Level, UNSEEN } from './search-level';
import { better, clampInt, type DodgeProblem } from './problem';
import { LATTICE } from './constants';
import { MapShapes } from './influence-map';
import { AxisReads, ReadCells, readHi, readLo } from './interpolate';
import { BoxBuckets } from './box-buckets';
import { LastStepBounds } from './search-bounds';
import { CellPainter } from './cell-painter';
import { CalmCache } from './calm-cache';
import { type SeedContext, SeedPath } from './search-seed';
import { sweepsNear } from './world';

const INV_Q = 1 / LATTICE;

export class FastSearch {
  private readonly backward = new BackwardPass();
  /** bestLast bound once, handed to the backward passes. */
  private readonly bestLastInto: BestLast = (k, lev, nxt, pi, last, into) => this.bestLast(k, lev, nxt, pi, last, into);
  private readonly levels: Level[] = [];
  private template: LatticeTemplate | null = null;
  /** Obstacles that can come within the nearly-hit distance over the whole horizon. */
  private hList = new Int32Array(256);
  private hn = 0;
  /** Obstacles whose danger can reach a map cell some level reads. */
  private readonly shapes = new MapShapes();
  /** Per obstacle: the culling margin (2·Rhit + 1, field units). */
  private margin = new Float64Array(256);
  /** The step's culled obstacles: indices, and with 1-frame steps their position at the step's frame. */
  private stepList = new Int32Array(256);
  private stX = new Float64Array(256);
  private stY = new Float64Array(256);
  private stM = new Float64Array(256);
  private stN2 = new Float64Array(256);
  private stH2 = new Float64Array(256);
  /**
   * Steps of several frames: per step obstacle and frame f of the step, its position X + VX·t
   * (entry j·F + f − 1; the expression contactsAt evaluates), and its squared distances.
   */
  private fX = new Float64Array(256);
  private fY = new Float64Array(256);
  /** Steps of several frames: the box each step obstacle sweeps over the step's frames, grown by its margin. */
  private sbX0 = new Float64Array(256);
  private sbX1 = new Float64Array(256);
  private sbY0 = new Float64Array(256);
  private sbY1 = new Float64Array(256);
  /** Steps of several frames: the obstacles one held move must check (those near its own box). */
  private moveList = new Int32Array(256);
  /** Steps of several frames: the step obstacles' swept boxes bucketed, for each position's list. */
  private readonly stepBoxes = new BoxBuckets();
  /** Per position: indices into the step's lists (1-frame steps) or obstacle indices. */
  private posList = new Int32Array(256);
  /**
   * The last step of several frames, open field: each position's list (posList of parentList), kept
   * from expandLast for bestLast: lastList[lastOff[pi] ..][0 .. lastLen[pi]).
   */
  private lastList = new Int32Array(1024);
  private lastOff = new Int32Array(64);
  private lastLen = new Int32Array(64);
  private readonly axes = new AxisReads();
  /** The cells the current level's positions read (its map is drawn there only). */
  private reads: ReadCells | null = null;
  /** heldContacts()'s scratch: the ship's position (field units) on each frame of the move. */
  private shipX = new Float64Array(64);
  private shipY = new Float64Array(64);
  /** bestLast()'s moves of one position in decreasing order of their bound (moveOrder()), and per move that bound's E. */
  private order = new Int32Array(32);
  private orderE = new Float64Array(32);
  /** The position and run moveOrder() last worked for (bestLast calls it again for another). */
  private orderOf = -1;
  private orderRun = -1;
  /** Counts runs, for orderRun. */
  private run_ = 0;
  /** The pruned last step's bounds (run with `pruned`). */
  private readonly bounds = new LastStepBounds();
  /** While the pruned last step runs bestLast: the state's prefix P and the value to beat (bound − margin). */
  private pruning = false;
  private cutP = 0;
  private cutAt = -Infinity;
  /** The pruned last step: per (position, move) of its level, the move's end. */
  private endX = new Int32Array(64);
  private endY = new Int32Array(64);
  /** The pruned last step's positions of one batch. */
  private batchPos = new Int32Array(64);
  /** The pruned last step's map cells, drawn one by one (its leaves' cells are few and scattered). */
  private readonly cells = new CellPainter();
  /** The pruned last step's leaves of one batch (their map cells drawn together). */
  private batchLeaves = new Int32Array(64);
  /** The pruned last step's transitions of one batch whose contacts are known (no obstacle near). */
  private batchKnown = new Int32Array(64);
  /** Pruned runs: the last calm decisions' results (calm-cache.ts). */
  private readonly calm: CalmCache;
  /** Pruned runs: the last decision's best path, one step on a value to beat from the start (search-seed.ts). */
  private readonly seedPath = new SeedPath();
  /** What the seed path reads of this search (its fields set before each use). */
  private readonly seedCtx: SeedContext = {
    hList: this.hList,
    hn: 0,
    margin: this.margin,
    shapes: this.shapes,
    cells: this.cells,
    reads: null,
  };
  /** The seed path's value this run (−∞: none). */
  private seedBest = -Infinity;
  /** Per position of level D − 2 while it is expanded: 1 when no path through it can beat seedBest. */
  private cutPos = new Uint8Array(64);
  private cutting = false;
  /** The level whose states' forward prefix the bounds hold from cutLevel (0: none); the last step goes on from it. */
  private prefixAt = 0;
  /** Whether the last run gave back a kept result (its maps were then not drawn: drawFirstStep). */
  cached = false;
  /** Work counters of the last run (positions expanded and transitions evaluated; positions the seed cut). */
  states = 0;
  transitions = 0;
  cut = 0;

  constructor(private readonly p: DodgeProblem) {
    for (let k = 0; k <= p.depth; k++) this.levels.push(new Level());
    this.calm = new CalmCache(p.moves.count, p.depth);
  }

  /**
   * Runs on a prepared problem (with or without full maps: it builds the map windows it reads).
   * `pruned`: the last step skips every (state, move) that cannot beat the best path found so far
   * (search-bounds.ts): the same move, value, nodes survived, plan and first moves surviving their
   * step (rootL ≥ 1), but rootL / rootV of the other first moves are then only at most their exact
   * values (a skipped path counts as hit on its last step).
   */
  run(out: DodgeDecision, plan: DodgePlan | null, pruned = false): DodgeDecision {
    const p = this.p;
    const D = p.depth;
    const F = p.frames;
    const M = p.moves.count;
    const penalty = p.switchPenalty;
    const one = F === 1;
    this.states = 0;
    this.transitions = 0;
    this.cached = false;
    this.seedBest = -Infinity;
    this.prefixAt = 0;
    this.cut = 0;
    this.run_++;
    this.cullHorizon();
    // Calm surroundings (no obstacle near the reach, no danger shape on a read cell, open field):
    // the result depends on a few inputs only and often repeats (calm-cache.ts).
    const calm =
      pruned && this.hn === 0 && (!p.influenceMap || this.shapes.n === 0) && p.walls === null && p.world.pull === 0 && plan !== null;
    if (calm && this.calm.restore(p, out, plan)) {
      this.cached = true;
      return out;
    }

    // The template applies when no position of the horizon can touch an edge (or a wall).
    const far = D * F * p.moves.maxStep;
    const tpl =
      p.walls === null && p.startX - far >= p.loX && p.startX + far <= p.hiX && p.startY - far >= p.loY && p.startY + far <= p.hiY
        ? (this.template ??= new LatticeTemplate(D, F, p.moves))
        : null;

    const root = this.levels[0]!;
    if (tpl) root.fromTemplate(tpl, 0, p.startX, p.startY);
    else {
      root.reset();
      root.addPos(p.startX, p.startY);
    }
    root.posNear[0] = 0;
    if (penalty > 0) root.addState(0, p.prevMove);

    for (let k = 0; k < D; k++) {
      const lev = this.levels[k]!;
      const nxt = this.levels[k + 1]!;
      if (tpl) nxt.fromTemplate(tpl, k + 1, p.startX, p.startY);
      else nxt.reset();
      lev.ensureTransitions(M);
      lev.child = tpl ? tpl.child[k]! : lev.tChild;
      // Pruned, open field: the positions of level D − 2 through which no path can beat the seed
      // path are not expanded (their moves count as hit; search-bounds.ts cutLevel).
      this.cutting = pruned && !one && k === D - 2 && k >= 1 && p.walls === null && this.seed(k);
      const sn = this.cullStep(k, lev);
      // The last step of several frames leads to leaves: its contacts wait for backward induction.
      const lazy = !one && k === D - 1 && k > 0;
      if (lazy && pruned) {
        this.prunedLast(k, lev, nxt, sn, tpl !== null);
        break;
      }
      let expanded: number;
      if (one) expanded = this.expandOne(lev, nxt, sn, tpl !== null);
      else if (lazy) expanded = this.expandLast(lev, nxt, sn, tpl !== null);
      else expanded = this.expandMulti(k, lev, nxt, sn, tpl !== null);
      if (!lazy) this.transitions += expanded * M;
      this.states += expanded;
      this.evaluate(k, lev, nxt, tpl);
      if (penalty > 0 && !lazy && pruned && !one && k === D - 2) {
        // The pruned last step's level: its states indexed directly (position·M + last move).
        const ns = nxt.nPos * M;
        for (let si = 0; si < lev.nSt; si++) {
          const base = lev.stPos[si]! * M;
          const sb = si * M;
          for (let a = 0; a < M; a++) lev.sChild[sb + a] = lev.tNear[base + a]! < 0 ? -1 : lev.child[base + a]! * M + a;
        }
        nxt.direct = true;
        nxt.nSt = ns;
      } else if (penalty > 0 && !lazy) {
        // States (position, last move): a transition's value depends on the move before it.
        for (let si = 0; si < lev.nSt; si++) {
          const base = lev.stPos[si]! * M;
          const sb = si * M;
          for (let a = 0; a < M; a++) {
            const cp = lev.child[base + a]!;
            const dead = one ? nxt.posNear[cp]! < 0 : lev.tNear[base + a]! < 0;
            lev.sChild[sb + a] = dead ? -1 : nxt.addState(cp, a);
          }
        }
      }
    }
    const lastDone = pruned && !one && D > 1;
    if (penalty > 0) this.backward.states(p, this.levels, out, this.bestLastInto, lastDone);
    else this.backward.positions(p, this.levels, out, this.bestLastInto, lastDone);
    const r = this.levels[0]!;
    out.move = r.bMove[0]!;
    out.bits = p.moves.bits[out.move]!;
    out.value = r.bV[0]!;
    out.survived = r.bL[0]!;
    if (plan) fillPlan(p, this.levels, plan);
    if (calm) this.calm.store(p, out, plan);
    if (plan && pruned) this.seedPath.keep(plan.moves, plan.count);
    return out;
  }

  /**
   * After a run that gave back a kept result (cached): the map cells the first step's ends read,
   * as the search would have drawn them (Dodger.planFirstStep reads them).
   */
  drawFirstStep(): void {
    const p = this.p;
    if (!p.influenceMap) return;
    const map = p.maps[0]!;
    const reads = (this.reads ??= new ReadCells(map.cols, map.rows, map.cell));
    reads.reset();
    const F = p.frames;
    for (let a = 0; a < p.moves.count; a++) {
      const x = clampInt(p.startX + F * p.moves.dx[a]!, p.loX, p.hiX);
      const y = clampInt(p.startY + F * p.moves.dy[a]!, p.loY, p.hiY);
      reads.markPoint(a, x, y, INV_Q);
    }
    if (reads.nFresh > 0) this.cells.fill(map, p.world, F, this.shapes, reads.fresh, reads.nFresh);
  }

  /**
   * Obstacles whose path over frames 1 .. depth·F comes within the culling margin of the box the
   * ship can reach in the whole search: a superset of every step's and position's list below (same
   * test, larger box and time span), so those loops only visit these.
   */
  private cullHorizon(): void {
    const p = this.p;
    const w = p.world;
    const n = w.count;
    if (this.hList.length < n) {
      this.hList = new Int32Array(w.capacity);
      this.margin = new Float64Array(w.capacity);
      this.stepList = new Int32Array(w.capacity);
      this.posList = new Int32Array(w.capacity);
      this.stX = new Float64Array(w.capacity);
      this.stY = new Float64Array(w.capacity);
      this.stM = new Float64Array(w.capacity);
      this.stN2 = new Float64Array(w.capacity);
      this.stH2 = new Float64Array(w.capacity);
      this.sbX0 = new Float64Array(w.capacity);
      this.sbX1 = new Float64Array(w.capacity);
      this.sbY0 = new Float64Array(w.capacity);
      this.sbY1 = new Float64Array(w.capacity);
      this.moveList = new Int32Array(w.capacity);
    }
    const R = w.r;
    const shipR = w.shipR;
    const T = p.depth * p.frames;
    const reach = T * p.moves.maxStep;
    const bx0 = Math.max(p.loX, p.startX - reach) * INV_Q;
    const bx1 = Math.min(p.hiX, p.startX + reach) * INV_Q;
    const by0 = Math.max(p.loY, p.startY - reach) * INV_Q;
    const by1 = Math.min(p.hiY, p.startY + reach) * INV_Q;
    const hl = this.hList;
    const mg = this.margin;
    let hn = 0;
    for (let i = 0; i < n; i++) {
      const m = (R[i]! + shipR) * 2 + 1;
      if (!sweepsNear(w, i, 1, T, bx0, bx1, by0, by1, m)) continue;
      mg[i] = m;
      hl[hn++] = i;
    }
    this.hn = hn;
    if (p.influenceMap) {
      // Every level's window lies within the cells read around the box start ± reach (no step
      // moves the ship more than maxStep per frame along an axis, walls or not).
      const map = p.maps[0]!;
      const cell = map.cell;
      const cx0 = (readLo((p.startX - reach) * INV_Q, cell, map.cols) + 0.5) * cell;
      const cx1 = (readHi((p.startX + reach) * INV_Q, cell, map.cols) + 0.5) * cell;
      const cy0 = (readLo((p.startY - reach) * INV_Q, cell, map.rows) + 0.5) * cell;
      const cy1 = (readHi((p.startY + reach) * INV_Q, cell, map.rows) + 0.5) * cell;
      this.shapes.collect(w, p.frames, T, cx0, cx1, cy0, cy1, cell);
    }
  }

  /**
   * Step k's obstacles: those of the horizon list whose path over the step's frames comes within
   * the margin of the box the surviving positions of level k reach in the step (the union of the
   * per-position boxes expandOne / expandMulti test, so their lists are unchanged). With 1-frame
   * steps their position at that frame, margin and squared distances are copied densely (same
   * expressions as contactsAt); with longer steps their swept boxes and positions on every frame.
   * Returns the count.
   */
  private cullStep(k: number, lev: Level): number {
    const p = this.p;
    const w = p.world;
    const X = w.x;
    const Y = w.y;
    const VX = w.vx;
    const VY = w.vy;
    const F = p.frames;
    const t0 = k * F + 1;
    const t1 = (k + 1) * F;
    let x0 = Infinity;
    let x1 = -Infinity;
    let y0 = Infinity;
    let y1 = -Infinity;
    for (let pi = 0; pi < lev.nPos; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      const x = lev.posX[pi]!;
      const y = lev.posY[pi]!;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    if (x0 > x1) return 0;
    const reachStep = F * p.moves.maxStep;
    const bx0 = Math.max(p.loX, x0 - reachStep) * INV_Q;
    const bx1 = Math.min(p.hiX, x1 + reachStep) * INV_Q;
    const by0 = Math.max(p.loY, y0 - reachStep) * INV_Q;
    const by1 = Math.min(p.hiY, y1 + reachStep) * INV_Q;
    const hl = this.hList;
    const hn = this.hn;
    const mg = this.margin;
    const sl = this.stepList;
    let sn = 0;
    if (F === 1) {
      const sX = this.stX;
      const sY = this.stY;
      const sM = this.stM;
      const sN2 = this.stN2;
      const sH2 = this.stH2;
      const N2 = p.near2;
      const H2 = p.hit2;
      for (let j = 0; j < hn; j++) {
        const i = hl[j]!;
        const m = mg[i]!;
        const x = X[i]! + VX[i]! * t0;
        if (x < bx0 - m || x > bx1 + m) continue;
        const y = Y[i]! + VY[i]! * t0;
        if (y < by0 - m || y > by1 + m) continue;
        sX[sn] = x;
        sY[sn] = y;
        sM[sn] = m;
        sN2[sn] = N2[i]!;
        sH2[sn] = H2[i]!;
        sn++;
      }
      return sn;
    }
    if (this.fX.length < hn * F) {
      this.fX = new Float64Array(hn * F * 2);
      this.fY = new Float64Array(hn * F * 2);
    }
    const fX = this.fX;
    const fY = this.fY;
    const sX0 = this.sbX0;
    const sX1 = this.sbX1;
    const sY0 = this.sbY0;
    const sY1 = this.sbY1;
    const sN2 = this.stN2;
    const sH2 = this.stH2;
    const N2 = p.near2;
    const H2 = p.hit2;
    for (let j = 0; j < hn; j++) {
      const i = hl[j]!;
      const m = mg[i]!;
      const xa = X[i]! + VX[i]! * t0;
      const xb = X[i]! + VX[i]! * t1;
      const x0 = (xa < xb ? xa : xb) - m;
      const x1 = (xa < xb ? xb : xa) + m;
      if (x1 < bx0 || x0 > bx1) continue;
      const ya = Y[i]! + VY[i]! * t0;
      const yb = Y[i]! + VY[i]! * t1;
      const y0 = (ya < yb ? ya : yb) - m;
      const y1 = (ya < yb ? yb : ya) + m;
      if (y1 < by0 || y0 > by1) continue;
      sl[sn] = i;
      sX0[sn] = x0;
      sX1[sn] = x1;
      sY0[sn] = y0;
      sY1[sn] = y1;
      sN2[sn] = N2[i]!;
      sH2[sn] = H2[i]!;
      const o = sn * F;
      for (let f = 0; f < F; f++) {
        fX[o + f] = X[i]! + VX[i]! * (t0 + f);
        fY[o + f] = Y[i]! + VY[i]! * (t0 + f);
      }
      sn++;
    }
    return sn;
  }

  /**
   * 1-frame steps: the contacts depend on the child position only, so each child is checked once,
   * against the list of the first surviving parent that reaches it (any parent's list covers it:
   * the child lies in the parent's reach box). Returns the number of parents expanded.
   */
  private expandOne(lev: Level, nxt: Level, sn: number, fromTemplate: boolean): number {
    const p = this.p;
    const M = p.moves.count;
    const reachStep = p.moves.maxStep;
    const dX = p.moves.dx;
    const dY = p.moves.dy;
    const sX = this.stX;
    const sY = this.stY;
    const sM = this.stM;
    const sN2 = this.stN2;
    const sH2 = this.stH2;
    const pl = this.posList;
    const child = lev.child;
    let expanded = 0;
    for (let pi = 0; pi < lev.nPos; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      expanded++;
      const base = pi * M;
      const ix = lev.posX[pi]!;
      const iy = lev.posY[pi]!;
      const px0 = Math.max(p.loX, ix - reachStep) * INV_Q;
      const px1 = Math.min(p.hiX, ix + reachStep) * INV_Q;
      const py0 = Math.max(p.loY, iy - reachStep) * INV_Q;
      const py1 = Math.min(p.hiY, iy + reachStep) * INV_Q;
      let pn = 0;
      for (let j = 0; j < sn; j++) {
        const m = sM[j]!;
        const x = sX[j]!;
        if (x < px0 - m || x > px1 + m) continue;
        const y = sY[j]!;
        if (y < py0 - m || y > py1 + m) continue;
        pl[pn++] = j;
      }
      for (let a = 0; a < M; a++) {
        let cp: number;
        if (fromTemplate) cp = child[base + a]!;
        else {
          let x: number;
          let y: number;
          if (p.walls) {
            p.wallStep(ix, iy, dX[a]!, dY[a]!);
            x = p.outX;
            y = p.outY;
          } else {
            x = ix + dX[a]!;
            y = iy + dY[a]!;
            if (x < p.loX) x = p.loX;
            else if (x > p.hiX) x = p.hiX;
            if (y < p.loY) y = p.loY;
            else if (y > p.hiY) y = p.hiY;
          }
          cp = nxt.addPos(x, y);
          child[base + a] = cp;
        }
        if (nxt.posNear[cp] === UNSEEN) nxt.posNear[cp] = p.contactsCopied(nxt.posX[cp]!, nxt.posY[cp]!, sX, sY, sN2, sH2, pl, pn);
      }
    }
    return expanded;
  }

  /**
   * Steps of several frames: contacts per transition, since they depend on the frames in between.
   * - A held move sweeps a short segment: only the step obstacles whose swept box (grown by the
   *   margin) overlaps that segment's box can come within the nearly-hit distance on one of its
   *   frames, so only those are checked frame by frame. In the open field a move is a straight
   *   line clamped to the bounds: its frames lie between the first and the last, its end is the
   *   clamped end.
   * - The last frame of every move into a child is the child itself at the same time, so it is
   *   checked once per child (posEnd); a hit there kills every move into it unchecked.
   * - With walls (sliding, corner nudging) the moves go through problem.contacts on the parent's list.
   */
  private expandMulti(k: number, lev: Level, nxt: Level, sn: number, fromTemplate: boolean): number {
    const p = this.p;
    const M = p.moves.count;
    const walls = p.walls !== null;
    const child = lev.child;
    this.stepBoxes.build(sn, this.sbX0, this.sbX1, this.sbY0, this.sbY1, p.frames * p.moves.maxStep * INV_Q);
    let expanded = 0;
    const cut = this.cutting ? this.cutPos : null;
    for (let pi = 0; pi < lev.nPos; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      const base = pi * M;
      if (cut && cut[pi] === 1) {
        for (let a = 0; a < M; a++) lev.tNear[base + a] = -1;
        continue;
      }
      expanded++;
      const ix = lev.posX[pi]!;
      const iy = lev.posY[pi]!;
      const pn = this.parentList(ix, iy, walls);
      for (let a = 0; a < M; a++) {
        let c: number;
        let cp: number;
        if (walls) {
          c = p.contacts(k, ix, iy, a, this.posList, pn);
          cp = c < 0 ? -1 : nxt.addPos(p.outX, p.outY);
          child[base + a] = cp;
        } else {
          const ex = clampInt(ix + p.frames * p.moves.dx[a]!, p.loX, p.hiX);
          const ey = clampInt(iy + p.frames * p.moves.dy[a]!, p.loY, p.hiY);
          if (fromTemplate) cp = child[base + a]!;
          else child[base + a] = cp = nxt.addPos(ex, ey);
          if (pn === 0) {
            // heldContacts() with an empty list: the last frame's count, which is then 0.
            c = nxt.posEnd[cp]!;
            if (c === UNSEEN) c = nxt.posEnd[cp] = 0;
          } else c = this.heldContacts(ix, iy, a, ex, ey, this.posList, 0, pn, nxt, cp);
        }
        lev.tNear[base + a] = c;
        if (c >= 0) nxt.posNear[cp] = 0;
      }
    }
    return expanded;
  }

  /**
   * The last step when it has several frames (and is not the root's): the children, and the
   * contacts on their own frame (posEnd, shared by every move into them; a hit there kills those
   * moves). The children are leaves (a path that gets there survives every step), so backward
   * induction checks a parent's other moves best bound first and stops once no other can beat the
   * best (bestLast); every child not hit on its frame gets its node value for those bounds.
   */
  private expandLast(lev: Level, nxt: Level, sn: number, fromTemplate: boolean): number {
    const p = this.p;
    const M = p.moves.count;
    const F = p.frames;
    const walls = p.walls !== null;
    const child = lev.child;
    this.stepBoxes.build(sn, this.sbX0, this.sbX1, this.sbY0, this.sbY1, F * p.moves.maxStep * INV_Q);
    let expanded = 0;
    if (this.lastOff.length < lev.nPos) {
      this.lastOff = new Int32Array(lev.nPos * 2);
      this.lastLen = new Int32Array(lev.nPos * 2);
    }
    let off = 0;
    const dX = p.moves.dx;
    const dY = p.moves.dy;
    const loX = p.loX;
    const hiX = p.hiX;
    const loY = p.loY;
    const hiY = p.hiY;
    for (let pi = 0; pi < lev.nPos; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      expanded++;
      const base = pi * M;
      const ix = lev.posX[pi]!;
      const iy = lev.posY[pi]!;
      // Walls: problem.contacts checks every frame later (posEnd is the open field's).
      const pn = walls ? 0 : this.parentList(ix, iy, false);
      if (!walls) off = this.keepList(pi, pn, off);
      for (let a = 0; a < M; a++) {
        let cp: number;
        if (fromTemplate) cp = child[base + a]!;
        else {
          let x = ix;
          let y = iy;
          if (walls) {
            for (let f = 0; f < F; f++) {
              p.wallStep(x, y, dX[a]!, dY[a]!);
              x = p.outX;
              y = p.outY;
            }
          } else {
            x = ix + F * dX[a]!;
            y = iy + F * dY[a]!;
            x = x < loX ? loX : x > hiX ? hiX : x;
            y = y < loY ? loY : y > hiY ? hiY : y;
          }
          child[base + a] = cp = nxt.addPos(x, y);
        }
        if (walls) {
          lev.tNear[base + a] = DEFERRED;
          nxt.posNear[cp] = 0;
          continue;
        }
        const posEnd = nxt.posEnd; // (after addPos, which may grow it)
        let end = posEnd[cp]!;
        // (frameContacts() of an empty list is 0.)
        if (end === UNSEEN) end = posEnd[cp] = pn === 0 ? 0 : this.frameContacts(F, nxt.posX[cp]!, nxt.posY[cp]!, this.posList, pn);
        if (end < 0) {
          lev.tNear[base + a] = -1;
          continue;
        }
        if (pn === 0) {
          // Nothing can come near this parent during the step: the move's contacts are its last
          // frame's (what heldContacts returns with an empty list), known now; evaluate() sets tE.
          lev.tNear[base + a] = end;
          this.transitions++;
        } else lev.tNear[base + a] = DEFERRED;
        nxt.posNear[cp] = 0;
      }
    }
    return expanded;
  }

  /**
   * The last step, open field: position pi's list (posList[0 .. pn)) kept at lastList[off ..] for
   * bestLast, which checks the position's moves later. Returns the offset after it.
   */
  private keepList(pi: number, pn: number, off: number): number {
    if (this.lastList.length < off + pn) {
      const grown = new Int32Array((off + pn) * 2);
      grown.set(this.lastList.subarray(0, off));
      this.lastList = grown;
    }
    const ll = this.lastList;
    const pl = this.posList;
    for (let q = 0; q < pn; q++) ll[off + q] = pl[q]!;
    this.lastOff[pi] = off;
    this.lastLen[pi] = pn;
    return off + pn;
  }

  /**
   * The step entries that can come near the box a position at (ix, iy) reaches in the step, into
   * posList (with walls as obstacle indices, for problem.contacts). Returns the count.
   */
  private parentList(ix: number, iy: number, walls: boolean): number {
    const p = this.p;
    const reachStep = p.frames * p.moves.maxStep;
    const px0 = Math.max(p.loX, ix - reachStep) * INV_Q;
    const px1 = Math.min(p.hiX, ix + reachStep) * INV_Q;
    const py0 = Math.max(p.loY, iy - reachStep) * INV_Q;
    const py1 = Math.min(p.hiY, iy + reachStep) * INV_Q;
    const sX0 = this.sbX0;
    const sX1 = this.sbX1;
    const sY0 = this.sbY0;
    const sY1 = this.sbY1;
    const pl = this.posList;
    const g = this.stepBoxes;
    const order = g.order;
    let pn = 0;
    g.query(px0, px1, py0, py1);
    for (let r = g.ra; r <= g.rb; r++) {
      const end = g.start[r * g.nx + g.cb + 1]!;
      for (let q = g.start[r * g.nx + g.ca]!; q < end; q++) {
        const j = order[q]!;
        if (sX1[j]! < px0 || sX0[j]! > px1 || sY1[j]! < py0 || sY0[j]! > py1) continue;
        pl[pn++] = j;
      }
    }
    if (walls) for (let q = 0; q < pn; q++) pl[q] = this.stepList[pl[q]!]!;
    return pn;
  }

  /**
   * Open field: contacts of move a held from (ix, iy) to its (clamped) end (ex, ey), child cp of
   * nxt, checking only the entries of the parent's list (pl[off .. off + pn)) near the move's own box.
   * −1 on a hit, else the nearly-hit count over the step's frames (as problem.contacts).
   */
  private heldContacts(
    ix: number,
    iy: number,
    a: number,
    ex: number,
    ey: number,
    pl: Int32Array,
    off: number,
    pn: number,
    nxt: Level,
    cp: number,
  ): number {
    const p = this.p;
    const F = p.frames;
    const ddx = p.moves.dx[a]!;
    const ddy = p.moves.dy[a]!;
    const ml = this.moveList;
    let mn = 0;
    if (pn > 0) {
      // The move's first and last frame (clamping keeps the frames in between between them).
      const ax = clampInt(ix + ddx, p.loX, p.hiX) * INV_Q;
      const ay = clampInt(iy + ddy, p.loY, p.hiY) * INV_Q;
      const bx = ex * INV_Q;
      const by = ey * INV_Q;
      const mx0 = ax < bx ? ax : bx;
      const mx1 = ax < bx ? bx : ax;
      const my0 = ay < by ? ay : by;
      const my1 = ay < by ? by : ay;
      const sX0 = this.sbX0;
      const sX1 = this.sbX1;
      const sY0 = this.sbY0;
      const sY1 = this.sbY1;
      for (let q = off; q < off + pn; q++) {
        const j = pl[q]!;
        if (sX1[j]! < mx0 || sX0[j]! > mx1 || sY1[j]! < my0 || sY0[j]! > my1) continue;
        ml[mn++] = j;
      }
    }
    let end = nxt.posEnd[cp]!;
    if (end === UNSEEN) end = nxt.posEnd[cp] = this.frameContacts(F, ex, ey, ml, mn);
    if (end < 0 || mn === 0) return end;
    // Frames 1 .. F−1, obstacle by obstacle (a count and a hit do not depend on the order).
    const shX = this.shipX;
    const shY = this.shipY;
    for (let f = 1; f < F; f++) {
      shX[f] = clampInt(ix + f * ddx, p.loX, p.hiX) * INV_Q;
      shY[f] = clampInt(iy + f * ddy, p.loY, p.hiY) * INV_Q;
    }
    const fX = this.fX;
    const fY = this.fY;
    const N2 = this.stN2;
    const H2 = this.stH2;
    let nearly = end;
    for (let q = 0; q < mn; q++) {
      const j = ml[q]!;
      const o = j * F - 1;
      const n2 = N2[j]!;
      for (let f = 1; f < F; f++) {
        const dx = fX[o + f]! - shX[f]!;
        const dy = fY[o + f]! - shY[f]!;
        const d2 = dx * dx + dy * dy;
        if (d2 <= n2) {
          if (d2 <= H2[j]!) return -1;
          nearly++;
        }
      }
    }
    return nearly;
  }

  /**
   * Frame f of the step with the ship at lattice point (x, y), against the step entries
   * list[0..n): −1 when one hits, else how many are within the nearly-hit distance. The same test on
   * the same numbers as problem.contactsAt (fX holds X + VX·t for that frame's t).
   */
  private frameContacts(f: number, x: number, y: number, list: Int32Array, n: number): number {
    const F = this.p.frames;
    const fX = this.fX;
    const fY = this.fY;
    const N2 = this.stN2;
    const H2 = this.stH2;
    const sx = x * INV_Q;
    const sy = y * INV_Q;
    const o = f - 1;
    let nearly = 0;
    for (let q = 0; q < n; q++) {
      const j = list[q]!;
      const dx = fX[j * F + o]! - sx;
      const dy = fY[j * F + o]! - sy;
      const d2 = dx * dx + dy * dy;
      if (d2 <= N2[j]!) {
        if (d2 <= H2[j]!) return -1;
        nearly++;
      }
    }
    return nearly;
  }

  /**
   * The last step of several frames, pruned (run with `pruned`): its positions are taken in
   * decreasing order of their bound (search-bounds.ts), in batches of 2, 4, 8, …: a batch's leaves
   * that some move still worth checking reaches get their last-frame contacts and their map cells
   * (drawn together), then each state of the batch gets its best move (bestLast, skipping the moves
   * whose bound is below the best path so far). A position whose bound is below the best path by
   * the time its turn comes is not taken: its states count as hit on this step.
   */
  private prunedLast(k: number, lev: Level, nxt: Level, sn: number, fromTemplate: boolean): void {
    const p = this.p;
    const M = p.moves.count;
    const F = p.frames;
    const D = p.depth;
    const walls = p.walls !== null;
    const child = lev.child;
    const states = p.switchPenalty > 0;
    this.stepBoxes.build(sn, this.sbX0, this.sbX1, this.sbY0, this.sbY1, F * p.moves.maxStep * INV_Q);
    // Each move's end (the leaf): worked out, and hashed into nxt, only for the positions taken.
    if (this.endX.length < lev.nPos * M) {
      this.endX = new Int32Array(lev.nPos * M * 2);
      this.endY = new Int32Array(lev.nPos * M * 2);
    }
    const endX = this.endX;
    const endY = this.endY;
    const bd = this.bounds;
    bd.prefix(p, this.levels, k, this.prefixAt);
    bd.bounds(p, lev, F * p.moves.maxStep);
    // Every state counts as hit on this step until its position is taken (bestLast then sets it).
    const ns = states ? lev.nSt : lev.nPos;
    lev.ensureBest(ns);
    lev.bL.fill(k, 0, ns);
    lev.bV.fill(0, 0, ns);
    lev.bMove.fill(0, 0, ns);
    if (this.lastOff.length < lev.nPos) {
      this.lastOff = new Int32Array(lev.nPos * 2);
      this.lastLen = new Int32Array(lev.nPos * 2);
    }
    if (this.batchLeaves.length < lev.nPos * M) this.batchLeaves = new Int32Array(lev.nPos * M * 2);
    if (this.batchPos.length < lev.nPos) this.batchPos = new Int32Array(lev.nPos * 2);
    if (this.batchKnown.length < lev.nPos * M) this.batchKnown = new Int32Array(lev.nPos * M * 2);
    const useMap = p.influenceMap;
    const map = p.maps[k]!;
    const reads = useMap ? (this.reads ??= new ReadCells(map.cols, map.rows, map.cell)) : null;
    const order = bd.order;
    const posBound = bd.posBound;
    const moveBound = bd.moveBound;
    const P = bd.prefixOf;
    const LB = bd.leafBound;
    const c = p.weights[k]!;
    const penalty = p.switchPenalty;
    // The seed path's value (if any) is the first value to beat.
    let best = this.seedBest;
    let cutAt = best === -Infinity ? -Infinity : best - LastStepBounds.margin(best);
    let off = 0;
    let j = 0;
    let size = 2;
    const batch = this.batchPos;
    reads?.reset();
    this.pruning = true;
    while (j < bd.count) {
      // The next positions still worth taking (a position whose bound is below the value to beat
      // is left: no path through it can beat the best one, it counts as hit on this step).
      let nb = 0;
      let nk = 0;
      let np = 0;
      while (j < bd.count && np < size) {
        const pi = order[j++]!;
        if (posBound[pi]! < cutAt) continue;
        this.moveEnds(lev, pi);
        bd.moveBounds(p, pi, endX, endY);
        if (bd.top < cutAt) continue;
        batch[np++] = pi;
        this.states++;
        const base = pi * M;
        const pn = walls ? 0 : this.parentList(lev.posX[pi]!, lev.posY[pi]!, false);
        if (!walls) off = this.keepList(pi, pn, off);
        for (let a = 0; a < M; a++) {
          const t = base + a;
          if (moveBound[t]! < cutAt) continue; // (bestLast skips it too)
          const cp = fromTemplate ? child[t]! : (child[t] = nxt.addPos(endX[t]!, endY[t]!));
          if (walls) lev.tNear[t] = DEFERRED;
          else {
            let e = nxt.posEnd[cp]!;
            if (e === UNSEEN) e = nxt.posEnd[cp] = pn === 0 ? 0 : this.frameContacts(F, nxt.posX[cp]!, nxt.posY[cp]!, this.posList, pn);
            if (e < 0) {
              lev.tNear[t] = -1;
              continue;
            }
            if (pn === 0) {
              // Nothing near this parent during the step: the move's contacts are its last frame's.
              lev.tNear[t] = e;
              this.batchKnown[nk++] = t;
              this.transitions++;
            } else lev.tNear[t] = DEFERRED;
          }
          if (nxt.posNear[cp] === UNSEEN) {
            nxt.posNear[cp] = 0;
            this.batchLeaves[nb++] = cp;
            if (reads) reads.markPoint(cp, nxt.posX[cp]!, nxt.posY[cp]!, INV_Q);
          }
        }
      }
      size *= 2;
      // The batch's leaves: their new map cells, danger, node values; the known transitions' values.
      // (nxt's arrays are read here, after addPos, which may have grown them.)
      const X = nxt.posX;
      const Y = nxt.posY;
      if (reads && nb > 0) {
        if (reads.nFresh > 0) this.cells.fill(map, p.world, (k + 1) * F, this.shapes, reads.fresh, reads.nFresh);
        reads.nFresh = 0;
        reads.dangersOf(map.values, this.batchLeaves, nb, nxt.posD);
      }
      for (let r = 0; r < nb; r++) {
        const cp = this.batchLeaves[r]!;
        nxt.posE[cp] = p.nodeE(X[cp]!, Y[cp]!, nxt.posD[cp]!, 0);
      }
      for (let r = 0; r < nk; r++) {
        const t = this.batchKnown[r]!;
        const e = lev.tNear[t]!;
        const cp = child[t]!;
        lev.tE[t] = e === 0 ? nxt.posE[cp]! : p.nodeE(X[cp]!, Y[cp]!, nxt.posD[cp]!, e);
      }
      // Each state's best move; a state that reaches the leaves raises the value to beat.
      for (let b = 0; b < np; b++) {
        const pi = batch[b]!;
        let e0max = -Infinity;
        for (let q = pi * M; q < pi * M + M; q++) if (LB[q]! > e0max) e0max = LB[q]!;
        // The position's states: one per last move (without a switch penalty, the position).
        for (let r = 0; r < (states ? M : 1); r++) {
          // (States are indexed directly there: position·M + last move; P −∞ where there is none.)
          const si = states ? pi * M + r : pi;
          const Ps = P[si]!;
          if (states && Ps === -Infinity) continue;
          // Every move of the state below the value to beat (bestLast's skip test at the largest E0,
          // and at the held move's, which pays no penalty): the state stays hit on this step.
          if (Ps + c * (states ? e0max - penalty : e0max) < cutAt && (!states || Ps + c * LB[pi * M + r]! < cutAt)) continue;
          this.cutP = Ps;
          this.cutAt = cutAt;
          this.bestLast(k, lev, nxt, pi, states ? r : -1, si);
          if (lev.bL[si] === D) {
            const v = P[si]! + lev.bV[si]!;
            if (v > best) {
              best = v;
              cutAt = best - LastStepBounds.margin(best);
            }
          }
        }
      }
    }
    this.pruning = false;
  }

  /**
   * Before level k is expanded (pruned, open field): the seed path's value into seedBest and, when
   * there is one, the positions no path through which can beat it into cutPos. Whether to cut.
   */
  private seed(k: number): boolean {
    const p = this.p;
    const lev = this.levels[k]!;
    const ctx = this.seedCtx;
    ctx.hList = this.hList;
    ctx.hn = this.hn;
    ctx.margin = this.margin;
    if (p.influenceMap) {
      const map = p.maps[0]!;
      ctx.reads = this.reads ??= new ReadCells(map.cols, map.rows, map.cell);
    } else ctx.reads = null;
    this.seedBest = this.seedPath.value(p, this.levels, k, ctx);
    if (this.seedBest === -Infinity) return false;
    if (this.cutPos.length < lev.nPos) this.cutPos = new Uint8Array(lev.nPos * 2);
    this.cut = this.bounds.cutLevel(p, this.levels, k, this.seedBest - LastStepBounds.margin(this.seedBest), this.cutPos);
    this.prefixAt = k;
    return true;
  }

  /** The ends (endX, endY) of position pi's moves over the last step (clamped, or through the walls). */
  private moveEnds(lev: Level, pi: number): void {
    const p = this.p;
    const M = p.moves.count;
    const F = p.frames;
    const dX = p.moves.dx;
    const dY = p.moves.dy;
    const ix = lev.posX[pi]!;
    const iy = lev.posY[pi]!;
    for (let a = 0; a < M; a++) {
      let x = ix;
      let y = iy;
      if (p.walls) {
        for (let f = 0; f < F; f++) {
          p.wallStep(x, y, dX[a]!, dY[a]!);
          x = p.outX;
          y = p.outY;
        }
      } else {
        x = clampInt(ix + F * dX[a]!, p.loX, p.hiX);
        y = clampInt(iy + F * dY[a]!, p.loY, p.hiY);
      }
      this.endX[pi * M + a] = x;
      this.endY[pi * M + a] = y;
    }
  }

  /**
   * Backward induction at the last step of several frames (see expandLast), from position pi of
   * level k whose last move was `last`: the best move by (survived, value) with the earliest move
   * winning ties. A move's value is at most its value with no nearly-hit pair (node value E of its
   * child, penalised as usual): the moves are taken in decreasing order of E (moveOrder(), once
   * per position for all its states), the held move `last` where its unpenalised bound puts it,
   * and the rest skipped once none can beat the best. Writes (survived, value, move) into
   * lev.bL / bV / bMove at `into`; checked transitions keep tNear and tE.
   */
  private bestLast(k: number, lev: Level, nxt: Level, pi: number, last: number, into: number): void {
    const p = this.p;
    const M = p.moves.count;
    const D = p.depth;
    const c = p.weights[k]!;
    const penalty = p.switchPenalty;
    const base = pi * M;
    const tNear = lev.tNear;
    // penalised() written out (a call returning a double boxes it): a move other than `last` pays.
    const pays = penalty > 0 && last >= 0;
    // Pruned last step: a move whose bound (search-bounds.ts, same expression) is below the value
    // to beat is skipped as if hit (its leaf may not have been evaluated).
    const pruning = this.pruning;
    const cutP = this.cutP;
    const cutAt = this.cutAt;
    const LB = this.bounds.leafBound;
    if (this.orderOf !== pi || this.orderRun !== this.run_) this.moveOrder(lev, nxt, pi);
    const order = this.order;
    const EB = this.orderE;
    // The bounds along `order` (c·penalised(E) for every move but `last`) never increase: E does
    // not, and rounding keeps the order (c > 0). `last` pays nothing: it is taken in its place.
    const ownE = pays ? EB[last]! : -Infinity;
    const ownB = ownE === -Infinity ? -Infinity : c * ownE + 0;
    let ownDone = !pays;
    let bestL = -1;
    let bestV = -Infinity;
    let bestA = 0;
    // With walls the list is made when first needed; in the open field expandLast kept it.
    const walls = p.walls !== null;
    let pn = walls ? -1 : this.lastLen[pi]!;
    const list = walls ? this.posList : this.lastList;
    const off = walls ? 0 : this.lastOff[pi]!;
    let i = 0;
    for (;;) {
      if (pays && i < M && order[i] === last) i++;
      let a = -1;
      let b = -Infinity;
      if (i < M) {
        a = order[i]!;
        const E = EB[a]!;
        b = E === -Infinity ? -Infinity : c * (pays ? E - penalty : E) + 0;
      }
      if (!ownDone && (a < 0 || ownB > b || (ownB === b && last < a))) {
        a = last;
        b = ownB;
        ownDone = true;
      } else if (a < 0) break;
      else i++;
      // (Only a bound below the best stops: two moves with equal bounds may come in either order.)
      if (bestL === D && b < bestV) break;
      const pa = pays && a !== last;
      let t = tNear[base + a]!;
      if (pruning && t !== -1) {
        const E0 = LB[base + a]!;
        if (cutP + c * (pa ? E0 - penalty : E0) < cutAt) t = -1;
      }
      if (t === DEFERRED) {
        if (pn < 0) pn = this.parentList(lev.posX[pi]!, lev.posY[pi]!, true);
        t = this.lastContacts(k, lev, nxt, pi, a, list, off, pn);
      }
      let L: number;
      let V: number;
      if (t < 0) {
        L = k;
        V = 0;
      } else {
        L = D;
        const E = lev.tE[base + a]!;
        V = c * (pa ? E - penalty : E) + 0;
      }
      if (better(L, V, bestL, bestV) || (L === bestL && V === bestV && a < bestA)) {
        bestL = L;
        bestV = V;
        bestA = a;
      }
    }
    lev.bL[into] = bestL;
    lev.bV[into] = bestV;
    lev.bMove[into] = bestA;
  }

  /**
   * Position pi's moves into `order` by decreasing E (its child's node value with no nearly-hit
   * pair; −∞ for a move known to be hit, or in the pruned last step one skipped in every state:
   * its bound is below the value to beat, and its child may not be worked out), the earlier move
   * first on equal E; E into orderE.
   */
  private moveOrder(lev: Level, nxt: Level, pi: number): void {
    const M = this.p.moves.count;
    const base = pi * M;
    const child = lev.child;
    const tNear = lev.tNear;
    const posE = nxt.posE;
    const order = this.order;
    const EB = this.orderE;
    const pruning = this.pruning;
    const cutAt = this.cutAt;
    const moveBound = this.bounds.moveBound;
    for (let q = 0; q < M; q++) {
      const cut = tNear[base + q] === -1 || (pruning && moveBound[base + q]! < cutAt);
      const E = cut ? -Infinity : posE[child[base + q]!]!;
      EB[q] = E;
      // Insertion: after every move with E at least as large (earlier moves come first on a tie).
      let o = q;
      while (o > 0 && EB[order[o - 1]!]! < E) {
        order[o] = order[o - 1]!;
        o--;
      }
      order[o] = q;
    }
    this.orderOf = pi;
    this.orderRun = this.run_;
  }

  /** Contacts of a deferred last-step transition (pi, a), with its node value into tE. */
  private lastContacts(k: number, lev: Level, nxt: Level, pi: number, a: number, list: Int32Array, off: number, pn: number): number {
    const p = this.p;
    const t = pi * p.moves.count + a;
    const ix = lev.posX[pi]!;
    const iy = lev.posY[pi]!;
    const cp = lev.child[t]!;
    const c =
      p.walls !== null
        ? p.contacts(k, ix, iy, a, list, pn)
        : this.heldContacts(ix, iy, a, nxt.posX[cp]!, nxt.posY[cp]!, list, off, pn, nxt, cp);
    this.transitions++;
    lev.tNear[t] = c;
    if (c >= 0) lev.tE[t] = c === 0 ? nxt.posE[cp]! : p.nodeE(nxt.posX[cp]!, nxt.posY[cp]!, nxt.posD[cp]!, c);
    return c;
  }

  /** Level k+1's map over the cells its surviving positions read, their danger, and the node values. */
  private evaluate(k: number, lev: Level, nxt: Level, tpl: LatticeTemplate | null): void {
    const p = this.p;
    const M = p.moves.count;
    const n = nxt.nPos;
    const near = nxt.posNear;
    const X = nxt.posX;
    const Y = nxt.posY;
    if (p.influenceMap) {
      const map = p.maps[k]!;
      const t = (k + 1) * p.frames;
      if (p.frames === 1) {
        // 1-frame steps: the positions lie closer than a cell, so the box of the cells they read is
        // about the cells they read.
        let x0 = Infinity;
        let x1 = -Infinity;
        let y0 = Infinity;
        let y1 = -Infinity;
        for (let cp = 0; cp < n; cp++) {
          if (near[cp]! < 0) continue;
          const x = X[cp]!;
          const y = Y[cp]!;
          if (x < x0) x0 = x;
          if (x > x1) x1 = x;
          if (y < y0) y0 = y;
          if (y > y1) y1 = y;
        }
        const cell = map.cell;
        if (x0 <= x1) {
          map.buildWindow(
            p.world,
            t,
            readLo(x0 * INV_Q, cell, map.cols),
            readHi(x1 * INV_Q, cell, map.cols),
            readLo(y0 * INV_Q, cell, map.rows),
            readHi(y1 * INV_Q, cell, map.rows),
            this.shapes,
          );
        }
      } else {
        // Longer steps: the positions lie cells apart; draw only the cells interpolation reads there.
        // Each position's reads are worked out once: to mark its cells, then to interpolate.
        const reads = (this.reads ??= new ReadCells(map.cols, map.rows, map.cell));
        reads.reset();
        for (let cp = 0; cp < n; cp++) if (near[cp]! >= 0) reads.markPoint(cp, X[cp]!, Y[cp]!, INV_Q);
        if (reads.nFresh > 0) this.cells.fill(map, p.world, t, this.shapes, reads.fresh, reads.nFresh);
        reads.dangers(map.values, near, n, nxt.posD);
      }
      if (p.frames > 1) {
        // (danger worked out above)
      } else if (tpl) {
        // Template levels: interpolation's per-axis work once per distinct coordinate.
        const ax = this.axes;
        const xs = tpl.xs[k + 1]!;
        const ys = tpl.ys[k + 1]!;
        const xi = tpl.xi[k + 1]!;
        const yi = tpl.yi[k + 1]!;
        ax.reset(p.maps[k]!, xs.length, ys.length);
        for (let i = 0; i < xs.length; i++) ax.setX(i, (p.startX + xs[i]!) * INV_Q);
        for (let j = 0; j < ys.length; j++) ax.setY(j, (p.startY + ys[j]!) * INV_Q);
        for (let cp = 0; cp < n; cp++) if (near[cp]! >= 0) nxt.posD[cp] = ax.at(xi[cp]!, yi[cp]!);
      } else for (let cp = 0; cp < n; cp++) if (near[cp]! >= 0) nxt.posD[cp] = p.dangerAt(k, X[cp]!, Y[cp]!);
    }
    // Without a map the danger is never read (nodeE ignores it). With 1-frame steps posE is the
    // node value of every transition into the child; with longer steps (posNear 0) its value with
    // no nearly-hit pair, which is each transition's that has none.
    p.nodeValues(X, Y, nxt.posD, near, n, nxt.posE);
    if (p.frames === 1) return;
    const child = lev.child;
    for (let pi = 0; pi < lev.nPos; pi++) {
      if (lev.posNear[pi]! < 0) continue;
      const base = pi * M;
      for (let a = 0; a < M; a++) {
        const c = lev.tNear[base + a]!;
        if (c < 0) continue;
        const cp = child[base + a]!;
        lev.tE[base + a] = c === 0 ? nxt.posE[cp]! : p.nodeE(X[cp]!, Y[cp]!, nxt.posD[cp]!, c);
      }
    }
  }
}
