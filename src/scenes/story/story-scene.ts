// Story mode's screens (issue 24), one scene showing one screen at a time: the start screen
// (character, difficulty, high scores), the dialogue before each stage, the stage-clear tally, the
// continue screen after a loss (with a countdown), the ending, the credits, name entry and the
// high-score table. The matches themselves are the match scene's; flow.ts holds the run between.
import { playMusic } from '../../audio/music-lazy';
import Phaser from 'phaser';
import { UI } from '../../art/palette';
import { loadCharacterArt, portraitKey } from '../../art/character-art';
import { groupDigits } from '../../cpu/group-digits';
import { getCharacter, ROSTER } from '../../sim/characters';
import { DIFFICULTIES } from '../../sim/config';
import { getStagePreset } from '../../sim/stage-preset';
import { describeError } from '../../storage/replay-library';
import { cleanScoreName, openHighScores, type RankedScore } from '../../storage/high-scores';
import { continueRun, currentStage, endingLines, giveUp, preMatchLine, storyResult, STORY_STAGES, type StoryRun } from '../../story';
import { promptText } from '../../ui/dom-panel';
import { Menu, type MenuRow } from '../../ui/menu';
import { addBackdrop } from '../../views/backdrop';
import { GAME_H, GAME_W } from '../../views/layout';
import { textStyle } from '../../views/text';
import type { ResultData } from '../result-scene';
import { openCharacterSelect } from '../select-scene';
import { characterDescription, characterName } from '../../i18n/character-words';
import { language, t } from '../../i18n/i18n';
import { partName } from '../../views/character-stats';
import { difficultyName } from '../result-text';
import { beginRun, isStoryResult, settleStage, stageSetup, STORY_HUD_SCENE, STORY_SCENE, story } from './flow';

export { STORY_HUD_SCENE, STORY_SCENE } from './flow';
/** Seconds the continue screen waits before giving up by itself. */
export const CONTINUE_SECONDS = 10;

export type StoryScreen = 'start' | 'dialogue' | 'after' | 'tally' | 'continue' | 'ending' | 'credits' | 'name' | 'scores';

export interface StoryData {
  screen: StoryScreen;
  /** 'after': the finished match's result. */
  result?: ResultData;
  /** 'scores': which table, the rank to highlight, a message (a score that did not make it, an error). */
  table?: { difficulty: string; character: string; rank?: number | null; message?: string; focus?: string };
}

/** A difficulty's name in the game's language: 'hard' → Hard. */
const cap = (s: string) => difficultyName(s);
const fmt = (n: number) => groupDigits(Math.round(n));

/** The credits, top to bottom: [heading, lines], in the game's language. Original text about the project. */
function credits(): readonly (readonly [string, readonly string[]])[] {
  return [
    ['TWINFIELD', [t('story.credits.tagline'), t('story.credits.built')]],
    [
      t('story.credits.methods'),
      [
        t('story.credits.method1'),
        t('story.credits.method2'),
        t('story.credits.method3'),
        t('story.credits.method4'),
        t('story.credits.method5'),
      ],
    ],
    [
      t('story.credits.libraries'),
      [
        'Phaser 4 (MIT) · zod (MIT) · idb (ISC) · eventemitter3 (MIT) · fflate (MIT)',
        'mediabunny (MPL-2.0) · Tweakpane (MIT) · seedrandom (MIT) · simple-statistics (ISC)',
        'Fastify (MIT) · better-sqlite3 (MIT) · jsPsych (MIT) · Vite, Vitest, Biome, Playwright (MIT / Apache-2.0)',
      ],
    ],
    [t('story.credits.fonts'), [t('story.credits.fontLatin'), t('story.credits.fontJapanese')]],
    [
      t('story.credits.characters'),
      [
        ['asagi', 'kurenai', 'shion', 'kohaku', 'ruri', 'midori'].map((id) => characterName(getCharacter(id))).join(' · '),
        t('story.credits.thanks'),
      ],
    ],
  ];
}

export class StoryScene extends Phaser.Scene {
  private data_!: StoryData;
  /** The screen on show (tests read it through the story hook). */
  screen: StoryScreen = 'start';
  /** The continue screen's seconds left. */
  countdown = 0;
  /** The high-score rows on show ('scores'). */
  rows: RankedScore[] = [];

  constructor() {
    super(STORY_SCENE);
  }

  init(d: StoryData): void {
    this.data_ = d?.screen ? d : { screen: 'start' };
    this.screen = this.data_.screen;
    this.rows = [];
  }

  create(): void {
    addBackdrop(this);
    const run = story.run;
    // Between matches the select theme plays (the match plays its own; the jingle ends a match).
    if (['start', 'scores', 'dialogue', 'continue'].includes(this.screen)) playMusic(this, () => 'select');
    else if (this.screen === 'ending' || this.screen === 'credits') playMusic(this, () => 'title');
    if (this.screen === 'start') this.startScreen();
    else if (this.screen === 'scores') this.scoresScreen();
    else if (!run) this.go({ screen: 'start' });
    else if (this.screen === 'dialogue') this.dialogueScreen(run);
    else if (this.screen === 'after') this.afterScreen();
    else if (this.screen === 'tally') this.tallyScreen(run);
    else if (this.screen === 'continue') this.continueScreen(run);
    else if (this.screen === 'ending') this.endingScreen(run);
    else if (this.screen === 'credits') this.creditsScreen();
    else this.nameScreen(run);
  }

  private go(d: StoryData): void {
    this.scene.start(STORY_SCENE, d);
  }

  private title(text: string, color: string = UI.accent, y = 48): Phaser.GameObjects.Text {
    return this.add.text(GAME_W / 2, y, text, textStyle(40, color, { fontStyle: 'bold', strokeThickness: 8 })).setOrigin(0.5);
  }

  /** A character's portrait, or a card in its colour while the art is missing (not loaded, or failed). */
  private portrait(x: number, y: number, id: string, flip = false, scale = 1): Phaser.GameObjects.GameObject[] {
    const c = getCharacter(id);
    const key = portraitKey(id);
    if (this.textures.exists(key)) {
      const img = this.add.image(x, y, key).setFlipX(flip);
      img.setDisplaySize(200 * scale, 260 * scale);
      return [img];
    }
    const col = Phaser.Display.Color.HexStringToColor(c.color).color;
    const g = this.add.graphics();
    g.fillStyle(col, 0.25).fillRoundedRect(x - 100 * scale, y - 130 * scale, 200 * scale, 260 * scale, 16);
    g.lineStyle(3, col, 1).strokeRoundedRect(x - 100 * scale, y - 130 * scale, 200 * scale, 260 * scale, 16);
    const t = this.add.text(x, y, c.nameJa, textStyle(64 * scale, c.color, { fontStyle: 'bold' })).setOrigin(0.5);
    return [g, t];
  }

  /** Loads the character art, then redraws (`draw`); a failure keeps the coloured cards. */
  private withArt(draw: () => void): void {
    draw();
    if (ROSTER.every((id) => this.textures.exists(portraitKey(id)))) return;
    loadCharacterArt(this).then(
      () => {
        if (this.scene.isActive()) draw();
      },
      () => undefined,
    );
  }

  // ---- start ----

  private startScreen(): void {
    this.title(t('story.start.title'));
    this.add.text(GAME_W / 2, 92, t('story.start.intro'), textStyle(16, UI.dim, { align: 'center', lineSpacing: 6 })).setOrigin(0.5, 0);
    this.add
      .text(GAME_W / 2, 440, t('story.start.scoreRule'), textStyle(14, UI.dim, { align: 'center', lineSpacing: 5 }))
      .setOrigin(0.5, 0);
    const rows: MenuRow[] = [
      {
        id: 'difficulty',
        label: t('story.start.difficulty'),
        values: DIFFICULTIES.map((d) => ({ label: cap(d), value: d })),
        index: Math.max(0, (DIFFICULTIES as readonly string[]).indexOf(story.choice.difficulty)),
        note: t('story.start.difficultyNote'),
      },
      { id: 'start', label: t('story.start.start'), note: t('story.start.startNote') },
      { id: 'scores', label: t('story.start.scores') },
      { id: 'title', label: t('story.start.back') },
    ];
    const menu = new Menu(this, rows, GAME_W / 2, 200, (row, m) => {
      const difficulty = m.value('difficulty');
      story.choice.difficulty = difficulty;
      if (row.id === 'start') this.pickCharacter(difficulty);
      else if (row.id === 'scores') this.go({ screen: 'scores', table: { ...story.choice } });
      else this.scene.start('title');
    });
    menu.onChange = (_row, m) => {
      story.choice.difficulty = m.value('difficulty');
    };
    menu.onBack = () => this.scene.start('title');
  }

  /** The character select (one side, the player), then the first stage's dialogue; back: this start screen. */
  private pickCharacter(difficulty: string): void {
    openCharacterSelect(this, {
      sides: [{ who: 'human', label: t('story.start.you') }],
      title: t('story.start.selectTitle', { difficulty: cap(difficulty) }),
      onPicked: ([id]) => {
        beginRun(id ?? story.choice.character, difficulty);
        this.scene.start(STORY_SCENE, { screen: 'dialogue' } satisfies StoryData);
      },
      onCancel: () => this.scene.start(STORY_SCENE, { screen: 'start' } satisfies StoryData),
    });
  }

  // ---- dialogue ----

  private dialogueScreen(run: StoryRun): void {
    const st = currentStage(run);
    const opp = getCharacter(st.opponent);
    const me = getCharacter(run.character);
    const line = preMatchLine(st.opponent, st.number);
    this.title(
      st.finalBoss ? t('story.dialogue.finalStage') : t('story.dialogue.stage', { n: st.number, total: STORY_STAGES }),
      UI.accent,
      36,
    );
    this.add
      .text(
        GAME_W / 2,
        70,
        t('story.dialogue.status', { score: fmt(run.score), continues: run.continues, difficulty: cap(run.difficulty) }),
        textStyle(15, UI.dim),
      )
      .setOrigin(0.5);
    let art: Phaser.GameObjects.GameObject[] = [];
    this.withArt(() => {
      for (const o of art) o.destroy();
      art = [...this.portrait(140, 230, run.character, false, 0.95), ...this.portrait(820, 230, st.opponent, true, 0.95)];
    });
    const ja = language() === 'ja';
    this.add.text(140, 370, characterName(me), textStyle(20, me.color, { fontStyle: 'bold' })).setOrigin(0.5);
    this.add.text(820, 370, ja ? opp.nameJa : `${opp.name}  ${opp.nameJa}`, textStyle(22, opp.color, { fontStyle: 'bold' })).setOrigin(0.5);
    const sub = st.finalBoss ? t('story.dialogue.boss', { name: partName(opp.boss) }) : characterDescription(opp);
    this.add.text(GAME_W / 2, 110, sub, textStyle(15, UI.dim, { wordWrap: { width: 440 }, align: 'center' })).setOrigin(0.5, 0);
    const preset = getStagePreset(st.stage);
    this.add
      .text(
        GAME_W / 2,
        180,
        t('story.dialogue.match', {
          cpu: cap(st.cpu),
          stage: ja ? cap(st.stage) : preset.label,
          time: `${Math.floor(st.timeLimit / 60)}:${String(st.timeLimit % 60).padStart(2, '0')}`,
          lives: st.lives,
        }),
        textStyle(15, UI.text),
      )
      .setOrigin(0.5);
    const box = this.add.graphics();
    box.fillStyle(UI.panel, 0.92).fillRoundedRect(60, 395, GAME_W - 120, 88, 12);
    box.lineStyle(2, Phaser.Display.Color.HexStringToColor(opp.color).color, 0.9).strokeRoundedRect(60, 395, GAME_W - 120, 88, 12);
    this.add.text(80, 405, characterName(opp), textStyle(15, opp.color, { fontStyle: 'bold' }));
    const said = `「${line.ja.replace(/^「|」$/g, '')}」`;
    // In Japanese the line is said once, in Japanese; in English the Japanese follows, smaller.
    if (ja) this.add.text(80, 432, said, textStyle(19, UI.text, { wordWrap: { width: GAME_W - 170 } }));
    else {
      this.add.text(80, 428, `“${line.en}”`, textStyle(19, UI.text, { wordWrap: { width: GAME_W - 170 } }));
      this.add.text(80, 456, said, textStyle(16, UI.dim, { wordWrap: { width: GAME_W - 170 } }));
    }
    const menu = new Menu(
      this,
      [
        { id: 'fight', label: t('story.dialogue.fight') },
        { id: 'quit', label: t('story.dialogue.quit') },
      ],
      GAME_W / 2,
      265,
      (row) => {
        if (row.id === 'fight') this.startMatch(run);
        else this.scene.start('title');
      },
    );
    menu.onBack = () => undefined;
  }

  private startMatch(run: StoryRun): void {
    const setup = stageSetup(run);
    // The match draws the characters' ships: their art first (a failure draws the fallback shapes).
    const go = () => {
      if (!this.scene.isActive()) return;
      this.scene.start('match', setup);
      this.scene.launch(STORY_HUD_SCENE);
    };
    loadCharacterArt(this).then(go, go);
  }

  // ---- after a match ----

  private afterScreen(): void {
    const d = this.data_.result;
    const note = this.add.text(GAME_W / 2, GAME_H / 2, t('result.saving'), textStyle(18, UI.dim)).setOrigin(0.5);
    if (!isStoryResult(d)) {
      note.setText(t('story.after.notStory'));
      this.time.delayedCall(1500, () => this.scene.start('title'));
      return;
    }
    const saved = d.saved ?? Promise.resolve({ ok: null, partial: false } as const);
    void saved.then((r) => {
      if (!this.scene.isActive()) return;
      const run = settleStage(d, r.ok === true ? r.entry.id : undefined);
      story.saveError = r.ok === false ? r.error : null;
      this.go({ screen: run.phase === 'lost' ? 'continue' : 'tally' });
    });
  }

  // ---- tally ----

  private tallyScreen(run: StoryRun): void {
    const tally = story.lastTally;
    if (!tally) {
      this.go({ screen: run.phase === 'cleared' ? 'ending' : 'dialogue' });
      return;
    }
    const n = tally.stage;
    this.title(n === STORY_STAGES ? t('story.tally.finalClear') : t('story.tally.clear', { n }));
    const rows: [string, number][] = [
      [t('story.tally.match'), tally.match],
      [t('story.tally.clearBonus', { n }), tally.clear],
      [t('story.tally.lives', { n }), tally.lives],
      [t('story.tally.noHit', { n }), tally.noHit],
      [t('story.tally.time', { n }), tally.time],
    ];
    rows.forEach(([label, v], i) => {
      const y = 110 + i * 34;
      this.add.text(230, y, label, textStyle(19, UI.dim));
      this.add.text(730, y, fmt(v), textStyle(21, v > 0 ? UI.text : UI.dim)).setOrigin(1, 0);
    });
    this.add.text(230, 290, t('story.tally.total'), textStyle(21, UI.text, { fontStyle: 'bold' }));
    this.add.text(730, 290, fmt(tally.match + tally.bonus), textStyle(23, UI.accent, { fontStyle: 'bold' })).setOrigin(1, 0);
    this.add.text(230, 326, t('story.tally.running'), textStyle(21, UI.text, { fontStyle: 'bold' }));
    this.add.text(730, 326, fmt(run.score), textStyle(25, UI.accent, { fontStyle: 'bold' })).setOrigin(1, 0);
    this.saveNote();
    const cleared = run.phase === 'cleared';
    new Menu(
      this,
      [{ id: 'next', label: cleared ? t('story.tally.toEnding') : t('story.tally.next', { n: run.index + 1 }) }],
      GAME_W / 2,
      400,
      () => this.go({ screen: cleared ? 'ending' : 'dialogue' }),
    );
  }

  /** A failed replay save is said on the next screen (nothing played goes unreported). */
  private saveNote(): void {
    if (story.saveError)
      this.add
        .text(GAME_W / 2, GAME_H - 40, story.saveError, textStyle(14, '#ff8090', { wordWrap: { width: 820 }, align: 'center' }))
        .setOrigin(0.5);
  }

  // ---- continue ----

  private continueScreen(run: StoryRun): void {
    const st = currentStage(run);
    this.title(t('story.continue.title'), '#ff8090', 90);
    this.countdown = CONTINUE_SECONDS;
    const big = this.add.text(GAME_W / 2, 180, String(this.countdown), textStyle(72, UI.text, { fontStyle: 'bold' })).setOrigin(0.5);
    const lost = t('story.continue.lost', {
      n: st.number,
      name: characterName(getCharacter(st.opponent)),
      score: fmt(run.score),
      continues: run.continues,
    });
    this.add
      .text(GAME_W / 2, 240, `${lost}\n${t('story.continue.note')}`, textStyle(16, UI.dim, { align: 'center', lineSpacing: 6 }))
      .setOrigin(0.5, 0);
    this.saveNote();
    const menu = new Menu(
      this,
      [
        { id: 'continue', label: t('story.continue.continue') },
        { id: 'giveup', label: t('story.continue.giveUp') },
      ],
      GAME_W / 2,
      340,
      (row) => {
        timer.remove();
        if (row.id === 'continue') {
          story.run = continueRun(run);
          this.go({ screen: 'dialogue' });
        } else this.finishRun(giveUp(run));
      },
    );
    menu.onBack = () => undefined;
    const timer = this.time.addEvent({
      delay: 1000,
      repeat: CONTINUE_SECONDS - 1,
      callback: () => {
        this.countdown--;
        big.setText(String(this.countdown));
        if (this.countdown <= 0) {
          menu.setActive(false);
          this.finishRun(giveUp(run));
        }
      },
    });
  }

  // ---- ending and credits ----

  private endingScreen(run: StoryRun): void {
    const c = getCharacter(run.character);
    this.title(t('story.ending.title', { name: characterName(c) }), c.color, 44);
    let art: Phaser.GameObjects.GameObject[] = [];
    this.withArt(() => {
      for (const o of art) o.destroy();
      art = this.portrait(160, 260, run.character, false, 0.9);
    });
    const ja = language() === 'ja';
    endingLines(run.character).forEach((l, i) => {
      const y = 110 + i * 84;
      // In Japanese each line once, in Japanese; in English the Japanese under it, smaller.
      const lines = ja
        ? [this.add.text(300, y + 12, l.ja, textStyle(19, UI.text, { wordWrap: { width: 600 } }))]
        : [
            this.add.text(300, y, l.en, textStyle(19, UI.text, { wordWrap: { width: 600 } })),
            this.add.text(300, y + 30, l.ja, textStyle(15, UI.dim, { wordWrap: { width: 600 } })),
          ];
      for (const o of lines) o.setAlpha(0);
      this.tweens.add({ targets: lines, alpha: 1, delay: 300 + i * 900, duration: 600 });
    });
    this.add.text(300, 380, t('story.ending.final', { score: fmt(run.score), continues: run.continues }), textStyle(18, UI.accent));
    new Menu(this, [{ id: 'credits', label: t('story.ending.credits') }], 600, 450, () => this.go({ screen: 'credits' }));
  }

  private creditsScreen(): void {
    this.title(t('story.credits.title'), UI.accent, 26);
    let y = 56;
    for (const [head, lines] of credits()) {
      this.add.text(GAME_W / 2, y, head, textStyle(17, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5, 0);
      y += 23;
      for (const l of lines) {
        this.add.text(GAME_W / 2, y, l, textStyle(14, UI.text, { align: 'center', wordWrap: { width: 880 } })).setOrigin(0.5, 0);
        y += 19;
      }
      y += 7;
    }
    const run = story.run!;
    new Menu(this, [{ id: 'on', label: t('story.credits.continue') }], GAME_W / 2, GAME_H - 28, () => this.finishRun(run));
  }

  // ---- name entry and high scores ----

  /** The run has ended (cleared or given up): name entry if the score makes the table, then the table. */
  private finishRun(run: StoryRun): void {
    story.run = run;
    this.go({ screen: 'name' });
  }

  private nameScreen(run: StoryRun): void {
    const res = storyResult(run);
    const table = { difficulty: res.difficulty, character: res.character };
    this.title(t(res.cleared ? 'story.name.allClear' : 'story.name.gameOver'), res.cleared ? UI.accent : '#ff8090', 90);
    const line = this.add
      .text(GAME_W / 2, 150, t('story.name.score', { score: fmt(res.score) }), textStyle(26, UI.text, { fontStyle: 'bold' }))
      .setOrigin(0.5);
    void (async () => {
      let message: string | undefined;
      let rank: number | null = null;
      try {
        const hs = await openHighScores();
        try {
          rank = await hs.qualifies(res.difficulty, res.character, res.score);
          if (rank !== null && this.scene.isActive()) {
            line.setText(t('story.name.newHigh', { score: fmt(res.score), rank }));
            const name = await promptText({
              title: t('story.name.promptTitle', { rank }),
              label: t('story.name.promptLabel', { difficulty: cap(res.difficulty), name: characterName(getCharacter(res.character)) }),
              placeholder: t('story.name.placeholder'),
              validate: (v) => {
                const n = cleanScoreName(v);
                return typeof n === 'string' ? null : n.error;
              },
            });
            if (name === null) {
              rank = null;
              message = t('story.name.cancelled');
            } else rank = await hs.add({ ...res, name });
          } else if (rank === null) message = t('story.name.notTop', { score: fmt(res.score) });
        } finally {
          hs.close();
        }
      } catch (e) {
        message = describeError(e);
      }
      story.run = null;
      if (this.scene.isActive()) this.go({ screen: 'scores', table: { ...table, rank, message } });
    })();
  }

  private scoresScreen(): void {
    const tb = this.data_.table ?? { difficulty: story.choice.difficulty, character: story.choice.character };
    this.title(t('story.scores.title'), UI.accent, 36);
    const c = getCharacter(tb.character);
    const who = language() === 'ja' ? c.nameJa : `${c.name} ${c.nameJa}`;
    this.add.text(GAME_W / 2, 74, `${cap(tb.difficulty)} · ${who}`, textStyle(18, c.color)).setOrigin(0.5);
    const heads: [number, string, 0 | 1][] = [
      [110, t('story.scores.rank'), 0],
      [170, t('story.scores.name'), 0],
      [480, t('story.scores.score'), 1],
      [570, t('story.scores.stage'), 1],
      [660, t('story.scores.continues'), 1],
      [850, t('story.scores.date'), 1],
    ];
    for (const [x, h, o] of heads) this.add.text(x, 100, h, textStyle(14, UI.dim)).setOrigin(o, 0);
    const body = this.add.text(GAME_W / 2, 160, t('story.scores.reading'), textStyle(16, UI.dim)).setOrigin(0.5);
    if (tb.message)
      this.add.text(GAME_W / 2, 400, tb.message, textStyle(15, '#ff8090', { wordWrap: { width: 760 }, align: 'center' })).setOrigin(0.5, 0);
    void (async () => {
      try {
        const hs = await openHighScores();
        try {
          this.rows = await hs.table(tb.difficulty, tb.character);
        } finally {
          hs.close();
        }
        if (!this.scene.isActive()) return;
        body.setText(this.rows.length ? '' : t('story.scores.none'));
        this.rows.forEach((r, i) => {
          const y = 124 + i * 26;
          const col = r.rank === tb.rank ? UI.accent : UI.text;
          const cells: [number, string, 0 | 1][] = [
            [110, `${r.rank}.`, 0],
            [170, r.name, 0],
            [480, fmt(r.score), 1],
            [570, r.cleared ? t('story.scores.all') : String(r.stage), 1],
            [660, String(r.continues), 1],
            [850, r.date.slice(0, 10), 1],
          ];
          for (const [x, s, o] of cells) this.add.text(x, y, s, textStyle(17, col)).setOrigin(o, 0);
        });
      } catch (e) {
        if (this.scene.isActive()) body.setText(describeError(e)).setColor('#ff8090');
      }
    })();
    const menu = new Menu(
      this,
      [
        {
          id: 'difficulty',
          label: t('story.scores.difficulty'),
          values: DIFFICULTIES.map((d) => ({ label: cap(d), value: d })),
          index: Math.max(0, (DIFFICULTIES as readonly string[]).indexOf(tb.difficulty)),
        },
        {
          id: 'character',
          label: t('story.scores.character'),
          values: ROSTER.map((id) => ({ label: characterName(getCharacter(id)), value: id })),
          index: Math.max(0, ROSTER.indexOf(tb.character)),
        },
        { id: 'back', label: t('story.scores.back') },
      ],
      GAME_W / 2,
      420,
      () => this.go({ screen: 'start' }),
      undefined,
      34,
    );
    if (tb.focus) menu.selectRow(tb.focus);
    menu.onChange = (row, m) =>
      this.go({ screen: 'scores', table: { difficulty: m.value('difficulty'), character: m.value('character'), focus: row.id } });
    menu.onBack = () => this.go({ screen: 'start' });
  }
}
