// A menu for keyboard, mouse and gamepad: up/down choose a row, left/right change a row's value,
// Z/Enter/Space or pad A activate, X/Backspace or pad B go back (when the menu has a back
// action), pad Start confirms unless the scene uses Start itself (the pause menu). The pad's
// d-pad and left stick repeat when held (src/input/menu-pad-nav.ts). Rows can be disabled
// (shown dimmed with a note) or hidden (not shown, skipped, the rows below move up); a selector's
// values can be hidden too (left/right skip them).
import type Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { toLogical } from '../art/render-scale';
import { MenuPadNav, type MenuCommand } from '../input/menu-pad-nav';
import { onPadCommands } from './pad-commands';
import { keyOnce } from './key-once';
import { setText, setTextColor, textStyle } from '../views/text';

export interface MenuRow {
  id: string;
  label: string;
  /** Choices for a selector row; absent for an action row. */
  values?: { label: string; value: string; disabled?: string; note?: string; hidden?: boolean }[];
  index?: number;
  disabled?: string;
  /** Not shown and never selected; the rows below it move up. */
  hidden?: boolean;
  /** What the row does, shown while it is selected (a value's own note wins). */
  note?: string | (() => string);
}

export interface MenuOptions {
  /** Show the selected row's note right under it (the rows below move down) instead of under the menu. */
  notesUnder?: boolean;
  /** Wrap width of the note line. */
  noteWidth?: number;
}

export class Menu {
  private texts: Phaser.GameObjects.Text[] = [];
  private cursor: Phaser.GameObjects.Text;
  private note: Phaser.GameObjects.Text;
  private sel = 0;
  private active = true;
  private readonly y: number;
  /** Called after a selector row's value changed (before the next key is handled). */
  onChange?: (row: MenuRow, menu: Menu) => void;
  /** The back action (pad B, X, Backspace); none by default. */
  onBack?: () => void;
  /** Pad Start activates the row, unless the scene handles Start itself. */
  padStartConfirms = true;
  private readonly onKey: (e: KeyboardEvent) => void;
  private readonly offPad: () => void;
  private readonly pad = new MenuPadNav();
  /** Every menu alive (for the test hook: which row is selected). */
  static readonly live = new Set<Menu>();

  constructor(
    private readonly scene: Phaser.Scene,
    readonly rows: MenuRow[],
    x: number,
    y: number,
    private readonly onActivate: (row: MenuRow, menu: Menu) => void,
    private readonly container?: Phaser.GameObjects.Container | Phaser.GameObjects.Layer,
    private readonly spacing = 40,
    private readonly opts: MenuOptions = {},
  ) {
    this.y = y;
    rows.forEach((_, i) => {
      const t = scene.add.text(x, y + i * spacing, '', textStyle(24)).setOrigin(0.5, 0.5);
      t.setInteractive({ useHandCursor: true });
      t.on('pointerover', () => this.select(i));
      t.on('pointerdown', (p: Phaser.Input.Pointer) => {
        this.select(i);
        const row = this.rows[i]!;
        if (row.values) this.change(toLogical(p).x < t.x ? -1 : 1);
        else this.activate();
      });
      this.texts.push(t);
    });
    this.cursor = scene.add.text(0, 0, '▶', textStyle(20, UI.accent)).setOrigin(0.5, 0.5);
    this.note = scene.add
      .text(x, y + rows.length * spacing + 4, '', textStyle(15, UI.dim, { align: 'center', wordWrap: { width: opts.noteWidth ?? 760 } }))
      .setOrigin(0.5, 0);
    this.container?.add([...this.texts, this.cursor, this.note]);
    this.onKey = keyOnce((e: KeyboardEvent) => this.key(e));
    scene.input.keyboard!.on('keydown', this.onKey);
    // Polled also while inactive, so a button held when the menu opens is seen as held.
    this.offPad = onPadCommands(
      scene,
      (c) => {
        if (!this.active) return false;
        this.command(c);
      },
      this.pad,
    );
    scene.events.once('shutdown', () => this.destroy());
    Menu.live.add(this);
    this.sel = rows.findIndex((r) => !r.disabled && !r.hidden);
    this.render();
  }

  value(id: string): string {
    const r = this.rows.find((row) => row.id === id);
    if (!r?.values) throw new Error(`menu has no selector '${id}'`);
    return r.values[r.index ?? 0]!.value;
  }

  /** The selected row's id. */
  get selectedId(): string {
    return this.rows[this.sel]?.id ?? '';
  }

  /** Puts the cursor on the row `id` (silently; a disabled or missing row leaves it where it is). */
  selectRow(id: string): void {
    const i = this.rows.findIndex((r) => r.id === id);
    if (i < 0 || this.rows[i]!.disabled || this.rows[i]!.hidden) return;
    this.sel = i;
    this.render();
  }

  get isActive(): boolean {
    return this.active && this.scene.sys.isActive();
  }

  /** The rows as shown and the selected one (for tests). */
  describe(): { scene: string; rows: string[]; selected: number } {
    return { scene: this.scene.scene.key, rows: this.texts.map((t) => t.text), selected: this.sel };
  }

  /** Shows or hides the menu; shown again, it starts from its first row (Resume, in the pause menu). */
  setActive(on: boolean): void {
    if (on && !this.active) {
      this.pad.latch();
      this.sel = this.rows.findIndex((r) => !r.disabled && !r.hidden);
      this.render();
    }
    this.active = on;
    this.texts.forEach((t, i) => t.setVisible(on && !this.rows[i]!.hidden));
    for (const t of [this.cursor, this.note]) t.setVisible(on);
  }

  destroy(): void {
    this.scene.input.keyboard?.off('keydown', this.onKey);
    this.offPad();
    Menu.live.delete(this);
  }

  private key(e: KeyboardEvent): void {
    if (!this.active) return;
    const map: Record<string, MenuCommand> = {
      ArrowUp: 'up',
      ArrowDown: 'down',
      ArrowLeft: 'left',
      ArrowRight: 'right',
      z: 'confirm',
      Z: 'confirm',
      Enter: 'confirm',
      ' ': 'confirm',
      x: 'back',
      X: 'back',
      Backspace: 'back',
    };
    const c = map[e.key];
    // Like the pad's buttons, keys that choose or go back never repeat: an X held for a charge
    // when the match ended must not leave the result screen by auto-repeat. Arrows do repeat.
    if (c && !(e.repeat && (c === 'confirm' || c === 'back'))) this.command(c);
  }

  private command(c: MenuCommand): void {
    if (c === 'up') this.move(-1);
    else if (c === 'down') this.move(1);
    else if (c === 'left') this.change(-1);
    else if (c === 'right') this.change(1);
    else if (c === 'confirm' || (c === 'start' && this.padStartConfirms)) this.activate();
    else if (c === 'back') this.onBack?.();
  }

  private select(i: number): void {
    if (!this.active || this.rows[i]!.disabled || this.rows[i]!.hidden || i === this.sel) return;
    this.sel = i;
    sfx.play('move');
    this.render();
  }

  private move(d: number): void {
    const n = this.rows.length;
    let i = this.sel;
    for (let k = 0; k < n; k++) {
      i = (i + d + n) % n;
      if (!this.rows[i]!.disabled && !this.rows[i]!.hidden) break;
    }
    this.select(i);
  }

  private change(d: number): void {
    const r = this.rows[this.sel];
    if (!r?.values) return;
    const n = r.values.length;
    let k = r.index ?? 0;
    for (let step = 0; step < n; step++) {
      k = (k + d + n) % n;
      if (!r.values[k]!.hidden) break;
    }
    r.index = k;
    sfx.play('move');
    this.onChange?.(r, this);
    this.render();
  }

  private activate(): void {
    const r = this.rows[this.sel];
    if (!r || r.disabled) return;
    const v = r.values?.[r.index ?? 0];
    if (v?.disabled) return;
    if (!r.values) sfx.play('select');
    this.onActivate(r, this);
  }

  /** Redraws the rows (after a row's `disabled` changed from outside). */
  render(): void {
    this.rows.forEach((r, i) => {
      const t = this.texts[i]!;
      const v = r.values?.[r.index ?? 0];
      setText(t, v ? `${r.label}   ◀ ${v.label} ▶` : r.label);
      const on = i === this.sel;
      setTextColor(t, r.disabled || v?.disabled ? '#5d567e' : on ? UI.accent : UI.text);
      t.setScale(on ? 1.08 : 1);
    });
    const row = this.rows[this.sel];
    const v = row?.values?.[row.index ?? 0];
    const own = typeof row?.note === 'function' ? row.note() : row?.note;
    setText(this.note, v?.disabled ?? row?.disabled ?? v?.note ?? own ?? '');
    // Notes under the selected row: the rows below it make room for the note. Hidden rows take no room.
    const room = this.opts.notesUnder && this.note.text ? this.note.height + 6 : 0;
    let slot = 0;
    this.texts.forEach((t, i) => {
      t.setVisible(this.active && !this.rows[i]!.hidden);
      t.setY(this.y + slot * this.spacing + (i > this.sel ? room : 0));
      if (i === this.sel && this.opts.notesUnder) this.note.setY(this.y + slot * this.spacing + this.spacing / 2 - 2);
      if (!this.rows[i]!.hidden) slot++;
    });
    const t = this.texts[this.sel];
    if (t) this.cursor.setPosition(t.x - (t.width * t.scaleX) / 2 - 22, t.y);
  }
}
