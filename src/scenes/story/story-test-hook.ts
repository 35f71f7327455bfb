// window.__twinfield_story: the e2e build's handle on Story mode (start.ts loads this module only when
// Vite's mode is 'e2e'; the production build has none). Tests choose who plays each side of the
// next stages and how long (so a stage ends in seconds) and read the run and the screen on show.
import type Phaser from 'phaser';
import { story, type StoryTestOverrides } from './flow';
import { STORY_HUD_SCENE, STORY_SCENE, type StoryScene, type StoryScreen } from './story-scene';
import type { StoryHudScene } from './story-hud';
import { startStory } from './start';

function makeStoryApi(game: Phaser.Game) {
  const sm = game.scene;
  return {
    /** Opens the story start screen from whatever runs (as the title's Story row does). */
    start(): void {
      const from = sm.getScenes(true)[0];
      if (!from) throw new Error('no scene is running');
      for (const s of sm.getScenes(true)) if (s !== from) s.scene.stop();
      startStory(from);
    },
    /** Overrides for the next stages' matches (null: the real ones). */
    setTest(o: StoryTestOverrides | null): void {
      story.test = o;
    },
    /** The story screen on show, or null. */
    screen(): StoryScreen | null {
      const s = sm.getScene(STORY_SCENE) as StoryScene | null;
      return s?.sys.isActive() ? s.screen : null;
    },
    /** The continue screen's seconds left. */
    countdown(): number {
      return (sm.getScene(STORY_SCENE) as StoryScene | null)?.countdown ?? -1;
    },
    /** The high-score rows on show. */
    scores(): { rank: number; name: string; score: number; stage: number; cleared: boolean; continues: number }[] {
      const s = sm.getScene(STORY_SCENE) as StoryScene | null;
      return (s?.rows ?? []).map(({ rank, name, score, stage, cleared, continues }) => ({ rank, name, score, stage, cleared, continues }));
    },
    /** The run as plain data (null when none). */
    run() {
      const r = story.run;
      if (!r) return null;
      return {
        character: r.character,
        difficulty: r.difficulty,
        stage: r.index + 1,
        phase: r.phase,
        score: r.score,
        continues: r.continues,
        opponents: r.stages.map((s) => s.opponent),
        replayIds: [...r.replayIds],
        tallies: r.tallies.map((t) => ({ ...t })),
      };
    },
    /** What the in-match story line shows (null when it is not up). */
    hud(): { stage: number; total: number; match: number } | null {
      const h = sm.getScene(STORY_HUD_SCENE) as StoryHudScene | null;
      return h?.sys.isActive() ? { ...h.shown } : null;
    },
  };
}

export type StoryApi = ReturnType<typeof makeStoryApi>;

export function installStoryHook(game: Phaser.Game): void {
  (globalThis as { __twinfield_story?: StoryApi }).__twinfield_story = makeStoryApi(game);
}
