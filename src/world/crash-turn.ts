// Crash-and-turn (seed 003, "AI navigation"), the naive baseline:
//   1. move toward the target;
//   2. on hitting a wall, turn to the direction that gets closest to the target; when there is no
//      good choice, pick one at random.
// Here "directions" are the 4 axis directions whose neighbouring cell is open, "closest to the
// target" is the largest dot product with the straight line to the target, "no good choice" is when
// none of them has a positive dot product (or the only one is straight back), and the turned heading is
// held for `commit` cells of travel (or until the next crash) before heading straight at the target
// again. It gets stuck behind concave walls, as the seed warns. Random choices use the caller's
// seeded stream, so runs are reproducible.

import { type TileGrid, type Vec2, isOpenCell } from '../geom/grid';

export interface CrashTurnOptions {
  /** Cells to travel on a turned heading before trying the straight line again. Default 1.5. */
  commit?: number;
}

const AX = [1, 0, -1, 0];
const AY = [0, 1, 0, -1];

export class CrashTurn {
  readonly heading: Vec2 = { x: 0, y: 0 };
  /** Travel left (cells) on the current turned heading; 0 while heading straight at the target. */
  committed = 0;
  crashes = 0;
  readonly commit: number;

  constructor(
    readonly grid: TileGrid,
    private readonly rand: () => number,
    opts: CrashTurnOptions = {},
  ) {
    this.commit = opts.commit ?? 1.5;
  }

  reset(): void {
    this.heading.x = 0;
    this.heading.y = 0;
    this.committed = 0;
    this.crashes = 0;
  }

  /**
   * Chooses the heading for an agent at (x, y) chasing (tx, ty). `crashed`: the last move was blocked
   * (the agent covered less than half the distance it tried); `moved`: the distance it did cover.
   */
  update(x: number, y: number, tx: number, ty: number, crashed: boolean, moved: number): void {
    const dx = tx - x;
    const dy = ty - y;
    const len = Math.sqrt(dx * dx + dy * dy);
    const ux = len > 0 ? dx / len : 0;
    const uy = len > 0 ? dy / len : 0;
    if (crashed) {
      this.turn(x, y, ux, uy);
      return;
    }
    if (this.committed > 0) {
      this.committed -= moved;
      if (this.committed > 0) return;
      this.committed = 0;
    }
    this.heading.x = ux;
    this.heading.y = uy;
  }

  private turn(x: number, y: number, ux: number, uy: number): void {
    this.crashes++;
    const cx = Math.floor(x);
    const cy = Math.floor(y);
    let best = -1;
    let bestDot = 0;
    let open = 0;
    for (let d = 0; d < 4; d++) {
      if (!isOpenCell(this.grid, cx + AX[d]!, cy + AY[d]!)) continue;
      // Not the heading that just crashed.
      if (AX[d]! * this.heading.x + AY[d]! * this.heading.y > 0.99) continue;
      open |= 1 << d;
      const dot = AX[d]! * ux + AY[d]! * uy;
      if (dot > bestDot) {
        bestDot = dot;
        best = d;
      }
    }
    if (best < 0) {
      // No good choice: a random open direction (any of the 4 when boxed in).
      let count = 0;
      for (let d = 0; d < 4; d++) if (open & (1 << d)) count++;
      if (count === 0) {
        best = Math.floor(this.rand() * 4) & 3;
      } else {
        let pick = Math.floor(this.rand() * count);
        for (let d = 0; d < 4; d++) {
          if (!(open & (1 << d))) continue;
          if (pick-- === 0) {
            best = d;
            break;
          }
        }
      }
    }
    this.heading.x = AX[best]!;
    this.heading.y = AY[best]!;
    this.committed = this.commit;
  }
}
