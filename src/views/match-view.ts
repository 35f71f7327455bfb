// The drawing side of a match, shared by scenes that show one: both fields (FieldView), the HUD,
// the maze views and the cameras wired so each field camera sees only its field, the main camera
// the HUD and backdrop, and an overlay camera (created last, drawn on top) only `overlayLayer`.
// The match and playback scenes both draw through it.
// Anything a scene adds afterwards belongs in `hudLayer` or `overlayLayer`.
import { settings } from '../storage/settings';
import Phaser from 'phaser';
import { UI } from '../art/palette';
import type { SimEvent } from '../sim/events';
import { AttackKind, type MatchState } from '../sim/state';
import type { CpuController } from '../cpu/cpu-controller';
import { DodgeOverlay } from './dodge-overlay';
import { PlannerOverlay } from './planner-overlay';
import { FieldView } from './field-view';
import { Hud, hudLabels } from './hud';
import type { HudLabels } from './hud-labels';
import { t } from '../i18n/i18n';
import { partName } from './character-stats';
import { GAME_H, GAME_W, fieldRects, fieldWorldX, type FieldRect } from './layout';
import { matchStreamForView } from './visual-stream';
import { matchStream } from '../sim/rng';
import { MazeView } from './maze-view';
import { legendBox, OverlayLegend } from './overlay-legend';
import { NEUTRAL } from '../sim/characters';
import { textStyle } from './text';

/** How long a field's attack banner (EX, spell, Boss Attack, BOSS PHASE) stays, in ms of real time. */
const BANNER_MS = 1700;

export interface MatchViewOptions {
  /** Hide names, the frame rate and anything else that tells a person from the CPU. */
  survey?: boolean;
  /** Show the HUD's frame rate (default true; playback hides it). */
  fps?: boolean;
  /** One neutral ship, field and HUD colour whichever side is drawn (study clips). */
  neutral?: boolean;
  /** The HUD's words (default: the game's language; the study page gives its page language's). */
  hudLabels?: HudLabels;
}

export class MatchView {
  readonly views: FieldView[];
  readonly hud: Hud;
  readonly hudLayer: Phaser.GameObjects.Layer;
  readonly overlayLayer: Phaser.GameObjects.Layer;
  readonly mazeViews: MazeView[];
  readonly rects: FieldRect[];
  readonly overlayCamera: Phaser.Cameras.Scene2D.Camera;
  private nameTexts: Phaser.GameObjects.Text[] = [];
  private fpsText: Phaser.GameObjects.Text | null = null;
  private hintText: Phaser.GameObjects.Text | null = null;
  private survey = false;
  private showWave = false;
  private readonly showFps: boolean;
  private dodgeOverlays: DodgeOverlay[] = [];
  private plannerOverlays: PlannerOverlay[] = [];
  private showCpu = false;
  private readonly legends: { cpu: OverlayLegend | null; wave: OverlayLegend | null } = { cpu: null, wave: null };
  /** The attack banner showing over each field (one at a time: a new one replaces it). */
  private banners: (Phaser.GameObjects.Container | null)[] = [];
  /** The study's look has no character banners. */
  private readonly neutral: boolean;

  constructor(
    private readonly scene: Phaser.Scene,
    state: Readonly<MatchState>,
    names: string[],
    opts: MatchViewOptions = {},
  ) {
    // The frame-rate readout is for those who ask for it (Options → Display), not every player.
    this.showFps = opts.fps ?? settings.get().showFps;
    this.rects = fieldRects(state.sides.length);
    this.views = this.rects.map(
      (r, i) => new FieldView(scene, i, fieldWorldX(i), r, matchStreamForView(state.config.seed, i), opts.neutral ? 'neutral' : 'side'),
    );
    this.hudLayer = scene.add.layer();
    const before = new Set(this.hudLayer.list);
    const labels = opts.hudLabels ?? hudLabels();
    this.neutral = opts.neutral ?? false;
    this.hud = new Hud(
      scene,
      this.hudLayer,
      this.rects,
      names,
      this.neutral,
      labels,
      state.sides.map((d) => d.character.id),
    );
    for (const o of this.hudLayer.list) {
      if (before.has(o) || !(o instanceof Phaser.GameObjects.Text)) continue;
      if (names.includes(o.text) && o.text !== '') this.nameTexts.push(o);
      if (o.text === labels.hint) this.hintText = o;
    }
    this.overlayLayer = scene.add.layer();
    this.overlayCamera = scene.cameras.add(0, 0, GAME_W, GAME_H);
    this.overlayCamera.ignore(scene.children.list.filter((o) => o !== this.overlayLayer));
    scene.cameras.main.ignore(this.overlayLayer);
    for (const v of this.views) {
      scene.cameras.main.ignore(v.objects);
      v.camera.ignore(this.hudLayer);
      v.camera.ignore(this.overlayLayer);
      for (const o of this.views) if (o !== v) v.camera.ignore(o.objects);
    }
    scene.cameras.main.setBackgroundColor(UI.bgTop);
    this.mazeViews =
      state.config.stages === 'maze' ? this.views.map((v) => new MazeView(scene, v.mazeLayer, v.debugLayer, v.sideIndex)) : [];
    this.setSurvey(opts.survey ?? false);
  }

  /** The HUD's 'Esc pause' line (playback says something else there; lines centred). */
  setHint(text: string): void {
    this.hintText?.setText(text).setAlign('center');
  }

  setSurvey(on: boolean): void {
    this.survey = on;
    for (const t of this.nameTexts) t.setVisible(!on);
    this.fpsText?.setVisible(!on && this.showFps);
    this.hintText?.setVisible(!on);
  }

  get surveyOn(): boolean {
    return this.survey;
  }

  /** F2: the chasers' wave field (maze stages only). Returns whether it is available. */
  toggleWave(): boolean {
    if (!this.mazeViews.length) return false;
    this.showWave = !this.showWave;
    for (const m of this.mazeViews) m.setOverlay(this.showWave);
    this.legend('wave', this.showWave);
    return true;
  }

  /**
   * F3 overlays for the CPU sides (null for others): the dodger's influence map and planned path,
   * and in maze stages the planner's route, action tint and HP. `key` names the map textures.
   */
  addCpuOverlays(scene: Phaser.Scene, cpus: readonly (CpuController | null)[], key: string): void {
    const maze = this.mazeViews.length > 0;
    for (const v of this.views) {
      const c = cpus[v.sideIndex];
      if (!c) continue;
      this.dodgeOverlays.push(new DodgeOverlay(scene, v.debugLayer, c, `${key}${v.sideIndex}`));
      if (maze) this.plannerOverlays.push(new PlannerOverlay(scene, v, c));
    }
  }

  /** F3: the CPU overlays. Returns whether there are any. */
  toggleCpu(): boolean {
    if (!this.dodgeOverlays.length) return false;
    this.showCpu = !this.showCpu;
    for (const o of this.dodgeOverlays) o.setVisible(this.showCpu);
    for (const o of this.plannerOverlays) o.setVisible(this.showCpu);
    this.legend('cpu', this.showCpu);
    return true;
  }

  /** Shows or hides an overlay's key (made the first time it is needed), in the HUD beside the fields. */
  private legend(kind: 'cpu' | 'wave', on: boolean): void {
    if (on && !this.legends[kind]) {
      this.legends[kind] = new OverlayLegend(this.scene, this.hudLayer, legendBox(this.rects), kind, {
        maze: this.mazeViews.length > 0,
        slot: kind === 'cpu' ? 0 : 1,
      });
      for (const v of this.views) v.camera.ignore(this.legends[kind].root);
      this.overlayCamera.ignore(this.legends[kind].root);
    }
    this.legends[kind]?.setVisible(on && !this.survey);
  }

  get cpuOn(): boolean {
    return this.showCpu;
  }

  get waveOn(): boolean {
    return this.showWave;
  }

  /** Sets both debug overlays (F2 wave field, F3 CPU view) at once, e.g. all off for a survey clip. */
  setOverlays(o: { wave: boolean; cpu: boolean }): void {
    if (this.mazeViews.length && o.wave !== this.showWave) this.toggleWave();
    if (this.dodgeOverlays.length && o.cpu !== this.showCpu) this.toggleCpu();
  }

  /**
   * Restarts the purely visual state (particles, shake, visual random streams, the HUD's pops) as
   * a function of the match seed and `state.frame` alone, so what is drawn from here on does not
   * depend on what was watched before. The streams differ from the live match's (those start at
   * frame 0). Called after a jump (a seek, a clip's start) or by tests, never per step of play.
   */
  resetVisuals(state: Readonly<MatchState>): void {
    for (const v of this.views) {
      const ship = state.sides[v.sideIndex]!.ship;
      v.resetVisuals(matchStream(state.config.seed, `visual${v.sideIndex}@${state.frame}`), ship.lives <= 0);
    }
    this.hud.resetVisuals();
    this.banners.forEach((_, i) => this.dropBanner(i));
  }

  /** The banners shown now, per field: their lines ('' for none). Tests read it. */
  bannerTexts(): string[] {
    return this.rects.map((_, i) => {
      const b = this.banners[i];
      return b ? b.list.map((o) => (o as Phaser.GameObjects.Text).text).join(' · ') : '';
    });
  }

  /**
   * A short banner over field `side`'s upper part: a small heading and a name in `color` (the
   * character's). Fades in real time; a new banner over the same field replaces it.
   */
  private fieldBanner(side: number, heading: string, name: string, color: string): void {
    const r = this.rects[side];
    if (!r || this.neutral) return;
    this.dropBanner(side);
    const cx = r.x + r.w / 2;
    const top = this.scene.add.text(0, -16, heading, textStyle(14, UI.accent, { fontStyle: 'bold', strokeThickness: 4 })).setOrigin(0.5);
    const big = this.scene.add
      .text(0, 8, name, textStyle(22, color, { fontStyle: 'bold', strokeThickness: 5, align: 'center', wordWrap: { width: r.w - 30 } }))
      .setOrigin(0.5, 0);
    const box = this.scene.add.container(cx, r.y + 96, name ? [top, big] : [top]);
    this.overlayLayer.add(box);
    this.banners[side] = box;
    box.setAlpha(0).setScale(0.9);
    this.scene.tweens.add({ targets: box, alpha: 1, scale: 1, duration: 180, ease: 'Back.Out' });
    this.scene.tweens.add({
      targets: box,
      alpha: 0,
      delay: BANNER_MS - 350,
      duration: 350,
      onComplete: () => {
        if (this.banners[side] === box) this.dropBanner(side);
      },
    });
  }

  private dropBanner(side: number): void {
    const b = this.banners[side];
    if (!b) return;
    this.scene.tweens.killTweensOf(b);
    b.destroy();
    this.banners[side] = null;
  }

  /** The character banners of one sim event: EX and spell in the firing field, the Boss Attack where it lands. */
  private characterBanner(ev: SimEvent, state: Readonly<MatchState>): void {
    if (ev.type === 'charge-attack' && ev.level >= 2) {
      const c = state.sides[ev.side]?.character;
      if (!c || c.id === NEUTRAL) return;
      if (ev.level === 2) this.fieldBanner(ev.side, t('match.banner.exAttack'), partName(c.ex), c.color);
      else this.fieldBanner(ev.side, t('match.banner.spell'), partName(c.spell), c.color);
    } else if (ev.type === 'attack-arrived' && ev.kind === AttackKind.BOSS && state.sides.length > 1) {
      const c = state.sides[1 - ev.side]?.character;
      if (c && c.id !== NEUTRAL) this.fieldBanner(ev.side, t('match.banner.bossAttack'), partName(c.boss), c.color);
    } else if (ev.type === 'boss-phase') {
      const c = state.sides[ev.side]?.character;
      this.fieldBanner(ev.side, t('match.banner.bossPhase'), c && c.id !== NEUTRAL ? partName(c.boss) : '', c?.color ?? UI.text);
    }
  }

  draw(state: Readonly<MatchState>, fps: number): void {
    for (const v of this.views) v.draw(state.sides[v.sideIndex]!, state.frame);
    for (const [i, m] of this.mazeViews.entries()) m.draw(state.sides[i]!, state.frame);
    if (this.showCpu) {
      for (const o of this.dodgeOverlays) o.draw();
      for (const o of this.plannerOverlays) o.draw(state.sides[o.side]!);
    }
    this.hud.update(state as MatchState, fps);
    if (!this.fpsText) {
      this.fpsText =
        (this.hudLayer.list.find((o) => o instanceof Phaser.GameObjects.Text && / fps$/.test(o.text)) as
          | Phaser.GameObjects.Text
          | undefined) ?? null;
      this.fpsText?.setVisible(!this.survey && this.showFps);
    }
  }

  /** The visual effects of one sim event (the same looks as the match scene). */
  effect(ev: SimEvent, state: Readonly<MatchState>): void {
    const views = this.views;
    this.characterBanner(ev, state);
    switch (ev.type) {
      case 'kill': {
        const v = views[ev.side]!;
        v.burst(ev.x, ev.y, ev.kind >= 2 ? 26 : 14, ev.kind === 4 ? 0xff9ad0 : 0xffe8a0, ev.kind >= 2 ? 5 : 3.5, 26);
        v.ring(ev.x, ev.y, ev.kind >= 2 ? 46 : 26, 0xfff0c0, 14);
        break;
      }
      case 'enemy-hit':
        views[ev.side]!.burst(ev.x, ev.y, 1, 0xa0e0ff, 2, 8);
        break;
      case 'hit': {
        const v = views[ev.side]!;
        v.flash(0xffffff, 0.55, 14);
        v.burst(ev.x, ev.y, 40, 0xff6080, 6, 40);
        v.ring(ev.x, ev.y, 72, 0xff6080, 26);
        v.ring(ev.x, ev.y, 120, 0xffffff, 18);
        v.shake(9, 28);
        break;
      }
      case 'graze':
        views[ev.side]!.burst(ev.x, ev.y, 2, 0xffffff, 2.5, 12);
        break;
      case 'charge-attack': {
        const v = views[ev.side]!;
        v.ring(ev.x, ev.y, ev.radius, [0xffffff, 0x47d7ff, 0xffd24a, 0xff5a7a][ev.level]!, 30);
        v.burst(ev.x, ev.y, 30, 0xffffff, 5, 30);
        v.shake(3, 10);
        break;
      }
      case 'maze-cleared': {
        const v = views[ev.side]!;
        const ship = state.sides[ev.side]!.ship;
        v.ring(ship.x, ship.y, 90, 0xffd24a, 30);
        v.burst(ship.x, ship.y, 30, 0xffe8a0, 5, 30);
        v.flash(0xffd24a, 0.35, 24);
        break;
      }
      case 'heal':
        views[ev.side]!.ring(ev.x, ev.y, 40, 0x60ff90, 24);
        break;
      case 'attack-arrived':
        if (ev.kind === AttackKind.BOSS) views[ev.side]!.shake(4, 30);
        break;
      default:
        break;
    }
  }

  destroy(): void {
    this.banners.forEach((_, i) => this.dropBanner(i));
    for (const m of this.mazeViews) m.destroy();
    for (const v of this.views) v.destroy();
  }
}
