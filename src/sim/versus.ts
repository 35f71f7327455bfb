// The versus layer: kill chains charge the gauge and send attacks across; the charge key spends
// gauge levels on a clear (1), an extra pattern sent across (2) or a boss-style attack (3).
import {
  ATTACK_TRAVEL_FRAMES,
  BOSS_PHASE_GAUGE_FRAMES,
  CHAIN_WINDOW,
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
import { Color, SHAPE_NAMES, SHAPE_RADIUS } from './patterns';
import { BOSS_FIRST_FIRE, patternId } from './boss-phases';
import { characterIndex, getCharacter } from './characters';
import { pending } from './enemies';
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
  return Math.min(gaugeLevels(side), 1 + Math.floor((side.ship.charge - 1) / side.character.chargeFrames));
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

/** x of the EX attack's spirits across the top of the field, by how many there are. */
const EX_SPIRIT_X: Record<number, number[]> = { 1: [FIELD_W / 2], 2: [72, FIELD_W - 72], 3: [72, FIELD_W / 2, FIELD_W - 72] };

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
    // What arrives is the sender's: its character's bullets, spirits, EX pattern and boss.
    const ch = getCharacter(a.from === 0 ? s.config.p1Character : s.config.p2Character);
    switch (a.kind) {
      case AttackKind.BULLETS: {
        const shape = SHAPE_NAMES.indexOf(ch.sent.shape);
        for (let k = 0; k < a.power; k++) {
          // In a maze the wall ring would stop bullets from above: they appear inside the maze.
          const o = side.maze ? mazeAttackOrigin(side, side.maze) : null;
          const x = o ? o.x : rng.range(24, FIELD_W - 24);
          const y = o ? o.y : -8 - rng.range(0, 30);
          const ang = datan2(side.ship.y - y, side.ship.x - x) + rng.range(-ch.sent.spread, ch.sent.spread);
          const sp = rng.range(ch.sent.speedMin, ch.sent.speedMax);
          side.bullets.add(
            x,
            y,
            sp * dcos(ang),
            sp * dsin(ang),
            SHAPE_RADIUS[shape]!,
            s.frame,
            shape,
            a.from === 0 ? Color.PURPLE : Color.ORANGE,
            a.from,
          );
        }
        break;
      }
      case AttackKind.SPIRIT: {
        const pattern = patternId(ch.sent.spiritPattern);
        const period = ch.sent.spiritPeriod;
        // In a maze, sent enemies obey the walls and fire only at a ship they see (maze-sent.ts).
        if (side.maze) spawnSentInMaze(side, side.maze, s.frame, EnemyKind.SPIRIT, pattern, 40, period, level, a.from);
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
              pattern,
              firstFire: 40,
              period,
              delay: 0,
            },
            level,
            a.from,
          );
        break;
      }
      case AttackKind.PATTERN: {
        const ex = ch.ex;
        const pattern = patternId(ex.pattern);
        for (const x of EX_SPIRIT_X[ex.spirits]!) {
          if (side.maze) spawnSentInMaze(side, side.maze, s.frame, EnemyKind.SPIRIT, pattern, ex.firstFire, ex.period, level, a.from);
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
                p2: ex.stay,
                pattern,
                firstFire: ex.firstFire,
                period: ex.period,
                delay: 0,
              },
              level,
              a.from,
            );
        }
        break;
      }
      case AttackKind.BOSS: {
        const first = ch.boss.phases[0]!;
        const pattern = patternId(first.pattern);
        const e = side.maze
          ? spawnSentInMaze(side, side.maze, s.frame, EnemyKind.BOSS, pattern, BOSS_FIRST_FIRE, first.period, level, a.from)
          : spawnEnemy(
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
                pattern,
                firstFire: BOSS_FIRST_FIRE,
                period: first.period,
                delay: 0,
              },
              level,
              a.from,
            );
        // Its phases follow the sender's character (boss-phases.ts); the view draws that character's boss.
        if (e) e.script = characterIndex(ch.id);
        break;
      }
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
  const ch = side.character;
  // Level 2's EX attack is sent across: it clears around the ship but damages nothing here.
  const { radius, damage } = level === 1 ? ch.charge : level === 2 ? { radius: ch.ex.radius, damage: 0 } : ch.spell;
  side.score += 10 * clearBullets(side, ship.x, ship.y, radius) + CHARGE_SCORE[level]!;
  ship.invuln = Math.max(ship.invuln, 30);
  s.events.push({ type: 'charge-attack', side: side.index, level, x: ship.x, y: ship.y, radius });
  if (damage > 0) blastEnemies(s, side, ship.x, ship.y, radius, damage);
  if (level === 2) sendAttack(s, side, AttackKind.PATTERN, 2);
  if (level === 3) sendAttack(s, side, AttackKind.BOSS, 3);
}

/** Points for firing a charge attack of each level (a spell is worth most): the score rewards using them. */
export const CHARGE_SCORE = [0, 0, 1000, 3000] as const;

/** A charge attack's blast: damage to every live, vulnerable enemy within `radius`; kills count as kills. */
function blastEnemies(s: MatchState, side: SideState, x: number, y: number, radius: number, damage: number): void {
  const pool = side.enemies;
  for (let j = pool.count - 1; j >= 0; j--) {
    const e = pool.items[j]!;
    if (pending(e) || e.invulnerable) continue;
    const dx = e.x - x;
    const dy = e.y - y;
    const r = radius + e.r;
    if (dx * dx + dy * dy > r * r) continue;
    e.hp -= damage;
    if (e.hp <= 0) {
      onKill(s, side, e);
      pool.remove(j);
    }
  }
}

/**
 * Story's final boss (config.finalBoss): side 2 enters its boss phase once down to half its lives
 * (rounded up); its gauge fills at once, then gains a level every BOSS_PHASE_GAUGE_FRAMES.
 */
export function updateBossPhaseGauge(s: MatchState): void {
  if (!s.config.finalBoss || s.sides.length < 2) return;
  const boss = s.sides[1]!;
  if (boss.ship.lives <= 0) return;
  if (!boss.bossPhase) {
    if (boss.ship.lives > Math.ceil(s.config.lives / 2)) return;
    boss.bossPhase = true;
    boss.gauge = GAUGE_MAX;
    boss.bossGaugeAt = s.frame + BOSS_PHASE_GAUGE_FRAMES;
    s.events.push({ type: 'boss-phase', side: boss.index });
    return;
  }
  if (s.frame >= boss.bossGaugeAt) {
    addGauge(boss, GAUGE_PER_LEVEL);
    boss.bossGaugeAt = s.frame + BOSS_PHASE_GAUGE_FRAMES;
  }
}
