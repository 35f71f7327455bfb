// Gamepad commands polled once per frame, for Menus and for scenes that are not a Menu (Replays,
// Playback, Planner lab): the menus' rules (src/input/menu-pad-nav.ts: one command per press, a held
// direction repeats, whatever is held when the scene starts counts only after its release).
import type Phaser from 'phaser';
import { MenuPadNav, type MenuCommand } from '../input/menu-pad-nav';
import { readScenePads } from '../input/input-device';

/**
 * Calls `handle` with each pad command until the scene shuts down or the returned function is
 * called. `handle` returns false to drop the rest of this frame's commands (e.g. a hidden menu);
 * after confirm, back or start the rest are dropped anyway, as the handler may have left the scene.
 * Polled every frame, so a button held before anything handles it is seen as held.
 */
export function onPadCommands(scene: Phaser.Scene, handle: (c: MenuCommand) => unknown, nav = new MenuPadNav()): () => void {
  const update = (_time: number, delta: number): void => {
    for (const c of nav.update(readScenePads(scene, 'menu'), delta)) {
      if (handle(c) === false) break;
      if (c === 'confirm' || c === 'back' || c === 'start') break;
    }
  };
  const off = (): void => {
    scene.events.off('update', update);
  };
  scene.events.on('update', update);
  scene.events.once('shutdown', off);
  return off;
}
