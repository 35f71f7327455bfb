// Planner lab (issue 5): a researchers' bench for the constrained best-action planner (seed 001).
// Edit a grid (walls, enemies with reward/damage, their walking routes, heal pads, start, goal) with
// the mouse and a tool palette, set HP / λ / objective / heal rule, then run the three modes side by
// side (kills, final HP, time, wall-clock ms) and step through the agent replanning turn by turn as
// enemies move (runExperiment's history). The paper fixtures load as presets. Bad edits show the
// planner's own error message; nothing here can crash the scene.
import Phaser from 'phaser';
import paper35 from '../../fixtures/planner/paper-3.5.json';
import grid10hp5 from '../../fixtures/planner/grid10-hp5.json';
import grid10hp7 from '../../fixtures/planner/grid10-hp7.json';
import grid10hp1 from '../../fixtures/planner/grid10-hp1.json';
import grid10short from '../../fixtures/planner/grid10-shortest.json';
import maze24 from '../../fixtures/planner/maze24x28-8.json';
import { UI } from '../art/palette';
import type { Action, Mode } from '../cpu/planner/index';
import { addBackdrop } from '../views/backdrop';
import { ACTION_COLORS } from '../views/planner-overlay';
import { cloneModel, emptyModel, modelFromFixture, runAllModes, type LabCell, type LabModel, type ModeRun, type SkippedMode } from '../lab/planner-lab-model';
import type { MenuCommand } from '../input/menu-pad-nav';
import { keyOnce } from '../ui/key-once';
import { onPadCommands } from '../ui/pad-commands';
import { setText, textStyle } from '../views/text';

const PRESETS: { file: string; json: Record<string, unknown> }[] = [
  { file: 'grid10-hp5.json', json: grid10hp5 },
  { file: 'grid10-hp7.json', json: grid10hp7 },
  { file: 'grid10-hp1.json', json: grid10hp1 },
  { file: 'grid10-shortest.json', json: grid10short },
  { file: 'paper-3.5.json', json: paper35 },
  { file: 'maze24x28-8.json', json: maze24 },
];

type Tool = 'wall' | 'erase' | 'enemy' | 'route' | 'heal' | 'start' | 'goal';
const TOOLS: { tool: Tool; key: string; label: string }[] = [
  { tool: 'wall', key: '1', label: 'Wall' },
  { tool: 'erase', key: '2', label: 'Erase' },
  { tool: 'enemy', key: '3', label: 'Enemy' },
  { tool: 'route', key: '4', label: 'Route' },
  { tool: 'heal', key: '5', label: 'Heal pad' },
  { tool: 'start', key: '6', label: 'Start' },
  { tool: 'goal', key: '7', label: 'Goal' },
];
const MODE_LABEL: Record<Mode, string> = { restricted: 'restricted', unrestricted: 'unrestricted', exact: 'exact' };

const GRID_X = 236;
const GRID_Y = 44;
const GRID_W = 380;
const GRID_H = 484;
const PANEL_X = 630;

export class PlannerLabScene extends Phaser.Scene {
  private model!: LabModel;
  private preset = -1;
  private tool: Tool = 'wall';
  private selected = -1; // enemy index for the route tool and reward/damage keys
  private newReward = 1;
  private newDamage = 1;
  private runs: ModeRun[] | null = null;
  private skipped: SkippedMode[] = [];
  private error: string | null = null;
  private show: Mode = 'exact';
  private turn = 0;
  private playing = false;
  private playClock = 0;
  private dirty = false;
  private dirtyAt = 0;
  private painting = false;

  private cell = 36;
  private ox = GRID_X;
  private oy = GRID_Y;
  private gridG!: Phaser.GameObjects.Graphics;
  private playG!: Phaser.GameObjects.Graphics;
  private labels: Phaser.GameObjects.Text[] = [];
  private toolTexts: Phaser.GameObjects.Text[] = [];
  private paramText!: Phaser.GameObjects.Text;
  private titleText!: Phaser.GameObjects.Text;
  private tableTexts: Phaser.GameObjects.Text[] = [];
  private tableHead: Phaser.GameObjects.Text[] = [];
  private turnText!: Phaser.GameObjects.Text;
  private errText!: Phaser.GameObjects.Text;

  constructor() {
    super('planner-lab');
  }

  create(): void {
    // Phaser keeps the scene object between visits: start every visit from a clean slate (the old
    // visit's texts are destroyed).
    this.preset = -1;
    this.tool = 'wall';
    this.selected = -1;
    this.runs = null;
    this.error = null;
    this.show = 'exact';
    this.turn = 0;
    this.playing = false;
    this.dirty = false;
    this.painting = false;
    this.labels = [];
    this.toolTexts = [];
    this.tableTexts = [];
    this.tableHead = [];
    addBackdrop(this);
    this.model = emptyModel();
    this.titleText = this.add.text(12, 10, '', textStyle(16, UI.accent, { fontStyle: 'bold' }));
    this.gridG = this.add.graphics();
    this.playG = this.add.graphics();
    // Tool palette.
    this.add.text(12, 40, 'TOOLS (mouse: left paint, right erase)', textStyle(11, UI.dim));
    TOOLS.forEach((t, i) => {
      const txt = this.add.text(12 + (i % 2) * 108, 58 + Math.floor(i / 2) * 22, `${t.key} ${t.label}`, textStyle(14, UI.text)).setInteractive({ useHandCursor: true });
      txt.on('pointerdown', () => this.setTool(t.tool));
      this.toolTexts.push(txt);
    });
    this.paramText = this.add.text(12, 152, '', textStyle(12, UI.text, { lineSpacing: 2 }));
    this.button(12, 350, '◀ preset', () => this.loadPreset(this.preset - 1));
    this.button(100, 350, 'preset ▶', () => this.loadPreset(this.preset + 1));
    this.button(12, 376, 'Run (Enter)', () => this.run());
    this.button(112, 376, 'Clear (C)', () => this.clear());
    this.add.text(12, 404, [
      'Q/A hp ±   W/S max HP ±   E/D λ ±',
      'R/F reward ±   T/G damage ±',
      'O objective   N heal anywhere/pads',
      'P / Shift+P preset   Enter run',
      'M mode shown   ←/→ turn   Space play',
      'Route: click an enemy, then cells',
      'Esc back to the title',
      'Pad: A play  ←/→ turn  ↑/↓ preset  B back',
    ].join('\n'), textStyle(11, UI.dim, { lineSpacing: 2 }));
    // Results: the three modes side by side.
    this.add.text(PANEL_X, 40, 'THREE MODES (replanning every turn)', textStyle(12, UI.dim));
    const rows = ['kills', 'final HP', 'time', 'actions', 'turns', 'end', 'ms / run', 'ms / plan'];
    rows.forEach((r, i) => this.add.text(PANEL_X, 78 + i * 18, r, textStyle(12, UI.dim)));
    (['restricted', 'unrestricted', 'exact'] as Mode[]).forEach((mode, j) => {
      const h = this.add.text(PANEL_X + 64 + j * 90, 58, MODE_LABEL[mode], textStyle(12, UI.text, { fontStyle: 'bold' })).setInteractive({ useHandCursor: true });
      h.on('pointerdown', () => this.showMode(mode));
      this.tableHead.push(h);
      for (let i = 0; i < rows.length; i++) this.tableTexts.push(this.add.text(PANEL_X + 64 + j * 90, 78 + i * 18, '', textStyle(12, UI.text)));
    });
    this.turnText = this.add.text(PANEL_X, 258, '', textStyle(12, UI.text, { lineSpacing: 3, wordWrap: { width: 320 } }));
    this.button(PANEL_X, 230, '◀ turn', () => this.step(-1));
    this.button(PANEL_X + 62, 230, 'play/pause', () => (this.playing = !this.playing));
    this.button(PANEL_X + 150, 230, 'turn ▶', () => this.step(1));
    this.button(PANEL_X + 214, 230, 'mode (M)', () => this.cycleMode());
    this.errText = this.add.text(PANEL_X, 470, '', textStyle(12, '#ff8090', { wordWrap: { width: 320 } }));
    // Legend of the agent's colours (as the match overlay).
    (['move', 'attack', 'heal'] as const).forEach((a, i) => {
      this.add.rectangle(PANEL_X + i * 80, 446, 10, 10, ACTION_COLORS[a]).setOrigin(0, 0);
      this.add.text(PANEL_X + 14 + i * 80, 443, a, textStyle(11, UI.text));
    });
    this.add.text(PANEL_X, 404, 'enemy ◆ label r/d = reward / damage; red line: its route', textStyle(11, '#ffb0a8'));
    this.add.text(PANEL_X, 422, 'agent: coloured by what it did this turn · yellow: its plan', textStyle(11, UI.dim));

    const kb = this.input.keyboard!;
    this.input.mouse?.disableContextMenu();
    // keyOnce: Phaser replays a step's earlier key events when more arrive (two quick taps would step λ or the turn more than twice).
    kb.on('keydown', keyOnce((e: KeyboardEvent) => this.onKey(e)));
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

  private button(x: number, y: number, label: string, fn: () => void): Phaser.GameObjects.Text {
    const t = this.add.text(x, y, label, textStyle(12, UI.text, { backgroundColor: '#231a44', padding: { x: 6, y: 3 } })).setInteractive({ useHandCursor: true });
    t.on('pointerdown', (_p: Phaser.Input.Pointer, _x: number, _y: number, ev: Phaser.Types.Input.EventData) => {
      ev.stopPropagation();
      fn();
      this.redraw();
    });
    return t;
  }

  /** The gamepad: A play/pause, ←/→ turn, ↑/↓ preset, Start run, B back to the title. */
  private onPad(c: MenuCommand): void {
    if (c === 'back') return void this.scene.start('title');
    if (c === 'confirm') this.playing = !this.playing;
    else if (c === 'start') this.run();
    else if (c === 'left' || c === 'right') this.step(c === 'left' ? -1 : 1);
    else if (c === 'up' || c === 'down') this.loadPreset(this.preset + (c === 'up' ? -1 : 1));
    this.redraw();
  }

  private onKey(e: KeyboardEvent): void {
    const m = this.model;
    const k = e.key;
    const edit = (fn: () => void) => {
      fn();
      this.changed(true);
    };
    const t = TOOLS.find((x) => x.key === k);
    if (t) this.setTool(t.tool);
    else if (k === 'Escape') this.scene.start('title');
    else if (k === 'Enter') this.run();
    else if (k === 'p') this.loadPreset(this.preset + 1);
    else if (k === 'P') this.loadPreset(this.preset - 1);
    else if (k === 'c' || k === 'C') this.clear();
    else if (k === 'q') edit(() => (m.hp = Math.min(m.maxHp, m.hp + 1)));
    else if (k === 'a') edit(() => (m.hp = Math.max(1, m.hp - 1)));
    else if (k === 'w') edit(() => (m.maxHp = Math.min(20, m.maxHp + 1)));
    else if (k === 's') edit(() => (m.maxHp = Math.max(1, m.maxHp - 1)));
    else if (k === 'e') edit(() => (m.lambda = Math.min(40, m.lambda + 1)));
    else if (k === 'd') edit(() => (m.lambda = Math.max(0, m.lambda - 1)));
    else if (k === 'o') edit(() => (m.objective = m.objective === 'kills' ? 'shortest' : 'kills'));
    else if (k === 'n') edit(() => (m.healAnywhere = !m.healAnywhere));
    else if (k === 'r' || k === 'f' || k === 't' || k === 'g') edit(() => this.adjustEnemy(k === 'r' ? 1 : k === 'f' ? -1 : 0, k === 't' ? 1 : k === 'g' ? -1 : 0));
    else if (k === 'm') this.cycleMode();
    else if (k === 'ArrowRight') this.step(1);
    else if (k === 'ArrowLeft') this.step(-1);
    else if (k === 'Home') this.step(-1e9);
    else if (k === ' ') this.playing = !this.playing;
    this.redraw();
  }

  private adjustEnemy(dr: number, dd: number): void {
    const e = this.model.enemies[this.selected];
    if (e) {
      e.reward = Math.max(0, e.reward + dr);
      e.damage = Math.max(0, e.damage + dd);
    } else {
      this.newReward = Math.max(0, this.newReward + dr);
      this.newDamage = Math.max(0, this.newDamage + dd);
    }
  }

  private setTool(t: Tool): void {
    this.tool = t;
    this.redraw();
  }

  private cycleMode(): void {
    const order: Mode[] = ['restricted', 'unrestricted', 'exact'];
    this.showMode(order[(order.indexOf(this.show) + 1) % 3]!);
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

  private loadPreset(i: number): void {
    const n = PRESETS.length;
    this.preset = ((i % n) + n) % n;
    const p = PRESETS[this.preset]!;
    this.model = modelFromFixture(p.file, p.json);
    this.selected = -1;
    this.layout();
    this.run();
  }

  private clear(): void {
    const w = this.model.kind === 'grid' ? this.model.width : 10;
    const h = this.model.kind === 'grid' ? this.model.height : 10;
    this.model = emptyModel(w, h);
    this.selected = -1;
    this.layout();
    this.changed(true);
  }

  private layout(): void {
    const m = this.model;
    if (m.kind === 'grid') {
      this.cell = Math.max(6, Math.floor(Math.min(GRID_W / m.width, GRID_H / m.height)));
      this.ox = GRID_X + Math.floor((GRID_W - this.cell * m.width) / 2);
      this.oy = GRID_Y + Math.floor((GRID_H - this.cell * m.height) / 2);
    }
  }

  /** An edit: results are stale; small instances rerun by themselves a moment later. */
  private changed(rerun: boolean): void {
    this.runs = null;
    this.error = null;
    this.turn = 0;
    this.playing = false;
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
    } else {
      this.runs = res.runs;
      this.skipped = res.skipped;
      this.error = null;
      this.turn = 0;
    }
    this.redraw();
  }

  private cellAt(p: Phaser.Input.Pointer): LabCell | null {
    const m = this.model;
    if (m.kind !== 'grid') return null;
    const x = Math.floor((p.x - this.ox) / this.cell);
    const y = Math.floor((p.y - this.oy) / this.cell);
    return x >= 0 && y >= 0 && x < m.width && y < m.height ? { x, y } : null;
  }

  private paint(p: Phaser.Input.Pointer, first: boolean): void {
    const c = this.cellAt(p);
    if (!c) return;
    const m = this.model;
    const i = c.y * m.width + c.x;
    const same = (a: LabCell) => a.x === c.x && a.y === c.y;
    const enemyAt = m.enemies.findIndex(same);
    const tool: Tool = p.rightButtonDown() ? 'erase' : this.tool;
    const removeMarks = () => {
      m.heals = m.heals.filter((h) => !same(h));
      m.goals = m.goals.length > 1 ? m.goals.filter((g) => !same(g)) : m.goals;
      if (enemyAt >= 0) {
        m.enemies.splice(enemyAt, 1);
        this.selected = -1;
      }
    };
    switch (tool) {
      case 'wall':
        if (same(m.start) || m.goals.some(same)) return;
        removeMarks();
        m.walls[i] = 1;
        break;
      case 'erase':
        m.walls[i] = 0;
        removeMarks();
        break;
      case 'enemy':
        if (!first) return;
        if (enemyAt >= 0) this.selected = enemyAt;
        else {
          m.walls[i] = 0;
          m.enemies.push({ ...c, reward: this.newReward, damage: this.newDamage, route: [] });
          this.selected = m.enemies.length - 1;
        }
        break;
      case 'route': {
        if (enemyAt >= 0 && first) {
          // Clicking an enemy selects it; clicking the selected one again clears its route.
          if (this.selected === enemyAt) m.enemies[enemyAt]!.route = [];
          this.selected = enemyAt;
          break;
        }
        const e = m.enemies[this.selected];
        if (!e || m.walls[i]) return;
        const last = e.route.length ? e.route[e.route.length - 1]! : e;
        if (Math.abs(last.x - c.x) + Math.abs(last.y - c.y) !== 1) return;
        e.route.push(c);
        break;
      }
      case 'heal':
        if (m.heals.some(same)) return;
        m.walls[i] = 0;
        m.heals.push(c);
        break;
      case 'start':
        m.walls[i] = 0;
        m.start = c;
        break;
      case 'goal':
        m.walls[i] = 0;
        if (first && p.event instanceof MouseEvent && p.event.shiftKey) m.goals.push(c);
        else m.goals = [c];
        break;
    }
    this.changed(m.width * m.height <= 400);
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
    const name = m.name.length > 58 ? m.name.slice(0, 57) + '…' : m.name;
    setText(this.titleText, `PLANNER LAB — ${name}${this.preset >= 0 && m.name !== 'new grid' ? `  (${PRESETS[this.preset]!.file})` : ''}`);
    this.toolTexts.forEach((t, i) => t.setColor(TOOLS[i]!.tool === this.tool ? UI.accent : UI.text).setFontStyle(TOOLS[i]!.tool === this.tool ? 'bold' : 'normal'));
    const sel = m.enemies[this.selected];
    setText(this.paramText, [
      `HP ${m.hp}   max HP ${m.maxHp}   λ ${m.lambda}`,
      `objective: ${m.objective}`,
      `heal: ${m.healAnywhere ? 'anywhere (paper)' : 'on heal pads'}`,
      sel ? `enemy ${this.selected}: reward ${sel.reward} / damage ${sel.damage}` : `new enemy: reward ${this.newReward} / damage ${this.newDamage}`,
      sel ? `  route ${sel.route.length} cells` : '',
      m.kind === 'grid' ? `grid ${m.width}×${m.height}, ${m.enemies.length} enemies` : 'graph preset (controls only)',
      this.dirty ? 'editing… (runs in a moment)' : this.runs ? '' : m.kind === 'grid' && m.width * m.height > 400 ? 'press Enter to run' : '',
      Object.keys(m.paper).length ? 'paper: ' + Object.entries(m.paper).map(([k, v]) => `${k} ${v}`).join('; ') : '',
    ].filter((s) => s !== '').join('\n'));
    this.paramText.setWordWrapWidth(214);
    this.drawTable();
    setText(this.errText, this.error ? `error: ${this.error}` : this.runs ? this.skipped.map((k) => k.reason).join('\n') : '');
    this.drawBoard();
  }

  private drawTable(): void {
    const runs = this.runs;
    (['restricted', 'unrestricted', 'exact'] as Mode[]).forEach((mode, j) => {
      this.tableHead[j]!.setColor(mode === this.show ? UI.accent : UI.text);
      const r = runs?.find((x) => x.mode === mode);
      const v = r
        ? [String(r.result.kills), String(r.result.finalHp), String(r.result.time), String(r.result.actions), String(r.result.turns), r.result.end, r.ms.toFixed(2), (r.ms / Math.max(1, r.result.history.length)).toFixed(3)]
        : ['–', '–', '–', '–', '–', this.runs && this.skipped.some((k) => k.mode === mode) ? 'too large' : '–', '–', '–'];
      v.forEach((s, i) => setText(this.tableTexts[j * 8 + i]!, s));
    });
    const r = this.currentRun();
    if (!r) {
      setText(this.turnText, this.runs ? '' : 'No results yet.');
      return;
    }
    const h = r.result.history[this.turn];
    if (!h) return;
    const fmt = (a: readonly Action[]) => (a.length ? a.map((x) => (x.do === 'move' ? `→${x.at}` : x.do)).join(' ') : '—');
    const planned = fmt(h.planned);
    setText(this.turnText, [
      `${MODE_LABEL[r.mode]} · turn ${this.turn + 1}/${r.result.history.length}   agent ${h.agent}   HP ${h.hp}/${this.model.maxHp}`,
      `did: ${fmt(h.done)}`,
      `plan: ${planned.length > 260 ? planned.slice(0, 260) + ' …' : planned}`,
    ].join('\n'));
  }

  private clearLabels(): void {
    for (const t of this.labels) t.destroy();
    this.labels = [];
  }

  private label(x: number, y: number, s: string, color: string, size: number): void {
    this.labels.push(this.add.text(x, y, s, textStyle(size, color, { fontStyle: 'bold' })).setOrigin(0.5));
  }

  private drawBoard(): void {
    this.clearLabels();
    const g = this.gridG;
    const pg = this.playG;
    g.clear();
    pg.clear();
    if (this.model.kind === 'graph') return this.drawGraph();
    const m = this.model;
    const s = this.cell;
    const cx = (c: LabCell) => this.ox + (c.x + 0.5) * s;
    const cy = (c: LabCell) => this.oy + (c.y + 0.5) * s;
    g.fillStyle(0x120a2a, 0.92).fillRect(this.ox - 2, this.oy - 2, m.width * s + 4, m.height * s + 4);
    for (let y = 0; y < m.height; y++) {
      for (let x = 0; x < m.width; x++) {
        if (m.walls[y * m.width + x]) g.fillStyle(0x5d567e, 1).fillRect(this.ox + x * s, this.oy + y * s, s, s);
      }
    }
    g.lineStyle(1, 0xffffff, 0.07);
    for (let x = 0; x <= m.width; x++) g.lineBetween(this.ox + x * s, this.oy, this.ox + x * s, this.oy + m.height * s);
    for (let y = 0; y <= m.height; y++) g.lineBetween(this.ox, this.oy + y * s, this.ox + m.width * s, this.oy + y * s);
    const fs = Math.max(8, Math.min(16, Math.floor(s * 0.45)));
    if (!m.healAnywhere) for (const h of m.heals) this.cross(g, cx(h), cy(h), s * 0.32, ACTION_COLORS.heal);
    for (const goal of m.goals) {
      g.fillStyle(0xffd24a, 0.35).fillRect(this.ox + goal.x * s + 1, this.oy + goal.y * s + 1, s - 2, s - 2);
      this.label(cx(goal), cy(goal), 'G', UI.accent, fs);
    }
    g.lineStyle(2, 0xffffff, 0.6).strokeRect(this.ox + m.start.x * s + 2, this.oy + m.start.y * s + 2, s - 4, s - 4);
    this.label(cx(m.start), cy(m.start) - s * 0.5 - fs * 0.4, 'start', UI.dim, Math.max(8, fs - 3));
    const run = this.currentRun();
    const h = run?.result.history[this.turn];
    // Enemy routes (dashed red) in edit view; enemies where they are this turn in playback.
    m.enemies.forEach((e, i) => {
      if (!e.route.length) return;
      pg.lineStyle(2, 0xff5544, i === this.selected ? 0.9 : 0.4);
      pg.beginPath();
      pg.moveTo(cx(e), cy(e));
      for (const c of e.route) pg.lineTo(cx(c), cy(c));
      pg.strokePath();
    });
    const cellOf = (name: string): LabCell => {
      const [x, y] = name.split(',').map(Number) as [number, number];
      return { x, y };
    };
    const enemies = h ? h.enemies.map((e) => ({ i: e.enemy, c: cellOf(e.at) })) : m.enemies.map((e, i) => ({ i, c: e as LabCell }));
    for (const { i, c } of enemies) {
      const e = m.enemies[i]!;
      const r = s * 0.36;
      pg.fillStyle(0xff5544, 1).fillTriangle(cx(c), cy(c) - r, cx(c) + r, cy(c), cx(c), cy(c) + r).fillTriangle(cx(c), cy(c) - r, cx(c) - r, cy(c), cx(c), cy(c) + r);
      if (i === this.selected && !h) pg.lineStyle(2, 0xffffff, 1).strokeCircle(cx(c), cy(c), r + 3);
      if (s >= 20) this.label(cx(c), cy(c) + r + fs * 0.45, `${e.reward}/${e.damage}`, '#ffb0a8', Math.max(8, fs - 4));
    }
    if (!h || !run) return;
    // Trail of the agent so far, the plan of this turn, and the agent tinted by what it did.
    const hist = run.result.history;
    pg.lineStyle(Math.max(2, s * 0.12), 0xffffff, 0.25);
    pg.beginPath();
    pg.moveTo(cx(cellOf(hist[0]!.agent)), cy(cellOf(hist[0]!.agent)));
    for (let t = 1; t <= this.turn; t++) pg.lineTo(cx(cellOf(hist[t]!.agent)), cy(cellOf(hist[t]!.agent)));
    pg.strokePath();
    let at = cellOf(h.agent);
    pg.lineStyle(2, 0xfff3a0, 0.95);
    pg.beginPath();
    pg.moveTo(cx(at), cy(at));
    const marks: { c: LabCell; kind: 'attack' | 'heal' }[] = [];
    for (const a of h.planned) {
      if (a.do === 'move') {
        at = cellOf(a.at);
        pg.lineTo(cx(at), cy(at));
      } else marks.push({ c: at, kind: a.do });
    }
    pg.strokePath();
    for (const mk of marks) {
      pg.lineStyle(2, ACTION_COLORS[mk.kind], 1).strokeCircle(cx(mk.c), cy(mk.c), s * 0.42);
    }
    const did = h.done.some((a) => a.do === 'attack') ? 'attack' : h.done.some((a) => a.do === 'heal') ? 'heal' : 'move';
    const a = cellOf(h.agent);
    pg.fillStyle(ACTION_COLORS[did], 1).fillCircle(cx(a), cy(a), s * 0.3);
    pg.lineStyle(2, 0x07030f, 1).strokeCircle(cx(a), cy(a), s * 0.3);
    this.label(cx(a), cy(a) - s * 0.5 - fs * 0.3, `${h.hp}/${m.maxHp}`, '#ffffff', Math.max(9, fs - 2));
  }

  private cross(g: Phaser.GameObjects.Graphics, x: number, y: number, r: number, color: number): void {
    g.fillStyle(color, 0.85);
    g.fillRect(x - r, y - r * 0.3, 2 * r, r * 0.6);
    g.fillRect(x - r * 0.3, y - r, r * 0.6, 2 * r);
  }

  /** Graph presets (§3.5): nodes in columns by BFS depth from the start, edges as arrows. */
  private drawGraph(): void {
    const m = this.model;
    const gj = m.graph as { graph: { nodes: string[]; edges: [string, string, number][] }; start: string; enemies?: { at: string; reward: number; damage: number }[] };
    const nodes = gj.graph.nodes;
    const depth = new Map<string, number>([[gj.start, 0]]);
    const queue = [gj.start];
    while (queue.length) {
      const u = queue.shift()!;
      for (const [a, b] of gj.graph.edges) if (a === u && !depth.has(b)) {
        depth.set(b, depth.get(u)! + 1);
        queue.push(b);
      }
    }
    const cols = new Map<number, string[]>();
    for (const n of nodes) {
      const d = depth.get(n) ?? 0;
      cols.set(d, [...(cols.get(d) ?? []), n]);
    }
    const maxD = Math.max(...cols.keys());
    const pos = new Map<string, { x: number; y: number }>();
    for (const [d, list] of cols) list.forEach((n, i) => pos.set(n, { x: GRID_X + 40 + (d * (GRID_W - 80)) / Math.max(1, maxD), y: GRID_Y + 60 + ((i + 0.5) * (GRID_H - 160)) / list.length }));
    const g = this.gridG;
    const pg = this.playG;
    g.lineStyle(2, 0x8a7cff, 0.8);
    for (const [a, b] of gj.graph.edges) {
      const p = pos.get(a)!;
      const q = pos.get(b)!;
      const dx = q.x - p.x;
      const dy = q.y - p.y;
      const len = Math.sqrt(dx * dx + dy * dy) || 1;
      const ux = dx / len;
      const uy = dy / len;
      const ex = q.x - ux * 20;
      const ey = q.y - uy * 20;
      g.lineBetween(p.x + ux * 20, p.y + uy * 20, ex, ey);
      g.fillStyle(0x8a7cff, 0.9).fillTriangle(ex, ey, ex - ux * 9 - uy * 5, ey - uy * 9 + ux * 5, ex - ux * 9 + uy * 5, ey - uy * 9 - ux * 5);
    }
    const run = this.currentRun();
    const h = run?.result.history[this.turn];
    const live = new Set(h ? h.enemies.map((e) => e.at) : (gj.enemies ?? []).map((e) => e.at));
    for (const n of nodes) {
      const p = pos.get(n)!;
      g.fillStyle(live.has(n) ? 0x5a1a22 : 0x231a44, 1).fillCircle(p.x, p.y, 18);
      g.lineStyle(2, live.has(n) ? 0xff5544 : 0x8a7cff, 1).strokeCircle(p.x, p.y, 18);
      this.label(p.x, p.y, n, '#ffffff', 15);
    }
    if (!h || !run) return;
    // Every action of this turn's plan, numbered, beside the nodes.
    let at = h.agent;
    const notes = new Map<string, string[]>();
    for (const a of h.planned) {
      if (a.do === 'move') at = a.at;
      else notes.set(at, [...(notes.get(at) ?? []), a.do]);
    }
    for (const [n, list] of notes) {
      const p = pos.get(n)!;
      this.label(p.x, p.y + 30, list.join(', '), list.includes('attack') ? '#ff8a7a' : '#8aff99', 11);
    }
    const p = pos.get(h.agent)!;
    const did = h.done.some((a) => a.do === 'attack') ? 'attack' : h.done.some((a) => a.do === 'heal') ? 'heal' : 'move';
    pg.lineStyle(4, ACTION_COLORS[did], 1).strokeCircle(p.x, p.y, 23);
    this.label(p.x, p.y - 32, `HP ${h.hp}/${m.maxHp}`, '#ffffff', 12);
  }
}
