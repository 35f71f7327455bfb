// The controls, shown in play during a person's first seconds (as genre games do): a compact panel at
// the top of the person's field (enemies enter there, but bullets are thickest around the ship, so it
// covers least there) lists move, shoot, focus and charge with that person's keys; each line ticks
// off once the player has done it (read from the sim state: the ship moved, shots flew, the focus key
// was held, a charge began). The panel fades when all four are done or after COACH_FRAMES. Later, the
// first time the gauge holds a full level, a prompt just above the gauge says to hold the charge key.
// Reads the state, never writes it.
import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { FIELD_H, FIELD_W, FPS } from '../sim/constants';
import { Input } from '../sim/input';
import type { SideState } from '../sim/state';
import { gaugeLevels } from '../sim/versus';
import type { FieldRect } from './layout';
import { textStyle } from './text';
import { t } from '../i18n/i18n';

export interface CoachKeys {
  move: string;
  shot: string;
  focus: string;
  charge: string;
}

/** How long the controls panel stays up at most (the first wave's enemies are well in by then). */
export const COACH_FRAMES = 8 * FPS;

type Step = 'move' | 'shot' | 'focus' | 'charge';

/** Which controls a side has used so far, judged from its state (pure; exported for tests). */
export function usedControls(side: Readonly<SideState>, start: { x: number; y: number }, seen: Set<Step>): Set<Step> {
  const s = side.ship;
  if (Math.abs(s.x - start.x) + Math.abs(s.y - start.y) > 12) seen.add('move');
  if (side.shots.count > 0) seen.add('shot');
  // The focus key itself: charging slows the ship too (ship.focused), which is not using focus.
  if ((s.lastInput & Input.FOCUS) !== 0) seen.add('focus');
  if (s.charge > 0) seen.add('charge');
  return seen;
}

export class Coach {
  private readonly panel: Phaser.GameObjects.Container;
  private readonly lines: Record<Step, Phaser.GameObjects.Text>;
  private readonly prompt: Phaser.GameObjects.Text;
  private readonly seen = new Set<Step>();
  private start: { x: number; y: number } | null = null;
  private fading = false;
  private prompted = false;

  constructor(
    private readonly scene: Phaser.Scene,
    layer: Phaser.GameObjects.Layer,
    rect: FieldRect,
    private readonly keys: CoachKeys,
    who: string,
  ) {
    const w = 300;
    const x = rect.x + (FIELD_W - w) / 2;
    const y = rect.y + 8;
    const bg = scene.add.graphics();
    bg.fillStyle(UI.panel, 0.6).fillRoundedRect(0, 0, w, 104, 8);
    bg.lineStyle(1, UI.frame, 0.5).strokeRoundedRect(0, 0, w, 104, 8);
    const head = scene.add
      .text(w / 2, 5, t('match.coach.head', { who }), textStyle(12, UI.accent, { fontStyle: 'bold' }))
      .setOrigin(0.5, 0);
    const row = (k: number, key: string, what: string): Phaser.GameObjects.Text =>
      scene.add.text(12, 24 + k * 19, `${key}  ·  ${what}`, textStyle(13));
    this.lines = {
      move: row(0, keys.move === 'Arrows' ? t('match.coach.arrows') : keys.move, t('match.coach.move')),
      shot: row(1, t('match.coach.hold', { key: keys.shot }), t('match.coach.shoot')),
      focus: row(2, t('match.coach.hold', { key: keys.focus }), t('match.coach.focus')),
      charge: row(3, t('match.coach.holdRelease', { key: keys.charge }), t('match.coach.charge')),
    };
    this.panel = scene.add.container(x, y, [bg, head, ...Object.values(this.lines)]).setName('coach');
    this.prompt = scene.add
      .text(
        rect.x + FIELD_W / 2,
        rect.y + FIELD_H - 14,
        '',
        textStyle(14, UI.accent, { fontStyle: 'bold', strokeThickness: 4, align: 'center' }),
      )
      .setOrigin(0.5, 1)
      .setVisible(false);
    layer.add([this.panel, this.prompt]);
  }

  /** Steps ticked off so far (tests). */
  get done(): string[] {
    return [...this.seen];
  }

  update(side: Readonly<SideState>, frame: number): void {
    this.start ??= { x: side.ship.x, y: side.ship.y };
    if (!this.fading) {
      usedControls(side, this.start, this.seen);
      for (const [k, line] of Object.entries(this.lines) as [Step, Phaser.GameObjects.Text][]) {
        const done = this.seen.has(k);
        if (done && !line.text.startsWith('✓')) line.setText(`✓ ${line.text}`).setColor('#8dffb0').setAlpha(0.8);
      }
      if (this.seen.size === 4 || frame >= COACH_FRAMES) {
        this.fading = true;
        this.scene.tweens.add({
          targets: this.panel,
          alpha: 0,
          delay: this.seen.size === 4 ? 700 : 0,
          duration: 600,
          onComplete: () => this.panel.setVisible(false),
        });
      }
    }
    // The first full gauge level: tell the player what it is for, until they charge.
    if (!this.prompted && gaugeLevels(side) > 0 && side.ship.lives > 0) {
      this.prompted = true;
      // One line at the field's foot, beside the gauge it is about; a soft fade, no blinking.
      this.prompt
        .setText(t('match.coach.gaugeReady', { key: this.keys.charge }))
        .setVisible(true)
        .setAlpha(0.9);
      this.scene.tweens.add({
        targets: this.prompt,
        alpha: 0,
        delay: 3500,
        duration: 800,
        onComplete: () => this.prompt.setVisible(false),
      });
    }
    if (this.prompt.visible && side.ship.charge > 0) this.prompt.setVisible(false);
  }
}
