// The match: steps the sim at a fixed 60 Hz from real time, draws both fields and the HUD,
// plays sounds on sim events, pauses on Esc.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx, type SfxName } from '../audio/sfx';
import { createMatch, FPS, MatchRunner, matchStreamForView, type MatchState } from './match-deps';
import { AttackKind } from '../sim/state';
import { CpuController } from '../ai/cpu-controller';
import { addBackdrop } from './backdrop';
import { saveMatchReplay } from './save-replay';
import { DodgeOverlay } from './dodge-overlay';
import { PlannerOverlay } from './planner-overlay';
import { FieldView } from './field-view';
import { Hud } from './hud';
import { MazeView } from './maze-view';
import { InputDevice } from './input-device';
import { GAME_H, GAME_W, fieldRects, fieldWorldX } from './layout';
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
  private views: FieldView[] = [];
  private hud!: Hud;
  private hudLayer!: Phaser.GameObjects.Layer;
  private device!: InputDevice;
  private acc = 0;
  private paused = false;
  private overlayLayer!: Phaser.GameObjects.Layer;
  private pauseLayer!: Phaser.GameObjects.Container;
  private pauseMenu!: Menu;
  private endTimer = -1;
  private banner!: Phaser.GameObjects.Text;
  private backdrop!: { update: (f: number) => void };
  private renderFrame = 0;
  private dodgeOverlays: DodgeOverlay[] = [];
  private showDodge = false;
  private plannerOverlays: PlannerOverlay[] = [];
  private mazeViews: MazeView[] = [];
  private showWave = false;

  constructor() {
    super('match');
  }

  init(setup: MatchSetup): void {
    this.setup = setup;
    this.acc = 0;
    this.paused = false;
    this.endTimer = -1;
    this.views = [];
    this.showDodge = false;
    this.showWave = false;
  }

  create(): void {
    this.device = new InputDevice(this);
    this.state = createMatch(this.setup.config);
    this.runner = new MatchRunner(this.state, makeControllers(this.setup, this.state.sides.length, () => this.device.bits()));
    hook.live = { state: this.state, runner: this.runner };
    this.events.once('shutdown', () => {
      if (hook.live?.state === this.state) hook.live = null;
      this.runner.removeAllListeners();
      for (const m of this.mazeViews) m.destroy();
      for (const v of this.views) v.destroy();
    });

    this.backdrop = addBackdrop(this);
    const rects = fieldRects(this.state.sides.length);
    this.views = rects.map((r, i) => new FieldView(this, i, fieldWorldX(i), r, matchStreamForView(this.state.config.seed, i)));
    this.hudLayer = this.add.layer();
    const specs = [this.setup.p1, this.setup.p2];
    this.hud = new Hud(this, this.hudLayer, rects, rects.map((_, i) => sideName(specs[i]!, i, this.setup)));
    this.overlayLayer = this.add.layer();
    this.banner = this.add.text(GAME_W / 2, GAME_H / 2, '', textStyle(54, '#ffffff', { fontStyle: 'bold', strokeThickness: 9 })).setOrigin(0.5).setVisible(false);
    this.overlayLayer.add(this.banner);
    this.buildPause();
    // Each field camera sees only its own field; the main camera sees the HUD and backdrop;
    // an overlay camera, created last so it draws on top, sees banners and the pause menu.
    const overlay = this.cameras.add(0, 0, GAME_W, GAME_H);
    overlay.ignore(this.children.list.filter((o) => o !== this.overlayLayer));
    this.cameras.main.ignore(this.overlayLayer);
    for (const v of this.views) {
      this.cameras.main.ignore(v.objects);
      v.camera.ignore(this.hudLayer);
      v.camera.ignore(this.overlayLayer);
      for (const o of this.views) if (o !== v) v.camera.ignore(o.objects);
    }
    this.cameras.main.setBackgroundColor(UI.bgTop);
    this.wireEvents();
    this.mazeViews = this.state.config.stages === 'maze' ? this.views.map((v) => new MazeView(this, v.mazeLayer, v.debugLayer, v.sideIndex)) : [];
    this.dodgeOverlays = this.views.flatMap((v) => {
      const c = this.runner.controllers[v.sideIndex];
      return c instanceof CpuController ? [new DodgeOverlay(this, v.debugLayer, c, `dodgemap${v.sideIndex}`)] : [];
    });
    this.plannerOverlays = this.state.config.stages !== 'maze' ? [] : this.views.flatMap((v) => {
      const c = this.runner.controllers[v.sideIndex];
      return c instanceof CpuController ? [new PlannerOverlay(this, v, c)] : [];
    });

    const kb = this.input.keyboard!;
    kb.on('keydown-ESC', () => this.togglePause());
    kb.on('keydown-M', () => sfx.toggleMute());
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F2);
    kb.on('keydown-F2', () => {
      this.showWave = !this.showWave;
      for (const m of this.mazeViews) m.setOverlay(this.showWave);
    });
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F3); // captured, so the browser does not search
    kb.on('keydown-F3', () => {
      this.showDodge = !this.showDodge;
      for (const o of this.dodgeOverlays) o.setVisible(this.showDodge);
      for (const o of this.plannerOverlays) o.setVisible(this.showDodge);
    });
    kb.on('keydown', () => sfx.unlock());
    this.game.events.on(Phaser.Core.Events.BLUR, this.autoPause, this);
    this.events.once('shutdown', () => this.game.events.off(Phaser.Core.Events.BLUR, this.autoPause, this));
    this.showBanner(this.state.config.mode === 'practice' ? 'PRACTICE' : 'READY', 70);
  }

  private autoPause(): void {
    if (!this.paused && !this.state.result && this.setup.p1 === 'human') this.togglePause();
  }

  private wireEvents(): void {
    const r = this.runner;
    const pan = (side: number): number => (this.views.length > 1 ? (side === 0 ? -0.5 : 0.5) : 0);
    const play = (n: SfxName, side: number): void => sfx.play(n, pan(side));
    r.on('shot', (e) => {
      if (this.setup[e.side === 0 ? 'p1' : 'p2'] === 'human') play('shot', e.side);
    });
    r.on('kill', (e) => {
      const v = this.views[e.side]!;
      v.burst(e.x, e.y, e.kind >= 2 ? 26 : 14, e.kind === 4 ? 0xff9ad0 : 0xffe8a0, e.kind >= 2 ? 5 : 3.5, 26);
      v.ring(e.x, e.y, e.kind >= 2 ? 46 : 26, 0xfff0c0, 14);
      play('kill', e.side);
    });
    r.on('enemy-hit', (e) => this.views[e.side]!.burst(e.x, e.y, 1, 0xa0e0ff, 2, 8));
    r.on('hit', (e) => {
      const v = this.views[e.side]!;
      v.burst(e.x, e.y, 40, 0xff6080, 6, 40);
      v.ring(e.x, e.y, 72, 0xff6080, 26);
      v.shake(7, 24);
      play('hit', e.side);
    });
    r.on('graze', (e) => {
      this.views[e.side]!.burst(e.x, e.y, 2, 0xffffff, 2.5, 12);
      play('graze', e.side);
    });
    r.on('charge-level', (e) => play('charge', e.side));
    r.on('charge-attack', (e) => {
      const v = this.views[e.side]!;
      v.ring(e.x, e.y, e.radius, [0xffffff, 0x47d7ff, 0xffd24a, 0xff5a7a][e.level]!, 30);
      v.burst(e.x, e.y, 30, 0xffffff, 5, 30);
      v.shake(3, 10);
      play('bomb', e.side);
    });
    r.on('attack-sent', (e) => play('send', e.from));
    r.on('maze-cleared', (e) => {
      const v = this.views[e.side]!;
      const ship = this.state.sides[e.side]!.ship;
      v.ring(ship.x, ship.y, 90, 0xffd24a, 30);
      v.burst(ship.x, ship.y, 30, 0xffe8a0, 5, 30);
      play('bomb', e.side);
    });
    r.on('heal', (e) => {
      this.views[e.side]!.ring(e.x, e.y, 40, 0x60ff90, 24);
      play('charge', e.side);
    });
    r.on('attack-arrived', (e) => {
      play('arrive', e.side);
      if (e.kind === AttackKind.BOSS) this.views[e.side]!.shake(4, 30);
    });
    r.on('match-end', (e) => {
      this.endTimer = END_DELAY_FRAMES;
      const human = this.setup.p1 === 'human';
      const practice = this.state.config.mode === 'practice';
      this.showBanner(e.reason === 'time' ? 'TIME UP' : practice ? 'GAME OVER' : 'K.O.', END_DELAY_FRAMES);
      if (human && !practice) sfx.play(e.winner === 0 ? 'win' : 'lose');
      else sfx.play(practice ? 'lose' : 'win');
    });
  }

  private buildPause(): void {
    this.pauseLayer = this.add.container(0, 0);
    this.overlayLayer.add(this.pauseLayer);
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
    for (const v of this.views) v.draw(this.state.sides[v.sideIndex]!, this.state.frame);
    for (const [i, m] of this.mazeViews.entries()) m.draw(this.state.sides[i]!, this.state.frame);
    if (this.showDodge) for (const o of this.dodgeOverlays) o.draw();
    if (this.showDodge) for (const o of this.plannerOverlays) o.draw(this.state.sides[o.side]!);
    this.hud.update(this.state, this.game.loop.actualFps);
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
