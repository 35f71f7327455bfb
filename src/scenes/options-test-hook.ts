// window.__twinfieldOptions: the end-to-end tests' way into Options until the title and pause menu
// open it. E2E builds only, like test-hook.ts: nothing in the production build imports this file.
import type Phaser from 'phaser';
import { sfx } from '../audio/sfx';
import { settings, SETTINGS_KEY, type Settings } from '../storage/settings';
import { OPTIONS, openOptions, type OptionsScene } from './options-scene';

function makeApi(game: Phaser.Game) {
  const api = {
    /** Opens Options over the first running scene; `closed()` tells when the player left it. */
    open(): void {
      const over = game.scene.getScenes(true).find((s) => s.scene.key !== OPTIONS);
      if (!over) throw new Error('no running scene to open Options over');
      api.closedCount = 0;
      openOptions(over, () => {
        api.closedCount++;
      });
    },
    closedCount: 0,
    /** Stops Options without its onClose (a test starting over). */
    close(): void {
      game.scene.stop(OPTIONS);
    },
    /** The Options page as shown (null: closed). */
    state(): ReturnType<OptionsScene['describe']> | null {
      const s = game.scene.getScene(OPTIONS) as OptionsScene | null;
      return s && game.scene.isActive(OPTIONS) ? s.describe() : null;
    },
    settings(): Readonly<Settings> {
      return settings.get();
    },
    /** Every setting back to its default (tests leave the browser as they found it). */
    resetAll(): void {
      settings.reset('all');
    },
    saved(): string | null {
      return localStorage.getItem(SETTINGS_KEY);
    },
    /** sfx's volume, Phaser's global one, and the volume Phaser gave a sound sfx plays now (null: not played). */
    sfxVolume(): { sfx: number; sound: number; played: number | null } {
      // currentConfig: the gain node's value changes only once the audio thread has run.
      const sounds = (game.sound as unknown as { sounds: { currentConfig: { volume: number } }[] }).sounds;
      const n = sounds.length;
      const ok = sfx.play('select');
      return {
        sfx: sfx.volume,
        sound: game.sound.volume,
        played: ok && sounds.length > n ? sounds[sounds.length - 1]!.currentConfig.volume : null,
      };
    },
  };
  return api;
}

export type OptionsApi = ReturnType<typeof makeApi>;

/** Sets window.__twinfieldOptions once the game exists (test-hook.ts publishes it as __twinfield_game). */
export function installOptionsHook(game?: Phaser.Game): void {
  const g = globalThis as { __twinfieldOptions?: OptionsApi; __twinfield_game?: Phaser.Game };
  const found = game ?? g.__twinfield_game;
  if (!found) {
    setTimeout(() => installOptionsHook(), 50);
    return;
  }
  g.__twinfieldOptions ??= makeApi(found);
}
