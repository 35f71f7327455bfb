// The title screen: a player's main menu (Story, Versus, Practice, Replays, Options, and Tools last for
// researchers and designers), each choice a page of the same scene. Versus and Practice start with
// START (Enter or Z starts at once), then the match settings. One Difficulty row picks a named pair
// (stage preset + CPU preset: Easy … Lunatic, or Custom, where the Stage and CPU rows below it become
// choosable), or Adaptive (Player vs CPU only: the CPU's strength follows the player's results; its
// Aim and Start over rows replace Stage and CPU); the selected row says what it does in a player's
// words. Settings, the page and its cursor row are remembered between visits, the adaptive state in
// the browser (storage/adaptive-store.ts). Esc or X on a page goes back to the main menu.
import { playMusic } from '../audio/music-lazy';
import Phaser from 'phaser';
import { UI } from '../art/palette';
import { sfx } from '../audio/sfx';
import { DIFFICULTY_PRESETS, getDodgePreset } from '../cpu/presets';
import { listPairs, resolvePair, type DifficultyPair } from '../cpu/presets/pairs';
import { stageConfig } from '../sim/config';
import { getStagePreset, STAGE_PRESETS } from '../sim/stage-preset';
import { ROSTER } from '../sim/characters';
import { addBackdrop } from '../views/backdrop';
import type { SaveReplayResult } from './save-replay';
import { GAME_H, GAME_W } from '../views/layout';
import { freshSeed, type MatchSetup } from './match-setup';
import { openCharacterSelectLazy, openOptionsScene, startPlannerLab, startPresetsScene, startReplaysScene } from './lazy-scenes';
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
import type { SelectSide } from './select-scene';
import { selectSettings } from './select-state';
import { language, t, tn, type Key } from '../i18n/i18n';
import { loadJapaneseFont } from '../art/load-assets';
import { EN } from '../i18n/en';
import { cpuPresetLabel, cpuPresetNote, pairLabel, stagePresetLabel } from '../i18n/preset-words';

/** The title's pages: the player's main menu, the settings of Versus and of Practice, the tools. */
export type TitlePage = 'main' | 'versus' | 'practice' | 'tools';

const MODES = (): MenuValue[] => [
  { label: t('title.modes.pvc'), value: 'pvc', note: t('title.modes.pvcNote') },
  { label: t('title.modes.pvp'), value: 'pvp', note: t('title.modes.pvpNote') },
  { label: t('title.modes.cvc'), value: 'cvc', note: t('title.modes.cvcNote') },
];

/** Versus plays open or maze stages; Practice also the study's survey drill. */
function stageSets(practice: boolean): MenuValue[] {
  return [
    { label: t('title.stages.open'), value: 'open', note: t('title.stages.openNote') },
    { label: t('title.stages.maze'), value: 'maze', note: t('title.stages.mazeNote') },
    ...(practice ? [{ label: t('title.stages.drill'), value: 'drill', note: t('title.stages.drillNote') }] : []),
  ];
}

type MenuValue = NonNullable<MenuRow['values']>[number];

/** Who picks a character in each mode, in order (a CPU side is picked by the player after their own). */
function selectSides(mode: string): SelectSide[] {
  if (mode === 'pvp')
    return [
      { who: 'human', label: t('title.select.player1') },
      { who: 'human', label: t('title.select.player2') },
    ];
  if (mode === 'cvc')
    return [
      { who: 'cpu', label: t('title.select.p1Cpu') },
      { who: 'cpu', label: t('title.select.p2Cpu') },
    ];
  if (mode === 'practice') return [{ who: 'human', label: t('title.select.you') }];
  return [
    { who: 'human', label: t('title.select.p1You') },
    { who: 'cpu', label: t('title.select.p2Cpu') },
  ];
}

/** The paper's study: the survey drill of Practice → Survey drill, and what Record for a study offers first. */
const PAPER_STUDY = paperStudy();
const OPEN_STUDY = 'open-study';
/** What the last "Open study file…" said (an error names the file and field), shown under that row. */
let studyMessage = '';

/** Notes under a row stay on one line (a second line would push the rows below into the help text). */
const NOTE_CHARS = 118;
function oneLine(s: string): string {
  // A Japanese character is about twice as wide as a Latin one.
  const limit = language() === 'ja' ? Math.floor(NOTE_CHARS / 2) : NOTE_CHARS;
  return s.length <= limit ? s : `${s.slice(0, limit - 1)}…`;
}

/** Record for a study: one value per (human player, drill variant) the study needs, then "Open study file…" (notes wrap). */
function recordValues(study: Study): MenuValue[] {
  const clips = humanClips(study).map((c) => ({
    label: t('title.tools.recordVariant', { label: c.label, variant: c.variant }),
    value: `${c.player}/${c.variant}`,
    note: t('title.tools.recordNote', {
      drill: study.drill.name,
      variant: c.variant,
      seed: study.drill.seed,
      study: study.id,
      player: c.player,
    }),
  }));
  const open = {
    label: t('title.tools.openStudy'),
    value: OPEN_STUDY,
    note: studyMessage || t('title.tools.openStudyNote', { study: study.id }),
  };
  return [...clips, open];
}

/** The person's own presets and pairs from the preset library (Tools → Presets), loaded once per visit. */
// key: what the rows show now (the empty library at first), so a visit restarts the title only on a change.
const user = { cpu: [] as DodgePreset[], stage: [] as StagePreset[], pair: [] as DifficultyPair[], key: JSON.stringify([[], [], []]) };
const CUSTOM = 'custom';

/** Maze stages: where the maze rotation starts; 'gen' becomes gen:SEED with a fresh seed. */
function mazes(): MenuValue[] {
  return [
    ...MAZE_NAMES.map((n) => {
      const label = n[0]!.toUpperCase() + n.slice(1);
      return { label, value: n, note: t('title.maze.startsWith', { maze: label }) };
    }),
    { label: t('title.maze.random'), value: 'gen', note: t('title.maze.randomNote') },
  ];
}

const yours = (label: string): string => t('title.difficulty.yours', { label });

/**
 * The CPU row: the four difficulties in a player's words, the person's own presets, the simple scripted
 * CPU. The paper's players and their technical descriptions are in the tools (Tools → Presets).
 */
function opponentValues(): MenuValue[] {
  return [
    ...DIFFICULTY_PRESETS.map((n) => {
      const label = cpuPresetLabel(getDodgePreset(n));
      return { label, value: `cpu:${n}`, note: t('title.cpu.note', { label, what: cpuPresetNote(n) ?? '' }) };
    }),
    ...user.cpu.map((p) => ({
      label: yours(p.label),
      value: `cpu:${p.name}`,
      note: p.description ? t('title.cpu.yourNote', { what: p.description }) : t('title.cpu.yourNoteBare'),
    })),
    { label: t('title.cpu.scripted'), value: 'scripted', note: t('title.cpu.scriptedNote') },
  ];
}
function stagePresets(): StagePreset[] {
  return [...STAGE_PRESETS, ...user.stage];
}
/** A built-in stage preset in a player's words, or the person's own description. */
function stageWords(p: StagePreset): string {
  const builtin = (EN.title.stageNotes as Record<string, string>)[p.name];
  if (builtin && !user.stage.includes(p)) return t(`title.stageNotes.${p.name}` as Key);
  return p.description || t('title.difficulty.yourStage');
}
function stageValues(): MenuValue[] {
  return stagePresets().map((p) => {
    const label = user.stage.includes(p) ? yours(p.label) : stagePresetLabel(p);
    return { label, value: p.name, note: oneLine(t('title.stage.note', { label, what: stageWords(p) })) };
  });
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

/** A pair in a player's words: the built-in ones from the catalogue, the person's own from their presets. */
function pairNote(p: DifficultyPair, practice: boolean): string {
  const builtin = (EN.title.pairNotes as Record<string, string>)[p.name];
  if (builtin && !user.pair.includes(p)) return t(`title.${practice ? 'stageNotes' : 'pairNotes'}.${p.name}` as Key);
  const { stage, cpu } = resolvePair(p, user);
  if (practice) return oneLine(t('title.stage.note', { label: stage.label, what: stageWords(stage) }));
  return oneLine(
    t('title.difficulty.userPair', {
      stage: stagePresetLabel(stage),
      stageWhat: clause(stage.description || t('title.difficulty.yourStage')),
      cpu: cpuPresetLabel(cpu),
      cpuWhat: clause(cpu.description || t('title.difficulty.yourCpu')),
    }),
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
function difficultyValues(practice: boolean): MenuValue[] {
  return [
    ...pairs().map((p) => ({ label: user.pair.includes(p) ? yours(p.label) : pairLabel(p), value: p.name, note: pairNote(p, practice) })),
    // Its note says where the adaptive state stands (set when the title syncs); Versus, Player vs CPU only.
    ...(practice ? [] : [{ label: t('title.difficulty.adaptive'), value: ADAPTIVE, note: '' }]),
    {
      label: t('title.difficulty.custom'),
      value: CUSTOM,
      note: t(practice ? 'title.difficulty.customPracticeNote' : 'title.difficulty.customNote'),
    },
  ];
}

/** The Aim row: the player's win rate Adaptive steers to. A change applies from the next match. */
function aimValues(): MenuValue[] {
  return ADAPTIVE_TARGETS.map((a) => ({
    label: t('title.adaptive.aim', { pct: Math.round(a * 100) }),
    value: String(a),
    note: t('title.adaptive.aimNote', { words: aimWords(a) }),
  }));
}

/** Remembered between visits to the title screen (indices into the value lists; row = cursor per page). */
// parked: Adaptive was chosen, then a mode without it; going back to Player vs CPU brings it back.
const FIRST_VISIT = {
  page: 'main' as TitlePage,
  rows: { main: 'story', versus: 'start', practice: 'start', tools: 'record' } as Record<TitlePage, string>,
  mode: 0,
  stages: 0,
  practiceStages: 0,
  pair: 1,
  practicePair: 1,
  stage: 1,
  cpu: 1,
  maze: 0,
  record: 0,
  parked: false,
  level: 0,
  lives: 0,
};

/** Practice: the level the stage starts at (1 … the preset's cap, clamped at START) and infinite lives. */
function levels(): MenuValue[] {
  return Array.from({ length: 10 }, (_, i) => ({
    label: t('title.level.label', { n: i + 1 }),
    value: String(i + 1),
    note: i === 0 ? t('title.level.first') : t('title.level.later', { n: i + 1 }),
  }));
}
function livesValues(): MenuValue[] {
  return [
    { label: t('title.lives.normal'), value: 'normal', note: t('title.lives.normalNote') },
    { label: t('title.lives.infinite'), value: 'infinite', note: t('title.lives.infiniteNote') },
  ];
}
const last = { ...FIRST_VISIT, rows: { ...FIRST_VISIT.rows } };

/** Attract mode: how long the title waits, untouched, before its demo (tests shorten it). */
export const attract = { afterMs: 30_000 };

/** Forgets the remembered settings and cursor: the next title is the first visit's (tests start from it). */
export function forgetTitleChoices(page: TitlePage = 'main'): void {
  Object.assign(last, FIRST_VISIT, { rows: { ...FIRST_VISIT.rows }, page });
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
    // The Japanese face too (in English the roster's names are written in kanji): after the title, not before.
    void loadJapaneseFont();
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
    this.add.text(cx, 110, t('title.subtitle'), textStyle(18, UI.dim)).setOrigin(0.5);
    this.add.image(cx - 280, 76, 'ship0').setScale(1.3);
    this.add.image(cx + 280, 76, 'ship1').setScale(1.3);
    void this.loadUserPresets();
    const page = last.page;
    const menu = page === 'main' ? this.mainMenu() : page === 'tools' ? this.toolsMenu() : this.settingsMenu(page === 'practice');
    this.menu = menu;
    if (page !== 'main') {
      menu.onBack = () => this.toPage('main');
      this.input.keyboard!.on('keydown-ESC', () => this.toPage('main'));
      this.add.text(cx, 138, t(`title.pageTitle.${page}`), textStyle(15, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5);
    }
    menu.selectRow(last.rows[page]);
    menu.render();
    this.add.text(cx, GAME_H - 40, t('title.help.keys'), textStyle(13, UI.dim)).setOrigin(0.5);
    this.add.text(cx, GAME_H - 20, t('title.help.pad'), textStyle(12, UI.dim)).setOrigin(0.5);
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

  /** Another page of the title (its cursor remembered); the settings chosen stay. */
  private toPage(page: TitlePage): void {
    if (this.menu) last.rows[last.page] = this.menu.selectedId ?? last.rows[last.page];
    last.page = page;
    this.scene.restart();
  }

  /** The player's main menu: what a player wants first, the tools last under one entry. */
  private mainMenu(): Menu {
    const rows: MenuRow[] = [
      { id: 'story', label: t('title.main.story'), note: t('title.main.storyNote') },
      { id: 'versus', label: t('title.main.versus'), note: t('title.main.versusNote') },
      { id: 'practice', label: t('title.main.practice'), note: t('title.main.practiceNote') },
      { id: 'replays', label: t('title.main.replays'), note: t('title.main.replaysNote') },
      { id: 'options', label: t('title.main.options'), note: t('title.main.optionsNote') },
      { id: 'tools', label: t('title.main.tools'), note: t('title.main.toolsNote') },
    ];
    return new Menu(
      this,
      rows,
      GAME_W / 2,
      190,
      (row) => {
        last.rows.main = row.id;
        if (row.id === 'story') this.openStory();
        else if (row.id === 'versus' || row.id === 'practice' || row.id === 'tools') this.toPage(row.id);
        else if (row.id === 'replays') void startReplaysScene(this);
        else if (row.id === 'options') void openOptionsScene(this, () => this.scene.restart());
      },
      undefined,
      40,
      { noteWidth: 820 },
    );
  }

  /** Tools: the researcher's and the designer's, in their own words. */
  private toolsMenu(): Menu {
    const rows: MenuRow[] = [
      { id: 'record', label: t('title.rows.record'), values: recordValues(this.study), index: last.record },
      { id: 'presets', label: t('title.rows.presets'), note: t('title.tools.presetsNote') },
      { id: 'lab', label: t('title.rows.lab'), note: t('title.tools.labNote') },
      { id: 'back', label: t('title.back'), note: t('title.backNote') },
    ];
    const menu = new Menu(
      this,
      rows,
      GAME_W / 2,
      180,
      (row, m) => {
        last.rows.tools = row.id;
        if (row.id === 'record') this.recordForStudy(m.value('record'), m);
        else if (row.id === 'presets') void startPresetsScene(this);
        else if (row.id === 'lab') void startPlannerLab(this);
        else if (row.id === 'back') this.toPage('main');
      },
      undefined,
      40,
      { noteWidth: 900 },
    );
    menu.onChange = (row) => {
      if (row.id === 'record') last.record = row.index ?? 0;
    };
    return menu;
  }

  /** The settings of a Versus match (Player vs CPU, Player vs Player, CPU vs CPU) or of Practice. */
  private settingsMenu(practice: boolean): Menu {
    const cx = GAME_W / 2;
    const OPPONENTS = opponentValues();
    const STAGE_VALUES = stageValues();
    const DIFFICULTY_VALUES = difficultyValues(practice);
    const PAIRS = pairs();
    this.lists = { OPPONENTS, STAGE_VALUES, DIFFICULTY_VALUES };
    const mazeRow: MenuRow = { id: 'maze', label: t('title.rows.maze'), values: mazes(), index: last.maze };
    const stageRow: MenuRow = { id: 'stage', label: t('title.rows.stage'), values: STAGE_VALUES, index: last.stage };
    const cpuRow: MenuRow = { id: 'opponent', label: t('title.rows.cpu'), values: OPPONENTS, index: last.cpu };
    const difficultyRow: MenuRow = {
      id: 'difficulty',
      label: t('title.rows.difficulty'),
      values: DIFFICULTY_VALUES,
      index: Math.min(practice ? last.practicePair : last.pair, DIFFICULTY_VALUES.length - 1),
    };
    const stagesRow: MenuRow = {
      id: 'stages',
      label: t('title.rows.stages'),
      values: stageSets(practice),
      index: practice ? last.practiceStages : last.stages,
    };
    const adaptiveValue = DIFFICULTY_VALUES.find((v) => v.value === ADAPTIVE);
    const AIMS = aimValues();
    const aimRow: MenuRow = {
      id: 'aim',
      label: t('title.rows.aim'),
      values: AIMS,
      index: Math.max(
        0,
        AIMS.findIndex((v) => Number(v.value) === this.adaptive.target),
      ),
    };
    const startOverRow: MenuRow = { id: 'adaptive-reset', label: t('title.rows.startOver'), note: () => this.startOverNote() };
    const levelRow: MenuRow = { id: 'level', label: t('title.rows.level'), values: levels(), index: last.level };
    const livesRow: MenuRow = { id: 'lives', label: t('title.rows.lives'), values: livesValues(), index: last.lives };
    let menuRef: Menu | undefined;
    const rows: MenuRow[] = [
      { id: 'start', label: t('title.start'), note: () => (menuRef ? this.summary(menuRef) : '') },
      ...(practice ? [] : [{ id: 'mode', label: t('title.rows.mode'), values: MODES(), index: last.mode }]),
      stagesRow,
      mazeRow,
      difficultyRow,
      ...(practice ? [levelRow, livesRow, stageRow] : [aimRow, startOverRow, stageRow, cpuRow]),
      { id: 'back', label: t('title.back'), note: t('title.backNote') },
    ];
    const menu = new Menu(
      this,
      rows,
      cx,
      172,
      (row, m) => {
        last.rows[last.page] = row.id;
        if (row.id === 'start') this.start(m);
        else if (row.id === 'adaptive-reset') this.pressStartOver(m);
        else if (row.id === 'back') this.toPage('main');
      },
      undefined,
      // Rows close enough that the whole menu (and the selected row's note) ends above the help lines.
      30,
      { notesUnder: true, noteWidth: 900 },
    );
    // Rows that depend on others: the Maze row works only with maze stages; Stage and CPU show the
    // pair's two parts and can be changed under Custom; there is no CPU in Player vs Player.
    // Synced on the change itself so that a Down pressed right after reaches them.
    const normalIndex = DIFFICULTY_VALUES.findIndex((v) => v.value === 'normal');
    const adaptiveIndex = adaptiveValue ? DIFFICULTY_VALUES.indexOf(adaptiveValue) : -1;
    const mode = (): string => (practice ? 'practice' : menu.value('mode'));
    const sync = (): void => {
      mazeRow.disabled = menu.value('stages') === 'maze' ? undefined : t('title.maze.off');
      // The drill is the study's fixed script: no level, lives or difficulty of its own.
      const drill = menu.value('stages') === 'drill';
      levelRow.hidden = livesRow.hidden = drill;
      difficultyRow.hidden = drill;
      if (adaptiveValue) {
        // Adaptive is for Player vs CPU only: other modes hide it (Normal stands in, and Adaptive comes
        // back with Player vs CPU unless the difficulty was changed meanwhile).
        const pvc = mode() === 'pvc';
        adaptiveValue.hidden = !pvc;
        if (!pvc && difficultyRow.index === adaptiveIndex) {
          difficultyRow.index = normalIndex;
          last.parked = true;
        } else if (pvc && last.parked) {
          if (difficultyRow.index === normalIndex) difficultyRow.index = adaptiveIndex;
          last.parked = false;
        }
        adaptiveValue.note = adaptiveNote(this.adaptive);
      }
      const adaptive = !practice && menu.value('difficulty') === ADAPTIVE;
      aimRow.hidden = startOverRow.hidden = !adaptive;
      stageRow.hidden = cpuRow.hidden = adaptive;
      if (drill) stageRow.hidden = true;
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
      stageRow.disabled = pair ? t('title.difficulty.partOff') : undefined;
      cpuRow.disabled = mode() === 'pvp' ? t('title.difficulty.noCpuPvp') : pair ? t('title.difficulty.partOff') : undefined;
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
    sync();
    return menu;
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
    if (this.startOver === 'done') return t('title.adaptive.done', { start });
    if (this.startOver === 'armed') return tn('title.adaptive.armed', n, { start });
    return tn('title.adaptive.now', n, { start, strength: strengthPercent(this.adaptive.strength) });
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

  /** The mode START plays: Practice on the Practice page, else the Mode row's. */
  private mode(m: Menu): string {
    return last.page === 'practice' ? 'practice' : m.value('mode');
  }

  /** What START will play, in words. */
  private summary(m: Menu): string {
    const { OPPONENTS, STAGE_VALUES, DIFFICULTY_VALUES } = this.lists;
    const press = t('title.pressStart');
    if (m.value('stages') === 'drill') return `${t('title.summary.drill')} ${press}`;
    const mazeLabel = mazes().find((x) => x.value === m.value('maze'))!.label;
    const stages = m.value('stages') === 'maze' ? t('title.summary.mazeStages', { maze: mazeLabel }) : t('title.summary.openStages');
    const mode = this.mode(m);
    const modeLabel = MODES().find((x) => x.value === mode)?.label ?? '';
    if (mode === 'pvc' && m.value('difficulty') === ADAPTIVE) {
      const strength = strengthPercent(this.adaptive.strength);
      return `${t('title.summary.adaptive', { mode: modeLabel, stages, strength, pct: Math.round(this.adaptive.target * 100) })} ${press}`;
    }
    const pair = DIFFICULTY_VALUES.find((x) => x.value === m.value('difficulty'))!.label;
    const stage = STAGE_VALUES.find((x) => x.value === m.value('stage'))!.label;
    if (mode === 'practice') {
      const lives = m.value('lives') === 'infinite' ? t('title.summary.infiniteLives') : '';
      return `${t('title.summary.practice', { stages, pair, stage, level: m.value('level'), lives })} ${press}`;
    }
    const parts =
      mode === 'pvp'
        ? t('title.summary.stageOnly', { stage })
        : t('title.summary.stageCpu', { stage, cpu: OPPONENTS.find((x) => x.value === m.value('opponent'))!.label });
    return `${t('title.summary.pair', { mode: modeLabel, stages, pair, parts })} ${press}`;
  }

  private remember(m: Menu): void {
    const idx = (id: string, fallback: number): number => m.rows.find((r) => r.id === id)?.index ?? fallback;
    const practice = last.page === 'practice';
    last.mode = idx('mode', last.mode);
    if (practice) last.practiceStages = idx('stages', last.practiceStages);
    else last.stages = idx('stages', last.stages);
    last.maze = idx('maze', last.maze);
    if (practice) last.practicePair = idx('difficulty', last.practicePair);
    else last.pair = idx('difficulty', last.pair);
    last.stage = idx('stage', last.stage);
    last.cpu = idx('opponent', last.cpu);
    last.level = idx('level', last.level);
    last.lives = idx('lives', last.lives);
  }

  private start(m: Menu): void {
    this.remember(m);
    const mode = this.mode(m);
    const opponent = mode === 'practice' ? 'scripted' : m.value('opponent');
    const stage = stagePresets().find((p) => p.name === m.value('stage'))!;
    const stages = m.value('stages') as 'open' | 'maze' | 'drill';
    const maze = m.value('maze');
    // Practice → Survey drill: the study's survey drill, one field, a person playing.
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
    const sides = selectSides(mode);
    const play = (ids: (string | undefined)[]): void => {
      const [p1, p2] = ids;
      this.scene.start('match', {
        ...setup,
        config: { ...setup.config, ...(p1 ? { p1Character: p1 } : {}), ...(p2 ? { p2Character: p2 } : {}) },
      });
    };
    if (selectSettings.skip) play([]);
    else void openCharacterSelectLazy(this, { sides, onPicked: play, onCancel: () => this.scene.start('title') });
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
      title: t('title.tools.openStudyTitle'),
      message: t('title.tools.openStudyMessage'),
      accept: '.json,application/json',
    }).then((file) => {
      if (!file || !this.scene.isActive()) return;
      this.remember(m);
      last.rows.tools = 'record';
      try {
        const study = saveRecordStudy(file.text, file.name);
        const n = humanClips(study).length;
        studyMessage = tn('title.tools.opened', n, { file: file.name, study: study.id });
        last.record = 0;
      } catch (err) {
        studyMessage = t('title.tools.notOpened', { why: err instanceof Error ? err.message : String(err) });
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
