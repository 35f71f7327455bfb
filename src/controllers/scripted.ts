// A deliberately simple scripted CPU: it stands in for the real dodger (src/cpu) where a quick,
// predictable opponent is enough. It keeps shooting, lines up under the nearest enemy, steps
// away from the most threatening nearby bullet, and spends a charge level when crowded.
// In a maze (until the planner CPU lands) it follows a flow field (geodesic distances) to the exit,
// stops under a chaser that stands in its way above it to shoot it, and still steps away from bullets.
import { FlowField } from '../world/flow-field';
import { lineOfSight } from '../world/perception';
import type { Vec2 } from '../geom/grid';
import type { Maze } from '../maze/maze';
import { FIELD_H, FIELD_W } from '../sim/constants';
import type { BulletPool } from '../sim/bullet-pool';
import { EnemyKind } from '../sim/enemy-pool';
import { Input } from '../sim/input';
import type { Controller } from '../sim/controller';
import type { MatchState } from '../sim/state';
import { gaugeLevels } from '../sim/versus';

const HOME_Y = FIELD_H - 70;
const TILE = 16;
/** sin 22.5°: a heading component below this presses no key on that axis (8 directions). */
const AXIS = 0.3827;

export class ScriptedCpu implements Controller {
  readonly spec = 'scripted';
  readonly human = false;
  private chargeHold = 0;
  private flow: FlowField | null = null;
  private flowMaze: Maze | null = null;
  private readonly heading: Vec2 = { x: 0, y: 0 };

  decide(s: Readonly<MatchState>, side: number): number {
    const me = s.sides[side]!;
    const ship = me.ship;
    let bits: number = Input.SHOT;
    if (me.maze) return this.decideMaze(s, side, me.maze.maze);
    // Threat: bullets that will pass close within the next 24 frames.
    const scan = scanThreats(me.bullets, ship.x, ship.y, 28, false, this.scan);
    const tx = scan.x;
    const ty = scan.y;
    const crowd = scan.crowd;
    let wantX: number;
    let wantY = HOME_Y;
    if (tx !== 0 || ty !== 0) {
      wantX = ship.x + Math.sign(tx) * 40;
      wantY = ship.y + Math.sign(ty) * 30;
    } else {
      wantX = this.nearestEnemyX(s, side) ?? FIELD_W / 2;
    }
    if (wantX < ship.x - 3) bits |= Input.LEFT;
    else if (wantX > ship.x + 3) bits |= Input.RIGHT;
    if (wantY < ship.y - 3) bits |= Input.UP;
    else if (wantY > ship.y + 3) bits |= Input.DOWN;
    // Crowded with a level in the gauge: hold charge briefly, then release for a level-1 clear.
    if (this.chargeHold > 0) {
      this.chargeHold--;
      if (this.chargeHold > 0) bits |= Input.CHARGE;
    } else if (crowd >= 14 && gaugeLevels(me) >= 1 && ship.invuln === 0) {
      this.chargeHold = 6;
      bits |= Input.CHARGE;
    }
    return bits;
  }

  /** Maze: threat avoidance first, then a chaser to shoot, then the flow field toward the exit. */
  private decideMaze(s: Readonly<MatchState>, side: number, maze: Maze): number {
    const me = s.sides[side]!;
    const ship = me.ship;
    let bits: number = Input.SHOT;
    const threat = this.threat(s, side);
    if (threat) {
      if (threat.x !== 0) bits |= threat.x > 0 ? Input.RIGHT : Input.LEFT;
      if (threat.y !== 0) bits |= threat.y > 0 ? Input.DOWN : Input.UP;
      return bits;
    }
    // A chaser close above, in line of sight: line up under it and let the shots do the work.
    const pool = me.enemies;
    for (let j = 0; j < pool.count; j++) {
      const e = pool.items[j]!;
      if (e.kind !== EnemyKind.CHASER || e.age < 0) continue;
      const dx = e.x - ship.x;
      const dy = e.y - ship.y;
      if (dy > -20 || dy < -110 || Math.abs(dx) > 40) continue;
      if (!lineOfSight(maze, ship.x / TILE, ship.y / TILE, e.x / TILE, e.y / TILE)) continue;
      if (dx < -3) bits |= Input.LEFT;
      else if (dx > 3) bits |= Input.RIGHT;
      return bits;
    }
    if (this.flowMaze !== maze) {
      this.flowMaze = maze;
      this.flow = new FlowField(maze);
      const g = maze.exits[0];
      if (g) this.flow.setTarget(g.x + 0.5, g.y + 0.5);
    }
    const h = this.heading;
    if (this.flow?.steer(ship.x / TILE, ship.y / TILE, h)) {
      if (h.x > AXIS) bits |= Input.RIGHT;
      else if (h.x < -AXIS) bits |= Input.LEFT;
      if (h.y > AXIS) bits |= Input.DOWN;
      else if (h.y < -AXIS) bits |= Input.UP;
    }
    return bits;
  }

  /** Direction away from bullets that will pass close within 24 frames (signs only), or null. */
  private threat(s: Readonly<MatchState>, side: number): { x: number; y: number } | null {
    const ship = s.sides[side]!.ship;
    const { x: tx, y: ty } = scanThreats(s.sides[side]!.bullets, ship.x, ship.y, 20, true, this.scan);
    if (tx === 0 && ty === 0) return null;
    const ax = Math.abs(tx);
    const ay = Math.abs(ty);
    this.threatOut.x = ax >= ay * 0.4 ? Math.sign(tx) : 0;
    this.threatOut.y = ay >= ax * 0.4 ? Math.sign(ty) : 0;
    return this.threatOut;
  }

  private readonly scan: ThreatScan = { x: 0, y: 0, crowd: 0 };
  private readonly threatOut = { x: 0, y: 0 };

  private nearestEnemyX(s: Readonly<MatchState>, side: number): number | null {
    const pool = s.sides[side]!.enemies;
    const ship = s.sides[side]!.ship;
    let best: number | null = null;
    let bestD = Infinity;
    for (let i = 0; i < pool.count; i++) {
      const e = pool.items[i]!;
      if (e.age < 0 || e.y < 0 || e.y > ship.y - 60) continue;
      const d = Math.abs(e.x - ship.x);
      if (d < bestD) {
        bestD = d;
        best = e.x;
      }
    }
    return best;
  }
}

interface ThreatScan {
  /** Weighted direction away from the threatening bullets (0, 0 when none). */
  x: number;
  y: number;
  /** Bullets within 90 units. */
  crowd: number;
}

/**
 * Bullets within 90 units whose closest approach in the next 24 frames passes within `miss`
 * units push the ship away, weighted by how close and how soon. With `sidestep`, a bullet
 * heading dead on pushes across its path instead (pushing straight back cannot escape it).
 */
function scanThreats(b: BulletPool, sx: number, sy: number, miss: number, sidestep: boolean, out: ThreatScan): ThreatScan {
  out.x = 0;
  out.y = 0;
  out.crowd = 0;
  for (let i = 0; i < b.count; i++) {
    const dx = b.x[i]! - sx;
    const dy = b.y[i]! - sy;
    if (dx * dx + dy * dy > 90 * 90) continue;
    out.crowd++;
    const vx = b.vx[i]!;
    const vy = b.vy[i]!;
    const v2 = vx * vx + vy * vy || 1;
    const t = Math.max(0, Math.min(24, -(dx * vx + dy * vy) / v2));
    const cx = dx + vx * t;
    const cy = dy + vy * t;
    const miss2 = cx * cx + cy * cy;
    if (miss2 > miss * miss) continue;
    const w = 1 / (1 + miss2 + t * t);
    if (sidestep && miss2 < 1) {
      out.x += vy * w;
      out.y -= vx * w;
      continue;
    }
    out.x -= cx * w;
    out.y -= cy * w;
  }
  return out;
}
