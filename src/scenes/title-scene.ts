// The title screen: START first (Enter or Z starts at once), then the match settings. One
// Difficulty row picks a named pair (stage preset + CPU preset: Easy … Lunatic, or Custom, where
// the Stage and CPU rows below it become choosable), or Adaptive (Player vs CPU only: the CPU's
// strength follows the player's results; its Aim and Start over rows replace Stage and CPU); the
// selected row says what it does right under it. Settings and the cursor row are remembered between
// visits, the adaptive state in the browser (storage/adaptive-store.ts).
import { playMusic } from '../audio/music-lazy';
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { DIFFICULTY_PRESETS, getDodgePreset, PAPER_PRESETS } from '../cpu/presets';
import { listPairs, resolvePair, type DifficultyPair } from '../cpu/presets/pairs';
import { stageConfig } from '../sim/config';
import { getStagePreset, STAGE_PRESETS } from '../sim/stage-preset';
import { ROSTER } from '../sim/characters';
import { addBackdrop } from '../views/backdrop';
import type { SaveReplayResult } from './save-replay';
import { GAME_H, GAME_W } from '../views/layout';
import { freshSeed, type MatchSetup } from './match-setup';
import { openOptionsScene, startPlannerLab, startPresetsScene } from './lazy-scenes';
import { setUserCpuPresets } from '../controllers/registry';
import type { DodgePreset } from '../cpu/presets';
import type { StagePreset } from '../sim/stage-preset';
import { PresetLibrary } from '../storage/preset-library';
import { markTitleReady } from './scene-state';
import { Menu, type MenuRow } from '../ui/menu';
import { drillConfig, type StudyTag } from '../study/drill-config';
import { humanClips } from '../study/clip-needs';
import { pickTextFile } from '../ui/pick-file';
import type { Study } from '../study/schema';
import { loadRecordStudy, saveRecordStudy } from '../storage/record-study';
import { paperStudy } from '../study/template';
import { MAZE_NAMES } from '../maze/catalog';
import { textStyle } from '../views/text';
import { ADAPTIVE_START, ADAPTIVE_TARGETS, newAdaptive, type AdaptiveState } from '../cpu/presets/adaptive';
import { strengthPercent } from '../replay/adaptive-tag';
import { loadAdaptive, saveAdaptive } from '../storage/adaptive-store';
import { ADAPTIVE, adaptiveNote, adaptiveSetup, aimWords } from './adaptive-match';
import { openCharacterSelect, type SelectSide, selectSettings } from './select-scene';

const MODES = [
  { label: 'Player vs CPU', value: 'pvc', note: 'You against the computer. Arrows move · Z shoot · Shift focus · X charge.' },
  {
    label: 'Player vs Player',
    value: 'pvp',
    note: 'Two people, one keyboard: P1 arrows + Z/X/Shift, P2 WASD + J/K/L — or one gamepad each.',
  },
  { label: 'CPU vs CPU (watch)', value: 'cvc', note: 'Watch two CPUs of the chosen preset play each other.' },
  { label: 'Practice', value: 'practice', note: 'One field, no opponent: learn the patterns at your own pace.' },
];

const STAGES = [
  { label: 'Open', value: 'open', note: 'Waves of enemies and bullet patterns; chains send attacks across.' },
  { label: 'Maze', value: 'maze', note: 'Reach the exit of each tile maze while chasers hunt you; more mazes cleared wins.' },
  {
    label: 'Drill',
    value: 'drill',
    note: 'The 40 s survey drill of the human-likeness study: one field, easy, no opponent (always played as Practice).',
  },
];

/** Who picks a character in each mode, in order (a CPU side is picked by the player after their own). */
const SELECT_SIDES: Record<string, SelectSide[]> = {
  pvc: [
    { who: 'human', label: 'P1 · YOU' },
    { who: 'cpu', label: 'P2 · CPU' },
  ],
  pvp: [
    { who: 'human', label: 'PLAYER 1' },
    { who: 'human', label: 'PLAYER 2' },
  ],
  cvc: [
    { who: 'cpu', label: 'P1 · CPU' },
    { who: 'cpu', label: 'P2 · CPU' },
  ],
  practice: [{ who: 'human', label: 'YOU' }],
};

/** The paper's study: the survey drill of Practice → Drill, and what Record for a study offers first. */
const PAPER_STUDY = paperStudy();
const OPEN_STUDY = 'open-study';
/** What the last "Open study file…" said (an error names the file and field), shown under that row. */
let studyMessage = '';

/** Notes under a row stay on one line (a second line would push the rows below into the help text). */
const NOTE_CHARS = 118;
function oneLine(s: string): string {
  return s.length <= NOTE_CHARS ? s : `${s.slice(0, NOTE_CHARS - 1)}…`;
}

/** Record for a study: one value per (human player, drill variant) the study needs, then "Open study file…". */
function recordValues(study: Study): NonNullable<MenuRow['values']> {
  const clips = humanClips(study).map((c) => ({
    label: `${c.label} · variant ${c.variant}`,
    value: `${c.player}/${c.variant}`,
    note: oneLine(
      `Drill ${study.drill.name} variant ${c.variant} (seed ${study.drill.seed}) after a 3 s countdown, tagged for study ` +
        `${study.id}, player ${c.player}: export it from Replays.`,
    ),
  }));
  const open = {
    label: 'Open study file…',
    value: OPEN_STUDY,
    note: oneLine(studyMessage || `Recording for study ${study.id}. Enter: open another study's file (study.json) to record its clips.`),
  };
  return [...clips, open];
}

/** The person's own presets and pairs from the preset library (title → Presets), loaded once per visit. */
// key: what the rows show now (the empty library at first), so a visit restarts the title only on a change.
const user = { cpu: [] as DodgePreset[], stage: [] as StagePreset[], pair: [] as DifficultyPair[], key: JSON.stringify([[], [], []]) };
const CUSTOM = 'custom';

/** Maze stages: where the maze rotation starts; 'gen' becomes gen:SEED with a fresh seed. */
const MAZES = [
  ...MAZE_NAMES.map((n) => ({ label: n[0]!.toUpperCase() + n.slice(1), value: n })),
  { label: 'Random (generated)', value: 'gen' },
];
const MAZE_ROW_OFF = 'Choose Maze stages to pick a maze.';
const PART_OFF = 'Set by the Difficulty row; choose Custom there to change it.';

/** The CPU's presets: the four difficulties, the paper's three players, the person's own, the simple scripted CPU. */
function opponentValues() {
  return [
    ...DIFFICULTY_PRESETS.map((n) => ({
      label: getDodgePreset(n).label,
      value: `cpu:${n}`,
      note: `CPU ${getDodgePreset(n).label}: ${getDodgePreset(n).description}`,
    })),
    ...PAPER_PRESETS.map((n) => ({ label: `${getDodgePreset(n).label} (paper)`, value: `cpu:${n}`, note: getDodgePreset(n).description })),
    ...user.cpu.map((p) => ({
      label: `${p.label} (yours)`,
      value: `cpu:${p.name}`,
      note: `Your CPU preset${p.description ? `: ${p.description}` : '.'}`,
    })),
    { label: 'Scripted', value: 'scripted', note: 'A simple scripted CPU (not the dodger): drifts and shoots.' },
  ];
}
function stagePresets(): StagePreset[] {
  return [...STAGE_PRESETS, ...user.stage];
}
function stageValues() {
  return stagePresets().map((p) => ({
    label: user.stage.includes(p) ? `${p.label} (yours)` : p.label,
    value: p.name,
    note: `Stage ${p.label}: ${p.description || 'your stage preset.'}`,
  }));
}

/** The first clause of a description, lower-cased, never cut inside brackets: "slow to react (0.83 s)". */
function clause(s: string): string {
  let depth = 0;
  let end = s.length;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (depth === 0 && (ch === ',' || ch === ';' || (ch === '.' && (i + 1 === s.length || s[i + 1] === ' ')))) {
      end = i;
      break;
    }
  }
  const c = s.slice(0, end);
  return c[0]!.toLowerCase() + c.slice(1);
}

/** The built-in pairs in a player's words, one line each (the presets' own descriptions are for the tools). */
const PAIR_NOTES: Record<string, string> = {
  easy: 'For a first match: slow, sparse bullets and a CPU that is slow to notice them.',
  normal: 'For players who know the genre: steady bullets; the CPU notices late and slips now and then.',
  hard: 'For practised players: quicker, denser volleys; the CPU looks further ahead and rarely slips.',
  lunatic: 'A real test: fast, dense volleys, and a CPU that keeps up the pressure.',
};

function pairNote(p: DifficultyPair): string {
  const builtin = PAIR_NOTES[p.name];
  if (builtin && !user.pair.includes(p)) return builtin;
  const { stage, cpu } = resolvePair(p, user);
  return oneLine(
    `Stage ${stage.label}: ${clause(stage.description || 'your stage')}. ` +
      `CPU ${cpu.label}: ${clause(cpu.description || 'your own preset')}.`,
  );
}

/** The built-in pairs, the person's own (those whose presets still exist), then Custom. */
function pairs(): DifficultyPair[] {
  return listPairs(user.pair).filter((p) => {
    try {
      resolvePair(p, user);
      return true;
    } catch {
      return false;
    }
  });
}
function difficultyValues(): NonNullable<MenuRow['values']> {
  return [
    ...pairs().map((p) => ({ label: user.pair.includes(p) ? `${p.label} (yours)` : p.label, value: p.name, note: pairNote(p) })),
    // Its note says where the adaptive state stands (set when the title syncs); only in Player vs CPU.
    { label: 'Adaptive', value: ADAPTIVE, note: '' },
    { label: 'Custom', value: CUSTOM, note: 'Pick the stage preset and the CPU preset yourself in the two rows below.' },
  ];
}

/** The Aim row: the player's win rate Adaptive steers to. A change applies from the next match. */
function aimValues() {
  return ADAPTIVE_TARGETS.map((t) => ({
    label: `win ${Math.round(t * 100)} %`,
    value: String(t),
    note: `You should win ${aimWords(t)}. A change applies from the next match and keeps the strength reached.`,
  }));
}

/** Remembered between visits to the title screen (indices into the value lists; row = cursor). */
// parked: Adaptive was chosen, then a mode without it; going back to Player vs CPU brings it back.
const FIRST_VISIT = { mode: 0, stages: 0, pair: 1, stage: 1, cpu: 1, maze: 0, record: 0, row: 'start', parked: false, level: 0, lives: 0 };

/** Practice: the level the stage starts at (1 … the preset's cap, clamped at START) and infinite lives. */
const LEVELS = Array.from({ length: 10 }, (_, i) => ({
  label: `Level ${i + 1}`,
  value: String(i + 1),
  note:
    i === 0
      ? 'Practice from the start: the patterns thicken as the level rises.'
      : `Practice from level ${i + 1}: denser, faster patterns at once (the stage's cap still holds).`,
}));
const LIVES = [
  { label: 'Normal', value: 'normal', note: "The stage's lives: practice ends when they are gone." },
  { label: 'Infinite', value: 'infinite', note: 'Hits are counted but never end the run: stay as long as you like.' },
];
const last = { ...FIRST_VISIT };

/** Attract mode: how long the title waits, untouched, before its demo (tests shorten it). */
export const attract = { afterMs: 30_000 };

/** Forgets the remembered settings and cursor: the next title is the first visit's (tests start from it). */
export function forgetTitleChoices(): void {
  Object.assign(last, FIRST_VISIT);
  studyMessage = '';
}

export class TitleScene extends Phaser.Scene {
  private backdrop!: { update: (frame: number) => void };
  private t = 0;

  constructor() {
    super('title');
  }

  private saved: Promise<SaveReplayResult> | undefined;
  /** The adaptive state as saved in this browser (read on every visit: a match may have moved it). */
  private adaptive: AdaptiveState = newAdaptive();
  /** Start adaptive over: pressed once (the next press starts over), or just done (the note says so). */
  private startOver: 'idle' | 'armed' | 'done' = 'idle';
  private menu: Menu | undefined;
  /** The study Record for a study records for: the one opened last in this browser, or the paper's. */
  private study: Study = PAPER_STUDY;
  private lists!: {
    OPPONENTS: ReturnType<typeof opponentValues>;
    STAGE_VALUES: ReturnType<typeof stageValues>;
    DIFFICULTY_VALUES: ReturnType<typeof difficultyValues>;
  };

  /**
   * Reads the person's presets from the preset library; when they differ from what the rows show,
   * the title is built again with them (the cursor and settings are remembered).
   */
  private async loadUserPresets(): Promise<void> {
    let lib: PresetLibrary | null = null;
    try {
      lib = await PresetLibrary.open();
      const [cpu, stage, pair] = await Promise.all([lib.list('cpu'), lib.list('stage'), lib.list('pair')]);
      const key = JSON.stringify([cpu.presets, stage.presets, pair.presets]);
      setUserCpuPresets(cpu.presets);
      if (key === user.key) return;
      Object.assign(user, { cpu: cpu.presets, stage: stage.presets, pair: pair.presets, key });
      if (this.scene.isActive()) this.scene.restart();
    } catch {
      // No preset library in this browser (private window): the built-ins are all there is.
    } finally {
      lib?.close();
    }
  }

  init(data?: { saved?: Promise<SaveReplayResult> }): void {
    this.saved = data?.saved;
  }

  create(): void {
    // The music pack loads after the title shows (never in the first load), then the title theme plays.
    playMusic(this, () => 'title');
    this.study = loadRecordStudy() ?? PAPER_STUDY;
    this.adaptive = loadAdaptive();
    this.startOver = 'idle';
    if (last.record > humanClips(this.study).length) last.record = 0;
    this.backdrop = addBackdrop(this);
    const cx = GAME_W / 2;
    const title = this.add
      .text(cx, 62, 'TWINFIELD', textStyle(66, '#ffffff', { fontStyle: 'bold', strokeThickness: 10, padding: { x: 32, y: 32 } }))
      .setOrigin(0.5);
    title.setShadow(0, 0, '#a070ff', 24, true, true);
    this.add.text(cx, 110, 'a two-field versus shooter', textStyle(18, UI.dim)).setOrigin(0.5);
    this.add.image(cx - 280, 76, 'ship0').setScale(1.3);
    this.add.image(cx + 280, 76, 'ship1').setScale(1.3);
    const OPPONENTS = opponentValues();
    const STAGE_VALUES = stageValues();
    const DIFFICULTY_VALUES = difficultyValues();
    const PAIRS = pairs();
    this.lists = { OPPONENTS, STAGE_VALUES, DIFFICULTY_VALUES };
    void this.loadUserPresets();
    const mazeRow: MenuRow = {
      id: 'maze',
      label: 'Maze',
      values: MAZES.map((m) => ({
        ...m,
        note: m.value === 'gen' ? 'A new generated maze each match.' : `The maze rotation starts with ${m.label}.`,
      })),
      index: last.maze,
    };
    const stageRow: MenuRow = { id: 'stage', label: 'Stage', values: STAGE_VALUES, index: last.stage };
    const levelRow: MenuRow = { id: 'level', label: 'Start level', values: LEVELS, index: last.level };
    const livesRow: MenuRow = { id: 'lives', label: 'Lives', values: LIVES, index: last.lives };
    const cpuRow: MenuRow = { id: 'opponent', label: 'CPU', values: OPPONENTS, index: last.cpu };
    const difficultyRow: MenuRow = { id: 'difficulty', label: 'Difficulty', values: DIFFICULTY_VALUES, index: last.pair };
    const adaptiveValue = DIFFICULTY_VALUES.find((v) => v.value === ADAPTIVE)!;
    const AIMS = aimValues();
    const aimRow: MenuRow = {
      id: 'aim',
      label: 'Aim',
      values: AIMS,
      index: Math.max(
        0,
        AIMS.findIndex((v) => Number(v.value) === this.adaptive.target),
      ),
    };
    const startOverRow: MenuRow = { id: 'adaptive-reset', label: 'Start adaptive over', note: () => this.startOverNote() };
    let menuRef: Menu | undefined;
    const rows: MenuRow[] = [
      { id: 'start', label: 'START', note: () => (menuRef ? this.summary(menuRef) : '') },
      { id: 'mode', label: 'Mode', values: MODES, index: last.mode },
      { id: 'stages', label: 'Stages', values: STAGES, index: last.stages },
      mazeRow,
      levelRow,
      livesRow,
      difficultyRow,
      aimRow,
      startOverRow,
      stageRow,
      cpuRow,
      { id: 'record', label: 'Record for a study', values: recordValues(this.study), index: last.record },
      // Here, not under START: the rows above and the last two are where people (and tests) know them.
      { id: 'story', label: 'Story', note: 'Pick a character and fight through the stages to the final boss.' },
      { id: 'options', label: 'Options', note: 'Keys and pad buttons, music and sound volume, display, accessibility, language.' },
      {
        id: 'presets',
        label: 'Presets',
        note: 'Make your own CPU and stage presets: edit with a live preview, compare two side by side, save, import, export.',
      },
      { id: 'replays', label: 'Replays', note: 'Watch, rename, export and clip the matches you played (every match is saved).' },
      { id: 'lab', label: 'Planner lab', note: "Draw a grid and watch the maze CPU's planner choose a route." },
    ];
    const menu = new Menu(
      this,
      rows,
      cx,
      148,
      (row, m) => {
        last.row = row.id;
        if (row.id === 'start') this.start(m);
        else if (row.id === 'replays') this.scene.start('replays');
        else if (row.id === 'record') this.recordForStudy(m.value('record'), m);
        else if (row.id === 'lab') void startPlannerLab(this);
        else if (row.id === 'adaptive-reset') this.pressStartOver(m);
        else if (row.id === 'presets') void startPresetsScene(this);
        else if (row.id === 'story') this.openStory();
        else if (row.id === 'options') void openOptionsScene(this, () => this.scene.restart());
      },
      undefined,
      // Rows close enough that the whole menu (and the selected row's note) ends above the help lines.
      25,
      { notesUnder: true, noteWidth: 900 },
    );
    // Rows that depend on others: the Maze row works only with maze stages; Stage and CPU show the
    // pair's two parts and can be changed under Custom; there is no CPU in Player vs Player.
    // Synced on the change itself so that a Down pressed right after reaches them.
    const normalIndex = DIFFICULTY_VALUES.findIndex((v) => v.value === 'normal');
    const adaptiveIndex = DIFFICULTY_VALUES.indexOf(adaptiveValue);
    const sync = (): void => {
      mazeRow.disabled = menu.value('stages') === 'maze' ? undefined : MAZE_ROW_OFF;
      // Practice only (not the drill, which is the study's fixed script).
      levelRow.hidden = livesRow.hidden = menu.value('mode') !== 'practice' || menu.value('stages') === 'drill';
      // Adaptive is for Player vs CPU only: other modes hide it (Normal stands in, and Adaptive comes
      // back with Player vs CPU unless the difficulty was changed meanwhile).
      const pvc = menu.value('mode') === 'pvc';
      adaptiveValue.hidden = !pvc;
      if (!pvc && difficultyRow.index === adaptiveIndex) {
        difficultyRow.index = normalIndex;
        last.parked = true;
      } else if (pvc && last.parked) {
        if (difficultyRow.index === normalIndex) difficultyRow.index = adaptiveIndex;
        last.parked = false;
      }
      const adaptive = menu.value('difficulty') === ADAPTIVE;
      adaptiveValue.note = adaptiveNote(this.adaptive);
      aimRow.hidden = startOverRow.hidden = !adaptive;
      stageRow.hidden = cpuRow.hidden = adaptive;
      const pair = PAIRS.find((p) => p.name === menu.value('difficulty'));
      if (pair) {
        stageRow.index = Math.max(
          0,
          STAGE_VALUES.findIndex((v) => v.value === pair.stage),
        );
        cpuRow.index = Math.max(
          0,
          OPPONENTS.findIndex((v) => v.value === `cpu:${pair.cpu}`),
        );
      }
      stageRow.disabled = pair ? PART_OFF : undefined;
      cpuRow.disabled = menu.value('mode') === 'pvp' ? 'Player vs Player: both sides are people.' : pair ? PART_OFF : undefined;
    };
    menu.onChange = (row) => {
      if (row.id === 'difficulty') last.parked = false;
      if (row.id === 'aim') {
        // The aim is part of the adaptive state: kept at once, the strength reached stays.
        this.adaptive = { ...this.adaptive, target: Number(menu.value('aim')) };
        saveAdaptive(this.adaptive);
      }
      // Custom starts from the parts of the pair shown before it (sync leaves them as they are).
      sync();
      this.remember(menu);
    };
    this.sync = sync;
    menuRef = menu;
    this.menu = menu;
    sync();
    menu.selectRow(last.row);
    menu.render();
    this.add
      .text(
        cx,
        GAME_H - 40,
        'Arrows move · Z shoot · Shift focus · X hold to charge, release to attack · Esc pause · M mute',
        textStyle(13, UI.dim),
      )
      .setOrigin(0.5);
    this.add
      .text(
        cx,
        GAME_H - 20,
        'Gamepad: d-pad / stick move · A shoot · LB / RB focus · B charge · Start pause   ·   Menus: arrows or d-pad, Z / Enter ' +
          '/ A, or the mouse',
        textStyle(12, UI.dim),
      )
      .setOrigin(0.5);
    this.input.keyboard!.on('keydown', () => sfx.unlock());
    this.input.on('pointerdown', () => sfx.unlock());
    // Attract mode: left alone for ATTRACT_MS, the title plays a CPU-vs-CPU demo until a key is pressed.
    this.idleSince = this.time.now;
    const awake = (): void => {
      this.idleSince = this.time.now;
    };
    this.input.keyboard!.on('keydown', awake);
    this.input.on('pointerdown', awake);
    this.input.on('pointermove', awake);
    this.input.gamepad?.on('down', awake);
    // A match left from the pause menu is saved as a partial replay; say so if that failed.
    void this.saved?.then((r) => {
      if (r.ok === false && this.scene.isActive()) this.add.text(GAME_W / 2, GAME_H - 62, r.error, textStyle(15, '#ff7080')).setOrigin(0.5);
    });
    markTitleReady();
  }

  override update(): void {
    this.backdrop.update(this.t++);
    if (this.time.now - this.idleSince >= attract.afterMs && !this.scene.isPaused()) this.startDemo();
    // Leaving the Start adaptive over row cancels a first press (and drops the "started over" note).
    if (this.startOver !== 'idle' && this.menu?.selectedId !== 'adaptive-reset') this.startOver = 'idle';
  }

  /** When the title last saw a key, click, pointer move or pad button (attract mode). */
  private idleSince = 0;

  /** The demo: two CPUs (Hard) with two random roster characters on open stages, a fresh seed each time. */
  private startDemo(): void {
    this.idleSince = Number.POSITIVE_INFINITY;
    const pick = (): string => ROSTER[Math.floor(Math.random() * ROSTER.length)]!;
    const setup: MatchSetup = {
      config: {
        seed: freshSeed(),
        mode: 'versus',
        stages: 'open',
        ...stageConfig(getStagePreset('hard')),
        p1Character: pick(),
        p2Character: pick(),
      },
      p1: 'cpu:hard',
      p2: 'cpu:hard',
      demo: true,
    };
    this.scene.start('match', setup);
  }

  /** Rows that depend on others (set in create). */
  private sync: () => void = () => undefined;

  /** The Start adaptive over row's note: what it does, the question after a first press, or what it did. */
  private startOverNote(): string {
    const start = strengthPercent(ADAPTIVE_START);
    const n = this.adaptive.matches;
    if (this.startOver === 'done') return `Started over: strength ${start} of 100 (where Normal is), no matches counted yet.`;
    if (this.startOver === 'armed')
      return `Press Enter again to go back to strength ${start} and forget ${n} match${n === 1 ? '' : 'es'}; move away to keep them.`;
    return (
      `Now strength ${strengthPercent(this.adaptive.strength)} after ${n} match${n === 1 ? '' : 'es'}. Enter (twice): back to ` +
      `strength ${start}, where Normal is; the aim stays.`
    );
  }

  /** Start adaptive over: the first press asks, the second starts over at Normal's strength (the aim stays). */
  private pressStartOver(m: Menu): void {
    if (this.startOver !== 'armed') {
      this.startOver = 'armed';
    } else {
      this.adaptive = newAdaptive(ADAPTIVE_START, this.adaptive.target);
      saveAdaptive(this.adaptive);
      this.startOver = 'done';
      this.sync();
    }
    m.render();
  }

  /** What START will play, in words. */
  private summary(m: Menu): string {
    const { OPPONENTS, STAGE_VALUES, DIFFICULTY_VALUES } = this.lists;
    const mode = MODES.find((x) => x.value === m.value('mode'))!.label;
    if (m.value('stages') === 'drill') return 'Practice · survey drill (40 s, variant a). Press Enter or Z.';
    const stages = m.value('stages') === 'maze' ? `maze stages (${MAZES.find((x) => x.value === m.value('maze'))!.label})` : 'open stages';
    if (m.value('difficulty') === ADAPTIVE)
      return (
        `${mode} · ${stages} · Adaptive (strength ${strengthPercent(this.adaptive.strength)}, aim: win ` +
        `${Math.round(this.adaptive.target * 100)} %). Press Enter or Z.`
      );
    const pair = DIFFICULTY_VALUES.find((x) => x.value === m.value('difficulty'))!.label;
    const noCpu = m.value('mode') === 'pvp' || m.value('mode') === 'practice';
    const parts =
      `stage ` +
      `${STAGE_VALUES.find((x) => x.value === m.value('stage'))!.label}` +
      `${noCpu ? '' : `, CPU ${OPPONENTS.find((x) => x.value === m.value('opponent'))!.label}`}`;
    const practice =
      m.value('mode') === 'practice'
        ? ` · from level ${m.value('level')}${m.value('lives') === 'infinite' ? ' · infinite lives' : ''}`
        : '';
    return `${mode} · ${stages} · ${pair} (${parts})${practice}. Press Enter or Z.`;
  }

  private remember(m: Menu): void {
    const idx = (id: string): number => m.rows.find((r) => r.id === id)!.index ?? 0;
    last.mode = idx('mode');
    last.stages = idx('stages');
    last.maze = idx('maze');
    last.pair = idx('difficulty');
    last.stage = idx('stage');
    last.cpu = idx('opponent');
    last.record = idx('record');
    last.level = idx('level');
    last.lives = idx('lives');
  }

  private start(m: Menu): void {
    this.remember(m);
    const mode = m.value('mode');
    const opponent = m.value('opponent');
    const stage = stagePresets().find((p) => p.name === m.value('stage'))!;
    const stages = m.value('stages') as 'open' | 'maze' | 'drill';
    const maze = m.value('maze');
    // Practice → Drill: the study's survey drill, one field, a person playing.
    if (stages === 'drill') {
      this.scene.start('match', {
        config: { ...drillConfig(PAPER_STUDY, 'a'), seed: freshSeed() },
        p1: 'human',
        p2: opponent,
      } satisfies MatchSetup);
      return;
    }
    if (m.value('difficulty') === ADAPTIVE && mode === 'pvc') {
      this.pickCharacters(mode, adaptiveSetup(this.adaptive, { seed: freshSeed(), stages, maze: this.mazeSpec(maze) }));
      return;
    }
    const practice = mode === 'practice';
    const setup: MatchSetup = {
      config: {
        seed: freshSeed(),
        mode: practice ? 'practice' : 'versus',
        stages,
        ...stageConfig(stage),
        ...(stages === 'maze' ? { maze: this.mazeSpec(maze) } : {}),
        ...(practice
          ? { startLevel: Math.min(stage.maxLevel, Number(m.value('level'))), infiniteLives: m.value('lives') === 'infinite' }
          : {}),
      },
      p1: mode === 'cvc' ? opponent : 'human',
      p2: mode === 'pvp' ? 'human' : opponent,
    };
    this.pickCharacters(mode, setup);
  }

  /** Story mode (src/scenes/story/), loaded on demand in a chunk of its own; nothing happens if the title was left meanwhile. */
  private openStory(): void {
    // A template literal: Vite still splits it into its own chunk, but the Node typecheck (which reaches
    // this file through the e2e hook's types) does not follow it into browser-only code (import.meta.env).
    void import(`./story/start`)
      .then((m: { startStory(scene: Phaser.Scene): void }) => {
        if (this.scene.isActive()) m.startStory(this);
      })
      .catch((err: unknown) => console.error('Story mode could not be loaded', err));
  }

  /** The character select for the mode's sides, then the match with the picks (back: this title again). */
  private pickCharacters(mode: string, setup: MatchSetup): void {
    const sides = SELECT_SIDES[mode] ?? SELECT_SIDES.pvc!;
    const play = (ids: (string | undefined)[]): void => {
      const [p1, p2] = ids;
      this.scene.start('match', {
        ...setup,
        config: { ...setup.config, ...(p1 ? { p1Character: p1 } : {}), ...(p2 ? { p2Character: p2 } : {}) },
      });
    };
    if (selectSettings.skip) play([]);
    else openCharacterSelect(this, { sides, onPicked: play, onCancel: () => this.scene.start('title') });
  }

  /** The Maze row's value as a config's maze: 'gen' is a generated maze with a fresh seed. */
  private mazeSpec(maze: string): string {
    return maze === 'gen' ? `gen:${freshSeed()}` : maze;
  }

  /**
   * Record for a study → Open study file…: a study.json from the person's disk. A good one becomes the
   * study to record for (kept in this browser); a bad one is named with its field and changes nothing.
   */
  private openStudyFile(m: Menu): void {
    void pickTextFile({
      title: 'Open a study file',
      message: 'A study.json (npm run -s study -- template paper prints one): its human clips become the ones to record.',
      accept: '.json,application/json',
    }).then((file) => {
      if (!file || !this.scene.isActive()) return;
      this.remember(m);
      last.row = 'record';
      try {
        const study = saveRecordStudy(file.text, file.name);
        const n = humanClips(study).length;
        studyMessage = `Opened ${file.name}: study ${study.id}, ${n} human clip${n === 1 ? '' : 's'} to record.`;
        last.record = 0;
      } catch (err) {
        studyMessage = `Not opened: ${err instanceof Error ? err.message : String(err)}`;
        last.record = humanClips(this.study).length; // stay on "Open study file…", where the message shows
      }
      this.scene.restart();
    });
  }

  /** Record for a study: the exact drill variant and seed the study needs, a countdown, a tagged replay. */
  private recordForStudy(value: string, m: Menu): void {
    if (value === OPEN_STUDY) {
      this.openStudyFile(m);
      return;
    }
    const study = this.study;
    const [player, variant] = value.split('/') as [string, string];
    const tag: StudyTag = { id: study.id, player, drill: study.drill.name, variant };
    this.scene.start('match', {
      config: drillConfig(study, variant),
      p1: 'human',
      p2: 'scripted',
      countdown: 3,
      extra: { study: { ...tag } },
    } satisfies MatchSetup);
  }
}
