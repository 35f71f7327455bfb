// How dense a stage preset is for a player: bullets in the player's field during level 1 (and the
// peak in level 2), the player being a CPU preset (the novice for the newcomer's view), alone
// (practice, infinite lives) or against an opponent (versus: the opponent's attacks add bullets).
import { CpuController } from '../cpu/cpu-controller';
import type { DodgePreset } from '../cpu/presets';
import { makeConfig, stageConfig } from '../sim/config';
import { createMatch } from '../sim/match';
import { MatchRunner } from '../sim/runner';
import type { StagePreset } from '../sim/stage-preset';

export interface BulletCounts {
  /** Mean bullets in the player's field over level 1's frames. */
  level1Mean: number;
  /** Highest count during level 1. */
  level1Peak: number;
  /** Highest count during level 2. */
  level2Peak: number;
}

/** One seed; side 0 is `player`, side 1 (versus) `opponent`. Stops early if the match ends. */
export function bulletCounts(stage: StagePreset, player: DodgePreset, opponent: DodgePreset | null, seed: number): BulletCounts {
  const versus = opponent !== null;
  const s = createMatch(
    makeConfig({ seed, mode: versus ? 'versus' : 'practice', ...stageConfig(stage), ...(versus ? {} : { infiniteLives: true }) }),
  );
  const cs = versus ? [new CpuController(player), new CpuController(opponent)] : [new CpuController(player, { versus: false })];
  const r = new MatchRunner(s, cs);
  const f1 = stage.framesPerLevel;
  let sum = 0;
  let n = 0;
  let p1 = 0;
  let p2 = 0;
  while (!r.finished && s.frame < 2 * f1) {
    r.tick();
    const b = s.sides[0]!.bullets.count;
    if (s.frame <= f1) {
      sum += b;
      n++;
      p1 = Math.max(p1, b);
    } else p2 = Math.max(p2, b);
  }
  return { level1Mean: n ? sum / n : 0, level1Peak: p1, level2Peak: p2 };
}
