// Character select (issue 24): one step per side, in order. A row of the six roster characters and
// Random; below, the focused one's portrait, names, description, stat bars and named attacks. A
// person picks with their own keys (P1 arrows + Z/X, P2 in Player vs Player A/D + J/K; Enter/Esc and
// pads on any step); a CPU side is picked by the player after their own. Back on the first step
// leaves (onCancel), on a later step goes to the step before. Picks are remembered per step.
import { playMusic } from '../audio/music-lazy';
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { charShipKey, loadCharacterArt, portraitKey } from '../art/character-art';
import { sfx } from '../audio/sfx';
import { attackName, characterDescription, characterName, type AttackPart } from '../i18n/character-words';
import { language, t, type Key } from '../i18n/i18n';
import { CHARACTERS, getCharacter, ROSTER } from '../sim/characters';
import { onPadCommands } from '../ui/pad-commands';
import { keyOnce } from '../ui/key-once';
import { addBackdrop } from '../views/backdrop';
import { moveList, RANDOM, resolvePick, statBars } from '../views/character-stats';
import { GAME_H, GAME_W } from '../views/layout';
import { setText, setTextColor, textStyle } from '../views/text';
import { selectInfo } from './select-state';

export const SELECT = 'select';

export interface SelectSide {
  who: 'human' | 'cpu';
  /** Who picks, as shown: "P1 · YOU", "P2 · CPU". */
  label: string;
}

export interface SelectOptions {
  sides: SelectSide[];
  title?: string;
  /** The roster ids picked, one per side, Random already resolved. The select scene has stopped. */
  onPicked: (ids: string[]) => void;
  /** Back from the first step. The select scene has stopped: start the scene to go to. */
  onCancel: () => void;
}

/**
 * Shows the character select for `opts.sides` in place of `scene` (which stops). The callbacks run
 * after the select scene has stopped; each must start the next scene itself (e.g. through
 * `scene.scene.start(...)`, which works on the stopped caller).
 */
export function openCharacterSelect(scene: Phaser.Scene, opts: SelectOptions): void {
  if (!scene.game.scene.getScene(SELECT)) scene.game.scene.add(SELECT, SelectScene, false);
  scene.scene.start(SELECT, opts);
}

/** The last choice of each step (a roster id or 'random'), kept while the page lives. */
const lastChoice: string[] = [];
const CHOICES: readonly string[] = [...ROSTER, RANDOM];
/** P2's step in Player vs Player reads P2's keys: WASD + J (shot) / K (charge). */
const P2_KEYS: Record<string, Command> = { a: 'left', d: 'right', w: 'up', s: 'down', j: 'confirm', k: 'back' };
const P1_KEYS: Record<string, Command> = {
  arrowleft: 'left',
  arrowright: 'right',
  arrowup: 'up',
  arrowdown: 'down',
  z: 'confirm',
  x: 'back',
};
const ANY_KEYS: Record<string, Command> = { enter: 'confirm', ' ': 'confirm', escape: 'back', backspace: 'back' };
type Command = 'left' | 'right' | 'up' | 'down' | 'confirm' | 'back';

/** Read by the title and the e2e hook without loading this scene (select-state.ts). */
export { selectInfo, selectSettings } from './select-state';

const CARD_W = 116;
const CARD_H = 150;
const CARD_GAP = 10;
const CARD_TOP = 84;
const DETAIL_TOP = 258;
/** The headings of moveList's rows, in its order (shot, charge, EX, spell, Boss Attack), and the attack each names. */
const MOVES: { key: Key; part?: AttackPart }[] = [
  { key: 'select.moves.shot' },
  { key: 'select.moves.charge', part: 'charge' },
  { key: 'select.moves.ex', part: 'ex' },
  { key: 'select.moves.spell', part: 'spell' },
  { key: 'select.moves.boss', part: 'boss' },
];

export class SelectScene extends Phaser.Scene {
  private opts!: SelectOptions;
  private step = 0;
  private focus = 0;
  private picks: string[] = [];
  private backdrop!: { update: (frame: number) => void };
  private t = 0;
  private cards: {
    frame: Phaser.GameObjects.Rectangle;
    image: Phaser.GameObjects.Image | null;
    name: Phaser.GameObjects.Text;
    /** '?' on Random; on a character its Japanese name, standing in until the portrait has loaded. */
    mark: Phaser.GameObjects.Text;
  }[] = [];
  private detail!: Phaser.GameObjects.Container;
  private stepText!: Phaser.GameObjects.Text;
  private pickTexts: Phaser.GameObjects.Text[] = [];
  private artReady = false;

  constructor() {
    super(SELECT);
  }

  init(opts: SelectOptions): void {
    this.opts = opts;
    this.step = 0;
    this.picks = [];
    this.cards = [];
    this.pickTexts = [];
    this.artReady = false;
  }

  create(): void {
    playMusic(this, () => 'select');
    this.backdrop = addBackdrop(this);
    const cx = GAME_W / 2;
    this.add.text(cx, 26, this.opts.title ?? t('select.title'), textStyle(26, '#ffffff', { fontStyle: 'bold' })).setOrigin(0.5);
    this.stepText = this.add.text(cx, 58, '', textStyle(17, UI.accent)).setOrigin(0.5);
    this.opts.sides.forEach((_, i) => {
      const right = i % 2 === 1;
      this.pickTexts.push(this.add.text(right ? GAME_W - 44 : 24, 18, '', textStyle(15, UI.dim)).setOrigin(right ? 1 : 0, 0));
    });
    const left = (GAME_W - CHOICES.length * CARD_W - (CHOICES.length - 1) * CARD_GAP) / 2;
    CHOICES.forEach((id, i) => {
      const x = left + i * (CARD_W + CARD_GAP) + CARD_W / 2;
      const frame = this.add
        .rectangle(x, CARD_TOP + CARD_H / 2, CARD_W, CARD_H, UI.panel, 0.85)
        .setStrokeStyle(2, UI.frame, 0.5)
        .setInteractive({ useHandCursor: true });
      frame.on('pointerover', () => this.setFocus(i));
      frame.on('pointerdown', () => {
        this.setFocus(i);
        this.confirm();
      });
      const name = this.add
        .text(x, CARD_TOP + CARD_H - 14, id === RANDOM ? t('select.random') : characterName(getCharacter(id)), textStyle(15))
        .setOrigin(0.5);
      const mark =
        id === RANDOM
          ? this.add.text(x, CARD_TOP + CARD_H / 2 - 12, '?', textStyle(64, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5)
          : this.add
              .text(x, CARD_TOP + 50, getCharacter(id).nameJa, textStyle(30, getCharacter(id).color))
              .setOrigin(0.5)
              .setAlpha(0.5);
      this.cards.push({ frame, image: null, name, mark });
    });
    this.detail = this.add.container(0, 0);
    this.add
      .text(cx, GAME_H - 18, '', textStyle(14, UI.dim))
      .setOrigin(0.5)
      .setName('help');
    this.bindInput();
    this.showStep();
    selectInfo.open = true;
    this.events.once('shutdown', () => {
      selectInfo.open = false;
    });
    // The portraits come in a pack of their own; until then the cards show the Japanese name.
    void loadCharacterArt(this)
      .then(() => {
        if (!this.sys.isActive()) return;
        this.artReady = true;
        this.placePortraits();
        this.render();
      })
      .catch(() => undefined);
  }

  override update(): void {
    this.backdrop.update(this.t++);
  }

  /** Is this step's picker P2 on its own keys (Player vs Player)? */
  private p2Keys(): boolean {
    const s = this.opts.sides;
    return this.step === 1 && s[0]?.who === 'human' && s[1]?.who === 'human';
  }

  private bindInput(): void {
    this.input.keyboard!.on(
      'keydown',
      keyOnce((e: KeyboardEvent) => {
        const k = e.key.toLowerCase();
        const c = ANY_KEYS[k] ?? (this.p2Keys() ? P2_KEYS[k] : P1_KEYS[k]);
        if (!c || (e.repeat && (c === 'confirm' || c === 'back'))) return;
        this.command(c);
      }),
    );
    onPadCommands(this, (c) => {
      if (c === 'start') this.command('confirm');
      else this.command(c);
    });
  }

  private command(c: Command): void {
    if (!this.sys.isActive()) return;
    if (c === 'left' || c === 'up') this.setFocus((this.focus + CHOICES.length - 1) % CHOICES.length, true);
    else if (c === 'right' || c === 'down') this.setFocus((this.focus + 1) % CHOICES.length, true);
    else if (c === 'confirm') this.confirm();
    else this.back();
  }

  private setFocus(i: number, sound = false): void {
    if (i === this.focus) return;
    this.focus = i;
    if (sound) sfx.play('move');
    this.render();
  }

  private confirm(): void {
    const choice = CHOICES[this.focus]!;
    lastChoice[this.step] = choice;
    // Math.random: the pick is a menu choice, recorded in the config like any other (not a sim stream).
    this.picks[this.step] = resolvePick(choice, ROSTER, Math.random);
    sfx.play('select');
    if (this.step + 1 < this.opts.sides.length) {
      this.step++;
      this.showStep();
      return;
    }
    const picks = this.picks.slice(0, this.opts.sides.length);
    this.scene.stop();
    this.opts.onPicked(picks);
  }

  private back(): void {
    if (this.step > 0) {
      this.step--;
      this.showStep();
      return;
    }
    this.scene.stop();
    this.opts.onCancel();
  }

  /** A step starts on what was chosen for it last time, else a different character per side. */
  private showStep(): void {
    const remembered = CHOICES.indexOf(lastChoice[this.step] ?? '');
    this.focus = remembered >= 0 ? remembered : this.step % ROSTER.length;
    this.picks.length = this.step;
    this.render();
  }

  private placePortraits(): void {
    CHOICES.forEach((id, i) => {
      const card = this.cards[i]!;
      if (id === RANDOM || card.image || !this.textures.exists(portraitKey(id))) return;
      const img = this.add.image(card.frame.x, CARD_TOP + 4, portraitKey(id)).setOrigin(0.5, 0);
      img.setScale(Math.min((CARD_W - 8) / img.width, (CARD_H - 32) / img.height));
      card.image = img;
      card.mark.setVisible(false);
    });
  }

  private render(): void {
    const side = this.opts.sides[this.step]!;
    const id = CHOICES[this.focus]!;
    selectInfo.step = this.step;
    selectInfo.focus = id;
    selectInfo.picks = this.picks.slice(0, this.step);
    const keys = t(side.who === 'cpu' ? 'select.keys.cpu' : this.p2Keys() ? 'select.keys.p2' : 'select.keys.p1');
    setText(this.stepText, t('select.step', { label: side.label, keys }));
    setTextColor(this.stepText, this.step % 2 === 1 ? UI.p2 : UI.p1);
    this.pickTexts.forEach((t, i) => {
      const s = this.opts.sides[i]!;
      const pick = this.picks[i];
      setText(t, `${s.label}: ${i < this.step && pick ? characterName(getCharacter(pick)) : i === this.step ? '…' : '—'}`);
      setTextColor(t, i === this.step ? (i % 2 === 1 ? UI.p2 : UI.p1) : UI.dim);
    });
    this.cards.forEach((card, i) => {
      const on = i === this.focus;
      const c = CHOICES[i]!;
      const color = c === RANDOM ? 0xffd24a : Phaser.Display.Color.HexStringToColor(getCharacter(c).color).color;
      card.frame.setStrokeStyle(on ? 4 : 2, on ? color : UI.frame, on ? 1 : 0.4);
      card.frame.setFillStyle(on ? color : UI.panel, on ? 0.28 : 0.85);
      card.image?.setAlpha(on ? 1 : 0.6);
      setTextColor(card.name, on ? '#ffffff' : UI.dim);
    });
    const back = this.step > 0 ? t('select.backTo', { label: this.opts.sides[this.step - 1]!.label }) : t('select.back');
    const help = this.children.getByName('help') as Phaser.GameObjects.Text;
    setText(help, t(this.p2Keys() ? 'select.helpP2' : 'select.help', { back }));
    this.drawDetail(id);
  }

  /** The focused choice's portrait, names, description, bars and attacks. */
  private drawDetail(id: string): void {
    this.detail.removeAll(true);
    const add = <T extends Phaser.GameObjects.GameObject>(o: T): T => {
      this.detail.add(o);
      return o;
    };
    add(this.add.rectangle(GAME_W / 2, DETAIL_TOP + 120, GAME_W - 48, 240, UI.panel, 0.7).setStrokeStyle(1, UI.frame, 0.35));
    if (id === RANDOM) {
      add(this.add.text(GAME_W / 2, DETAIL_TOP + 90, t('select.random'), textStyle(32, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5));
      add(this.add.text(GAME_W / 2, DETAIL_TOP + 140, t('select.randomNote'), textStyle(17, UI.dim)).setOrigin(0.5));
      // The six ships it draws from.
      ROSTER.forEach((r, i) => {
        const x = GAME_W / 2 + (i - (ROSTER.length - 1) / 2) * 64;
        if (this.textures.exists(charShipKey(r))) add(this.add.image(x, DETAIL_TOP + 196, charShipKey(r)).setAlpha(0.85));
      });
      return;
    }
    const c = getCharacter(id);
    const hex = Phaser.Display.Color.HexStringToColor(c.color).color;
    const x0 = 216;
    const x1 = 600;
    if (this.artReady && this.textures.exists(portraitKey(id))) {
      const img = add(this.add.image(120, DETAIL_TOP + 120, portraitKey(id)));
      img.setScale(Math.min(180 / img.width, 228 / img.height));
    } else if (this.textures.exists(charShipKey(id))) {
      add(this.add.image(120, DETAIL_TOP + 120, charShipKey(id)).setScale(2));
    } else {
      add(this.add.circle(120, DETAIL_TOP + 120, 60, hex, 0.5));
    }
    // English: "Asagi" and, smaller, its kanji; Japanese: the kanji and, smaller, the Latin name.
    const ja = language() === 'ja';
    const name = add(this.add.text(x0, DETAIL_TOP + 14, ja ? c.nameJa : c.name, textStyle(30, c.color, { fontStyle: 'bold' })));
    add(this.add.text(x0 + name.width + 10, DETAIL_TOP + 24, ja ? c.name : c.nameJa, textStyle(18, UI.dim)));
    // Japanese fits its one line in the column's full width (up to the move list); English wraps at 330.
    const wrap = ja ? x1 - x0 - 8 : 330;
    add(this.add.text(x0, DETAIL_TOP + 58, characterDescription(c), textStyle(15, UI.text, { wordWrap: { width: wrap } })));
    const roster = ROSTER.map(getCharacter);
    statBars(c, roster.length ? roster : CHARACTERS).forEach((b, i) => {
      const y = DETAIL_TOP + 122 + i * 26;
      add(this.add.text(x0, y, b.label, textStyle(14, UI.dim)).setOrigin(0, 0.5));
      add(this.add.rectangle(x0 + 80, y, 240, 10, 0x2a2050, 1).setOrigin(0, 0.5));
      add(this.add.rectangle(x0 + 80, y, 240 * b.fill, 10, hex, 1).setOrigin(0, 0.5));
    });
    moveList(c).forEach((m, i) => {
      const y = DETAIL_TOP + 20 + i * 42;
      const move = MOVES[i];
      const label = move ? t(move.key) : m.label.toUpperCase();
      const what = move?.part ? attackName(c, move.part) : m.name;
      add(this.add.text(x1, y, label, textStyle(12, UI.dim)));
      add(this.add.text(x1, y + 15, what, textStyle(16, UI.text)));
    });
  }
}
