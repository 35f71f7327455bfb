// The match: steps the sim at a fixed 60 Hz from real time, draws both fields and the HUD,
// plays sounds on sim events, pauses on Esc or pad Start (resume, restart the same match, quit).
// Feel: a hit freezes the game a moment (hit-stop) while the field flashes and shakes; a maze
// cleared shows MAZE CLEAR over that field and holds the game briefly on the new layout. These
// pauses only delay when the fixed steps run: the steps and their inputs are the same, so replays
// are unaffected. A person's first seconds show their controls in their field (views/coach.ts).
// Every match is saved as a replay when it ends, is left, is restarted, or the page goes away.
import { playMusic, withMusic } from '../audio/music-lazy';
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { createMatch, FPS, MatchRunner, type MatchState } from './match-deps';
import { CpuController } from '../cpu/cpu-controller';
import { addBackdrop } from '../views/backdrop';
import { saveMatchReplay, type SaveReplayResult } from './save-replay';
import { eventSound } from './event-sounds';
import { MatchView } from '../views/match-view';
import { InputDevice, keyLegend, type InputScheme } from '../input/input-device';
import { Coach } from '../views/coach';
import { GAME_H, GAME_W } from '../views/layout';
import { isPvp, makeControllers, sideName, type MatchSetup } from './match-setup';
import type { ResultData } from './result-scene';
import { published as hook } from './scene-state';
import { openOptionsScene } from './lazy-scenes';
import { keyOnce } from '../ui/key-once';
import { Menu } from '../ui/menu';
import { textStyle } from '../views/text';
import { adaptiveLabel, settleAdaptive, withOutcome, type AdaptiveOutcome } from './adaptive-match';
import { saveAdaptive } from '../storage/adaptive-store';
import { t, type Key } from '../i18n/i18n';

const STEP_MS = 1000 / FPS;
/** Never run more than this many sim steps per rendered frame (a stall must not snowball). */
const MAX_STEPS_PER_FRAME = 4;
const END_DELAY_FRAMES = 100;
/** How long a failed-save message stays up over a running match. */
const SAVE_ERROR_MS = 9000;
/** Hit-stop: the game holds this long when a ship is hit (a person's hit holds longer). */
const HITSTOP_MS = { person: 170, cpu: 90 };
/** The hold on a new maze layout after MAZE CLEAR. */
const MAZE_CLEAR_MS = 900;

/** The pause screen's difficulty: a built-in one in the game's language, any other name as it is. */
function pauseDifficulty(d: string): string {
  return ['easy', 'normal', 'hard', 'lunatic'].includes(d) ? t(`match.pause.difficulty.${d}` as Key) : d;
}

/**
 * What starts a match: the setup, and the replay save of the scene before (a restarted match or a
 * rematch) if it may still be running, so a failure reaches the player here.
 */
export type MatchStart = MatchSetup & { saved?: Promise<SaveReplayResult> };

export class MatchScene extends Phaser.Scene {
  private setup!: MatchSetup;
  private state!: MatchState;
  private runner!: MatchRunner;
  private mv!: MatchView;
  /** One device alone; in Player vs Player one per player (split keyboard, a pad each). */
  private devices: InputDevice[] = [];
  private coaches: (Coach | null)[] = [];
  /** Real time left of a hit-stop or maze-clear hold (no steps run; drawing goes on). */
  private holdMs = 0;
  /** Real time left of the countdown before the first frame (a hold that shows 3, 2, 1). */
  private countdownMs = 0;
  /** Frozen moments so far (tests read them through the hook): hit-stops and maze-clear holds. */
  private holds = { hit: 0, maze: 0 };
  private acc = 0;
  private paused = false;
  private pauseLayer!: Phaser.GameObjects.Container;
  private pauseMenu!: Menu;
  private endTimer = -1;
  private banner!: Phaser.GameObjects.Text;
  private fieldBanners: Phaser.GameObjects.Text[] = [];
  private backdrop!: { update: (f: number) => void };
  private renderFrame = 0;
  private previousSave: Promise<SaveReplayResult> | undefined;
  /** The last replay saved of this match, at its frame (pagehide, then quit at the same frame, saves once). */
  private lastSave: { frame: number; saved: Promise<SaveReplayResult> } | null = null;
  /** Counts scene starts: a late result of an older run must not touch this one. */
  private run = 0;
  /** An Adaptive match that has ended: the state before and after (saved at the end; a left match has none). */
  private adaptiveOutcome: AdaptiveOutcome | null = null;

  constructor() {
    super('match');
  }

  init(data: MatchStart): void {
    const { saved, ...setup } = data;
    this.setup = setup;
    this.previousSave = saved;
    this.lastSave = null;
    this.run++;
    this.acc = 0;
    this.paused = false;
    this.endTimer = -1;
    this.holdMs = 0;
    this.countdownMs = 0;
    this.holds = { hit: 0, maze: 0 };
    // The last run's banners went with its scene objects (a restart keeps this instance); its
    // backdrop clock starts again too.
    this.fieldBanners = [];
    this.renderFrame = 0;
    this.adaptiveOutcome = null;
  }

  create(): void {
    const pvp = isPvp(this.setup);
    const schemes: InputScheme[] = pvp ? ['p1', 'p2'] : ['solo'];
    this.devices = schemes.map((k) => new InputDevice(this, k));
    this.state = createMatch(this.setup.config);
    this.runner = new MatchRunner(
      this.state,
      makeControllers(this.setup, this.state.sides.length, (side) => this.devices[pvp ? side : 0]!.bits()),
    );
    hook.live = {
      state: this.state,
      runner: this.runner,
      setup: this.setup,
      hud: () => this.mv.hud.snapshot(),
      resetVisuals: () => {
        this.mv.resetVisuals(this.state);
        this.clearBanners();
      },
    };
    this.events.once('shutdown', () => {
      if (hook.live?.state === this.state) hook.live = null;
      this.runner.removeAllListeners();
      this.mv.destroy();
    });

    this.backdrop = addBackdrop(this);
    const specs = [this.setup.p1, this.setup.p2];
    const mv = (this.mv = new MatchView(
      this,
      this.state,
      this.state.sides.map((_, i) => sideName(specs[i]!, i, this.setup)),
    ));
    this.banner = this.add
      .text(GAME_W / 2, GAME_H / 2, '', textStyle(54, '#ffffff', { fontStyle: 'bold', strokeThickness: 9 }))
      .setOrigin(0.5)
      .setVisible(false);
    mv.overlayLayer.add(this.banner);
    if (this.setup.countdown) {
      this.countdownMs = this.holdMs = this.setup.countdown * 1000;
      this.banner.setText(String(this.setup.countdown)).setAlpha(1).setVisible(true);
    }
    const specs2 = [this.setup.p1, this.setup.p2];
    this.coaches = this.mv.rects.map((r, i) =>
      specs2[i] === 'human' ? new Coach(this, mv.overlayLayer, r, keyLegend(schemes[pvp ? i : 0]!), pvp ? `P${i + 1} ` : '') : null,
    );
    this.buildPause();
    mv.addCpuOverlays(
      this,
      this.runner.controllers.map((c) => (c instanceof CpuController ? c : null)),
      'dodgemap',
    );
    this.wireEvents();

    const kb = this.input.keyboard!;
    kb.on(
      'keydown-ESC',
      keyOnce(() => this.togglePause()),
    );
    kb.on(
      'keydown-M',
      keyOnce(() => sfx.toggleMute()),
    );
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F2);
    kb.on(
      'keydown-F2',
      keyOnce(() => this.mv.toggleWave()),
    );
    kb.addKey(Phaser.Input.Keyboard.KeyCodes.F3); // captured, so the browser does not search
    kb.on(
      'keydown-F3',
      keyOnce(() => this.mv.toggleCpu()),
    );
    kb.on('keydown', () => sfx.unlock());
    this.game.events.on(Phaser.Core.Events.BLUR, this.autoPause, this);
    this.events.once('shutdown', () => this.game.events.off(Phaser.Core.Events.BLUR, this.autoPause, this));
    // Closing the tab or navigating away: keep what was played (best effort, IndexedDB may not finish).
    const onPageHide = (): void => void this.saveReplay();
    window.addEventListener('pagehide', onPageHide);
    this.events.once('shutdown', () => window.removeEventListener('pagehide', onPageHide));
    this.showBanner(t(this.state.config.mode === 'practice' ? 'match.banner.practice' : 'match.banner.ready'), 70);
    if (this.setup.demo) this.startDemo();
    this.startMusic();
    if (this.previousSave) this.reportSave(this.previousSave);
  }

  /**
   * Saves the match as it stands (partial unless it has ended); once per frame reached. A save at a
   * later frame (pagehide, the page restored from the back-forward cache, then the match ends)
   * replaces the earlier entry, so the library holds one copy of this match.
   */
  private saveReplay(): Promise<SaveReplayResult> {
    if (this.setup.demo) return Promise.resolve({ ok: null, partial: false }); // a demo is not a match anyone played
    const frame = this.state.frame;
    if (this.lastSave?.frame !== frame) {
      const partial = this.state.result === null;
      const setup = withOutcome(this.setup, this.adaptiveOutcome);
      this.lastSave = { frame, saved: saveMatchReplay(this.runner, setup, { partial, replaces: this.lastSave?.saved }) };
    }
    return this.lastSave.saved;
  }

  /**
   * The match's theme (by stage, characters, the final boss: versusTrack). Recording for a study plays
   * none: the person's recorded play goes into a study's clips, and clips never carry music.
   */
  private startMusic(): void {
    const c = this.state.config;
    const study = this.setup.extra?.study !== undefined || c.stages === 'drill';
    void withMusic(({ music }) => {
      music.suppress(study);
      music.setPaused(false);
    });
    if (!study)
      playMusic(this, ({ versusTrack }) =>
        versusTrack({ maze: c.stages === 'maze', finalBoss: c.finalBoss, characters: [c.p1Character, c.p2Character], seed: c.seed }),
      );
    this.events.once('shutdown', () => void withMusic(({ music }) => music.suppress(false)));
  }

  /** Attract mode: a DEMO line, and any key, click or pad button goes back to the title. */
  private startDemo(): void {
    const line = this.add
      .text(GAME_W / 2, GAME_H - 44, t('match.banner.demo'), textStyle(22, UI.accent, { fontStyle: 'bold', strokeThickness: 6 }))
      .setOrigin(0.5);
    this.mv.overlayLayer.add(line);
    this.tweens.add({ targets: line, alpha: 0.45, yoyo: true, repeat: -1, duration: 900 });
    const leave = (): void => {
      if (this.scene.isActive()) this.scene.start('title');
    };
    this.input.keyboard!.once('keydown', leave);
    this.input.once('pointerdown', leave);
    this.input.gamepad?.once('down', leave);
  }

  /** Shows a failed save (storage full…) over the match for a while; a success needs no word. */
  private reportSave(saved: Promise<SaveReplayResult>): void {
    const run = this.run;
    void saved.then((r) => {
      if (r.ok !== false || run !== this.run || !this.scene.isActive()) return;
      const text = this.add
        .text(
          GAME_W / 2,
          74,
          r.error,
          textStyle(15, '#ff8090', { wordWrap: { width: 760 }, align: 'center', backgroundColor: '#140a28e6', padding: { x: 14, y: 8 } }),
        )
        .setOrigin(0.5, 0);
      this.mv.overlayLayer.add(text);
      this.tweens.add({ targets: text, alpha: 0, delay: SAVE_ERROR_MS, duration: 600, onComplete: () => text.destroy() });
    });
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
        else if (ev.type === 'hit')
          this.hold(this.setup[ev.side === 0 ? 'p1' : 'p2'] === 'human' ? HITSTOP_MS.person : HITSTOP_MS.cpu, 'hit');
        else if (ev.type === 'maze-cleared') {
          const next = ev.next.startsWith('gen:') ? t('match.banner.newMaze') : ev.next;
          this.fieldBanner(ev.side, t('match.banner.mazeClear'), t('match.banner.mazeNext', { n: ev.cleared, next }));
          this.hold(MAZE_CLEAR_MS, 'maze');
        }
      }
    });
  }

  /** How the match feels so far, for browser tests (game.scene.getScene('match').feel()). */
  feel(): { holds: { hit: number; maze: number }; flash: number[]; coach: (string[] | null)[]; pvp: boolean; schemes: string[] } {
    return {
      holds: { ...this.holds },
      flash: this.mv.views.map((v) => v.flashLevel),
      coach: this.coaches.map((c) => c?.done ?? null),
      pvp: isPvp(this.setup),
      schemes: this.devices.map((d) => d.scheme),
    };
  }

  /** Holds the game (no steps) for `ms` of real time; drawing, shake and flashes go on. */
  private hold(ms: number, why: 'hit' | 'maze'): void {
    this.holdMs = Math.max(this.holdMs, ms);
    this.holds[why]++;
  }

  /** A banner over one field (the overlay layer), e.g. MAZE CLEAR. */
  private fieldBanner(side: number, text: string, sub: string): void {
    const r = this.mv.rects[side];
    if (!r) return;
    const cx = r.x + r.w / 2;
    const big = this.add
      .text(cx, r.y + r.h / 2 - 30, text, textStyle(40, UI.accent, { fontStyle: 'bold', strokeThickness: 8 }))
      .setOrigin(0.5);
    const small = this.add.text(cx, r.y + r.h / 2 + 14, sub, textStyle(17, '#ffffff', { strokeThickness: 4 })).setOrigin(0.5);
    this.mv.overlayLayer.add([big, small]);
    this.fieldBanners.push(big, small);
    big.setScale(1.4);
    this.tweens.add({ targets: big, scale: 1, duration: 260, ease: 'Back.Out' });
    this.tweens.add({
      targets: [big, small],
      alpha: 0,
      delay: MAZE_CLEAR_MS + 500,
      duration: 400,
      onComplete: () => {
        this.fieldBanners = this.fieldBanners.filter((t) => t !== big && t !== small);
        big.destroy();
        small.destroy();
      },
    });
  }

  private onEnd(winner: number | null, reason: string): void {
    this.endTimer = END_DELAY_FRAMES;
    // Adaptive: the result counts once the match has ended (the pause menu is closed from here on),
    // even if the page is closed before the result screen; the replay saved from now on records it.
    this.adaptiveOutcome = settleAdaptive(this.setup, winner);
    if (this.adaptiveOutcome) saveAdaptive(this.adaptiveOutcome.after);
    const human = this.setup.p1 === 'human';
    const practice = this.state.config.mode === 'practice';
    this.showBanner(
      t(reason === 'time' ? 'match.banner.timeUp' : practice ? 'match.banner.gameOver' : 'match.banner.ko'),
      END_DELAY_FRAMES,
    );
    if (human && !practice) sfx.play(winner === 0 ? 'win' : 'lose');
    else sfx.play(practice ? 'lose' : 'win');
    // The theme gives way to a jingle: won or lost for the person who played, else the result's.
    const people = [this.setup.p1, this.setup.p2].map((s, i) => (s === 'human' ? i : -1)).filter((i) => i >= 0);
    const jingle = people.length === 1 && !practice ? (winner === people[0] ? 'win' : 'lose') : 'result';
    if (!this.setup.demo) void withMusic(({ music }) => music.jingle(jingle, { resume: false }));
  }

  private buildPause(): void {
    this.pauseLayer = this.add.container(0, 0);
    this.mv.overlayLayer.add(this.pauseLayer);
    const dim = this.add.rectangle(0, 0, GAME_W, GAME_H, 0x05020e, 0.72).setOrigin(0);
    const cx = GAME_W / 2;
    const title = this.add.text(cx, 170, t('match.pause.title'), textStyle(48, '#ffffff', { fontStyle: 'bold' })).setOrigin(0.5);
    const c = this.setup.config;
    const level = this.setup.adaptive ? adaptiveLabel(this.setup.adaptive) : pauseDifficulty(c.difficulty ?? 'normal');
    const where = c.stages === 'maze' ? t('match.pause.maze', { maze: c.maze ?? '' }).trim() : t('match.pause.openStages');
    const what = [where, level, t('match.pause.seed', { seed: c.seed })].join(' · ');
    const info = this.add.text(cx, 214, what, textStyle(16, UI.dim)).setOrigin(0.5);
    const help = this.add
      .text(cx, 420, t('match.pause.help'), textStyle(15, UI.dim, { align: 'center', lineSpacing: 6 }))
      .setOrigin(0.5, 0);
    // A solid panel behind the menu, so the HUD's VS and clock do not show through the text.
    const panel = this.add.graphics();
    panel.fillStyle(UI.panel, 0.95).fillRoundedRect(cx - 280, 118, 560, 372, 14);
    panel.lineStyle(2, UI.frame, 0.7).strokeRoundedRect(cx - 280, 118, 560, 372, 14);
    this.pauseLayer.add([dim, panel, title, info, help]);
    this.pauseMenu = new Menu(
      this,
      [
        { id: 'resume', label: t('match.pause.resume') },
        { id: 'restart', label: t('match.pause.restart') },
        { id: 'quit', label: t('match.pause.quit') },
        { id: 'options', label: t('match.pause.options') },
      ],
      cx,
      262,
      (row) => {
        if (row.id === 'resume') this.togglePause();
        // Same setup: seed, stages, maze, controllers, difficulty; the left run is kept as a partial replay.
        else if (row.id === 'restart') this.scene.restart({ ...this.setup, saved: this.saveReplay() } satisfies MatchStart);
        // Options over the paused match: it stays paused (and this menu up) when Options closes.
        else if (row.id === 'options') void openOptionsScene(this);
        else this.scene.start('title', { saved: this.saveReplay() });
      },
      this.pauseLayer,
      // Four rows end above the help lines (at 420).
      40,
    );
    this.pauseMenu.onBack = () => this.togglePause();
    this.pauseMenu.padStartConfirms = false; // Start toggles the pause (update())
    this.pauseLayer.setVisible(false);
    this.pauseMenu.setActive(false);
  }

  private togglePause(): void {
    if (this.state.result) return;
    this.paused = !this.paused;
    this.pauseLayer.setVisible(this.paused);
    this.pauseMenu.setActive(this.paused);
    void withMusic(({ music }) => music.setPaused(this.paused)); // softer while paused
    if (!this.paused) for (const d of this.devices) d.resumed();
    sfx.play('pause');
    this.acc = 0;
  }

  /**
   * Drops every banner at once (READY, MAZE CLEAR…). Banners fade in real time, so a caller that
   * steps the game faster than real time (the test hook before a screenshot) clears them with it.
   */
  private clearBanners(): void {
    this.tweens.killTweensOf([this.banner, ...this.fieldBanners]);
    for (const t of this.fieldBanners) t.destroy();
    this.fieldBanners = [];
    if (this.countdownMs <= 0) this.banner.setVisible(false);
  }

  private showBanner(text: string, frames: number): void {
    this.banner.setText(text).setVisible(true).setAlpha(1).setScale(1.3);
    this.tweens.add({ targets: this.banner, scale: 1, duration: 250, ease: 'Back.Out' });
    this.tweens.add({ targets: this.banner, alpha: 0, delay: (frames / FPS) * 1000 - 300, duration: 300 });
  }

  override update(_time: number, delta: number): void {
    this.backdrop.update(this.renderFrame++);
    // Every device's Start is read each frame (edges), even when an earlier one already paused.
    if (this.devices.map((d) => d.pausePressed()).some(Boolean)) this.togglePause();
    if (!this.paused && this.holdMs > 0) {
      this.holdMs -= delta;
      this.acc = 0;
      if (this.countdownMs > 0) {
        this.countdownMs -= delta;
        if (this.countdownMs > 0) this.banner.setText(String(Math.ceil(this.countdownMs / 1000)));
        else this.banner.setVisible(false);
      }
    } else if (!this.paused) {
      this.acc = Math.min(this.acc + delta, STEP_MS * MAX_STEPS_PER_FRAME);
      while (this.acc >= STEP_MS && this.holdMs <= 0) {
        this.acc -= STEP_MS;
        if (this.state.result) {
          if (this.endTimer > 0 && --this.endTimer === 0) {
            this.finish();
            return;
          }
        } else this.runner.tick();
      }
    }
    this.mv.draw(this.state, this.game.loop.actualFps);
    this.coaches.forEach((c, i) => c?.update(this.state.sides[i]!, this.state.frame));
  }

  private finish(): void {
    const s = this.state;
    const specs = [this.setup.p1, this.setup.p2];
    const data: ResultData = {
      setup: this.setup,
      winner: s.result!.winner,
      reason: s.result!.reason,
      decidedBy: s.result!.decidedBy,
      frames: s.frame,
      sides: s.sides.map((d, i) => ({
        name: sideName(specs[i]!, i, this.setup),
        score: d.score,
        hits: d.hits,
        kills: d.kills,
        grazes: d.grazes,
        bestChain: d.bestChain,
        lives: d.ship.lives,
        mazesCleared: d.mazesCleared,
        character: d.character.id,
      })),
    };
    if (this.adaptiveOutcome) data.adaptive = this.adaptiveOutcome;
    if (this.setup.demo) {
      this.scene.start('title'); // the demo ran to its end: back to the title, which may start another
      return;
    }
    data.saved = this.saveReplay();
    if (this.setup.resultScene) this.scene.start(this.setup.resultScene, { screen: 'after', result: data });
    else this.scene.start('result', data);
  }
}
