import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { DIFFICULTY_PRESETS, getDodgePreset, PAPER_PRESETS } from '../cpu/presets';
import { DIFFICULTIES, type Difficulty } from '../sim/config';
import { addBackdrop } from '../views/backdrop';
import type { SaveReplayResult } from './save-replay';
import { GAME_H, GAME_W } from '../views/layout';
import { freshSeed, type MatchSetup } from './match-setup';
import { hook } from './test-hook';
import { Menu, type MenuRow } from '../ui/menu';
import { MAZE_NAMES } from '../maze/catalog';
import { textStyle } from '../views/text';

const MODES = [
  { label: 'Player vs CPU', value: 'pvc' },
  { label: 'CPU vs CPU (watch)', value: 'cvc' },
  { label: 'Practice', value: 'practice' },
];

/** Remembered between visits to the title screen. */
const last = { mode: 0, stages: 0, difficulty: 1, opponent: 1, maze: 0 };

/** Maze stages: where the maze rotation starts; 'gen' becomes gen:SEED with a fresh seed. */
const MAZES = [...MAZE_NAMES.map((n) => ({ label: n[0]!.toUpperCase() + n.slice(1), value: n })), { label: 'Random (generated)', value: 'gen' }];
const MAZE_ROW_OFF = 'Choose Maze stages to pick a maze.';

/** The CPU's presets: the four difficulties, the paper's three players, the simple scripted CPU. */
const OPPONENTS = [
  ...DIFFICULTY_PRESETS.map((n) => ({ label: getDodgePreset(n).label, value: `cpu:${n}` })),
  ...PAPER_PRESETS.map((n) => ({ label: `${getDodgePreset(n).label} (paper)`, value: `cpu:${n}` })),
  { label: 'Scripted', value: 'scripted' },
];

export class TitleScene extends Phaser.Scene {
  private backdrop!: { update: (frame: number) => void };
  private t = 0;

  constructor() {
    super('title');
  }

  private saved: Promise<SaveReplayResult> | undefined;

  init(data?: { saved?: Promise<SaveReplayResult> }): void {
    this.saved = data?.saved;
  }

  create(): void {
    this.backdrop = addBackdrop(this);
    const cx = GAME_W / 2;
    const title = this.add.text(cx, 92, 'TWINFIELD', textStyle(76, '#ffffff', { fontStyle: 'bold', strokeThickness: 10, padding: { x: 32, y: 32 } })).setOrigin(0.5);
    title.setShadow(0, 0, '#a070ff', 24, true, true);
    this.add.text(cx, 150, 'a two-field versus shooter', textStyle(20, UI.dim)).setOrigin(0.5);
    this.add.image(cx - 300, 110, 'ship0').setScale(1.4);
    this.add.image(cx + 300, 110, 'ship1').setScale(1.4);
    const mazeRow: MenuRow = { id: 'maze', label: 'Maze', values: MAZES, index: last.maze, disabled: last.stages === 1 ? undefined : MAZE_ROW_OFF };
    const menu = new Menu(
      this,
      [
        { id: 'mode', label: 'Mode', values: MODES, index: last.mode },
        { id: 'stages', label: 'Stages', values: [{ label: 'Open', value: 'open' }, { label: 'Maze', value: 'maze' }], index: last.stages },
        mazeRow,
        { id: 'difficulty', label: 'Difficulty', values: DIFFICULTIES.map((d) => ({ label: d[0]!.toUpperCase() + d.slice(1), value: d })), index: last.difficulty },
        { id: 'opponent', label: 'CPU', values: OPPONENTS, index: last.opponent },
        { id: 'start', label: 'START' },
        { id: 'replays', label: 'Replays' },
        { id: 'lab', label: 'Planner lab' },
      ],
      cx,
      192,
      (row, m) => {
        if (row.id === 'start') this.start(m);
        else if (row.id === 'replays') this.scene.start('replays');
        else if (row.id === 'lab') this.scene.start('planner-lab');
      },
      undefined,
      32,
    );
    // The Maze row works only with maze stages (dimmed and skipped otherwise); synced on the change
    // itself so that a Down pressed right after reaches it.
    menu.onChange = (row) => {
      if (row.id !== 'stages') return;
      mazeRow.disabled = menu.value('stages') === 'maze' ? undefined : MAZE_ROW_OFF;
    };
    this.add
      .text(cx, GAME_H - 54, 'Arrows move · Z shoot · Shift focus · X hold to charge, release to attack · Esc pause · M mute', textStyle(15, UI.dim))
      .setOrigin(0.5);
    this.add
      .text(cx, GAME_H - 30, 'Gamepad: d-pad / stick move · A shoot · LB / RB focus · B charge · Start pause   ·   Menus: arrows or d-pad, Z / Enter / A, or the mouse', textStyle(13, UI.dim))
      .setOrigin(0.5);
    this.input.keyboard!.on('keydown', () => sfx.unlock());
    this.input.on('pointerdown', () => sfx.unlock());
    // A match left from the pause menu is saved as a partial replay; say so if that failed.
    void this.saved?.then((r) => {
      if (r.ok === false && this.scene.isActive()) this.add.text(GAME_W / 2, GAME_H - 78, r.error, textStyle(15, '#ff7080')).setOrigin(0.5);
    });
    hook.ready = true;
  }

  override update(): void {
    this.backdrop.update(this.t++);
  }

  private start(m: Menu): void {
    const mode = m.value('mode');
    const difficulty = m.value('difficulty') as Difficulty;
    const opponent = m.value('opponent');
    last.opponent = OPPONENTS.findIndex((o) => o.value === opponent);
    last.mode = MODES.findIndex((x) => x.value === mode);
    last.difficulty = DIFFICULTIES.indexOf(difficulty);
    const stages = m.value('stages') as 'open' | 'maze';
    const maze = m.value('maze');
    last.stages = stages === 'maze' ? 1 : 0;
    last.maze = MAZES.findIndex((x) => x.value === maze);
    const setup: MatchSetup = {
      config: { seed: freshSeed(), mode: mode === 'practice' ? 'practice' : 'versus', stages, difficulty, ...(stages === 'maze' ? { maze: maze === 'gen' ? `gen:${freshSeed()}` : maze } : {}) },
      p1: mode === 'cvc' ? opponent : 'human',
      p2: opponent,
    };
    this.scene.start('match', setup);
  }
}
