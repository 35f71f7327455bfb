// Gamepad commands for scenes that are not a Menu (Replays, Playback, Planner lab): the menus' rules
// (src/input/menu-pad-nav.ts: one command per press, a held direction repeats, whatever is held
// when the scene starts counts only after its release), polled once per frame.
import type Phaser from 'phaser';
import { MenuPadNav, type MenuCommand } from '../../input/menu-pad-nav';
import { readScenePads } from '../input-device';

/** Calls `handle` with each pad command until the scene shuts down. */
export function onPadCommands(scene: Phaser.Scene, handle: (c: MenuCommand) => void): void {
  const nav = new MenuPadNav();
  const update = (_time: number, delta: number): void => {
    for (const c of nav.update(readScenePads(scene, 'menu'), delta)) {
      handle(c);
      if (c === 'confirm' || c === 'back' || c === 'start') break; // it may have left the scene
    }
  };
  scene.events.on('update', update);
  scene.events.once('shutdown', () => scene.events.off('update', update));
}
