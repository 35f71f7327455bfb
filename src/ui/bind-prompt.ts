// The "press a key…" box of the Options screen: a panel over the menu naming what is being bound,
// with a line for why a key was refused. It only draws; the scene reads the keys and buttons.
import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { setText, setTextColor, textStyle } from '../views/text';

export class BindPrompt {
  private readonly root: Phaser.GameObjects.Container;
  private readonly title: Phaser.GameObjects.Text;
  private readonly why: Phaser.GameObjects.Text;

  constructor(scene: Phaser.Scene, x: number, y: number) {
    const w = 560;
    const h = 150;
    const panel = scene.add.graphics();
    panel.fillStyle(UI.panel, 1).fillRoundedRect(-w / 2, -h / 2, w, h, 12);
    panel.lineStyle(2, UI.frame, 1).strokeRoundedRect(-w / 2, -h / 2, w, h, 12);
    this.title = scene.add.text(0, -38, '', textStyle(24, UI.accent)).setOrigin(0.5);
    this.why = scene.add.text(0, 2, '', textStyle(16, UI.text, { align: 'center', wordWrap: { width: w - 40 } })).setOrigin(0.5, 0);
    this.root = scene.add.container(x, y, [panel, this.title, this.why]).setDepth(10).setVisible(false);
  }

  get shown(): boolean {
    return this.root.visible;
  }

  show(what: string, how: string): void {
    setText(this.title, what);
    this.say(how, false);
    this.root.setVisible(true);
  }

  /** A line under the title: how to answer, or (refused) why the last key cannot be used. */
  say(text: string, refused: boolean): void {
    setText(this.why, text);
    setTextColor(this.why, refused ? '#ff8a8a' : UI.dim);
  }

  hide(): void {
    this.root.setVisible(false);
  }
}
