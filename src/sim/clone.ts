// Deep copy of a match state: keyframes for replay seeking, and what-if lookahead.
import { BulletPool } from './bullet-pool';
import { EnemyPool } from './enemy-pool';
import { cloneMazeSide } from './maze-state';
import type { MatchState, SideState } from './state';

function cloneSide(o: SideState, s: MatchState): SideState {
  const bullets = new BulletPool(o.bullets.capacity);
  bullets.copyFrom(o.bullets);
  const shots = new BulletPool(o.shots.capacity);
  shots.copyFrom(o.shots);
  const enemies = new EnemyPool(o.enemies.capacity);
  enemies.copyFrom(o.enemies);
  return {
    ...o,
    ship: { ...o.ship },
    bullets,
    shots,
    enemies,
    incoming: o.incoming.map((a) => ({ ...a })),
    rng: o.rng.clone(),
    maze: o.maze ? cloneMazeSide(o.maze, s.config.chaseMethod) : null,
  };
}

export function cloneState(s: MatchState): MatchState {
  return {
    config: { ...s.config },
    frame: s.frame,
    sides: s.sides.map((side) => cloneSide(side, s)),
    stage: { ...s.stage, rng: s.stage.rng.clone() },
    result: s.result ? { ...s.result } : null,
    events: [],
  };
}
