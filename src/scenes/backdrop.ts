import Phaser from 'phaser';
import { UI } from '../art/palette';
import { GAME_H, GAME_W } from './layout';
import { Scroller } from './scroller';

/** The shared screen background: a deep gradient with a slowly scrolling star layer. */
export function addBackdrop(scene: Phaser.Scene): { update: (frame: number) => void } {
  const g = scene.add.graphics();
  g.fillGradientStyle(UI.bgTop, UI.bgTop, UI.bgBottom, UI.bgBottom, 1);
  g.fillRect(0, 0, GAME_W, GAME_H);
  const stars = new Scroller(scene, 'backdropb', GAME_H, 0.3, 0.45);
  return { update: (frame: number) => stars.update(frame) };
}
