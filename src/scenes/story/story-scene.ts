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
import {
  continueRun,
  CREDITS,
  currentStage,
  endingLines,
  giveUp,
  preMatchLine,
  storyResult,
  STORY_STAGES,
  type StoryRun,
} from '../../story';
import { promptText } from '../../ui/dom-panel';
import { Menu, type MenuRow } from '../../ui/menu';
import { addBackdrop } from '../../views/backdrop';
import { GAME_H, GAME_W } from '../../views/layout';
import { textStyle } from '../../views/text';
import type { ResultData } from '../result-scene';
import { openCharacterSelect } from '../select-scene';
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

const cap = (s: string) => s[0]!.toUpperCase() + s.slice(1);
const fmt = (n: number) => groupDigits(Math.round(n));

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
    this.title('STORY');
    this.add
      .text(
        GAME_W / 2,
        92,
        'Pick a character and a difficulty, then face the five others and your rival as the final boss.\n' +
          'Each stage is harder than the last. A loss can be continued, with the score back to 0.',
        textStyle(16, UI.dim, { align: 'center', lineSpacing: 6 }),
      )
      .setOrigin(0.5, 0);
    this.add
      .text(
        GAME_W / 2,
        440,
        'Score: kills × chain, grazes, bullets cleared and charge attacks in play; each stage cleared adds\n' +
          '(1,000 + 1,000 per life left + 5,000 if never hit + 10 per second left) × the stage number.',
        textStyle(14, UI.dim, { align: 'center', lineSpacing: 5 }),
      )
      .setOrigin(0.5, 0);
    const rows: MenuRow[] = [
      {
        id: 'difficulty',
        label: 'Difficulty',
        values: DIFFICULTIES.map((d) => ({ label: cap(d), value: d })),
        index: Math.max(0, (DIFFICULTIES as readonly string[]).indexOf(story.choice.difficulty)),
        note: 'The stages grow from one step below this to one step above.',
      },
      { id: 'start', label: 'Start', note: 'Choose your character next.' },
      { id: 'scores', label: 'High scores' },
      { id: 'title', label: 'Back to title' },
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
      sides: [{ who: 'human', label: 'YOU' }],
      title: `STORY · ${cap(difficulty)}`,
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
    this.title(st.finalBoss ? 'FINAL STAGE' : `STAGE ${st.number} / ${STORY_STAGES}`, UI.accent, 36);
    this.add
      .text(GAME_W / 2, 70, `Score ${fmt(run.score)} · continues ${run.continues} · ${cap(run.difficulty)}`, textStyle(15, UI.dim))
      .setOrigin(0.5);
    let art: Phaser.GameObjects.GameObject[] = [];
    this.withArt(() => {
      for (const o of art) o.destroy();
      art = [...this.portrait(140, 230, run.character, false, 0.95), ...this.portrait(820, 230, st.opponent, true, 0.95)];
    });
    this.add.text(140, 370, me.name, textStyle(20, me.color, { fontStyle: 'bold' })).setOrigin(0.5);
    this.add.text(820, 370, `${opp.name}  ${opp.nameJa}`, textStyle(22, opp.color, { fontStyle: 'bold' })).setOrigin(0.5);
    const sub = st.finalBoss ? `Boss: ${opp.boss.name}` : `${opp.description}`;
    this.add.text(GAME_W / 2, 110, sub, textStyle(15, UI.dim, { wordWrap: { width: 440 }, align: 'center' })).setOrigin(0.5, 0);
    const preset = getStagePreset(st.stage);
    this.add
      .text(
        GAME_W / 2,
        180,
        `CPU ${cap(st.cpu)} · ${preset.label} stage · ${Math.floor(st.timeLimit / 60)}:${String(st.timeLimit % 60).padStart(2, '0')} · ` +
          `${st.lives} lives`,
        textStyle(15, UI.text),
      )
      .setOrigin(0.5);
    const box = this.add.graphics();
    box.fillStyle(UI.panel, 0.92).fillRoundedRect(60, 395, GAME_W - 120, 88, 12);
    box.lineStyle(2, Phaser.Display.Color.HexStringToColor(opp.color).color, 0.9).strokeRoundedRect(60, 395, GAME_W - 120, 88, 12);
    this.add.text(80, 405, opp.name, textStyle(15, opp.color, { fontStyle: 'bold' }));
    this.add.text(80, 428, `“${line.en}”`, textStyle(19, UI.text, { wordWrap: { width: GAME_W - 170 } }));
    this.add.text(80, 456, `「${line.ja.replace(/^「|」$/g, '')}」`, textStyle(16, UI.dim, { wordWrap: { width: GAME_W - 170 } }));
    const menu = new Menu(
      this,
      [
        { id: 'fight', label: 'Fight!' },
        { id: 'quit', label: 'Quit the story' },
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
    const note = this.add.text(GAME_W / 2, GAME_H / 2, 'saving the replay…', textStyle(18, UI.dim)).setOrigin(0.5);
    if (!isStoryResult(d)) {
      note.setText('This match is not part of the story run.');
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
    const t = story.lastTally;
    if (!t) {
      this.go({ screen: run.phase === 'cleared' ? 'ending' : 'dialogue' });
      return;
    }
    this.title(t.stage === STORY_STAGES ? 'FINAL STAGE CLEAR!' : `STAGE ${t.stage} CLEAR!`);
    const rows: [string, number][] = [
      ['Match score', t.match],
      [`Clear bonus (1,000 × stage ${t.stage})`, t.clear],
      [`Lives left (1,000 each × ${t.stage})`, t.lives],
      [`No-hit bonus (5,000 × ${t.stage})`, t.noHit],
      [`Time left (10 per second × ${t.stage})`, t.time],
    ];
    rows.forEach(([label, v], i) => {
      const y = 110 + i * 34;
      this.add.text(230, y, label, textStyle(19, UI.dim));
      this.add.text(730, y, fmt(v), textStyle(21, v > 0 ? UI.text : UI.dim)).setOrigin(1, 0);
    });
    this.add.text(230, 290, 'Stage total', textStyle(21, UI.text, { fontStyle: 'bold' }));
    this.add.text(730, 290, fmt(t.match + t.bonus), textStyle(23, UI.accent, { fontStyle: 'bold' })).setOrigin(1, 0);
    this.add.text(230, 326, 'Running score', textStyle(21, UI.text, { fontStyle: 'bold' }));
    this.add.text(730, 326, fmt(run.score), textStyle(25, UI.accent, { fontStyle: 'bold' })).setOrigin(1, 0);
    this.saveNote();
    const cleared = run.phase === 'cleared';
    new Menu(this, [{ id: 'next', label: cleared ? 'To the ending' : `Stage ${run.index + 1}` }], GAME_W / 2, 400, () =>
      this.go({ screen: cleared ? 'ending' : 'dialogue' }),
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
    this.title('CONTINUE?', '#ff8090', 90);
    this.countdown = CONTINUE_SECONDS;
    const big = this.add.text(GAME_W / 2, 180, String(this.countdown), textStyle(72, UI.text, { fontStyle: 'bold' })).setOrigin(0.5);
    this.add
      .text(
        GAME_W / 2,
        240,
        `Lost stage ${st.number} to ${getCharacter(st.opponent).name}. Score ${fmt(run.score)} · continues so far ${run.continues}.\n` +
          'Continue plays this stage again with the score reset to 0.',
        textStyle(16, UI.dim, { align: 'center', lineSpacing: 6 }),
      )
      .setOrigin(0.5, 0);
    this.saveNote();
    const menu = new Menu(
      this,
      [
        { id: 'continue', label: 'Continue' },
        { id: 'giveup', label: 'Give up' },
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
    this.title(`${c.name} — Ending`, c.color, 44);
    let art: Phaser.GameObjects.GameObject[] = [];
    this.withArt(() => {
      for (const o of art) o.destroy();
      art = this.portrait(160, 260, run.character, false, 0.9);
    });
    endingLines(run.character).forEach((l, i) => {
      const y = 110 + i * 84;
      const en = this.add.text(300, y, l.en, textStyle(19, UI.text, { wordWrap: { width: 600 } })).setAlpha(0);
      const ja = this.add.text(300, y + 30, l.ja, textStyle(15, UI.dim, { wordWrap: { width: 600 } })).setAlpha(0);
      this.tweens.add({ targets: [en, ja], alpha: 1, delay: 300 + i * 900, duration: 600 });
    });
    this.add.text(300, 380, `Final score ${fmt(run.score)} · continues ${run.continues}`, textStyle(18, UI.accent));
    new Menu(this, [{ id: 'credits', label: 'Credits' }], 600, 450, () => this.go({ screen: 'credits' }));
  }

  private creditsScreen(): void {
    this.title('CREDITS', UI.accent, 26);
    let y = 56;
    for (const [head, lines] of CREDITS) {
      this.add.text(GAME_W / 2, y, head, textStyle(17, UI.accent, { fontStyle: 'bold' })).setOrigin(0.5, 0);
      y += 23;
      for (const l of lines) {
        this.add.text(GAME_W / 2, y, l, textStyle(14, UI.text, { align: 'center', wordWrap: { width: 880 } })).setOrigin(0.5, 0);
        y += 19;
      }
      y += 7;
    }
    const run = story.run!;
    new Menu(this, [{ id: 'on', label: 'Continue' }], GAME_W / 2, GAME_H - 28, () => this.finishRun(run));
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
    this.title(res.cleared ? 'ALL CLEAR' : 'GAME OVER', res.cleared ? UI.accent : '#ff8090', 90);
    const line = this.add.text(GAME_W / 2, 150, `Score ${fmt(res.score)}`, textStyle(26, UI.text, { fontStyle: 'bold' })).setOrigin(0.5);
    void (async () => {
      let message: string | undefined;
      let rank: number | null = null;
      try {
        const hs = await openHighScores();
        try {
          rank = await hs.qualifies(res.difficulty, res.character, res.score);
          if (rank !== null && this.scene.isActive()) {
            line.setText(`Score ${fmt(res.score)} — NEW HIGH SCORE, rank ${rank}!`);
            const name = await promptText({
              title: `High score: rank ${rank}`,
              label: `Your name (up to 10 characters; ${cap(res.difficulty)} · ${getCharacter(res.character).name})`,
              placeholder: 'PLAYER',
              validate: (v) => {
                const n = cleanScoreName(v);
                return typeof n === 'string' ? null : n.error;
              },
            });
            if (name === null) {
              rank = null;
              message = 'Name entry cancelled: the score was not saved.';
            } else rank = await hs.add({ ...res, name });
          } else if (rank === null) message = `Score ${fmt(res.score)} did not make the top 10.`;
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
    const t = this.data_.table ?? { difficulty: story.choice.difficulty, character: story.choice.character };
    this.title('HIGH SCORES', UI.accent, 36);
    const c = getCharacter(t.character);
    this.add.text(GAME_W / 2, 74, `${cap(t.difficulty)} · ${c.name} ${c.nameJa}`, textStyle(18, c.color)).setOrigin(0.5);
    const heads: [number, string, 0 | 1][] = [
      [110, 'RANK', 0],
      [170, 'NAME', 0],
      [480, 'SCORE', 1],
      [570, 'STAGE', 1],
      [660, 'CONT.', 1],
      [850, 'DATE', 1],
    ];
    for (const [x, h, o] of heads) this.add.text(x, 100, h, textStyle(14, UI.dim)).setOrigin(o, 0);
    const body = this.add.text(GAME_W / 2, 160, 'reading…', textStyle(16, UI.dim)).setOrigin(0.5);
    if (t.message)
      this.add.text(GAME_W / 2, 400, t.message, textStyle(15, '#ff8090', { wordWrap: { width: 760 }, align: 'center' })).setOrigin(0.5, 0);
    void (async () => {
      try {
        const hs = await openHighScores();
        try {
          this.rows = await hs.table(t.difficulty, t.character);
        } finally {
          hs.close();
        }
        if (!this.scene.isActive()) return;
        body.setText(this.rows.length ? '' : 'No scores yet.');
        this.rows.forEach((r, i) => {
          const y = 124 + i * 26;
          const col = r.rank === t.rank ? UI.accent : UI.text;
          const cells: [number, string, 0 | 1][] = [
            [110, `${r.rank}.`, 0],
            [170, r.name, 0],
            [480, fmt(r.score), 1],
            [570, r.cleared ? 'ALL' : String(r.stage), 1],
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
          label: 'Difficulty',
          values: DIFFICULTIES.map((d) => ({ label: cap(d), value: d })),
          index: Math.max(0, (DIFFICULTIES as readonly string[]).indexOf(t.difficulty)),
        },
        {
          id: 'character',
          label: 'Character',
          values: ROSTER.map((id) => ({ label: getCharacter(id).name, value: id })),
          index: Math.max(0, ROSTER.indexOf(t.character)),
        },
        { id: 'back', label: 'Story' },
      ],
      GAME_W / 2,
      420,
      () => this.go({ screen: 'start' }),
      undefined,
      34,
    );
    if (t.focus) menu.selectRow(t.focus);
    menu.onChange = (row, m) =>
      this.go({ screen: 'scores', table: { difficulty: m.value('difficulty'), character: m.value('character'), focus: row.id } });
    menu.onBack = () => this.go({ screen: 'start' });
  }
}
