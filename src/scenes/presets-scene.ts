// The preset editor (title → Presets): a Tweakpane panel generated from the CPU and stage preset
// schemas beside a live preview where the edited CPU plays one field of the edited stage on a fixed
// seed, restarted on every change, with its influence map and path (F3) on. Readouts of the
// human-likeness metrics update every second; a second preset can play beside it on the same seed
// (A/B); the fields fill the space beside the panel (views/preset-preview-layout.ts). The edited
// CPU's win rate against the reference players is computed in a Web Worker (vs-references.ts).
// Presets are kept in the browser's preset library (duplicate, rename, delete, import, export);
// "Play against it" starts a match with the edited pair.
import Phaser from 'phaser';
import { Pane } from 'tweakpane';
import { UI } from '../art/palette';
import { renderScale } from '../art/render-scale';
import { setUserCpuPresets } from '../controllers/registry';
import { CPU_PRESET_FIELDS, DODGE_PRESETS, type DodgePreset } from '../cpu/presets';
import { LivePreview } from '../preset-eval/live-preview';
import type { VsReferenceOptions } from '../preset-eval/vs-references';
import { stageConfig } from '../sim/config';
import { FPS } from '../sim/constants';
import { STAGE_PRESET_FIELDS, STAGE_PRESETS, type StagePreset } from '../sim/stage-preset';
import { downloadBlob } from '../storage/download';
import { freeName, type PresetKind, PresetLibrary, presetFileText } from '../storage/preset-library';
import { language, t } from '../i18n/i18n';
import { cpuPresetLabel, stagePresetLabel } from '../i18n/preset-words';
import { confirmChoice } from '../ui/confirm';
import { promptText } from '../ui/dom-panel';
import { type FlatValues, flatten, PresetFieldsFolder, unflatten } from '../ui/preset-pane';
import { DodgeOverlay } from '../views/dodge-overlay';
import { FieldView } from '../views/field-view';
import { type FieldRect, GAME_H, GAME_W } from '../views/layout';
import { previewLayout } from '../views/preset-preview-layout';
import { setText, textStyle } from '../views/text';
import { matchStreamForView } from '../views/visual-stream';
import type { MatchSetup } from './match-setup';
import { published } from './scene-state';
import { VsReferences } from './vs-references';

const PANEL_W = 300;
const PREVIEW_SEED = 1;
/** The space beside the panel and under the title lines that the preview fills. */
const PREVIEW_AREA: FieldRect = { x: PANEL_W + 14, y: 52, w: GAME_W - 8 - (PANEL_W + 14), h: GAME_H - 8 - 52 };
/** Width kept for the readout column beside a single field (its longest line is about 165). */
const READOUT_W = 180;

/** What one side of the preview shows: a preset of each kind being edited. */
interface Draft<T> {
  value: T;
  /** The stored (or built-in) preset it started from. */
  from: string;
  /** Built-in presets cannot be overwritten: the first edit makes an unsaved copy. */
  builtin: boolean;
  dirty: boolean;
}

interface PreviewSlot {
  preview: LivePreview;
  view: FieldView;
  overlay: DodgeOverlay;
  text: Phaser.GameObjects.Text;
}

/** The editor's state as a test or the docs read it. */
export interface PresetEditorInfo {
  cpu: string;
  stage: string;
  dirty: boolean;
  /** State hash of each preview now (A, then B when comparing). */
  hashes: string[];
  frames: number[];
  readouts: string[];
  status: string;
  compare: string | null;
  /** The "vs references" readout as one line (progress, then the figure). */
  vsReferences: string;
  /** Whether that figure is final (or failed), and how many figures were started since the editor opened. */
  vsDone: boolean;
  vsStarts: number;
  /** Milliseconds the last figure computed in the worker took (null: none yet, or kept from before). */
  vsMs: number | null;
  /** Where things are drawn, in logical 960×540 units: the space beside the panel, each field and each text. */
  layout: { area: FieldRect; fields: FieldRect[]; texts: FieldRect[] };
}

export class PresetsScene extends Phaser.Scene {
  private library: PresetLibrary | null = null;
  private userCpu: DodgePreset[] = [];
  private userStage: StagePreset[] = [];
  private cpu!: Draft<DodgePreset>;
  private stage!: Draft<StagePreset>;
  private compare: string | null = null;
  private slots: PreviewSlot[] = [];
  private acc = 0;
  private readoutClock = 0;
  private restartAt = -1;
  private root: HTMLDivElement | null = null;
  private pane: Pane | null = null;
  private cpuFields!: PresetFieldsFolder;
  private stageFields!: PresetFieldsFolder;
  private statusEl!: HTMLDivElement;
  private titleText!: Phaser.GameObjects.Text;
  private helpText!: Phaser.GameObjects.Text;
  private vs!: VsReferences;
  private vsText!: Phaser.GameObjects.Text;
  private vsLayout: 'line' | 'column' = 'column';
  private vsStarts = 0;
  private status = '';
  private rebuildPending = false;
  /** F3: the CPU's influence map and path, on by default here. */
  private mapOn = true;

  constructor() {
    super('presets');
  }

  create(): void {
    this.cameras.main.setBackgroundColor(UI.bgTop);
    this.cpu = { value: structuredClone(DODGE_PRESETS.find((p) => p.name === 'normal')!), from: 'normal', builtin: true, dirty: false };
    this.stage = { value: structuredClone(STAGE_PRESETS.find((p) => p.name === 'normal')!), from: 'normal', builtin: true, dirty: false };
    this.compare = null;
    this.slots = [];
    this.mapOn = true;
    this.rebuildPending = false;
    this.titleText = this.add.text(PANEL_W + 14, 10, '', textStyle(16, UI.accent, { fontStyle: 'bold' }));
    this.helpText = this.add.text(PANEL_W + 14, 34, t('presets.help'), textStyle(11, UI.dim));
    this.vsText = this.add.text(0, 0, '', textStyle(12, UI.text, { lineSpacing: 3 }));
    this.vsStarts = 0;
    this.vs = new VsReferences(() => this.redrawVs());
    this.buildPanel();
    this.restartPreview();
    const kb = this.input.keyboard!;
    kb.on('keydown-ESC', () => this.leave());
    kb.on('keydown-F3', () => {
      this.mapOn = !this.mapOn;
      for (const s of this.slots) s.overlay.setVisible(this.mapOn);
    });
    this.scale.on('resize', this.placePanel, this);
    this.events.once('shutdown', () => this.teardown());
    published.presets = this;
    void this.openLibrary();
  }

  private async openLibrary(): Promise<void> {
    try {
      this.library = await PresetLibrary.open();
      await this.reloadLists();
    } catch (e) {
      this.setStatus(t('presets.status.noLibrary', { why: (e as Error).message }));
    }
  }

  private async reloadLists(): Promise<void> {
    if (!this.library) return;
    const cpu = await this.library.list('cpu');
    const stage = await this.library.list('stage');
    this.userCpu = cpu.presets;
    this.userStage = stage.presets;
    setUserCpuPresets(this.userCpu);
    const bad = [...cpu.invalid, ...stage.invalid];
    if (bad.length) this.setStatus(t('presets.status.invalid', { list: bad.join('; ') }));
    this.rebuildPanel();
  }

  // ---- the panel ----

  private buildPanel(): void {
    const root = document.createElement('div');
    root.className = 'tf-presets';
    root.style.cssText =
      'position:fixed;z-index:10;overflow:auto;background:#120a2a;border-right:2px solid ' +
      '#5d567e;box-sizing:border-box;padding:6px;font:12px "DejaVu Sans",sans-serif;color:#eeeaff';
    // Keys typed into the panel stay there (Phaser listens on window).
    for (const t of ['keydown', 'keyup', 'keypress'] as const)
      root.addEventListener(t, (e) => {
        if ((e as KeyboardEvent).key !== 'Escape') e.stopPropagation();
      });
    document.body.appendChild(root);
    this.root = root;
    this.statusEl = document.createElement('div');
    this.statusEl.className = 'tf-presets-status';
    this.statusEl.setAttribute('role', 'status');
    this.statusEl.style.cssText = 'color:#ffd24a;white-space:pre-wrap;margin:6px 2px;min-height:1em';
    this.placePanel();
    this.buildPane();
  }

  private placePanel(): void {
    if (!this.root) return;
    const r = this.game.canvas.getBoundingClientRect();
    const k = r.width / GAME_W;
    Object.assign(this.root.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${PANEL_W * k}px`, height: `${GAME_H * k}px` });
  }

  /**
   * Rebuilds the panel after the current event: a list's change handler may ask for it, and
   * Tweakpane must not be disposed inside its own handler (it throws TpError).
   */
  private rebuildPanel(): void {
    if (this.rebuildPending) return;
    this.rebuildPending = true;
    setTimeout(() => {
      this.rebuildPending = false;
      this.buildPane();
    }, 0);
  }

  private buildPane(): void {
    if (!this.root) return;
    this.pane?.dispose();
    const pane = new Pane({ container: this.root, title: t('presets.pane') });
    this.pane = pane;
    const tabs = pane.addTab({ pages: [{ title: t('presets.tabs.cpu') }, { title: t('presets.tabs.stage') }] });
    const [cpuPage, stagePage] = tabs.pages as [(typeof tabs.pages)[number], (typeof tabs.pages)[number]];
    const pick = { cpu: this.cpu.from, stage: this.stage.from, compare: this.compare ?? '' };
    const cpuOptions = Object.fromEntries(
      [...DODGE_PRESETS, ...this.userCpu].map((p) => [
        this.userCpu.includes(p) ? t('presets.yours', { label: p.label }) : cpuLabel(p),
        p.name,
      ]),
    );
    const stageOptions = Object.fromEntries(
      [...STAGE_PRESETS, ...this.userStage].map((p) => [
        this.userStage.includes(p) ? t('presets.yours', { label: p.label }) : stageLabel(p),
        p.name,
      ]),
    );
    cpuPage.addBinding(pick, 'cpu', { label: t('presets.preset'), options: cpuOptions }).on('change', (ev) => this.select('cpu', ev.value));
    this.addActions(cpuPage, 'cpu');
    this.cpuFields = new PresetFieldsFolder(
      cpuPage.addFolder({ title: t('presets.paramsCpu') }),
      CPU_PRESET_FIELDS,
      (v) => this.edited('cpu', v),
      (why) => this.setStatus(why),
    );
    cpuPage
      .addBinding(pick, 'compare', { label: t('presets.compare'), options: { [t('presets.oneField')]: '', ...cpuOptions } })
      .on('change', (ev) => {
        this.compare = ev.value === '' ? null : ev.value;
        this.restartPreview();
      });
    stagePage
      .addBinding(pick, 'stage', { label: t('presets.preset'), options: stageOptions })
      .on('change', (ev) => this.select('stage', ev.value));
    this.addActions(stagePage, 'stage');
    this.stageFields = new PresetFieldsFolder(
      stagePage.addFolder({ title: t('presets.paramsStage') }),
      STAGE_PRESET_FIELDS,
      (v) => this.edited('stage', v),
      (why) => this.setStatus(why),
    );
    pane.addButton({ title: t('presets.buttons.savePair') }).on('click', () => void this.savePair());
    pane.addButton({ title: t('presets.buttons.import') }).on('click', () => this.importFile());
    pane.addButton({ title: t('presets.buttons.play') }).on('click', () => this.playAgainst());
    pane.addButton({ title: t('presets.buttons.back') }).on('click', () => this.leave());
    this.root.appendChild(this.statusEl);
    this.cpuFields.set(flatten(this.cpu.value, CPU_PRESET_FIELDS));
    this.stageFields.set(flatten(this.stage.value, STAGE_PRESET_FIELDS));
    this.redrawTitle();
  }

  private addActions(page: { addButton: Pane['addButton'] }, kind: 'cpu' | 'stage'): void {
    page.addButton({ title: t('presets.buttons.save') }).on('click', () => void this.save(kind));
    page.addButton({ title: t('presets.buttons.duplicate') }).on('click', () => this.duplicate(kind));
    page.addButton({ title: t('presets.buttons.rename') }).on('click', () => void this.rename(kind));
    page.addButton({ title: t('presets.buttons.delete') }).on('click', () => void this.remove(kind));
    page.addButton({ title: t('presets.buttons.export') }).on('click', () => this.exportFile(kind));
  }

  /** A draft's preset name for the player (a built-in in the player's language). */
  private named(d: Draft<DodgePreset> | Draft<StagePreset>): string {
    return d === this.cpu ? cpuLabel(d.value) : stageLabel(d.value);
  }

  private draft(kind: 'cpu' | 'stage'): Draft<DodgePreset> | Draft<StagePreset> {
    return kind === 'cpu' ? this.cpu : this.stage;
  }

  private select(kind: 'cpu' | 'stage', name: string): void {
    const d = this.draft(kind);
    if (name === d.from && !d.dirty) return;
    const go = () => {
      if (kind === 'cpu') {
        const p = [...this.userCpu, ...DODGE_PRESETS].find((x) => x.name === name)!;
        this.cpu = { value: structuredClone(p), from: name, builtin: DODGE_PRESETS.includes(p), dirty: false };
      } else {
        const p = [...this.userStage, ...STAGE_PRESETS].find((x) => x.name === name)!;
        this.stage = { value: structuredClone(p), from: name, builtin: STAGE_PRESETS.includes(p), dirty: false };
      }
      this.setStatus('');
      this.rebuildPanel();
      this.restartPreview();
    };
    if (!d.dirty) {
      go();
      return;
    }
    void confirmChoice({
      title: t('presets.confirm.discardTitle'),
      message: t('presets.confirm.discardMessage', { label: this.named(d) }),
      yes: t('presets.confirm.discard'),
      no: t('presets.confirm.keepEditing'),
    }).then((yes) => (yes ? go() : this.rebuildPanel()));
  }

  private edited(kind: 'cpu' | 'stage', values: FlatValues): void {
    const d = this.draft(kind);
    const taken =
      kind === 'cpu' ? [...DODGE_PRESETS, ...this.userCpu].map((p) => p.name) : [...STAGE_PRESETS, ...this.userStage].map((p) => p.name);
    if (d.builtin && !d.dirty) {
      // A built-in is never changed in place: the edit starts an unsaved copy of it.
      d.value = { ...d.value, name: freeName(d.value.name, taken), label: t('presets.copy', { label: this.named(d) }).slice(0, 40) };
      this.setStatus(t('presets.status.editingCopy', { from: d.from, name: d.value.name }));
    }
    d.value = unflatten(d.value, values);
    d.dirty = true;
    this.redrawTitle();
    // Slider drags send many changes: restart once they pause.
    this.restartAt = this.time.now + 120;
  }

  private async save(kind: 'cpu' | 'stage'): Promise<void> {
    const d = this.draft(kind);
    if (!this.library) return this.setStatus(t('presets.status.cannotSave'));
    if (!d.dirty && !d.builtin) return this.setStatus(t('presets.status.noChanges', { label: this.named(d) }));
    if (d.builtin && !d.dirty) return this.setStatus(t('presets.status.builtIn', { label: this.named(d) }));
    try {
      await this.library.save(kind, d.value, d.builtin ? undefined : d.from);
      d.from = d.value.name;
      d.builtin = false;
      d.dirty = false;
      this.setStatus(t('presets.status.saved', { label: this.named(d), name: d.value.name }));
      await this.reloadLists();
    } catch (e) {
      this.setStatus(t('presets.status.notSaved', { why: (e as Error).message }));
    }
  }

  /** The CPU and stage shown now, as a named pair for the title's Difficulty row (both must be saved). */
  private async savePair(): Promise<void> {
    if (!this.library) return this.setStatus(t('presets.status.cannotSave'));
    const unsaved = [this.cpu, this.stage].filter(
      (d) =>
        d.dirty ||
        (d.builtin && !DODGE_PRESETS.some((p) => p.name === d.value.name) && !STAGE_PRESETS.some((p) => p.name === d.value.name)),
    );
    if (unsaved.length)
      return this.setStatus(
        t('presets.status.saveFirst', { list: unsaved.map((d) => `'${this.named(d)}'`).join(t('presets.status.and')) }),
      );
    const taken = await this.library.names('pair');
    const label = await promptText({
      title: t('presets.prompt.pairTitle'),
      label: t('presets.prompt.pairLabel', { stage: stageLabel(this.stage.value), cpu: cpuLabel(this.cpu.value) }),
      value: '',
      validate: (v) =>
        !slug(v)
          ? t('presets.prompt.oneLetter')
          : v.length > 40
            ? t('presets.prompt.tooLong')
            : taken.includes(slug(v))
              ? t('presets.prompt.taken', { name: slug(v) })
              : null,
    });
    if (label === null) return;
    try {
      await this.library.save('pair', { name: slug(label), label: label.trim(), stage: this.stage.value.name, cpu: this.cpu.value.name });
      this.setStatus(t('presets.status.savedPair', { label: label.trim() }));
    } catch (e) {
      this.setStatus(t('presets.status.notSaved', { why: (e as Error).message }));
    }
  }

  private duplicate(kind: 'cpu' | 'stage'): void {
    const d = this.draft(kind);
    const taken =
      kind === 'cpu' ? [...DODGE_PRESETS, ...this.userCpu].map((p) => p.name) : [...STAGE_PRESETS, ...this.userStage].map((p) => p.name);
    d.value = { ...d.value, name: freeName(d.value.name, taken), label: t('presets.copy', { label: this.named(d) }).slice(0, 40) };
    d.builtin = true; // not stored yet: Save adds it
    d.dirty = true;
    this.setStatus(t('presets.status.duplicated', { name: d.value.name }));
    this.redrawTitle();
  }

  private async rename(kind: 'cpu' | 'stage'): Promise<void> {
    const d = this.draft(kind);
    const taken =
      kind === 'cpu' ? [...DODGE_PRESETS, ...this.userCpu].map((p) => p.name) : [...STAGE_PRESETS, ...this.userStage].map((p) => p.name);
    const label = await promptText({
      title: t('presets.prompt.renameTitle'),
      label: t('presets.prompt.renameLabel'),
      value: d.value.label,
      validate: (v) => {
        const name = slug(v);
        if (!v.trim()) return t('presets.prompt.typeName');
        if (v.length > 40) return t('presets.prompt.tooLong');
        if (!name) return t('presets.prompt.oneLetter');
        if (name !== d.from && taken.includes(name)) return t('presets.prompt.taken', { name });
        return null;
      },
    });
    if (label === null) return;
    d.value = { ...d.value, label: label.trim(), name: slug(label) };
    d.dirty = true;
    if (d.builtin) this.setStatus(t('presets.status.renamedCopy', { name: d.value.name }));
    else await this.save(kind);
    this.redrawTitle();
  }

  private async remove(kind: 'cpu' | 'stage'): Promise<void> {
    const d = this.draft(kind);
    if (d.builtin)
      return this.setStatus(t(d.dirty ? 'presets.status.notSavedYet' : 'presets.status.builtInNoDelete', { label: this.named(d) }));
    if (!this.library) return;
    const yes = await confirmChoice({
      title: t('presets.confirm.deleteTitle'),
      message: t('presets.confirm.deleteMessage', { label: this.named(d), name: d.from }),
      yes: t('presets.confirm.delete'),
      no: t('presets.confirm.keep'),
    });
    if (!yes) return;
    try {
      await this.library.delete(kind, d.from);
      this.setStatus(t('presets.status.deleted', { label: this.named(d) }));
      d.dirty = false;
      d.from = 'normal';
      await this.reloadLists();
      this.select(kind, 'normal');
    } catch (e) {
      this.setStatus((e as Error).message);
    }
  }

  private exportFile(kind: 'cpu' | 'stage'): void {
    const d = this.draft(kind);
    downloadBlob(new Blob([presetFileText(d.value)], { type: 'application/json' }), `${d.value.name}.json`);
  }

  private importFile(): void {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = '.json,application/json';
    input.multiple = true;
    input.style.display = 'none';
    input.addEventListener('change', () => void this.importFiles([...(input.files ?? [])]).finally(() => input.remove()));
    document.body.appendChild(input);
    input.click();
  }

  /** Imports each file on its own: the good ones are saved, the bad ones listed with the reason. */
  async importFiles(files: readonly File[]): Promise<void> {
    if (!this.library) return this.setStatus(t('presets.status.cannotImport'));
    const lines: string[] = [];
    let last: { kind: PresetKind; name: string } | null = null;
    for (const f of files) {
      try {
        const r = await this.library.importText(await f.text(), f.name);
        lines.push(t('presets.status.imported', { file: f.name, name: r.preset.name }));
        last = { kind: r.kind, name: r.preset.name };
      } catch (e) {
        lines.push(t('presets.status.notImported', { why: (e as Error).message }));
      }
    }
    await this.reloadLists();
    if (last && last.kind !== 'pair' && !this.draft(last.kind).dirty) this.select(last.kind, last.name);
    this.setStatus(lines.join('\n'));
  }

  private setStatus(s: string): void {
    this.status = s;
    if (this.statusEl) this.statusEl.textContent = s;
  }

  private redrawTitle(): void {
    const mark = (label: string, d: Draft<unknown>) => `${label}${d.dirty ? ' *' : ''}`;
    setText(
      this.titleText,
      t('presets.heading', { cpu: mark(cpuLabel(this.cpu.value), this.cpu), stage: mark(stageLabel(this.stage.value), this.stage) }),
    );
  }

  // ---- the preview ----

  private restartPreview(): void {
    this.restartAt = -1;
    for (const s of this.slots) {
      s.view.destroy();
      s.text.destroy();
    }
    this.slots = [];
    const presets = [this.cpu.value];
    if (this.compare) presets.push([...this.userCpu, ...DODGE_PRESETS].find((p) => p.name === this.compare)!);
    const previews = presets.map((preset) => new LivePreview(preset, this.stage.value, { seed: PREVIEW_SEED }));
    // The readouts always have the same lines: their size, measured once drawn, places everything.
    const texts = previews.map((p) => this.add.text(0, 0, readoutText(p), textStyle(12, UI.text, { lineSpacing: 3 })));
    const readoutH = texts[0]!.height;
    const layout = previewLayout(previews.length as 1 | 2, PREVIEW_AREA, { readoutH, readoutW: READOUT_W, lineH: readoutH / 6 });
    const r = renderScale.value;
    previews.forEach((preview, i) => {
      const f = layout.fields[i]!;
      const view = new FieldView(this, i, 10000 * (i + 1), f, matchStreamForView(PREVIEW_SEED, i));
      // Viewport and zoom in canvas pixels: the logical layout times the render scale (hidpi-plugin.ts).
      view.camera
        .setOrigin(0, 0)
        .setViewport(f.x * r, f.y * r, f.w * r, f.h * r)
        .setZoom(layout.zoom * r);
      this.cameras.main.ignore(view.root);
      for (const s of this.slots) s.view.camera.ignore(view.root);
      for (const s of this.slots) view.camera.ignore(s.view.root);
      const overlay = new DodgeOverlay(this, view.debugLayer, preview.cpu, `preset-map-${i}`);
      overlay.setVisible(this.mapOn);
      const at = layout.readouts[i]!;
      const text = texts[i]!.setPosition(at.x, at.y).setWordWrapWidth(at.w);
      view.camera.ignore([text, this.vsText]);
      this.slots.push({ preview, view, overlay, text });
    });
    this.vsText.setPosition(layout.vs.x, layout.vs.y).setWordWrapWidth(layout.vs.w);
    this.vsLayout = layout.vs.layout;
    this.acc = 0;
    this.readoutClock = 0;
    this.redrawReadouts();
    const before = this.vs.progress;
    this.vs.start(this.cpu.value, this.stage.value);
    if (this.vs.progress !== before) this.vsStarts++;
    this.redrawVs();
  }

  override update(_t: number, delta: number): void {
    if (this.restartAt >= 0 && this.time.now >= this.restartAt) this.restartPreview();
    this.acc = Math.min(this.acc + delta, 250);
    const frameMs = 1000 / FPS;
    while (this.acc >= frameMs) {
      this.acc -= frameMs;
      for (const s of this.slots)
        if (!s.preview.tick()) s.preview = new LivePreview(s.preview.preset, this.stage.value, { seed: PREVIEW_SEED });
    }
    for (const s of this.slots) {
      s.view.draw(s.preview.runner.state.sides[0]!, s.preview.frame);
      if (this.mapOn) s.overlay.draw();
    }
    this.readoutClock += delta;
    if (this.readoutClock >= 1000) {
      this.readoutClock = 0;
      this.redrawReadouts();
    }
  }

  private redrawReadouts(): void {
    for (const s of this.slots) setText(s.text, readoutText(s.preview));
  }

  private redrawVs(): void {
    if (this.vsText?.active) setText(this.vsText, this.vs.text(this.vsLayout));
  }

  /** Seeds, references and match length of the "vs references" figure (tests keep it short); computes it again. */
  setVsReferenceOptions(o: VsReferenceOptions): void {
    this.vs.setOptions(o);
    this.vs.start(this.cpu.value, this.stage.value);
    this.vsStarts++;
    this.redrawVs();
  }

  private playAgainst(): void {
    setUserCpuPresets([...this.userCpu.filter((p) => p.name !== this.cpu.value.name), this.cpu.value]);
    const setup: MatchSetup = {
      config: { seed: 1 + Math.floor(Math.random() * 0xfffffffe), mode: 'versus', stages: 'open', ...stageConfig(this.stage.value) },
      p1: 'human',
      p2: `cpu:${this.cpu.value.name}`,
    };
    this.scene.start('match', setup);
  }

  private leave(): void {
    const dirty = [this.cpu, this.stage].filter((d) => d.dirty);
    if (!dirty.length) return void this.scene.start('title');
    void confirmChoice({
      title: t('presets.confirm.leaveTitle'),
      message: t('presets.confirm.leaveMessage', { list: dirty.map((d) => `'${this.named(d)}'`).join(', ') }),
      yes: t('presets.confirm.leave'),
      no: t('presets.confirm.stay'),
    }).then((yes) => yes && this.scene.start('title'));
  }

  private teardown(): void {
    this.vs.stop();
    this.pane?.dispose();
    this.pane = null;
    this.root?.remove();
    this.root = null;
    this.scale.off('resize', this.placePanel, this);
    for (const s of this.slots) s.view.destroy();
    this.slots = [];
    if (published.presets === this) published.presets = null;
  }

  /** Plays every preview on to `frame` at once (tests; what a person sees at that moment). */
  advancePreviewTo(frame: number): void {
    for (const s of this.slots) while (s.preview.frame < frame && s.preview.tick());
    this.redrawReadouts();
  }

  /** The editor's state for tests and docs. */
  describe(): PresetEditorInfo {
    return {
      cpu: this.cpu.value.name,
      stage: this.stage.value.name,
      dirty: this.cpu.dirty || this.stage.dirty,
      hashes: this.slots.map((s) => s.preview.hash()),
      frames: this.slots.map((s) => s.preview.frame),
      readouts: this.slots.map((s) => s.text.text),
      status: this.status,
      compare: this.compare,
      vsReferences: this.vs.text('line'),
      vsDone: this.vs.done,
      vsStarts: this.vsStarts,
      vsMs: this.vs.lastMs,
      layout: {
        area: { ...PREVIEW_AREA },
        fields: this.slots.map((s) => {
          const c = s.view.camera;
          const r = renderScale.value;
          return { x: c.x / r, y: c.y / r, w: c.width / r, h: c.height / r };
        }),
        texts: [this.titleText, this.helpText, ...this.slots.map((s) => s.text), this.vsText].map((t) => {
          const b = t.getBounds();
          return { x: b.x, y: b.y, w: b.width, h: b.height };
        }),
      },
    };
  }
}

/** A file-name-safe preset name from a label: 'My CPU!' → 'my-cpu'. */
export function slug(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .replace(/^[^a-z]+/, '')
    .slice(0, 40);
}

/**
 * A preset's name as this editor shows it: in English its own label; in another language a built-in
 * by the catalogue's name (a person's own presets and copies keep the label they were given).
 */
function cpuLabel(p: { name: string; label: string }): string {
  return language() === 'en' || !DODGE_PRESETS.some((b) => b.name === p.name && b.label === p.label) ? p.label : cpuPresetLabel(p);
}

function stageLabel(p: { name: string; label: string }): string {
  return language() === 'en' || !STAGE_PRESETS.some((b) => b.name === p.name && b.label === p.label) ? p.label : stagePresetLabel(p);
}

function readoutText(p: LivePreview): string {
  const r = p.readouts();
  const f = (v: number | null, digits: number, unit = '') => (v === null ? '–' : `${v.toFixed(digits)}${unit}`);
  return [
    t('presets.readouts.head', { label: cpuLabel(p.preset), s: Math.floor(p.frame / FPS) }),
    t('presets.readouts.hits', { v: f(r.hits_per_min, 2) }),
    t('presets.readouts.presses', { v: f(r.one_frame_per_min, 1) }),
    t('presets.readouts.turns', { v: f(r.dir_changes_per_s, 2) }),
    t('presets.readouts.moving', { v: f(r.moving_fraction, 2) }),
    t('presets.readouts.clearance', { v: f(r.mean_clearance, 1, t('presets.readouts.px')) }),
  ].join('\n');
}
