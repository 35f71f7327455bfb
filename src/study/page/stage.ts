// The game on the rater page: one Phaser game, created on first use and kept, whose canvas is
// moved into whichever jsPsych trial needs it. Two scenes:
//  - ClipScene plays a study clip: the replay re-simulated by ReplayPlayer and drawn by the game's
//    own MatchView in survey mode with the neutral look (no names, no frame rate, one ship and
//    field colour whoever played), in real time, frames [start, end).
//  - PracticeScene is the game itself on the study's drill: the rater plays with the keyboard or a
//    pad for the practice length, the drill starting over whenever it ends.
import Phaser from 'phaser';
import { loadFonts, loadJapaneseFont, queueGameAssets } from '../../art/load-assets';
import { HumanController } from '../../input/human-controller';
import { InputDevice } from '../../input/input-device';
import { ReplayPlayer, type Replay, replayFromRunner } from '../../replay';
import type { MatchConfig } from '../../sim/config';
import { FPS } from '../../sim/constants';
import { createMatch } from '../../sim/match';
import { MatchRunner } from '../../sim/runner';
import type { MatchState } from '../../sim/state';
import { addBackdrop } from '../../views/backdrop';
import { fieldRects, GAME_H, GAME_W } from '../../views/layout';
import type { HudLabels } from '../../views/hud-labels';
import { MatchView } from '../../views/match-view';
import { textStyle } from '../../views/text';
import { pageIsJapanese } from './page-lang';

const STEP_MS = 1000 / FPS;
const MAX_STEPS_PER_FRAME = 4;

/** How a clip or the practice played: sim frames advanced between the first and the last frame drawn, and the wall time between them. */
export interface Played {
  frames: number;
  wallMs: number;
}

/** Counts the sim frames advanced and the wall time from the first frame drawn to the last. */
class PlayClock {
  private t0 = -1;
  private f0 = 0;
  private t1 = -1;
  private f1 = 0;
  /** A frame drawn: sim frame `frame` on screen at `now`. */
  drawn(frame: number, now: number): void {
    if (this.t0 < 0) {
      this.t0 = now;
      this.f0 = frame;
    }
    this.t1 = now;
    this.f1 = frame;
  }
  get played(): Played {
    return { frames: Math.max(0, this.f1 - this.f0), wallMs: this.t0 < 0 ? 0 : Math.round(this.t1 - this.t0) };
  }
}

export interface ClipRun {
  replay: Replay;
  start: number;
  end: number;
  /** Sim frames per 1/60 s (1 = real time; a researcher's preview may play faster). */
  rate: number;
  onFirstFrame: () => void;
  onDone: (played: Played) => void;
  /** The HUD's words (default English). */
  labels?: HudLabels;
  /** Video export: nothing moves on its own; renderAt(frame) draws each frame (see render.ts). */
  manual?: boolean;
}

export class ClipScene extends Phaser.Scene {
  private run!: ClipRun;
  private player!: ReplayPlayer;
  private mv!: MatchView;
  private acc = 0;
  private shown = false;
  private done = false;
  private clock = new PlayClock();
  private backdrop!: { update: (f: number) => void };

  constructor() {
    super('study-clip');
  }

  init(run: ClipRun): void {
    this.run = run;
    this.acc = 0;
    this.shown = false;
    this.done = false;
    this.clock = new PlayClock();
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    this.player = new ReplayPlayer(this.run.replay);
    this.player.seek(this.run.start);
    this.mv = new MatchView(
      this,
      this.player.state,
      this.player.state.sides.map(() => ''),
      { survey: true, fps: false, neutral: true, hudLabels: this.run.labels },
    );
    this.mv.resetVisuals(this.player.state);
    this.events.once('shutdown', () => this.mv.destroy());
  }

  /** The HUD's lives line as drawn now, digits as N (video export: which language the HUD is in). */
  livesLine(): string {
    return this.mv.hud.snapshot().sides[0]?.livesText.replace(/\d+/g, 'N') ?? '';
  }

  /** Video export: shows the state after `frame` steps (frames come in order). */
  renderAt(frame: number): void {
    if (frame === this.player.frame + 1) {
      this.player.step();
      for (const ev of this.player.state.events) this.mv.effect(ev, this.player.state);
    } else if (frame !== this.player.frame) {
      this.player.seek(frame);
      this.mv.resetVisuals(this.player.state);
    }
    // The backdrop follows the sim frame: a video's pixels never depend on the clips rendered before it.
    this.backdrop.update(this.player.frame);
    this.mv.draw(this.player.state, 0);
  }

  override update(_t: number, delta: number): void {
    if (this.run.manual) return;
    if (!this.done) {
      this.acc = Math.min(this.acc + delta * this.run.rate, STEP_MS * MAX_STEPS_PER_FRAME * this.run.rate);
      while (this.acc >= STEP_MS && this.player.frame < this.run.end - 1) {
        this.acc -= STEP_MS;
        if (!this.player.step()) break;
        for (const ev of this.player.state.events) this.mv.effect(ev, this.player.state);
      }
    }
    this.backdrop.update(this.player.frame); // as renderAt: the sim frame, the same for every run of the clip
    this.mv.draw(this.player.state, 0);
    if (!this.done) this.clock.drawn(this.player.frame, performance.now());
    if (!this.shown) {
      this.shown = true;
      // What the HUD said on the clip's first frame: every clip of a package must say the same about
      // its config (clock, lives line), which the e2e test checks across all clips.
      // Kept on the page like clipsShown: only what the config decides, nothing of who played.
      const h = this.mv.hud.snapshot();
      const seen = JSON.parse(document.body.dataset.clipHuds ?? '[]') as unknown[];
      seen.push({ clock: h.clock, level: h.level, lives: h.sides.map((x) => [x.livesText.replace(/\d+/g, 'N'), x.lifeIcons]) });
      document.body.dataset.clipHuds = JSON.stringify(seen);
      this.run.onFirstFrame();
    }
    if (!this.done && (this.player.frame >= this.run.end - 1 || this.player.atEnd)) {
      this.done = true;
      this.run.onDone(this.clock.played);
    }
  }

  /** The frame on screen (tests and the e2e figure read it). */
  get frame(): number {
    return this.player?.frame ?? -1;
  }
}

export interface PracticeRun {
  config: Partial<MatchConfig> & { seed: number };
  /** Frames to play in all (the drill restarts when it ends before). */
  frames: number;
  /** Text over the field: "{s} s left" with the seconds filled in. */
  leftText: (seconds: number) => string;
  onDone: (played: Played) => void;
  /** The HUD's words (default English). */
  labels?: HudLabels;
  /** Each round's replay (round 1, 2, …; the last one cut at the practice's end), when the study records the practice. */
  onReplay?: (replay: Replay, round: number) => void;
}

export class PracticeScene extends Phaser.Scene {
  private run!: PracticeRun;
  private device!: InputDevice;
  private state!: MatchState;
  private runner!: MatchRunner;
  private mv!: MatchView;
  private acc = 0;
  private played = 0;
  private round = 0;
  private finished = false;
  private clock = new PlayClock();
  private left!: Phaser.GameObjects.Text;
  private backdrop!: { update: (f: number) => void };

  constructor() {
    super('study-practice');
  }

  init(run: PracticeRun): void {
    this.run = run;
    this.acc = 0;
    this.played = 0;
    this.round = 0;
    this.finished = false;
    this.clock = new PlayClock();
    // A second run of the scene (the recording view plays one per drill variant) starts from nothing:
    // the last run's view and text were destroyed with it.
    this.mv = undefined as unknown as MatchView;
    this.left = undefined as unknown as Phaser.GameObjects.Text;
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    this.device = new InputDevice(this);
    this.startRound();
    // In the HUD column right of the field, under TIME and LEVEL (a drill has no MAZES row there):
    // it covers neither play, the field's frame nor the HUD.
    const field = fieldRects(1)[0]!;
    const besideX = (field.x + field.w + GAME_W) / 2;
    this.left = this.add.text(besideX, field.y + 140, '', textStyle(20, '#ffffff')).setOrigin(0.5, 0);
    this.mv.overlayLayer.add(this.left);
    this.events.once('shutdown', () => this.mv.destroy());
  }

  /** Hands the round just played to onReplay (sync.ts uploads it). */
  private emitReplay(): void {
    if (!this.run.onReplay || this.round === 0 || this.state.frame === 0) return;
    this.run.onReplay(replayFromRunner(this.runner, { date: new Date().toISOString() }), this.round);
  }

  private startRound(): void {
    this.emitReplay();
    const overlay = this.mv?.overlayLayer;
    if (this.mv) this.mv.destroy();
    this.state = createMatch({ ...this.run.config, seed: (this.run.config.seed + this.round) >>> 0 });
    this.round++;
    this.runner = new MatchRunner(this.state, [new HumanController(() => this.device.bits())]);
    this.mv = new MatchView(this, this.state, [''], { survey: true, fps: false, neutral: true, hudLabels: this.run.labels });
    this.runner.on('step', (s) => {
      for (const ev of s.events) this.mv.effect(ev, s);
    });
    if (overlay && this.left) {
      overlay.remove(this.left);
      this.mv.overlayLayer.add(this.left);
    }
  }

  override update(_t: number, delta: number): void {
    this.backdrop.update(this.played);
    if (this.finished) return;
    this.acc = Math.min(this.acc + delta, STEP_MS * MAX_STEPS_PER_FRAME);
    while (this.acc >= STEP_MS && this.played < this.run.frames) {
      this.acc -= STEP_MS;
      if (this.state.result) this.startRound();
      this.runner.tick();
      this.played++;
    }
    this.mv.draw(this.state, 0);
    this.clock.drawn(this.played, performance.now());
    this.left.setText(this.run.leftText(Math.ceil((this.run.frames - this.played) / FPS)));
    if (this.played >= this.run.frames) {
      this.finished = true;
      this.emitReplay();
      this.run.onDone(this.clock.played);
    }
  }
}

class StudyBootScene extends Phaser.Scene {
  constructor(private readonly ready: () => void) {
    super('study-boot');
  }
  preload(): void {
    queueGameAssets(this);
  }
  create(): void {
    neutralTextures(this);
    // A Japanese page's HUD and texts need the Japanese face too, before anything is drawn.
    void Promise.all([loadFonts(), pageIsJapanese() ? loadJapaneseFont() : true]).then(() => this.ready());
  }
}

/**
 * The survey look's textures, derived from side 1's on the page (views' `neutral` option):
 * 'shipN' and 'bgN' are P1's ship and field with the colour taken out, so no clip is blue or pink.
 */
export function neutralTextures(scene: Phaser.Scene): void {
  for (const [from, to, filter] of [
    ['ship0', 'shipN', 'grayscale(1) brightness(1.25)'],
    ['bg0', 'bgN', 'grayscale(0.85) brightness(0.9)'],
  ] as const) {
    if (scene.textures.exists(to) || !scene.textures.exists(from)) continue;
    const img = scene.textures.get(from).getSourceImage() as HTMLImageElement | HTMLCanvasElement;
    const tex = scene.textures.createCanvas(to, img.width, img.height);
    if (!tex) continue;
    const ctx = tex.getContext();
    ctx.filter = filter;
    ctx.drawImage(img, 0, 0);
    tex.refresh();
  }
}

/** The page's one game: created on first use; its canvas sits in `host` (moved into trials). */
export class Stage {
  readonly host: HTMLDivElement;
  private game: Phaser.Game | null = null;
  private booted: Promise<void> | null = null;

  constructor() {
    this.host = document.createElement('div');
    this.host.id = 'stage';
    // As wide as fits both ways: at 1366×657 or 1280×600 the whole field (ship, HUD) stays in view
    // under the clip's label (study.css keeps the page's chrome above it this short).
    this.host.style.cssText = 'width:min(96vw,960px,calc((100vh - 96px) * 16 / 9));aspect-ratio:16/9;margin:0 auto;';
  }

  private boot(): Promise<void> {
    if (!this.booted) {
      this.booted = new Promise<void>((resolve) => {
        this.game = new Phaser.Game({
          type: Phaser.WEBGL,
          parent: this.host,
          width: GAME_W,
          height: GAME_H,
          backgroundColor: '#0b0620',
          scale: { mode: Phaser.Scale.FIT, autoCenter: Phaser.Scale.CENTER_HORIZONTALLY },
          input: { gamepad: true },
          fps: { target: 60 },
          render: { antialiasGL: false },
          audio: { noAudio: true },
          scene: [new StudyBootScene(resolve), ClipScene, PracticeScene],
        });
      });
    }
    return this.booted;
  }

  /** Puts the game into `el` and starts `key` with `data` (stopping whatever ran). */
  async show(el: HTMLElement, key: 'study-clip' | 'study-practice', data: ClipRun | PracticeRun): Promise<void> {
    el.appendChild(this.host);
    await this.boot();
    const g = this.game!;
    for (const k of ['study-clip', 'study-practice']) if (g.scene.isActive(k)) g.scene.stop(k);
    // The window may have changed size while the canvas was out of the page (between trials): measure
    // the host again now, so the game fits from its first frame (refresh alone keeps the old size).
    g.scale.getParentBounds();
    g.scale.refresh();
    if (g.input.keyboard) g.input.keyboard.preventDefault = true;
    g.scene.start(key, data);
  }

  /** Stops the scenes and takes the canvas out of the trial (the game stays for the next one). */
  hide(): void {
    const g = this.game;
    if (g) for (const k of ['study-clip', 'study-practice']) if (g.scene.isActive(k)) g.scene.stop(k);
    // The game keeps listening to the window: off stage it must not swallow the keys it captures
    // (arrows would no longer move between a question's radio buttons).
    if (g?.input.keyboard) g.input.keyboard.preventDefault = false;
    this.host.remove();
  }

  get phaser(): Phaser.Game | null {
    return this.game;
  }
}
