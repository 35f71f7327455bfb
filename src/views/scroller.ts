// A vertically scrolling background from two stacked copies of one image. Plain images cost
// far less per pixel than a TileSprite's wrapping shader (it matters under software WebGL).
import type Phaser from 'phaser';

export class Scroller {
  private a: Phaser.GameObjects.Image;
  private b: Phaser.GameObjects.Image;

  constructor(
    scene: Phaser.Scene,
    key: string,
    private readonly height: number,
    private readonly speed: number,
    alpha = 1,
    parent?: Phaser.GameObjects.Container,
  ) {
    this.a = scene.add.image(0, 0, key).setOrigin(0, 0).setAlpha(alpha);
    this.b = scene.add.image(0, 0, key).setOrigin(0, 0).setAlpha(alpha);
    parent?.add([this.a, this.b]);
  }

  update(frame: number): void {
    const off = (frame * this.speed) % this.height;
    this.a.y = off;
    this.b.y = off - this.height;
  }
}
