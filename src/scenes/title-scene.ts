import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { DIFFICULTY_PRESETS, getDodgePreset, PAPER_PRESETS } from '../presets/dodge';
import { DIFFICULTIES, type Difficulty } from '../sim/config';
import { addBackdrop } from './backdrop';
import { GAME_H, GAME_W } from './layout';
import { freshSeed, type MatchSetup } from './match-setup';
import { hook } from './test-hook';
import { Menu } from './ui/menu';
import { textStyle } from './ui/text';

const MODES = [
  { label: 'Player vs CPU', value: 'pvc' },
  { label: 'CPU vs CPU (watch)', value: 'cvc' },
  { label: 'Practice', value: 'practice' },
];

/** Remembered between visits to the title screen. */
const last = { mode: 0, stages: 0, difficulty: 1, opponent: 1 };

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

  create(): void {
    this.backdrop = addBackdrop(this);
    const cx = GAME_W / 2;
    const title = this.add.text(cx, 92, 'TWINFIELD', textStyle(76, '#ffffff', { fontStyle: 'bold', strokeThickness: 10, padding: { x: 32, y: 32 } })).setOrigin(0.5);
    title.setShadow(0, 0, '#a070ff', 24, true, true);
    this.add.text(cx, 150, 'a two-field versus shooter', textStyle(20, UI.dim)).setOrigin(0.5);
    this.add.image(cx - 300, 110, 'ship0').setScale(1.4);
    this.add.image(cx + 300, 110, 'ship1').setScale(1.4);
    const menu = new Menu(
      this,
      [
        { id: 'mode', label: 'Mode', values: MODES, index: last.mode },
        { id: 'stages', label: 'Stages', values: [{ label: 'Open', value: 'open' }, { label: 'Maze', value: 'maze', disabled: 'Maze stages arrive in a later version.' }], index: last.stages },
        { id: 'difficulty', label: 'Difficulty', values: DIFFICULTIES.map((d) => ({ label: d[0]!.toUpperCase() + d.slice(1), value: d })), index: last.difficulty },
        { id: 'opponent', label: 'CPU', values: OPPONENTS, index: last.opponent },
        { id: 'start', label: 'START' },
      ],
      cx,
      220,
      (row, m) => {
        if (row.id === 'start') this.start(m);
      },
    );
    void menu;
    this.add
      .text(cx, GAME_H - 54, 'Arrows move · Z shoot · Shift focus · X hold to charge, release to attack · Esc pause · M mute', textStyle(15, UI.dim))
      .setOrigin(0.5);
    this.add.text(cx, GAME_H - 30, 'Menus: arrows and Z / Enter, or the mouse', textStyle(13, UI.dim)).setOrigin(0.5);
    this.input.keyboard!.on('keydown', () => sfx.unlock());
    this.input.on('pointerdown', () => sfx.unlock());
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
    const setup: MatchSetup = {
      config: { seed: freshSeed(), mode: mode === 'practice' ? 'practice' : 'versus', stages: m.value('stages') as 'open', difficulty },
      p1: mode === 'cvc' ? opponent : 'human',
      p2: opponent,
    };
    this.scene.start('match', setup);
  }
}
