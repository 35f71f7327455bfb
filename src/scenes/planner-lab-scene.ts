// Planner lab: a researchers' bench for the constrained best-action planner (seed 001). Edit a grid
// with the mouse and a tool palette (src/lab/lab-edit.ts), set HP / λ / objective / heal rule, run
// the three modes side by side and step through the agent replanning turn by turn as enemies move.
// This scene wires input, the board view (src/views/planner-lab-board.ts) and the panels; nothing
// here can crash it: bad edits show the planner's message or a plain reason.
import Phaser from 'phaser';
import { toLogical } from '../art/render-scale';
import grid10hp1 from '../../fixtures/planner/grid10-hp1.json';
import grid10hp5 from '../../fixtures/planner/grid10-hp5.json';
import grid10hp7 from '../../fixtures/planner/grid10-hp7.json';
import grid10short from '../../fixtures/planner/grid10-shortest.json';
import maze24 from '../../fixtures/planner/maze24x28-8.json';
import paper35 from '../../fixtures/planner/paper-3.5.json';
import { UI } from '../art/palette';
import type { Action, Mode } from '../cpu/planner/index';
import type { MenuCommand } from '../input/menu-pad-nav';
import { adjustEnemy, applyParamKey, paintCell, TOOLS, type Tool, whyNoPlan } from '../lab/lab-edit';
import { language, t, type Key } from '../i18n/i18n';
import {
  cloneModel,
  emptyModel,
  type LabModel,
  type ModeRun,
  modelFromFixture,
  runAllModes,
  type SkippedMode,
} from '../lab/planner-lab-model';
import { confirmChoice } from '../ui/confirm';
import { keyOnce } from '../ui/key-once';
import { onPadCommands } from '../ui/pad-commands';
import { addBackdrop } from '../views/backdrop';
import { PlannerLabBoard } from '../views/planner-lab-board';
import { ACTION_COLORS } from '../views/planner-overlay';
import { setText, setTextColor, textStyle } from '../views/text';
import { EN } from '../i18n/en';

const PRESETS: { file: string; json: Record<string, unknown> }[] = [
  { file: 'grid10-hp5.json', json: grid10hp5 },
  { file: 'grid10-hp7.json', json: grid10hp7 },
  { file: 'grid10-hp1.json', json: grid10hp1 },
  { file: 'grid10-shortest.json', json: grid10short },
  { file: 'paper-3.5.json', json: paper35 },
  { file: 'maze24x28-8.json', json: maze24 },
];
const MODES: Mode[] = ['restricted', 'unrestricted', 'exact'];

const BOARD = { x: 236, y: 44, w: 380, h: 484 };
const PANEL_X = 630;
const PANEL_W = 318;

/**
 * A preset's reported outcome from the paper ("restricted killed 3, final HP 1, 10 ms"): the fixture's
 * own English, or in another language its known phrases through the catalogue (lab.paperWords).
 */
function paperWords(mode: string, v: string): string {
  if (language() === 'en') return `${mode} ${v}`;
  const modeWord = (k: string) => (Object.hasOwn(EN.lab.modes, k) ? t(`lab.modes.${k}` as Key) : k);
  const words = v
    .replace(/killed all (\d+)/g, (_, n: string) => t('lab.paperWords.killedAll', { n }))
    .replace(/killed (\d+)/g, (_, n: string) => t('lab.paperWords.killed', { n }))
    .replace(/final HP (\d+)/g, (_, n: string) => t('lab.paperWords.finalHp', { n }))
    .replace('no attacks', t('lab.paperWords.noAttacks'))
    .replace('straight to the goal', t('lab.paperWords.straight'))
    .replace(/same route as (\w+)/, (_, k: string) => t('lab.paperWords.sameRoute', { mode: modeWord(k) }));
  return `${modeWord(mode)} ${words}`;
}

/** Cuts a line to `max` characters with an ellipsis, so no text runs out of its box. */
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

export class PlannerLabScene extends Phaser.Scene {
  private model!: LabModel;
  private preset = -1;
  private tool: Tool = 'wall';
  private selected = -1; // enemy index for the route tool and reward/damage keys
  private newEnemy = { reward: 1, damage: 1 };
  private runs: ModeRun[] | null = null;
  private skipped: SkippedMode[] = [];
  private error: string | null = null;
  private notice = '';
  private hint = '';
  private show: Mode = 'exact';
  private turn = 0;
  private playing = false;
  private playClock = 0;
  private dirty = false;
  private dirtyAt = 0;
  /** The person changed the model since it was loaded (changing preset or clearing asks first). */
  private edited = false;
  private asking = false;
  private painting = false;

  private board!: PlannerLabBoard;
  private toolTexts: Phaser.GameObjects.Text[] = [];
  private paramText!: Phaser.GameObjects.Text;
  private titleText!: Phaser.GameObjects.Text;
  private tableTexts: Phaser.GameObjects.Text[] = [];
  private tableHead: Phaser.GameObjects.Text[] = [];
  private turnText!: Phaser.GameObjects.Text;
  private errText!: Phaser.GameObjects.Text;
  private helpText!: Phaser.GameObjects.Text;
  private helpBg!: Phaser.GameObjects.Rectangle;

  constructor() {
    super('planner-lab');
  }

  create(): void {
    // Phaser keeps the scene object between visits: start every visit from a clean slate.
    this.preset = -1;
    this.tool = 'wall';
    this.selected = -1;
    this.runs = null;
    this.error = null;
    this.notice = '';
    this.hint = '';
    this.show = 'exact';
    this.turn = 0;
    this.playing = false;
    this.dirty = false;
    this.edited = false;
    this.asking = false;
    this.painting = false;
    this.toolTexts = [];
    this.tableTexts = [];
    this.tableHead = [];
    addBackdrop(this);
    this.model = emptyModel();
    this.titleText = this.add.text(12, 10, '', textStyle(16, UI.accent, { fontStyle: 'bold' }));
    this.board = new PlannerLabBoard(this, BOARD);
    this.createLeftColumn();
    this.createRightPanel();
    const helpW = PANEL_X + PANEL_W - BOARD.x;
    this.helpBg = this.add
      .rectangle(BOARD.x, BOARD.y - 8, helpW, BOARD.h, 0x120a2a, 1)
      .setOrigin(0, 0)
      .setStrokeStyle(2, 0x8a7cff)
      .setDepth(10)
      .setVisible(false);
    this.helpText = this.add
      .text(BOARD.x + 14, BOARD.y + 4, '', textStyle(13, UI.text, { wordWrap: { width: helpW - 28 }, lineSpacing: 3 }))
      .setDepth(11)
      .setVisible(false);
    const kb = this.input.keyboard!;
    this.input.mouse?.disableContextMenu();
    // keyOnce: Phaser replays a step's earlier key events when more arrive (two quick taps would step λ or the turn more than twice).
    kb.on(
      'keydown',
      keyOnce((e: KeyboardEvent) => this.onKey(e)),
    );
    onPadCommands(this, (c) => this.onPad(c));
    this.input.on('pointerdown', (p: Phaser.Input.Pointer) => {
      this.painting = true;
      this.paint(p, true);
    });
    this.input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (this.painting && p.isDown) this.paint(p, false);
    });
    this.input.on('pointerup', () => (this.painting = false));
    this.loadPreset(0);
  }

  private createLeftColumn(): void {
    this.add.text(12, 40, t('lab.toolsHead'), textStyle(11, UI.dim));
    TOOLS.forEach((tool, i) => {
      const txt = this.add
        .text(12 + (i % 2) * 108, 58 + Math.floor(i / 2) * 22, `${tool.key} ${t(`lab.tools.${tool.tool}`)}`, textStyle(14, UI.text))
        .setInteractive({ useHandCursor: true });
      txt.on('pointerdown', (_p: Phaser.Input.Pointer, _x: number, _y: number, ev: Phaser.Types.Input.EventData) => {
        ev.stopPropagation();
        this.setTool(tool.tool);
      });
      this.toolTexts.push(txt);
    });
    this.paramText = this.add
      .text(12, 152, '', textStyle(12, UI.text, { lineSpacing: 2, wordWrap: { width: 214 }, maxLines: 11 }))
      .setInteractive({ useHandCursor: false });
    this.paramText.on('pointerover', () => this.setHint(`${t('lab.terms.λ')}\n${t('lab.terms.objective')}`));
    this.paramText.on('pointerout', () => this.setHint(''));
    this.button(12, 350, t('lab.buttons.prevPreset'), () => this.loadPreset(this.preset - 1));
    this.button(100, 350, t('lab.buttons.nextPreset'), () => this.loadPreset(this.preset + 1));
    this.button(12, 376, t('lab.buttons.run'), () => this.run());
    this.button(112, 376, t('lab.buttons.clear'), () => this.clear());
    this.add.text(12, 404, t('lab.keys'), textStyle(11, UI.dim, { lineSpacing: 2 }));
  }

  private createRightPanel(): void {
    this.add.text(PANEL_X, 40, t('lab.modesHead'), textStyle(12, UI.dim));
    const rows = (['kills', 'finalHp', 'time', 'actions', 'turns', 'end', 'msRun', 'msPlan'] as const).map((r) => t(`lab.rows.${r}`));
    rows.forEach((r, i) => this.add.text(PANEL_X, 78 + i * 18, r, textStyle(12, UI.dim)));
    MODES.forEach((mode, j) => {
      const h = this.add
        .text(PANEL_X + 64 + j * 90, 58, t(`lab.modes.${mode}`), textStyle(12, UI.text, { fontStyle: 'bold' }))
        .setInteractive({ useHandCursor: true });
      h.on('pointerdown', () => this.showMode(mode));
      h.on('pointerover', () => this.setHint(t(`lab.terms.${mode}`)));
      h.on('pointerout', () => this.setHint(''));
      this.tableHead.push(h);
      for (let i = 0; i < rows.length; i++)
        this.tableTexts.push(this.add.text(PANEL_X + 64 + j * 90, 78 + i * 18, '', textStyle(12, UI.text)));
    });
    this.button(PANEL_X, 230, t('lab.buttons.prevTurn'), () => this.step(-1));
    this.button(PANEL_X + 62, 230, t('lab.buttons.play'), () => (this.playing = !this.playing));
    this.button(PANEL_X + 150, 230, t('lab.buttons.nextTurn'), () => this.step(1));
    this.button(PANEL_X + 214, 230, t('lab.buttons.mode'), () => this.cycleMode());
    this.turnText = this.add.text(PANEL_X, 258, '', textStyle(12, UI.text, { lineSpacing: 3, wordWrap: { width: PANEL_W }, maxLines: 8 }));
    this.add.text(PANEL_X, 404, t('lab.legendEnemy'), textStyle(11, '#ffb0a8'));
    this.add.text(PANEL_X, 422, t('lab.legendAgent'), textStyle(11, UI.dim));
    (['move', 'attack', 'heal'] as const).forEach((a, i) => {
      this.add.rectangle(PANEL_X + i * 80, 446, 10, 10, ACTION_COLORS[a]).setOrigin(0, 0);
      this.add.text(PANEL_X + 14 + i * 80, 443, t(`lab.actions.${a}`), textStyle(11, UI.text));
    });
    // Messages: why there is no plan or an edit was refused, the planner's error, and the hover hints (5 lines at most).
    this.errText = this.add.text(
      PANEL_X,
      462,
      '',
      textStyle(12, '#ff8090', { wordWrap: { width: PANEL_W }, maxLines: 5, lineSpacing: -1 }),
    );
  }

  private button(x: number, y: number, label: string, fn: () => void): Phaser.GameObjects.Text {
    const t = this.add
      .text(x, y, label, textStyle(12, UI.text, { backgroundColor: '#231a44', padding: { x: 6, y: 3 } }))
      .setInteractive({ useHandCursor: true });
    t.on('pointerdown', (_p: Phaser.Input.Pointer, _x: number, _y: number, ev: Phaser.Types.Input.EventData) => {
      ev.stopPropagation();
      fn();
      this.redraw();
    });
    return t;
  }

  /** The gamepad: A play/pause, ←/→ turn, ↑/↓ preset, Start run, B back to the title. */
  private onPad(c: MenuCommand): void {
    if (this.asking) return;
    if (c === 'back') return void this.scene.start('title');
    if (c === 'confirm') this.playing = !this.playing;
    else if (c === 'start') this.run();
    else if (c === 'left' || c === 'right') this.step(c === 'left' ? -1 : 1);
    else if (c === 'up' || c === 'down') this.loadPreset(this.preset + (c === 'up' ? -1 : 1));
    this.redraw();
  }

  private onKey(e: KeyboardEvent): void {
    if (this.asking) return;
    const k = e.key;
    if (this.helpText.visible && (k === 'Escape' || k === 'h' || k === 'H' || k === '?')) {
      this.showHelp(false);
      return;
    }
    const tool = TOOLS.find((x) => x.key === k);
    if (tool) this.setTool(tool.tool);
    else if (k === 'Escape') this.discardEditsThen(t('lab.confirm.leaving'), () => this.scene.start('title'));
    else if (k === 'Enter') this.run();
    else if (k === 'p') this.loadPreset(this.preset + 1);
    else if (k === 'P') this.loadPreset(this.preset - 1);
    else if (k === 'c' || k === 'C') this.clear();
    else if (k === 'h' || k === 'H' || k === '?') this.showHelp(true);
    else if (applyParamKey(this.model, k)) this.changed(true);
    else if (k === 'r' || k === 'f' || k === 't' || k === 'g') {
      adjustEnemy(this.model, this.selected, this.newEnemy, k === 'r' ? 1 : k === 'f' ? -1 : 0, k === 't' ? 1 : k === 'g' ? -1 : 0);
      this.changed(true);
    } else if (k === 'm') this.cycleMode();
    else if (k === 'ArrowRight') this.step(1);
    else if (k === 'ArrowLeft') this.step(-1);
    else if (k === 'Home') this.step(-1e9);
    else if (k === ' ') this.playing = !this.playing;
    this.redraw();
  }

  private showHelp(on: boolean): void {
    const terms = Object.keys(EN.lab.terms).map((k) => t(`lab.terms.${k}` as Key));
    this.helpText.setText(`${t('lab.helpHead')}\n\n${terms.join('\n\n')}`).setVisible(on);
    this.helpBg.setVisible(on);
  }

  private setTool(t: Tool): void {
    this.tool = t;
    this.redraw();
  }

  private setHint(s: string): void {
    this.hint = s;
    this.redrawMessages();
  }

  private cycleMode(): void {
    this.showMode(MODES[(MODES.indexOf(this.show) + 1) % 3]!);
  }

  private showMode(mode: Mode): void {
    this.show = mode;
    const r = this.currentRun();
    if (r) this.turn = Math.min(this.turn, r.result.history.length - 1);
    this.redraw();
  }

  private step(d: number): void {
    const r = this.currentRun();
    if (!r) return;
    this.turn = Math.max(0, Math.min(r.result.history.length - 1, this.turn + d));
  }

  private currentRun(): ModeRun | null {
    return this.runs?.find((r) => r.mode === this.show) ?? null;
  }

  /** Runs `fn` at once when nothing was edited, else after the person agrees to throw the edits away. */
  private discardEditsThen(what: string, fn: () => void): void {
    if (!this.edited) {
      fn();
      return;
    }
    this.asking = true;
    this.playing = false;
    void confirmChoice({
      title: t('lab.confirm.title'),
      message: t('lab.confirm.message', { what }),
      yes: t('lab.confirm.yes'),
      no: t('lab.confirm.no'),
    }).then((yes) => {
      this.asking = false;
      if (yes) fn();
      this.redraw();
    });
  }

  private loadPreset(i: number): void {
    this.discardEditsThen(t('lab.confirm.loading'), () => {
      const n = PRESETS.length;
      this.preset = ((i % n) + n) % n;
      const p = PRESETS[this.preset]!;
      this.model = modelFromFixture(p.file, p.json);
      this.selected = -1;
      this.edited = false;
      this.notice = '';
      this.board.layout(this.model);
      this.run();
    });
  }

  private clear(): void {
    this.discardEditsThen(t('lab.confirm.clearing'), () => {
      const w = this.model.kind === 'grid' ? this.model.width : 10;
      const h = this.model.kind === 'grid' ? this.model.height : 10;
      this.model = emptyModel(w, h);
      this.selected = -1;
      this.board.layout(this.model);
      this.changed(true);
      this.edited = false;
      this.redraw();
    });
  }

  /** An edit: results are stale; small instances rerun by themselves a moment later. */
  private changed(rerun: boolean): void {
    this.runs = null;
    this.error = null;
    this.notice = '';
    this.turn = 0;
    this.playing = false;
    this.edited = true;
    if (rerun) {
      this.dirty = true;
      this.dirtyAt = this.time.now;
    }
  }

  run(): void {
    this.dirty = false;
    const res = runAllModes(cloneModel(this.model), () => performance.now());
    this.skipped = [];
    if ('error' in res) {
      this.runs = null;
      this.error = res.error;
      this.notice = whyNoPlan(this.model) ?? '';
    } else {
      this.runs = res.runs;
      this.skipped = res.skipped;
      this.error = null;
      this.turn = 0;
      // A run that found no plan at all says why, in words a person can act on.
      this.notice = res.runs.every((r) => r.result.end === 'no-plan') ? (whyNoPlan(this.model) ?? '') : '';
    }
    this.redraw();
  }

  private paint(p: Phaser.Input.Pointer, first: boolean): void {
    if (this.asking || this.helpText.visible) return;
    const at = toLogical(p);
    const cell = this.board.cellAt(this.model, at.x, at.y);
    if (!cell) return;
    const shift = p.event instanceof MouseEvent && p.event.shiftKey;
    const tool: Tool = p.rightButtonDown() ? 'erase' : this.tool;
    const r = paintCell(this.model, { cell, tool, first, shift, selected: this.selected, newEnemy: this.newEnemy });
    this.selected = r.selected;
    if (r.changed) this.changed(this.model.width * this.model.height <= 400);
    if (r.refused) this.notice = r.refused;
    this.redraw();
  }

  override update(_t: number, delta: number): void {
    if (this.dirty && this.time.now - this.dirtyAt > 250) this.run();
    if (this.playing) {
      this.playClock += delta;
      if (this.playClock > 220) {
        this.playClock = 0;
        const r = this.currentRun();
        if (r && this.turn < r.result.history.length - 1) this.turn++;
        else this.playing = false;
        this.redraw();
      }
    }
  }

  // ---- drawing ----

  private redraw(): void {
    const m = this.model;
    const file = this.preset >= 0 && m.name !== 'new grid' ? `  (${PRESETS[this.preset]!.file})` : '';
    const name = m.name === 'new grid' ? t('lab.newGrid') : this.fixtureName(m.name);
    setText(this.titleText, t('lab.title', { name: clip(name, 76 - file.length), file, edited: this.edited ? t('lab.edited') : '' }));
    this.toolTexts.forEach((t, i) =>
      t.setColor(TOOLS[i]!.tool === this.tool ? UI.accent : UI.text).setFontStyle(TOOLS[i]!.tool === this.tool ? 'bold' : 'normal'),
    );
    const sel = m.enemies[this.selected];
    const bigGrid = m.kind === 'grid' && m.width * m.height > 400;
    setText(
      this.paramText,
      [
        t('lab.params.hp', { hp: m.hp, max: m.maxHp, lambda: m.lambda }),
        t('lab.params.objective', { objective: t(`lab.params.objectives.${m.objective}` as Key) }),
        m.healAnywhere ? t('lab.params.healAnywhere') : t('lab.params.healPads'),
        sel
          ? t('lab.params.enemy', { i: this.selected, reward: sel.reward, damage: sel.damage })
          : t('lab.params.newEnemy', { reward: this.newEnemy.reward, damage: this.newEnemy.damage }),
        sel ? t('lab.params.route', { n: sel.route.length }) : '',
        m.kind === 'grid' ? t('lab.params.grid', { w: m.width, h: m.height, n: m.enemies.length }) : t('lab.params.graph'),
        this.dirty ? t('lab.params.editing') : this.runs ? '' : bigGrid ? t('lab.params.pressEnter') : '',
        Object.keys(m.paper).length
          ? clip(
              t('lab.params.paper', {
                list: Object.entries(m.paper)
                  .map(([k, v]) => paperWords(k, v))
                  .join('; '),
              }),
              120,
            )
          : '',
      ]
        .filter((s) => s !== '')
        .join('\n'),
    );
    this.drawTable();
    this.redrawMessages();
    this.board.draw(m, this.currentRun()?.result ?? null, this.turn, this.selected);
  }

  /** Why a mode was not run (the planner's own message, for the CLIs too), framed in the player's language. */
  private skippedWords(k: SkippedMode): string {
    return language() === 'en' ? k.reason : t('lab.skipped', { mode: t(`lab.modes.${k.mode}` as Key), detail: k.reason });
  }

  /** A preset's name: the fixture's own (English), or the catalogue's in another language (lab.fixtures). */
  private fixtureName(name: string): string {
    const p = PRESETS[this.preset];
    const key = p?.file.replace(/\.json$/, '').replace(/\./g, '');
    if (language() === 'en' || !p || !key || p.json.name !== name || !Object.hasOwn(EN.lab.fixtures, key)) return name;
    return t(`lab.fixtures.${key}` as Key);
  }

  private redrawMessages(): void {
    const lines = this.hint
      ? this.hint
      : [
          this.notice,
          this.error ? t('lab.error', { why: this.error }) : '',
          this.runs ? this.skipped.map((k) => this.skippedWords(k)).join('\n') : '',
        ]
          .filter((s) => s !== '')
          .join('\n');
    setTextColor(this.errText, this.hint ? UI.text : '#ff8090');
    setText(this.errText, clip(lines, 230));
  }

  private drawTable(): void {
    const runs = this.runs;
    MODES.forEach((mode, j) => {
      setTextColor(this.tableHead[j]!, mode === this.show ? UI.accent : UI.text);
      const r = runs?.find((x) => x.mode === mode);
      const v = r
        ? [
            String(r.result.kills),
            String(r.result.finalHp),
            String(r.result.time),
            String(r.result.actions),
            String(r.result.turns),
            t(`lab.ends.${r.result.end}`),
            r.ms.toFixed(2),
            (r.ms / Math.max(1, r.result.history.length)).toFixed(3),
          ]
        : ['–', '–', '–', '–', '–', this.runs && this.skipped.some((k) => k.mode === mode) ? t('lab.tooLarge') : '–', '–', '–'];
      v.forEach((s, i) => setText(this.tableTexts[j * 8 + i]!, s));
    });
    const r = this.currentRun();
    if (!r) {
      setText(this.turnText, this.runs ? '' : t('lab.noResults'));
      return;
    }
    const h = r.result.history[this.turn];
    if (!h) return;
    const fmt = (a: readonly Action[]) =>
      a.length ? a.map((x) => (x.do === 'move' ? `→${x.at}` : t(`lab.actions.${x.do}` as Key))).join(' ') : '—';
    setText(
      this.turnText,
      [
        t('lab.turn', {
          mode: t(`lab.modes.${r.mode}`),
          turn: this.turn + 1,
          turns: r.result.history.length,
          agent: h.agent,
          hp: h.hp,
          max: this.model.maxHp,
        }),
        t('lab.did', { list: clip(fmt(h.done), 100) }),
        t('lab.plan', { list: clip(fmt(h.planned), 200) }),
      ].join('\n'),
    );
  }
}
