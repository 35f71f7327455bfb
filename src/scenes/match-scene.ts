// The match: steps the sim at a fixed 60 Hz from real time, draws both fields and the HUD,
// plays sounds on sim events, pauses on Esc.
import Phaser from 'phaser';
import { sfx } from '../audio/sfx';
import { createMatch, FPS, MatchRunner, type MatchState } from './match-deps';
import { CpuController } from '../ai/cpu-controller';
import { addBackdrop } from './backdrop';
import { saveMatchReplay } from './save-replay';
import { eventSound } from './event-sounds';
import { MatchView } from './match-view';
import { InputDevice } from './input-device';
import { GAME_H, GAME_W } from './layout';
import { freshSeed, makeControllers, sideName, type MatchSetup } from './match-setup';
import type { ResultData } from './result-scene';
import { hook } from './test-hook';
import { Menu } from './ui/menu';
import { textStyle } from './ui/text';

const STEP_MS = 1000 / FPS;
/** Never run more than this many sim steps per rendered frame (a stall must not snowball). */
const MAX_STEPS_PER_FRAME = 4;
const END_DELAY_FRAMES = 100;

export class MatchScene extends Phaser.Scene {
  private setup!: MatchSetup;
  private state!: MatchState;
  private runner!: MatchRunner;
  private mv!: MatchView;
  private device!: InputDevice;
  private acc = 0;
  private paused = false;
  private pauseLayer!: Phaser.GameObjects.Container;
  private pauseMenu!: Menu;
  private endTimer = -1;
  private banner!: Phaser.GameObjects.Text;
  private backdrop!: { update: (f: number) => void };
  private renderFrame = 0;

  constructor() {
    super('match');
  }

  init(setup: MatchSetup): void {
    this.setup = setup;
    this.acc = 0;
    this.paused = false;
    this.endTimer = -1;
  }

  create(): void {
    this.device = new InputDevice(this);
    this.state = createMatch(this.setup.config);
    this.runner = new MatchRunner(this.state, makeControllers(this.setup, this.state.sides.length, () => this.device.bits()));
    hook.live = { state: this.state, runner: this.runner };
    this.events.once('shutdown', () => {
      if (hook.live?.state === this.state) hook.live = null;
      this.runner.removeAllListeners();
      this.mv.destroy();
    });

    this.backdrop = addBackdrop(this);
    const specs = [this.setup.p1, this.setup.p2];
    const mv = (this.mv = new MatchView(this, this.state, this.state.sides.map((_, i) => sideName(specs[i]!, i, this.setup))));
    this.banner = this.add.text(GAME_W / 2, GAME_H / 2, '', textStyle(54, '#ffffff', { fontStyle: 'bold', strokeThickness: 9 })).setOrigin(0.5).setVisible(false);
    mv.overlayLayer.add(this.banner);
    this.buildPause();
    mv.addCpuOverlays(this, this.runner.controllers.map((c) => (c instanceof CpuController ? c : null)), 'dodgemap');
    this.wireEvents();

    const kb = this.input.keyboard!;
    kb.on('keydown-ESC', () => this.togglePause());
    kb.on('keydown-M', () => sfx.toggleMute());
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F2);
    kb.on('keydown-F2', () => this.mv.toggleWave());
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F3); // captured, so the browser does not search
    kb.on('keydown-F3', () => this.mv.toggleCpu());
    kb.on('keydown', () => sfx.unlock());
    this.game.events.on(Phaser.Core.Events.BLUR, this.autoPause, this);
    this.events.once('shutdown', () => this.game.events.off(Phaser.Core.Events.BLUR, this.autoPause, this));
    this.showBanner(this.state.config.mode === 'practice' ? 'PRACTICE' : 'READY', 70);
  }

  private autoPause(): void {
    if (!this.paused && !this.state.result && this.setup.p1 === 'human') this.togglePause();
  }

  private wireEvents(): void {
    const pan = this.state.sides.length > 1 ? [-0.5, 0.5] : [0, 0];
    this.runner.on('step', (s) => {
      for (const ev of s.events) {
        this.mv.effect(ev, s);
        const sound = eventSound(ev, this.setup);
        if (sound) sfx.play(sound, pan['from' in ev ? ev.from : 'side' in ev ? ev.side : 0]!);
        if (ev.type === 'match-end') this.onEnd(ev.winner, ev.reason);
      }
    });
  }

  private onEnd(winner: number | null, reason: string): void {
    this.endTimer = END_DELAY_FRAMES;
    const human = this.setup.p1 === 'human';
    const practice = this.state.config.mode === 'practice';
    this.showBanner(reason === 'time' ? 'TIME UP' : practice ? 'GAME OVER' : 'K.O.', END_DELAY_FRAMES);
    if (human && !practice) sfx.play(winner === 0 ? 'win' : 'lose');
    else sfx.play(practice ? 'lose' : 'win');
  }

  private buildPause(): void {
    this.pauseLayer = this.add.container(0, 0);
    this.mv.overlayLayer.add(this.pauseLayer);
    const dim = this.add.rectangle(0, 0, GAME_W, GAME_H, 0x05020e, 0.72).setOrigin(0);
    const title = this.add.text(GAME_W / 2, 170, 'PAUSED', textStyle(48, '#ffffff', { fontStyle: 'bold' })).setOrigin(0.5);
    this.pauseLayer.add([dim, title]);
    this.pauseMenu = new Menu(
      this,
      [{ id: 'resume', label: 'Resume' }, { id: 'restart', label: 'Restart' }, { id: 'quit', label: 'Quit to title' }],
      GAME_W / 2,
      260,
      (row) => {
        if (row.id === 'resume') this.togglePause();
        else if (row.id === 'restart') {
          const saved = saveMatchReplay(this.runner, this.setup, { partial: true });
          this.scene.restart({ ...this.setup, config: { ...this.setup.config, seed: freshSeed() } });
          void saved.then((r) => r.ok === false && console.warn(r.error));
        } else this.scene.start('title', { saved: saveMatchReplay(this.runner, this.setup, { partial: true }) });
      },
      this.pauseLayer,
      46,
    );
    this.pauseLayer.setVisible(false);
    this.pauseMenu.setActive(false);
  }

  private togglePause(): void {
    if (this.state.result) return;
    this.paused = !this.paused;
    this.pauseLayer.setVisible(this.paused);
    this.pauseMenu.setActive(this.paused);
    sfx.play('pause');
    this.acc = 0;
  }

  private showBanner(text: string, frames: number): void {
    this.banner.setText(text).setVisible(true).setAlpha(1).setScale(1.3);
    this.tweens.add({ targets: this.banner, scale: 1, duration: 250, ease: 'Back.Out' });
    this.tweens.add({ targets: this.banner, alpha: 0, delay: (frames / FPS) * 1000 - 300, duration: 300 });
  }

  override update(_time: number, delta: number): void {
    this.backdrop.update(this.renderFrame++);
    if (this.device.padPause() && !this.paused) this.togglePause();
    if (!this.paused) {
      this.acc = Math.min(this.acc + delta, STEP_MS * MAX_STEPS_PER_FRAME);
      while (this.acc >= STEP_MS) {
        this.acc -= STEP_MS;
        if (this.state.result) {
          if (this.endTimer > 0 && --this.endTimer === 0) return this.finish();
        } else this.runner.tick();
      }
    }
    this.mv.draw(this.state, this.game.loop.actualFps);
  }

  private finish(): void {
    const s = this.state;
    const specs = [this.setup.p1, this.setup.p2];
    const data: ResultData = {
      setup: this.setup,
      winner: s.result!.winner,
      reason: s.result!.reason,
      frames: s.frame,
      sides: s.sides.map((d, i) => ({ name: sideName(specs[i]!, i, this.setup), score: d.score, hits: d.hits, kills: d.kills, grazes: d.grazes, bestChain: d.bestChain, lives: d.ship.lives })),
    };
    data.saved = saveMatchReplay(this.runner, this.setup, { partial: false });
    this.scene.start('result', data);
  }
}
