// Loads the game's files (sprites, backgrounds, sounds: public/media/pack.json, or pack@2x.json with
// the 2× art when the canvas is drawn at render scale 2) and the bundled font with a progress bar,
// connects the sound effects to Phaser's sound manager, then opens the title.
import Phaser from 'phaser';
import { loadFonts, loadJapaneseFont, queueGameAssets } from '../art/load-assets';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { loaders, setLanguage, t } from '../i18n/i18n';
import { settings } from '../storage/settings';
import { GAME_H, GAME_W } from '../views/layout';

const BAR_W = 420;
const BAR_H = 14;

export class PreloadScene extends Phaser.Scene {
  constructor() {
    super('preload');
  }

  preload(): void {
    const cx = GAME_W / 2;
    const cy = GAME_H / 2;
    this.cameras.main.setBackgroundColor(UI.bgTop);
    const frame = this.add.graphics();
    frame.lineStyle(2, UI.frame, 1).strokeRect(cx - BAR_W / 2 - 4, cy - BAR_H / 2 - 4, BAR_W + 8, BAR_H + 8);
    const bar = this.add.graphics();
    const label = this.add
      .text(cx, cy + 30, t('options.loading'), { fontFamily: 'sans-serif', fontSize: '16px', color: UI.dim })
      .setOrigin(0.5, 0);
    this.load.on(Phaser.Loader.Events.PROGRESS, (p: number) => {
      bar
        .clear()
        .fillStyle(UI.p1Hex, 1)
        .fillRect(cx - BAR_W / 2, cy - BAR_H / 2, BAR_W * p, BAR_H);
      label.setText(t('options.loadingPercent', { pct: Math.round(p * 100) }));
    });
    this.load.on(Phaser.Loader.Events.FILE_LOAD_ERROR, (file: Phaser.Loader.File) => {
      label.setText(t('options.loadFailed', { file: file.src })).setColor('#ff7080');
    });
    queueGameAssets(this);
    void loadFonts();
  }

  create(): void {
    sfx.attach(this.sound);
    // Text objects draw once: the title waits for the font (and, in Japanese, for the Japanese catalogue
    // and face) so it never shows a fallback. A catalogue that cannot load leaves the game in English.
    loaders.jaFont = () => loadJapaneseFont();
    const language = setLanguage(settings.get().language).catch((err: unknown) => console.error('Japanese could not be loaded', err));
    void Promise.all([loadFonts(), language]).then(() => {
      if (this.scene.isActive()) this.scene.start('title');
    });
  }
}
