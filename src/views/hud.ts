// The HUD around the fields: per side name, score, lives, chain and the charge gauge; in the
// middle the clock, the stage level and the frame rate.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { FIELD_H, FIELD_W, FPS, GAUGE_PER_LEVEL } from '../sim/constants';
import { levelAt } from '../sim/difficulty';
import type { MatchState } from '../sim/state';
import { chargeLevel, gaugeLevels } from '../sim/versus';
import { GAME_W, type FieldRect } from './layout';
import { setText, setTextColor, textStyle } from './text';
import type { HudLabels } from './hud-labels';
import { t } from '../i18n/i18n';
import { characterName } from '../i18n/character-words';
import { characterTitle } from './character-stats';
import { charIconKey } from '../art/character-art';
import { getCharacter, NEUTRAL } from '../sim/characters';

interface SideHud {
  name: Phaser.GameObjects.Text;
  /** The side's character ("Kurenai 紅"), after the name; null for the neutral ship. */
  character: Phaser.GameObjects.Text | null;
  /** The life icons' texture (the character's small ship, or the side's). */
  icon: string;
  score: Phaser.GameObjects.Text;
  lives: Phaser.GameObjects.Image[];
  livesText: Phaser.GameObjects.Text;
  chain: Phaser.GameObjects.Text;
  gauge: Phaser.GameObjects.Graphics;
  level: Phaser.GameObjects.Text;
  rect: FieldRect;
  lastGauge: number;
  lastCharge: number;
  /** Fill of each gauge segment as last drawn (0..1). */
  drawnFill: number[];
  /** Lives as last shown (-1 before the first update and after a jump): a drop pops the lost icons. */
  lastLives: number;
}

/** What the HUD shows, read back from what it drew (tests compare it with the sim state). */
export interface HudSnapshot {
  /** The sim frame the HUD last showed. */
  frame: number;
  clock: string;
  level: string;
  sides: { score: string; lifeIcons: number; livesText: string; gauge: number[]; attack: string; character: string }[];
  /** Lost lives the HUD has popped (a red icon flying off and "−1") since it was made. */
  lifePops: number;
}

const MAX_LIFE_ICONS = 8;

/** The HUD's words in the game's language (read when a HUD is made; the study page passes its own). */
export function hudLabels(): HudLabels {
  return {
    time: t('match.hud.time'),
    level: t('match.hud.level'),
    mazes: t('match.hud.mazes'),
    vs: t('match.hud.vs'),
    hint: t('match.hud.hint'),
    score: t('match.hud.score'),
    kills: t('match.hud.kills'),
    chain: t('match.hud.chain'),
    hits: t('match.hud.hits'),
    attack: t('match.hud.attack'),
    attackReady: t('match.hud.attackReady'),
    charge: t('match.hud.charge'),
  };
}

export class Hud {
  private sides: SideHud[];
  private clock: Phaser.GameObjects.Text;
  private stage: Phaser.GameObjects.Text;
  private fps: Phaser.GameObjects.Text;
  /** Maze stages: mazes cleared per side (hidden in open stages). */
  private mazeLabel: Phaser.GameObjects.Text;
  private mazes: Phaser.GameObjects.Text;
  private shownFrame = -1;
  /** Lost-life pops shown so far (tests read it through snapshot()). */
  private lifePops = 0;
  /** The pop animations' objects still on screen (red icons, "−1"s), dropped by resetVisuals. */
  private popObjects = new Set<Phaser.GameObjects.GameObject>();

  constructor(
    private readonly scene: Phaser.Scene,
    private readonly layer: Phaser.GameObjects.Layer,
    rects: FieldRect[],
    names: string[],
    /** The survey look: one frame colour and ship icon for every side. */
    neutral = false,
    private readonly labels: HudLabels = hudLabels(),
    /** Each side's character id (the neutral ship, or none given: the side's own look). */
    characters: readonly string[] = [],
  ) {
    const L = labels;
    const add = <T extends Phaser.GameObjects.GameObject>(o: T): T => {
      layer.add(o);
      return o;
    };
    // Frames around the fields.
    const frame = add(scene.add.graphics());
    for (const [i, r] of rects.entries()) {
      frame.fillStyle(0x000000, 0.35).fillRoundedRect(r.x - 8, r.y - 58, r.w + 16, r.h + 96, 10);
      frame.lineStyle(2, neutral ? UI.frame : i === 0 ? UI.p1Hex : UI.p2Hex, 0.8).strokeRoundedRect(r.x - 3, r.y - 3, r.w + 6, r.h + 6, 4);
    }
    this.sides = rects.map((r, i) => {
      const color = neutral ? UI.text : i === 0 ? UI.p1 : UI.p2;
      const name = add(scene.add.text(r.x, r.y - 52, names[i] ?? '', textStyle(17, color)));
      const id = neutral ? NEUTRAL : (characters[i] ?? NEUTRAL);
      const c = id === NEUTRAL ? null : getCharacter(id);
      const character = c ? add(scene.add.text(0, r.y - 49, characterTitle(c), textStyle(14, c.color))) : null;
      // Long CPU names shrink to fit beside the score. A character's name follows; when both do not
      // fit, its Japanese name goes first, then the player's name shrinks (not below 70 %).
      if (c && character) {
        const room = r.w - 166;
        if (name.width + 10 + character.width > room) character.setText(characterName(c));
        const left = room - 10 - character.width;
        if (name.width > left) name.setScale(Math.max(0.7, left / name.width));
        if (name.displayWidth + 10 + character.width > room) character.setScale((room - 10 - name.displayWidth) / character.width);
        character.setX(r.x + name.displayWidth + 10);
      } else {
        const room = r.w - 175;
        if (name.width > room) name.setScale(room / name.width);
      }
      const icon = c && scene.textures.exists(charIconKey(id)) ? charIconKey(id) : neutral ? 'shipN' : `ship${i}`;
      const score = add(scene.add.text(r.x + r.w, r.y - 52, '', textStyle(17)).setOrigin(1, 0));
      const lives = Array.from({ length: MAX_LIFE_ICONS }, (_, k) =>
        // The small icons are drawn at their own size; the big ships at 0.38.
        add(scene.add.image(r.x + 10 + k * 18, r.y - 14, icon).setScale(icon === charIconKey(id) ? 1 : 0.38)),
      );
      const livesText = add(scene.add.text(r.x + 8 + MAX_LIFE_ICONS * 18, r.y - 24, '', textStyle(14)));
      const chain = add(scene.add.text(r.x + r.w, r.y - 27, '', textStyle(15, UI.accent)).setOrigin(1, 0));
      const gauge = add(scene.add.graphics());
      const level = add(scene.add.text(r.x + r.w, r.y + FIELD_H + 8, '', textStyle(14)).setOrigin(1, 0));
      return {
        name,
        character,
        icon,
        score,
        lives,
        livesText,
        chain,
        gauge,
        level,
        rect: r,
        lastGauge: -1,
        lastCharge: -1,
        drawnFill: [0, 0, 0],
        lastLives: -1,
      };
    });
    const cx = rects.length > 1 ? GAME_W / 2 : rects[0]!.x + FIELD_W + (GAME_W - rects[0]!.x - FIELD_W) / 2;
    const top = rects[0]!.y;
    if (rects.length > 1) add(scene.add.text(cx, top + 150, L.vs, textStyle(40, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5));
    add(scene.add.text(cx, top + 8, L.time, textStyle(13, UI.dim)).setOrigin(0.5, 0));
    this.clock = add(scene.add.text(cx, top + 26, '', textStyle(24)).setOrigin(0.5, 0));
    add(scene.add.text(cx, top + 70, L.level, textStyle(13, UI.dim)).setOrigin(0.5, 0));
    this.stage = add(scene.add.text(cx, top + 88, '', textStyle(24)).setOrigin(0.5, 0));
    this.fps = add(scene.add.text(cx, top + FIELD_H - 4, '', textStyle(12, UI.dim)).setOrigin(0.5, 1));
    this.mazeLabel = add(
      scene.add
        .text(cx, top + 200, L.mazes, textStyle(13, UI.dim))
        .setOrigin(0.5, 0)
        .setVisible(false),
    );
    this.mazes = add(
      scene.add
        .text(cx, top + 218, '', textStyle(24))
        .setOrigin(0.5, 0)
        .setVisible(false),
    );
    add(scene.add.text(cx, top + FIELD_H - 26, L.hint, textStyle(12, UI.dim)).setOrigin(0.5, 1));
  }

  update(s: MatchState, fps: number): void {
    this.shownFrame = s.frame;
    s.sides.forEach((side, i) => this.updateSide(this.sides[i]!, s, side.index));
    const left = s.config.timeLimit > 0 ? Math.max(0, s.config.timeLimit - s.frame) : s.frame;
    const secs = Math.ceil(left / FPS);
    setText(this.clock, `${Math.floor(secs / 60)}:${String(secs % 60).padStart(2, '0')}`);
    setTextColor(this.clock, s.config.timeLimit > 0 && left < 10 * FPS ? '#ff6070' : UI.text);
    setText(this.stage, String(levelAt(s.frame, s.config)));
    setText(this.fps, `${fps.toFixed(0)} fps`);
    const maze = s.config.stages === 'maze';
    this.mazeLabel.setVisible(maze);
    this.mazes.setVisible(maze);
    if (maze) setText(this.mazes, s.sides.map((d) => d.mazesCleared).join(' : '));
  }

  /**
   * After a jump (a seek, a clip's start): the running pops end at once, and the next update
   * compares with nothing, so the lives shown before the jump never pop a "−1" after it.
   */
  resetVisuals(): void {
    this.scene.tweens.killTweensOf([...this.popObjects]);
    for (const o of this.popObjects) o.destroy();
    this.popObjects.clear();
    for (const h of this.sides) h.lastLives = -1;
  }

  snapshot(): HudSnapshot {
    return {
      frame: this.shownFrame,
      clock: this.clock.text,
      level: this.stage.text,
      sides: this.sides.map((h) => ({
        score: h.score.text,
        lifeIcons: h.lives.filter((img) => img.visible).length,
        livesText: h.livesText.text,
        gauge: h.drawnFill.slice(),
        attack: h.level.text,
        character: h.character?.text ?? '',
      })),
      lifePops: this.lifePops,
    };
  }

  private updateSide(h: SideHud, s: MatchState, i: number): void {
    const side = s.sides[i]!;
    setText(h.score, `${this.labels.score} ${String(side.score).padStart(8, '0')}`);
    const lives = Math.max(0, side.ship.lives);
    // A life lost (not a jump back, e.g. a replay seek): its icon pops off in red with a "−1".
    if (h.lastLives > lives && h.lastLives - lives <= 3 && s.frame > 0) this.popLife(h, i, lives, h.lastLives);
    h.lastLives = lives;
    h.lives.forEach((img, k) => img.setVisible(k < Math.min(lives, MAX_LIFE_ICONS)));
    setText(h.livesText, s.config.infiniteLives ? `∞  ${this.labels.hits} ${side.hits}` : lives > MAX_LIFE_ICONS ? `×${lives}` : '');
    setText(h.chain, side.chain > 1 ? `${this.labels.chain} ×${side.chain}` : `${this.labels.kills} ${side.kills}`);
    const charge = chargeLevel(side);
    if (h.lastGauge !== side.gauge || h.lastCharge !== charge) {
      h.lastGauge = side.gauge;
      h.lastCharge = charge;
      this.drawGauge(h, side.gauge, charge);
    }
    const lv = gaugeLevels(side);
    setText(
      h.level,
      charge > 0 ? `${this.labels.charge} ${charge}` : lv > 0 ? `${this.labels.attackReady} ${lv}` : `${this.labels.attack} 0`,
    );
    setTextColor(h.level, charge > 0 ? UI.accent : lv > 0 ? UI.text : UI.dim);
  }

  private popLife(h: SideHud, _side: number, now: number, before: number): void {
    this.lifePops += before - now;
    for (let k = now; k < Math.min(before, MAX_LIFE_ICONS); k++) {
      const icon = h.lives[k]!;
      const ghost = this.scene.add.image(icon.x, icon.y, h.icon).setScale(icon.scaleX).setTint(0xff3050).setTintMode(Phaser.TintModes.FILL);
      this.layer.add(ghost);
      this.popObjects.add(ghost);
      this.scene.tweens.add({
        targets: ghost,
        scale: icon.scaleX * 3.4,
        alpha: 0,
        duration: 700,
        ease: 'Cubic.Out',
        onComplete: () => this.dropPop(ghost),
      });
    }
    // On the icons' row, right of the lost icon, drifting right: the name above stays readable.
    const icon = h.lives[Math.min(now, MAX_LIFE_ICONS - 1)]!;
    const minus = this.scene.add
      .text(icon.x + 12, icon.y, '−1', textStyle(20, '#ff5070', { fontStyle: 'bold', strokeThickness: 4 }))
      .setOrigin(0, 0.5);
    this.layer.add(minus);
    this.popObjects.add(minus);
    this.scene.tweens.add({ targets: minus, x: minus.x + 16, alpha: 0, delay: 500, duration: 600, onComplete: () => this.dropPop(minus) });
  }

  private dropPop(o: Phaser.GameObjects.GameObject): void {
    this.popObjects.delete(o);
    o.destroy();
  }

  private drawGauge(h: SideHud, gauge: number, charge: number): void {
    const g = h.gauge;
    const r = h.rect;
    const x = r.x;
    const y = r.y + FIELD_H + 10;
    const segW = (FIELD_W - 150) / 3;
    g.clear();
    for (let k = 0; k < 3; k++) {
      const sx = x + k * (segW + 4);
      g.fillStyle(0x231a44, 1).fillRoundedRect(sx, y, segW, 14, 3);
      const fill = Math.max(0, Math.min(1, (gauge - k * GAUGE_PER_LEVEL) / GAUGE_PER_LEVEL));
      h.drawnFill[k] = fill;
      if (fill > 0) g.fillStyle(UI.gauge[k]!, fill >= 1 ? 1 : 0.55).fillRoundedRect(sx, y, Math.max(4, segW * fill), 14, 3);
      if (charge > k) g.lineStyle(2, 0xffffff, 1).strokeRoundedRect(sx - 1, y - 1, segW + 2, 16, 3);
    }
  }
}
