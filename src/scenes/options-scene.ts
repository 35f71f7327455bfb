// The Options screen (issue 25): key bindings for both keyboard players and the pad, sound,
// display, accessibility and language, saved at once in the browser (src/storage/settings.ts). It
// runs as a scene over the scene that opened it, which is paused meanwhile: openOptions(scene, onClose).
// Keyboard (arrows, Z/Enter, X/Esc), mouse and pad (d-pad, A, B) all work, as in every menu.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { buttonsDown } from '../input/pad-state';
import type { PadLike } from '../input/pad-state';
import {
  ACTION_NAME,
  ACTIONS,
  buttonLabel,
  DEAD_ZONE_MAX,
  DEAD_ZONE_MIN,
  keyLabel,
  PAD_ACTIONS,
  settings,
  type Action,
  type PadAction,
  type Player,
  type Settings,
  type SettingsSection,
} from '../storage/settings';
import { BindPrompt } from '../ui/bind-prompt';
import { keyOnce } from '../ui/key-once';
import { Menu, type MenuRow } from '../ui/menu';
import { GAME_H, GAME_W } from '../views/layout';
import { setText, setTextColor, textStyle } from '../views/text';
import { applySettings } from './apply-settings';

export const OPTIONS = 'options';

type Page = 'main' | 'p1' | 'p2' | 'pad' | 'sound' | 'display' | 'access';

const PAGE_TITLE: Record<Page, string> = {
  main: 'Options',
  p1: 'Player 1 keys (also when alone)',
  p2: 'Player 2 keys',
  pad: 'Gamepad',
  sound: 'Sound',
  display: 'Display',
  access: 'Accessibility',
};
const PAGE_SECTION: Record<Exclude<Page, 'main'>, SettingsSection> = {
  p1: 'p1Keys',
  p2: 'p2Keys',
  pad: 'pad',
  sound: 'sound',
  display: 'display',
  access: 'accessibility',
};

const OFF_ON = [
  { label: 'Off', value: 'false' },
  { label: 'On', value: 'true' },
];
const percent = (from: number, to: number, step: number): { label: string; value: string }[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => {
    const v = Math.round((from + i * step) * 100);
    return { label: `${v} %`, value: String(v / 100) };
  });
const VOLUMES = percent(0, 1, 0.1);
const DEAD_ZONES = percent(DEAD_ZONE_MIN, DEAD_ZONE_MAX, 0.05);

/** Phaser key code → its name in Phaser.Input.Keyboard.KeyCodes (the first, where names share a code). */
let codeNames: Map<number, string> | null = null;
function keyName(keyCode: number): string | undefined {
  codeNames ??= new Map(
    Object.entries(Phaser.Input.Keyboard.KeyCodes)
      .reverse()
      .map(([n, c]) => [c as number, n]),
  );
  return codeNames.get(keyCode);
}

/** The selector value closest to `v` (a dead zone saved as 0.33 shows as 35 %). */
function nearest(values: { value: string }[], v: number): number {
  let best = 0;
  values.forEach((o, i) => {
    if (Math.abs(Number(o.value) - v) < Math.abs(Number(values[best]!.value) - v)) best = i;
  });
  return best;
}

type Binding = { kind: 'key'; player: Player; action: Action } | { kind: 'pad'; action: PadAction; held: Set<number> };

export class OptionsScene extends Phaser.Scene {
  private onClose: () => void = () => {};
  private page: Page = 'main';
  private pageLayer: Phaser.GameObjects.Container | null = null;
  private menu: Menu | null = null;
  private heading!: Phaser.GameObjects.Text;
  private message!: Phaser.GameObjects.Text;
  private prompt!: BindPrompt;
  private binding: Binding | null = null;
  /** The key or button that chose "bind" must not be taken as the new binding: bind from the next frame. */
  private bindReady = false;

  constructor() {
    super(OPTIONS);
  }

  init(data: { onClose?: () => void }): void {
    this.onClose = data.onClose ?? (() => {});
    this.page = 'main';
    this.binding = null;
  }

  create(): void {
    applySettings(this.game);
    this.scene.bringToTop();
    const cx = GAME_W / 2;
    this.add.rectangle(0, 0, GAME_W, GAME_H, 0x05020e, 0.9).setOrigin(0);
    const panel = this.add.graphics();
    panel.fillStyle(UI.panel, 0.97).fillRoundedRect(cx - 340, 24, 680, 496, 14);
    panel.lineStyle(2, UI.frame, 0.7).strokeRoundedRect(cx - 340, 24, 680, 496, 14);
    this.heading = this.add.text(cx, 60, '', textStyle(30, '#ffffff', { fontStyle: 'bold' })).setOrigin(0.5);
    this.message = this.add.text(cx, 462, '', textStyle(15, UI.accent, { align: 'center', wordWrap: { width: 640 } })).setOrigin(0.5);
    this.add
      .text(cx, 496, '↑↓ choose · ←→ change · Z / Enter / pad A: select · X / Esc / pad B: back', textStyle(14, UI.dim))
      .setOrigin(0.5);
    this.prompt = new BindPrompt(this, cx, 270);
    const onKey = keyOnce((e: KeyboardEvent) => this.key(e));
    this.input.keyboard!.on('keydown', onKey);
    this.events.once('shutdown', () => this.input.keyboard?.off('keydown', onKey));
    this.showPage('main');
  }

  override update(): void {
    const b = this.binding;
    if (!b) return;
    if (!this.bindReady) {
      this.bindReady = true;
      return;
    }
    if (b.kind !== 'pad') return;
    const pads = (this.input.gamepad?.getAll() ?? []).filter((p) => p.connected) as unknown as PadLike[];
    const down = new Set(pads.flatMap((p) => buttonsDown(p)));
    for (const i of [...b.held]) if (!down.has(i)) b.held.delete(i);
    const fresh = [...down].filter((i) => !b.held.has(i));
    for (const i of fresh) b.held.add(i);
    if (fresh.includes(9)) {
      this.endBinding('Cancelled.');
      return;
    } // Start
    const i = fresh[0];
    if (i === undefined) return;
    const why = settings.bindPad(b.action, i);
    if (why) this.prompt.say(`${why}\nPress another button, or Start / Esc to cancel.`, true);
    else this.endBinding(`${ACTION_NAME[b.action]}: ${buttonLabel(i)}`);
  }

  /** What the test hook reads: the page, the rows as shown, the prompt and message. */
  describe(): { page: Page; rows: string[]; binding: boolean; message: string } {
    return { page: this.page, rows: this.menu?.describe().rows ?? [], binding: !!this.binding, message: this.message.text };
  }

  private key(e: KeyboardEvent): void {
    if (e.repeat) return;
    const b = this.binding;
    if (b) {
      if (!this.bindReady) return;
      if (e.key === 'Escape') {
        this.endBinding('Cancelled.');
        return;
      }
      if (b.kind !== 'key') return;
      const name = keyName(e.keyCode);
      if (!name) {
        this.prompt.say('That key cannot be read here. Press another, or Esc to cancel.', true);
        return;
      }
      const why = settings.bindKey(b.player, b.action, name);
      if (why) this.prompt.say(`${why}\nPress another key, or Esc to cancel.`, true);
      else this.endBinding(`${b.player.toUpperCase()} ${ACTION_NAME[b.action]}: ${keyLabel(name)}`);
      return;
    }
    if (e.key === 'Escape') this.back();
  }

  private back(): void {
    if (this.page !== 'main') {
      this.showPage('main', this.page);
      return;
    }
    this.scene.stop();
    this.onClose();
  }

  private say(text: string, refused = false): void {
    setText(this.message, text);
    setTextColor(this.message, refused ? '#ff8a8a' : UI.accent);
  }

  private startBinding(b: Binding): void {
    this.binding = b;
    this.bindReady = false;
    this.menu?.setActive(false);
    if (b.kind === 'key') this.prompt.show(`Press a key for ${b.player.toUpperCase()} ${ACTION_NAME[b.action]}`, 'Esc cancels.');
    else this.prompt.show(`Press a pad button for ${ACTION_NAME[b.action]}`, 'Start or Esc cancels.');
    this.say('');
  }

  private endBinding(said: string): void {
    const b = this.binding;
    this.binding = null;
    this.prompt.hide();
    this.showPage(this.page, b?.action);
    this.say(said);
    if (settings.saveError) this.say(settings.saveError, true);
  }

  private rows(page: Page, s: Readonly<Settings>): MenuRow[] {
    const tail: MenuRow[] = [
      { id: 'defaults', label: 'Restore defaults', note: 'Puts this page back as the game came.' },
      { id: 'back', label: 'Back' },
    ];
    const sel = (id: string, label: string, values: { label: string; value: string }[], index: number, note?: string): MenuRow => ({
      id,
      label,
      values,
      index,
      ...(note ? { note } : {}),
    });
    const bool = (id: keyof Settings, label: string, note: string): MenuRow => sel(id, label, OFF_ON, s[id] ? 1 : 0, note);
    switch (page) {
      case 'main':
        return [
          { id: 'p1', label: 'Keyboard: Player 1' },
          { id: 'p2', label: 'Keyboard: Player 2' },
          { id: 'pad', label: 'Gamepad' },
          { id: 'sound', label: 'Sound' },
          { id: 'display', label: 'Display' },
          { id: 'access', label: 'Accessibility' },
          sel(
            'language',
            'Language',
            [
              { label: 'English', value: 'en' },
              { label: '日本語', value: 'ja' },
            ],
            s.language === 'ja' ? 1 : 0,
            'Saved now; the game’s texts follow in a later version.',
          ),
          { id: 'back', label: 'Back' },
        ];
      case 'p1':
      case 'p2':
        return [
          ...ACTIONS.map((a) => ({
            id: a,
            label: `${ACTION_NAME[a]}:  ${keyLabel(s.keys[page][a])}`,
            note: 'Select, then press the new key (Esc cancels).',
          })),
          ...tail,
        ];
      case 'pad':
        return [
          ...PAD_ACTIONS.map((a) => ({
            id: a,
            label: `${ACTION_NAME[a]}:  ${s.pad.buttons[a].map(buttonLabel).join(' / ')}`,
            note: 'Select, then press the new button (Start or Esc cancels). Start pauses; d-pad and stick move.',
          })),
          sel('deadZone', 'Stick dead zone', DEAD_ZONES, nearest(DEAD_ZONES, s.pad.deadZone), 'How far the stick must tilt to move.'),
          ...tail,
        ];
      case 'sound':
        return [
          sel('bgmVolume', 'BGM volume', VOLUMES, nearest(VOLUMES, s.bgmVolume)),
          sel('sfxVolume', 'SFX volume', VOLUMES, nearest(VOLUMES, s.sfxVolume), 'Sound effects; heard as you change it.'),
          ...tail,
        ];
      case 'display':
        return [
          sel(
            'scale',
            'Scale',
            [
              { label: 'Fit window', value: 'fit' },
              { label: '1×', value: '1' },
              { label: '2×', value: '2' },
              { label: '3×', value: '3' },
            ],
            ['fit', 1, 2, 3].indexOf(s.scale),
            'Fit fills the window; 1× is 960 × 540.',
          ),
          bool('fullscreen', 'Fullscreen', 'Also F11.'),
          bool('showFps', 'Frame rate display', 'The “N fps” between the fields in a match.'),
          ...tail,
        ];
      case 'access':
        return [
          bool('reducedFlashing', 'Reduced flashing', 'Softer, shorter flashes when a ship is hit.'),
          bool('reducedShake', 'Reduced screen shake', 'The fields shake less.'),
          bool('highContrastBullets', 'High-contrast bullets', 'Bullets drawn with a stronger outline.'),
          ...tail,
        ];
    }
  }

  private showPage(page: Page, select?: string): void {
    this.page = page;
    this.pageLayer?.destroy();
    this.menu?.destroy();
    setText(this.heading, PAGE_TITLE[page]);
    this.say('');
    this.pageLayer = this.add.container(0, 0);
    const rows = this.rows(page, settings.get());
    const spacing = rows.length > 8 ? 34 : 38;
    this.menu = new Menu(this, rows, GAME_W / 2, 116, (row) => this.activate(row), this.pageLayer, spacing, { noteWidth: 620 });
    this.menu.onBack = () => this.back();
    this.menu.onChange = (row, m) => this.changed(row, m);
    if (select) this.menu.selectRow(select);
  }

  private activate(row: MenuRow): void {
    const page = this.page;
    if (row.id === 'back') {
      this.back();
      return;
    }
    if (page === 'main') {
      if (row.values) return;
      this.showPage(row.id as Page);
      return;
    }
    if (row.id === 'defaults') {
      settings.reset(PAGE_SECTION[page]);
      this.showPage(page, 'defaults');
      this.say('Defaults restored.');
      return;
    }
    if (page === 'p1' || page === 'p2') {
      this.startBinding({ kind: 'key', player: page, action: row.id as Action });
      return;
    }
    if (page === 'pad' && !row.values) {
      const pads = (this.input.gamepad?.getAll() ?? []).filter((p) => p.connected) as unknown as PadLike[];
      this.startBinding({ kind: 'pad', action: row.id as PadAction, held: new Set(pads.flatMap((p) => buttonsDown(p))) });
      return;
    }
  }

  private changed(row: MenuRow, m: Menu): void {
    const v = m.value(row.id);
    const patch: Partial<Settings> = {};
    if (row.id === 'deadZone') patch.pad = { ...structuredClone(settings.get().pad), deadZone: Number(v) };
    else if (row.id === 'bgmVolume' || row.id === 'sfxVolume') patch[row.id] = Number(v);
    else if (row.id === 'scale') patch.scale = v === 'fit' ? 'fit' : (Number(v) as 1 | 2 | 3);
    else if (row.id === 'language') patch.language = v as Settings['language'];
    else (patch as Record<string, boolean>)[row.id] = v === 'true';
    settings.set(patch);
    // Menu already played 'move' at the old volume; a second tick lets the new SFX volume be heard.
    if (row.id === 'sfxVolume') this.time.delayedCall(120, () => sfx.play('select'));
    this.say(settings.saveError ?? '', !!settings.saveError);
  }
}

/**
 * Opens Options over `scene` (paused meanwhile); `onClose` runs when the player leaves it, after
 * `scene` has been resumed.
 */
export function openOptions(scene: Phaser.Scene, onClose: () => void): void {
  const mgr = scene.game.scene;
  if (!mgr.getScene(OPTIONS)) mgr.add(OPTIONS, OptionsScene, false);
  scene.scene.pause();
  scene.scene.launch(OPTIONS, {
    onClose: () => {
      scene.scene.resume();
      onClose();
    },
  });
}
