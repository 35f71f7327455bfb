// Drifting stars as a few small sprites. Cheaper than a full-screen transparent layer, whose
// every pixel costs a blend even where nothing is drawn (it matters under software WebGL).
import Phaser from 'phaser';

export class StarField {
  private stars: { img: Phaser.GameObjects.Image; x: number; y: number; speed: number }[] = [];

  constructor(
    scene: Phaser.Scene,
    w: number,
    private readonly h: number,
    count: number,
    tint: number,
    parent?: Phaser.GameObjects.Container,
  ) {
    for (let i = 0; i < count; i++) {
      // A fixed scatter (golden-ratio sequence), so every run looks the same.
      const x = ((i * 0.618034) % 1) * w;
      const y = ((i * 0.414214 + 0.1) % 1) * h;
      const depth = 0.3 + ((i * 7) % 10) / 10;
      const img = scene.add
        .image(x, y, 'spark')
        .setScale(0.25 + depth * 0.35)
        .setAlpha(0.3 + depth * 0.5)
        .setTint(tint);
      img.setBlendMode(Phaser.BlendModes.ADD);
      parent?.add(img);
      this.stars.push({ img, x, y, speed: 0.4 + depth * 1.6 });
    }
  }

  update(frame: number): void {
    for (const s of this.stars) s.img.y = ((s.y + frame * s.speed) % (this.h + 16)) - 8;
  }
}
