// The Options screen (issue 25): key bindings for both keyboard players and the pad, sound,
// display, accessibility and language, saved at once in the browser (src/storage/settings.ts). It
// runs as a scene over the scene that opened it, which is paused meanwhile: openOptions(scene, onClose).
// Keyboard (arrows, Z/Enter, X/Esc), mouse and pad (d-pad, A, B) all work, as in every menu.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { language, setLanguage, t, type Key } from '../i18n/i18n';
import { buttonsDown } from '../input/pad-state';
import type { PadLike } from '../input/pad-state';
import {
  ACTIONS,
  buttonLabel,
  DEAD_ZONE_MAX,
  DEAD_ZONE_MIN,
  keyLabel,
  PAD_ACTIONS,
  RESERVED_BUTTONS,
  RESERVED_KEYS,
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

const PAGE_SECTION: Record<Exclude<Page, 'main'>, SettingsSection> = {
  p1: 'p1Keys',
  p2: 'p2Keys',
  pad: 'pad',
  sound: 'sound',
  display: 'display',
  access: 'accessibility',
};

const offOn = (): { label: string; value: string }[] => [
  { label: t('options.rows.off'), value: 'false' },
  { label: t('options.rows.on'), value: 'true' },
];
const percent = (from: number, to: number, step: number): { label: string; value: string }[] =>
  Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => {
    const v = Math.round((from + i * step) * 100);
    return { label: t('options.rows.percent', { n: v }), value: String(v / 100) };
  });
const volumes = (): { label: string; value: string }[] => percent(0, 1, 0.1);
const deadZones = (): { label: string; value: string }[] => percent(DEAD_ZONE_MIN, DEAD_ZONE_MAX, 0.05);

/** An action ("Shot") in the player's language. */
function actionName(a: Action): string {
  return t(`options.actions.${a}`);
}

/** "P1 Shot" (Japanese: 1P「ショット」). */
function playerAction(p: Player, a: Action): string {
  return t('options.bind.playerAction', { player: t(`options.players.${p}`), action: actionName(a) });
}

/** A pad button as shown: A, B, LB… stay Latin; the d-pad's directions are words. */
function padButtonName(i: number): string {
  if (language() === 'en') return buttonLabel(i);
  const words: Record<number, Key> = {
    8: 'options.input.select',
    9: 'options.input.start',
    12: 'options.input.dUp',
    13: 'options.input.dDown',
    14: 'options.input.dLeft',
    15: 'options.input.dRight',
    16: 'options.input.home',
  };
  const w = words[i];
  return w ? t(w) : i <= 11 ? buttonLabel(i) : t('options.input.button', { n: i });
}

/**
 * Why a key or button was refused, in the player's language. English: settings' own sentence; other
 * languages say the same from the same rules (settings-schema.ts keyConflict / padConflict).
 */
function refusal(why: string, s: Readonly<Settings>, bound: Binding, code: string | number): string {
  if (language() === 'en') return why;
  if (bound.kind === 'key' && typeof code === 'string') {
    const key = keyLabel(code);
    if (RESERVED_KEYS.includes(code))
      return t('options.bind.reserved', {
        key,
        what: t(code === 'ESC' ? 'options.bind.reservedPause' : 'options.bind.reservedFullscreen'),
      });
    for (const p of ['p1', 'p2'] as const)
      for (const a of ACTIONS)
        if (!(p === bound.player && a === bound.action) && s.keys[p][a] === code)
          return t('options.bind.keyTaken', { key, other: playerAction(p, a), what: playerAction(bound.player, bound.action) });
  }
  if (bound.kind === 'pad' && typeof code === 'number') {
    const key = padButtonName(code);
    if (RESERVED_BUTTONS.includes(code))
      return t('options.bind.reserved', { key, what: t(code === 9 ? 'options.bind.reservedPause' : 'options.bind.reservedMovement') });
    for (const a of PAD_ACTIONS)
      if (a !== bound.action && s.pad.buttons[a].includes(code))
        return t('options.bind.keyTaken', {
          key,
          other: t('options.bind.action', { action: actionName(a) }),
          what: t('options.bind.action', { action: actionName(bound.action) }),
        });
  }
  return why;
}

/** Settings' "not saved" in the player's language. */
function saveErrorText(): string | null {
  const e = settings.saveError;
  if (!e || language() === 'en') return e;
  return t('options.bind.notSaved', { why: /\(([^)]*)\)/.exec(e)?.[1] ?? '' });
}

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

/** The language switches in order (src/i18n/i18n.ts loads Japanese on first use). */
let languageSwitch: Promise<void> = Promise.resolve();

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

  /** The row to select first (the Language row after the screen rebuilt itself in a new language). */
  private selectFirst: string | undefined;

  init(data: { onClose?: () => void; select?: string }): void {
    this.onClose = data.onClose ?? (() => {});
    this.page = 'main';
    this.binding = null;
    this.selectFirst = data.select;
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
    this.add.text(cx, 496, t('options.help'), textStyle(14, UI.dim)).setOrigin(0.5);
    this.prompt = new BindPrompt(this, cx, 270);
    const onKey = keyOnce((e: KeyboardEvent) => this.key(e));
    this.input.keyboard!.on('keydown', onKey);
    this.events.once('shutdown', () => this.input.keyboard?.off('keydown', onKey));
    this.showPage('main', this.selectFirst);
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
      this.endBinding(t('options.bind.cancelled'));
      return;
    } // Start
    const i = fresh[0];
    if (i === undefined) return;
    const before = settings.get();
    const why = settings.bindPad(b.action, i);
    if (why) this.prompt.say(t('options.bind.anotherButton', { why: refusal(why, before, b, i) }), true);
    else this.endBinding(t('options.bind.boundButton', { action: actionName(b.action), button: padButtonName(i) }));
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
        this.endBinding(t('options.bind.cancelled'));
        return;
      }
      if (b.kind !== 'key') return;
      const name = keyName(e.keyCode);
      if (!name) {
        this.prompt.say(t('options.bind.unreadable'), true);
        return;
      }
      const before = settings.get();
      const why = settings.bindKey(b.player, b.action, name);
      if (why) this.prompt.say(t('options.bind.anotherKey', { why: refusal(why, before, b, name) }), true);
      else
        this.endBinding(
          t('options.bind.boundKey', { player: t(`options.players.${b.player}`), action: actionName(b.action), key: keyLabel(name) }),
        );
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
    if (b.kind === 'key')
      this.prompt.show(
        t('options.bind.pressKey', { player: t(`options.players.${b.player}`), action: actionName(b.action) }),
        t('options.bind.escCancels'),
      );
    else this.prompt.show(t('options.bind.pressButton', { action: actionName(b.action) }), t('options.bind.startEscCancels'));
    this.say('');
  }

  private endBinding(said: string): void {
    const b = this.binding;
    this.binding = null;
    this.prompt.hide();
    this.showPage(this.page, b?.action);
    this.say(said);
    const notSaved = saveErrorText();
    if (notSaved) this.say(notSaved, true);
  }

  private rows(page: Page, s: Readonly<Settings>): MenuRow[] {
    const tail: MenuRow[] = [
      { id: 'defaults', label: t('options.rows.defaults'), note: t('options.rows.defaultsNote') },
      { id: 'back', label: t('options.rows.back') },
    ];
    const sel = (id: string, label: string, values: { label: string; value: string }[], index: number, note?: string): MenuRow => ({
      id,
      label,
      values,
      index,
      ...(note ? { note } : {}),
    });
    const bool = (id: keyof Settings, label: Key, note: Key): MenuRow => sel(id, t(label), offOn(), s[id] ? 1 : 0, t(note));
    const VOLUMES = volumes();
    const DEAD_ZONES = deadZones();
    switch (page) {
      case 'main':
        return [
          { id: 'p1', label: t('options.rows.p1') },
          { id: 'p2', label: t('options.rows.p2') },
          { id: 'pad', label: t('options.rows.pad') },
          { id: 'sound', label: t('options.rows.sound') },
          { id: 'display', label: t('options.rows.display') },
          { id: 'access', label: t('options.rows.access') },
          sel(
            'language',
            t('options.rows.language'),
            [
              { label: 'English', value: 'en' },
              { label: '日本語', value: 'ja' },
            ],
            s.language === 'ja' ? 1 : 0,
            t('options.rows.languageNote'),
          ),
          { id: 'back', label: t('options.rows.back') },
        ];
      case 'p1':
      case 'p2':
        return [
          ...ACTIONS.map((a) => ({
            id: a,
            label: t('options.rows.key', { action: actionName(a), key: keyLabel(s.keys[page][a]) }),
            note: t('options.rows.keyNote'),
          })),
          ...tail,
        ];
      case 'pad':
        return [
          ...PAD_ACTIONS.map((a) => ({
            id: a,
            label: t('options.rows.key', { action: actionName(a), key: s.pad.buttons[a].map(padButtonName).join(' / ') }),
            note: t('options.rows.padNote'),
          })),
          sel('deadZone', t('options.rows.deadZone'), DEAD_ZONES, nearest(DEAD_ZONES, s.pad.deadZone), t('options.rows.deadZoneNote')),
          ...tail,
        ];
      case 'sound':
        return [
          sel('bgmVolume', t('options.rows.bgm'), VOLUMES, nearest(VOLUMES, s.bgmVolume)),
          sel('sfxVolume', t('options.rows.sfx'), VOLUMES, nearest(VOLUMES, s.sfxVolume), t('options.rows.sfxNote')),
          ...tail,
        ];
      case 'display':
        return [
          sel(
            'scale',
            t('options.rows.scale'),
            [
              { label: t('options.rows.fit'), value: 'fit' },
              { label: '1×', value: '1' },
              { label: '2×', value: '2' },
              { label: '3×', value: '3' },
            ],
            ['fit', 1, 2, 3].indexOf(s.scale),
            t('options.rows.scaleNote'),
          ),
          bool('fullscreen', 'options.rows.fullscreen', 'options.rows.fullscreenNote'),
          bool('showFps', 'options.rows.showFps', 'options.rows.showFpsNote'),
          ...tail,
        ];
      case 'access':
        return [
          bool('reducedFlashing', 'options.rows.reducedFlashing', 'options.rows.reducedFlashingNote'),
          bool('reducedShake', 'options.rows.reducedShake', 'options.rows.reducedShakeNote'),
          bool('highContrastBullets', 'options.rows.highContrast', 'options.rows.highContrastNote'),
          ...tail,
        ];
    }
  }

  private showPage(page: Page, select?: string): void {
    this.page = page;
    this.pageLayer?.destroy();
    this.menu?.destroy();
    setText(this.heading, t(`options.pages.${page}`));
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
      this.say(t('options.bind.defaultsRestored'));
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
    if (row.id === 'language') {
      this.switchLanguage(patch.language ?? 'en');
      return;
    }
    // Menu already played 'move' at the old volume; a second tick lets the new SFX volume be heard.
    if (row.id === 'sfxVolume') this.time.delayedCall(120, () => sfx.play('select'));
    this.say(saveErrorText() ?? '', !!settings.saveError);
  }

  /** The game speaks `lang` at once: Options rebuilds itself in it, on the Language row (the title when Options closes). */
  private switchLanguage(lang: Settings['language']): void {
    // One switch after another, so a quick Right-Left ends in the language the row shows.
    languageSwitch = languageSwitch.then(() => setLanguage(lang)).catch((err: unknown) => console.error('language not loaded', err));
    void languageSwitch.then(() => {
      if (!this.sys.isActive() || this.page !== 'main' || settings.get().language !== lang) return;
      if (language() === lang) this.scene.restart({ onClose: this.onClose, select: 'language' });
      else this.say(t('options.languageFailed'), true);
    });
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
