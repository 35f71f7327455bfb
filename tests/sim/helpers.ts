import { createMatch, type MatchConfig, type MatchState } from '../../src/sim';
import { classicStageConfig } from '../fixtures/classic-presets';

/**
 * A match with no stage waves, so a test controls every bullet and enemy itself. Played on the stage
 * as designed (classic Normal, every multiplier 1) unless `cfg` names a stage preset (with its values:
 * `...stageConfig(preset)`), so its rules (bullets sent, attacks) never follow the built-ins' tuning.
 */
export function quietMatch(cfg: Partial<MatchConfig> = {}): MatchState {
  const stage = cfg.difficulty === undefined ? classicStageConfig('normal') : {};
  const s = createMatch({ seed: 1, ...stage, ...cfg });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER;
  return s;
}
