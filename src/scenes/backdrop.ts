import Phaser from 'phaser';
import { UI } from '../art/palette';
import { GAME_H, GAME_W } from './layout';

/** The shared screen background: a deep gradient with two slowly scrolling star layers. */
export function addBackdrop(scene: Phaser.Scene): { update: (frame: number) => void } {
  const g = scene.add.graphics();
  g.fillGradientStyle(UI.bgTop, UI.bgTop, UI.bgBottom, UI.bgBottom, 1);
  g.fillRect(0, 0, GAME_W, GAME_H);
  const a = scene.add.tileSprite(0, 0, GAME_W, GAME_H, 'bg0b').setOrigin(0).setAlpha(0.35);
  const b = scene.add.tileSprite(0, 0, GAME_W, GAME_H, 'bg1b').setOrigin(0).setAlpha(0.25).setScale(1.5);
  return {
    update(frame: number) {
      a.tilePositionY = -frame * 0.3;
      b.tilePositionY = -frame * 0.15;
    },
  };
}
