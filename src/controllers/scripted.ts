// A deliberately simple scripted CPU: it stands in for the real dodger (src/ai) where a quick,
// predictable opponent is enough. It keeps shooting, lines up under the nearest enemy, steps
// away from the most threatening nearby bullet, and spends a charge level when crowded.
import { FIELD_H, FIELD_W } from '../sim/constants';
import { Input } from '../sim/input';
import type { Controller } from '../sim/controller';
import type { MatchState } from '../sim/state';
import { gaugeLevels } from '../sim/versus';

const HOME_Y = FIELD_H - 70;

export class ScriptedCpu implements Controller {
  readonly spec = 'scripted';
  readonly human = false;
  private chargeHold = 0;

  decide(s: Readonly<MatchState>, side: number): number {
    const me = s.sides[side]!;
    const ship = me.ship;
    let bits: number = Input.SHOT;
    // Threat: bullets that will pass close within the next 24 frames.
    let tx = 0;
    let ty = 0;
    let crowd = 0;
    const b = me.bullets;
    for (let i = 0; i < b.count; i++) {
      const dx = b.x[i]! - ship.x;
      const dy = b.y[i]! - ship.y;
      if (dx * dx + dy * dy > 90 * 90) continue;
      crowd++;
      const vx = b.vx[i]!;
      const vy = b.vy[i]!;
      const v2 = vx * vx + vy * vy || 1;
      const t = Math.max(0, Math.min(24, -(dx * vx + dy * vy) / v2));
      const cx = dx + vx * t;
      const cy = dy + vy * t;
      const miss2 = cx * cx + cy * cy;
      if (miss2 > 28 * 28) continue;
      const w = 1 / (1 + miss2 + t * t);
      tx -= cx * w;
      ty -= cy * w;
    }
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
