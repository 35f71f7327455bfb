// Scenes that most visits never open are loaded on demand (their own chunk in the build), then
// added to the game the first time they are needed. What the title screen does not need stays out
// of the JavaScript loaded before it appears (the first-load budget: docs/assets.md, Figures).
import type Phaser from 'phaser';
import type { SelectOptions } from './select-scene';

export const PLANNER_LAB = 'planner-lab';

/** Loads and registers the Planner lab scene once; later calls reuse it. */
export async function loadPlannerLab(game: Phaser.Game): Promise<void> {
  if (game.scene.getScene(PLANNER_LAB)) return;
  const { PlannerLabScene } = await import('./planner-lab-scene');
  if (!game.scene.getScene(PLANNER_LAB)) game.scene.add(PLANNER_LAB, PlannerLabScene, false);
}

/**
 * Switches `from` to the Planner lab (like from.scene.start), once its code has loaded. Nothing
 * happens when `from` has stopped in the meantime (the player went elsewhere).
 */
export async function startPlannerLab(from: Phaser.Scene, data?: object): Promise<void> {
  await loadPlannerLab(from.game);
  if (from.scene.isActive()) from.scene.start(PLANNER_LAB, data);
}

/** Opens Options over `from` once its code has loaded (its own chunk); `onClose` when the player leaves it. */
export async function openOptionsScene(from: Phaser.Scene, onClose: () => void = () => undefined): Promise<void> {
  const { openOptions } = await import('./options-scene');
  if (from.scene.isActive()) openOptions(from, onClose);
}

export const PRESETS = 'presets';

/** Loads and registers the preset editor once (Tweakpane comes with it, in its own chunk). */
export async function loadPresetsScene(game: Phaser.Game): Promise<void> {
  if (game.scene.getScene(PRESETS)) return;
  const { PresetsScene } = await import('./presets-scene');
  if (!game.scene.getScene(PRESETS)) game.scene.add(PRESETS, PresetsScene, false);
}

/** Switches `from` to the preset editor once its code has loaded (nothing if `from` stopped meanwhile). */
export async function startPresetsScene(from: Phaser.Scene, data?: object): Promise<void> {
  await loadPresetsScene(from.game);
  if (from.scene.isActive()) from.scene.start(PRESETS, data);
}

export const REPLAYS = 'replays';
export const PLAYBACK = 'playback';

/**
 * Loads and registers the Replays and Playback scenes once, together: each starts the other
 * (a replay's playback, Esc back to the list), so neither is ever there without the other.
 */
export async function loadReplayScenes(game: Phaser.Game): Promise<void> {
  if (game.scene.getScene(REPLAYS) && game.scene.getScene(PLAYBACK)) return;
  const [{ ReplaysScene }, { PlaybackScene }] = await Promise.all([import('./replays-scene'), import('./playback-scene')]);
  if (!game.scene.getScene(REPLAYS)) game.scene.add(REPLAYS, ReplaysScene, false);
  if (!game.scene.getScene(PLAYBACK)) game.scene.add(PLAYBACK, PlaybackScene, false);
}

/** Switches `from` to the Replays scene once its code has loaded (nothing if `from` stopped meanwhile). */
export async function startReplaysScene(from: Phaser.Scene, data?: object): Promise<void> {
  await loadReplayScenes(from.game);
  if (from.scene.isActive()) from.scene.start(REPLAYS, data);
}

/**
 * The character select (select-scene.ts: openCharacterSelect) once its code has loaded: shown in
 * place of `from`, which stops; nothing happens if `from` stopped meanwhile.
 */
export async function openCharacterSelectLazy(from: Phaser.Scene, opts: SelectOptions): Promise<void> {
  const { openCharacterSelect } = await import('./select-scene');
  if (from.scene.isActive()) openCharacterSelect(from, opts);
}
