import Phaser from 'phaser';

/** The first scene: nothing to load for itself; hands over to the Preloader. */
export class BootScene extends Phaser.Scene {
  constructor() {
    super('boot');
  }

  create(): void {
    this.scene.start('preload');
  }
}
