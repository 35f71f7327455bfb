/// <reference types="vite/client" />
// Story mode's entry (issue 24): the title calls startStory. Its scenes are added to the game the
// first time (main.ts lists the others); a story match ends on the story's own screens (its
// MatchSetup names the story scene as its resultScene).
import type Phaser from 'phaser';
import { StoryHudScene } from './story-hud';
import { STORY_HUD_SCENE, STORY_SCENE, StoryScene, type StoryData } from './story-scene';

const wired = new WeakSet<Phaser.Game>();

/** Adds the story scenes and the result hand-over to `game` once. */
export function ensureStoryScenes(game: Phaser.Game): void {
  if (wired.has(game)) return;
  wired.add(game);
  if (!game.scene.getScene(STORY_SCENE)) game.scene.add(STORY_SCENE, StoryScene, false);
  if (!game.scene.getScene(STORY_HUD_SCENE)) game.scene.add(STORY_HUD_SCENE, StoryHudScene, false);
  if (import.meta.env.MODE === 'e2e') void import('./story-test-hook').then((m) => m.installStoryHook(game));
}

/** Opens Story mode's start screen (character, difficulty, high scores) from `scene`. */
export function startStory(scene: Phaser.Scene): void {
  ensureStoryScenes(scene.game);
  scene.scene.start(STORY_SCENE, { screen: 'start' } satisfies StoryData);
}
