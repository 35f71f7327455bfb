// The replay library: every saved match with date, mode, players, result and length. Keyboard and
// mouse: choose, play, rename, tag, delete (with confirmation), export one or all, import (file
// picker or drop files on the page), sort, filter by mode, tag and text. Gamepad: d-pad or stick
// choose (←/→ a page), A or Start play, B back. Errors in plain words.
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { toLogical } from '../art/render-scale';
import { sfx } from '../audio/sfx';
import { blobSink, canSaveToFile, downloadBlob, fileSink, readFiles, type BundleSink } from '../storage/download';
import { ReplayLibrary, type LibraryProgress } from '../storage/replay-library';
import {
  allTags,
  formatDate,
  formatFrames,
  normalizeTag,
  queryEntries,
  SORT_KEYS,
  type LibraryEntry,
  type SortKey,
} from '../storage/replay-meta';
import { t, tn, type Key } from '../i18n/i18n';
import {
  charactersWords,
  displayWords,
  errorWords,
  fitColumns,
  importWords,
  modeWord,
  nameProblem,
  progressWords,
  resultWords,
  stagesWord,
  tagProblem,
  versionWords,
  whoWords,
} from '../ui/replay-words';
import { addBackdrop } from '../views/backdrop';
import { GAME_W } from '../views/layout';
import { surveyFromUrl } from './playback-scene';
import type { MenuCommand } from '../input/menu-pad-nav';
import { dropVeil, promptText } from '../ui/dom-panel';
import { keyOnce } from '../ui/key-once';
import { SIM_VERSION } from '../sim/config';
import { confirmKey, defaultListView, LIST_ROWS, replaysKeyCommand, rowFor, type ListView } from './replays-keys';
import { onPadCommands } from '../ui/pad-commands';
import { setText, setTextColor, textStyle } from '../views/text';

const ROWS = LIST_ROWS;
const ROW_H = 29;
const LIST_Y = 118;
// The headers are replays.columns.<key> in the catalogue; `chars` counts columns (a CJK character takes two).
const COLS = [
  { key: 'date', x: 26, chars: 16, sort: 'date' as SortKey },
  { key: 'mode', x: 170, chars: 17 },
  { key: 'players', x: 318, chars: 26, sort: 'name' as SortKey },
  // Human/CPU, or for a character match the characters (the players column already says who is human).
  { key: 'who', x: 548, chars: 15 },
  { key: 'result', x: 680, chars: 15 },
  { key: 'length', x: 810, chars: 7, sort: 'duration' as SortKey },
  { key: 'tags', x: 874, chars: 9 }, // 10 ran into the scroll bar
] as const;

const fit = fitColumns;
const colLabel = (c: (typeof COLS)[number]) => t(`replays.columns.${c.key}` as Key);

export class ReplaysScene extends Phaser.Scene {
  /** The list as the player left it (chosen row, sort, filters): kept across visits while the page lives. */
  private static view: ListView = defaultListView();
  private lib: ReplayLibrary | null = null;
  private all: LibraryEntry[] = [];
  private shown: LibraryEntry[] = [];
  private sel = 0;
  private top = 0;
  private sort: SortKey = 'date';
  private desc = true;
  private mode: 'versus' | 'practice' | null = null;
  private tag: string | null = null;
  private text = '';
  private busy = false;
  private confirming: LibraryEntry | null = null;
  private rowTexts: Phaser.GameObjects.Text[][] = [];
  private rowBg!: Phaser.GameObjects.Graphics;
  private headerTexts: Phaser.GameObjects.Text[] = [];
  private summary!: Phaser.GameObjects.Text;
  private filters!: Phaser.GameObjects.Text;
  private message!: Phaser.GameObjects.Text;
  private empty!: Phaser.GameObjects.Text;
  private confirmBox!: Phaser.GameObjects.Container;
  private confirmText!: Phaser.GameObjects.Text;
  private backdrop!: { update: (f: number) => void };
  private t = 0;
  private fileInput: HTMLInputElement | null = null;
  private cleanup: (() => void)[] = [];
  /** The running import or export (Esc or its Cancel button stops it between batches). */
  private job: AbortController | null = null;
  private progressBox!: Phaser.GameObjects.Container;
  private progressTitle!: Phaser.GameObjects.Text;
  private progressText!: Phaser.GameObjects.Text;
  private progressBar!: Phaser.GameObjects.Graphics;
  /** For measurements (tests): list redraws so far, and how long the last library read took. */
  renders = 0;
  openTiming: { readMs: number; queryMs: number; rows: number } | null = null;

  constructor() {
    super('replays');
  }

  init(): void {
    const v = ReplaysScene.view;
    this.sort = v.sort;
    this.desc = v.desc;
    this.mode = v.mode;
    this.tag = v.tag;
    this.text = v.text;
    // A scene object lives on between visits: the list of the last visit must not pick the row
    // (the remembered one, ReplaysScene.view.selectedId, does when the library is read).
    this.all = [];
    this.shown = [];
    this.sel = 0;
    this.top = 0;
    this.busy = false;
    this.confirming = null;
    this.job = null;
    this.openTiming = null;
    this.rowTexts = [];
    this.headerTexts = [];
    this.cleanup = [];
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    this.add.text(GAME_W / 2, 30, t('replays.title'), textStyle(36, '#ffffff', { fontStyle: 'bold', strokeThickness: 7 })).setOrigin(0.5);
    this.summary = this.add.text(GAME_W / 2, 55, '', textStyle(14, UI.dim)).setOrigin(0.5, 0);
    // The filter line stands clear of the column headers below it (they touched: issue 25).
    this.filters = this.add.text(26, 75, '', textStyle(14, UI.text)).setInteractive({ useHandCursor: true });
    this.filters.on('pointerdown', (p: Phaser.Input.Pointer) => {
      // Click on the filter line: the part clicked decides (mode, tag or search).
      const x = toLogical(p).x - this.filters.x;
      if (x < this.filters.width * 0.33) this.cycleMode();
      else if (x < this.filters.width * 0.6) this.cycleTag();
      else void this.editSearch();
    });
    this.rowBg = this.add.graphics();
    for (const c of COLS) {
      const h = this.add.text(c.x, LIST_Y - 19, colLabel(c), textStyle(13, UI.dim));
      if ('sort' in c) {
        h.setInteractive({ useHandCursor: true });
        h.on('pointerdown', () => this.setSort(c.sort));
      }
      this.headerTexts.push(h);
    }
    for (let i = 0; i < ROWS; i++) {
      const y = LIST_Y + i * ROW_H;
      const texts = COLS.map((c) => this.add.text(c.x, y + 5, '', textStyle(15)));
      this.rowTexts.push(texts);
      const zone = this.add
        .zone(14, y, GAME_W - 28, ROW_H)
        .setOrigin(0)
        .setInteractive({ useHandCursor: true });
      zone.on('pointerdown', (p: Phaser.Input.Pointer) => {
        if (this.busy || this.confirming) return;
        const idx = this.top + i;
        if (idx >= this.shown.length) return;
        const again = idx === this.sel;
        this.select(idx);
        if (again && p.downTime - (zone.getData('last') ?? 0) < 450) this.play();
        zone.setData('last', p.downTime);
      });
    }
    this.empty = this.add.text(GAME_W / 2, 270, t('replays.loading'), textStyle(18, UI.dim, { align: 'center' })).setOrigin(0.5);
    // Anchored at its bottom: a message of several lines (an import's refused files) grows up, never into the buttons.
    this.message = this.add
      .text(GAME_W / 2, 488, '', textStyle(14, UI.text, { align: 'center', wordWrap: { width: 900 } }))
      .setOrigin(0.5, 1);
    const buttons: [string, string, () => void][] = [
      ['play', t('replays.buttons.play'), () => this.play()],
      ['rename', t('replays.buttons.rename'), () => void this.rename()],
      ['tag', t('replays.buttons.tag'), () => void this.editTag()],
      ['delete', t('replays.buttons.delete'), () => this.askDelete()],
      ['export', t('replays.buttons.export'), () => void this.exportOne()],
      ['exportAll', t('replays.buttons.exportAll'), () => void this.exportAll()],
      ['import', t('replays.buttons.import'), () => this.pickFiles()],
      ['back', t('replays.buttons.back'), () => this.back()],
    ];
    let bx = 26;
    for (const [id, label, f] of buttons) {
      const b = this.add
        .text(bx, 494, label, textStyle(16, UI.text, { backgroundColor: '#231a44', padding: { x: 10, y: 4 } }))
        .setInteractive({ useHandCursor: true });
      b.on('pointerover', () => b.setColor(UI.accent));
      b.on('pointerout', () => b.setColor(UI.text));
      b.on('pointerdown', () => {
        if (this.confirming && id !== 'delete') return;
        if (!this.busy) f();
      });
      bx += b.width + 10;
    }
    this.add.text(GAME_W - 20, 522, t('replays.help'), textStyle(11, UI.dim)).setOrigin(1, 0);
    this.buildConfirm();
    this.buildProgress();
    // keyOnce: a tap on a slow frame would otherwise be handled twice (two prompts, two moves).
    this.input.keyboard!.on(
      'keydown',
      keyOnce((e: KeyboardEvent) => this.key(e)),
    );
    onPadCommands(this, (c) => this.pad(c));
    this.input.on('wheel', (_p: unknown, _o: unknown, _dx: number, dy: number) => this.select(this.sel + Math.sign(dy)));
    this.installDrop();
    this.events.once('shutdown', () => {
      this.job?.abort();
      for (const f of this.cleanup) f();
      this.cleanup = [];
    });
    void this.reload();
  }

  private buildConfirm(): void {
    const bg = this.add.rectangle(GAME_W / 2, 270, 640, 150, 0x120a2a, 0.97).setStrokeStyle(2, 0xff6070);
    this.confirmText = this.add
      .text(GAME_W / 2, 240, '', textStyle(18, UI.text, { align: 'center', wordWrap: { width: 600 } }))
      .setOrigin(0.5);
    const yes = this.add
      .text(
        GAME_W / 2 - 90,
        305,
        t('replays.confirm.yes'),
        textStyle(18, '#ff8090', { backgroundColor: '#231a44', padding: { x: 12, y: 5 } }),
      )
      .setOrigin(0.5)
      .setInteractive({ useHandCursor: true });
    const no = this.add
      .text(GAME_W / 2 + 90, 305, t('replays.confirm.no'), textStyle(18, UI.text, { backgroundColor: '#231a44', padding: { x: 12, y: 5 } }))
      .setOrigin(0.5)
      .setInteractive({ useHandCursor: true });
    yes.on('pointerdown', () => void this.confirmDelete(true));
    no.on('pointerdown', () => void this.confirmDelete(false));
    this.confirmBox = this.add.container(0, 0, [bg, this.confirmText, yes, no]).setVisible(false).setDepth(10);
  }

  /** The progress panel of a long import or export: what, how far, and Cancel. */
  private buildProgress(): void {
    const bg = this.add.rectangle(GAME_W / 2, 270, 640, 150, 0x120a2a, 0.97).setStrokeStyle(2, 0x8a7cff);
    this.progressTitle = this.add.text(GAME_W / 2, 218, '', textStyle(18, UI.text)).setOrigin(0.5);
    this.progressBar = this.add.graphics();
    this.progressText = this.add.text(GAME_W / 2, 276, '', textStyle(14, UI.dim, { align: 'center' })).setOrigin(0.5);
    const cancel = this.add
      .text(GAME_W / 2, 315, t('replays.progress.cancel'), textStyle(16, UI.text, { backgroundColor: '#231a44', padding: { x: 12, y: 5 } }))
      .setOrigin(0.5)
      .setInteractive({ useHandCursor: true });
    cancel.on('pointerdown', () => this.cancelJob());
    this.progressBox = this.add.container(0, 0, [bg, this.progressTitle, this.progressBar, this.progressText, cancel]);
    this.progressBox.setVisible(false).setDepth(11);
  }

  private showProgress(title: string, p: LibraryProgress | null): void {
    this.progressBox.setVisible(true);
    this.empty.setVisible(false); // "No replays yet" would show through the panel

    setText(this.progressTitle, title);
    const frac = p && p.total > 0 ? p.done / p.total : 0;
    const g = this.progressBar.clear();
    g.fillStyle(0x231a44, 1).fillRect(GAME_W / 2 - 280, 240, 560, 12);
    g.fillStyle(0x8a7cff, 1).fillRect(GAME_W / 2 - 280, 240, 560 * frac, 12);
    const stopping = this.job?.signal.aborted ? t('replays.progress.stopping') : '';
    setText(this.progressText, (p ? progressWords(p) : '') + stopping);
  }

  private cancelJob(): void {
    if (!this.job || this.job.signal.aborted) return;
    this.job.abort();
    setText(this.progressText, `${this.progressText.text}${t('replays.progress.stopping')}`);
  }

  override update(): void {
    this.backdrop.update(this.t++);
  }

  /** What the list shows, for tests (test-hook.ts): the entries' ids in order and the chosen row. */
  get info(): { ids: string[]; selected: number } {
    return { ids: this.shown.map((e) => e.id), selected: this.sel };
  }

  private get current(): LibraryEntry | undefined {
    return this.shown[this.sel];
  }

  private say(text: string, kind: 'info' | 'error' | 'ok' = 'info'): void {
    this.message.setText(text).setColor(kind === 'error' ? '#ff8090' : kind === 'ok' ? '#8dffb0' : UI.text);
  }

  private async reload(keepId?: string): Promise<void> {
    try {
      ReplayLibrary.notices = {
        onBlocked: (m) => this.sys.isActive() && this.say(m, 'error'),
        onVersionChange: (m) => this.sys.isActive() && this.say(m, 'error'),
      };
      if (!this.lib) {
        this.lib = await ReplayLibrary.open();
        // Replays kept from an older library get their traces in the background; list them after
        // (once: registering this on every reload re-listed the library forever once it had built any).
        void this.lib.backfill.then((n) => {
          if (n > 0 && this.sys.isActive()) void this.reload();
        });
      }
      const t0 = performance.now();
      this.all = await this.lib.rows();
      this.openTiming = { readMs: performance.now() - t0, queryMs: 0, rows: this.all.length };
    } catch (e) {
      this.all = [];
      this.say(errorWords(e), 'error');
    }
    if (!this.sys.isActive()) return;
    const id = keepId ?? this.current?.id ?? ReplaysScene.view.selectedId;
    const t1 = performance.now();
    this.applyQuery();
    if (this.openTiming) this.openTiming.queryMs = performance.now() - t1;
    this.select(
      rowFor(
        this.shown.map((e) => e.id),
        id,
        this.sel,
      ),
    );
  }

  /** Puts a changed entry in place of the old one (no re-read of a library of thousands). */
  private replaceEntry(e: LibraryEntry): void {
    const i = this.all.findIndex((x) => x.id === e.id);
    if (i >= 0) this.all[i] = e;
    this.applyQuery();
    this.select(
      rowFor(
        this.shown.map((x) => x.id),
        e.id,
        this.sel,
      ),
    );
  }

  private applyQuery(): void {
    this.shown = queryEntries(this.all, { sort: this.sort, descending: this.desc, mode: this.mode, tag: this.tag, text: this.text });
    if (this.tag && !allTags(this.all).includes(this.tag)) this.tag = null;
  }

  private select(i: number): void {
    const n = this.shown.length;
    this.sel = n === 0 ? 0 : Math.max(0, Math.min(n - 1, i));
    if (this.sel < this.top) this.top = this.sel;
    if (this.sel >= this.top + ROWS) this.top = this.sel - ROWS + 1;
    this.top = Math.max(0, Math.min(this.top, Math.max(0, n - ROWS)));
    ReplaysScene.view = {
      selectedId: this.shown[this.sel]?.id ?? ReplaysScene.view.selectedId,
      sort: this.sort,
      desc: this.desc,
      mode: this.mode,
      tag: this.tag,
      text: this.text,
    };
    this.render();
  }

  private render(): void {
    this.renders++;
    const n = this.shown.length;
    const total = this.all.length;
    setText(
      this.summary,
      total === 0
        ? ''
        : tn('replays.summary.count', total) +
            (n !== total ? t('replays.summary.shown', { n }) : '') +
            t('replays.summary.sorted', { sort: t(`replays.sort.${this.sort}`), arrow: this.desc ? '↓' : '↑' }),
    );
    setText(
      this.filters,
      t('replays.filters.line', {
        mode: this.mode ? modeWord(this.mode) : t('replays.filters.all'),
        tag: this.tag ?? t('replays.filters.all'),
        search: this.text ? t('replays.filters.search', { text: fit(this.text, 24) }) : t('replays.filters.noSearch'),
      }),
    );
    this.headerTexts.forEach((h, i) => {
      const c = COLS[i]!;
      const on = 'sort' in c && c.sort === this.sort;
      setText(h, on ? `${colLabel(c)} ${this.desc ? '↓' : '↑'}` : colLabel(c));
      setTextColor(h, on ? UI.accent : UI.dim);
    });
    const g = this.rowBg;
    g.clear();
    g.lineStyle(1, 0x8a7cff, 0.35).lineBetween(18, LIST_Y - 3, GAME_W - 18, LIST_Y - 3);
    for (let i = 0; i < ROWS; i++) {
      const e = this.shown[this.top + i];
      const texts = this.rowTexts[i]!;
      const y = LIST_Y + i * ROW_H;
      if (!e) {
        for (const t of texts) setText(t, '');
        continue;
      }
      const selected = this.top + i === this.sel;
      if (selected) g.fillStyle(0x3a2c70, 0.9).fillRoundedRect(14, y, GAME_W - 28, ROW_H - 2, 5);
      else if (i % 2 === 1) g.fillStyle(0x120a2a, 0.6).fillRect(14, y, GAME_W - 28, ROW_H - 2);
      const m = e.meta;
      const values = [
        formatDate(m.date),
        t('replays.row.mode', { mode: modeWord(m.mode), stages: stagesWord(m.stages) }) +
          (m.simVersion !== SIM_VERSION ? t('replays.row.sim', { v: m.simVersion }) : ''),
        displayWords(e),
        charactersWords(m) || whoWords(m),
        resultWords(m),
        formatFrames(m.frames),
        [...e.tags, ...(e.clipCount ? [tn('replays.row.clips', e.clipCount)] : [])].join(', ') || '—',
      ];
      texts.forEach((t, k) => {
        setText(t, fit(values[k]!, COLS[k]!.chars));
        setTextColor(t, selected ? (k === 2 ? UI.accent : UI.text) : k === 0 || k === 6 ? UI.dim : UI.text);
      });
    }
    if (n > ROWS) {
      // A scroll bar at the right edge.
      const h = ROWS * ROW_H;
      g.fillStyle(0x231a44, 1).fillRect(GAME_W - 10, LIST_Y, 4, h);
      g.fillStyle(0x8a7cff, 1).fillRect(GAME_W - 10, LIST_Y + (this.top / n) * h, 4, Math.max(12, (ROWS / n) * h));
    }
    this.empty.setVisible(n === 0);
    if (n === 0) setText(this.empty, total === 0 ? t('replays.empty.none') : t('replays.empty.filtered'));
  }

  private key(e: KeyboardEvent): void {
    if (this.job && e.key === 'Escape') {
      this.cancelJob();
      return;
    }
    if (this.busy) return;
    sfx.unlock();
    if (this.confirming) {
      const a = confirmKey(e.key);
      if (a) void this.confirmDelete(a === 'yes');
      return;
    }
    const c = replaysKeyCommand(e.key);
    if (!c) return;
    switch (c.kind) {
      case 'move':
        this.select(this.sel + c.by);
        break;
      case 'first':
        this.select(0);
        break;
      case 'last':
        this.select(this.shown.length - 1);
        break;
      case 'play':
        this.play();
        break;
      case 'rename':
        void this.rename();
        break;
      case 'tag':
        void this.editTag();
        break;
      case 'delete':
        this.askDelete();
        break;
      case 'export':
        void this.exportOne();
        break;
      case 'export-all':
        void this.exportAll();
        break;
      case 'import':
        this.pickFiles();
        break;
      case 'next-sort':
        this.setSort(SORT_KEYS[(SORT_KEYS.indexOf(this.sort) + 1) % SORT_KEYS.length]!);
        break;
      case 'flip-sort':
        this.setSort(this.sort);
        break;
      case 'mode':
        this.cycleMode();
        break;
      case 'tag-filter':
        this.cycleTag();
        break;
      case 'search':
        void this.editSearch();
        break;
      case 'back':
        this.back();
        break;
    }
  }

  /** The gamepad: up/down choose, left/right a page, A or Start play, B back (or keep, in the delete question). */
  private pad(c: MenuCommand): void {
    if (this.busy) return;
    if (this.confirming) {
      if (c === 'back') void this.confirmDelete(false);
      return;
    }
    if (c === 'up' || c === 'down') this.select(this.sel + (c === 'up' ? -1 : 1));
    else if (c === 'left' || c === 'right') this.select(this.sel + (c === 'left' ? -ROWS : ROWS));
    else if (c === 'confirm' || c === 'start') this.play();
    else if (c === 'back') this.back();
  }

  private back(): void {
    this.scene.start('title');
  }

  /** Clicking the sorted column again (or Shift+S) flips the direction. */
  private setSort(k: SortKey): void {
    if (k === this.sort) this.desc = !this.desc;
    else {
      this.sort = k;
      this.desc = k !== 'name';
    }
    this.applyQuery();
    this.select(this.sel);
  }

  private cycleMode(): void {
    const modes = [null, 'versus', 'practice'] as const;
    this.mode = modes[(modes.indexOf(this.mode) + 1) % modes.length]!;
    this.applyQuery();
    this.select(0);
  }

  private cycleTag(): void {
    const tags: (string | null)[] = [null, ...allTags(this.all)];
    if (tags.length === 1) {
      this.say(t('replays.say.noTags'));
      return;
    }
    this.tag = tags[(tags.indexOf(this.tag) + 1) % tags.length]!;
    this.applyQuery();
    this.select(0);
  }

  private async withPrompt<T>(f: () => Promise<T>): Promise<T> {
    this.busy = true;
    try {
      return await f();
    } finally {
      this.busy = false;
    }
  }

  private async editSearch(): Promise<void> {
    const v = await this.withPrompt(() =>
      promptText({
        title: t('replays.prompt.searchTitle'),
        label: t('replays.prompt.searchLabel'),
        value: this.text,
      }),
    );
    if (v === null || !this.sys.isActive()) return;
    this.text = v.trim();
    this.applyQuery();
    this.select(0);
  }

  private play(): void {
    const e = this.current;
    if (!e) {
      this.say(t('replays.say.nothingToPlay'));
      return;
    }
    if (e.meta.simVersion !== SIM_VERSION) {
      // Its hits and metrics come from the stored summary, read for this replay only.
      void (this.lib?.get(e.id) ?? Promise.resolve(undefined))
        .then((full) => this.sys.isActive() && this.say(versionWords(full ?? e, SIM_VERSION)!, 'error'))
        .catch((err: unknown) => this.say(errorWords(err), 'error'));
      return;
    }
    this.scene.start('playback', { id: e.id, survey: surveyFromUrl() });
  }

  private async rename(): Promise<void> {
    const e = this.current;
    if (!e || !this.lib) return;
    const v = await this.withPrompt(() =>
      promptText({
        title: t('replays.prompt.renameTitle'),
        label: t('replays.prompt.renameLabel', { players: displayWords({ name: '', meta: e.meta }) }),
        value: e.name,
        validate: nameProblem,
      }),
    );
    if (v === null || !this.sys.isActive()) return;
    try {
      this.replaceEntry(await this.lib.rename(e.id, v));
      this.say(v.trim() ? t('replays.say.renamed', { name: v.trim() }) : t('replays.say.nameCleared'), 'ok');
    } catch (err) {
      this.say(errorWords(err), 'error');
    }
  }

  private async editTag(): Promise<void> {
    const e = this.current;
    if (!e || !this.lib) return;
    const v = await this.withPrompt(() =>
      promptText({
        title: t('replays.prompt.tagTitle'),
        label: t('replays.prompt.tagLabel', { tags: e.tags.join(', ') || t('replays.prompt.none') }),
        value: '',
        placeholder: t('replays.prompt.tagPlaceholder'),
        validate: tagProblem,
      }),
    );
    if (v === null || !this.sys.isActive()) return;
    const tag = normalizeTag(v);
    try {
      if (e.tags.includes(tag)) {
        this.replaceEntry(await this.lib.untag(e.id, tag));
        this.say(t('replays.say.untagged', { tag }), 'ok');
      } else {
        this.replaceEntry(await this.lib.tag(e.id, tag));
        this.say(t('replays.say.tagged', { tag }), 'ok');
      }
    } catch (err) {
      this.say(errorWords(err), 'error');
    }
  }

  private askDelete(): void {
    const e = this.current;
    if (!e) return;
    this.confirming = e;
    this.confirmText.setText(
      t('replays.confirm.question', {
        name: fit(displayWords(e), 40),
        date: formatDate(e.meta.date),
        clips: e.clipCount ? tn('replays.confirm.clips', e.clipCount) : '',
      }),
    );
    this.confirmBox.setVisible(true);
  }

  private async confirmDelete(yes: boolean): Promise<void> {
    const e = this.confirming;
    this.confirming = null;
    this.confirmBox.setVisible(false);
    if (!e || !yes || !this.lib) return this.say(t('replays.say.notDeleted'));
    try {
      await this.lib.delete(e.id);
      this.all = this.all.filter((x) => x.id !== e.id);
      this.applyQuery();
      this.select(this.sel);
      this.say(t('replays.say.deleted', { name: fit(displayWords(e), 40) }), 'ok');
    } catch (err) {
      this.say(errorWords(err), 'error');
      await this.reload();
    }
  }

  private async exportOne(): Promise<void> {
    const e = this.current;
    if (!e || !this.lib) return this.say(t('replays.say.nothingToExport'));
    try {
      const r = await this.lib.exportOne(e.id);
      downloadBlob(r.blob, r.filename);
      this.say(t('replays.say.exported', { file: r.filename, kb: Math.max(1, Math.round(r.bytes.length / 1024)) }), 'ok');
    } catch (err) {
      this.say(errorWords(err), 'error');
    }
  }

  /**
   * Streams the bundle: into a file chosen with the File System Access API where the browser has
   * it, else into a Blob built from pieces and offered as a download. Progress and Cancel show
   * while it runs.
   */
  private async exportAll(): Promise<void> {
    if (!this.lib || this.busy) return;
    const filtered = this.shown.length !== this.all.length;
    // With filters on, "all" means all shown.
    const ids = filtered ? this.shown.map((e) => e.id) : undefined;
    const filename = ReplayLibrary.bundleFileName();
    this.busy = true;
    const job = new AbortController();
    this.job = job;
    let file: Awaited<ReturnType<typeof fileSink>> = null;
    try {
      if (canSaveToFile()) {
        file = await fileSink(filename);
        if (!file) return this.say(t('replays.say.notExported'));
      }
      const mem = file ? null : blobSink();
      const sink: BundleSink = file ?? mem!;
      this.showProgress(t('replays.progress.exporting', { n: (ids ?? this.all).length }), null);
      const r = await this.lib.exportBundle(sink, ids, {
        signal: job.signal,
        onProgress: (p) => this.sys.isActive() && this.showProgress(t('replays.progress.exporting', { n: p.total }), p),
      });
      if (r.cancelled) {
        await file?.abandon();
        return this.say(t('replays.say.exportCancelled'));
      }
      if (mem) downloadBlob(mem.blob(), filename);
      this.say(tn('replays.say.exportedAll', r.count, { shown: filtered ? t('replays.say.thoseShown') : '', file: filename }), 'ok');
    } catch (err) {
      await file?.abandon().catch(() => {});
      this.say(errorWords(err), 'error');
    } finally {
      this.busy = false;
      this.job = null;
      if (this.sys.isActive()) this.progressBox.setVisible(false);
    }
  }

  private pickFiles(): void {
    if (!this.fileInput) {
      const input = document.createElement('input');
      input.type = 'file';
      input.multiple = true;
      input.accept = '.twrp,.twrb,application/octet-stream';
      input.style.display = 'none';
      input.addEventListener('change', () => {
        const files = input.files ? Array.from(input.files) : [];
        input.value = '';
        if (files.length) void this.importFiles(files);
      });
      document.body.appendChild(input);
      this.fileInput = input;
      this.cleanup.push(() => {
        input.remove();
        this.fileInput = null;
      });
    }
    this.fileInput.click();
  }

  /** Imports in batches with a progress panel; Esc or Cancel stops it, keeping the batches already stored. */
  private async importFiles(files: File[]): Promise<void> {
    if (!this.lib || this.busy) return;
    this.busy = true;
    const job = new AbortController();
    this.job = job;
    const title =
      files.length === 1
        ? t('replays.progress.importingOne', { file: fit(files[0]!.name, 40) })
        : t('replays.progress.importingMany', { n: files.length });
    this.showProgress(title, null);
    try {
      const res = await this.lib.importFiles(await readFiles(files), {
        signal: job.signal,
        onProgress: (p) => this.sys.isActive() && this.showProgress(title, p),
      });
      const msg = importWords(res.added.length, res.duplicates, res.rejected, {
        cancelled: res.cancelled,
        failed: res.failed && { message: res.failed.message, quota: res.failed.quota },
        notWritten: res.notWritten,
      });
      this.say(msg.text, msg.kind === 'warn' ? 'error' : msg.kind);
      this.job = null;
      this.progressBox.setVisible(false);
      this.busy = false;
      await this.reload(res.added[0]?.id);
    } catch (err) {
      this.say(errorWords(err), 'error');
    } finally {
      this.busy = false;
      this.job = null;
      if (this.sys.isActive()) this.progressBox.setVisible(false);
    }
  }

  private installDrop(): void {
    const veil = dropVeil();
    let depth = 0;
    const hasFiles = (e: DragEvent) => !!e.dataTransfer && Array.from(e.dataTransfer.types).includes('Files');
    const enter = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth++;
      veil.style.display = 'flex';
    };
    const over = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      e.dataTransfer!.dropEffect = 'copy';
    };
    const leave = () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) veil.style.display = 'none';
    };
    const drop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      veil.style.display = 'none';
      const files = Array.from(e.dataTransfer!.files);
      if (files.length) void this.importFiles(files);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragover', over);
    window.addEventListener('dragleave', leave);
    window.addEventListener('drop', drop);
    this.cleanup.push(() => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragover', over);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('drop', drop);
      veil.remove();
    });
  }
}
