// Story mode's score line over a running match: stage, the run's total so far and this match's
// score, in the gap between the two fields. A scene of its own launched above the match scene, so
// the match scene needs no change; it stops itself once the match scene is gone.
import Phaser from 'phaser';
import { UI } from '../../art/palette';
import { groupDigits } from '../../cpu/group-digits';
import { currentStage, STORY_STAGES } from '../../story';
import { GAME_W } from '../../views/layout';
import { setText, textStyle } from '../../views/text';
import { published } from '../scene-state';
import { story } from './flow';
import { STORY_HUD_SCENE } from './story-scene';
import { t } from '../../i18n/i18n';

/** Frames the match scene may be missing (between a restart's stop and start) before this stops. */
const GONE_FRAMES = 5;

export class StoryHudScene extends Phaser.Scene {
  private lines!: Phaser.GameObjects.Text;
  private gone = 0;
  /** What it shows now (tests read it through the story hook). */
  shown = { stage: 0, total: 0, match: 0 };

  constructor() {
    super(STORY_HUD_SCENE);
  }

  create(): void {
    this.gone = 0;
    this.lines = this.add
      .text(
        GAME_W / 2,
        392,
        '',
        textStyle(14, UI.text, { align: 'center', lineSpacing: 3, backgroundColor: '#07030fb0', padding: { x: 6, y: 5 } }),
      )
      .setOrigin(0.5, 0);
  }

  override update(): void {
    const run = story.run;
    const live = published.live;
    if (!this.scene.isActive('match') || !run || !live) {
      if (++this.gone > GONE_FRAMES) this.scene.stop();
      return;
    }
    this.gone = 0;
    const stage = currentStage(run).number;
    const match = live.state.sides[0]?.score ?? 0;
    this.shown = { stage, total: run.score, match };
    setText(
      this.lines,
      [
        t('story.hud.stage', { stage, stages: STORY_STAGES }),
        t('story.hud.total'),
        groupDigits(run.score),
        t('story.hud.thisMatch'),
        `+${groupDigits(match)}`,
        t('story.hud.continues', { n: run.continues }),
      ].join('\n'),
    );
  }
}
