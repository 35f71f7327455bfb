// What the running scenes publish about themselves: the live match, the playback scene, whether the
// title screen is up. Scenes write here; readers (the e2e build's window.__twinfield, see
// test-hook.ts) only look. Nothing here changes the game.
import type { MatchRunner, MatchState } from '../sim';
import type { HudSnapshot } from '../views/hud';
import type { MatchSetup } from './match-setup';
import type { PlaybackScene } from './playback-scene';
import type { PresetsScene } from './presets-scene';

export interface LiveMatch {
  state: MatchState;
  runner: MatchRunner;
  /** How the match was started (seed, stages, maze, controllers, difficulty); absent for other runners. */
  setup?: MatchSetup;
  /** What the HUD shows now. */
  hud?: () => HudSnapshot;
  /** Drops the view's particles, screen shake and banners (MatchView.resetVisuals, banners fade in real time). */
  resetVisuals?: () => void;
}

export const published = {
  /** The title screen has been shown once (the game is interactive). */
  ready: false,
  /** The match scene's match while it runs. */
  live: null as LiveMatch | null,
  /** The playback scene while it runs. */
  playback: null as PlaybackScene | null,
  /** The preset editor while it runs. */
  presets: null as PresetsScene | null,
};

/** The title screen is up: published, and marked for startup measurements (scripts/measure-startup.ts). */
export function markTitleReady(): void {
  if (published.ready) return;
  published.ready = true;
  performance.mark('twinfield:title');
}
