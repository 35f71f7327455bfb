// A 64-bit state hash (two independent FNV-1a-style lanes over the exact bits of every number).
// Equal hashes on two machines mean equal states; replays store it to catch a desync at once.
import type { BulletPool } from './bullet-pool';
import type { MatchState } from './state';
import { hashMazeSide } from './maze-state';

const f64 = new Float64Array(1);
const u32 = new Uint32Array(f64.buffer);

export class Hasher {
  private a = 0x811c9dc5;
  private b = 0x9747b28c;

  int(n: number): void {
    this.a = Math.imul(this.a ^ (n | 0), 0x01000193) >>> 0;
    this.b = Math.imul(this.b ^ (n | 0), 0x5bd1e995) >>> 0;
    this.b = (this.b ^ (this.b >>> 15)) >>> 0;
  }

  num(x: number): void {
    f64[0] = x;
    this.int(u32[0]!);
    this.int(u32[1]!);
  }

  str(s: string): void {
    this.int(s.length);
    for (let i = 0; i < s.length; i++) this.int(s.charCodeAt(i));
  }

  hex(): string {
    return this.a.toString(16).padStart(8, '0') + this.b.toString(16).padStart(8, '0');
  }
}

function hashPool(h: Hasher, p: BulletPool): void {
  h.int(p.capacity);
  h.int(p.count);
  for (let i = 0; i < p.count; i++) {
    h.num(p.x[i]!);
    h.num(p.y[i]!);
    h.num(p.vx[i]!);
    h.num(p.vy[i]!);
    h.num(p.r[i]!);
    h.int(p.spawn[i]!);
    h.int(p.shape[i]!);
    h.int(p.color[i]!);
    h.int(p.owner[i]!);
    h.num(p.aux[i]!);
  }
}

/** Hash of everything that can influence a future frame (not the per-step event list). */
export function hashState(s: MatchState): string {
  const h = new Hasher();
  const c = s.config;
  h.int(c.seed);
  h.str(c.mode);
  h.str(c.stages);
  h.str(c.difficulty);
  for (const v of [
    c.stageSpeed,
    c.stageDensity,
    c.stageInterval,
    c.stageFramesPerLevel,
    c.stageMaxLevel,
    c.stageDensityRamp,
    c.stageSpeedRamp,
  ])
    h.num(v);
  h.int(c.lives);
  h.int(c.timeLimit);
  h.int(c.infiniteLives ? 1 : 0);
  h.str(c.maze);
  h.str(c.chaseMethod);
  h.str(c.drill);
  h.str(c.drillVariant);
  h.str(c.p1Character);
  h.str(c.p2Character);
  h.int(c.finalBoss ? 1 : 0);
  h.int(c.startLevel);
  h.int(s.frame);
  h.int(s.stage.nextWave);
  h.int(s.stage.waveIndex);
  for (const v of Object.values(s.stage.rng.state())) h.num(v);
  h.int(s.result ? 1 + (s.result.winner ?? 2) : 0);
  h.int(s.sides.length);
  for (const side of s.sides) {
    h.int(side.index);
    const sh = side.ship;
    for (const v of [sh.x, sh.y, sh.lives, sh.invuln, sh.shotCooldown, sh.focused ? 1 : 0, sh.charge, sh.lastInput]) h.num(v);
    for (const v of [
      side.score,
      side.hits,
      side.kills,
      side.grazes,
      side.gauge,
      side.chain,
      side.chainEnd,
      side.bestChain,
      side.attacksSent,
    ])
      h.num(v);
    h.int(side.incoming.length);
    for (const a of side.incoming) for (const v of [a.kind, a.power, a.arriveAt, a.from]) h.num(v);
    for (const v of Object.values(side.rng.state())) h.num(v);
    hashPool(h, side.bullets);
    hashPool(h, side.shots);
    h.int(side.enemies.capacity);
    h.int(side.enemies.count);
    for (let i = 0; i < side.enemies.count; i++) {
      const e = side.enemies.items[i]!;
      for (const v of [e.kind, e.x, e.y, e.vx, e.vy, e.r, e.hp, e.maxHp, e.spawn, e.age, e.path, e.ox, e.oy, e.p0, e.p1, e.p2]) h.num(v);
      for (const v of [e.pattern, e.fireAt, e.period, e.phase, e.burst, e.aimX, e.aimY, e.level, e.owner, e.score]) h.num(v);
      h.num(e.invulnerable ? 1 : 0);
      h.num(e.script);
    }
    h.int(side.mazesCleared);
    h.int(side.bossPhase ? 1 : 0);
    h.int(side.bossGaugeAt);
    h.int(side.maze ? 1 : 0);
    if (side.maze) hashMazeSide(h, side.maze);
  }
  return h.hex();
}
