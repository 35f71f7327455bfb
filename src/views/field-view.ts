// Draws one playfield from the sim state. It owns a camera whose viewport is the field's
// rectangle on screen (so nothing spills over the HUD), sprite pools that mirror the sim's
// pools, and purely visual effects driven by the match's visual random stream.
import { settings } from '../storage/settings';
import Phaser from 'phaser';
import { bulletFrame } from '../art/textures';
import { BULLET_COLORS } from '../art/palette';
import { FIELD_H, FIELD_W, SHIP_GRAZE_RADIUS } from '../sim/constants';
import type { Rng } from '../sim/rng';
import type { SideState } from '../sim/state';
import { Scroller } from './scroller';
import { StarField } from './star-field';
import { chargeLevel } from '../sim/versus';
import { bossKey, charIconKey, charShipKey, loadCharacterArt } from '../art/character-art';
import { CHARACTERS, NEUTRAL } from '../sim/characters';
import { EnemyKind } from '../sim/enemy-pool';
import { ShotShape } from '../sim/ship';

/** How each ShotShape is drawn: texture, scale x/y (needles thin and long, homing orbs, heavy big orbs). */
const SHOT_LOOKS: Record<number, { key: string; sx: number; sy: number; round: boolean }> = {
  [ShotShape.NORMAL]: { key: 'shot0', sx: 1, sy: 1, round: false },
  [ShotShape.FOCUSED]: { key: 'shot1', sx: 1, sy: 1, round: false },
  [ShotShape.NEEDLE]: { key: 'shot1', sx: 0.45, sy: 1.5, round: false },
  [ShotShape.HOMING]: { key: 'spark', sx: 0.95, sy: 0.95, round: true },
  [ShotShape.HEAVY]: { key: 'spark', sx: 1.7, sy: 1.7, round: true },
};

/** A colour halfway to white: a character's shots stay bright over any background. */
function pale(hex: string): number {
  const c = parseInt(hex.slice(1), 16);
  const mix = (v: number): number => Math.round(v + (255 - v) * 0.5);
  return (mix((c >> 16) & 255) << 16) | (mix((c >> 8) & 255) << 8) | mix(c & 255);
}

const RICE = 2;

/** How much larger than its bullet a high-contrast rim is drawn. */
const RIM_SCALE = 1.4;

class SpritePool {
  readonly items: Phaser.GameObjects.Image[] = [];
  private shown = 0;
  constructor(
    private readonly scene: Phaser.Scene,
    private readonly parent: Phaser.GameObjects.Container,
    private readonly texture: string,
    private readonly frame?: string,
  ) {}

  /** Makes exactly n sprites visible (creating more the first time they are needed). */
  show(n: number): void {
    while (this.items.length < n) {
      const img = this.scene.add.image(0, 0, this.texture, this.frame);
      this.parent.add(img);
      this.items.push(img);
    }
    for (let i = n; i < this.shown; i++) this.items[i]!.setVisible(false);
    for (let i = this.shown; i < n; i++) this.items[i]!.setVisible(true);
    this.shown = n;
  }
}

interface Particle {
  img: Phaser.GameObjects.Image;
  vx: number;
  vy: number;
  life: number;
  max: number;
  scale: number;
  grow: number;
}

export class FieldView {
  readonly camera: Phaser.Cameras.Scene2D.Camera;
  readonly root: Phaser.GameObjects.Container;
  /** Debug overlays (CPU influence map, …) draw here: above bullets, below effects. */
  readonly debugLayer: Phaser.GameObjects.Container;
  /** Maze stages: walls, exit and heal pads draw here (maze-view.ts), under the enemies. */
  readonly mazeLayer: Phaser.GameObjects.Container;
  private bg: Scroller;
  private bgStars: StarField;
  private enemies: SpritePool;
  private shots: SpritePool;
  private bullets: SpritePool;
  /** High-contrast rims under the bullets (null when the setting is off). */
  private rims: SpritePool | null;
  private bulletFrames: Int16Array = new Int16Array(0);
  /** The ShotShape each shot sprite was last set up for (−1: none). */
  private shotLooks: Int8Array = new Int8Array(0);
  /** The side's character ('' until the first draw) and its shot tint (white: the neutral ship's look). */
  private character = '';
  private shotTint = 0xffffff;
  /** Roster art (ships, bosses) is a pack loaded on demand; until it is in, the side's own ship shows. */
  private artAsked = false;
  private ship: Phaser.GameObjects.Image;
  /** The ship's sprite; `${shipKey}s` is its maze-scale version (assets/art/sprites.ts). */
  private shipKey: string;
  private readonly neutralLook: boolean;
  private hitbox: Phaser.GameObjects.Image;
  private grazeRing: Phaser.GameObjects.Image;
  private chargeRing: Phaser.GameObjects.Image;
  private fx: Particle[] = [];
  private fxFree: Phaser.GameObjects.Image[] = [];
  private fxLayer: Phaser.GameObjects.Container;
  private warnings: Phaser.GameObjects.Graphics;
  private shakeFrames = 0;
  private shakePower = 0;
  /** A full-field flash (a hit): fades out over flashMax drawn frames. */
  private flashRect: Phaser.GameObjects.Rectangle;
  private flashFrames = 0;
  private flashMax = 1;
  private flashAlpha = 0;
  private dead = false;

  constructor(
    private readonly scene: Phaser.Scene,
    readonly sideIndex: number,
    readonly worldX: number,
    screen: { x: number; y: number },
    private vrng: Rng,
    /** 'neutral': the survey look, the same ship, field and stars whichever side this is. */
    look: 'side' | 'neutral' = 'side',
  ) {
    const neutral = look === 'neutral';
    this.camera = scene.cameras.add(screen.x, screen.y, FIELD_W, FIELD_H);
    this.camera.setScroll(worldX, 0);
    this.root = scene.add.container(worldX, 0);
    const bg = neutral ? 'bgN' : sideIndex === 0 ? 'bg0' : 'bg1';
    this.bg = new Scroller(scene, bg, FIELD_H, 0.6, 1, this.root);
    this.bgStars = new StarField(scene, FIELD_W, FIELD_H, 28, neutral ? 0xe8e4f0 : sideIndex === 0 ? 0xbfe4ff : 0xffc8e8, this.root);
    const enemyLayer = scene.add.container(0, 0);
    const shotLayer = scene.add.container(0, 0);
    const shipLayer = scene.add.container(0, 0);
    const bulletLayer = scene.add.container(0, 0);
    const rimLayer = scene.add.container(0, 0);
    this.fxLayer = scene.add.container(0, 0);
    const topLayer = scene.add.container(0, 0);
    this.debugLayer = scene.add.container(0, 0);
    this.mazeLayer = scene.add.container(0, 0);
    this.root.add([this.mazeLayer, enemyLayer, shotLayer, shipLayer, rimLayer, bulletLayer, this.debugLayer, this.fxLayer, topLayer]);
    this.enemies = new SpritePool(scene, enemyLayer, 'enemy0');
    this.shots = new SpritePool(scene, shotLayer, 'shot0');
    this.bullets = new SpritePool(scene, bulletLayer, 'bullets', bulletFrame(0, 0));
    // Options → Accessibility → high-contrast bullets: a white rim under every bullet (a white-filled
    // copy, larger, behind it), so dark bullets stand out on the dark field. Never on the neutral look
    // of the study's clips and drill: what raters see must not depend on a player's settings.
    this.rims = !neutral && settings.get().highContrastBullets ? new SpritePool(scene, rimLayer, 'bullets', bulletFrame(0, 0)) : null;
    this.neutralLook = neutral;
    this.shipKey = neutral ? 'shipN' : `ship${sideIndex}`;
    this.ship = scene.add.image(FIELD_W / 2, 400, this.shipKey);
    this.grazeRing = scene.add
      .image(0, 0, 'grazeRing')
      .setScale((SHIP_GRAZE_RADIUS * 2) / 40)
      .setAlpha(0);
    this.chargeRing = scene.add.image(0, 0, 'ring').setAlpha(0);
    shipLayer.add([this.grazeRing, this.ship, this.chargeRing]);
    this.hitbox = scene.add.image(0, 0, 'hitbox').setVisible(false);
    this.warnings = scene.add.graphics();
    this.flashRect = scene.add.rectangle(0, 0, FIELD_W, FIELD_H, 0xffffff, 1).setOrigin(0).setAlpha(0).setVisible(false);
    topLayer.add([this.hitbox, this.warnings, this.flashRect]);
  }

  /** Mirrors the side's state into sprites. Called once per rendered frame. */
  draw(side: SideState, frame: number): void {
    if (side.character.id !== this.character) this.useCharacter(side.character.id, side.character.color);
    this.bg.update(frame);
    this.bgStars.update(frame);
    this.drawEnemies(side, frame);
    this.drawShots(side);
    this.drawBullets(side);
    this.drawShip(side, frame);
    this.drawWarnings(side, frame);
    this.updateEffects();
    if (this.flashFrames > 0) {
      this.flashFrames--;
      this.flashRect.setVisible(this.flashFrames > 0).setAlpha((this.flashAlpha * this.flashFrames) / this.flashMax);
    }
    if (this.shakeFrames > 0) {
      this.shakeFrames--;
      const p = this.shakePower * (this.shakeFrames / 20 + 0.3);
      this.camera.setScroll(this.worldX + this.vrng.range(-p, p), this.vrng.range(-p, p));
    } else this.camera.setScroll(this.worldX, 0);
  }

  /** Draws the side as its character: ship sprite and shot colour (the neutral look keeps shipN). */
  private useCharacter(id: string, color: string): void {
    this.character = id;
    const roster = id !== NEUTRAL && !this.neutralLook;
    this.shotTint = roster ? pale(color) : 0xffffff;
    this.shotLooks.fill(-1);
    this.shipKey = this.neutralLook ? 'shipN' : `ship${this.sideIndex}`;
    if (!roster) return;
    if (this.scene.textures.exists(charShipKey(id))) {
      this.shipKey = charShipKey(id);
      return;
    }
    if (this.artAsked) return;
    this.artAsked = true;
    void loadCharacterArt(this.scene)
      .then(() => {
        if (this.character === id && this.scene.textures.exists(charShipKey(id))) this.shipKey = charShipKey(id);
      })
      .catch(() => undefined); // no art: the side's own ship stays (a scene left early rejects too)
  }

  /** The maze-scale ship: the character's icon (main pack), or the ship's own small version. */
  private smallShipKey(): string {
    const icon = charIconKey(this.character);
    if (this.shipKey === charShipKey(this.character) && this.scene.textures.exists(icon)) return icon;
    return `${this.shipKey}s`;
  }

  private drawEnemies(side: SideState, frame: number): void {
    const pool = side.enemies;
    this.enemies.show(pool.count);
    for (let i = 0; i < pool.count; i++) {
      const e = pool.items[i]!;
      const img = this.enemies.items[i]!;
      if (e.age < 0) {
        img.setVisible(false);
        continue;
      }
      img.setVisible(true);
      // A character's boss (script = its CHARACTERS index) has its own sprite once the art is in.
      const boss = e.kind === EnemyKind.BOSS && e.script >= 0 ? bossKey(CHARACTERS[e.script]?.id ?? '') : '';
      const key = boss && this.scene.textures.exists(boss) ? boss : `enemy${e.kind}`;
      if (img.texture.key !== key) img.setTexture(key);
      img.setPosition(e.x, e.y);
      // Turrets (kind 7) turn to their facing (the texture's barrel points up); chasers (6) spin slowly.
      img.setRotation(
        e.kind === 2 ? frame * 0.08 : e.kind === 1 ? frame * 0.05 : e.kind === 7 ? e.phase + Math.PI / 2 : e.kind === 6 ? frame * 0.04 : 0,
      );
      // Bob and a white flash just after taking damage.
      if (e.kind === 0 || e.kind === 4) img.y += Math.sin((frame + i * 13) * 0.15) * 1.5;
      const hurt = e.hp < e.maxHp && !e.invulnerable && (frame & 4) === 0 && e.hp / e.maxHp < 0.35;
      img.setTint(hurt ? 0xffa0a0 : 0xffffff);
      img.setAlpha(e.owner >= 0 ? 0.92 : 1);
    }
  }

  private drawShots(side: SideState): void {
    const p = side.shots;
    this.shots.show(p.count);
    if (this.shotLooks.length < this.shots.items.length) {
      const grown = new Int8Array(this.shots.items.length * 2).fill(-1);
      grown.set(this.shotLooks);
      this.shotLooks = grown;
    }
    for (let i = 0; i < p.count; i++) {
      const img = this.shots.items[i]!;
      const shape = p.shape[i]!;
      const look = SHOT_LOOKS[shape] ?? SHOT_LOOKS[ShotShape.NORMAL]!;
      if (this.shotLooks[i] !== shape) {
        this.shotLooks[i] = shape;
        if (img.texture.key !== look.key) img.setTexture(look.key);
        img.setScale(look.sx, look.sy).setTint(this.shotTint);
        img.setAlpha(look.round ? 0.9 : 0.75);
      }
      img.setPosition(p.x[i]!, p.y[i]!);
      img.setRotation(look.round ? 0 : Math.atan2(p.vx[i]!, -p.vy[i]!));
    }
  }

  private drawBullets(side: SideState): void {
    const b = side.bullets;
    this.bullets.show(b.count);
    if (this.bulletFrames.length < this.bullets.items.length) {
      const grown = new Int16Array(this.bullets.items.length * 2).fill(-1);
      grown.set(this.bulletFrames);
      this.bulletFrames = grown;
    }
    const nColors = BULLET_COLORS.length;
    for (let i = 0; i < b.count; i++) {
      const img = this.bullets.items[i]!;
      const shape = b.shape[i]!;
      const f = shape * nColors + b.color[i]!;
      if (this.bulletFrames[i] !== f) {
        img.setFrame(bulletFrame(shape, b.color[i]!));
        this.bulletFrames[i] = f;
      }
      img.setPosition(b.x[i]!, b.y[i]!);
      img.setRotation(shape === RICE ? Math.atan2(b.vy[i]!, b.vx[i]!) : 0);
    }
    if (this.rims) this.drawRims(side);
  }

  /** The high-contrast rims: each bullet's own frame filled white, 1.4× its size, under it. */
  private drawRims(side: SideState): void {
    const b = side.bullets;
    const rims = this.rims!;
    rims.show(b.count);
    for (let i = 0; i < b.count; i++) {
      const rim = rims.items[i]!;
      const bullet = this.bullets.items[i]!;
      if (rim.scaleX !== RIM_SCALE) rim.setTint(0xffffff).setTintMode(Phaser.TintModes.FILL).setScale(RIM_SCALE);
      if (rim.frame.name !== bullet.frame.name) rim.setFrame(bullet.frame.name);
      rim.setPosition(bullet.x, bullet.y).setRotation(bullet.rotation);
    }
  }

  /** Debug overlays: paint the ship in one colour (null: its own colours). */
  setShipTint(color: number | null): void {
    if (color === null) this.ship.clearTint().setTintMode(Phaser.TintModes.MULTIPLY);
    else this.ship.setTint(color).setTintMode(Phaser.TintModes.FILL);
  }

  private drawShip(side: SideState, frame: number): void {
    const s = side.ship;
    const alive = s.lives > 0;
    if (!alive && !this.dead) {
      this.dead = true;
      this.burst(s.x, s.y, 60, 0xffffff, 7, 50);
      this.shake(10, 40);
    }
    this.ship.setVisible(alive);
    this.ship.setPosition(s.x, s.y);
    // In a maze the ship is drawn at corridor scale: never wider than the tunnels it fits through.
    const shipKey = side.maze ? this.smallShipKey() : this.shipKey;
    if (this.ship.texture.key !== shipKey) this.ship.setTexture(shipKey);
    this.ship.setAlpha(s.invuln > 0 && (frame >> 2) % 2 === 0 ? 0.35 : 1);
    this.hitbox.setVisible(alive && s.focused);
    this.hitbox.setPosition(s.x, s.y);
    this.hitbox.setRotation(frame * 0.1);
    this.grazeRing.setPosition(s.x, s.y).setAlpha(alive && s.focused ? 0.8 : 0);
    const lv = chargeLevel(side);
    if (alive && s.charge > 0) {
      const pulse = 0.5 + 0.5 * Math.sin(frame * 0.4);
      this.chargeRing
        .setPosition(s.x, s.y)
        .setScale(0.25 + lv * 0.1 + pulse * 0.03)
        .setAlpha(0.5 + 0.3 * pulse);
      this.chargeRing.setTint([0xffffff, 0x47d7ff, 0xffd24a, 0xff5a7a][lv]!);
    } else this.chargeRing.setAlpha(0);
  }

  /** Blinking markers at the top edge for attacks on their way from the other field. */
  private drawWarnings(side: SideState, frame: number): void {
    const g = this.warnings;
    g.clear();
    if (side.incoming.length === 0) return;
    const on = (frame >> 3) % 2 === 0;
    g.fillStyle(0xff3060, on ? 0.9 : 0.45);
    side.incoming.forEach((a, k) => {
      const x = FIELD_W / 2 + (k - (side.incoming.length - 1) / 2) * 26;
      const size = 7 + a.kind * 2;
      g.fillTriangle(x - size, 6, x + size, 6, x, 6 + size * 1.4);
    });
    g.lineStyle(2, 0xff3060, on ? 0.8 : 0.3);
    g.strokeRect(1, 1, FIELD_W - 2, FIELD_H - 2);
  }

  // ── effects (visual only: they read the visual stream, never the sim's) ──

  private particle(x: number, y: number, vx: number, vy: number, life: number, tint: number, scale: number, grow = 0, tex = 'spark'): void {
    const img = this.fxFree.pop() ?? this.scene.add.image(0, 0, tex);
    if (img.texture.key !== tex) img.setTexture(tex);
    if (!img.parentContainer) this.fxLayer.add(img);
    img.setVisible(true).setPosition(x, y).setTint(tint).setScale(scale).setAlpha(1).setBlendMode(Phaser.BlendModes.ADD);
    this.fx.push({ img, vx, vy, life, max: life, scale, grow });
  }

  burst(x: number, y: number, n: number, tint: number, speed: number, life: number): void {
    for (let i = 0; i < n; i++) {
      const a = this.vrng.next() * Math.PI * 2;
      const sp = speed * (0.3 + 0.7 * this.vrng.next());
      this.particle(x, y, Math.cos(a) * sp, Math.sin(a) * sp, life * (0.6 + 0.4 * this.vrng.next()), tint, 0.5 + this.vrng.next() * 0.6);
    }
  }

  ring(x: number, y: number, radius: number, tint: number, life = 24): void {
    this.particle(x, y, 0, 0, life, tint, 0.1, (radius / 58 - 0.1) / life, 'ring');
  }

  /** Flashes the whole field in `tint`, starting at `alpha` and fading over `frames` drawn frames. */
  flash(tint: number, alpha: number, frames: number): void {
    // Reduced flashing (Options → Accessibility): a faint, short tint instead of a bright flash.
    if (settings.get().reducedFlashing) {
      alpha *= 0.2;
      frames = Math.min(frames, 6);
    }
    this.flashRect.setFillStyle(tint, 1).setAlpha(alpha).setVisible(true);
    this.flashAlpha = alpha;
    this.flashFrames = this.flashMax = Math.max(1, frames);
  }

  /** The flash's current opacity (0 when none; tests read it). */
  get flashLevel(): number {
    return this.flashFrames > 0 ? this.flashRect.alpha : 0;
  }

  shake(power: number, frames: number): void {
    if (settings.get().reducedShake) return; // Options → Accessibility: no screen shake
    this.shakePower = Math.max(this.shakePower * (this.shakeFrames > 0 ? 1 : 0), power);
    this.shakeFrames = Math.max(this.shakeFrames, frames);
  }

  private updateEffects(): void {
    for (let i = this.fx.length - 1; i >= 0; i--) {
      const p = this.fx[i]!;
      p.life--;
      if (p.life <= 0) {
        p.img.setVisible(false);
        this.fxFree.push(p.img);
        this.fx[i] = this.fx[this.fx.length - 1]!;
        this.fx.pop();
        continue;
      }
      p.img.x += p.vx;
      p.img.y += p.vy;
      p.vx *= 0.94;
      p.vy *= 0.94;
      if (p.grow) p.img.setScale(p.img.scaleX + p.grow);
      p.img.setAlpha(p.life / p.max);
    }
  }

  /**
   * Forgets every purely visual state a view builds up while it is watched — particles, screen
   * shake, the position in the visual random stream, whether the ship's death burst was shown —
   * and starts over from `vrng` (`dead`: the ship is already gone). After this the pictures of the
   * following frames depend only on the states drawn, not on what was shown before (clip export).
   */
  resetVisuals(vrng: Rng, dead: boolean): void {
    this.vrng = vrng;
    // Destroyed, not pooled: the next particles are created in draw order, so even the order they
    // are drawn in does not depend on the past.
    for (const p of this.fx) p.img.destroy();
    for (const img of this.fxFree) img.destroy();
    this.fx = [];
    this.fxFree = [];
    this.shakeFrames = 0;
    this.shakePower = 0;
    this.flashFrames = 0;
    this.flashRect.setVisible(false);
    this.dead = dead;
    this.camera.setScroll(this.worldX, 0);
  }

  /** Objects of this field, so other cameras can ignore them. */
  get objects(): Phaser.GameObjects.GameObject[] {
    return [this.root];
  }

  destroy(): void {
    this.root.destroy();
    this.scene.cameras.remove(this.camera);
  }
}
