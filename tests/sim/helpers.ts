import { createMatch, type MatchConfig, type MatchState } from '../../src/sim';

/** A match with no stage waves, so a test controls every bullet and enemy itself. */
export function quietMatch(cfg: Partial<MatchConfig> = {}): MatchState {
  const s = createMatch({ seed: 1, ...cfg });
  s.stage.nextWave = Number.MAX_SAFE_INTEGER;
  return s;
}
