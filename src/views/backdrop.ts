import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { GAME_H, GAME_W } from './layout';
import { StarField } from './star-field';

/**
 * The shared screen background: the camera's clear colour (free) with slowly drifting stars.
 * A full-screen gradient looked the same behind the fields and cost a full-screen blend.
 */
export function addBackdrop(scene: Phaser.Scene): { update: (frame: number) => void } {
  scene.cameras.main.setBackgroundColor(UI.bgTop);
  const stars = new StarField(scene, GAME_W, GAME_H, 70, 0xc8b8ff);
  return { update: (frame: number) => stars.update(Math.floor(frame / 3)) };
}
