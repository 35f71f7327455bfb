// Scenes that most visits never open are loaded on demand (their own chunk in the build), then
// added to the game the first time they are needed.
import type Phaser from 'phaser';

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
