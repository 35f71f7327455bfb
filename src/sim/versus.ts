// The versus layer: kill chains charge the gauge and send attacks across; the charge key spends
// gauge levels on a clear (1), an extra pattern sent across (2) or a boss-style attack (3).
import {
  ATTACK_TRAVEL_FRAMES,
  CHAIN_WINDOW,
  CHARGE_FRAMES_PER_LEVEL,
  CLEAR_RADIUS,
  FIELD_W,
  GAUGE_CHAIN_CAP,
  GAUGE_MAX,
  GAUGE_PER_CHAIN_LINK,
  GAUGE_PER_KILL,
  GAUGE_PER_LEVEL,
} from './constants';
import { spawnEnemy } from './enemies';
import { EnemyKind, type Enemy } from './enemy-pool';
import { Input } from './input';
import { countScale, difficultyOf, levelAt } from './difficulty';
import { Path } from './paths';
import { Color, Pattern, Shape, SHAPE_RADIUS } from './patterns';
import { datan2, dcos, dsin } from '../geom/dmath';
import { mazeAttackOrigin } from './maze-attacks';
import { spawnSentInMaze } from './maze-sent';
import { onMazeKill } from './maze-spawn';
import { AttackKind, opponent, type MatchState, type SideState } from './state';

/** Gauge levels a side can spend right now. */
export function gaugeLevels(side: SideState): number {
  return Math.floor(side.gauge / GAUGE_PER_LEVEL);
}

/** The level the charge attack would fire at if released now (0 when not charging). */
export function chargeLevel(side: SideState): number {
  if (side.ship.charge === 0) return 0;
  return Math.min(gaugeLevels(side), 1 + Math.floor((side.ship.charge - 1) / CHARGE_FRAMES_PER_LEVEL));
}

export function addGauge(side: SideState, amount: number): void {
  side.gauge = Math.min(GAUGE_MAX, side.gauge + amount);
}

/** Gauge a kill adds: more the longer its chain (`chain` counts this kill; bounded), twice for a spirit. */
export function killGauge(kind: number, chain: number): number {
  const g = GAUGE_PER_KILL + GAUGE_PER_CHAIN_LINK * Math.min(Math.max(0, chain - 1), GAUGE_CHAIN_CAP);
  return kind === EnemyKind.SPIRIT ? 2 * g : g;
}

export function onKill(s: MatchState, side: SideState, e: Enemy): void {
  side.kills++;
  side.chain = s.frame <= side.chainEnd ? side.chain + 1 : 1;
  side.chainEnd = s.frame + CHAIN_WINDOW;
  if (side.chain > side.bestChain) side.bestChain = side.chain;
  const gained = e.score * side.chain;
  side.score += gained;
  addGauge(side, killGauge(e.kind, side.chain));
  s.events.push({ type: 'kill', side: side.index, x: e.x, y: e.y, kind: e.kind, chain: side.chain, score: gained });
  if (side.maze) onMazeKill(side.maze, e, s.frame);
}

export function sendAttack(s: MatchState, from: SideState, kind: number, power: number): void {
  const to = opponent(s, from.index);
  if (!to) return;
  to.incoming.push({ kind, power, arriveAt: s.frame + ATTACK_TRAVEL_FRAMES, from: from.index });
  from.attacksSent++;
  s.events.push({ type: 'attack-sent', from: from.index, to: to.index, kind, power });
}

/** Most bullets one chain sends. */
export const MAX_SENT_BULLETS = 30;

/**
 * Bullets a chain of `chain` kills sends: 3 a kill, up to 30, thinned on stages whose volleys are
 * thinner than Normal's (`volleyScale` < 1: the Easy stage at its first levels), so a newcomer's
 * field stays sparse there too; never more than on Normal (SIM_VERSION 5).
 */
export function sentBullets(chain: number, volleyScale: number): number {
  const thin = volleyScale < 1 ? volleyScale : 1;
  return Math.min(MAX_SENT_BULLETS, Math.max(2, Math.round(3 * chain * thin)));
}

/** A chain that ran out sends its attack: bullets for 2+, and a spirit enemy too for 5+. */
export function updateChain(s: MatchState, side: SideState): void {
  if (side.chain === 0 || s.frame <= side.chainEnd) return;
  const n = side.chain;
  side.chain = 0;
  const volley = countScale(levelAt(s.frame, s.config), difficultyOf(s.config));
  if (n >= 2) sendAttack(s, side, AttackKind.BULLETS, sentBullets(n, volley));
  if (n >= 5) sendAttack(s, side, AttackKind.SPIRIT, n);
}

/** Incoming attacks that have finished travelling appear in the field. */
export function deliverAttacks(s: MatchState, side: SideState): void {
  if (side.incoming.length === 0) return;
  const level = levelAt(s.frame, s.config);
  for (let i = 0; i < side.incoming.length; ) {
    const a = side.incoming[i]!;
    if (a.arriveAt > s.frame) {
      i++;
      continue;
    }
    side.incoming.splice(i, 1);
    const rng = side.rng;
    switch (a.kind) {
      case AttackKind.BULLETS:
        for (let k = 0; k < a.power; k++) {
          // In a maze the wall ring would stop bullets from above: they appear inside the maze.
          const o = side.maze ? mazeAttackOrigin(side, side.maze) : null;
          const x = o ? o.x : rng.range(24, FIELD_W - 24);
          const y = o ? o.y : -8 - rng.range(0, 30);
          const ang = datan2(side.ship.y - y, side.ship.x - x) + rng.range(-0.35, 0.35);
          const sp = rng.range(1.8, 2.8);
          side.bullets.add(
            x,
            y,
            sp * dcos(ang),
            sp * dsin(ang),
            SHAPE_RADIUS[Shape.STAR],
            s.frame,
            Shape.STAR,
            a.from === 0 ? Color.PURPLE : Color.ORANGE,
            a.from,
          );
        }
        break;
      case AttackKind.SPIRIT:
        // In a maze, sent enemies obey the walls and fire only at a ship they see (maze-sent.ts).
        if (side.maze) spawnSentInMaze(side, side.maze, s.frame, EnemyKind.SPIRIT, Pattern.BURST, 40, 36, level, a.from);
        else
          spawnEnemy(
            side,
            s.frame,
            {
              kind: EnemyKind.SPIRIT,
              path: Path.HOVER,
              x: rng.range(60, FIELD_W - 60),
              y: -20,
              p0: 3,
              p1: rng.range(70, 120),
              p2: 200,
              pattern: Pattern.BURST,
              firstFire: 40,
              period: 36,
              delay: 0,
            },
            level,
            a.from,
          );
        break;
      case AttackKind.PATTERN:
        for (const x of [72, FIELD_W - 72]) {
          if (side.maze) spawnSentInMaze(side, side.maze, s.frame, EnemyKind.SPIRIT, Pattern.SPIRAL, 30, 4, level, a.from);
          else
            spawnEnemy(
              side,
              s.frame,
              {
                kind: EnemyKind.SPIRIT,
                path: Path.HOVER,
                x,
                y: -20,
                p0: 3,
                p1: 70,
                p2: 240,
                pattern: Pattern.SPIRAL,
                firstFire: 30,
                period: 4,
                delay: 0,
              },
              level,
              a.from,
            );
        }
        break;
      case AttackKind.BOSS:
        if (side.maze) spawnSentInMaze(side, side.maze, s.frame, EnemyKind.BOSS, Pattern.FLOWER, 50, 12, level, a.from);
        else
          spawnEnemy(
            side,
            s.frame,
            {
              kind: EnemyKind.BOSS,
              path: Path.HOVER,
              x: FIELD_W / 2,
              y: -30,
              p0: 2.5,
              p1: 90,
              p2: 0,
              pattern: Pattern.FLOWER,
              firstFire: 50,
              period: 12,
              delay: 0,
            },
            level,
            a.from,
          );
        break;
    }
    s.events.push({ type: 'attack-arrived', side: side.index, kind: a.kind, power: a.power });
  }
}

/** Clears enemy bullets within `radius` of (x, y); each cleared bullet is worth a few points. */
export function clearBullets(side: SideState, x: number, y: number, radius: number): number {
  const b = side.bullets;
  const r2 = radius * radius;
  let n = 0;
  for (let i = b.count - 1; i >= 0; i--) {
    const dx = b.x[i]! - x;
    const dy = b.y[i]! - y;
    if (dx * dx + dy * dy <= r2) {
      b.remove(i);
      n++;
    }
  }
  return n;
}

/** Holding the charge key raises the level (up to what the gauge allows); releasing fires it. */
export function updateCharge(s: MatchState, side: SideState, bits: number): void {
  const ship = side.ship;
  const held = (bits & Input.CHARGE) !== 0;
  if (held) {
    if (ship.charge === 0 && gaugeLevels(side) === 0) return; // nothing to spend
    const before = chargeLevel(side);
    ship.charge++;
    const after = chargeLevel(side);
    if (after !== before) s.events.push({ type: 'charge-level', side: side.index, level: after });
    return;
  }
  if (ship.charge === 0) return;
  const level = chargeLevel(side);
  ship.charge = 0;
  if (level === 0) return;
  side.gauge -= level * GAUGE_PER_LEVEL;
  const radius = CLEAR_RADIUS[level]!;
  side.score += 10 * clearBullets(side, ship.x, ship.y, radius);
  ship.invuln = Math.max(ship.invuln, 30);
  s.events.push({ type: 'charge-attack', side: side.index, level, x: ship.x, y: ship.y, radius });
  if (level === 2) sendAttack(s, side, AttackKind.PATTERN, 2);
  if (level === 3) sendAttack(s, side, AttackKind.BOSS, 3);
}
