// createMatch and step: the only way the game state changes.
import { makeConfig, type MatchConfig } from './config';
import { moveBullets, shipCollisions, shotsHitEnemies, steerHomingShots } from './collide';
import { difficultyOf } from './difficulty';
import { updateEnemies } from './enemies';
import { INPUT_MASK } from './input';
import { matchStream } from './rng';
import { updateShip } from './ship';
import { updateStage } from './stage';
import { DRILL_DIFFICULTY, drillFrames, updateDrill } from './drill';
import { enterMaze } from './maze-exit';
import { updateMaze } from './maze-rules';
import { newSide, type Decider, type MatchResult, type MatchState } from './state';
import { deliverAttacks, updateBossPhaseGauge, updateChain, updateCharge } from './versus';

/** The first wave arrives after a short breath, so players can find their ship. */
export const FIRST_WAVE_FRAME = 60;

export function createMatch(partial: Partial<MatchConfig> & { seed: number }): MatchState {
  const config = makeConfig(partial);
  const nSides = config.mode === 'versus' ? 2 : 1;
  const chars = [config.p1Character, config.p2Character];
  const sides = Array.from({ length: nSides }, (_, i) => newSide(i, config.lives, matchStream(config.seed, `side${i}`), chars[i]));
  const s: MatchState = {
    config,
    frame: 0,
    sides,
    stage: { nextWave: FIRST_WAVE_FRAME, waveIndex: 0, rng: matchStream(config.seed, 'stage') },
    result: null,
    events: [],
  };
  if (config.stages === 'maze') for (const side of sides) enterMaze(s, side, 0);
  return s;
}

/**
 * Advances the match by one 60 Hz frame with both sides' input bits (p2 is ignored in practice).
 * Mutates and returns `s`; a finished match does not change any more.
 */
export function step(s: MatchState, inputP1: number, inputP2: number): MatchState {
  s.events.length = 0;
  if (s.result) return s;
  const diff = s.config.stages === 'drill' ? DRILL_DIFFICULTY : difficultyOf(s.config);
  for (const side of s.sides) {
    const bits = (side.index === 0 ? inputP1 : inputP2) & INPUT_MASK;
    const ship = side.ship;
    if (ship.lives > 0) {
      updateShip(side, bits, s.frame, s.events);
      updateCharge(s, side, bits);
    }
    ship.lastInput = bits;
    if (ship.invuln > 0) ship.invuln--;
  }
  updateBossPhaseGauge(s);
  if (s.config.stages === 'open') updateStage(s);
  else if (s.config.stages === 'drill') updateDrill(s);
  for (const side of s.sides) {
    deliverAttacks(s, side);
    updateEnemies(side, s.frame, diff);
    updateMaze(s, side, diff);
    const maze = side.maze ? side.maze.maze : null;
    moveBullets(side.bullets, maze);
    steerHomingShots(side);
    moveBullets(side.shots, maze);
    shotsHitEnemies(s, side);
    shipCollisions(s, side);
    updateChain(s, side);
  }
  s.frame++;
  s.result = judge(s);
  if (s.result) s.events.push({ type: 'match-end', winner: s.result.winner, reason: s.result.reason });
  return s;
}

/**
 * Who wins when no side is simply out: at the time limit, or both out on one frame. Order: mazes
 * cleared (maze stages), then more lives left (fewer hits with infinite lives), then score, then
 * fewer hits; all equal is a draw. Lives come before score (SIM_VERSION 6, issue 22), as at a
 * fighting game's time-out: the side that survived better wins. By score first, Easy matches that
 * reached the limit with both alive went to the CPU on points, a loss players did not accept.
 */
function decide(s: MatchState): { winner: number | null; decidedBy: Decider | null } {
  if (s.sides.length < 2) return { winner: null, decidedBy: null };
  const [a, b] = s.sides as [MatchState['sides'][0], MatchState['sides'][0]];
  // Each pair is (side 0's, side 1's) value, the larger wins.
  const infinite = s.config.infiniteLives;
  const order: [Decider, number, number][] = [
    ['mazes', a.mazesCleared, b.mazesCleared],
    infinite ? ['hits', -a.hits, -b.hits] : ['lives', Math.max(0, a.ship.lives), Math.max(0, b.ship.lives)],
    ['score', a.score, b.score],
    ['hits', -a.hits, -b.hits],
  ];
  for (const [by, x, y] of order) if (x !== y) return { winner: x > y ? 0 : 1, decidedBy: by };
  return { winner: null, decidedBy: null };
}

function judge(s: MatchState): MatchResult | null {
  const out = s.sides.map((side) => side.ship.lives <= 0);
  if (out.some((o) => o)) {
    if (s.sides.length < 2) return { winner: null, reason: 'lives', frames: s.frame, decidedBy: null };
    if (out[0] && out[1]) return { ...decide(s), reason: 'lives', frames: s.frame };
    return { winner: out[0] ? 1 : 0, reason: 'lives', frames: s.frame, decidedBy: null };
  }
  // A drill ends with its script (or the time limit, if shorter).
  if (s.config.stages === 'drill' && s.frame >= drillFrames(s.config.drill)) {
    return { winner: null, reason: 'time', frames: s.frame, decidedBy: null };
  }
  if (s.config.timeLimit > 0 && s.frame >= s.config.timeLimit) return { ...decide(s), reason: 'time', frames: s.frame };
  return null;
}
